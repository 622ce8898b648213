import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { ssaLifeTable } from '../../src/core/mortality';
import { roundMoney } from '../../src/core/rounding';
import { type StressOptions, type StressResult, stressTest } from '../../src/plan/_lib/stress';
import type { Timeline, YearDecision } from '../../src/plan/_lib/types';
import { uniform } from '../../src/rng/uniform';
import { createRng, rngFromState } from '../../src/rng/xoshiro128';
import {
  evaluate,
  fixedPolicy,
  type Household,
  householdBuilder,
  levelDecisions,
  type Policy,
} from './stress-fixture';

const STAND_IN = { evaluate, fixedPolicy };

/** A couple with a taxable, a tax-deferred and a Roth account, both planned to live to 2055. */
const COUPLE: Household = {
  startYear: 2026,
  people: [
    { birthYear: 1961, sex: 'male', lastYear: 2055, socialSecurity: 30_000 },
    { birthYear: 1963, sex: 'female', lastYear: 2055, socialSecurity: 18_000 },
  ],
  accounts: [
    { owner: 0, kind: 'taxable', balance: 400_000, basis: 250_000 },
    { owner: 0, kind: 'tax_deferred', balance: 700_000, basis: 0 },
    { owner: 1, kind: 'roth', balance: 150_000, basis: 0 },
  ],
  growth: 1.06 / 1.025,
  inflation: 0.025,
  heirsRate: 0.25,
  survivorShare: 0.7,
};
const coupleBuild = householdBuilder(COUPLE);
const coupleDecisions = levelDecisions(coupleBuild(), 90_000, [0, 30_000, 0], [10_000, 0]);
const MARKET: StressOptions = {
  paths: 200,
  seed: 7,
  expectedReturn: 0.06,
  volatility: 0.12,
  inflation: 0.025,
  mortality: false,
};

const run = (options: Partial<StressOptions> = {}, build = coupleBuild, decisions = coupleDecisions) =>
  stressTest(build, decisions, { ...MARKET, ...options }, STAND_IN);

function expectOrdered(group: { p5: number; p25: number; p50: number; p75: number; p95: number }): void {
  expect(group.p5).toBeLessThanOrEqual(group.p25);
  expect(group.p25).toBeLessThanOrEqual(group.p50);
  expect(group.p50).toBeLessThanOrEqual(group.p75);
  expect(group.p75).toBeLessThanOrEqual(group.p95);
}

function expectWellFormed(report: StressResult): void {
  for (const p of [report.success_probability, report.years_met_probability]) {
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThanOrEqual(1);
  }
  expectOrdered(report.bequest);
  for (const row of report.yearly) expectOrdered(row.total_balance);
  const failed = report.first_shortfall.reduce((n, row) => n + row.paths, 0);
  // Every path that fails has exactly one first shortfall year; the others have none.
  expect(failed).toBe(Math.round(report.paths * (1 - report.success_probability)));
  expect(JSON.stringify(report)).not.toMatch(/NaN|Infinity|null/);
}

describe('stressTest: determinism', () => {
  it('the same seed gives the same report; another seed another', () => {
    const first = run();
    expect(run()).toEqual(first);
    expect(run({ seed: 8 })).not.toEqual(first);
    const mortal = run({ mortality: true });
    expect(run({ mortality: true })).toEqual(mortal);
    expect(run({ mortality: true, seed: 8 })).not.toEqual(mortal);
  });

  it("a path's draws do not depend on the paths before it (one stream per path)", () => {
    // With mortality, paths use different numbers of draws; path p's stream is still the p-th state of
    // the master generator: the first 50 paths of a 200-path run are a 50-path run.
    const seen: string[][] = [[], []];
    const recorder = (into: string[]) => ({
      fixedPolicy,
      evaluate: (timeline: Timeline, policy: Policy, options: { growth: ArrayLike<number> }) => {
        into.push(`${timeline.people.map((p) => p.lastYear)}|${Array.from(options.growth).join(',')}`);
        return evaluate(timeline, policy, options);
      },
    });
    stressTest(coupleBuild, coupleDecisions, { ...MARKET, paths: 50, mortality: true }, recorder(seen[0]!));
    stressTest(coupleBuild, coupleDecisions, { ...MARKET, paths: 200, mortality: true }, recorder(seen[1]!));
    expect(seen[1]!.slice(0, 50)).toEqual(seen[0]);
    expect(new Set(seen[1]).size).toBe(200);
  });
});

