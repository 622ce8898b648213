import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ssaLifeTable } from '../../src/core/mortality';
import { type LongTermCareInput, longTermCare } from '../../src/insurance/long-term-care';
import { calculationErrorOf } from '../helpers';

const run = (input: LongTermCareInput) => longTermCare(input).result;

const BASE: LongTermCareInput = {
  current_age: 65,
  care_start_age: 65,
  care_years: 2,
  annual_cost_today: 100_000,
  cost_inflation: 0,
  discount_rate: 0,
  policy: {
    daily_benefit: 200,
    benefit_period_years: 3,
    elimination_period_days: 90,
    inflation_rider: 'none',
  },
};

describe('long-term-care: by hand', () => {
  it('a policy with a 90-day elimination period, no inflation, no discounting', () => {
    // Daily cost 100,000 / 365 = 273.97 > 200: the policy pays 200 a covered day. Year 1: days 90-365,
    // 275 x 200 = 55,000; year 2: 365 x 200 = 73,000 (the 3-year period runs to day 1,185).
    // Cost 200,000; benefits 128,000; out of pocket 45,000 + 27,000 = 72,000.
    const r = run(BASE);
    expect(r.rows).toEqual([
      {
        year: 1,
        age: 65,
        annual_cost: 100_000,
        daily_benefit: 200,
        covered_days: 275,
        policy_benefit: 55_000,
        out_of_pocket: 45_000,
      },
      {
        year: 2,
        age: 66,
        annual_cost: 100_000,
        daily_benefit: 200,
        covered_days: 365,
        policy_benefit: 73_000,
        out_of_pocket: 27_000,
      },
    ]);
    expect(r).toMatchObject({
      total_cost: 200_000,
      total_policy_benefit: 128_000,
      lump_sum_needed_today: 72_000,
    });
  });
  it('the benefit period ends: a one-year period after 90 days covers 275 + 90 days', () => {
    const r = run({ ...BASE, policy: { ...BASE.policy!, benefit_period_years: 1 } });
    expect(r.rows.map((row) => row.covered_days)).toEqual([275, 90]);
  });
  it('cost inflation equal to the discount rate: the lump sum today is the cost at today\u2019s prices', () => {
    // 100,000 x 1.04^20 = 219,112.31, x 1.04^21 = 227,876.81, x 1.04^22 = 236,991.88; each discounted by
    // the same 1.04^t: 3 x 100,000 = 300,000 today; at 80 it is 300,000 x 1.04^20 = 657,336.94.
    const { policy: _, ...noPolicy } = BASE;
    const r = run({
      ...noPolicy,
      current_age: 60,
      care_start_age: 80,
      care_years: 3,
      cost_inflation: 0.04,
      discount_rate: 0.04,
    });
    expect(r.rows.map((row) => row.annual_cost)).toEqual([219_112.31, 227_876.81, 236_991.88]);
    expect(r.present_value_cost).toBe(300_000);
    expect(r.lump_sum_needed_today).toBe(300_000);
    expect(r.lump_sum_needed_at_care_start).toBe(657_336.94);
  });
  it('riders: compound 3% over 20 years is 150 x 1.03^20 = 270.92; simple is 150 x 1.6 = 240', () => {
    // Daily cost 219,112.31 / 365 = 600.31 above both: year 1 (no elimination) pays 365 days.
    // Compound: 150 x 1.8061112 = 270.916685 x 365 = 98,884.59; simple: 240 x 365 = 87,600.
    const policy = { daily_benefit: 150, benefit_period_years: 3, elimination_period_days: 0 };
    const base = { ...BASE, current_age: 60, care_start_age: 80, care_years: 1, cost_inflation: 0.04 };
    const compound = run({
      ...base,
      policy: { ...policy, inflation_rider: 'compound', inflation_rider_rate: 0.03 },
    });
    expect(compound.rows[0]).toMatchObject({ daily_benefit: 270.92, policy_benefit: 98_884.59 });
    const simple = run({
      ...base,
      policy: { ...policy, inflation_rider: 'simple', inflation_rider_rate: 0.03 },
    });
    expect(simple.rows[0]).toMatchObject({ daily_benefit: 240, policy_benefit: 87_600 });
  });
  it('the benefit never exceeds the cost of care', () => {
    const r = run({ ...BASE, policy: { ...BASE.policy!, daily_benefit: 1_000 } });
    expect(r.rows[1]).toMatchObject({ policy_benefit: 100_000, out_of_pocket: 0 });
  });
});

