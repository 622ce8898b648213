/**
 * Retirement: Monte Carlo of saving and spending, withdrawal strategies, accumulation projection.
 * @module retirement
 */

export {
  type AccumulationProjectionInput,
  type AccumulationProjectionResult,
  accumulationProjection,
} from './accumulation-projection';
