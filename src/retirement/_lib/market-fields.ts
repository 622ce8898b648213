/**
 * The simulated-market fields that the retirement Monte Carlo and withdrawal-strategy requests share:
 * the shared lognormal model's mean and volatility, inflation, the path count and the seed.
 *
 * @internal
 * @module
 */
import { numSimulations, rate, seed } from '../../core/schema';

/**
 * `expected_return`, `return_volatility`, `inflation`, `num_simulations` and `seed`, with their bounds
 * and descriptions.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Input = z.strictObject({ ...marketFields });
 * Input.parse({ expected_return: 0.06, return_volatility: 0.15, inflation: 0.025 }).num_simulations; // 10000
 * ```
 */
export const marketFields = {
  expected_return: rate('Annual arithmetic mean return of the portfolio (0.07 = 7%; -0.99 to 1).', {
    min: -0.99,
    max: 1,
  }),
  return_volatility: rate('Annual standard deviation of the return (0.15 = 15%; 0-1).', { min: 0, max: 1 }),
  inflation: rate('Constant annual inflation (0.025 = 2.5%; -0.1 to 0.25).', { min: -0.1, max: 0.25 }),
  num_simulations: numSimulations(),
  seed: seed(),
};
