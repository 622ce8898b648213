import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  age,
  fieldIssue,
  filingStatus,
  integer,
  money,
  nonNegativeMoney,
  oneOf,
  withDefault,
} from '../core/schema';
import { yearField } from '../core/year-tables';
import { IRMAA_ENGINE, irmaaFor } from './_lib/irmaa';
import { PTC_ENGINE, premiumTaxCredit } from './_lib/ptc';
import { applicablePercentageTables, irmaaTables, MEDICARE_RULES } from './_lib/year-tables';

/** The states and DC, by postal code; Alaska and Hawaii have their own poverty guidelines (not covered). */
const STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
const NOT_COVERED: readonly string[] = ['AK', 'HI'];

const HealthcareCostsObject = z.strictObject({
  coverage_year: yearField(
    "Coverage year: the year of the Marketplace applicable percentage table (and of the prior year's poverty guidelines), or the Medicare premium year.",
    applicablePercentageTables,
    irmaaTables,
  ),
  household_size: integer(
    'Tax family size for the poverty guideline: the taxpayer, a spouse on a joint return and every dependent claimed (1-20).',
    { min: 1, max: 20 },
  ),
  magi: money(
    'Under 65: household income for the coverage year (modified AGI of the taxpayer, a joint-filing spouse and dependents required to file), dollars. At 65 and over: the MAGI Medicare reads for IRMAA, that of tax year coverage_year - 2.',
  ),
  benchmark_annual_premium: z.optional(
    nonNegativeMoney(
      'Annual premium of the benchmark plan (second-lowest-cost silver plan) for the household, dollars. Required under 65; not used at 65 and over.',
    ),
  ),
  age: age(
    'Age in the coverage year: under 65 the Marketplace premium tax credit applies, at 65 and over Medicare Part B and Part D.',
  ),
  filing_status: withDefault(
    filingStatus(
      'Filing status: married filing separately gets no premium tax credit; at 65 and over it picks the IRMAA table. Default single.',
    ),
    'single',
  ),
  state: z.optional(
    oneOf(
      STATES,
      'State of residence (postal code). Only the 48 contiguous states and DC are covered: AK and HI are refused.',
    ),
  ),
});

/** `/v1/healthcare-costs` request. */
export const HealthcareCostsInput = HealthcareCostsObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.state !== undefined && NOT_COVERED.includes(input.state)) {
      issue(
        'state',
        `${input.state} is not supported: its poverty guidelines differ; supported: the 48 contiguous states and DC`,
        { finplan: 'unsupported_jurisdiction' },
      );
    }
    if (input.age < MEDICARE_RULES.eligibility.medicare_age && input.benchmark_annual_premium === undefined) {
      issue(
        'benchmark_annual_premium',
        `is required under age ${MEDICARE_RULES.eligibility.medicare_age} (the premium tax credit is measured against it)`,
      );
    }
  }),
);
export type HealthcareCostsInput = z.input<typeof HealthcareCostsInput>;

