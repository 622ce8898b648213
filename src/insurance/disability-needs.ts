import * as z from 'zod/mini';
import { annuityCertainFactor, Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  fieldIssue,
  integer,
  MONEY_LIMIT,
  nonNegativeMoney,
  number,
  oneOf,
  rate,
  resultNumber,
  withDefault,
} from '../core/schema';

/**
 * Who pays the group LTD premium, and how (`premium_paid_by`).
 *
 * @example
 * ```ts
 * import { PREMIUM_PAYERS } from 'finplan/insurance';
 * PREMIUM_PAYERS[2]; // 'employee_after_tax'
 * ```
 */
export const PREMIUM_PAYERS = ['employer', 'employee_pre_tax', 'employee_after_tax'] as const;

/** Longest elimination period accepted (two years). */
const MAX_ELIMINATION_DAYS = 730;
/** Days in a year for the elimination period: a convention (a 90-day period is 90/365 of a year). */
const DAYS_PER_YEAR = 365;

const share = (description: string) => rate(description, { min: 0, max: 1 });

/** `/v1/insurance/disability-needs` request. */
export const DisabilityNeedsInput = z
  .strictObject({
    age: integer('Age today (16-99): a disability is assumed to start now.', { min: 16, max: 99 }),
    benefit_end_age: integer(
      'Age at which the benefit stops (above age, up to 100), e.g. the policy\u2019s benefit period to 65 or 67.',
      { min: 17, max: 100 },
    ),
    annual_income: nonNegativeMoney(
      'Gross earned income a year (dollars), the base of the group LTD benefit.',
    ),
    income_tax_rate: share(
      'Effective tax rate on the earnings (income and payroll taxes as a share of gross, 0-1): after-tax income = annual_income x (1 - income_tax_rate). Supplied by the planner.',
    ),
    replacement_ratio: share(
      'Share of after-tax income the benefits should replace (0-1; 1 = all of it): a planning target, no default.',
    ),
    group_ltd_benefit_rate: withDefault(
      share(
        'Group long-term disability benefit as a share of gross monthly earnings (0-1, e.g. 0.6); default 0: no group LTD.',
      ),
      0,
    ),
    group_ltd_monthly_max: z.optional(
      number('Monthly maximum of the group LTD benefit (dollars); default none.', { gt: 0, lt: MONEY_LIMIT }),
    ),
    premium_paid_by: z.optional(
      oneOf(
        PREMIUM_PAYERS,
        'Who paid the group LTD premium: employer, employee_pre_tax (through a cafeteria plan, excluded from wages) or employee_after_tax. Employer and pre-tax premiums make the benefit taxable (IRC 105(a)); after-tax premiums make it tax-free (IRC 104(a)(3)). Required with a group LTD benefit.',
      ),
    ),
    benefit_tax_rate: z.optional(
      share(
        'Effective tax rate on a taxable benefit (0-1), supplied by the planner (no payroll-tax or bracket modeling). Required when the group benefit is taxable; accepted but not used when it is tax-free (premium_paid_by employee_after_tax), which the result\u2019s notes then say. Only with a group_ltd_benefit_rate above 0.',
      ),
    ),
    other_monthly_benefits: withDefault(
      nonNegativeMoney(
        'Other disability income a month already in force, after tax (e.g. an individual policy bought with after-tax dollars); default 0.',
      ),
      0,
    ),
    elimination_period_days: integer(
      `Days of disability before benefits start (0-${MAX_ELIMINATION_DAYS}; e.g. 90 or 180).`,
      { min: 0, max: MAX_ELIMINATION_DAYS },
    ),
    liquid_savings: withDefault(
      nonNegativeMoney('Savings available to bridge the elimination period (dollars); default 0.'),
      0,
    ),
    discount_rate: rate(
      'Annual rate at which the monthly gap is discounted to today (0.04 = 4%; -0.05 to 0.2).',
      {
        min: -0.05,
        max: 0.2,
      },
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.benefit_end_age <= input.age) issue('benefit_end_age', `must be above age (${input.age})`);
      const group = input.group_ltd_benefit_rate > 0;
      if (group && input.premium_paid_by === undefined)
        issue('premium_paid_by', 'is required with a group_ltd_benefit_rate above 0');
      if (!group && input.premium_paid_by !== undefined)
        issue('premium_paid_by', 'applies only with a group_ltd_benefit_rate above 0');
      if (!group && input.group_ltd_monthly_max !== undefined)
        issue('group_ltd_monthly_max', 'applies only with a group_ltd_benefit_rate above 0');
      const taxable =
        group && input.premium_paid_by !== undefined && input.premium_paid_by !== 'employee_after_tax';
      if (taxable && input.benefit_tax_rate === undefined)
        issue(
          'benefit_tax_rate',
          'is required when the group benefit is taxable (premium_paid_by employer or employee_pre_tax)',
        );
      if (!group && input.benefit_tax_rate !== undefined)
        issue('benefit_tax_rate', 'applies only with a group_ltd_benefit_rate above 0');
      const months = 12 * (input.benefit_end_age - input.age);
      if ((input.elimination_period_days * 12) / DAYS_PER_YEAR >= months)
        issue('elimination_period_days', 'must end before benefit_end_age');
    }),
  );
