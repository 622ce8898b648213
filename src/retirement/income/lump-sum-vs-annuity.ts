import * as z from 'zod/mini';
import {
  type AnnuityOptions,
  annuityCertain,
  annuityFactor,
  completeExpectancy,
  expectedPayments,
  jointAndSurvivor,
  type Life,
  type Status,
  single,
} from '../../core/life-table';
import { Dec, roundMoney, roundRate, roundTo } from '../../core/money';
import { MORTALITY_PERIOD, MORTALITY_TABLE_NAME, SEXES, ssaLifeTable } from '../../core/mortality';
import { defineOperation } from '../../core/operation';
import { brent } from '../../core/roots';
import {
  fieldIssue,
  integer,
  MONEY_LIMIT,
  number,
  oneOf,
  optionalResultNumber,
  rate,
  resultNumber,
  withDefault,
} from '../../core/schema';

/** Oldest age at which the pension can start. */
const MAX_START_AGE = 110;
/** Nobody lives past 120 on the table: the end of every search. */
const LAST_AGE = 121;
/** The implied return is searched between these annual rates. */
const RETURN_MIN = -0.99;
const RETURN_MAX = 10;

const positiveMoney = (description: string) => number(description, { gt: 0, lt: MONEY_LIMIT });

/** `/v1/pension/lump-sum-vs-annuity` request. */
export const LumpSumVsAnnuityInput = z
  .strictObject({
    current_age: integer(`Age today (0-${MAX_START_AGE}), when the lump sum would be paid.`, {
      min: 0,
      max: MAX_START_AGE,
    }),
    lump_sum_offer: positiveMoney('Lump sum offered today instead of the pension (dollars).'),
    monthly_pension: positiveMoney('Monthly pension in its first year (dollars).'),
    discount_rate: rate(
      'Annual rate at which the pension payments are discounted to today (0.05 = 5%; -0.05 to 0.2): what the lump sum could earn, nominal when the pension is nominal.',
      { min: -0.05, max: 0.2 },
    ),
    end_age: integer(
      'Age to which the pension is assumed paid in the certain view (after the start, up to 121): payments for every month before it.',
      { min: 1, max: LAST_AGE },
    ),
    start_age: z.optional(
      integer(
        `Age at which the pension starts (current_age-${MAX_START_AGE}); default current_age. The first payment is one month after it.`,
        { min: 0, max: MAX_START_AGE },
      ),
    ),
    cola: withDefault(
      rate(
        'Cost-of-living adjustment: yearly increase of the pension, on each anniversary of the start (0.02 = 2%; -0.05 to 0.2). Default 0.',
        { min: -0.05, max: 0.2 },
      ),
      0,
    ),
    sex: z.optional(
      oneOf(
        SEXES,
        `male or female: adds the mortality-weighted view (payments for life) on the SSA ${MORTALITY_PERIOD} period life table.`,
      ),
    ),
    survivor_fraction: withDefault(
      number(
        'Joint-and-survivor pension: the fraction paid to the joint life after the pensioner dies (0-1, default 0: single life). Used by the mortality-weighted view; above 0 needs joint_age and joint_sex.',
        { min: 0, max: 1 },
      ),
      0,
    ),
    joint_age: z.optional(
      integer('Age today of the joint life (0-120); with survivor_fraction above 0.', { min: 0, max: 120 }),
    ),
    joint_sex: z.optional(oneOf(SEXES, 'Sex of the joint life; with survivor_fraction above 0.')),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      const start = input.start_age ?? input.current_age;
      if (input.start_age !== undefined && input.start_age < input.current_age) {
        issue('start_age', 'must be at least current_age');
      }
      if (input.end_age <= start) issue('end_age', 'must be after the start of the pension');
      const joint = input.survivor_fraction > 0;
      for (const field of ['joint_age', 'joint_sex'] as const) {
        if (joint && input[field] === undefined) issue(field, 'is required with a survivor_fraction above 0');
        if (!joint && input[field] !== undefined)
          issue(field, 'applies only with a survivor_fraction above 0');
      }
      if (joint && input.sex === undefined) issue('sex', 'is required with a survivor_fraction above 0');
    }),
  );
export type LumpSumVsAnnuityInput = z.input<typeof LumpSumVsAnnuityInput>;

const Choice = z.enum(['annuity', 'lump_sum']);

const View = {
  present_value: resultNumber('Present value today of the pension payments at discount_rate.'),
  advantage_of_annuity: resultNumber(
    'present_value - lump_sum_offer: positive when the pension is worth more.',
  ),
  better_value: Choice.check(
    z.describe('annuity when its present value exceeds the lump sum, else lump_sum.'),
  ),
  implied_return: optionalResultNumber(
    'The annual return at which the pension is worth exactly the lump sum (its internal rate of return against the lump sum); absent outside -99% to 1000%. Above discount_rate: the pension pays more than the lump sum invested at that rate.',
  ),
};

