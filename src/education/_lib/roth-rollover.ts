import type * as z from 'zod/mini';
import rules from '../../../data/education/529-roth-rollover.json';
import { defineTable } from '../../core/year-tables';
import type { RothRolloverRulesSchema } from './rollover-tables';

/**
 * The SECURE 2.0 529-to-Roth IRA rollover rules (`data/education/529-roth-rollover.json`, IRC
 * 529(c)(3)(E)): the $35,000 lifetime limit, the 15-year account age and the 5-year contribution
 * lookback.
 *
 * @internal
 * @example
 * ```ts
 * ROTH_ROLLOVER_RULES.rollover.lifetime_limit; // 35000
 * ```
 */
export const ROTH_ROLLOVER_RULES = defineTable<z.output<typeof RothRolloverRulesSchema>>(rules);
