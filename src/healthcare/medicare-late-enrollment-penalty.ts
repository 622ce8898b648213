import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { integer, rate, wholeYears, withDefault } from '../core/schema';
import { yearField } from '../core/year-tables';
import { partBMonthlyPenalty, partBPenaltyRate, partDMonthlyPenalty, toNearest } from './_lib/penalties';
import { MEDICARE_RULES, medicarePremiumTables } from './_lib/year-tables';

/** `/v1/medicare/late-enrollment-penalty` request. */
export const LateEnrollmentPenaltyInput = z.strictObject({
  year: yearField(
    'Premium year whose standard Part B premium and Part D base beneficiary premium the penalties are computed on.',
    medicarePremiumTables,
  ),
  part_b_months_late: withDefault(
    integer(
      'Months without Part B after the initial enrollment period (and outside a special enrollment period); each full 12 adds 10% (0-600). Default 0.',
      { min: 0, max: 600 },
    ),
    0,
  ),
  part_d_months_late: withDefault(
    integer(
      'Full months without Part D or creditable drug coverage after the initial enrollment period (counted only when a gap lasts 63 days or more); each adds 1% (0-600). Default 0.',
      { min: 0, max: 600 },
    ),
    0,
  ),
  projection_years: wholeYears('Years over which to total the surcharge, starting with `year` (1-100).'),
  premium_growth_rate: withDefault(
    rate(
      "Annual growth of the Part B standard premium and the Part D base beneficiary premium after `year` (-0.1 to 0.2). Default 0: premiums held flat at the year's amounts.",
      { min: -0.1, max: 0.2 },
    ),
    0,
  ),
});
export type LateEnrollmentPenaltyInput = z.input<typeof LateEnrollmentPenaltyInput>;

const ProjectionRow = z.object({
  year: z.number(),
  part_b_standard_premium: z.number(),
  part_d_base_premium: z.number(),
  part_b_monthly_penalty: z.number(),
  part_d_monthly_penalty: z.number(),
  annual_surcharge: z.number(),
});

export const LateEnrollmentPenaltyResult = z.object({
  year: z.number(),
  part_b_standard_premium: z.number().check(z.describe('Standard monthly Part B premium of the year.')),
  part_d_base_premium: z.number().check(z.describe('Part D national base beneficiary premium of the year.')),
  part_b_full_periods_late: z.number().check(z.describe('Full 12-month periods without Part B.')),
  part_b_penalty_rate: z.number().check(z.describe('10% per full 12-month period (0.2 = 20%).')),
  part_b_monthly_penalty: z
    .number()
    .check(z.describe('Monthly Part B penalty: rate x standard premium, to the nearest $0.10.')),
  part_d_penalty_rate: z.number().check(z.describe('1% per uncovered month (0.14 = 14%).')),
  part_d_monthly_penalty: z
    .number()
    .check(z.describe('Monthly Part D penalty: rate x base beneficiary premium, to the nearest $0.10.')),
  monthly_surcharge: z.number().check(z.describe('Part B + Part D monthly penalty in `year`.')),
  annual_surcharge: z.number().check(z.describe('12 x monthly_surcharge.')),
  projection_years: z.number(),
  premium_growth_rate: z.number(),
  lifetime_surcharge: z
    .number()
    .check(z.describe('Sum of the annual surcharge over projection_years (the penalties are permanent).')),
  projection: z.array(ProjectionRow).check(z.describe('Year by year: the premiums and penalties.')),
});
/** The `result` of the envelope: the type of the `LateEnrollmentPenaltyResult` schema. */
export type LateEnrollmentPenaltyResult = z.infer<typeof LateEnrollmentPenaltyResult>;

