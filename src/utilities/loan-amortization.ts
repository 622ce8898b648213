import * as z from 'zod/mini';
import { Dec, monthlyInterest } from '../core/money';
import { defineOperation } from '../core/operation';
import { MONEY_LIMIT, nonNegativeMoney } from '../core/schema';

/** Decimal places of annual_rate used (finer rates would cancel out in 1 - (1 + r)^-n). */
const RATE_PLACES = 12;
/** Longest loan term accepted, in months (100 years). */
export const MAX_TERM_MONTHS = 1200;

/** `/v1/loan/amortization` request: a level-payment monthly loan, optionally with extra principal. */
export const AmortizationInput = z.strictObject({
  principal: z
    .number()
    .check(z.gte(0.01), z.lt(MONEY_LIMIT), z.describe('Amount borrowed (dollars, at least 0.01; cents).')),
  annual_rate: z
    .number()
    .check(
      z.gte(0),
      z.lte(1),
      z.describe(
        'Nominal annual interest rate (0.06 = 6%), used to 12 decimal places; monthly rate = annual_rate / 12.',
      ),
    ),
  term_months: z.int().check(z.gte(1), z.lte(MAX_TERM_MONTHS), z.describe('Loan term in months (1-1200).')),
  include_schedule: z
    ._default(z.boolean(), false)
    .check(z.describe('Return the month-by-month schedule (default false).')),
  extra_monthly_principal: z._default(
    nonNegativeMoney(
      'Extra principal paid every month on top of the level payment (default 0); shortens the term.',
    ),
    0,
  ),
});
export type AmortizationInput = z.input<typeof AmortizationInput>;

const ScheduleRow = z.object({
  period: z.int().check(z.describe('Month number, from 1.')),
  payment: z
    .number()
    .check(z.describe('Paid this month: interest + principal (including any extra principal).')),
  interest: z
    .number()
    .check(z.describe('Interest of the month: balance x annual_rate / 12, rounded to cents.')),
  principal: z.number().check(z.describe('Principal repaid this month.')),
  balance: z.number().check(z.describe('Balance after this payment.')),
});

export const AmortizationResult = z.object({
  monthly_payment: z
    .number()
    .check(z.describe('Level monthly payment (without extra principal), rounded to cents.')),
  final_payment: z
    .number()
    .check(z.describe('The last payment, which clears the remaining balance exactly.')),
  total_interest: z
    .number()
    .check(z.describe('Interest paid over the life of the loan (with any extra principal).')),
  total_paid: z.number().check(z.describe('principal + total_interest.')),
  payoff_months: z.int().check(z.describe('Months until the balance is 0.')),
  months_saved: z.int().check(z.describe('Months saved by the extra principal against the level schedule.')),
  interest_saved: z
    .number()
    .check(z.describe('Interest saved by the extra principal against the level schedule.')),
  schedule: z
    .optional(z.array(ScheduleRow))
    .check(z.describe('Month-by-month rows, when include_schedule is true.')),
});
/** The `result` of the envelope: the type of the `AmortizationResult` schema. */
export type AmortizationResult = z.infer<typeof AmortizationResult>;

/** One schedule row in exact decimals. */
export interface DecRow {
  readonly period: number;
  readonly payment: Dec;
  readonly interest: Dec;
  readonly principal: Dec;
  readonly balance: Dec;
}

/** Places a 40-digit payment is first rounded to, so that an exact half cent lost to the finite
 * digits of r = annual_rate / 12 (6 x (1 + 0.07/12) = 6.0349999...) rounds up as it should. */
const GUARD_PLACES = 20;

/**
 * The level monthly payment `P r / (1 - (1 + r)^-n)`, r = annual rate / 12 (`P / n` when r = 0), in
 * 40-digit decimals, rounded half up to cents.
 *
 * @example
 * ```ts
 * import { Dec } from '../core/money';
 * levelPayment(new Dec(200_000), new Dec(0.06), 360).toString(); // '1199.1'
 * ```
 */
export function levelPayment(principal: Dec, annualRate: Dec, months: number): Dec {
  const monthlyRate = annualRate.div(12);
  const denominator = new Dec(1).minus(monthlyRate.plus(1).pow(-months));
  const exact =
    monthlyRate.isZero() || denominator.isZero()
      ? principal.div(months)
      : principal.mul(monthlyRate).div(denominator);
  return exact.toDecimalPlaces(GUARD_PLACES).toDecimalPlaces(2);
}

/**
 * The schedule in cents: each month's interest is balance x annual rate / 12, exact, rounded half
 * up to cents; the payment (plus `extra`) repays principal; the payment that would overshoot, or
 * month `months`, pays exactly the remaining balance.
 *
 * @example
 * ```ts
 * import { Dec } from '../core/money';
 * const rows = amortize(new Dec(1000), new Dec(0), 3, new Dec('333.33'), new Dec(0));
 * rows.map((row) => row.payment.toString()); // ['333.33', '333.33', '333.34']
 * ```
 */
