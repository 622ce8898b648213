/**
 * The stress test of a lifetime plan: the plan's decisions, fixed, run through many simulated lives.
 * Each path draws a market (one real growth factor a year from the shared return model) and, with
 * `mortality`, each person's year of death from the SSA period life table; the household's timeline of
 * that path is built for those deaths and the exact accounting evaluates the fixed decisions on it.
 *
 * Conventions (for docs/plan.md):
 * - Randomness: one xoshiro128** stream per path. A master generator `createRng(seed)` gives, for path
 *   p in order, four outputs that are that path's generator state; the path then draws the deaths
 *   first (one `uniform` per person, in person order), then one standard normal per year of its
 *   timeline. So a path's draws never depend on how many draws an earlier path used (its lifetime), and
 *   the same seed gives the same report.
 * - Growth: the shared return model (`rng/return-model`) on the NOMINAL arithmetic mean `expectedReturn`
 *   and `volatility`; the year's real growth factor is the nominal gross return over `1 + inflation`.
 *   With volatility 0 it is exactly `(1 + expectedReturn) / (1 + inflation)`, the deterministic plan's.
 * - Mortality: deaths fall at the end of a year; in calendar year y a person is `y - birthYear` at the
 *   end of the year, so alive at exact age `y - birthYear - 1` at its start, and dies in it with the
 *   table's q at that age (conditional on being alive at the start of the first plan year). The table
 *   is the SSA period table of the person's sex (`core/mortality`).
 * - Decisions: year t of a path takes the plan's decision of year t. Past the plan's last decision (a
 *   path that lives longer than the plan) the last decision's spending is repeated, with no planned
 *   withdrawals (the accounting's balancing draw pays the spending in its order, RMDs still apply) and
 *   no conversions. Spending follows the path's household: the decision's spending times the path's
 *   spending factor over the plan's of that year (the survivor share after a death in the path), so a
 *   path without a different death spends exactly the plan's amounts. A person's conversions stop at
 *   their death in the path. Decisions past a path's last year are ignored.
 * - Report: a year is met when its shortfall is under 1 cent (real); bequests are after tax (the
 *   plan's heirs rate), real; lifetime taxes are federal + state + IRMAA, summed in real dollars; the
 *   yearly balance bands are over the plan's years, among the paths whose household is alive that year.
 *
 * @internal
 * @module
 */
import { CalculationError } from '../../core/errors';
import { ssaLifeTable } from '../../core/mortality';
import { roundMoney, roundRate } from '../../core/rounding';
import { checkDeadline } from '../../core/simulation/deadline';
import { quantile, quantiles } from '../../core/simulation/quantile';
import { normal } from '../../rng/normal';
import { grossReturn, returnModel } from '../../rng/return-model';
import { uniform } from '../../rng/uniform';
import { createRng, nonZeroState, type Rng, rngFromState } from '../../rng/xoshiro128';
import type { Timeline, YearDecision, YearRecord } from './types';

/** What the stress test reads of an evaluation (`Evaluation` of `evaluate.ts` has at least this). */
export interface StressEvaluation {
  readonly years: readonly Pick<YearRecord, 'year' | 'balances' | 'shortfall'>[];
  /** After-tax bequest (heirs rate), real. */
  readonly bequest: number;
  readonly totals: { readonly federalTax: number; readonly stateTax: number; readonly irmaa: number };
}

/**
 * The exact accounting the stress test runs: `evaluate` and `fixedPolicy` of `evaluate.ts`
 * (`{ evaluate, fixedPolicy }`); tests pass a stand-in.
 */
export interface StressEvaluator<P> {
  evaluate(timeline: Timeline, policy: P, options: { growth: ArrayLike<number> }): StressEvaluation;
  fixedPolicy(decisions: readonly YearDecision[]): P;
}

/** What {@link stressTest} simulates. */
export interface StressOptions {
  /** Number of simulated paths (a whole number >= 1). */
  readonly paths: number;
  /** Seed of the master generator (a safe integer). */
  readonly seed: number;
  /** Nominal annual arithmetic mean return (0.06 = 6%). */
  readonly expectedReturn: number;
  /** Standard deviation of the nominal annual return (>= 0). */
  readonly volatility: number;
  /** Inflation (> -1): real growth = nominal gross return / (1 + inflation). */
  readonly inflation: number;
  /** Draw each person's year of death from the SSA period life table (else the plan's own last years). */
  readonly mortality: boolean;
}

