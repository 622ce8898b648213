/**
 * Retirement: Monte Carlo of saving and spending, withdrawal strategies, accumulation projection.
 * @module retirement
 */

export {
  type AccumulationProjectionInput,
  type AccumulationProjectionResult,
  accumulationProjection,
} from './accumulation-projection';
export { type MonteCarloInput, type MonteCarloResult, monteCarlo } from './monte-carlo';
export {
  type WithdrawalStrategyInput,
  type WithdrawalStrategyResult,
  withdrawalStrategy,
} from './withdrawal-strategy';
