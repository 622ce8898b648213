import type * as z from 'zod/mini';
import ages from '../../../data/tax/statutory-ages.json';
import { defineTable } from '../../core/year-tables';
import type { StatutoryAgesSchema } from './tables';

/**
 * The ages the Code attaches to deductions and contribution limits (`data/tax/statutory-ages.json`,
 * with their sections): 65 for the additional standard deduction and the senior deduction, 50 and
 * 60-63 for catch-ups, 55 for the HSA catch-up. Each is an age attained by the end of the tax year.
 * Also the beginning ages of required minimum distributions by birth year (IRC 401(a)(9)(C)).
 *
 * @internal
 * @example
 * ```ts
 * STATUTORY_AGES.catch_up.ages_60_63; // [60, 63]
 * ```
 */
export const STATUTORY_AGES = defineTable<z.output<typeof StatutoryAgesSchema>>(ages);
