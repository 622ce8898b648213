/**
 * `exp` by Tang's table-driven method (P. T. P. Tang, "Table-driven implementation of the exponential
 * function in IEEE floating-point arithmetic", ACM TOMS 15(2), 1989), built from IEEE 754 operations
 * that are exactly rounded (`+ - * /`), 32-bit integer operations and table lookups only, so it returns
 * the same bits on every JavaScript engine (`Math.exp` does not: its last bit differs between engines).
 *
 * x = (128 j + i) ln2 / 128 + r with |r| <= ln2 / 256 (plus rounding), and
 * e^x = 2^j * 2^(i/128) * e^r: 2^(i/128) from a table held as two doubles (hi + lo, about 100 bits),
 * e^r - 1 from its Taylor polynomial of degree 5 (truncation below 1e-18 relative on |r| <= 0.0028),
 * 2^j from a table of powers of two. The tables are computed once, when the module loads, with the same
 * exact operations (double-double products of the literal 2^(1/128) = hi + lo of
 * scripts/rng-constants.mjs, and exact doublings), so they too are identical on every engine.
 * Accuracy (test/rng/exp.test.ts, against decimal.js at 40 digits): see {@link exp}.
 *
 * @module
 */

import { LN2_HI, LN2_LO } from './fdlibm';

/** Table size: 2^(i/N) for i = 0 .. N - 1. */
const N = 128;
const LOG2_N = 7;
/** 2^(1/128) = TWO_POW_1_128_HI + TWO_POW_1_128_LO (scripts/rng-constants.mjs, decimal.js at 60 digits). */
const TWO_POW_1_128_HI = 1.0054299011128027;
const TWO_POW_1_128_LO = 9.499186535455032e-17;
// N / ln2: any double near it will do (it only picks k); fdlibm's 1/ln2 (0x3FF71547 652B82FE) x 128.
// biome-ignore lint/suspicious/noApproximativeNumericConstant: fdlibm's literal; Math.LOG2E is engine-supplied
const N_OVER_LN2 = 1.4426950408889634 * N;
/** ln2 / N in two parts; LN2_HI has 32 significant bits, so k x L1 is exact for |k| < 2^21. */
const L1 = LN2_HI / N;
const L2 = LN2_LO / N;
/** 1.5 x 2^52: adding and subtracting it rounds a |y| < 2^51 to the nearest integer (ties to even). */
const SHIFT = 6755399441055744;
const C3 = 1 / 6;
const C4 = 1 / 24;
const C5 = 1 / 120;
/** exp overflows above this (fdlibm's o_threshold, 0x40862E42 FEFA39EF). */
const O_THRESHOLD = 7.09782712893384e2;
/** exp underflows to 0 below this (fdlibm's u_threshold, 0xC0874910 D52D3051). */
const U_THRESHOLD = -7.451332191019411e2;
/** The smallest exponent of {@link POW2}: 2^-1022, the smallest normal power of two. */
const POW2_MIN = -1022;

/**
 * a x b as a double-double (hi + lo), Dekker's exact product with Veltkamp's split (no fused
 * multiply-add: JavaScript never contracts `a * b + c`).
 */
function twoProduct(a: number, b: number): [number, number] {
  const p = a * b;
  const ca = 134217729 * a; // 2^27 + 1
  const aHi = ca - (ca - a);
  const aLo = a - aHi;
  const cb = 134217729 * b;
  const bHi = cb - (cb - b);
  const bLo = b - bHi;
  return [p, aHi * bHi - p + aHi * bLo + aLo * bHi + aLo * bLo];
}

