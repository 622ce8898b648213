/**
 * Education: college savings, 529-to-Roth IRA rollovers and federal student-loan repayment.
 * @module education
 */

export {
  type CollegeSavingsInput,
  type CollegeSavingsResult,
  collegeSavings,
} from './college-savings';
