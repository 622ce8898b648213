/**
 * Schemas of the education tables (`data/education/`). Engines import only the types.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

/** `data/education/529-roth-rollover.json`: the SECURE 2.0 529-to-Roth IRA rollover limits. */
export const RothRolloverRulesSchema = z.strictObject({
  sources: sources(),
  rollover: block({
    lifetime_limit: z.number(),
    minimum_account_years: z.int(),
    contribution_lookback_years: z.int(),
    first_year: z.int(),
  }),
});
export type RothRolloverRules = z.output<typeof RothRolloverRulesSchema>;