/** Percentiles across paths (type 7), dollars to the cent. */
export interface StressPercentiles {
  readonly p5: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p95: number;
}

/** One plan year of the yearly bands. */
export interface StressYear {
  readonly year: number;
  /** Paths whose household is alive in the year (the bands are over these). */
  readonly paths: number;
  /** Total balance of all accounts at the start of the year (before its flows), real. */
  readonly total_balance: StressPercentiles;
}

/** The paths whose first shortfall falls in one year. */
export interface StressFirstShortfall {
  readonly year: number;
  readonly paths: number;
  /** Share of all paths. */
  readonly probability: number;
}

/** The stress test's report (result-ready: snake_case, money to cents, rates to 6 places). */
export interface StressResult {
  readonly paths: number;
  readonly seed: number;
  /** Share of paths whose spending is met in every year (each year's shortfall under 1 cent). */
  readonly success_probability: number;
  /** Share of all simulated path-years whose spending is met. */
  readonly years_met_probability: number;
  /** After-tax bequest at the end of each path's last year (start-year dollars). */
  readonly bequest: StressPercentiles;
  /** Median over paths of the lifetime federal + state taxes + IRMAA (start-year dollars). */
  readonly median_lifetime_taxes: number;
  /** Paths by the year of their first shortfall, in year order (years without one left out). */
  readonly first_shortfall: StressFirstShortfall[];
  /** Total balance bands by plan year (years in which no path's household is alive left out). */
  readonly yearly: StressYear[];
}

/** The percentiles the report gives, as fractions (5, 25, 50, 75, 95). */
const REPORTED = [0.05, 0.25, 0.5, 0.75, 0.95] as const;

/** A year whose shortfall is below this (real dollars) is met. */
const CENT = 0.01;

function percentileGroup(values: Float64Array): StressPercentiles {
  const q = quantiles(values, REPORTED);
  return {
    p5: roundMoney(q[0] as number),
    p25: roundMoney(q[1] as number),
    p50: roundMoney(q[2] as number),
    p75: roundMoney(q[3] as number),
    p95: roundMoney(q[4] as number),
  };
}

function invalid(path: string, message: string): CalculationError {
  return new CalculationError('invalid_input', [{ path, code: 'invalid', message }]);
}

/**
 * The distribution of each person's year of death, as cumulative probabilities: `cdf[k]` is the
 * probability of dying in plan year k or before, given alive at the start of the first plan year.
 * The last entry is 1 (the table closes with q = 1).
 */
function deathCdf(timeline: Timeline, person: number): Float64Array {
  const { sex, birthYear } = timeline.people[person]!;
  if (sex === undefined) {
    throw invalid(
      `people[${person}].sex`,
      'the mortality stress test needs the sex of each person (the SSA table is by sex)',
    );
  }
  const { q } = ssaLifeTable(sex);
  const startAge = Math.min(Math.max(timeline.startYear - birthYear - 1, 0), q.length - 1);
  const cdf = new Float64Array(q.length - startAge);
  let alive = 1;
  for (let k = 0; k < cdf.length; k++) {
    alive *= 1 - (q[startAge + k] as number);
    cdf[k] = 1 - alive;
  }
  cdf[cdf.length - 1] = 1;
  return cdf;
}

/** The plan year of death for a uniform draw u in [0, 1): the first k with cdf[k] > u. */
function deathOffset(cdf: Float64Array, u: number): number {
  let k = 0;
  while ((cdf[k] as number) <= u) k++;
  return k;
}

/** A path's timeline and the policy of its decisions (shared by the paths with the same deaths). */
interface PathPlan<P> {
  readonly timeline: Timeline;
  readonly policy: P;
}

/**
 * The decisions of a path's timeline from the plan's (see the module's conventions): the plan's own
 * decision object when the year's household is the plan's, else a copy with the spending rescaled and
 * the conversions of the dead dropped; past the plan's decisions, its last spending with nothing else.
 */
