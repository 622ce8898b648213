import * as z from 'zod/mini';
import { calculationError } from '../../core/errors';
import {
  type AnnuityOptions,
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
import {
  absent,
  crossFieldRules,
  exactlyOne,
  fieldIssue,
  integer,
  MONEY_LIMIT,
  number,
  oneOf,
  optionalResultNumber,
  present,
  rate,
  resultNumber,
  when,
  withDefault,
} from '../../core/schema';

/** The payout options: life only, life with a period certain, joint and survivor. */
export const PAYOUT_TYPES = ['life', 'period_certain', 'joint_survivor'] as const;

/** Oldest age at which an annuity is bought or starts paying. */
const MAX_AGE = 110;

const positiveMoney = (description: string) => number(description, { gt: 0, lt: MONEY_LIMIT });
/** A premium is at least a cent: below it a quote's payout rate (income / premium) can overflow a double. */
const MIN_PREMIUM = 0.01;

/** `/v1/annuity` request. */
export const AnnuityInput = z
  .strictObject({
    premium: z.optional(
      number(
        'Single premium paid today (dollars, at least 0.01): the result is the income it buys. Exactly one of premium and target_annual_income.',
        { min: MIN_PREMIUM, lt: MONEY_LIMIT },
      ),
    ),
    target_annual_income: z.optional(
      positiveMoney(
        'Annual income wanted (dollars a year, paid monthly): the result is the premium it costs. Exactly one of premium and target_annual_income.',
      ),
    ),
    age: integer(`Age of the annuitant today (0-${MAX_AGE}).`, { min: 0, max: MAX_AGE }),
    sex: oneOf(SEXES, `Sex of the annuitant: the column of the SSA ${MORTALITY_PERIOD} period life table.`),
    assumed_rate: rate(
      'Annual effective interest rate the annuity is priced at (0.045 = 4.5%; -0.05 to 0.2).',
      {
        min: -0.05,
        max: 0.2,
      },
    ),
    payout_type: withDefault(
      oneOf(
        PAYOUT_TYPES,
        'life: for life; period_certain: for life, with the first period_certain_years guaranteed; joint_survivor: in full while both lives live, then survivor_fraction to whichever survives. Default life.',
      ),
      'life',
    ),
    start_age: z.optional(
      integer(
        `Age at which income starts, for a deferred annuity (age-${MAX_AGE}); default age (an immediate annuity). The first payment is one month after it.`,
        { min: 0, max: MAX_AGE },
      ),
    ),
    period_certain_years: z.optional(
      integer(
        'Years of payments guaranteed from the start, paid whether or not the annuitant lives (1-50); with payout_type period_certain.',
        {
          min: 1,
          max: 50,
        },
      ),
    ),
    joint_age: z.optional(
      integer('Age today of the joint life (0-120); with payout_type joint_survivor.', { min: 0, max: 120 }),
    ),
    joint_sex: z.optional(oneOf(SEXES, 'Sex of the joint life; with payout_type joint_survivor.')),
    survivor_fraction: z.optional(
      number(
        'Fraction of the income paid after the first death (0-1); with payout_type joint_survivor, default 1.',
        {
          min: 0,
          max: 1,
        },
      ),
    ),
    quoted_monthly_income: z.optional(
      positiveMoney(
        "An insurer's quoted monthly income for the premium (dollars): the money's-worth ratio then measures the quote. With premium only.",
      ),
    ),
  })
  .check(
    crossFieldRules(
      exactlyOne('premium', 'target_annual_income'),
      { dependentRequired: { quoted_monthly_income: ['premium'] } },
      when(
        'payout_type',
        ['period_certain'],
        present('period_certain_years'),
        absent('period_certain_years'),
      ),
      when(
        'payout_type',
        ['joint_survivor'],
        present('joint_age', 'joint_sex'),
        absent('joint_age', 'joint_sex', 'survivor_fraction'),
      ),
    ),
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if ((input.premium === undefined) === (input.target_annual_income === undefined)) {
        issue(
          input.premium === undefined ? 'premium' : 'target_annual_income',
          'give exactly one of premium and target_annual_income',
        );
      }
      if (input.quoted_monthly_income !== undefined && input.premium === undefined) {
        issue('quoted_monthly_income', 'applies only with premium');
      }
      if (input.start_age !== undefined && input.start_age < input.age)
        issue('start_age', 'must be at least age');
      const certain = input.payout_type === 'period_certain';
      if (certain && input.period_certain_years === undefined) {
        issue('period_certain_years', 'is required with payout_type period_certain');
      }
      if (!certain && input.period_certain_years !== undefined) {
        issue('period_certain_years', 'applies only with payout_type period_certain');
      }
      const joint = input.payout_type === 'joint_survivor';
      for (const field of ['joint_age', 'joint_sex'] as const) {
        if (joint && input[field] === undefined) issue(field, 'is required with payout_type joint_survivor');
      }
      for (const field of ['joint_age', 'joint_sex', 'survivor_fraction'] as const) {
        if (!joint && input[field] !== undefined)
          issue(field, 'applies only with payout_type joint_survivor');
      }
    }),
  );