export const LumpSumVsAnnuityResult = z.object({
  current_age: resultNumber('Age today.'),
  start_age: resultNumber('Age at which the pension starts.'),
  end_age: resultNumber('end_age as given.'),
  lump_sum_offer: resultNumber('The lump sum.'),
  monthly_pension: resultNumber('Monthly pension in the first year.'),
  annual_pension: resultNumber('12 x monthly_pension, the first year.'),
  cola: resultNumber('Yearly increase of the pension.'),
  discount_rate: resultNumber('The discount rate.'),
  certain: z
    .object({
      years_paid: resultNumber('end_age - start_age.'),
      total_payments: resultNumber('The payments to end_age, undiscounted (nominal, with the COLA).'),
      ...View,
    })
    .check(
      z.describe('The pension paid for certain until end_age (the pensioner lives exactly to end_age).'),
    ),
  mortality_weighted: z.optional(
    z
      .object({
        sex: z.enum(SEXES),
        mortality_table: z.string(),
        survivor_fraction: resultNumber('Fraction paid to the joint life after the pensioner dies.'),
        life_expectancy: resultNumber("The pensioner's complete life expectancy today (years)."),
        expected_total_payments: resultNumber(
          'Payments for life (and to the survivor), survival-weighted, undiscounted.',
        ),
        ...View,
      })
      .check(
        z.describe(
          'With sex: payments weighted by the probability of being paid (pensioner alive, or the survivor).',
        ),
      ),
  ),
  breakeven_age: optionalResultNumber(
    "Nominal breakeven: the pensioner's age at the payment that brings the undiscounted pension payments to the lump sum; absent when not reached by 121.",
  ),
});
/** The `result` of the envelope: the type of the `LumpSumVsAnnuityResult` schema. */
export type LumpSumVsAnnuityResult = z.infer<typeof LumpSumVsAnnuityResult>;

type Parsed = z.output<typeof LumpSumVsAnnuityInput>;

/**
 * The rate at which `value(rate)` (a decreasing present value) equals `target`, between RETURN_MIN and
 * RETURN_MAX; undefined outside.
 */
function impliedReturn(value: (rate: number) => number, target: number): number | undefined {
  const f = (r: number) => value(r) / target - 1;
  const low = f(RETURN_MIN);
  const high = f(RETURN_MAX);
  if (!(low >= 0 && high <= 0)) return undefined;
  return brent(f, RETURN_MIN, RETURN_MAX, low, high, 1e-12);
}

/** The comparison of one view: present value at discount_rate, the advantage, the implied return. */
function view(annual: number, factorAt: (rate: number) => number, input: Parsed) {
  const pv = new Dec(annual).times(factorAt(input.discount_rate));
  const advantage = pv.minus(input.lump_sum_offer);
  const implied = impliedReturn((r) => annual * factorAt(r), input.lump_sum_offer);
  return {
    present_value: roundMoney(pv),
    advantage_of_annuity: roundMoney(advantage),
    better_value: advantage.gt(0) ? ('annuity' as const) : ('lump_sum' as const),
    ...(implied === undefined ? {} : { implied_return: roundRate(implied) }),
  };
}

/**
 * The age at the payment that brings the cumulative (undiscounted) payments to the lump sum: payment j
 * (from 1) is paid at `start + j/12`, the monthly pension grown by the COLA on each anniversary.
 */
function breakevenAge(input: Parsed, start: number): number | undefined {
  let total = 0;
  let payment = input.monthly_pension;
  for (let j = 1; start + j / 12 <= LAST_AGE; j++) {
    total += payment;
    if (total >= input.lump_sum_offer) return start + j / 12;
    if (j % 12 === 0) payment *= 1 + input.cola;
  }
  return undefined;
}

