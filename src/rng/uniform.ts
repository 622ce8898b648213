/**
 * Uniform doubles from two 32-bit outputs of a {@link Rng}.
 *
 * @module
 */

import type { Rng } from './xoshiro128';

const TWO_POW_25 = 33554432;
const TWO_POW_26 = 67108864;
const TWO_POW_52 = 4503599627370496;
const TWO_POW_53 = 9007199254740992;

/**
 * A uniform double in [0, 1) with 53 random bits: from two successive outputs `a` then `b`,
 * `k = (a >>> 5) * 2^26 + (b >>> 6)` (the top 27 bits of `a`, then the top 26 bits of `b`) and the
 * result is `k / 2^53`, exact. Every multiple of 2^-53 in [0, 1) is equally likely.
 *
 * Consumes exactly two outputs of `rng`.
 *
 * @param rng - the generator to draw from
 * @returns a number in [0, 1)
 * @example
 * ```ts
 * import { createRng, uniform } from 'finplan/rng';
 * const rng = createRng(42);
 * const u = uniform(rng); // 0.6606157208001621
 * ```
 */
export function uniform(rng: Rng): number {
  const a = rng.next() >>> 5;
  const b = rng.next() >>> 6;
  return (a * TWO_POW_26 + b) / TWO_POW_53;
}

/**
 * A uniform double in the open interval (0, 1), for inverse-CDF sampling where 0 and 1 map to
 * infinities. With `k` the same 53-bit integer that {@link uniform} would build from the same two
 * outputs, the result is `(floor(k / 2) + 0.5) / 2^52`: the midpoints of 2^52 equal cells.
 *
 * Why 52 bits and not `(k + 0.5) / 2^53`: in [0.5, 1) doubles are spaced 2^-53 apart, so the
 * 53-bit midpoints there are not representable; `(k + 0.5) / 2^53` rounds (ties to even) and
 * returns exactly 1 for `k = 2^53 - 1`. The 52-bit midpoints are all exact, the smallest is 2^-53 and
 * the largest 1 - 2^-53, and the set is symmetric (`1 - u` is again a possible value, exactly), which
 * makes {@link normal} exactly symmetric.
 *
 * Consumes exactly two outputs of `rng`.
 *
 * @param rng - the generator to draw from
 * @returns a number in [2^-53, 1 - 2^-53], so strictly inside (0, 1)
 * @example
 * ```ts
 * import { createRng, uniformOpen } from 'finplan/rng';
 * const rng = createRng(42);
 * const u = uniformOpen(rng); // 0.6606157208001621 (k is odd here, so equal to uniform)
 * ```
 */
export function uniformOpen(rng: Rng): number {
  const a = rng.next() >>> 5;
  const b = rng.next() >>> 7;
  return (a * TWO_POW_25 + b + 0.5) / TWO_POW_52;
}