describe('stressTest: volatility 0 without mortality is the deterministic plan', () => {
  it('every path equals the plan evaluated on its own timeline, evaluated once', () => {
    const base = coupleBuild();
    const plan = evaluate(base, fixedPolicy(coupleDecisions));
    let calls = 0;
    const counting = {
      fixedPolicy,
      evaluate: (timeline: Timeline, policy: Policy, options: { growth: ArrayLike<number> }) => {
        calls++;
        // The plan's growth exactly: (1 + 0.06) / (1 + 0.025) = 1.06 / 1.025.
        expect(Array.from(options.growth)).toEqual(base.years.map((y) => y.growth));
        return evaluate(timeline, policy, options);
      },
    };
    const report = stressTest(coupleBuild, coupleDecisions, { ...MARKET, volatility: 0 }, counting);
    expect(calls).toBe(1);
    const bequest = roundMoney(plan.bequest);
    expect(report.bequest).toEqual({ p5: bequest, p25: bequest, p50: bequest, p75: bequest, p95: bequest });
    const met = plan.years.every((y) => y.shortfall < 0.01);
    expect(report.success_probability).toBe(met ? 1 : 0);
    const taxes = plan.totals.federalTax + plan.totals.stateTax + plan.totals.irmaa;
    expect(report.median_lifetime_taxes).toBe(roundMoney(taxes));
    expect(report.yearly).toHaveLength(base.years.length);
    report.yearly.forEach((row, t) => {
      const total = roundMoney(plan.years[t]!.balances.reduce((a, b) => a + b, 0));
      expect(row).toEqual({
        year: 2026 + t,
        paths: MARKET.paths,
        total_balance: { p5: total, p25: total, p50: total, p75: total, p95: total },
      });
    });
  });
});

describe('stressTest: a plan that exactly exhausts its wealth at the expected return', () => {
  // One person, one Roth account of 100,000 (no tax), spending 10,000 a year for 10 years (2026-2035).
  // Nominal mean return 3% = inflation, so the real growth at the mean is 1.03 / 1.03 = 1 and the
  // balance at the start of year k is 100,000 - 10,000 k: year 9 spends the last 10,000, leaving 0.
  // With volatility the (uncapped) ending balance B_10 = (...((100,000 - 10,000) G_0 - 10,000) G_1 ...)
  // G_9 is linear in each independent G_k with E[G_k] = 1, so E[B_10] = 0: bad sequences end short.
  const household: Household = {
    startYear: 2026,
    people: [{ birthYear: 1960, sex: 'female', lastYear: 2035 }],
    accounts: [
      { owner: 0, kind: 'taxable', balance: 0, basis: 0 },
      { owner: 0, kind: 'roth', balance: 100_000, basis: 0 },
    ],
    growth: 1,
    inflation: 0.03,
  };
  const build = householdBuilder(household);
  const decisions = levelDecisions(build(), 10_000, [0, 10_000]);
  const options = { expectedReturn: 0.03, inflation: 0.03, paths: 1000 };

  it('succeeds at the mean: every year met, nothing left', () => {
    const calm = run({ ...options, volatility: 0 }, build, decisions);
    expect(calm.success_probability).toBe(1);
    expect(calm.years_met_probability).toBe(1);
    expect(calm.bequest.p50).toBe(0);
    expect(calm.first_shortfall).toEqual([]);
  });

  it('fails on some volatile paths, never in the first years', () => {
    const report = run({ ...options, volatility: 0.15 }, build, decisions);
    expectWellFormed(report);
    expect(report.success_probability).toBeGreaterThan(0);
    expect(report.success_probability).toBeLessThan(1);
    expect(report.years_met_probability).toBeGreaterThan(report.success_probability);
    // A shortfall in 2027 needs 90,000 G_0 < 10,000, a real gross return under 1/9: out of reach at 15%.
    for (const row of report.first_shortfall) {
      expect(row.year).toBeGreaterThan(2027);
      expect(row.year).toBeLessThanOrEqual(2035);
    }
    expect(report.bequest.p5).toBe(0);
    expect(report.bequest.p95).toBeGreaterThan(0);
  });
});

