import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SavingsTargetInput, savingsTarget } from '../../src/retirement/savings-target';
import { calculationErrorOf } from '../helpers';

const run = (input: SavingsTargetInput) => savingsTarget(input).result;

/** 40 today, retiring at 65, horizon 95; 60,000 wanted, 20,000 from elsewhere; 4% withdrawals. */
const BASE: SavingsTargetInput = {
  current_age: 40,
  retirement_age: 65,
  end_age: 95,
  target_annual_income: 60_000,
  other_income: 20_000,
  current_savings: 100_000,
  expected_return: 0.071,
  inflation: 0.02,
  withdrawal_rate: 0.04,
};

describe('savings-target: hand calculations', () => {
  it('a 1,000,000 nest egg at a 5% real return over 25 years', () => {
    // Real return 1.071 / 1.02 - 1 = 0.05 exactly. Income gap 60,000 - 20,000 = 40,000; nest egg
    // 40,000 / 0.04 = 1,000,000. Trajectory: 1.05^25 = 3.3863549409, so 100,000 grows to 338,635.49.
    // Gap 1,000,000 - 338,635.49 = 661,364.51.
    // Annual, end of year: factor (1.05^25 - 1) / 0.05 = 47.7270988; 661,364.51 / 47.7270988
    //   = 13,857.2117 -> rounded up 13,857.22.
    // Monthly, end of month: rate 1.05^(1/12) - 1 = 0.0040741238; 300 deposits, factor
    //   (1.05^25 - 1) / 0.0040741238 = 585.7345205; 661,364.51 / 585.7345205 = 1,129.1199 -> 1,129.12.
    // Horizon check: 40,000 at the start of each of 30 years at 5%: 40,000 x (1.05^30 - 1) / 0.05 x 1.05
    //   / 1.05^30 = 645,642.94 <= 1,000,000, so the 4% nest egg lasts to 95.
    expect(run(BASE)).toEqual({
      real_return: 0.05,
      years_to_retirement: 25,
      years_in_retirement: 30,
      income_gap: 40_000,
      required_nest_egg: 1_000_000,
      projected_savings: 338_635.49,
      savings_gap: 661_364.51,
      on_track: false,
      required_annual_saving: 13_857.22,
      required_monthly_saving: 1_129.12,
      nest_egg_to_end_age: 645_642.94,
      lasts_to_end_age: true,
    });
  });
  it('a zero real return is plain division', () => {
    // Real return 1.02 / 1.02 - 1 = 0. Nest egg 40,000 / 0.05 = 800,000; 200,000 stays 200,000; gap
    // 600,000 over 30 years = 20,000 a year, over 360 months = 1,666.666... -> 1,666.67. The horizon needs
    // 30 x 40,000 = 1,200,000 > 800,000: a 5% rate with no real growth runs out after 20 years.
    expect(
      run({
        ...BASE,
        current_age: 30,
        retirement_age: 60,
        end_age: 90,
        target_annual_income: 50_000,
        other_income: 10_000,
        current_savings: 200_000,
        expected_return: 0.02,
        withdrawal_rate: 0.05,
      }),
    ).toMatchObject({
      real_return: 0,
      required_nest_egg: 800_000,
      projected_savings: 200_000,
      savings_gap: 600_000,
      required_annual_saving: 20_000,
      required_monthly_saving: 1_666.67,
      nest_egg_to_end_age: 1_200_000,
      lasts_to_end_age: false,
    });
  });
  it('ahead of the trajectory: a negative gap and no saving needed', () => {
    // 2,000,000 x 1.05^25 = 6,772,709.88; gap 1,000,000 - 6,772,709.88 = -5,772,709.88.
    expect(run({ ...BASE, current_savings: 2_000_000 })).toMatchObject({
      projected_savings: 6_772_709.88,
      savings_gap: -5_772_709.88,
      on_track: true,
      required_annual_saving: 0,
      required_monthly_saving: 0,
    });
  });
  it('other income covering the target needs no nest egg', () => {
    expect(run({ ...BASE, other_income: 75_000, current_savings: 0 })).toMatchObject({
      income_gap: 0,
      required_nest_egg: 0,
      savings_gap: 0,
      on_track: true,
      required_annual_saving: 0,
      nest_egg_to_end_age: 0,
      lasts_to_end_age: true,
    });
  });
});

