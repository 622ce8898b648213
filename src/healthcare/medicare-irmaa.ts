import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { fieldIssue, filingStatus, flag, money, withDefault } from '../core/schema';
import { yearField } from '../core/year-tables';
import { IRMAA_ENGINE, type IrmaaBound, type IrmaaTierRow, irmaaFor, irmaaSchedule } from './_lib/irmaa';
import { irmaaTables } from './_lib/year-tables';

const MedicareIrmaaObject = z.strictObject({
  irmaa_year: yearField(
    'Premium year of the Medicare Part B and Part D income-related monthly adjustment (IRMAA).',
    irmaaTables,
  ),
  filing_status: filingStatus(
    'Filing status of the tax return whose MAGI is used: single, mfj, mfs, hoh or qss.',
  ),
  magi: money(
    'Modified AGI (AGI plus tax-exempt interest) of the tax year two years before irmaa_year (2024 MAGI for 2026 premiums), dollars.',
  ),
  lived_apart_all_year: withDefault(
    flag(
      'Married filing separately and lived apart from the spouse for the whole tax year: the individual table applies instead of the separate-return table. Default false.',
    ),
    false,
  ),
});

/** `/v1/medicare/irmaa` request. */
export const MedicareIrmaaInput = MedicareIrmaaObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.lived_apart_all_year && input.filing_status !== 'mfs') {
      issue('lived_apart_all_year', 'applies only to a separate return (filing_status mfs)');
    }
  }),
);
export type MedicareIrmaaInput = z.input<typeof MedicareIrmaaInput>;

const TierRow = z.object({
  tier: z.number(),
  magi_over: z.optional(z.number()).check(z.describe('The tier applies to MAGI greater than this.')),
  magi_at_least: z
    .optional(z.number())
    .check(z.describe('The tier applies to MAGI greater than or equal to this.')),
  magi_up_to: z
    .optional(z.number())
    .check(z.describe('The tier applies to MAGI less than or equal to this.')),
  magi_below: z.optional(z.number()).check(z.describe('The tier applies to MAGI less than this.')),
  part_b_irmaa: z.number(),
  part_d_irmaa: z.number(),
  monthly_surcharge: z.number(),
});

export const MedicareIrmaaResult = z.object({
  irmaa_year: z.number(),
  magi_tax_year: z.number().check(z.describe('Tax year whose MAGI sets the surcharge: irmaa_year - 2.')),
  table: z
    .enum(['individual', 'joint', 'married_separate'])
    .check(z.describe('The CMS table used for the filing status.')),
  tier: z
    .number()
    .check(
      z.describe('0 = standard premium only; 1-5 = the CMS rows in order (a separate return has 0, 4, 5).'),
    ),
  top_tier: z.number(),
  part_b_standard_premium: z.number().check(z.describe('Standard monthly Part B premium of the year.')),
  part_b_irmaa: z.number().check(z.describe('Monthly Part B adjustment.')),
  part_b_premium: z.number().check(z.describe('Monthly Part B premium: standard + adjustment.')),
  part_d_irmaa: z.number().check(z.describe('Monthly Part D adjustment, on top of the drug plan premium.')),
  monthly_surcharge: z.number().check(z.describe('part_b_irmaa + part_d_irmaa, per person.')),
  annual_surcharge: z.number().check(z.describe('12 x monthly_surcharge, per person.')),
  monthly_premiums: z
    .number()
    .check(z.describe('part_b_premium + part_d_irmaa (the Part D plan premium itself is not included).')),
  annual_premiums: z.number().check(z.describe('12 x monthly_premiums.')),
  headroom_to_next_tier: z
    .optional(z.number())
    .check(z.describe('How much MAGI can rise and stay in this tier (to the cent); absent in the top tier.')),
  next_tier_threshold: z
    .optional(z.number())
    .check(z.describe('The threshold where the next tier begins; absent in the top tier.')),
  next_tier_starts: z
    .optional(z.enum(['above', 'at']))
    .check(
      z.describe(
        'above: the next tier starts one cent over next_tier_threshold ("greater than"); at: at it ("greater than or equal to").',
      ),
    ),
  next_tier_annual_increase: z
    .optional(z.number())
    .check(z.describe('Extra annual surcharge (per person) of the next tier over this one.')),
  distance_to_previous_tier: z
    .optional(z.number())
    .check(z.describe('How much MAGI must fall to reach the previous tier (to the cent); absent in tier 0.')),
  tiers: z.array(TierRow).check(z.describe('The whole table for this filing status, tier 0 first.')),
});
/** The `result` of the envelope: the type of the `MedicareIrmaaResult` schema. */
export type MedicareIrmaaResult = z.infer<typeof MedicareIrmaaResult>;