describe('long-term-care: survival weighting reproduces the life table', () => {
  const q = ssaLifeTable('female').q;
  it('one year: l80 / l79 = 1 - q79', () => {
    const { policy: _, ...noPolicy } = BASE;
    const r = run({ ...noPolicy, current_age: 79, care_start_age: 80, care_years: 1, sex: 'female' });
    const p = 1 - (q[79] as number);
    expect(r.survival_weighted?.probability_alive_at_care_start).toBe(Math.round(p * 1e6) / 1e6);
    expect(r.survival_weighted?.present_value_cost).toBe(Math.round(100_000 * p * 100) / 100);
  });
  it('twenty years: l80 / l60 is the product of (1 - q_x) for x = 60..79', () => {
    let p = 1;
    for (let x = 60; x < 80; x++) p *= 1 - (q[x] as number);
    const r = run({ ...BASE, current_age: 60, care_start_age: 80, sex: 'female' });
    expect(r.survival_weighted?.probability_alive_at_care_start).toBe(Math.round(p * 1e6) / 1e6);
    expect(r.survival_weighted?.lump_sum_needed_today).toBe(Math.round(72_000 * p * 100) / 100);
  });
});

describe('long-term-care: bad input', () => {
  it('names the field', () => {
    expect(calculationErrorOf(longTermCare, { ...BASE, care_start_age: 60 }).issues[0]?.path).toBe(
      'care_start_age',
    );
    expect(
      calculationErrorOf(longTermCare, { ...BASE, policy: { ...BASE.policy!, inflation_rider: 'compound' } })
        .issues[0]?.path,
    ).toBe('policy.inflation_rider_rate');
  });
});

describe('long-term-care: properties', () => {
  const input = fc
    .record({
      current_age: fc.integer({ min: 40, max: 90 }),
      wait: fc.integer({ min: 0, max: 29 }),
      care_years: fc.integer({ min: 1, max: 10 }),
      annual_cost_today: fc.integer({ min: 1_000_000, max: 50_000_000 }).map((c) => c / 100),
      cost_inflation: fc.integer({ min: 0, max: 800 }).map((bp) => bp / 10_000),
      discount_rate: fc.integer({ min: -200, max: 1_000 }).map((bp) => bp / 10_000),
      daily_benefit: fc.integer({ min: 5_000, max: 100_000 }).map((c) => c / 100),
      benefit_period_years: fc.integer({ min: 1, max: 10 }),
      elimination_period_days: fc.constantFrom(0, 30, 90, 180, 365),
      rider: fc.constantFrom('none', 'simple', 'compound') as fc.Arbitrary<'none' | 'simple' | 'compound'>,
      sex: fc.constantFrom('male' as const, 'female' as const),
    })
    .map(
      ({
        wait,
        daily_benefit,
        benefit_period_years,
        elimination_period_days,
        rider,
        ...rest
      }): LongTermCareInput => ({
        ...rest,
        care_start_age: Math.min(119, rest.current_age + wait),
        policy: {
          daily_benefit,
          benefit_period_years,
          elimination_period_days,
          inflation_rider: rider,
          ...(rider === 'none' ? {} : { inflation_rider_rate: 0.03 }),
        },
      }),
    );
  it('a policy never raises the lump sum; a larger daily benefit never raises it', () => {
    fc.assert(
      fc.property(input, (i) => {
        const { policy, ...none } = i;
        const withPolicy = run(i);
        const without = run(none);
        const richer = run({ ...i, policy: { ...policy!, daily_benefit: policy!.daily_benefit * 2 } });
        return (
          withPolicy.lump_sum_needed_today <= without.lump_sum_needed_today &&
          richer.lump_sum_needed_today <= withPolicy.lump_sum_needed_today + 0.01 &&
          withPolicy.survival_weighted!.lump_sum_needed_today <= withPolicy.lump_sum_needed_today
        );
      }),
    );
  });
  it('rows add up to the totals to the cent', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const cents = (x: number) => Math.round(x * 100);
        const sum = (k: 'annual_cost' | 'policy_benefit' | 'out_of_pocket') =>
          r.rows.reduce((s, row) => s + cents(row[k]), 0);
        return (
          sum('annual_cost') === cents(r.total_cost) &&
          sum('policy_benefit') === cents(r.total_policy_benefit) &&
          sum('out_of_pocket') === cents(r.total_out_of_pocket) &&
          r.rows.every((row) => row.policy_benefit <= row.annual_cost)
        );
      }),
    );
  });
});
