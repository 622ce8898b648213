/**
 * The lifetime plan from a parsed request: claiming ages (given or searched), the optimized plan, the
 * strategies beside it, the year-by-year series, the stress test and the charts.
 *
 * @internal
 * @module
 */

import { isCalculationError } from '../../core/errors';
import { roundMoney } from '../../core/money';
import { EARLIEST_CLAIM, LATEST_CLAIM } from './ages';
import { balancesChartSvg, stressFanChartSvg, taxesChartSvg } from './charts';
import { type Evaluation, evaluate, fixedPolicy } from './evaluate';
import type { LpPlan } from './lp-model';
import { beats, firstRoundPlan, type Optimum, optimize } from './optimize';
import type { PlanRequest } from './plan-input';
import type { LifetimePlanResult } from './plan-result';
import { planSeries } from './series';
import { bestLevel, strategyPolicy } from './strategies';
import { STRATEGY_NAMES, type StrategyName } from './strategy-names';
import { stressTest } from './stress';
import { buildTimeline } from './timeline';
import type { Timeline, YearDecision } from './types';

type Summary = LifetimePlanResult['optimized'];

/**
 * The claiming ages: each person's own, or for a person who left it out the age the linear program
 * scores best (its first round, before the exact figures are fed back), by a coordinate search: one
 * spouse at a time, the age stepped up, then down, while the objective improves, the others held;
 * started from 67 and repeated once for a couple when an age moved. A candidate already scored (the
 * age a step back from one that moved, a couple's second pass) keeps its first score: the same program
 * solved again from another basis differs only in the last bits, far below the step's 1e-6.
 */
export function claimingAges(request: PlanRequest): (number | undefined)[] {
  const ages = request.people.map((p) =>
    p.social_security === undefined ? undefined : (p.social_security.claiming_age ?? 67),
  );
  const searched = request.people.flatMap((p, i) =>
    p.social_security !== undefined && p.social_security.claiming_age === undefined ? [i] : [],
  );
  if (searched.length === 0) return ages;
  // Each solve starts from the previous one's basis: the timelines differ only in benefits.
  let warm: LpPlan | undefined;
  const scored = new Map<string, number>();
  const score = (candidate: readonly (number | undefined)[]) => {
    const key = candidate.join(',');
    let value = scored.get(key);
    if (value === undefined) {
      warm = firstRoundPlan(buildTimeline(request, { claimingAges: candidate }), warm);
      value = warm.objective;
      scored.set(key, value);
    }
    return value;
  };
  let best = score(ages);
  // Hill climbing, one spouse at a time: step the age while the objective improves, in the direction
  // that improves it (the program's objective is close to unimodal in a claiming age).
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    for (const i of searched) {
      for (const step of [1, -1]) {
        for (;;) {
          const age = (ages[i] as number) + step;
          if (age < EARLIEST_CLAIM || age > LATEST_CLAIM) break;
          const candidate = ages.slice();
          candidate[i] = age;
          const value = score(candidate);
          if (!(value > best + 1e-6)) break;
          best = value;
          ages[i] = age;
          moved = true;
        }
      }
    }
    if (!moved || searched.length === 1) break;
  }
  return ages;
}

/** A strategy's exact plan at its best level (max_spending) or at the spending goal (max_bequest). */
function strategyPlan(
  timeline: Timeline,
  name: StrategyName,
  guess: number | undefined,
): { level: number; evaluation: Evaluation } {
  return bestLevel(timeline, (level) => strategyPolicy(timeline, name, level), guess);
}

function summary(strategy: Summary['strategy'], plan: { level: number; evaluation: Evaluation }): Summary {
  const e = plan.evaluation;
  const t = e.totals;
  const conversions = e.years.reduce((sum, y) => sum + y.conversions.reduce((a, b) => a + b, 0), 0);
  return {
    strategy,
    spending_level: roundMoney(plan.level),
    first_year_spending: roundMoney(e.years[0]?.spending ?? 0),
    bequest: roundMoney(e.bequest),
    lifetime_federal_tax: roundMoney(t.federalTax),
    lifetime_state_tax: roundMoney(t.stateTax),
    lifetime_irmaa: roundMoney(t.irmaa),
    lifetime_aca_net_premium: roundMoney(t.acaNetPremium),
    lifetime_taxes: roundMoney(t.federalTax + t.stateTax + t.irmaa + t.acaNetPremium),
    roth_conversions: roundMoney(conversions),
    pv_spending: roundMoney(e.pv.spending),
    pv_taxes: roundMoney(e.pv.taxes),
    pv_bequest: roundMoney(e.pv.bequest),
    shortfall: roundMoney(t.shortfall),
  };
}

