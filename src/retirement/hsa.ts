import * as z from 'zod/mini';
import { Dec, floorCents, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, flag, integer, nonNegativeMoney, oneOf, rate, wholeYears, withDefault } from '../core/schema';
import { yearField } from '../core/year-tables';
import { STATUTORY_AGES } from '../tax/engine';
import { type ContributionLimitTable, contributionLimitTables } from '../utilities/engine';

const COVERAGES = ['self_only', 'family'] as const;
const MONTHS_IN_YEAR = 12;

/** `/v1/retirement/hsa` request. */
export const HsaInput = z.strictObject({
  tax_year: yearField(
    'Tax (calendar) year of the first contribution: its HSA limits (Rev. Proc. of that year) are used for every ' +
      'projected year, not indexed.',
    contributionLimitTables,
  ),
  coverage: oneOf(
    COVERAGES,
    'HDHP coverage: self_only or family (IRC 223(b)(2)(A)-(B)); the same names and limits as /v1/contribution-limits.',
  ),
  age: age(
    'Age attained by December 31 of tax_year; 55 or more adds the catch-up (IRC 223(b)(3)), and each later ' +
      'projected year is one year older.',
  ),
  annual_contribution: nonNegativeMoney(
    'Contribution wanted each year (dollars, employee and employer together). Above the year limit the excess ' +
      'is reported and the projection uses the limit.',
  ),
  expected_return: rate('Annual return of the HSA and of the taxable account alike (0.06 = 6%).'),
  years: wholeYears('Years projected (1-100); year 1 is tax_year.'),
  marginal_rate: rate(
    'Marginal tax rate on ordinary income (0 to 1) of the taxable-account comparison: the contribution is made ' +
      'from dollars taxed at this rate and the taxable account pays it on each year of growth.',
    { min: 0, max: 1 },
  ),
  months_covered: z.optional(
    integer(
      'Months of tax_year (1-12) on whose first day the owner is an eligible individual (HDHP coverage, no ' +
        'other health plan, not enrolled in Medicare). Omitted: all 12. Prorates the limit and the catch-up of ' +
        'year 1 by months_covered / 12 (IRC 223(b)(2)); later years are full years.',
      { min: 1, max: MONTHS_IN_YEAR },
    ),
  ),
  last_month_rule: withDefault(
    flag(
      'The owner is eligible on December 1 of tax_year and elects the last-month rule (IRC 223(b)(8)): year 1 ' +
        'takes the full-year limit whatever months_covered says. The owner must then stay eligible through ' +
        'December 31 of the next year (the testing period), or the part above the prorated limit becomes income ' +
        'with an additional tax. Default false.',
    ),
    false,
  ),
});

export type HsaInput = z.input<typeof HsaInput>;

const amount = (description: string) => z.number().check(z.gte(0), z.describe(description));

const HsaYear = z.object({
  year: z.int().check(z.describe('Calendar year.')),
  age: z.int().check(z.describe('Age attained by December 31 of the year.')),
  limit: amount('Contribution limit of the year, catch-up included (dollars).'),
  contribution: amount('min(annual_contribution, limit), made at the end of the year.'),
  hsa_balance: amount(
    'HSA balance at the end of the year: previous balance x (1 + expected_return) + contribution; 0 is the floor.',
  ),
  taxable_balance: amount(
    'Taxable account at the end of the year: previous balance x (1 + expected_return x (1 - marginal_rate)) + ' +
      'contribution x (1 - marginal_rate).',
  ),
});

