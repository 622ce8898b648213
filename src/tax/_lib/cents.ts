/**
 * Exact scaled-integer arithmetic in float64 for the tax engine's fast path.
 *
 * Money is held as an integer count of a fixed unit (a cent, 1/100 of a cent, ...) in an ordinary
 * `number`. Every integer below 2^53 is exact in float64, and so are the sum, difference and product
 * of two of them as long as the result stays below 2^53; `%` is always exact. Rounding to a coarser
 * unit is done with `%` on the integer (never by multiplying by 0.01), so it is exactly the half-up
 * rounding that decimal.js applies to the same decimal value. Each caller checks its own bounds and
 * falls back to the decimal path whenever a value is outside what is proved exact here.
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';

/** 2^53: integers strictly below it (in absolute value) are exact in float64. */
export const EXACT_LIMIT = 9_007_199_254_740_992;
const HALF_LIMIT = EXACT_LIMIT / 2;

/**
 * Largest integer count (in absolute value) accepted by {@link centsOf} and {@link scaledOf}: 15 digits,
 * so that a decimal with at most 15 significant digits that converts to a float64 is the float64's own
 * shortest decimal form (the one decimal.js reads), by the 15-digit round-trip guarantee of binary64.
 */
export const MAX_SCALED = 999_999_999_999_999;

/**
 * `x` in whole cents when `x` is exactly a cent amount, that is when its shortest decimal form (the
 * decimal that `new Decimal(x)` reads) has at most two decimal places; NaN otherwise (also for
 * amounts of 10^13 dollars and more). Never -0.
 *
 * @example
 * ```ts
 * centsOf(1234.56); // 123456
 * centsOf(0.1 + 0.2); // NaN (0.30000000000000004 is not a cent amount)
 * ```
 */
export function centsOf(x: number): number {
  const c = Math.round(x * 100) + 0;
  return c / 100 === x && c <= MAX_SCALED && c >= -MAX_SCALED ? c : Number.NaN;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * `x` as the integer `n` with `x = n / 10^places` exactly in decimal (the shortest decimal form of `x`
 * has at most `places` decimal places and at most 15 digits in `n`); NaN otherwise.
 *
 * @example
 * ```ts
 * scaledOf(0.038, 3); // 38
 * scaledOf(0.0375, 3); // NaN
 * ```
 */
export function scaledOf(x: number, places: number): number {
  const scale = POW10[places] as number;
  const n = Math.round(x * scale) + 0;
  return n / scale === x && n <= MAX_SCALED && n >= -MAX_SCALED ? n : Number.NaN;
}

/**
 * The fewest decimal places (at most `maxPlaces`) with which `x` is exactly `n / 10^places`, as
 * `[n, places]`; undefined when there are none.
 *
 * @example
 * ```ts
 * decimalParts(0.0575, 10); // [575, 4]
 * ```
 */
export function decimalParts(x: number, maxPlaces: number): [number, number] | undefined {
  for (let places = 0; places <= maxPlaces; places++) {
    const n = scaledOf(x, places);
    if (!Number.isNaN(n)) return [n, places];
  }
  return undefined;
}

/**
 * Integer `n / d` rounded half up (halves away from zero, as decimal.js ROUND_HALF_UP), for integers
 * `n` and `d > 0` with |n| + d <= 2^53. Exact: the float quotient's floor `q` is the true floor or one
 * off; `q x d` (at most |n| + d) and `n - q x d` are then exact integers, and the remainder's sign and
 * size correct `q`. (The same as `n % d` arithmetic, without V8's slow float modulo.)
 * Never -0.
 *
 * @example
 * ```ts
 * roundDiv(2675, 10); // 268 (267.5 -> 268)
 * roundDiv(-2675, 10); // -268
 * ```
 */
export function roundDiv(n: number, d: number): number {
  return n < 0 ? -roundDivNonNegative(-n, d) + 0 : roundDivNonNegative(n, d);
}

function roundDivNonNegative(n: number, d: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return r + r >= d ? q + 1 : q;
}

/**
 * Integer `a x b / d` rounded half up, exactly, for integers `a`, `b` (|a|, |b| < 2^53) and `d > 0`
 * (below 2^53): in float64 when the product is below 2^52, in BigInt otherwise.
 *
 * @example
 * ```ts
 * mulRoundDiv(12_345_678, 575, 10_000); // 709876 (709,876.485 -> 709,876)
 * ```
 */
export function mulRoundDiv(a: number, b: number, d: number): number {
  const p = a * b;
  // Below 2^52 (so exact), with a divisor below 2^52 too: |p| + d <= 2^53 as roundDiv needs.
  if (p < HALF_LIMIT && p > -HALF_LIMIT && d < HALF_LIMIT) return roundDiv(p, d);
  return bigRoundDiv(BigInt(a) * BigInt(b), BigInt(d));
}

/**
 * `n / d` rounded half up to `places` decimal places, as the float64 nearest to that decimal (what
 * `roundTo(new Decimal(n).div(d), places)` returns), for integers `n >= 0`, `d > 0` below 2^52.
 *
 * @example
 * ```ts
 * ratioRound(1, 3, 6); // 0.333333
 * ratioRound(2, 3, 6); // 0.666667
 * ```
 */
export function ratioRound(n: number, d: number, places: number): number {
  const scale = POW10[places] as number;
  const p = n * scale;
  // q / scale is then one correctly rounded division of two exact integers.
  if (p < HALF_LIMIT && d < HALF_LIMIT) return roundDiv(p, d) / scale;
  // A quotient past 2^53 is not exact in float64: read its decimal form instead (one rounding).
  const big = BigInt(n) * BigInt(scale);
  const bd = BigInt(d);
  let q = big / bd;
  if ((big % bd) * 2n >= bd) q += 1n;
  return Number(`${q}e-${places}`) + 0;
}

function bigRoundDiv(n: bigint, d: bigint): number {
  const neg = n < 0n;
  const a = neg ? -n : n;
  let q = a / d;
  if ((a % d) * 2n >= d) q += 1n;
  return Number(neg ? -q : q) + 0;
}

/**
 * The exact decimal `n / 10^places` (for the decimal-typed views of a fast result: built on demand).
 *
 * @example
 * ```ts
 * decOf(123456, 4).toString(); // '12.3456'
 * ```
 */
export function decOf(n: number, places: number): Dec {
  return places === 0 ? new Dec(n) : new Dec(`${n}e-${places}`);
}

/**
 * Cents as dollars: the float64 nearest to `c / 100`, which is what `roundMoney` returns for that
 * decimal. Never -0.
 *
 * @example
 * ```ts
 * dollars(123456); // 1234.56
 * ```
 */
export function dollars(c: number): number {
  return c === 0 ? 0 : c / 100;
}
