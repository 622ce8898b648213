import { CalculationError } from './errors';

/**
 * The most work one request may ask of a stochastic engine, in path-steps (simulated paths x steps
 * per path): 12,000,000, e.g. 100,000 paths of 120 annual steps or 10,000 paths of 100 years of
 * monthly steps. At about 45 ns a step that is about half a second of one core. A request over it is
 * a 400 `too_expensive` naming the field, in the library and over HTTP.
 *
 * @example
 * ```ts
 * import { MAX_PATH_STEPS } from 'finplan';
 * MAX_PATH_STEPS; // 12000000
 * ```
 */
export const MAX_PATH_STEPS = 12_000_000;

/**
 * Path-steps bought by one rate-limit token: a request costs `1 + floor(path-steps / 1,000,000)`
 * tokens (a deterministic request costs 1), never more than the bucket holds.
 *
 * @example
 * ```ts
 * import { PATH_STEPS_PER_TOKEN } from 'finplan';
 * PATH_STEPS_PER_TOKEN; // 1000000
 * ```
 */
export const PATH_STEPS_PER_TOKEN = 1_000_000;

/**
 * Rate-limit tokens one request costs: 1, plus one per {@link PATH_STEPS_PER_TOKEN} path-steps.
 *
 * @example
 * ```ts
 * import { tokensFor } from 'finplan';
 * tokensFor(0); // 1
 * tokensFor(12_000_000); // 13
 * ```
 */
export function tokensFor(pathSteps: number): number {
  return 1 + Math.floor(Math.max(0, pathSteps) / PATH_STEPS_PER_TOKEN);
}

function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Throw `too_expensive` when `pathSteps` is over {@link MAX_PATH_STEPS}; the issue names `field` (the
 * request field to lower, usually `num_simulations`).
 *
 * @example
 * ```ts
 * import { assertAffordable } from 'finplan';
 * assertAffordable(1_000_000, 'num_simulations'); // returns; 60,000,000 would throw too_expensive
 * ```
 */
export function assertAffordable(pathSteps: number, field: string): void {
  if (pathSteps <= MAX_PATH_STEPS) return;
  throw new CalculationError('too_expensive', [
    {
      path: field,
      code: 'too_expensive',
      message: `asks for ${grouped(pathSteps)} path-steps (paths x steps); the most one request may ask for is ${grouped(MAX_PATH_STEPS)}: lower ${field} or the horizon`,
    },
  ]);
}
