import type * as z from 'zod/mini';
import rules from '../../../data/education/federal-loan-repayment.json';
import { defineTable } from '../../core/year-tables';
import type { LoanRepaymentRulesSchema } from './loan-tables';

/**
 * The federal student-loan repayment plan rules (`data/education/federal-loan-repayment.json`): terms,
 * IBR percentages, the Repayment Assistance Plan and the tax treatment of forgiveness.
 *
 * @internal
 * @example
 * ```ts
 * LOAN_RULES.rap.forgiveness_payments; // 360
 * ```
 */
export const LOAN_RULES = defineTable<z.output<typeof LoanRepaymentRulesSchema>>(rules);
