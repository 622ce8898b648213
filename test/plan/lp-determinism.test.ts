import { describe, expect, it, vi } from 'vitest';
import ult from '../../data/retirement/uniform-lifetime-table.json';
import type { LpPlan } from '../../src/plan/_lib/lp-model';
import type { Timeline } from '../../src/plan/_lib/types';
import { account, quietFeedback, timelineOf } from './lp-fixture';

const divisor = (age: number): number | undefined =>
  age >= 73 ? ult.uniform_lifetime.distribution_periods[age - ult.uniform_lifetime.first_age] : undefined;

/** A couple over 40 years, 2 people x 4 accounts, with wages, benefits, RMDs, conversions and gains. */
function couple(objective: Timeline['objective']): Timeline {
  const births = [1962, 1964];
  const lastYears = [2058, 2065];
  return timelineOf({
    years: 40,
    inflation: 0.025,
    people: births.map((birthYear, i) => ({ birthYear, lastYear: lastYears[i] as number })),
    accounts: [
      account('taxable', 400_000, 0, 250_000),
      account('tax_deferred', 900_000, 0),
      account('roth', 150_000, 0),
      account('hsa', 40_000, 0),
      account('taxable', 50_000, 1, 50_000),
      account('tax_deferred', 500_000, 1),
      account('roth', 0, 1),
      account('hsa', 10_000, 1),
    ],
    growth: 1.035,
    objective,
    spendingLevel: 90_000,
    bequestFloor: 200_000,
    heirsRate: 0.24,
    maxConversion: 200_000,
    spendingFactor: (t) => (2026 + t > 2058 ? 0.7 : 1),
    person: (t, p) => {
      const year = 2026 + t;
      const age = year - (births[p] as number);
      const alive = year <= (lastYears[p] as number);
      return {
        wages: alive && age < 66 ? 60_000 : 0,
        socialSecurity: alive && age >= 67 ? 30_000 : 0,
        rmdDivisor: alive ? divisor(age) : undefined,
      };
    },
  });
}

const feedbackOf = (timeline: Timeline) =>
  quietFeedback(timeline, {
    gainFraction: 0.3,
    stateRate: 0.05,
    taxableSocialSecurity: 20_000,
    fixedCosts: 2_000,
  });

/** Every number of a plan, bit for bit (Object.is tells 0 from -0). */
function bits(plan: LpPlan): number[] {
  return [
    plan.level,
    plan.bequest,
    ...plan.modeledTaxes,
    ...plan.decisions.flatMap((d) => [d.spending, ...d.withdrawals, ...d.conversions]),
  ];
}

describe('solveLp is deterministic', () => {
  for (const objective of ['max_spending', 'max_bequest'] as const) {
    it(`${objective}: the same timeline gives bit-identical decisions twice and after a fresh load`, async () => {
      const first = await import('../../src/plan/_lib/lp-model');
      const solver = await import('../../src/plan/_lib/solver');
      await solver.loadSolver();
      const timeline = couple(objective);
      const a = bits(first.solveLp(timeline, feedbackOf(timeline)));
      const b = bits(first.solveLp(timeline, feedbackOf(timeline)));
      // A fresh module graph: a new WebAssembly instance of the solver.
      vi.resetModules();
      const fresh = await import('../../src/plan/_lib/lp-model');
      const freshSolver = await import('../../src/plan/_lib/solver');
      expect(freshSolver).not.toBe(solver);
      expect(freshSolver.solverLoaded()).toBe(false);
      expect(() => fresh.solveLp(timeline, feedbackOf(timeline))).toThrow(
        /solver is not loaded: await lifetimePlan.ready\(\)/,
      );
      await freshSolver.loadSolver();
      const c = bits(fresh.solveLp(timeline, feedbackOf(timeline)));
      expect(a.length).toBeGreaterThan(40 * 8);
      expect(a.every(Number.isFinite)).toBe(true);
      expect(b.every((x, i) => Object.is(x, a[i]))).toBe(true);
      expect(c.every((x, i) => Object.is(x, a[i]))).toBe(true);
    });
  }
});

describe('solveLp warm start', () => {
  it('a warm start from another feedback finds the same optimum, deterministically', async () => {
    const { solveLp } = await import('../../src/plan/_lib/lp-model');
    const { loadSolver } = await import('../../src/plan/_lib/solver');
    await loadSolver();
    for (const objective of ['max_spending', 'max_bequest'] as const) {
      const timeline = couple(objective);
      const before = solveLp(timeline, feedbackOf(timeline));
      const moved = quietFeedback(timeline, {
        gainFraction: 0.33,
        stateRate: 0.052,
        taxableSocialSecurity: 21_000,
        fixedCosts: 2_400,
      });
      const cold = solveLp(timeline, moved);
      const warm = solveLp(timeline, moved, { warmStart: before });
      const again = solveLp(timeline, moved, { warmStart: before });
      expect(Math.abs(warm.objective - cold.objective)).toBeLessThan(1e-9 * cold.objective);
      expect(bits(again).every((x, i) => Object.is(x, bits(warm)[i]))).toBe(true);
      expect(warm.iterations).toBeLessThan(cold.iterations);
    }
  });
});