export const HsaResult = z.object({
  coverage: z.enum(COVERAGES).check(z.describe('coverage, as given.')),
  months_covered: z.int().check(z.describe('months_covered, 12 when omitted.')),
  last_month_rule: z.boolean().check(z.describe('Whether the last-month rule sets the year-1 limit.')),
  annual_limit: amount(
    'Full-year limit of tax_year for coverage, catch-up excluded (Rev. Proc.; data/utilities/contribution-limits/YYYY.json).',
  ),
  catch_up_eligible: z.boolean().check(z.describe('age >= 55 (the HSA catch-up age, IRC 223(b)(3)).')),
  prorated_limit: amount(
    '(annual_limit + catch-up) x months_covered / 12, rounded down to the cent: the limit without the last-month rule.',
  ),
  catch_up: amount(
    'Catch-up within the year-1 limit: the IRC 223(b)(3) amount x months_covered / 12 (the whole amount under ' +
      'the last-month rule), rounded down to the cent; 0 below 55.',
  ),
  contribution_limit: amount(
    'Year-1 limit: the full-year limit plus catch-up under the last-month rule, prorated_limit otherwise.',
  ),
  testing_period_amount: amount(
    'contribution_limit - prorated_limit: what the last-month rule adds, included in income (with an additional ' +
      'tax) if the owner stops being eligible before the end of the testing period; 0 without the rule.',
  ),
  contribution: amount('Year-1 contribution projected: min(annual_contribution, contribution_limit).'),
  excess_contribution: amount(
    'annual_contribution - contribution_limit when positive: an excess contribution (not deductible, subject to ' +
      'the excise tax of IRC 4973 until withdrawn); 0 otherwise. Later years are capped the same way (see rows).',
  ),
  total_contributions: amount('Sum of the projected contributions (dollars).'),
  hsa_balance: amount(
    'HSA balance after `years`: also the qualified medical withdrawal value, since a distribution for qualified ' +
      'medical expenses is tax free (IRC 223(f)(1)).',
  ),
  taxable_account_balance: amount(
    'The same pre-tax dollars in a taxable account after `years` (contributions after tax at marginal_rate, growth ' +
      'taxed each year at marginal_rate), all of it spendable with no further tax.',
  ),
  triple_tax_advantage: z
    .number()
    .check(z.describe('hsa_balance - taxable_account_balance: what the three exemptions add (dollars).')),
  rows: z.array(HsaYear).check(z.describe('One row per projected year.')),
});
/** The `result` of the envelope: the type of the `HsaResult` schema. */
export type HsaResult = z.infer<typeof HsaResult>;

/** The year limit (exact): (base + catch-up) x months / 12, its catch-up part, and each floored to cents. */
function yearLimit(
  table: ContributionLimitTable,
  coverage: (typeof COVERAGES)[number],
  ageAtEnd: number,
  months: number,
) {
  const catchUp = ageAtEnd >= STATUTORY_AGES.hsa_catch_up.age ? table.hsa.catch_up_55 : 0;
  const share = (dollars: number) =>
    floorCents(new Dec(dollars).times(months).div(MONTHS_IN_YEAR).toNumber());
  const limit = share(table.hsa[coverage] + catchUp);
  return { limit, catch_up: share(catchUp) };
}

function compute(input: z.output<typeof HsaInput>): HsaResult {
  const table = contributionLimitTables.get(input.tax_year);
  const months = input.months_covered ?? MONTHS_IN_YEAR;
  const prorated = yearLimit(table, input.coverage, input.age, months);
  const full = yearLimit(table, input.coverage, input.age, MONTHS_IN_YEAR);
  const first = input.last_month_rule ? full : prorated;

  const r = input.expected_return;
  const t = input.marginal_rate;
  const rows: HsaResult['rows'] = [];
  let hsa = 0;
  let taxable = 0;
  let total = new Dec(0);
  for (let k = 0; k < input.years; k++) {
    const ageAtEnd = input.age + k;
    const limit = k === 0 ? first.limit : yearLimit(table, input.coverage, ageAtEnd, MONTHS_IN_YEAR).limit;
    const contribution = Math.min(input.annual_contribution, limit);
    total = total.plus(contribution);
    hsa = Math.max(0, hsa * (1 + r) + contribution);
    taxable = Math.max(0, taxable * (1 + r * (1 - t)) + contribution * (1 - t));
    rows.push({
      year: input.tax_year + k,
      age: ageAtEnd,
      limit,
      contribution,
      hsa_balance: roundMoney(hsa),
      taxable_balance: roundMoney(taxable),
    });
  }
  const hsaBalance = roundMoney(hsa);
  const taxableBalance = roundMoney(taxable);
  const firstContribution = Math.min(input.annual_contribution, first.limit);
  return {
    coverage: input.coverage,
    months_covered: months,
    last_month_rule: input.last_month_rule,
    annual_limit: table.hsa[input.coverage],
    catch_up_eligible: input.age >= STATUTORY_AGES.hsa_catch_up.age,
    prorated_limit: prorated.limit,
    catch_up: first.catch_up,
    contribution_limit: first.limit,
    testing_period_amount: new Dec(first.limit).minus(prorated.limit).toNumber(),
    contribution: firstContribution,
    excess_contribution: Math.max(0, new Dec(input.annual_contribution).minus(first.limit).toNumber()),
    total_contributions: total.toNumber(),
    hsa_balance: hsaBalance,
    taxable_account_balance: taxableBalance,
    triple_tax_advantage: new Dec(hsaBalance).minus(taxableBalance).toNumber(),
    rows,
  };
}

