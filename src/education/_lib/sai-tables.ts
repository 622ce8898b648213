/**
 * The shape of the Student Aid Index tables (`data/education/sai/YYYY.json`), as a zod schema: the
 * table type is inferred from it, and `test/data/tables.test.ts` validates every file against it.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

/** One row of Table A5: from `aai_over`, `base` plus `rate` times the AAI over it. */
const ScheduleRow = z.strictObject({ aai_over: z.number(), base: z.number(), rate: z.number() });

/** `data/education/sai/YYYY.json`, one award year (see `data/education/README.md`). */
export const SaiTableSchema = z.strictObject({
  /** First calendar year of the award year: 2025 = 2025-26. */
  award_year: z.int(),
  /** The tax year whose income the FAFSA reports (prior-prior year): `award_year - 2`. */
  income_tax_year: z.int(),
  sources: sources(),
  parent_income_protection_allowance: block({
    smallest_family_size: z.int(),
    by_family_size: z.array(z.number()).check(z.minLength(1)),
    each_additional_member: z.number(),
  }),
  student_income_protection_allowance: block({ amount: z.number() }),
  employment_expense_allowance: block({ rate: z.number(), maximum: z.number() }),
  payroll_tax_allowance: block({
    medicare_rate: z.number(),
    medicare_rate_above_threshold: z.number(),
    medicare_threshold: z.strictObject({ joint: z.number(), separate: z.number(), other: z.number() }),
    oasdi_rate: z.number(),
    oasdi_wage_base: z.number(),
  }),
  asset_protection_allowance: block({ amount: z.number() }),
  asset_conversion: block({ parent_rate: z.number(), student_rate: z.number() }),
  student_income_assessment: block({ rate: z.number(), minimum_contribution: z.number() }),
  parents_contribution_schedule: block({
    minimum_aai: z.number(),
    minimum_contribution: z.number(),
    brackets: z.array(ScheduleRow).check(z.minLength(1)),
  }),
  sai_limits: block({ minimum: z.number(), maximum: z.number() }),
});

/** One award year's SAI tables. */
export type SaiTable = z.output<typeof SaiTableSchema>;
