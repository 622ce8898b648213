/**
 * `log` with the algorithm of fdlibm 5.3 (Sun Microsystems, `e_log.c`), ported to TypeScript.
 * `Math.log` is not specified to the last bit and does differ between engines; this function uses only
 * IEEE 754 double operations that are exactly rounded (`+ - * /`) and 32-bit integer operations on the
 * words of a double, so it returns the same bits on every engine. fdlibm documents it as accurate to
 * less than 1 ulp. (`exp` is Tang's table-driven method, `./exp.ts`; until the stochastic engines'
 * 2.0.0 it was fdlibm's `e_exp.c`.)
 *
 * Words of a double are read and written through a `Float64Array` and a `Uint32Array` sharing one
 * 8-byte buffer. The index of the high word is found once, when the module loads, by storing 1.0
 * (high word `0x3FF00000`), so the code is correct on little- and big-endian hosts alike.
 *
 * @module
 */

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
F64[0] = 1;
/** Index of the high (sign, exponent, top of mantissa) word in `U32`: 1 on little-endian hosts. */
const HI = U32[1] === 0x3ff00000 ? 1 : 0;
/** Index of the low word in `U32`. */
const LO = 1 - HI;

// Constants of e_log.c, written as the shortest decimals that give the same doubles; the comments give
// fdlibm's high and low words, which the literals were checked against.
/**
 * ln 2 = LN2_HI + LN2_LO, with LN2_HI's low 32 bits zero (32 significant bits) so that k * LN2_HI is
 * exact for |k| < 2^21 (shared with `./exp.ts`).
 */
export const LN2_HI = 6.931471803691238e-1; // 0x3FE62E42 FEE00000
/** The rest of ln 2 after {@link LN2_HI}. */
export const LN2_LO = 1.9082149292705877e-10; // 0x3DEA39EF 35793C76

// e_log.c
const TWO54 = 1.8014398509481984e16; // 0x43500000 00000000 = 2^54
const LG1 = 6.666666666666735e-1; // 0x3FE55555 55555593
const LG2 = 3.999999999940942e-1; // 0x3FD99999 9997FA04
const LG3 = 2.857142874366239e-1; // 0x3FD24924 94229359
const LG4 = 2.2222198432149784e-1; // 0x3FCC71C5 1D8E78AF
const LG5 = 1.818357216161805e-1; // 0x3FC74664 96CB03DE
const LG6 = 1.5313837699209373e-1; // 0x3FC39A09 D078C69F
const LG7 = 1.4798198605116586e-1; // 0x3FC2F112 DF3E5244
const ONE_THIRD = 0.3333333333333333; // 0x3FD55555 55555555, fdlibm's literal 0.33333333333333333

/**
 * The natural logarithm, bit-identical on every JavaScript engine (fdlibm `__ieee754_log`,
 * error < 1 ulp).
 *
 * Method: write x = 2^k (1 + f) with sqrt(2)/2 < 1 + f < sqrt(2); with s = f / (2 + f),
 * log(1 + f) = 2s + 2s^3/3 + ... = f - s (f - R(s)), where R is a degree-14 Remez polynomial in s
 * (even powers, coefficients Lg1..Lg7); then log(x) = k ln2_hi + (f - (hfsq - (s (hfsq + R) +
 * k ln2_lo))) with hfsq = f^2 / 2. Subnormal x is first scaled by 2^54.
 *
 * Special cases: log(NaN) = NaN, log(x < 0) = NaN (including -Infinity), log(+-0) = -Infinity,
 * log(+Infinity) = +Infinity, log(1) = 0 exactly.
 *
 * @param x - any number
 * @returns the natural logarithm of `x`
 * @example
 * ```ts
 * import { log } from 'finplan/rng';
 * log(1); // 0
 * log(Math.E); // 1
 * log(0); // -Infinity
 * log(-1); // NaN
 * ```
 */
export function log(x: number): number {
  F64[0] = x;
  let hx = U32[HI]! | 0; // signed, as in C
  const lx = U32[LO]!;
  let v = x;
  let k = 0;

  if (hx < 0x00100000) {
    // x < 2^-1022: zero, subnormal or negative
    if (((hx & 0x7fffffff) | lx) === 0) return Number.NEGATIVE_INFINITY; // log(+-0)
    if (hx < 0) return Number.NaN; // log(negative), log(-Infinity), negative NaN
    k -= 54;
    v *= TWO54; // subnormal: scale up
    F64[0] = v;
    hx = U32[HI]! | 0;
  }
  if (hx >= 0x7ff00000) return v + v; // +Infinity or NaN

  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i = (hx + 0x95f64) & 0x100000;
  // Normalize to x or x/2 so that the mantissa m = 1 + f lies in [sqrt(2)/2, sqrt(2)).
  U32[HI] = hx | (i ^ 0x3ff00000);
  v = F64[0]!;
  k += i >> 20;
  const f = v - 1;
  const dk = k;

  if ((0x000fffff & (2 + hx)) < 3) {
    // -2^-20 <= f < 2^-20
    if (f === 0) {
      if (k === 0) return 0;
      return dk * LN2_HI + dk * LN2_LO;
    }
    const rr = f * f * (0.5 - ONE_THIRD * f);
    if (k === 0) return f - rr;
    return dk * LN2_HI - (rr - dk * LN2_LO - f);
  }

  const s = f / (2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  const R = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    const hfsq = 0.5 * f * f;
    if (k === 0) return f - (hfsq - s * (hfsq + R));
    return dk * LN2_HI - (hfsq - (s * (hfsq + R) + dk * LN2_LO) - f);
  }
  if (k === 0) return f - s * (f - R);
  return dk * LN2_HI - (s * (f - R) - dk * LN2_LO - f);
}