export type DisabilityNeedsInput = z.input<typeof DisabilityNeedsInput>;
type Parsed = z.output<typeof DisabilityNeedsInput>;

const money = resultNumber;

export const DisabilityNeedsResult = z.object({
  after_tax_monthly_income: money('annual_income x (1 - income_tax_rate) / 12.'),
  target_monthly_benefit: money(
    'after_tax_monthly_income x replacement_ratio: the after-tax income to replace.',
  ),
  group_ltd: z.object({
    gross_monthly_benefit: money(
      'group_ltd_benefit_rate x annual_income / 12, capped at group_ltd_monthly_max (0 without group LTD).',
    ),
    benefit_taxation: z
      .enum(['taxable', 'tax_free', 'none'])
      .check(
        z.describe(
          'taxable (employer or pre-tax premiums: IRC 105(a)), tax_free (after-tax premiums: IRC 104(a)(3)), none without group LTD.',
        ),
      ),
    tax_rule: z.string().check(z.describe('The rule that applies, in words, with its IRC section.')),
    after_tax_monthly_benefit: money('The gross benefit less benefit_tax_rate when taxable.'),
  }),
  other_monthly_benefits: money('other_monthly_benefits.'),
  monthly_gap: money(
    'target_monthly_benefit - group after-tax benefit - other_monthly_benefits, at least 0: the monthly benefit of an individual policy bought with after-tax premiums (tax-free under IRC 104(a)(3)) that closes the gap.',
  ),
  replacement_ratio_covered: money(
    '(group after-tax benefit + other_monthly_benefits) / after_tax_monthly_income (6 places; 0 without income).',
  ),
  elimination_period: z.object({
    days: money('elimination_period_days.'),
    cash_need: money(
      'target_monthly_benefit x 12 x days / 365: the income to replace before any benefit is paid.',
    ),
    liquid_savings: money('liquid_savings.'),
    shortfall: money('cash_need - liquid_savings, at least 0.'),
  }),
  benefit_months: money(
    'Monthly payments from the end of the elimination period to benefit_end_age: floor(12 x (benefit_end_age - age) - 12 x days / 365).',
  ),
  total_gap: money('monthly_gap x benefit_months, undiscounted.'),
  present_value_of_gap: money(
    'The monthly gap paid at the end of each month after the elimination period until benefit_end_age, discounted to today at discount_rate (monthly rate (1 + discount_rate)^(1/12) - 1).',
  ),
  notes: z
    .array(z.string())
    .check(
      z.describe(
        'Inputs given but not used, and why (benefit_tax_rate with a tax-free group benefit); empty otherwise.',
      ),
    ),
});
/** The `result` of the envelope: the type of the `DisabilityNeedsResult` schema. */
export type DisabilityNeedsResult = z.infer<typeof DisabilityNeedsResult>;

const RULES = {
  taxable:
    'Taxable: premiums paid by the employer, or by the employee through a cafeteria plan and excluded from wages, are employer contributions, so the benefit is included in gross income (IRC 105(a); IRS Publication 525).',
  tax_free:
    'Tax-free: premiums paid by the employee with after-tax dollars, so the benefit is excluded from gross income (IRC 104(a)(3); IRS Publication 525).',
  none: 'No group LTD benefit.',
} as const;

/** Why a benefit_tax_rate sent with a tax-free group benefit changes nothing. */
const UNUSED_BENEFIT_TAX_RATE =
  'benefit_tax_rate is not used: the group benefit is tax-free (premiums paid with after-tax dollars, IRC 104(a)(3)).';