/**
 * Health savings account: the contribution limit of a tax year (Rev. Proc. limits for self-only or
 * family HDHP coverage, the age-55 catch-up), prorated by the months of eligibility (IRC 223(b)(2): a
 * sum of monthly limits of 1/12 each) unless the last-month rule (IRC 223(b)(8)) gives the full year;
 * the excess of the contribution wanted over the limit; and a year-by-year projection of the HSA against
 * the same pre-tax dollars in a taxable account (contributed after tax, growth taxed yearly), whose
 * difference is the triple tax advantage when the balance pays qualified medical expenses.
 *
 * @example
 * ```ts
 * import { hsa } from 'finplan/retirement';
 * // 2025 self-only coverage from August 1 (5 months) at 56: (4,300 + 1,000) x 5 / 12 = 2,208.33.
 * const r = hsa({ tax_year: 2025, coverage: 'self_only', age: 56, annual_contribution: 5_300, expected_return: 0.05, years: 1, marginal_rate: 0.24, months_covered: 5 }).result;
 * r.contribution_limit; // 2208.33
 * ```
 */
export const hsa = defineOperation({
  path: '/v1/retirement/hsa',
  engine: 'hsa',
  version: '1.0.0',
  prefix: 'hsa',
  summary: 'HSA contribution limit (month-based proration, last-month rule, 55+ catch-up) and projection.',
  description:
    'Contribution limit of tax_year for self-only or family HDHP coverage (Rev. Proc. 2023-23, 2024-25, ' +
    '2025-19), plus the catch-up of IRC 223(b)(3) from age 55. For a part-year eligible individual the limit ' +
    'is the sum of monthly limits (IRC 223(b)(2)): 1/12 of the annual limit and of the catch-up for each month ' +
    'on whose first day the owner is eligible (months_covered), rounded down to the cent. With ' +
    'last_month_rule, an owner eligible on December 1 takes the full-year limit (IRC 223(b)(8)(A)); if eligibility ' +
    'ends before December 31 of the next year (the testing period), the part above the prorated limit is ' +
    'included in income with an additional tax (IRC 223(b)(8)(B)): reported as testing_period_amount, not ' +
    'modeled further. Contributions above the limit are reported as excess and the projection uses the limit. ' +
    'Projection: contributions at the end of each year; later years are full years at the limits of tax_year ' +
    '(not indexed) with the catch-up from the year the owner turns 55. The taxable account receives the same ' +
    'contributions less tax at marginal_rate and pays marginal_rate on each year of growth (a loss is a deduction ' +
    'at the same rate). Not modeled: FICA savings on payroll contributions, family coverage split between ' +
    'spouses, Medicare enrollment ending eligibility in later years, non-medical withdrawals.',
  example: {
    tax_year: 2025,
    coverage: 'self_only',
    age: 40,
    annual_contribution: 4300,
    expected_return: 0.06,
    years: 20,
    marginal_rate: 0.24,
  },
  input: HsaInput,
  output: HsaResult,
  compute,
});