describe('stressTest: mortality', () => {
  it('draws each death year from the SSA period table, conditional on the start age', () => {
    // One woman born 1956: in 2026 she is 69 at year end, alive at exact age 69 - 1 = 68 on January 1
    // (deaths at the end of a year, ages as year - birth year), so she dies in 2026 with q_68, in 2027
    // with (1 - q_68) q_69, ...; the draws' shares must match those probabilities (5 standard errors).
    const household: Household = {
      startYear: 2026,
      people: [{ birthYear: 1956, sex: 'female', lastYear: 2050 }],
      accounts: [{ owner: 0, kind: 'taxable', balance: 1_000_000, basis: 1_000_000 }],
      growth: 1,
      inflation: 0,
    };
    const baseBuild = householdBuilder(household);
    const deaths = new Map<number, number>();
    const build = (lastYears?: readonly number[]) => {
      if (lastYears !== undefined) deaths.set(lastYears[0]!, 0);
      return baseBuild(lastYears);
    };
    const counted = new Map<number, number>();
    const counting = {
      fixedPolicy,
      // Only the deaths matter here: a constant evaluation keeps 20,000 paths cheap.
      evaluate: (timeline: Timeline) => {
        const last = timeline.people[0]!.lastYear;
        counted.set(last, (counted.get(last) ?? 0) + 1);
        return { years: [], bequest: 0, totals: { federalTax: 0, stateTax: 0, irmaa: 0 } };
      },
    };
    const paths = 20_000;
    // Volatility 1e-9 so that each path is evaluated (and counted); its market does not matter here.
    stressTest(
      build,
      levelDecisions(baseBuild(), 10_000),
      { ...MARKET, paths, volatility: 1e-9, expectedReturn: 0, inflation: 0, mortality: true },
      counting,
    );
    const { q } = ssaLifeTable('female');
    let alive = 1;
    for (let k = 0; k < 10; k++) {
      const p = alive * q[68 + k]!;
      alive *= 1 - q[68 + k]!;
      const share = (counted.get(2026 + k) ?? 0) / paths;
      expect(Math.abs(share - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / paths));
    }
    // One timeline per distinct death year: the builder ran once for each.
    expect(deaths.size).toBe(counted.size);
    // Nobody outlives the table (q = 1 at 120): born 1956, the last year is 2076 at most.
    expect(Math.max(...counted.keys())).toBeLessThanOrEqual(1956 + 120);
  });

  it('path p: its stream is the p-th four outputs of createRng(seed); deaths first, by the table', () => {
    // The convention, redone by hand for the couple (born 1961 and 1963, start 2026: alive at exact
    // ages 64 and 62 on January 1, 2026): path p's generator state is outputs 4p..4p+3 of the master
    // generator; each person draws one uniform u in order and dies in the first plan year k whose
    // cumulative death probability 1 - (1 - q_x)(1 - q_x+1)...(1 - q_x+k) exceeds u.
    const lastYears: string[] = [];
    const spyEvaluate = {
      fixedPolicy,
      evaluate: (timeline: Timeline, policy: Policy, options: { growth: ArrayLike<number> }) => {
        lastYears.push(timeline.people.map((p) => p.lastYear).join(','));
        return evaluate(timeline, policy, options);
      },
    };
    stressTest(coupleBuild, coupleDecisions, { ...MARKET, paths: 30, mortality: true }, spyEvaluate);
    const master = createRng(MARKET.seed);
    const tables = [ssaLifeTable('male').q, ssaLifeTable('female').q];
    const expected: string[] = [];
    for (let p = 0; p < 30; p++) {
      const rng = rngFromState([master.next(), master.next(), master.next(), master.next()]);
      const deaths = [64, 62].map((age, person) => {
        const u = uniform(rng);
        let survive = 1;
        for (let k = 0; ; k++) {
          survive *= 1 - tables[person]![age + k]!;
          if (1 - survive > u) return 2026 + k;
        }
      });
      expected.push(deaths.join(','));
    }
    expect(lastYears).toEqual(expected);
  });

  it('a path that outlives the plan repeats its last spending with no withdrawals or conversions', () => {
    // Plan: one man born 1950, planned to 2028 (3 decisions). Paths where he lives past 2028 get the
    // last spending (40,002) with nothing else; a path where he dies in 2026 keeps the first decision.
    const household: Household = {
      startYear: 2026,
      people: [{ birthYear: 1950, sex: 'male', lastYear: 2028 }],
      accounts: [
        { owner: 0, kind: 'taxable', balance: 500_000, basis: 500_000 },
        { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 },
        { owner: 0, kind: 'roth', balance: 0, basis: 0 },
      ],
      growth: 1,
      inflation: 0,
    };
    const build = householdBuilder(household);
    const decisions: YearDecision[] = [2026, 2027, 2028].map((_, t) => ({
      withdrawals: [0, 20_000 + t, 0],
      conversions: [5_000],
      spending: 40_000 + t,
    }));
    const seen = new Map<number, YearDecision[]>();
    const spying = {
      evaluate,
      fixedPolicy: (list: readonly YearDecision[]) => {
        seen.set(list.length, [...list]);
        return fixedPolicy(list);
      },
    };
    stressTest(build, decisions, { ...MARKET, paths: 300, mortality: true }, spying);
    const long = [...seen.entries()].find(([n]) => n > 3)![1];
    expect(long.slice(0, 3)).toEqual(decisions);
    for (const d of long.slice(3)) {
      expect(d).toEqual({ withdrawals: [0, 0, 0], conversions: [0], spending: 40_002 });
    }
    const short = seen.get(1)!;
    expect(short).toEqual([decisions[0]]);
  });

  it("a spouse's earlier death: the survivor's spending share, no conversions of the dead", () => {
    // The plan spends 90,000 a year while both live (its timeline has both to 2055) and converts 10,000
    // a year of his. On a path where one dies first, the survivor's years spend 90,000 x 0.7 = 63,000
    // (the household's survivor share) and his conversions stop at his death; the rest is the plan's.
    const decisionsOf = new Map<Policy, readonly YearDecision[]>();
    const checked: number[] = [];
    const spying = {
      fixedPolicy: (list: readonly YearDecision[]) => {
        const policy = fixedPolicy(list);
        decisionsOf.set(policy, list);
        return policy;
      },
      evaluate: (timeline: Timeline, policy: Policy, options: { growth: ArrayLike<number> }) => {
        const list = decisionsOf.get(policy)!;
        expect(list).toHaveLength(timeline.years.length);
        timeline.years.forEach((year, t) => {
          const d = list[t]!;
          const both = year.people.every((p) => p.alive);
          if (t < coupleDecisions.length) expect(d.withdrawals).toEqual([0, 30_000, 0]);
          expect(d.spending).toBeCloseTo(both ? 90_000 : 63_000, 9);
          expect(d.conversions).toEqual(
            t < coupleDecisions.length && year.people[0]!.alive ? [10_000, 0] : [0, 0],
          );
        });
        checked.push(timeline.years.length);
        return evaluate(timeline, policy, options);
      },
    };
    stressTest(coupleBuild, coupleDecisions, { ...MARKET, paths: 100, mortality: true }, spying);
    expect(checked).toHaveLength(100);
    // Some paths outlive the plan's 2055, some end before it.
    expect(Math.max(...checked)).toBeGreaterThan(coupleDecisions.length);
    expect(Math.min(...checked)).toBeLessThan(coupleDecisions.length);
  });

  it('a person without a sex is refused under mortality, naming the field', () => {
    const build = householdBuilder({
      ...COUPLE,
      people: [COUPLE.people[0]!, { ...COUPLE.people[1]!, sex: undefined }],
    });
    let error: unknown;
    try {
      stressTest(build, coupleDecisions, { ...MARKET, mortality: true }, STAND_IN);
    } catch (caught) {
      error = caught;
    }
    expect(isCalculationError(error) && error.issues[0].path).toBe('people[1].sex');
    // Without mortality the sex is not needed.
    expect(() => stressTest(build, coupleDecisions, MARKET, STAND_IN)).not.toThrow();
  });
});

describe('stressTest: properties', () => {
  it('shares in [0, 1], percentiles ordered, failures counted once, for any market and seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: -0.05, max: 0.12, noNaN: true }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.boolean(),
        (seed, paths, expectedReturn, volatility, mortality) => {
          expectWellFormed(run({ seed, paths, expectedReturn, volatility, mortality }));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses bad paths, markets and an empty plan with a CalculationError naming the field', () => {
    const fieldOf = (options: Partial<StressOptions>, decisions = coupleDecisions) => {
      try {
        run(options, coupleBuild, decisions);
      } catch (error) {
        return isCalculationError(error) ? error.issues[0].path : 'not a CalculationError';
      }
      return 'no error';
    };
    for (const paths of [0, 1.5, -1, Number.NaN]) expect(fieldOf({ paths })).toBe('num_simulations');
    for (const expectedReturn of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(fieldOf({ expectedReturn })).toBe('expected_return');
    }
    for (const volatility of [-0.01, Number.NaN]) expect(fieldOf({ volatility })).toBe('return_volatility');
    expect(fieldOf({ inflation: -1 })).toBe('inflation');
    expect(fieldOf({}, [])).toBe('decisions');
  });
});
