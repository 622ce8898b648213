/**
 * Schema of `data/education/federal-loan-repayment.json` (federal student-loan repayment plans).
 * Engines import only the type.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

export const LoanRepaymentRulesSchema = z.strictObject({
  sources: sources(),
  standard: block({ years: z.int() }),
  extended: block({ years: z.int(), minimum_balance_over: z.number() }),
  graduated: block({ years: z.int(), step_months: z.int(), max_payment_ratio: z.number() }),
  ibr: block({
    poverty_line_multiple: z.number(),
    original: block({ rate: z.number(), forgiveness_years: z.int() }),
    new_borrower: block({ rate: z.number(), forgiveness_years: z.int() }),
    payment_cap_standard_years: z.int(),
  }),
  paye: block({
    rate: z.number(),
    poverty_line_multiple: z.number(),
    payment_cap_standard_years: z.int(),
    forgiveness_years: z.int(),
    enrollment_before: z.string(),
  }),
  icr: block({
    rate: z.number(),
    poverty_line_multiple: z.number(),
    forgiveness_years: z.int(),
    enrollment_before: z.string(),
  }),
  idr_transition: block({ moved_from: z.string() }),
  rap: block({
    available_from: z.string(),
    minimum_monthly_payment: z.number(),
    no_percentage_agi_up_to: z.number(),
    low_income_annual_base: z.number(),
    rates: z.array(z.strictObject({ agi_over: z.number(), rate: z.number() })),
    dependent_reduction_monthly: z.number(),
    principal_match_monthly: z.number(),
    forgiveness_payments: z.int(),
  }),
  new_standard: block({ tiers: z.array(z.strictObject({ balance_from: z.number(), years: z.int() })) }),
  forgiveness_tax: block({ excluded_through_year: z.int() }),
  pslf: block({ qualifying_payments: z.int() }),
});
export type LoanRepaymentRules = z.output<typeof LoanRepaymentRulesSchema>;
