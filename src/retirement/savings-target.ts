import * as z from 'zod/mini';
import { annuityCertainFactor, ceilCents, Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, fieldIssue, nonNegativeMoney, rate } from '../core/schema';

const SavingsTargetObject = z.strictObject({
  current_age: age('Age today (0-120).'),
  retirement_age: age('Age at retirement (above current_age): saving stops, withdrawals begin.'),
  end_age: age(
    'Planning horizon (above retirement_age): the last withdrawal is at end_age - 1. Used for the ' +
      'check that the nest egg lasts (nest_egg_to_end_age).',
  ),
  target_annual_income: nonNegativeMoney('Income wanted each retirement year, in dollars of today.'),
  other_income: nonNegativeMoney(
    'Income from other sources each retirement year (Social Security, pensions), in dollars of today.',
  ),
  current_savings: nonNegativeMoney('Savings today, invested from now until retirement (dollars).'),
  expected_return: rate('Nominal annual return (0.06 = 6%).'),
  inflation: rate(
    'Annual inflation (0.025 = 2.5%; -0.5 to 1); real return = (1 + expected_return) / (1 + inflation) - 1.',
    { min: -0.5, max: 1 },
  ),
  withdrawal_rate: rate(
    'Share of the nest egg withdrawn in the first retirement year and then held in real terms (0.04 = the ' +
      '4% rule; 0.001 to 1); the nest egg is (target_annual_income - other_income) / withdrawal_rate.',
    { min: 0.001, max: 1 },
  ),
});

/** `/v1/retirement/savings-target` request: current_age < retirement_age < end_age. */
export const SavingsTargetInput = SavingsTargetObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.retirement_age <= input.current_age)
      issue('retirement_age', `must be above current_age (${input.current_age})`);
    if (input.end_age <= input.retirement_age)
      issue('end_age', `must be above retirement_age (${input.retirement_age})`);
  }),
);
export type SavingsTargetInput = z.input<typeof SavingsTargetInput>;

const real = (description: string) => z.number().check(z.describe(description));

export const SavingsTargetResult = z.object({
  real_return: z
    .number()
    .check(
      z.describe('(1 + expected_return) / (1 + inflation) - 1, the rate every amount grows at (6 places).'),
    ),
  years_to_retirement: z.int().check(z.describe('retirement_age - current_age.')),
  years_in_retirement: z.int().check(z.describe('end_age - retirement_age.')),
  income_gap: real(
    'Yearly income the savings must provide: target_annual_income - other_income, at least 0 (dollars of today).',
  ),
  required_nest_egg: real(
    'income_gap / withdrawal_rate: the savings needed at retirement, in dollars of today.',
  ),
  projected_savings: real(
    'Current trajectory: current_savings grown at the real return to retirement, with no further saving ' +
      '(dollars of today).',
  ),
  savings_gap: real(
    'required_nest_egg - projected_savings: what saving must add by retirement; negative when the current ' +
      'trajectory already exceeds the nest egg (dollars of today).',
  ),
  on_track: z
    .boolean()
    .check(z.describe('Whether the current trajectory reaches the nest egg (savings_gap <= 0).')),
  required_annual_saving: real(
    'Level saving at the end of each year until retirement (years_to_retirement deposits, in dollars of today, ' +
      'so rising with inflation in nominal terms) that closes savings_gap; rounded up to the cent; 0 when on track.',
  ),
  required_monthly_saving: real(
    'The same with deposits at the end of each month (12 x years_to_retirement deposits, monthly real rate ' +
      '(1 + real_return)^(1/12) - 1); rounded up to the cent; 0 when on track.',
  ),
  nest_egg_to_end_age: real(
    'Check of the withdrawal rate: the present value at retirement of income_gap withdrawn at the start of each ' +
      'year from retirement_age to end_age - 1 at the real return (what a nest egg must hold to pay the gap ' +
      'exactly until end_age, dollars of today).',
  ),
  lasts_to_end_age: z
    .boolean()
    .check(
      z.describe(
        'Whether required_nest_egg >= nest_egg_to_end_age: at a constant real return, the withdrawals of ' +
          'income_gap last until end_age.',
      ),
    ),
});
/** The `result` of the envelope: the type of the `SavingsTargetResult` schema. */
export type SavingsTargetResult = z.infer<typeof SavingsTargetResult>;

