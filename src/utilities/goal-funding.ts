import * as z from 'zod/mini';
import { annuityCertainFactor, Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { fieldIssue, nonNegativeMoney, rate } from '../core/schema';

/** How close years x periods_per_year must be to a whole number of periods (float noise). */
const WHOLE_PERIODS_TOLERANCE = 1e-9;
/** A shortfall this small relative to the target is float noise: the target is met. */
const NOISE = 1e-12;

const GoalFundingObject = z.strictObject({
  target_amount: nonNegativeMoney('Amount to have at the end (dollars).'),
  current_savings: z._default(
    nonNegativeMoney('Savings already set aside, invested from now (dollars, default 0).'),
    0,
  ),
  years: z
    .number()
    .check(
      z.gt(0),
      z.lte(100),
      z.describe('Years until the goal (0 < years <= 100); years x periods_per_year must be whole.'),
    ),
  annual_return: rate(
    'Nominal annual return (0.06 = 6%); the periodic rate is annual_return / periods_per_year.',
  ),
  periods_per_year: z
    ._default(z.int().check(z.gte(1), z.lte(365)), 12)
    .check(z.describe('Contributions and compounding per year (1-365, default 12 = monthly).')),
  payment_timing: z
    ._default(z.enum(['begin', 'end']), 'end')
    .check(z.describe('When contributions fall in each period: `end` (default) or `begin`.')),
});

/**
 * `/v1/goal-funding` request. The number of periods, years x periods_per_year, must be a whole
 * number (1.5 years monthly is 18 periods; 1.3 years quarterly is not).
 */
export const GoalFundingInput = GoalFundingObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    const periods = input.years * input.periods_per_year;
    const whole = Math.round(periods);
    if (whole < 1 || Math.abs(periods - whole) > WHOLE_PERIODS_TOLERANCE * Math.max(1, periods)) {
      issue(
        'years',
        `years x periods_per_year must be a whole number of periods, at least 1 (got ${periods})`,
      );
    }
  }),
);
export type GoalFundingInput = z.input<typeof GoalFundingInput>;

export const GoalFundingResult = z.object({
  periodic_contribution: z
    .number()
    .check(
      z.describe(
        'Contribution each period, rounded up to the cent so that the target is reached; 0 when met.',
      ),
    ),
  number_of_periods: z.int().check(z.describe('years x periods_per_year.')),
  periodic_rate: z.number().check(z.describe('annual_return / periods_per_year (nominal convention).')),
  effective_annual_rate: z.number().check(z.describe('(1 + periodic_rate)^periods_per_year - 1.')),
  future_value_of_current_savings: z
    .number()
    .check(z.describe('current_savings compounded to the goal date.')),
  total_contributed: z.number().check(z.describe('periodic_contribution x number_of_periods.')),
  projected_balance: z
    .number()
    .check(z.describe('Balance at the goal date with the rounded contribution (>= target).')),
  growth: z.number().check(z.describe('projected_balance - current_savings - total_contributed.')),
  target_met_by_current_savings: z
    .boolean()
    .check(z.describe('Whether current savings alone reach the target.')),
});
/** The `result` of the envelope: the type of the `GoalFundingResult` schema. */
export type GoalFundingResult = z.infer<typeof GoalFundingResult>;

function compute(input: z.output<typeof GoalFundingInput>): GoalFundingResult {
  const n = Math.round(input.years * input.periods_per_year);
  const r = input.annual_return / input.periods_per_year;
  const factor = annuityCertainFactor(r, n, input.payment_timing);
  const grown = input.current_savings * Math.exp(n * Math.log1p(r));
  const gap = input.target_amount - grown;
  const met = gap <= NOISE * input.target_amount;
  // Round up to the cent (after dropping float noise beyond 12 significant digits): never short.
  const contribution = met
    ? new Dec(0)
    : new Dec(gap / factor).toSignificantDigits(12).toDecimalPlaces(2, Dec.ROUND_UP);
  const projected = new Dec(roundMoney(grown + contribution.toNumber() * factor));
  const contributed = contribution.mul(n);
  return {
    periodic_contribution: contribution.toNumber(),
    number_of_periods: n,
    periodic_rate: roundRate(r),
    effective_annual_rate: roundRate(Math.expm1(input.periods_per_year * Math.log1p(r))),
    future_value_of_current_savings: roundMoney(grown),
    total_contributed: contributed.toNumber(),
    projected_balance: projected.toNumber(),
    growth: projected.minus(roundMoney(input.current_savings)).minus(contributed).toNumber(),
    target_met_by_current_savings: met,
  };
}

/**
 * Goal funding: the level contribution per period that grows, with `current_savings`, to
 * `target_amount` in `years` at `annual_return` compounded `periods_per_year` times a year (nominal
 * convention: periodic rate = annual_return / periods_per_year). Solves
 * `target = savings (1+r)^n + c ((1+r)^n - 1) / r` (times (1 + r) for `begin`), exactly `n` at r = 0,
 * and rounds c up to the cent. A target that current savings already reach needs 0.
 *
 * @example
 * ```ts
 * import { goalFunding } from 'finplan/utilities';
 * // 100,000 in 10 years at 6% compounded monthly, from 10,000: 10,000 x 1.005^120 = 18,193.97 grows
 * // on its own; the remaining 81,806.03 / (((1.005^120 - 1) / 0.005) = 163.8793) = 499.19 a month.
 * goalFunding({ target_amount: 100_000, current_savings: 10_000, years: 10, annual_return: 0.06 })
 *   .result.periodic_contribution; // 499.19
 * ```
 */
export const goalFunding = defineOperation({
  path: '/v1/goal-funding',
  engine: 'goal-funding',
  version: '1.0.0',
  prefix: 'goal',
  summary: 'Periodic contribution needed to reach a savings target.',
  description:
    'Level contribution per period so that current savings plus contributions, compounded at ' +
    'annual_return / periods_per_year per period (nominal convention), reach target_amount after ' +
    'years x periods_per_year periods (a whole number). Contributions at period end by default, or begin. ' +
    'The contribution is rounded up to the cent; 0 when current savings already reach the target.',
  example: { target_amount: 100000, current_savings: 10000, years: 10, annual_return: 0.06 },
  input: GoalFundingInput,
  output: GoalFundingResult,
  compute,
});
