/**
 * `exp` and `log` with the algorithms of fdlibm 5.3 (Sun Microsystems, `e_exp.c` and `e_log.c`),
 * ported to TypeScript. `Math.exp` and `Math.log` are not specified to the last bit and do differ
 * between engines; these functions use only IEEE 754 double operations that are exactly rounded
 * (`+ - * /`) and 32-bit integer operations on the words of a double, so they return the same bits
 * on every engine. fdlibm documents both as accurate to less than 1 ulp.
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

// Constants of e_exp.c and e_log.c, written as the shortest decimals that give the same doubles; the
// comments give fdlibm's high and low words, which the literals were checked against.
// ln 2 = LN2_HI + LN2_LO, with LN2_HI's low 32 bits zero so that k * LN2_HI is exact for |k| < 2^11.
const LN2_HI = 6.931471803691238e-1; // 0x3FE62E42 FEE00000
const LN2_LO = 1.9082149292705877e-10; // 0x3DEA39EF 35793C76

// e_exp.c
// biome-ignore lint/suspicious/noApproximativeNumericConstant: fdlibm's literal; Math.LOG2E is engine-supplied
const INV_LN2 = 1.4426950408889634; // 0x3FF71547 652B82FE
const O_THRESHOLD = 7.09782712893384e2; // 0x40862E42 FEFA39EF: exp overflows above
const U_THRESHOLD = -7.451332191019411e2; // 0xC0874910 D52D3051: exp underflows to 0 below
const TWO_M1000 = 9.332636185032189e-302; // 0x01700000 00000000 = 2^-1000
const P1 = 1.6666666666666602e-1; // 0x3FC55555 5555553E
const P2 = -2.7777777777015593e-3; // 0xBF66C16C 16BEBD93
const P3 = 6.613756321437934e-5; // 0x3F11566A AF25DE2C
const P4 = -1.6533902205465252e-6; // 0xBEBBBD41 C5D26BF1
const P5 = 4.1381367970572385e-8; // 0x3E663769 72BEA4D0

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
 * e^x, bit-identical on every JavaScript engine (fdlibm `__ieee754_exp`, error < 1 ulp).
 *
 * Method: reduce x = k ln2 + r with |r| <= 0.5 ln2 (ln 2 in two parts so that k ln2_hi is exact),
 * approximate e^r with a degree-5 Remez polynomial in r^2 (coefficients P1..P5) through
 * e^r = 1 + r + r c / (2 - c), then scale by 2^k by adding k to the exponent field.
 *
 * Special cases: exp(NaN) = NaN, exp(+Infinity) = +Infinity, exp(-Infinity) = 0,
 * exp(x) = +Infinity for x > 709.782712893383973096, exp(x) = 0 for x < -745.133219101941108420,
 * results below 2^-1022 are subnormal (gradual underflow), exp(0) = 1 exactly.
 *
 * @param x - any number
 * @returns e raised to `x`
 * @example
 * ```ts
 * import { exp } from 'finplan/rng';
 * exp(0); // 1
 * exp(1); // 2.7182818284590455 (fdlibm: 1 ulp above the correctly rounded e)
 * exp(710); // Infinity
 * ```
 */
export function exp(x: number): number {
  F64[0] = x;
  const word = U32[HI]!;
  const negative = word >>> 31;
  const hx = word & 0x7fffffff; // high word of |x|

  // Non-finite arguments, overflow and underflow.
  if (hx >= 0x40862e42) {
    // |x| >= 709.78...
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | U32[LO]!) !== 0) return x + x; // NaN
      return negative === 0 ? x : 0; // exp(+-Infinity) = {Infinity, 0}
    }
    if (x > O_THRESHOLD) return Number.POSITIVE_INFINITY; // overflow
    if (x < U_THRESHOLD) return 0; // underflow
  }

  // Argument reduction: x = k ln2 + (hi - lo).
  let hi = 0;
  let lo = 0;
  let k = 0;
  let r: number;
  if (hx > 0x3fd62e42) {
    // |x| > 0.5 ln2
    if (hx < 0x3ff0a2b2) {
      // and |x| < 1.5 ln2: k = +-1
      if (negative === 0) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      // C's (int) conversion truncates toward zero; |k| <= 1075 here, so `| 0` is that truncation.
      k = (INV_LN2 * x + (negative === 0 ? 0.5 : -0.5)) | 0;
      hi = x - k * LN2_HI; // k * LN2_HI is exact
      lo = k * LN2_LO;
    }
    r = hi - lo;
  } else if (hx < 0x3e300000) {
    // |x| < 2^-28: e^x rounds to 1 + x
    return 1 + x;
  } else {
    r = x;
  }

  // r is now in the primary range [-0.5 ln2, 0.5 ln2].
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((r * c) / (c - 2) - r);
  const y = 1 - (lo - (r * c) / (2 - c) - hi);

  // Scale y by 2^k by adding k to its exponent field.
  F64[0] = y;
  if (k >= -1021) {
    U32[HI] = U32[HI]! + (k << 20);
    return F64[0]!;
  }
  U32[HI] = U32[HI]! + ((k + 1000) << 20);
  return F64[0]! * TWO_M1000;
}

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