export const HealthcareCostsResult = z.object({
  coverage_year: z.number(),
  coverage: z
    .enum(['marketplace', 'medicare'])
    .check(z.describe('marketplace (under 65: premium tax credit) or medicare (65 and over).')),
  monthly_cost: z
    .number()
    .check(z.describe('What the premiums cost a month after the credit (annual_cost / 12).')),
  annual_cost: z
    .number()
    .check(
      z.describe(
        'Marketplace: the net benchmark premium. Medicare: Part B premium + Part B and Part D IRMAA, 12 months, per person.',
      ),
    ),
  // Marketplace
  poverty_guideline_year: z
    .optional(z.number())
    .check(z.describe('Year of the HHS guidelines used: coverage_year - 1.')),
  poverty_guideline: z
    .optional(z.number())
    .check(z.describe('Guideline for household_size, 48 contiguous states and DC.')),
  income_to_poverty_ratio: z
    .optional(z.number())
    .check(z.describe('magi / poverty_guideline (2.5 = 250%), to 6 places.')),
  fpl_percent: z
    .optional(z.number())
    .check(z.describe('Form 8962 line 5: the percentage with decimals dropped; 401 above 400%.')),
  ptc_eligible: z.optional(z.boolean()),
  ineligible_reason: z.optional(
    z.enum(['below_100_percent', 'above_400_percent', 'married_filing_separately']),
  ),
  applicable_percentage: z
    .optional(z.number())
    .check(
      z.describe('Form 8962 line 7: share of income expected toward the benchmark premium (4 decimals).'),
    ),
  expected_contribution: z
    .optional(z.number())
    .check(z.describe('Form 8962 line 8a: magi x applicable_percentage, to the whole dollar.')),
  benchmark_annual_premium: z.optional(z.number()),
  premium_tax_credit: z
    .optional(z.number())
    .check(z.describe('max(0, benchmark - expected contribution), never above the benchmark.')),
  net_premium: z.optional(z.number()).check(z.describe('Benchmark premium less the credit, annual.')),
  has_cliff: z
    .optional(z.boolean())
    .check(z.describe('Whether the year has an upper income limit (2026: 400% of the guideline).')),
  cliff_income: z
    .optional(z.number())
    .check(z.describe('Largest household income that keeps the credit (400% of the guideline).')),
  distance_to_cliff: z
    .optional(z.number())
    .check(
      z.describe(
        'cliff_income - magi: how much income can rise before the credit ends (negative: already over).',
      ),
    ),
  credit_at_cliff: z
    .optional(z.number())
    .check(z.describe('The credit at exactly cliff_income, lost entirely one dollar above it.')),
  // Medicare
  filing_status: z.optional(z.string()),
  irmaa_magi_tax_year: z
    .optional(z.number())
    .check(z.describe('Tax year of the MAGI IRMAA reads: coverage_year - 2.')),
  irmaa_tier: z.optional(z.number()),
  part_b_standard_premium: z.optional(z.number()),
  part_b_irmaa: z.optional(z.number()),
  part_b_premium: z.optional(z.number()).check(z.describe('Monthly Part B premium: standard + IRMAA.')),
  part_d_irmaa: z
    .optional(z.number())
    .check(z.describe('Monthly Part D IRMAA, on top of the drug plan premium (not included).')),
});
/** The `result` of the envelope: the type of the `HealthcareCostsResult` schema. */
export type HealthcareCostsResult = z.infer<typeof HealthcareCostsResult>;

function medicare(input: z.output<typeof HealthcareCostsInput>): HealthcareCostsResult {
  const tier = irmaaFor(input.coverage_year, input.filing_status, input.magi);
  const partB = new Dec(tier.part_b_standard_premium).plus(tier.part_b_irmaa);
  const monthly = partB.plus(tier.part_d_irmaa);
  return {
    coverage_year: input.coverage_year,
    coverage: 'medicare',
    monthly_cost: roundMoney(monthly),
    annual_cost: roundMoney(monthly.times(12)),
    filing_status: input.filing_status,
    irmaa_magi_tax_year: tier.magi_tax_year,
    irmaa_tier: tier.tier,
    part_b_standard_premium: tier.part_b_standard_premium,
    part_b_irmaa: tier.part_b_irmaa,
    part_b_premium: roundMoney(partB),
    part_d_irmaa: tier.part_d_irmaa,
  };
}