function pathDecisions(base: Timeline, path: Timeline, decisions: readonly YearDecision[]): YearDecision[] {
  const last = decisions.length - 1;
  const noWithdrawals = new Array<number>(path.accounts.length).fill(0);
  const noConversions = new Array<number>(path.people.length).fill(0);
  return path.years.map((year, t) => {
    const d = decisions[Math.min(t, last)]!;
    const baseYear = base.years[Math.min(t, last)];
    const planFactor = baseYear?.spendingFactor ?? year.spendingFactor;
    const spending = planFactor > 0 ? d.spending * (year.spendingFactor / planFactor) : d.spending;
    if (t > last) return { withdrawals: noWithdrawals, conversions: noConversions, spending };
    const deadConverts = d.conversions.some((c, i) => c !== 0 && year.people[i]?.alive === false);
    if (spending === d.spending && !deadConverts) return d;
    const conversions = deadConverts
      ? d.conversions.map((c, i) => (year.people[i]?.alive === false ? 0 : c))
      : d.conversions;
    return { withdrawals: d.withdrawals, conversions, spending };
  });
}

/**
 * Stress-tests a plan's fixed decisions over `paths` simulated markets (and lifetimes, with
 * `mortality`), deterministic per seed: see the module's conventions for the draws, the growth, the
 * deaths and the decisions of each path.
 *
 * Paths with the same deaths share one timeline (built once by `build`); with volatility 0 they share
 * one market too, and are evaluated once.
 *
 * @param build - the household's timeline with each person's last year overridden (`buildTimeline`);
 *   without an argument, the plan's own timeline
 * @param decisions - the plan's decision of each year of `build()` (at least one)
 * @param options - paths, seed, the market and whether to draw lifetimes
 * @param evaluator - the exact accounting (`{ evaluate, fixedPolicy }` of `evaluate.ts`)
 * @returns the report, rounded at the edge
 * @throws CalculationError (invalid_input, naming the request field) for a person without a sex under
 *   `mortality`, no decisions, paths that are not a whole number >= 1, an expected return or inflation
 *   not above -1, a negative volatility
 * @example
 * ```ts
 * import type { Timeline, YearDecision } from './types';
 * // One year, one Roth account of 100,000; a toy accounting: pay the spending, then grow.
 * const timeline: Timeline = {
 *   startYear: 2026, people: [], accounts: [{ owner: 0, kind: 'roth', balance: 100_000, basis: 0 }],
 *   years: [{ index: 0, year: 2026, people: [], filingStatus: 'single', spendingFactor: 1, growth: 1, priceIndex: 1, aca: false }],
 *   state: undefined, inflation: 0.03, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0,
 * };
 * const toy = {
 *   fixedPolicy: (decisions: readonly YearDecision[]) => decisions,
 *   evaluate: (_: Timeline, decisions: readonly YearDecision[], { growth }: { growth: ArrayLike<number> }) => ({
 *     years: [{ year: 2026, balances: [100_000], shortfall: 0 }],
 *     bequest: (100_000 - decisions[0]!.spending) * growth[0]!,
 *     totals: { federalTax: 0, stateTax: 0, irmaa: 0 },
 *   }),
 * };
 * const plan = [{ withdrawals: [10_000], conversions: [], spending: 10_000 }];
 * const market = { paths: 500, seed: 1, expectedReturn: 0.03, inflation: 0.03, mortality: false };
 * // No volatility: every path grows by 1.03 / 1.03 = 1 and leaves 90,000.
 * stressTest(() => timeline, plan, { ...market, volatility: 0 }, toy).bequest.p50; // 90000
 * const risky = stressTest(() => timeline, plan, { ...market, volatility: 0.15 }, toy);
 * risky.bequest.p5 < 90_000 && risky.bequest.p95 > 90_000; // true
 * ```
 */