/** The tables: 2^(i/N) as hi (the double nearest) and lo (the rest), and 2^j for j = -1022 .. 1023. */
function buildTables(): { hi: Float64Array; lo: Float64Array; pow2: Float64Array } {
  const hi = new Float64Array(N);
  const lo = new Float64Array(N);
  let h = 1;
  let l = 0;
  for (let i = 0; i < N; i++) {
    hi[i] = h;
    lo[i] = l;
    // (h + l) x (HI + LO) in double-double arithmetic, then renormalized.
    const [p, e] = twoProduct(h, TWO_POW_1_128_HI);
    const rest = e + (h * TWO_POW_1_128_LO + l * TWO_POW_1_128_HI);
    h = p + rest;
    l = rest - (h - p);
  }
  const pow2 = new Float64Array(1023 - POW2_MIN + 1);
  let up = 1;
  let down = 1;
  for (let j = 0; j <= 1023; j++) {
    pow2[j - POW2_MIN] = up;
    up *= 2;
  }
  for (let j = 0; j >= POW2_MIN; j--) {
    pow2[j - POW2_MIN] = down;
    down /= 2;
  }
  return { hi, lo, pow2 };
}

/**
 * The tables of {@link exp}: 2^(i/128) as `hi` + `lo`, and `pow2[j + 1022]` = 2^j (not exported by
 * `finplan/rng`; the tests check them against decimal.js). Read-only by convention.
 *
 * @example
 * ```ts
 * EXP_TABLES.hi[64]; // 1.4142135623730951, the double nearest sqrt(2)
 * ```
 */
export const EXP_TABLES = /* @__PURE__ */ buildTables();
const T_HI = EXP_TABLES.hi;
const T_LO = EXP_TABLES.lo;
const POW2 = EXP_TABLES.pow2;

/**
 * e^x, bit-identical on every JavaScript engine (Tang's table-driven method; built from exactly rounded
 * IEEE operations and table lookups only).
 *
 * Accuracy (against decimal.js at 40 digits, `test/rng/exp.test.ts`): below 0.51 ulp on every sample
 * of the normal range, at most 0.5072 ulp measured (a dense grid of [-16, 16] and random points of
 * [-708, 709.78]); 99.7% to 99.9% of results are correctly rounded. Results below 2^-1022 (x < -708.39)
 * are rounded twice, once to 53 bits and once to the subnormal grid, and are within 1 ulp of that grid.
 *
 * Special cases: exp(NaN) = NaN, exp(+Infinity) = +Infinity, exp(-Infinity) = 0,
 * exp(x) = +Infinity for x > 709.782712893383973096, exp(x) = 0 for x < -745.133219101941108420,
 * exp(+-0) = 1 exactly.
 *
 * @param x - any number
 * @returns e raised to `x`
 * @example
 * ```ts
 * import { exp } from 'finplan/rng';
 * exp(0); // 1
 * exp(1); // 2.718281828459045 (the correctly rounded e)
 * exp(710); // Infinity
 * ```
 */
export function exp(x: number): number {
  if (x > -708 && x < 709) {
    // Results in the normal range: one power of two from the table.
    const kd = x * N_OVER_LN2 + SHIFT - SHIFT; // round(x N / ln2)
    const k = kd | 0;
    const r = x - kd * L1 - kd * L2; // x - kd L1 is exact (Sterbenz); kd L2 is tiny
    const p = r + r * r * (0.5 + r * (C3 + r * (C4 + r * C5))); // e^r - 1
    const i = k & (N - 1);
    const t = T_HI[i] as number;
    return (t + ((T_LO[i] as number) + t * p)) * (POW2[(k >> LOG2_N) - POW2_MIN] as number);
  }
  return expOutside(x);
}

/** exp beyond (-708, 709): NaN, infinities, overflow, underflow and the subnormal results. */
function expOutside(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > O_THRESHOLD) return Number.POSITIVE_INFINITY;
  if (x < U_THRESHOLD) return 0;
  const kd = x * N_OVER_LN2 + SHIFT - SHIFT;
  const k = kd | 0;
  const r = x - kd * L1 - kd * L2;
  const p = r + r * r * (0.5 + r * (C3 + r * (C4 + r * C5)));
  const i = k & (N - 1);
  const t = T_HI[i] as number;
  const y = t + ((T_LO[i] as number) + t * p);
  // 2^j in two factors, each a normal power of two: the first product is exact, the second rounds once
  // (to the subnormal grid below 2^-1022, or to Infinity just below the overflow threshold).
  const j = k >> LOG2_N;
  const half = j >> 1;
  return y * (POW2[half - POW2_MIN] as number) * (POW2[j - half - POW2_MIN] as number);
}
