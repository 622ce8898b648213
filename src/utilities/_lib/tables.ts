/**
 * The shapes of the utilities area's data files (`data/utilities/`), as zod schemas: the table types
 * are inferred from them, and `test/data/tables.test.ts` validates every file against them.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, byStatus, sources, statusShape } from '../../core/table-schema';

/** `data/utilities/contribution-limits/YYYY.json` (see `data/utilities/README.md`). */
export const ContributionLimitTableSchema = z.strictObject({
  tax_year: z.int(),
  sources: sources(),
  elective_deferral: block({
    limit: z.number(),
    catch_up_50: z.number(),
    catch_up_60_63: z.optional(z.number()),
  }),
  roth_catch_up: block({ wage_threshold: z.number(), wages_year: z.int(), in_force: z.boolean() }),
  ira: block({ limit: z.number(), catch_up_50: z.number() }),
  annual_additions_415c: block({ limit: z.number() }),
  compensation_limit_401a17: block({ limit: z.number() }),
  simple: block({
    limit: z.number(),
    catch_up_50: z.number(),
    catch_up_60_63: z.optional(z.number()),
    limit_small_employer: z.number(),
    catch_up_50_small_employer: z.number(),
  }),
  sep: block({ compensation_rate: z.number(), min_compensation_for_participation: z.number() }),
  hsa: block({ self_only: z.number(), family: z.number(), catch_up_55: z.number() }),
});

/** The contribution limits of one tax year. */
export type ContributionLimitTable = z.output<typeof ContributionLimitTableSchema>;

/** A MAGI phase-out range `[start, end]`: full amount at or below start, nothing at or above end. */
const Range = z.readonly(z.tuple([z.number(), z.number()]));
/** A MAGI phase-out range `[start, end]`: full amount at or below start, nothing at or above end. */
export type PhaseOutRange = z.output<typeof Range>;

/** `data/utilities/ira-phaseouts/YYYY.json` (see `data/utilities/README.md`). */
export const IraPhaseOutTableSchema = z.strictObject({
  tax_year: z.int(),
  sources: sources(),
  traditional_deduction: block({
    covered: byStatus(Range),
    spouse_covered: z.strictObject({ mfj: Range, mfs: Range }),
  }),
  roth: block(statusShape(Range)),
  rounding: block({ step: z.number(), minimum: z.number() }),
});

/** The IRA deduction and Roth phase-out ranges of one tax year. */
export type IraPhaseOutTable = z.output<typeof IraPhaseOutTableSchema>;