function compute(input: z.output<typeof LateEnrollmentPenaltyInput>): LateEnrollmentPenaltyResult {
  const table = medicarePremiumTables.get(input.year);
  const growth = new Dec(1).plus(input.premium_growth_rate);
  const projection = [];
  let lifetime = new Dec(0);
  for (let k = 0; k < input.projection_years; k += 1) {
    const factor = growth.pow(k);
    // Projected premiums as CMS would publish them: Part B in dimes (SSA §1839(a)(3)), Part D in cents.
    const partB =
      k === 0
        ? new Dec(table.part_b.standard_premium)
        : toNearest(factor.times(table.part_b.standard_premium), MEDICARE_RULES.part_b_premium.rounding);
    const partD =
      k === 0
        ? new Dec(table.part_d_base_premium.monthly)
        : factor.times(table.part_d_base_premium.monthly).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    const b = partBMonthlyPenalty(partB, input.part_b_months_late);
    const d = partDMonthlyPenalty(partD, input.part_d_months_late);
    const annual = b.plus(d).times(12);
    lifetime = lifetime.plus(annual);
    projection.push({
      year: input.year + k,
      part_b_standard_premium: roundMoney(partB),
      part_d_base_premium: roundMoney(partD),
      part_b_monthly_penalty: roundMoney(b),
      part_d_monthly_penalty: roundMoney(d),
      annual_surcharge: roundMoney(annual),
    });
  }
  const first = projection[0] as (typeof projection)[number];
  const monthly = new Dec(first.part_b_monthly_penalty).plus(first.part_d_monthly_penalty);
  return {
    year: input.year,
    part_b_standard_premium: table.part_b.standard_premium,
    part_d_base_premium: table.part_d_base_premium.monthly,
    part_b_full_periods_late: Math.floor(
      input.part_b_months_late / MEDICARE_RULES.part_b_penalty.period_months,
    ),
    part_b_penalty_rate: roundRate(partBPenaltyRate(input.part_b_months_late)),
    part_b_monthly_penalty: first.part_b_monthly_penalty,
    part_d_penalty_rate: roundRate(
      new Dec(MEDICARE_RULES.part_d_penalty.rate_per_month).times(input.part_d_months_late),
    ),
    part_d_monthly_penalty: first.part_d_monthly_penalty,
    monthly_surcharge: roundMoney(monthly),
    annual_surcharge: first.annual_surcharge,
    projection_years: input.projection_years,
    premium_growth_rate: input.premium_growth_rate,
    lifetime_surcharge: roundMoney(lifetime),
    projection,
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): a
// projected year (the grown premiums in decimal, their penalties and the row).
const YEAR_COST = 600;

/**
 * Medicare late-enrollment penalties: Part B adds 10% of the standard premium for each full 12-month
 * period late, Part D adds 1% of the national base beneficiary premium for each full uncovered month,
 * each rounded to the nearest $0.10; both are permanent. Returns the monthly and annual surcharge of
 * `year` and the total over `projection_years`, with premiums held flat unless `premium_growth_rate` is
 * given. The Part B penalty is on the standard premium only (never on IRMAA).
 *
 * @example
 * ```ts
 * import { medicareLateEnrollmentPenalty } from 'finplan/healthcare';
 * // Medicare & You's Mr. Smith: 27 months without Part B = 2 full periods = 20% of $202.90 = $40.58 -> $40.60
 * medicareLateEnrollmentPenalty({ year: 2026, part_b_months_late: 27, projection_years: 10 }).result
 *   .part_b_monthly_penalty; // 40.6
 * ```
 */
export const medicareLateEnrollmentPenalty = defineOperation({
  path: '/v1/medicare/late-enrollment-penalty',
  engine: 'medicare-penalty',
  version: '1.0.0',
  prefix: 'mlep',
  summary:
    'Medicare Part B and Part D late-enrollment penalties: monthly, annual and projected lifetime surcharge.',
  description:
    'Part B: 10% of the standard premium per full 12-month period late; Part D: 1% of the national base ' +
    'beneficiary premium per full uncovered month; each rounded to the nearest $0.10 and permanent. Premium ' +
    'years 2024-2026 (CMS figures); the projection holds premiums flat unless premium_growth_rate is given.',
  example: { year: 2026, part_b_months_late: 27, part_d_months_late: 30, projection_years: 20 },
  input: LateEnrollmentPenaltyInput,
  output: LateEnrollmentPenaltyResult,
  compute,
  cost: (input) => input.projection_years * YEAR_COST,
  costField: 'projection_years',
  costFormula: `projection_years x ${YEAR_COST}`,
});
