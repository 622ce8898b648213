/**
 * Education: college savings, 529-to-Roth IRA rollovers and federal student-loan repayment.
 * @module finplan/education
 */

export {
  type RothRolloverInput,
  type RothRolloverResult,
  rothRollover529,
} from './529-to-roth';
// aid-estimate: the federal Student Aid Index of a dependent student and the financial need.
export { type AidEstimateInput, type AidEstimateResult, aidEstimate } from './aid-estimate';
export {
  type CollegeSavingsInput,
  type CollegeSavingsResult,
  collegeSavings,
} from './college-savings';
export { type StudentLoanInput, type StudentLoanResult, studentLoan } from './student-loan';