function compute(input: z.output<typeof SavingsTargetInput>): SavingsTargetResult {
  const r = (input.expected_return - input.inflation) / (1 + input.inflation);
  const n = input.retirement_age - input.current_age;
  const m = input.end_age - input.retirement_age;
  const growth = (years: number) => Math.exp(years * Math.log1p(r));

  const incomeGap = new Dec(input.target_annual_income).minus(input.other_income);
  const income = incomeGap.isNegative() ? new Dec(0) : incomeGap;
  const nestEgg = new Dec(roundMoney(income.div(input.withdrawal_rate)));
  const projected = new Dec(roundMoney(input.current_savings * growth(n)));
  const gap = nestEgg.minus(projected);
  const short = gap.isPositive() && !gap.isZero();
  const gapDollars = gap.toNumber();

  const monthlyRate = Math.expm1(Math.log1p(r) / 12);
  const annual = short ? ceilCents(gapDollars / annuityCertainFactor(r, n, 'end')) : 0;
  const monthly = short ? ceilCents(gapDollars / annuityCertainFactor(monthlyRate, 12 * n, 'end')) : 0;
  const toEndAge = roundMoney(income.toNumber() * (annuityCertainFactor(r, m, 'begin') / growth(m)));

  return {
    real_return: roundRate(r),
    years_to_retirement: n,
    years_in_retirement: m,
    income_gap: income.toNumber(),
    required_nest_egg: nestEgg.toNumber(),
    projected_savings: projected.toNumber(),
    savings_gap: gapDollars,
    on_track: !short,
    required_annual_saving: annual,
    required_monthly_saving: monthly,
    nest_egg_to_end_age: toEndAge,
    lasts_to_end_age: nestEgg.gte(toEndAge),
  };
}

/**
 * Retirement savings target in real (today's) dollars: the nest egg that pays the income gap
 * (`target_annual_income - other_income`) at `withdrawal_rate`, the current savings grown at the real
 * return to retirement, the gap between them, and the level annual (end of year) and monthly (end of
 * month) saving that closes it, rounded up to the cent. Also checks the withdrawal rate against the
 * horizon: the present value of the income gap paid at the start of each retirement year until `end_age`.
 *
 * @example
 * ```ts
 * import { savingsTarget } from 'finplan/retirement';
 * // 60,000 wanted, 20,000 from Social Security, 4%: nest egg 40,000 / 0.04 = 1,000,000. Real return
 * // 1.071 / 1.02 - 1 = 5%; 100,000 grows to 100,000 x 1.05^25 = 338,635.49; the gap 661,364.51 over
 * // ((1.05^25 - 1) / 0.05 = 47.727099) = 13,857.2117 -> 13,857.22 a year.
 * savingsTarget({
 *   current_age: 40, retirement_age: 65, end_age: 95, target_annual_income: 60_000, other_income: 20_000,
 *   current_savings: 100_000, expected_return: 0.071, inflation: 0.02, withdrawal_rate: 0.04,
 * }).result.required_annual_saving; // 13857.22
 * ```
 */
export const savingsTarget = defineOperation({
  path: '/v1/retirement/savings-target',
  engine: 'savings-target',
  version: '1.0.0',
  prefix: 'svt',
  summary: 'Retirement nest egg, the annual and monthly saving to reach it, and the gap, in real dollars.',
  description:
    'Deterministic, in real dollars (dollars of today) at the real return (1 + expected_return) / (1 + inflation) - 1. ' +
    'Nest egg = (target_annual_income - other_income) / withdrawal_rate (0 when other income covers the ' +
    'target). Current trajectory: current_savings grown to retirement_age with no further saving. Gap = nest ' +
    'egg - trajectory. Required saving: level real deposits at the end of each year (annual) or of each month ' +
    '(monthly, at the equivalent monthly real rate) until retirement_age that grow to the gap; rounded up to ' +
    'the cent; 0 when on track. nest_egg_to_end_age is the present value at retirement of the income gap ' +
    'withdrawn at the start of each year until end_age - 1, and lasts_to_end_age compares the nest egg with ' +
    'it. Taxes and fees are not modeled.',
  example: {
    current_age: 40,
    retirement_age: 65,
    end_age: 95,
    target_annual_income: 60000,
    other_income: 20000,
    current_savings: 100000,
    expected_return: 0.071,
    inflation: 0.02,
    withdrawal_rate: 0.04,
  },
  input: SavingsTargetInput,
  output: SavingsTargetResult,
  compute,
});
