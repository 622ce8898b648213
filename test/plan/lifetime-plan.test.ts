// /v1/plan/lifetime end to end: closed forms, the optimum against the strategies, determinism,
// validation, and requests that once failed in the solver (test/plan/fixtures/solver-retries.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { type LifetimePlanInput, lifetimePlan } from '../../src/plan/index';

const retiree = (balance: number, more: Partial<LifetimePlanInput> = {}): LifetimePlanInput => ({
  start_year: 2026,
  real_return: 0.03,
  inflation: 0.025,
  people: [{ birth_year: 1960, planning_age: 75 }],
  accounts: [{ type: 'roth', balance }],
  ...more,
});

function refusal(input: unknown): { path: string; message: string }[] {
  try {
    lifetimePlan(input as LifetimePlanInput);
  } catch (error) {
    expect(isCalculationError(error), String(error)).toBe(true);
    return (error as { issues: { path: string; message: string }[] }).issues;
  }
  throw new Error('expected a refusal');
}

describe('lifetimePlan', () => {
  it('without taxes the spending level is the annuity-due of the wealth (closed form)', () => {
    // Only a Roth account, no income: W = L x sum_{t=0}^{n-1} 1.03^-t over the 10 years 2026-2035
    // (age 66 to 75), withdrawals at the start of each year. L = W / a-due(10, 3%).
    const wealth = 1_000_000;
    let annuityDue = 0;
    for (let t = 0; t < 10; t++) annuityDue += 1.03 ** -t;
    const { result } = lifetimePlan(retiree(wealth));
    expect(result.end_year).toBe(2035);
    const level = wealth / annuityDue; // 113,817.43...
    expect(result.optimized.spending_level).toBeLessThanOrEqual(level);
    expect(level - result.optimized.spending_level).toBeLessThan(0.02);
    expect(result.optimized.lifetime_taxes).toBe(0);
    // every strategy is the same plan here: no taxable income to move
    for (const s of result.strategies) expect(s.spending_level).toBe(result.optimized.spending_level);
  });

  it('the optimized plan is never worse than a strategy, and says where it comes from', () => {
    const { result } = lifetimePlan(lifetimePlan.example as LifetimePlanInput);
    const optimized = result.optimized.spending_level;
    for (const s of result.strategies) expect(optimized).toBeGreaterThanOrEqual(s.spending_level);
    expect(result.strategies.map((s) => s.strategy)).toEqual([
      'conventional',
      'fill_12',
      'fill_22',
      'fill_24',
      'irmaa_aware',
      'optimized',
    ]);
    expect(result.solver.status).toBe('optimal');
    expect(['solver', 'conventional', 'fill_12', 'fill_22', 'fill_24', 'irmaa_aware']).toContain(
      result.solver.chosen,
    );
    // her claiming age was chosen (62-70); his was given
    expect(result.claiming_ages[1]).toBe(70);
    expect(result.claiming_ages[0]).toBeGreaterThanOrEqual(62);
    expect(result.claiming_ages[0]).toBeLessThanOrEqual(70);
    expect(result.optimized.bequest).toBeGreaterThanOrEqual(200_000);
    expect(result.optimized.shortfall).toBe(0);
    // the series cover every year; the charts are SVG
    expect(result.series.year.length).toBe(result.end_year - result.start_year + 1);
    expect(result.charts.balances_svg.startsWith('<svg')).toBe(true);
    expect(result.stress?.paths).toBe(100);
  });

  it('is deterministic: the same request gives the same envelope', () => {
    const request = retiree(400_000, { accounts: [{ type: 'tax_deferred', balance: 400_000 }] });
    expect(lifetimePlan(structuredClone(request))).toEqual(lifetimePlan(structuredClone(request)));
  });

  it('more wealth never lowers the spending level (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 3_000_000 }),
        fc.integer({ min: 1_000, max: 500_000 }),
        (balance, more) => {
          const plan = (b: number) =>
            lifetimePlan(retiree(0, { accounts: [{ type: 'tax_deferred', balance: b }] })).result.optimized
              .spending_level;
          expect(plan(balance + more)).toBeGreaterThanOrEqual(plan(balance));
        },
      ),
      { numRuns: 4 },
    );
  });

  it('requests whose solve once failed (HiGHS unknown / presolve infeasible) are planned', () => {
    const cases = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'solver-retries.json'), 'utf8'));
    for (const request of cases) {
      const { result } = lifetimePlan({ ...request, stress: undefined });
      expect(result.optimized.spending_level).toBeGreaterThan(0);
    }
  });

  it('refuses inconsistent requests, naming the field', () => {
    expect(refusal(retiree(1_000, { spending_goal: 10_000 }))[0]?.path).toBe('spending_goal');
    expect(refusal(retiree(1_000, { objective: 'max_bequest' }))[0]?.path).toBe('spending_goal');
    expect(refusal(retiree(1_000, { accounts: [{ owner: 1, type: 'roth', balance: 1 }] }))[0]?.path).toBe(
      'accounts[0].owner',
    );
    expect(refusal(retiree(1_000, { people: [{ birth_year: 1960, planning_age: 60 }] }))[0]?.path).toBe(
      'people[0].planning_age',
    );
    expect(refusal(retiree(1_000, { people: [{ birth_year: 1960 }] }))[0]?.path).toBe(
      'people[0].planning_age',
    );
    expect(
      refusal(retiree(1_000, { accounts: [{ type: 'roth', balance: 1, cost_basis: 1 }] }))[0]?.path,
    ).toBe('accounts[0].cost_basis');
  });

  it('max_bequest that the accounts cannot pay is a no_solution naming the spending', () => {
    const issues = refusal(retiree(100_000, { objective: 'max_bequest', spending_goal: 500_000 }));
    expect(issues[0]?.message).toMatch(/cannot pay/);
  });
});

describe('lifetimePlan on a market path', () => {
  it('with no volatility it is the fixed-return plan: 1.05575 / 1.025 = 1.03 a year', () => {
    const fixed = lifetimePlan(retiree(1_000_000)).result.optimized.spending_level;
    const path = lifetimePlan(
      retiree(1_000_000, { market_path: { expected_return: 0.05575, return_volatility: 0, seed: 9 } }),
    ).result.optimized.spending_level;
    expect(Math.abs(path - fixed)).toBeLessThanOrEqual(0.02);
  });
});
