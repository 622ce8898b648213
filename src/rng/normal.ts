/**
 * Standard normal deviates by the ziggurat method (G. Marsaglia and W. W. Tsang, "The ziggurat method
 * for generating random variables", Journal of Statistical Software 5(8), 2000) with 256 layers, and
 * with the layer, the sign and the position drawn from separate bits (J. A. Doornik, "An improved
 * ziggurat method to generate normal random samples", 2005), so that they are independent.
 *
 * The layer tables are computed once, when the module loads, from the two literals r and v (derived
 * with decimal.js by scripts/rng-constants.mjs) with exactly rounded operations, the deterministic
 * {@link exp} and {@link log}, and `Math.sqrt` (correctly rounded by IEEE 754): the same tables, bit
 * for bit, on every engine.
 *
 * @module
 */

import { exp } from './exp';
import { log } from './fdlibm';
import { uniformOpen } from './uniform';
import type { Rng } from './xoshiro128';

/** Number of layers (equal areas) of the ziggurat over the half-normal f(x) = exp(-x^2 / 2). */
const LAYERS = 256;
/**
 * The right edge of the base layer (where the tail starts) and the common area of the layers, for 256
 * layers: r = 3.65415288536100877164..., v = 0.00492867323397465534... (scripts/rng-constants.mjs,
 * decimal.js at 60 digits; cross-checked with mpmath), as the doubles nearest.
 */
const R = 3.654152885361009;
const V = 0.004928673233974655;
const TWO_POW_29 = 536870912;
const TWO_POW_MINUS_52 = 2.220446049250313e-16;

/**
 * The layer edges `x[0..256]` (x[0] = v / f(r), the width of the base layer's rectangle with the tail's
 * area added; x[1] = r; x[i + 1] = f^-1(v / x[i] + f(x[i])); x[256] = 0) and the heights
 * `f[i] = exp(-x[i]^2 / 2)` (f[256] = 1). Layer i (1 <= i <= 255) is the rectangle [0, x[i]) x
 * [f[i], f[i + 1]); layer 0 is [0, r) x [0, f(r)) plus the tail beyond r.
 */
function buildLayers(): { x: Float64Array; f: Float64Array } {
  const x = new Float64Array(LAYERS + 1);
  const f = new Float64Array(LAYERS + 1);
  const fr = exp(-0.5 * R * R);
  x[0] = V / fr;
  f[0] = exp(-0.5 * (x[0] as number) * (x[0] as number));
  x[1] = R;
  f[1] = fr;
  for (let i = 1; i < LAYERS - 1; i++) {
    const next = Math.sqrt(-2 * log(V / (x[i] as number) + (f[i] as number)));
    x[i + 1] = next;
    f[i + 1] = exp(-0.5 * next * next);
  }
  x[LAYERS] = 0;
  f[LAYERS] = 1;
  return { x, f };
}

/**
 * The ziggurat's layer edges `x` and heights `f` (not exported by `finplan/rng`; the tests check them
 * against decimal.js). Read-only by convention.
 *
 * @example
 * ```ts
 * ZIGGURAT.x[1]; // 3.654152885361009, where the tail starts
 * ```
 */
export const ZIGGURAT = /* @__PURE__ */ buildLayers();
const X = ZIGGURAT.x;
const F = ZIGGURAT.f;

/**
 * A standard normal deviate (ziggurat, 256 layers). Each attempt takes two outputs `a`, `b` of `rng`:
 * the layer `i = a & 255`, the sign from bit 8 of `a`, and the position
 * `u = ((a >>> 9) * 2^29 + (b >>> 3) + 0.5) / 2^52` in (0, 1) from the other 52 bits; `x = u * x[i]` is
 * returned at once when it lies inside the next layer's width (`x < x[i + 1]`: about 99% of draws).
 * Otherwise layer 0 draws from the tail beyond r (Marsaglia's method, two {@link uniformOpen} and two
 * {@link log} an attempt) and the other layers test the wedge under the curve with one more
 * {@link uniformOpen} and one {@link exp}, starting over when the point lies above it.
 *
 * So a deviate consumes two outputs of `rng` on the fast path, and more otherwise (four more for a
 * wedge test, four more for each tail attempt): the k-th deviate of a stream is always the same, but it
 * is not built from outputs 2k and 2k + 1. Results are finite and their magnitude is at most 13.71
 * (r + ln(2^53) / r).
 *
 * @param rng - the generator to draw from
 * @returns a draw from N(0, 1)
 * @example
 * ```ts
 * import { createRng, normal } from 'finplan/rng';
 * const rng = createRng(42);
 * normal(rng); // 0.8184353947455598, the same double on every engine
 * ```
 */
export function normal(rng: Rng): number {
  for (;;) {
    const a = rng.next();
    const b = rng.next();
    const i = a & 0xff;
    const x = ((a >>> 9) * TWO_POW_29 + (b >>> 3) + 0.5) * TWO_POW_MINUS_52 * (X[i] as number);
    if (x < (X[i + 1] as number)) return (a & 0x100) === 0 ? x : -x;
    const z = i === 0 ? tail(rng) : wedge(rng, i, x);
    if (z >= 0) return (a & 0x100) === 0 ? z : -z;
  }
}

/** A draw from the half-normal beyond r (Marsaglia 1964): r + t with t = -ln(u1) / r kept if 2 (-ln u2) >= t^2. */
function tail(rng: Rng): number {
  for (;;) {
    const t = -log(uniformOpen(rng)) / R;
    const y = -log(uniformOpen(rng));
    if (y + y >= t * t) return R + t;
  }
}

/** `x` when a uniform height in layer `i` at `x` lies under the curve, else -1 (rejected). */
function wedge(rng: Rng, i: number, x: number): number {
  const low = F[i] as number;
  const y = low + uniformOpen(rng) * ((F[i + 1] as number) - low);
  return y < exp(-0.5 * x * x) ? x : -1;
}
