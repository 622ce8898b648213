import { type CalculationError, isCalculationError } from '../src/core/errors';
import type { AnyOperation } from '../src/core/operation';

/** The CalculationError that `operation.run(input)` throws; fails the test if it returns or throws anything else. */
export function calculationErrorOf(operation: AnyOperation, input: unknown): CalculationError {
  try {
    operation.run(input);
  } catch (error) {
    if (isCalculationError(error)) return error;
    throw error;
  }
  throw new Error(`expected ${operation.path} to reject the input with a CalculationError`);
}
