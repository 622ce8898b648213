import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { type GoalFundingInput, goalFunding } from '../../src/utilities/goal-funding';
import { tvm } from '../../src/utilities/tvm';
import { calculationErrorOf } from '../helpers';

const run = (input: GoalFundingInput) => goalFunding(input).result;

const errorOf = (input: unknown) => calculationErrorOf(goalFunding, input);

/** Balance after n periods, written independently of the engine: a period-by-period loop. */
function simulate(savings: number, contribution: number, r: number, n: number, begin: boolean): number {
  let balance = savings;
  for (let k = 0; k < n; k++) {
    if (begin) balance += contribution;
    balance *= 1 + r;
    if (!begin) balance += contribution;
  }
  return balance;
}

describe('goal funding: hand calculations', () => {
  // 100,000 in 10 years at 6% a year compounded monthly, from 10,000 saved:
  // r = 0.06 / 12 = 0.005, n = 120, 1.005^120 = 1.8193967; savings grow to 18,193.97;
  // the annuity factor ((1.005^120 - 1) / 0.005) = 163.879347; (100,000 - 18,193.967) / 163.879347
  // = 499.1845 -> rounded up to 499.19. Contributions 120 x 499.19 = 59,902.80.
  it('100,000 in 10 years at 6% monthly from 10,000: 499.19 a month', () => {
    const result = run({ target_amount: 100_000, current_savings: 10_000, years: 10, annual_return: 0.06 });
    expect(result).toMatchObject({
      periodic_contribution: 499.19,
      number_of_periods: 120,
      periodic_rate: 0.005,
      effective_annual_rate: 0.061678, // 1.005^12 - 1 = 0.0616778
      future_value_of_current_savings: 18_193.97,
      total_contributed: 59_902.8,
      target_met_by_current_savings: false,
    });
    // 18,193.967 + 499.19 x 163.879347 = 100,000.90; growth = 100,000.90 - 10,000 - 59,902.80.
    expect(result.projected_balance).toBe(100_000.9);
    expect(result.growth).toBe(30_098.1);
  });
  // With contributions at the start of each period the factor is 163.879347 x 1.005 = 164.698744:
  // 81,806.033 / 164.698744 = 496.7010 -> 496.71.
  it('payment_timing begin: 496.71', () => {
    const result = run({
      target_amount: 100_000,
      current_savings: 10_000,
      years: 10,
      annual_return: 0.06,
      payment_timing: 'begin',
    });
    expect(result.periodic_contribution).toBe(496.71);
  });
  it('zero return is exact: 12,000 in 12 months is 1,000 a month', () => {
    expect(run({ target_amount: 12_000, years: 1, annual_return: 0 })).toMatchObject({
      periodic_contribution: 1000,
      total_contributed: 12_000,
      projected_balance: 12_000,
      growth: 0,
    });
    // 10,000 in 3 annual deposits with 1,000 saved: 9,000 / 3 = 3,000.
    expect(
      run({ target_amount: 10_000, current_savings: 1000, years: 3, annual_return: 0, periods_per_year: 1 })
        .periodic_contribution,
    ).toBe(3000);
    // 1,000 / 3 = 333.333... rounds up to 333.34 (never short of the target).
    expect(
      run({ target_amount: 1000, years: 3, annual_return: 0, periods_per_year: 1 }).periodic_contribution,
    ).toBe(333.34);
  });
  // 1,000 x 1.05^3 = 1,157.63 >= 1,000.
  it('a target that current savings reach needs no contribution', () => {
    expect(
      run({ target_amount: 1000, current_savings: 1000, years: 3, annual_return: 0.05, periods_per_year: 1 }),
    ).toMatchObject({
      periodic_contribution: 0,
      target_met_by_current_savings: true,
      future_value_of_current_savings: 1157.63,
      projected_balance: 1157.63,
      growth: 157.63,
    });
    expect(run({ target_amount: 0, years: 1, annual_return: 0.05 }).periodic_contribution).toBe(0);
  });
  it('fractional years that make whole periods: 1.5 years monthly = 18 periods, 1/3 year = 4', () => {
    expect(run({ target_amount: 1800, years: 1.5, annual_return: 0 }).number_of_periods).toBe(18);
    expect(run({ target_amount: 1000, years: 1 / 3, annual_return: 0.05 }).number_of_periods).toBe(4);
  });
  // tvm (Excel PMT equation): pmt(0.07/52, 5*52, -5000, 80000); goal funding rounds up to the cent.
  it('agrees with tvm pmt within a cent, never below it', () => {
    const pmt = tvm({ solve_for: 'pmt', rate: 0.07 / 52, nper: 260, pv: -5000, fv: 80_000 }).result.value;
    const ours = run({
      target_amount: 80_000,
      current_savings: 5000,
      years: 5,
      annual_return: 0.07,
      periods_per_year: 52,
    }).periodic_contribution;
    expect(ours + pmt).toBeGreaterThanOrEqual(0);
    expect(ours + pmt).toBeLessThanOrEqual(0.01);
  });
});