function compute(input: Parsed): DisabilityNeedsResult {
  const afterTaxMonthly = roundMoney(
    new Dec(input.annual_income).times(new Dec(1).minus(input.income_tax_rate)).div(12),
  );
  const target = roundMoney(new Dec(afterTaxMonthly).times(input.replacement_ratio));

  const group = input.group_ltd_benefit_rate > 0;
  let gross = group
    ? roundMoney(new Dec(input.annual_income).times(input.group_ltd_benefit_rate).div(12))
    : 0;
  if (input.group_ltd_monthly_max !== undefined) gross = Math.min(gross, input.group_ltd_monthly_max);
  const taxation = !group ? 'none' : input.premium_paid_by === 'employee_after_tax' ? 'tax_free' : 'taxable';
  const groupAfterTax =
    taxation === 'taxable'
      ? roundMoney(new Dec(gross).times(new Dec(1).minus(input.benefit_tax_rate ?? 0)))
      : gross;

  const covered = new Dec(groupAfterTax).plus(input.other_monthly_benefits);
  const gap = Math.max(0, new Dec(target).minus(covered).toNumber());

  const days = input.elimination_period_days;
  const cashNeed = roundMoney(new Dec(target).times(12).times(days).div(DAYS_PER_YEAR));
  const months = Math.floor(12 * (input.benefit_end_age - input.age) - (12 * days) / DAYS_PER_YEAR + 1e-9);
  const monthlyRate = Math.expm1(Math.log1p(input.discount_rate) / 12);
  // End of each month after the elimination period: the level annuity's value at the end of the period,
  // (annuityCertainFactor / (1 + i_m)^N), discounted over the period (days / 365 years).
  const factor =
    (annuityCertainFactor(monthlyRate, months, 'end') / Math.exp(months * Math.log1p(monthlyRate))) *
    Math.exp((-days / DAYS_PER_YEAR) * Math.log1p(input.discount_rate));

  return {
    after_tax_monthly_income: afterTaxMonthly,
    target_monthly_benefit: target,
    group_ltd: {
      gross_monthly_benefit: gross,
      benefit_taxation: taxation,
      tax_rule: RULES[taxation],
      after_tax_monthly_benefit: groupAfterTax,
    },
    other_monthly_benefits: input.other_monthly_benefits,
    monthly_gap: gap,
    replacement_ratio_covered: afterTaxMonthly > 0 ? roundRate(covered.div(afterTaxMonthly)) : 0,
    elimination_period: {
      days,
      cash_need: cashNeed,
      liquid_savings: input.liquid_savings,
      shortfall: Math.max(0, new Dec(cashNeed).minus(input.liquid_savings).toNumber()),
    },
    benefit_months: months,
    total_gap: roundMoney(new Dec(gap).times(months)),
    present_value_of_gap: roundMoney(gap * factor),
    notes: taxation === 'tax_free' && input.benefit_tax_rate !== undefined ? [UNUSED_BENEFIT_TAX_RATE] : [],
  };
}

/**
 * Disability income needs: the monthly benefit that replaces a target share of after-tax income, set
 * against a group long-term disability benefit (taxable when the employer pays the premium or the employee
 * pays it pre-tax, IRC 105(a); tax-free when the employee pays it with after-tax dollars, IRC 104(a)(3):
 * the result says which applies), the cash needed through the elimination period, and the present value of
 * the monthly gap to the benefit end age. After-tax figures use the effective rates the planner supplies.
 *
 * @example
 * ```ts
 * import { disabilityNeeds } from 'finplan/insurance';
 * const { result } = disabilityNeeds({
 *   age: 40, benefit_end_age: 65, annual_income: 120_000, income_tax_rate: 0.25, replacement_ratio: 0.8,
 *   group_ltd_benefit_rate: 0.6, group_ltd_monthly_max: 5_000, premium_paid_by: 'employer',
 *   benefit_tax_rate: 0.15, elimination_period_days: 90, discount_rate: 0.04,
 * });
 * // after tax 7,500 a month, target 6,000; group 6,000 capped at 5,000, taxable: 4,250 after tax
 * result.monthly_gap; // 1750
 * result.group_ltd.benefit_taxation; // 'taxable'
 * ```
 */
export const disabilityNeeds = defineOperation({
  path: '/v1/insurance/disability-needs',
  engine: 'disability-needs',
  version: '1.1.0',
  prefix: 'dis',
  summary:
    'Disability income need: the monthly gap after group LTD and its taxation, elimination period, present value.',
  description:
    'Target = annual_income x (1 - income_tax_rate) / 12 x replacement_ratio. Group LTD = group_ltd_benefit_rate x ' +
    'gross monthly earnings, capped at group_ltd_monthly_max; taxable when premium_paid_by is employer or ' +
    'employee_pre_tax (IRC 105(a): employer contributions, including cafeteria-plan premiums excluded from wages), ' +
    'then reduced by benefit_tax_rate; tax-free when employee_after_tax (IRC 104(a)(3)), and a benefit_tax_rate sent ' +
    'with it is not used (notes say so). Monthly gap = target - ' +
    'group after tax - other_monthly_benefits, at least 0: the tax-free benefit of an individual policy that closes ' +
    'it. Elimination period cash need = target x 12 x days / 365, against liquid_savings. Present value: the gap ' +
    'at the end of each month from the end of the elimination period to benefit_end_age at discount_rate. Taxes ' +
    'are the planner\u2019s effective rates (no brackets, no payroll-tax modeling); premiums shared between ' +
    'employer and employee (taxed pro rata) and Social Security disability offsets are not modeled; the ' +
    'disability is assumed to last to benefit_end_age (no recovery or death).',
  example: {
    age: 40,
    benefit_end_age: 65,
    annual_income: 120000,
    income_tax_rate: 0.25,
    replacement_ratio: 0.8,
    group_ltd_benefit_rate: 0.6,
    group_ltd_monthly_max: 5000,
    premium_paid_by: 'employer',
    benefit_tax_rate: 0.15,
    elimination_period_days: 90,
    liquid_savings: 10000,
    discount_rate: 0.04,
  },
  input: DisabilityNeedsInput,
  output: DisabilityNeedsResult,
  compute,
});