export function stressTest<P>(
  build: (lastYears?: readonly number[]) => Timeline,
  decisions: readonly YearDecision[],
  options: StressOptions,
  evaluator: StressEvaluator<P>,
): StressResult {
  const { paths, seed, expectedReturn, volatility, inflation, mortality } = options;
  // The operation's schema bounds these; a direct caller still gets a 400-style error, never a RangeError.
  if (!Number.isInteger(paths) || paths < 1) throw invalid('num_simulations', 'must be a whole number >= 1');
  if (decisions.length === 0) throw invalid('decisions', 'the plan has no decisions');
  if (!(expectedReturn > -1) || !Number.isFinite(expectedReturn)) {
    throw invalid('expected_return', 'must be a number > -1');
  }
  if (!(volatility >= 0) || !Number.isFinite(volatility))
    throw invalid('return_volatility', 'must be a number >= 0');
  if (!(inflation > -1) || !Number.isFinite(inflation)) throw invalid('inflation', 'must be a number > -1');
  const model = returnModel(expectedReturn, volatility);
  const steady = (1 + expectedReturn) / (1 + inflation);
  const base = build();
  const people = base.people.length;
  const cdfs = mortality ? base.people.map((_, i) => deathCdf(base, i)) : [];
  const horizon = Math.min(decisions.length, base.years.length);

  const plans = new Map<string, PathPlan<P>>();
  const planFor = (lastYears: readonly number[] | undefined): PathPlan<P> => {
    const key = lastYears === undefined ? '' : lastYears.join(',');
    let plan = plans.get(key);
    if (plan === undefined) {
      const timeline = lastYears === undefined ? base : build(lastYears);
      plan = { timeline, policy: evaluator.fixedPolicy(pathDecisions(base, timeline, decisions)) };
      plans.set(key, plan);
    }
    return plan;
  };
  // Volatility 0: every path of a timeline has the same market, so one evaluation serves them all.
  const steadyEvaluations = new Map<PathPlan<P>, StressEvaluation>();

  const master = createRng(seed);
  const bequests = new Float64Array(paths);
  const taxes = new Float64Array(paths);
  const balances = new Float64Array(horizon * paths);
  const alive = new Int32Array(horizon);
  const firstShortfall = new Map<number, number>();
  let metPaths = 0;
  let metYears = 0;
  let allYears = 0;
  const lastYears = new Array<number>(people);

  for (let p = 0; p < paths; p++) {
    checkDeadline();
    const rng: Rng = rngFromState(nonZeroState([master.next(), master.next(), master.next(), master.next()]));
    for (let i = 0; i < cdfs.length; i++) {
      lastYears[i] = base.startYear + deathOffset(cdfs[i] as Float64Array, uniform(rng));
    }
    const plan = planFor(mortality ? lastYears : undefined);
    const n = plan.timeline.years.length;
    let evaluation: StressEvaluation;
    if (volatility === 0) {
      evaluation =
        steadyEvaluations.get(plan) ??
        evaluator.evaluate(plan.timeline, plan.policy, { growth: new Float64Array(n).fill(steady) });
      steadyEvaluations.set(plan, evaluation);
    } else {
      const growth = new Float64Array(n);
      for (let t = 0; t < n; t++) growth[t] = normal(rng);
      for (let t = 0; t < n; t++) growth[t] = grossReturn(model, growth[t] as number) / (1 + inflation);
      evaluation = evaluator.evaluate(plan.timeline, plan.policy, { growth });
    }

    let met = true;
    for (let t = 0; t < evaluation.years.length; t++) {
      const record = evaluation.years[t]!;
      if (record.shortfall < CENT) metYears++;
      else if (met) {
        met = false;
        firstShortfall.set(record.year, (firstShortfall.get(record.year) ?? 0) + 1);
      }
      if (t < horizon) {
        let total = 0;
        for (const b of record.balances) total += b;
        balances[t * paths + (alive[t] as number)] = total;
        alive[t] = (alive[t] as number) + 1;
      }
    }
    allYears += evaluation.years.length;
    if (met) metPaths++;
    bequests[p] = evaluation.bequest;
    taxes[p] = evaluation.totals.federalTax + evaluation.totals.stateTax + evaluation.totals.irmaa;
  }

  const yearly: StressYear[] = [];
  for (let t = 0; t < horizon; t++) {
    const count = alive[t] as number;
    if (count === 0) continue;
    yearly.push({
      year: base.years[t]!.year,
      paths: count,
      total_balance: percentileGroup(balances.subarray(t * paths, t * paths + count)),
    });
  }
  taxes.sort();
  return {
    paths,
    seed,
    success_probability: roundRate(metPaths / paths),
    years_met_probability: roundRate(allYears === 0 ? 1 : metYears / allYears),
    bequest: percentileGroup(bequests),
    median_lifetime_taxes: roundMoney(quantile(taxes, 0.5)),
    first_shortfall: [...firstShortfall.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([year, count]) => ({ year, paths: count, probability: roundRate(count / paths) })),
    yearly,
  };
}