export type AnnuityInput = z.input<typeof AnnuityInput>;

export const AnnuityResult = z.object({
  solved_for: z
    .enum(['income', 'premium'])
    .check(z.describe('income (premium given) or premium (target_annual_income given).')),
  payout_type: z.enum(PAYOUT_TYPES),
  age: resultNumber('Age today.'),
  start_age: resultNumber('Age at which income starts (age for an immediate annuity).'),
  assumed_rate: resultNumber('The pricing rate.'),
  mortality_table: z.string().check(z.describe('The SSA 2021 period life table.')),
  annuity_factor: resultNumber(
    'Present value at assumed_rate, survival-weighted, of 1 a year paid monthly in arrears from start_age (6 decimals): premium = annual income x annuity_factor.',
  ),
  premium: resultNumber('The single premium (given, or the one target_annual_income costs).'),
  annual_income: resultNumber(
    'Income a year (12 monthly payments; each amount rounded to cents on its own).',
  ),
  monthly_income: resultNumber('Monthly payment (the quote when quoted_monthly_income is given).'),
  payout_rate: resultNumber('annual_income / premium.'),
  survivor_annual_income: optionalResultNumber('joint_survivor: the income a year after the first death.'),
  guaranteed_total_payout: optionalResultNumber('period_certain: the payments of the guaranteed years.'),
  expected_payment_years: resultNumber('Expected years of full payments (undiscounted, survival-weighted).'),
  expected_total_payout: resultNumber(
    'Expected total of the payments, undiscounted: annual_income x expected_payment_years.',
  ),
  expected_present_value: resultNumber('Present value of the payments at assumed_rate, survival-weighted.'),
  money_worth_ratio: resultNumber(
    "Money's-worth ratio: expected_present_value / premium. 1 for the fair price computed here; a quote below fair gives less than 1.",
  ),
  life_expectancy: resultNumber('Complete life expectancy of the annuitant today (years).'),
});
/** The `result` of the envelope: the type of the `AnnuityResult` schema. */
export type AnnuityResult = z.infer<typeof AnnuityResult>;

type Parsed = z.output<typeof AnnuityInput>;

/** The status the payments depend on, and their pattern (annual income 1, paid monthly in arrears). */
function contract(input: Parsed): { status: Status; options: AnnuityOptions; annuitant: Life } {
  const annuitant: Life = { table: ssaLifeTable(input.sex), age: input.age };
  const status =
    input.payout_type === 'joint_survivor'
      ? jointAndSurvivor(
          annuitant,
          { table: ssaLifeTable(input.joint_sex ?? input.sex), age: input.joint_age ?? input.age },
          input.survivor_fraction ?? 1,
          'either',
        )
      : single(annuitant);
  const options: AnnuityOptions = {
    rate: input.assumed_rate,
    frequency: 12,
    timing: 'arrears',
    deferral: (input.start_age ?? input.age) - input.age,
    certainYears: input.payout_type === 'period_certain' ? (input.period_certain_years ?? 0) : 0,
  };
  return { status, options, annuitant };
}

/**
 * Below this present value of $1 a year no income can be priced (the payments are almost surely never
 * made: e.g. no survivor income and a joint life that cannot live to the start).
 */
const MIN_FACTOR = 1e-12;

