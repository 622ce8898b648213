// The self-consistent loop (src/plan/_lib/optimize.ts): the program's first round guesses what it cannot
// model (85% of benefits taxable, no IRMAA, no state tax); the rounds after it take the exact accounting's
// figures, so the linear model's taxes come closer to the exact ones.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/plan/_lib/evaluate';
import { firstRoundPlan, lpPolicy, optimize } from '../../src/plan/_lib/optimize';
import { PlanInput } from '../../src/plan/_lib/plan-input';
import { buildTimeline } from '../../src/plan/_lib/timeline';
import { lifetimePlan } from '../../src/plan/index';

describe('the self-consistent loop', () => {
  const request = PlanInput.parse({
    ...(lifetimePlan.example as object),
    people: [
      {
        birth_year: 1961,
        sex: 'female',
        planning_age: 92,
        social_security: { pia: 2_400, claiming_age: 67 },
      },
      { birth_year: 1959, sex: 'male', planning_age: 88, social_security: { pia: 3_100, claiming_age: 70 } },
    ],
    stress: undefined,
  });
  const timeline = buildTimeline(request);

  it('feeds the exact figures back: the model’s taxes end closer to the exact ones than its first guess', () => {
    const first = firstRoundPlan(timeline);
    const firstExact = evaluate(timeline, lpPolicy(first, first.level));
    const gap = (modeled: readonly number[], exact: typeof firstExact) =>
      Math.abs(modeled.reduce((a, b) => a + b, 0) - (exact.totals.federalTax + exact.totals.stateTax));
    const optimum = optimize(timeline);
    expect(optimum.rounds).toBeGreaterThan(1);
    const finalExact = evaluate(timeline, lpPolicy(optimum.lp, optimum.lp.level));
    expect(gap(optimum.lp.modeledTaxes, finalExact)).toBeLessThan(gap(first.modeledTaxes, firstExact));
  });

  it('is deterministic: the same rounds and plan twice', () => {
    const a = optimize(timeline);
    const b = optimize(timeline);
    expect(b.rounds).toBe(a.rounds);
    expect(b.level).toBe(a.level);
    expect(b.lp.decisions).toEqual(a.lp.decisions);
  });
});
