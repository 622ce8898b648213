import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CollegeSavingsInput, collegeSavings } from '../../src/education/college-savings';
import { calculationErrorOf } from '../helpers';

const run = (input: CollegeSavingsInput) => collegeSavings(input).result;

describe('college savings: hand calculations', () => {
  // Child 8, so years_until_college n = 18 - 8 = 10; 20,000 a year today, costs +5% a year, savings
  // 25,000 earning 6% a year. Costs, paid at the start of each college year:
  //   age 18: 20,000 x 1.05^10 = 20,000 x 1.628894627 = 32,577.89
  //   age 19: 20,000 x 1.05^11 = 34,206.79; age 20: x 1.05^12 = 35,917.13; age 21: x 1.05^13 = 37,712.98
  //   total 140,414.79.
  // Needed on the first day (the rest stays invested at 6%):
  //   32,577.89 + 34,206.79 / 1.06 + 35,917.13 / 1.06^2 + 37,712.98 / 1.06^3
  //   = 32,577.89 + 32,270.557 + 31,966.118 + 31,664.546 = 128,479.11.
  // Savings alone: 25,000 x 1.06^10 = 25,000 x 1.790847697 = 44,771.19; gap 83,707.92.
  // Yearly at each year end (10 deposits): factor (1.06^10 - 1) / 0.06 = 13.180795;
  //   83,707.917 / 13.180795 = 6,350.7488 -> 6,350.75 (rounded up).
  // Monthly at each month end (120 deposits) at m = 1.06^(1/12) - 1 = 0.00486755:
  //   factor (1.06^10 - 1) / m = 162.473442; 83,707.917 / 162.473442 = 515.2098 -> 515.21.
  it('age 8, 20,000 a year, 5% inflation, 25,000 at 6%', () => {
    expect(
      run({
        current_child_age: 8,
        annual_cost_today: 20_000,
        tuition_inflation: 0.05,
        current_savings: 25_000,
        expected_return: 0.06,
      }),
    ).toEqual({
      years_until_college: 10,
      total_cost_nominal: 140_414.79,
      required_savings_at_start: 128_479.11,
      projected_without_saving: 44_771.19,
      funding_gap: 83_707.92,
      required_annual_saving: 6_350.75,
      required_monthly_saving: 515.21,
      on_track: false,
    });
  });

  // No inflation, no return: 4 x 10,000 = 40,000 needed; 18 years of saving from birth:
  // 40,000 / 18 = 2,222.222 -> 2,222.23; 40,000 / 216 = 185.185 -> 185.19.
  it('newborn, no inflation, no return', () => {
    expect(
      run({
        current_child_age: 0,
        annual_cost_today: 10_000,
        tuition_inflation: 0,
        current_savings: 0,
        expected_return: 0,
      }),
    ).toEqual({
      years_until_college: 18,
      total_cost_nominal: 40_000,
      required_savings_at_start: 40_000,
      projected_without_saving: 0,
      funding_gap: 40_000,
      required_annual_saving: 2_222.23,
      required_monthly_saving: 185.19,
      on_track: false,
    });
  });

  // Age 17, 1 year to go; 50,000 saved at 0% covers 4 x 10,000 = 40,000: on track, nothing to save.
  it('on track: savings cover the four years', () => {
    expect(
      run({
        current_child_age: 17,
        annual_cost_today: 10_000,
        tuition_inflation: 0,
        current_savings: 50_000,
        expected_return: 0,
      }),
    ).toMatchObject({
      years_until_college: 1,
      funding_gap: 0,
      required_annual_saving: 0,
      required_monthly_saving: 0,
      on_track: true,
    });
  });

  it('rejects a child of college age and an unknown field, naming the field', () => {
    const base = {
      current_child_age: 18,
      annual_cost_today: 10_000,
      tuition_inflation: 0,
      current_savings: 0,
      expected_return: 0,
    };
    expect(calculationErrorOf(collegeSavings, base).issues[0]?.path).toBe('current_child_age');
    expect(
      calculationErrorOf(collegeSavings, { ...base, current_child_age: 3, college_age: 19 }).issues[0]?.path,
    ).toBe('college_age');
  });
});

const inputs = fc.record({
  current_child_age: fc.integer({ min: 0, max: 17 }),
  annual_cost_today: fc.integer({ min: 0, max: 100_000_00 }).map((c) => c / 100),
  tuition_inflation: fc.integer({ min: 0, max: 1000 }).map((b) => b / 10_000),
  current_savings: fc.integer({ min: 0, max: 500_000_00 }).map((c) => c / 100),
  expected_return: fc.integer({ min: -500, max: 1200 }).map((b) => b / 10_000),
});

describe('college savings: properties', () => {
  it('saving the required amount each year closes the gap (never short by more than float noise)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run(input);
        let balance = input.current_savings;
        for (let year = 0; year < result.years_until_college; year++) {
          balance = balance * (1 + input.expected_return) + result.required_annual_saving;
        }
        expect(balance).toBeGreaterThanOrEqual(result.required_savings_at_start - 0.01);
      }),
    );
  });
  it('gap identity and on_track', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run(input);
        expect(result.funding_gap).toBeGreaterThanOrEqual(0);
        expect(result.on_track).toBe(result.funding_gap === 0);
        if (!result.on_track) {
          expect(
            Math.abs(
              result.funding_gap - (result.required_savings_at_start - result.projected_without_saving),
            ),
          ).toBeLessThanOrEqual(0.011);
        }
      }),
    );
  });
  it('more savings never need more saving; higher costs never need less', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 10_000_00 }), (input, extraCents) => {
        const base = run(input);
        const richer = run({ ...input, current_savings: input.current_savings + extraCents / 100 });
        const dearer = run({ ...input, annual_cost_today: input.annual_cost_today + extraCents / 100 });
        expect(richer.required_annual_saving).toBeLessThanOrEqual(base.required_annual_saving);
        expect(dearer.required_annual_saving).toBeGreaterThanOrEqual(base.required_annual_saving);
        expect(dearer.total_cost_nominal).toBeGreaterThanOrEqual(base.total_cost_nominal);
      }),
    );
  });
  it('with no return, the four years cost exactly what is required at the start', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run({ ...input, expected_return: 0 });
        expect(result.required_savings_at_start).toBe(result.total_cost_nominal);
      }),
    );
  });
});
