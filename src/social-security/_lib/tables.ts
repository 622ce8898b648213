/**
 * The shape of the Social Security data file (`data/social-security/`), as a zod schema: the table
 * type is inferred from it, and `test/data/tables.test.ts` validates the file against it. Engines import
 * only the type.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

/** An exact fraction (`5/900` is 5/9 of 1%): SSA computes with the fractions, never their decimals. */
const Fraction = z.strictObject({ numerator: z.int(), denominator: z.int().check(z.positive()) });

/** One row of the full-retirement-age table: birth years `from`-`to` (no `to`: and later). */
const FraRow = z.strictObject({
  from: z.int(),
  to: z.optional(z.int()),
  years: z.int(),
  months: z.int().check(z.gte(0), z.lte(11)),
});

/** `data/social-security/retirement-benefit-rules.json`: the retirement benefit's claiming-age rules. */
export const RetirementBenefitRulesSchema = z.strictObject({
  sources: sources(),
  claiming: block({ earliest_age: z.int(), latest_credit_age: z.int() }),
  full_retirement_age: block({ by_birth_year: z.array(FraRow).check(z.minLength(1)) }),
  early_reduction: block({ first_months: z.int(), first_rate: Fraction, later_rate: Fraction }),
  delayed_credit: block({ from_birth_year: z.int(), monthly_rate: Fraction }),
  rounding: block({ step: z.number() }),
});

/** The retirement benefit rules, as stored in `data/social-security/retirement-benefit-rules.json`. */
export type RetirementBenefitRules = z.output<typeof RetirementBenefitRulesSchema>;
