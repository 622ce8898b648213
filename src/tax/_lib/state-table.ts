/**
 * The shape of a state income tax table and its type (the rules are blocks of the kinds of
 * `state-rule-schemas.ts`). The validated schema, which also checks the rules' order and counts, is
 * `StateTaxTableSchema` in `state-table-schema.ts`: it needs the kinds' stages, and the kinds need this
 * type, so the two live apart (no import cycle).
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';
import { StateRuleSchema } from './state-rule-schemas';

/**
 * `data/tax/state/<code>/<year>.json`: one jurisdiction's individual income tax for a tax year (see
 * `data/tax/state/README.md`). `kind` none: no tax on wages and salaries (`reason` says why);
 * flat: one rate (zero-rate bands allowed); graduated: brackets by the state's own schedules. Flat and
 * graduated states alike take their standard deduction, exemptions and exemption credits. `rules` lists
 * the state's rules in the order they apply, each a block naming its kind (`state-rule-schemas.ts`;
 * docs/tax.md, "State rule kinds").
 */
export const StateTaxTableShape = z.strictObject({
  state: z.string().check(z.regex(/^[A-Z]{2}$/)),
  name: z.string(),
  tax_year: z.int(),
  kind: z.enum(['none', 'flat', 'graduated']),
  sources: sources(),
  /** For kind none: why wages are not taxed (and what, if anything, is). */
  reason: z.optional(block({ text: z.string() })),
  /** The state's rules, in the order they apply. */
  rules: z.array(StateRuleSchema),
  /** What the table and the engine leave out for this jurisdiction (shown in the result's notes). */
  not_modeled: z.array(z.string()),
});

/** One jurisdiction's income tax figures for a tax year, as stored in `data/tax/state/<code>/<year>.json`. */
export type StateTaxTable = z.output<typeof StateTaxTableShape>;