describe('savings-target: bad input', () => {
  it('retirement_age must be above current_age, end_age above retirement_age', () => {
    expect(calculationErrorOf(savingsTarget, { ...BASE, retirement_age: 40 }).issues[0]).toMatchObject({
      path: 'retirement_age',
      message: 'must be above current_age (40)',
    });
    expect(calculationErrorOf(savingsTarget, { ...BASE, end_age: 65 }).issues[0]?.path).toBe('end_age');
  });
  it('a zero withdrawal rate or an unknown field is a 400 naming it', () => {
    expect(calculationErrorOf(savingsTarget, { ...BASE, withdrawal_rate: 0 }).issues[0]?.path).toBe(
      'withdrawal_rate',
    );
    expect(calculationErrorOf(savingsTarget, { ...BASE, annual_saving: 1 }).issues[0]?.path).toBe(
      'annual_saving',
    );
  });
});

describe('savings-target: properties', () => {
  const input = fc
    .record({
      current_age: fc.integer({ min: 20, max: 60 }),
      working: fc.integer({ min: 1, max: 45 }),
      retired: fc.integer({ min: 1, max: 40 }),
      target_annual_income: fc.integer({ min: 0, max: 30_000_000 }).map((c) => c / 100),
      other_income: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
      current_savings: fc.integer({ min: 0, max: 300_000_000 }).map((c) => c / 100),
      expected_return: fc.integer({ min: -200, max: 1200 }).map((bp) => bp / 10_000),
      inflation: fc.integer({ min: 0, max: 600 }).map((bp) => bp / 10_000),
      withdrawal_rate: fc.integer({ min: 200, max: 800 }).map((bp) => bp / 10_000),
    })
    .map(({ working, retired, ...rest }) => ({
      ...rest,
      retirement_age: rest.current_age + working,
      end_age: Math.min(120, rest.current_age + working + retired),
    }))
    .filter((i) => i.end_age > i.retirement_age);

  /** Year-by-year balance, written independently of the engine: deposits at the end of each year. */
  function simulate(savings: number, deposit: number, r: number, years: number): number {
    let balance = savings;
    for (let year = 0; year < years; year++) balance = balance * (1 + r) + deposit;
    return balance;
  }

  it('the annual saving reaches the nest egg, and one cent less does not', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        if (r.on_track) return r.required_annual_saving === 0 && r.savings_gap <= 0;
        const rate = (i.expected_return - i.inflation) / (1 + i.inflation);
        const n = r.years_to_retirement;
        const reached =
          simulate(r.projected_savings, r.required_annual_saving, rate, n) -
          r.projected_savings * (1 + rate) ** n;
        const short =
          simulate(r.projected_savings, r.required_annual_saving - 0.01, rate, n) -
          r.projected_savings * (1 + rate) ** n;
        const tolerance = 1e-9 * r.savings_gap;
        return reached >= r.savings_gap - tolerance && short < r.savings_gap + tolerance;
      }),
    );
  });
  it('more savings today never needs more saving; a higher withdrawal rate never needs a larger nest egg', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 100_000_000 }), (i, extra) => {
        const base = run(i);
        const richer = run({ ...i, current_savings: i.current_savings + extra / 100 });
        const bolder = run({ ...i, withdrawal_rate: Math.min(1, i.withdrawal_rate + 0.01) });
        return (
          richer.required_annual_saving <= base.required_annual_saving &&
          richer.required_monthly_saving <= base.required_monthly_saving &&
          bolder.required_nest_egg <= base.required_nest_egg
        );
      }),
    );
  });
  it('monthly saving x 12 never exceeds the annual saving by more than a few cents (it starts earlier)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        return r.required_monthly_saving * 12 <= r.required_annual_saving + 0.12 || r.real_return < 0;
      }),
    );
  });
});