function rowOut(row: IrmaaTierRow) {
  const from = row.from as IrmaaBound | undefined;
  const to = row.to as IrmaaBound | undefined;
  return {
    tier: row.tier,
    ...(from === undefined ? {} : from.inclusive ? { magi_at_least: from.magi } : { magi_over: from.magi }),
    ...(to === undefined ? {} : to.inclusive ? { magi_up_to: to.magi } : { magi_below: to.magi }),
    part_b_irmaa: row.part_b_irmaa,
    part_d_irmaa: row.part_d_irmaa,
    monthly_surcharge: roundMoney(new Dec(row.part_b_irmaa).plus(row.part_d_irmaa)),
  };
}

function compute(input: z.output<typeof MedicareIrmaaInput>): MedicareIrmaaResult {
  const options = { livedApartAllYear: input.lived_apart_all_year };
  const tier = irmaaFor(input.irmaa_year, input.filing_status, input.magi, options);
  const surcharge = new Dec(tier.part_b_irmaa).plus(tier.part_d_irmaa);
  const partB = new Dec(tier.part_b_standard_premium).plus(tier.part_b_irmaa);
  const premiums = partB.plus(tier.part_d_irmaa);
  const next = tier.next;
  const startsAt = next?.from;
  return {
    irmaa_year: input.irmaa_year,
    magi_tax_year: tier.magi_tax_year,
    table: tier.table,
    tier: tier.tier,
    top_tier: tier.top_tier,
    part_b_standard_premium: tier.part_b_standard_premium,
    part_b_irmaa: tier.part_b_irmaa,
    part_b_premium: roundMoney(partB),
    part_d_irmaa: tier.part_d_irmaa,
    monthly_surcharge: roundMoney(surcharge),
    annual_surcharge: roundMoney(surcharge.times(12)),
    monthly_premiums: roundMoney(premiums),
    annual_premiums: roundMoney(premiums.times(12)),
    ...(tier.headroom === undefined ? {} : { headroom_to_next_tier: headroomOf(tier.headroom) }),
    ...(startsAt === undefined
      ? {}
      : {
          next_tier_threshold: startsAt.magi,
          next_tier_starts: startsAt.inclusive ? ('at' as const) : ('above' as const),
          next_tier_annual_increase: roundMoney(
            new Dec((next as IrmaaTierRow).part_b_irmaa)
              .plus((next as IrmaaTierRow).part_d_irmaa)
              .minus(surcharge)
              .times(12),
          ),
        }),
    ...(tier.distance_back === undefined
      ? {}
      : { distance_to_previous_tier: roundMoney(tier.distance_back) }),
    tiers: irmaaSchedule(input.irmaa_year, input.filing_status, options).map(rowOut),
  };
}

/** Headroom to the cent, never negative (a MAGI with fractions of a cent can sit within a cent of a cliff). */
function headroomOf(value: number): number {
  return Math.max(0, roundMoney(value));
}

/**
 * Medicare IRMAA for a premium year: the tier that the MAGI of the tax year two years before sets for
 * a filing status, the monthly and annual Part B and Part D surcharges, the Part B premium, the headroom
 * to the next tier and the distance back to the previous one. Thresholds are cliffs, exactly as the CMS
 * fact sheet words them: "greater than $X" (one cent over triggers the whole next-tier surcharge) for
 * every tier but the top one, which starts at "greater than or equal to" its threshold. Amounts are per
 * person; a couple with both spouses on Medicare pays twice.
 *
 * @example
 * ```ts
 * import { medicareIrmaa } from 'finplan/healthcare';
 * // 2026, single, 2024 MAGI $150,000: CMS fact sheet row "Greater than $137,000 and less than or equal to $171,000"
 * medicareIrmaa({ irmaa_year: 2026, filing_status: 'single', magi: 150_000 }).result.part_b_premium; // 405.8
 * ```
 */
export const medicareIrmaa = defineOperation({
  path: '/v1/medicare/irmaa',
  engine: IRMAA_ENGINE.name,
  version: IRMAA_ENGINE.version,
  prefix: 'irmaa',
  summary: 'Medicare Part B and Part D IRMAA tier, surcharges, headroom and distance back for a MAGI.',
  description:
    'The income-related monthly adjustment amounts of a premium year (2024-2026) from the CMS fact sheets, ' +
    'on the MAGI of the tax year two years before: tier, monthly and annual Part B + Part D surcharge, Part B ' +
    'premium, total premiums, headroom to the next tier and distance back to the previous one. Thresholds are ' +
    'cliffs ("greater than", the top tier "greater than or equal to"); married filing separately has its own ' +
    'table unless the spouses lived apart all year. Per person; the Part D plan premium is not included.',
  example: { irmaa_year: 2026, filing_status: 'single', magi: 150000 },
  input: MedicareIrmaaInput,
  output: MedicareIrmaaResult,
  compute,
});
