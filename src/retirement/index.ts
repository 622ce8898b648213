/**
 * Retirement: Monte Carlo of saving and spending, withdrawal strategies, accumulation projection,
 * required minimum distributions, savings target, withdrawal sequencing, Roth conversion; and retirement income (`income/`): longevity,
 * annuities, pensions.
 * @module retirement
 */

export {
  type AccumulationProjectionInput,
  type AccumulationProjectionResult,
  accumulationProjection,
} from './accumulation-projection';
export { type AnnuityInput, type AnnuityResult, annuity, PAYOUT_TYPES } from './income/annuity';
export { type LongevityInput, type LongevityResult, longevity } from './income/longevity';
export {
  type LumpSumVsAnnuityInput,
  type LumpSumVsAnnuityResult,
  pensionLumpSumVsAnnuity,
} from './income/lump-sum-vs-annuity';
export { type MonteCarloInput, type MonteCarloResult, monteCarlo } from './monte-carlo';
export { type RmdInput, type RmdResult, rmd } from './rmd';
export { type RothConversionInput, type RothConversionResult, rothConversion } from './roth-conversion';
export { type SavingsTargetInput, type SavingsTargetResult, savingsTarget } from './savings-target';
export {
  SEQUENCING_STRATEGIES,
  type WithdrawalSequencingInput,
  type WithdrawalSequencingResult,
  withdrawalSequencing,
} from './withdrawal-sequencing';
export {
  type WithdrawalStrategyInput,
  type WithdrawalStrategyResult,
  withdrawalStrategy,
} from './withdrawal-strategy';