export function amortize(
  principal: Dec,
  annualRate: Dec,
  months: number,
  payment: Dec,
  extra: Dec,
): DecRow[] {
  const rows: DecRow[] = [];
  let balance = principal;
  for (let period = 1; period <= months && balance.gt(0); period++) {
    const interest = monthlyInterest(balance, annualRate);
    let repaid = payment.minus(interest).plus(extra);
    if (period === months || repaid.gte(balance)) repaid = balance;
    balance = balance.minus(repaid);
    rows.push({ period, payment: interest.plus(repaid), interest, principal: repaid, balance });
  }
  return rows;
}

function totalInterest(rows: readonly DecRow[]): Dec {
  return rows.reduce((sum, row) => sum.plus(row.interest), new Dec(0));
}

function compute(input: z.output<typeof AmortizationInput>): AmortizationResult {
  const principal = new Dec(input.principal).toDecimalPlaces(2);
  // 12 places: far below a cent of interest, and 1 + r keeps 25+ significant digits of r.
  const annualRate = new Dec(input.annual_rate).toDecimalPlaces(RATE_PLACES);
  const payment = levelPayment(principal, annualRate, input.term_months);
  const extra = new Dec(input.extra_monthly_principal).toDecimalPlaces(2);
  const rows = amortize(principal, annualRate, input.term_months, payment, extra);
  const baseline = extra.isZero()
    ? rows
    : amortize(principal, annualRate, input.term_months, payment, new Dec(0));
  const interest = totalInterest(rows);
  const last = rows[rows.length - 1] as DecRow;
  const result: AmortizationResult = {
    monthly_payment: payment.toNumber(),
    final_payment: last.payment.toNumber(),
    total_interest: interest.toNumber(),
    total_paid: principal.plus(interest).toNumber(),
    payoff_months: rows.length,
    months_saved: baseline.length - rows.length,
    interest_saved: totalInterest(baseline).minus(interest).toNumber(),
  };
  if (input.include_schedule) {
    result.schedule = rows.map((row) => ({
      period: row.period,
      payment: row.payment.toNumber(),
      interest: row.interest.toNumber(),
      principal: row.principal.toNumber(),
      balance: row.balance.toNumber(),
    }));
  }
  return result;
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): a month
// of the decimal schedule, once more for the baseline when there is extra principal, and a row of the
// schedule written out.
const MONTH_COST = 90;
const SCHEDULE_ROW_COST = 80;

/** Path-steps of a request: the months scheduled (twice with extra principal), and the rows written. */
function cost(input: z.output<typeof AmortizationInput>): number {
  const runs = input.extra_monthly_principal > 0 ? 2 : 1;
  return input.term_months * (runs * MONTH_COST + (input.include_schedule ? SCHEDULE_ROW_COST : 0));
}

/**
 * Loan amortization: the level monthly payment (rounded to cents), total interest, payoff time and,
 * on request, the month-by-month schedule, computed in exact cents (decimal arithmetic; each
 * month's interest rounded half up; the final payment absorbs the rounding residue so that the
 * principal rows sum exactly to the principal and the last balance is exactly 0). An extra monthly
 * principal payment shortens the term; the months and interest saved are measured against the
 * schedule without it.
 *
 * @example
 * ```ts
 * import { loanAmortization } from 'finplan/utilities';
 * const { result } = loanAmortization({ principal: 200_000, annual_rate: 0.06, term_months: 360 });
 * result.monthly_payment; // 1199.1
 * result.final_payment; // 1200.14 (359 payments of 1,199.10, then the residue of rounding the payment down)
 * result.total_interest; // 231677.04 (cent-exact; 1,199.10105... x 360 - 200,000 = 231,676.38 unrounded)
 * ```
 */
export const loanAmortization = defineOperation({
  path: '/v1/loan/amortization',
  engine: 'amortization',
  version: '1.0.0',
  prefix: 'amort',
  summary: 'Level monthly payment, total interest, payoff time and schedule of a fixed-rate loan.',
  description:
    'Fixed-rate, level-payment monthly loan: payment = P r / (1 - (1 + r)^-n) with r = annual_rate / 12, ' +
    'rounded to cents. The schedule is computed in exact cents: interest each month rounded half up, and ' +
    'the final payment clears the balance exactly. Optional extra monthly principal shortens the term; ' +
    'months and interest saved are against the schedule without it. No dates, fees or escrow.',
  example: { principal: 200000, annual_rate: 0.06, term_months: 360 },
  input: AmortizationInput,
  output: AmortizationResult,
  compute,
  cost,
  costField: 'term_months',
  costFormula: `term_months x (${MONTH_COST} a schedule, twice with extra_monthly_principal, + ${SCHEDULE_ROW_COST} with include_schedule)`,
});
