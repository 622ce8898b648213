import { CalculationError } from './errors';

// The cost model: every operation's work is counted in one unit, the path-step (one step of one
// simulated path: a normal draw, its gross return and a balance update), which takes about 0.1
// microsecond of one core (the median of the simulations' whole requests: 116 ns in bench/RESULTS.md).
// A simulation declares paths x steps; any other operation whose work grows with its input
// declares the path-steps its whole request takes (validation, computation, the envelope with its
// result_id), calibrated by `bench/cost.bench.mjs`, which times every operation's worst-case requests
// against the path-step of the same run (docs/contributing.md, "Cost").

/**
 * The most work one request may ask for, in path-steps: 12,000,000, e.g. 100,000 paths of 120 annual
 * steps or 10,000 paths of 100 years of monthly steps, about a second of one core. A request over it is
 * a 400 `too_expensive` naming the field to lower, in the library and over HTTP. The schemas of the
 * operations that do not simulate keep their declared work under it.
 *
 * @example
 * ```ts
 * import { MAX_PATH_STEPS } from 'finplan';
 * MAX_PATH_STEPS; // 12000000
 * ```
 */
export const MAX_PATH_STEPS = 12_000_000;

/**
 * Path-steps bought by one rate-limit token: a request costs `1 + floor(cost / 1,000,000)` tokens
 * (an operation that declares no cost costs 1), never more than the bucket holds.
 *
 * @example
 * ```ts
 * import { PATH_STEPS_PER_TOKEN } from 'finplan';
 * PATH_STEPS_PER_TOKEN; // 1000000
 * ```
 */
export const PATH_STEPS_PER_TOKEN = 1_000_000;

/**
 * Requests whose cost is at least this many path-steps (about 2 ms of one core) compute in a worker
 * thread when the HTTP adapter has a pool (`finplan serve`, `toNodeListener`, `createHandler({ pool })`);
 * cheaper ones compute on the calling thread, where the hand-off would cost more than it saves.
 *
 * @example
 * ```ts
 * import { OFFLOAD_COST } from 'finplan';
 * OFFLOAD_COST; // 25000
 * ```
 */
export const OFFLOAD_COST = 25_000;

/**
 * Path-steps charged for each character of a request body, whatever it asks for: reading it into JSON and
 * validating it. Measured (process CPU time, `bench/RESULTS.md`, "Issue 30 point 1") at 15 to 40 ns a
 * character for request-shaped bodies (10,000 dated flows 30 ns, 100,000 plain flows 36 ns) and up to
 * 45 ns for the worst shape found (100,000 nested one-element arrays under an unknown key): at most 0.45
 * of a path-step (0.1 microsecond), so one path-step a character bounds it with a margin of two.
 */
export const BODY_STEPS_PER_CHAR = 1;

/**
 * The cost a request is charged, in path-steps: its operation's declared cost, and never less than the
 * work of reading its body ({@link BODY_STEPS_PER_CHAR} a character), so that a large body is never
 * cheaper than the work it asks for, even when it is refused as invalid.
 *
 * @example
 * ```ts
 * import { tokensFor } from 'finplan';
 * requestCost(0, 1_200_000); // 1200000
 * tokensFor(requestCost(0, 1_200_000)); // 2
 * requestCost(5_300_000, 380_000); // 5300000
 * ```
 */
export function requestCost(declared: number, bodyChars: number): number {
  return Math.max(declared, bodyChars * BODY_STEPS_PER_CHAR);
}

/**
 * Rate-limit tokens one request costs: 1, plus one per {@link PATH_STEPS_PER_TOKEN} path-steps of its
 * cost.
 *
 * @example
 * ```ts
 * import { tokensFor } from 'finplan';
 * tokensFor(0); // 1
 * tokensFor(12_000_000); // 13
 * ```
 */
export function tokensFor(cost: number): number {
  return 1 + Math.floor(Math.max(0, cost) / PATH_STEPS_PER_TOKEN);
}

function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Throw `too_expensive` when `cost` is over {@link MAX_PATH_STEPS}; the issue names `field` (the
 * request field to lower, usually `num_simulations`).
 *
 * @example
 * ```ts
 * import { assertAffordable } from 'finplan';
 * assertAffordable(1_000_000, 'num_simulations'); // returns; 60,000,000 would throw too_expensive
 * ```
 */
export function assertAffordable(cost: number, field: string): void {
  if (cost <= MAX_PATH_STEPS) return;
  throw new CalculationError('too_expensive', [
    {
      path: field,
      code: 'too_expensive',
      message: `asks for ${grouped(cost)} path-steps (paths x steps); the most one request may ask for is ${grouped(MAX_PATH_STEPS)}: lower ${field} or the horizon`,
    },
  ]);
}