describe('goal funding: properties', () => {
  const goals = fc
    .record({
      target_amount: fc.integer({ min: 0, max: 10_000_000_00 }).map((c) => c / 100),
      current_savings: fc.integer({ min: 0, max: 2_000_000_00 }).map((c) => c / 100),
      whole_periods: fc.integer({ min: 1, max: 600 }),
      annual_return: fc.integer({ min: -2000, max: 2000 }).map((bp) => bp / 10_000),
      periods_per_year: fc.constantFrom(1, 2, 4, 12, 26, 52),
      payment_timing: fc.constantFrom('begin' as const, 'end' as const),
    })
    .map(({ whole_periods, ...goal }) => ({
      ...goal,
      years: Math.min(whole_periods, 100 * goal.periods_per_year) / goal.periods_per_year,
    }));

  it('the contribution, compounded, reaches the target; one cent less does not', () => {
    fc.assert(
      fc.property(goals, (goal) => {
        const result = run(goal);
        const r = goal.annual_return / goal.periods_per_year;
        const n = result.number_of_periods;
        const begin = goal.payment_timing === 'begin';
        const reached = simulate(goal.current_savings, result.periodic_contribution, r, n, begin);
        const tolerance = 1e-9 * Math.max(1, goal.target_amount, reached); // float error of the two loops
        expect(reached).toBeGreaterThanOrEqual(goal.target_amount - tolerance);
        expect(Math.abs(reached - result.projected_balance)).toBeLessThanOrEqual(0.005 + tolerance);
        if (result.periodic_contribution > 0) {
          const short = simulate(goal.current_savings, result.periodic_contribution - 0.01, r, n, begin);
          expect(short).toBeLessThan(goal.target_amount + tolerance);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('savings + contributions + growth = projected balance, in exact cents', () => {
    fc.assert(
      fc.property(goals, (goal) => {
        const result = run(goal);
        // Exact in cents while a double carries every cent: an amount with cents round-trips through a
        // double when it has at most 15 significant digits, i.e. below 1e13 dollars. Above that the
        // results are the nearest doubles, equal within their own precision.
        const sum = new Dec(goal.current_savings).plus(result.total_contributed).plus(result.growth);
        const largest = Math.max(result.projected_balance, result.total_contributed, Math.abs(result.growth));
        if (largest < 1e13) {
          expect(sum.eq(result.projected_balance)).toBe(true);
        } else {
          expect(sum.minus(result.projected_balance).abs().toNumber()).toBeLessThanOrEqual(
            1e-15 * result.projected_balance,
          );
        }
        expect(result.target_met_by_current_savings).toBe(result.periodic_contribution === 0);
      }),
    );
  });
});

describe('goal funding: envelope and errors', () => {
  it('golden result_id', () => {
    expect(
      goalFunding({ target_amount: 100_000, current_savings: 10_000, years: 10, annual_return: 0.06 })
        .result_id,
    ).toBe('goal_86e537f1a9de0202');
  });
  it('years that do not make whole periods is a 400 naming years', () => {
    const error = errorOf({ target_amount: 1000, years: 1.3, annual_return: 0.05, periods_per_year: 4 });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('years');
  });
  it('out-of-range fields are 400s naming the field', () => {
    const base = { target_amount: 1000, years: 5, annual_return: 0.05 };
    expect(errorOf({ ...base, periods_per_year: 366 }).issues[0]?.path).toBe('periods_per_year');
    expect(errorOf({ ...base, years: 0 }).issues[0]?.path).toBe('years');
    expect(errorOf({ ...base, annual_return: -1 }).issues[0]?.path).toBe('annual_return');
    expect(errorOf({ ...base, payment_timing: 'middle' }).issues[0]?.path).toBe('payment_timing');
    expect(errorOf({ ...base, target: 5 }).issues[0]).toMatchObject({
      path: 'target',
      code: 'unknown_field',
    });
  });
});