/** The solver's part of the reply: its own figures and their gap to the exact accounting. */
function solverReport(
  optimum: Optimum | undefined,
  failure: string | undefined,
  chosen: 'solver' | StrategyName,
): LifetimePlanResult['solver'] {
  if (optimum === undefined) return { status: 'failed', message: failure ?? '', chosen, iterations: 0 };
  const lpTaxes = optimum.lp.modeledTaxes.reduce((a, b) => a + b, 0);
  const exactTaxes = optimum.evaluation.totals.federalTax + optimum.evaluation.totals.stateTax;
  return {
    status: optimum.lp.status,
    chosen,
    iterations: optimum.rounds,
    spending_level: roundMoney(optimum.lp.level),
    bequest: roundMoney(optimum.lp.bequest),
    lifetime_taxes: roundMoney(lpTaxes),
    gap: {
      spending_level: roundMoney(optimum.level - optimum.lp.level),
      lifetime_taxes: roundMoney(exactTaxes - lpTaxes),
      bequest: roundMoney(optimum.evaluation.bequest - optimum.lp.bequest),
    },
  };
}

/** The decisions an evaluation made, year by year: what the stress test holds fixed. */
function decisionsOf(evaluation: Evaluation): YearDecision[] {
  return evaluation.years.map((y) => ({
    withdrawals: y.withdrawals,
    conversions: y.conversions,
    spending: y.spending + y.shortfall,
  }));
}

/** `/v1/plan/lifetime`'s computation (see the operation). */
export function runPlan(request: PlanRequest): LifetimePlanResult {
  const claiming = claimingAges(request);
  const timeline = buildTimeline(request, { claimingAges: claiming });
  // A request the program cannot meet is a 400 (CalculationError); a numerical failure of the solver
  // that its retries did not overcome leaves the strategies to choose from (solver.status says so).
  let optimum: Optimum | undefined;
  let failure: string | undefined;
  try {
    optimum = optimize(timeline);
  } catch (error) {
    if (isCalculationError(error)) throw error;
    failure = error instanceof Error ? error.message : String(error);
  }
  const strategies = STRATEGY_NAMES.map((name) => ({
    name,
    plan: strategyPlan(timeline, name, optimum?.level),
  }));
  // The optimized plan is the solver's unless a strategy does better under the exact accounting (the
  // linear model's approximations can mislead it): then that strategy's decisions are the plan.
  let chosen: { level: number; evaluation: Evaluation } =
    optimum ?? (strategies[0] as (typeof strategies)[number]).plan;
  let chosenFrom: 'solver' | StrategyName = optimum === undefined ? 'conventional' : 'solver';
  for (const { name, plan } of strategies)
    if (beats(timeline, plan, chosen)) {
      chosen = plan;
      chosenFrom = name;
    }
  const stressed =
    request.stress === undefined
      ? undefined
      : stressTest(
          (lastYears) =>
            buildTimeline(request, {
              claimingAges: claiming,
              ...(lastYears === undefined ? {} : { lastYears }),
            }),
          decisionsOf(chosen.evaluation),
          {
            paths: request.stress.num_simulations,
            seed: request.stress.seed,
            expectedReturn: request.stress.expected_return,
            volatility: request.stress.return_volatility,
            inflation: request.inflation,
            mortality: request.stress.mortality,
          },
          { evaluate, fixedPolicy },
        );
  const series = planSeries(timeline, chosen.evaluation);
  const optimized = summary('optimized', chosen);
  return {
    objective: request.objective,
    start_year: timeline.startYear,
    end_year: timeline.startYear + timeline.years.length - 1,
    claiming_ages: claiming.filter((age): age is number => age !== undefined),
    optimized,
    strategies: [...strategies.map(({ name, plan }) => summary(name, plan)), optimized],
    solver: solverReport(optimum, failure, chosenFrom),
    series:
      chosenFrom === 'solver' && optimum !== undefined
        ? { ...series, solver_tax: optimum.lp.modeledTaxes.map((tax) => roundMoney(tax)) }
        : series,
    ...(stressed === undefined
      ? {}
      : { stress: { ...stressed, mortality: request.stress?.mortality ?? false } }),
    charts: {
      balances_svg: balancesChartSvg(series),
      taxes_svg: taxesChartSvg(series),
      ...(stressed === undefined ? {} : { stress_svg: stressFanChartSvg(stressed.yearly) }),
    },
  };
}