function compute(input: Parsed): AnnuityResult {
  const { status, options, annuitant } = contract(input);
  const factor = annuityFactor(status, options);
  if (!(factor >= MIN_FACTOR)) {
    const survivor = input.payout_type === 'joint_survivor';
    throw calculationError(
      'invalid_input',
      survivor ? 'survivor_fraction' : 'start_age',
      survivor
        ? 'no payment is expected: the joint life cannot live to the start and the survivor gets (almost) nothing'
        : 'no payment is expected: the annuitant is almost surely dead by start_age',
    );
  }
  const years = expectedPayments(status, options);
  let premium: Dec;
  let annual: Dec;
  if (input.premium !== undefined) {
    premium = new Dec(input.premium);
    annual =
      input.quoted_monthly_income !== undefined
        ? new Dec(input.quoted_monthly_income).times(12)
        : premium.div(factor);
  } else {
    annual = new Dec(input.target_annual_income as number);
    premium = annual.times(factor);
  }
  const monthly = annual.div(12);
  const epv = annual.times(factor);
  const result: AnnuityResult = {
    solved_for: input.premium !== undefined ? 'income' : 'premium',
    payout_type: input.payout_type,
    age: input.age,
    start_age: input.start_age ?? input.age,
    assumed_rate: input.assumed_rate,
    mortality_table: MORTALITY_TABLE_NAME,
    annuity_factor: roundTo(factor, 6),
    premium: roundMoney(premium),
    annual_income: roundMoney(annual),
    monthly_income: roundMoney(monthly),
    payout_rate: roundRate(input.premium !== undefined ? annual.div(premium) : 1 / factor),
    expected_payment_years: roundTo(years, 4),
    expected_total_payout: roundMoney(annual.times(years)),
    expected_present_value: roundMoney(epv),
    money_worth_ratio: input.premium !== undefined ? roundRate(epv.div(premium)) : 1,
    life_expectancy: roundTo(completeExpectancy(single(annuitant)), 2),
  };
  if (input.payout_type === 'joint_survivor') {
    result.survivor_annual_income = roundMoney(annual.times(input.survivor_fraction ?? 1));
  }
  if (input.payout_type === 'period_certain') {
    result.guaranteed_total_payout = roundMoney(annual.times(input.period_certain_years as number));
  }
  return result;
}

/**
 * Single-premium immediate or deferred life annuity, priced as the survival-weighted present value of
 * monthly payments on the SSA 2021 period life table at `assumed_rate`: given a premium, the income it
 * buys; given `target_annual_income`, the premium. Payouts: life, life with a period certain, joint and
 * survivor. Also the expected total payout and the money's-worth ratio (of an insurer's quote when given).
 *
 * @example
 * ```ts
 * import { annuity } from 'finplan/retirement';
 * // at a 0% rate the fair premium buys exactly the expected payments: expected total payout = premium
 * annuity({ premium: 100_000, age: 65, sex: 'male', assumed_rate: 0 }).result.expected_total_payout; // 100000
 * annuity({ premium: 100_000, age: 65, sex: 'male', assumed_rate: 0.05 }).result.money_worth_ratio; // 1
 * ```
 */
export const annuity = defineOperation({
  path: '/v1/annuity',
  engine: 'annuity',
  version: '1.0.0',
  prefix: 'ann',
  summary:
    'Life annuity income for a premium, or the premium for an income: life, period certain, joint and survivor.',
  description:
    'Single premium immediate or deferred (start_age) life annuity, priced as the survival-weighted present ' +
    'value at assumed_rate of monthly payments in arrears (the first one month after the start) on the SSA ' +
    '2021 period life table (deaths uniform within each year of age). payout_type life; period_certain (for ' +
    'life, the first period_certain_years guaranteed); joint_survivor (full while both live, then ' +
    'survivor_fraction to whichever survives; independent lives). Given premium: annual and monthly income, ' +
    "expected total payout, and the money's-worth ratio (expected present value / premium: 1 at the fair " +
    'price, or of quoted_monthly_income). Given target_annual_income: the premium. Population mortality, ' +
    'no expense loading: insurers pay less.',
  example: { premium: 100000, age: 65, sex: 'male', assumed_rate: 0.05, payout_type: 'life' },
  input: AnnuityInput,
  output: AnnuityResult,
  compute,
});
