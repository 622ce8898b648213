/**
 * Utilities: time value of money, goal funding, amortization, debt vs invest, inflation, NPV/IRR,
 * contribution limits and IRA eligibility.
 * @module finplan/utilities
 */

export { type NpvIrrInput, type NpvIrrResult, npvIrr } from './cashflow-npv-irr';
export {
  type ContributionLimitsInput,
  type ContributionLimitsResult,
  contributionLimits,
} from './contribution-limits';
export { type DebtVsInvestInput, type DebtVsInvestResult, debtVsInvest } from './debt-vs-invest';
export { type GoalFundingInput, type GoalFundingResult, goalFunding } from './goal-funding';
export { type InflationAdjustInput, type InflationAdjustResult, inflationAdjust } from './inflation-adjust';
export { type IraEligibilityInput, type IraEligibilityResult, iraEligibility } from './ira-eligibility';
export { type AmortizationInput, type AmortizationResult, loanAmortization } from './loan-amortization';
export { type TvmInput, type TvmResult, tvm } from './tvm';
