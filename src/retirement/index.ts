/**
 * Retirement: Monte Carlo of saving and spending, withdrawal strategies, accumulation projection,
 * required minimum distributions, savings target.
 * @module retirement
 */

export {
  type AccumulationProjectionInput,
  type AccumulationProjectionResult,
  accumulationProjection,
} from './accumulation-projection';
export { type MonteCarloInput, type MonteCarloResult, monteCarlo } from './monte-carlo';
export { type RmdInput, type RmdResult, rmd } from './rmd';
export { type SavingsTargetInput, type SavingsTargetResult, savingsTarget } from './savings-target';
export {
  type WithdrawalStrategyInput,
  type WithdrawalStrategyResult,
  withdrawalStrategy,
} from './withdrawal-strategy';