function marketplace(input: z.output<typeof HealthcareCostsInput>): HealthcareCostsResult {
  const benchmark = input.benchmark_annual_premium as number;
  const ptc = premiumTaxCredit({
    coverageYear: input.coverage_year,
    householdSize: input.household_size,
    householdIncome: input.magi,
    benchmarkAnnualPremium: benchmark,
    filingStatus: input.filing_status,
  });
  const cliff =
    ptc.cliff_income === undefined
      ? { has_cliff: false }
      : {
          has_cliff: true,
          cliff_income: ptc.cliff_income,
          distance_to_cliff: roundMoney(new Dec(ptc.cliff_income).minus(input.magi)),
          credit_at_cliff: roundMoney(
            premiumTaxCredit({
              coverageYear: input.coverage_year,
              householdSize: input.household_size,
              householdIncome: ptc.cliff_income,
              benchmarkAnnualPremium: benchmark,
            }).premium_tax_credit,
          ),
        };
  return {
    coverage_year: input.coverage_year,
    coverage: 'marketplace',
    monthly_cost: roundMoney(ptc.net_premium.div(12)),
    annual_cost: roundMoney(ptc.net_premium),
    poverty_guideline_year: ptc.poverty_guideline_year,
    poverty_guideline: ptc.poverty_guideline,
    income_to_poverty_ratio: roundRate(ptc.income_to_poverty_ratio),
    fpl_percent: ptc.fpl_percent,
    ptc_eligible: ptc.eligible,
    ...(ptc.ineligible_reason === undefined ? {} : { ineligible_reason: ptc.ineligible_reason }),
    ...(ptc.applicable_percentage === undefined
      ? {}
      : { applicable_percentage: ptc.applicable_percentage.toNumber() }),
    ...(ptc.expected_contribution === undefined
      ? {}
      : { expected_contribution: roundMoney(ptc.expected_contribution) }),
    benchmark_annual_premium: roundMoney(benchmark),
    premium_tax_credit: roundMoney(ptc.premium_tax_credit),
    net_premium: roundMoney(ptc.net_premium),
    ...cliff,
  };
}

function compute(input: z.output<typeof HealthcareCostsInput>): HealthcareCostsResult {
  return input.age >= MEDICARE_RULES.eligibility.medicare_age ? medicare(input) : marketplace(input);
}

/**
 * Healthcare premiums of a coverage year. Under 65: the ACA premium tax credit against the benchmark
 * (second-lowest-cost silver) plan, computed as Form 8962 does: household income as a percentage of
 * the prior year's poverty guideline (48 contiguous states and DC; decimals dropped, 401 above 400%),
 * the applicable percentage at that whole percentage (four decimals), the contribution to the whole
 * dollar, the credit (never negative, never above the benchmark), the net premium and, in 2026, the
 * distance to the 400% cliff. Below 100% of the guideline, and on a separate return, there is no credit.
 * At 65 and over: the Medicare Part B premium (standard + IRMAA) and the Part D IRMAA of the year.
 *
 * @example
 * ```ts
 * import { healthcareCosts } from 'finplan/healthcare';
 * // 2026, one person, $40,000: 40,000 / 15,650 = 255.59% -> 255; 8.44% + 1.52% x 5/50 = 8.592% -> 0.0859;
 * // 40,000 x 0.0859 = $3,436; credit 7,200 - 3,436 = $3,764
 * healthcareCosts({ coverage_year: 2026, household_size: 1, magi: 40_000, benchmark_annual_premium: 7_200, age: 40 })
 *   .result.premium_tax_credit; // 3764
 * ```
 */
export const healthcareCosts = defineOperation({
  path: '/v1/healthcare-costs',
  engine: 'healthcare-costs',
  version: '1.0.1',
  uses: [IRMAA_ENGINE, PTC_ENGINE],
  prefix: 'hcc',
  summary: 'ACA premium tax credit and net premium before 65; Medicare Part B and Part D IRMAA from 65.',
  description:
    'Under 65: the IRC 36B premium tax credit the Form 8962 way (prior-year HHS poverty guideline, 48 states + DC; ' +
    'line 5 percentage with decimals dropped; applicable percentage to four decimals; contribution to the dollar), ' +
    'the net benchmark premium and, in 2026, the 400% cliff. Coverage years 2024-2026 (ARPA/IRA table without a ' +
    `cliff through 2025; Rev. Proc. 2025-25 in 2026). At 65 and over: Part B premium plus IRMAA and Part D IRMAA (${IRMAA_ENGINE.name} engine).`,
  example: { coverage_year: 2026, household_size: 1, magi: 40000, benchmark_annual_premium: 7200, age: 40 },
  input: HealthcareCostsInput,
  output: HealthcareCostsResult,
  compute,
});
