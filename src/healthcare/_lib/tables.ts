/**
 * The shapes of the healthcare area's data files (`data/healthcare/`), as zod schemas: the table
 * types are inferred from them, and `test/data/tables.test.ts` validates every file against them.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

/** One IRMAA tier of a CMS table: where it starts (above `magi_over`, or at `magi_at_least`). */
const IrmaaTier = z.union([
  z.strictObject({ tier: z.int(), magi_over: z.number() }),
  z.strictObject({ tier: z.int(), magi_at_least: z.number() }),
]);

/** Five monthly amounts, tiers 1 to 5 in order. */
const FiveAmounts = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);

/** `data/healthcare/medicare/YYYY.json` (see `data/healthcare/README.md`). */
export const MedicareTableSchema = z.strictObject({
  irmaa_year: z.int(),
  /** The tax year whose MAGI sets the year's IRMAA: `irmaa_year - 2`. */
  magi_tax_year: z.int(),
  sources: sources(),
  part_b: block({ standard_premium: z.number() }),
  part_b_irmaa: block({ monthly: FiveAmounts }),
  part_d_irmaa: block({ monthly: FiveAmounts }),
  /** The three CMS tables; `tier` indexes `part_b_irmaa.monthly[tier - 1]` and `part_d_irmaa.monthly[tier - 1]`. */
  tiers: block({
    individual: z.array(IrmaaTier),
    joint: z.array(IrmaaTier),
    married_separate: z.array(IrmaaTier),
  }),
  part_d_base_premium: block({ monthly: z.number() }),
});

/** The Medicare premiums and IRMAA tiers of one year, as stored in `data/healthcare/medicare/YYYY.json`. */
export type MedicareTable = z.output<typeof MedicareTableSchema>;

/** `data/healthcare/poverty-guidelines/YYYY.json`: HHS poverty guidelines, 48 contiguous states and DC. */
export const PovertyGuidelineTableSchema = z.strictObject({
  guideline_year: z.int(),
  sources: sources(),
  contiguous_states_and_dc: block({
    by_household_size: z.array(z.number()).check(z.length(8)),
    each_additional_person: z.number(),
  }),
});

/** The HHS poverty guidelines of one year (48 contiguous states and DC). */
export type PovertyGuidelineTable = z.output<typeof PovertyGuidelineTableSchema>;

const Band = z.strictObject({
  from_percent: z.number(),
  to_percent: z.optional(z.number()),
  initial: z.number(),
  final: z.number(),
});

/** `data/healthcare/applicable-percentage/YYYY.json`: the IRC §36B applicable percentage table of a coverage year. */
export const ApplicablePercentageTableSchema = z.strictObject({
  coverage_year: z.int(),
  sources: sources(),
  poverty_guideline: block({ guideline_year: z.int() }),
  applicable_percentage: block({ bands: z.array(Band) }),
  eligibility: block({ minimum_percent: z.number(), maximum_percent: z.optional(z.number()) }),
});

/** The premium tax credit table of one coverage year. */
export type ApplicablePercentageTable = z.output<typeof ApplicablePercentageTableSchema>;

/** `data/healthcare/medicare-rules.json`: Medicare age and the late-enrollment penalty rules. */
export const MedicareRulesSchema = z.strictObject({
  sources: sources(),
  eligibility: block({ medicare_age: z.int() }),
  part_b_penalty: block({ rate_per_period: z.number(), period_months: z.int(), rounding: z.number() }),
  part_b_premium: block({ rounding: z.number() }),
  part_d_penalty: block({ rate_per_month: z.number(), rounding: z.number() }),
});

/** The Medicare rules table. */
export type MedicareRules = z.output<typeof MedicareRulesSchema>;