function compute(input: Parsed): LumpSumVsAnnuityResult {
  const start = input.start_age ?? input.current_age;
  const annual = input.monthly_pension * 12;
  const pattern = (r: number): AnnuityOptions => ({
    rate: r,
    frequency: 12,
    timing: 'arrears',
    deferral: start - input.current_age,
    growth: input.cola,
  });
  const years = input.end_age - start;
  const certainFactor = (r: number) => annuityCertain(years, pattern(r));
  const result: LumpSumVsAnnuityResult = {
    current_age: input.current_age,
    start_age: start,
    end_age: input.end_age,
    lump_sum_offer: input.lump_sum_offer,
    monthly_pension: input.monthly_pension,
    annual_pension: roundMoney(new Dec(input.monthly_pension).times(12)),
    cola: input.cola,
    discount_rate: input.discount_rate,
    certain: {
      years_paid: years,
      total_payments: roundMoney(new Dec(annual).times(certainFactor(0))),
      ...view(annual, certainFactor, input),
    },
  };
  if (input.sex !== undefined) {
    const pensioner: Life = { table: ssaLifeTable(input.sex), age: input.current_age };
    const status: Status =
      input.survivor_fraction > 0
        ? jointAndSurvivor(
            pensioner,
            { table: ssaLifeTable(input.joint_sex ?? input.sex), age: input.joint_age ?? input.current_age },
            input.survivor_fraction,
            'contingent',
          )
        : single(pensioner);
    const lifeFactor = (r: number) => annuityFactor(status, pattern(r));
    result.mortality_weighted = {
      sex: input.sex,
      mortality_table: MORTALITY_TABLE_NAME,
      survivor_fraction: input.survivor_fraction,
      life_expectancy: roundTo(completeExpectancy(single(pensioner)), 2),
      expected_total_payments: roundMoney(new Dec(annual).times(expectedPayments(status, pattern(0)))),
      ...view(annual, lifeFactor, input),
    };
  }
  const breakeven = breakevenAge(input, start);
  if (breakeven !== undefined) result.breakeven_age = roundTo(breakeven, 2);
  return result;
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): each
// view values the monthly payments at discount_rate and again at each step of the implied-return
// search, so its work is a month's cost times the months paid: to end_age for certain, to the end of the
// life table (age 121) with sex, weighted by one or two lives.
const BASE_COST = 3_000;
const CERTAIN_MONTH_COST = 25;
const LIFE_MONTH_COST = 50;
const JOINT_MONTH_COST = 80;

/** Path-steps of a request: the months each view values, at a month's cost in that view. */
function cost(input: Parsed): number {
  const start = input.start_age ?? input.current_age;
  const certain = (input.end_age - start) * 12 * CERTAIN_MONTH_COST;
  if (input.sex === undefined) return BASE_COST + certain;
  const youngest = Math.min(input.current_age, input.joint_age ?? input.current_age);
  const perMonth = input.survivor_fraction > 0 ? JOINT_MONTH_COST : LIFE_MONTH_COST;
  return BASE_COST + certain + (LAST_AGE - youngest) * 12 * perMonth;
}

/**
 * Pension lump sum versus annuity: the monthly pension (optionally with a COLA, and a joint-and-survivor
 * fraction) valued at `discount_rate` against the lump sum offered today, paid for certain to `end_age`
 * and, with `sex`, weighted by survival on the SSA 2021 period life table; the pension's implied return
 * against the lump sum in each view, and the nominal breakeven age.
 *
 * @example
 * ```ts
 * import { pensionLumpSumVsAnnuity } from 'finplan/retirement';
 * const { result } = pensionLumpSumVsAnnuity({
 *   current_age: 65, lump_sum_offer: 200_000, monthly_pension: 1_000, discount_rate: 0, end_age: 85,
 * });
 * // 240 payments of 1,000 = 240,000; the 200th (at 65 + 200/12) reaches the lump sum
 * result.certain.total_payments; // 240000
 * result.breakeven_age; // 81.67
 * ```
 */
export const pensionLumpSumVsAnnuity = defineOperation({
  path: '/v1/pension/lump-sum-vs-annuity',
  engine: 'pension-lump-sum',
  version: '1.0.0',
  prefix: 'pls',
  summary: 'Pension lump sum versus annuity: present values, implied return and breakeven age.',
  description:
    'Values a monthly pension (paid in arrears from start_age, stepped up by the COLA on each anniversary) at ' +
    'discount_rate against the lump sum offered today: paid for certain until end_age, and with sex ' +
    'weighted by survival on the SSA 2021 period life table (deaths uniform within each year of age) for ' +
    'life, with survivor_fraction of it continuing to a joint life after the pensioner dies. In each view ' +
    'the present value, its advantage over the lump sum and the implied return (the rate at which the ' +
    'pension is worth exactly the lump sum); and the nominal breakeven age at which the undiscounted ' +
    'payments reach the lump sum. Taxes and the plan sponsor\u2019s credit risk are not modeled.',
  example: {
    current_age: 65,
    lump_sum_offer: 200000,
    monthly_pension: 1000,
    discount_rate: 0.04,
    end_age: 85,
  },
  input: LumpSumVsAnnuityInput,
  output: LumpSumVsAnnuityResult,
  compute,
  cost,
  costField: 'end_age',
  costFormula:
    `${BASE_COST} + 12 x (end_age - start_age) x ${CERTAIN_MONTH_COST}, and with sex + 12 x (${LAST_AGE} - the ` +
    `younger current age) x ${LIFE_MONTH_COST} (${JOINT_MONTH_COST} with a survivor_fraction)`,
});
