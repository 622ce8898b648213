/**
 * Exact integer arithmetic for the engines that work at a scale chosen per call (the state tax, the
 * taxable part of Social Security benefits): an {@link Int} is a `number` while its magnitude is below
 * 2^53 and a `bigint` beyond, so the common case runs in float64 and nothing is ever rounded.
 *
 * Why it is exact:
 * - Every `number` Int is an integer of magnitude below 2^53, where float64 holds every integer. The
 *   exact sum, difference or product of two of them is an integer; when it is below 2^53 in magnitude it
 *   is representable, so the float result is that integer; when it is not, the rounded float result is
 *   at least 2^53 in magnitude too (rounding is monotonic and 2^53 is representable), which each
 *   operation tests before it recomputes the result in BigInt. Results are normalized: an Int below 2^53
 *   in magnitude is always a `number`, so `===` and the relational operators (exact between `number`
 *   and `bigint` in JavaScript) compare Ints exactly.
 * - A quotient is either rounded on purpose (floor, ceiling, half up: {@link divFloor}, {@link divCeil},
 *   {@link divRound}) or must be exact ({@link divExact}): when it is not, the division throws a
 *   {@link Rescale} carrying the least factor by which the unit must be refined for the quotient to be
 *   a whole number of units, and the caller reruns its computation at the finer unit ({@link refine}). A result is
 *   therefore returned only when every step was exact: it is the exact value, whatever the unit.
 * - A double enters as the decimal that is its shortest round-trip form ({@link decimalOf}), the
 *   decimal that `new Decimal(x)` reads, and leaves as the double nearest to the exact value
 *   ({@link toNumber}, correctly rounded).
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';

/** 2^53: integers strictly below it (in absolute value) are exact in float64. */
export const EXACT_LIMIT = 9_007_199_254_740_992;
const NEG_EXACT_LIMIT = -EXACT_LIMIT;
/**
 * Largest integer count (in absolute value) accepted by {@link scaledOf}: 15 digits,
 * so that a decimal with at most 15 significant digits that converts to a float64 is the float64's own
 * shortest decimal form (the one decimal.js reads), by the 15-digit round-trip guarantee of binary64.
 */
export const MAX_SCALED = 999_999_999_999_999;

/**
 * `x` as the integer `n` with `x = n / 10^places` exactly in decimal (the shortest decimal form of `x`
 * has at most `places` decimal places and at most 15 digits in `n`); NaN otherwise: 0.038 at 3 places
 * is 38, 0.0375 at 3 places NaN.
 */
function scaledOf(x: number, places: number): number {
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

/** An exact integer: a `number` below 2^53 in magnitude, a `bigint` otherwise. */
export type Int = number | bigint;

const BIG_LIMIT = 2n ** 53n;

/** `a` as a bigint. */
function big(a: Int): bigint {
  return typeof a === 'bigint' ? a : BigInt(a);
}

/**
 * A bigint as an {@link Int}: a `number` when it is below 2^53 in magnitude.
 *
 * @example
 * ```ts
 * fromBig(12n); // 12
 * ```
 */
export function fromBig(b: bigint): Int {
  return b < BIG_LIMIT && b > -BIG_LIMIT ? Number(b) : b;
}

/**
 * `a + b`, exactly.
 *
 * @example
 * ```ts
 * add(2 ** 52, 2 ** 52); // 9007199254740992n
 * ```
 */
export function add(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const s = a + b;
    if (s < EXACT_LIMIT && s > NEG_EXACT_LIMIT) return s;
  }
  return addBig(a, b);
}

/** {@link add} past 2^53 (a separate function keeps add's own body small enough to inline). */
function addBig(a: Int, b: Int): Int {
  return fromBig(big(a) + big(b));
}

/**
 * `a - b`, exactly.
 *
 * @example
 * ```ts
 * sub(1, 3); // -2
 * ```
 */
export function sub(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const s = a - b;
    if (s < EXACT_LIMIT && s > NEG_EXACT_LIMIT) return s;
  }
  return subBig(a, b);
}

/** {@link sub} past 2^53 (a separate function keeps sub's own body small enough to inline). */
function subBig(a: Int, b: Int): Int {
  return fromBig(big(a) - big(b));
}

/**
 * `a x b`, exactly (never -0).
 *
 * @example
 * ```ts
 * mul(3_000_000_000, 4_000_000_000); // 12000000000000000000n
 * ```
 */
export function mul(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const p = a * b;
    if (p < EXACT_LIMIT && p > NEG_EXACT_LIMIT) return p + 0;
  }
  return mulBig(a, b);
}

/** {@link mul} past 2^53 (a separate function keeps mul's own body small enough to inline). */
function mulBig(a: Int, b: Int): Int {
  return fromBig(big(a) * big(b));
}

/** The larger of `a` and `b`. */
export function max(a: Int, b: Int): Int {
  return a > b ? a : b;
}

/** The smaller of `a` and `b`. */
export function min(a: Int, b: Int): Int {
  return a < b ? a : b;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Thrown by {@link divExact} when a quotient is not a whole number of units: the unit must be
 * divided by `factor` (the denominator of the quotient in lowest terms) for it to be one.
 */
export class Rescale {
  constructor(readonly factor: Int) {}
}

/**
 * `n / d` (`d > 0`) when it is an integer; otherwise throws {@link Rescale}.
 *
 * @example
 * ```ts
 * divExact(1_234_500, 100); // 12345
 * ```
 */
export function divExact(n: Int, d: Int): Int {
  if (typeof n === 'number' && typeof d === 'number') {
    // An integer quotient below 2^53 is what the float division returns; `q x d === n` then holds in
    // float64, and holds for no other q (|q x d| near |n| < 2^53 is computed exactly).
    const q = n / d;
    if (Number.isInteger(q) && q * d === n) return q + 0;
  }
  const bn = big(n);
  const bd = big(d);
  const q = bn / bd;
  const r = bn - q * bd;
  if (r === 0n) return fromBig(q);
  throw new Rescale(fromBig(bd / gcd(r, bd)));
}

/**
 * `a x b / d` (`d > 0`) when it is an integer; otherwise throws {@link Rescale}.
 *
 * @example
 * ```ts
 * mulDivExact(123_400, 85, 100); // 104890 (123,456 x 85 / 100 would throw Rescale(5))
 * ```
 */
export function mulDivExact(a: Int, b: Int, d: Int): Int {
  return divExact(mul(a, b), d);
}

/**
 * `n / d` (`d > 0`) rounded down.
 *
 * @example
 * ```ts
 * divFloor(-7, 2); // -4
 * ```
 */
export function divFloor(n: Int, d: Int): Int {
  if (typeof n === 'number' && typeof d === 'number' && Math.abs(n) + d <= EXACT_LIMIT) {
    // As roundDiv: the float floor is the true one or one off; q x d is exact.
    let q = Math.floor(n / d);
    const r = n - q * d;
    if (r < 0) q -= 1;
    else if (r >= d) q += 1;
    return q + 0;
  }
  const bn = big(n);
  const bd = big(d);
  let q = bn / bd; // truncated toward zero
  if (bn - q * bd < 0n) q -= 1n;
  return fromBig(q);
}

/**
 * `n / d` (`d > 0`) rounded up.
 *
 * @example
 * ```ts
 * divCeil(7, 2); // 4
 * ```
 */
export function divCeil(n: Int, d: Int): Int {
  return mul(divFloor(mul(n, -1), d), -1);
}

/**
 * `n / d` (`d > 0`) rounded half up (halves away from zero, as decimal.js ROUND_HALF_UP).
 *
 * @example
 * ```ts
 * divRound(25, 10); // 3
 * ```
 */
export function divRound(n: Int, d: Int): Int {
  // small enough to be inlined where it is called: the bigint case is its own function
  if (typeof n === 'number' && typeof d === 'number' && (n < 0 ? -n : n) + d <= EXACT_LIMIT) {
    return roundDiv(n, d);
  }
  return divRoundBig(n, d);
}

function divRoundBig(n: Int, d: Int): Int {
  const bn = big(n);
  const bd = big(d);
  const a = bn < 0n ? -bn : bn;
  let q = a / bd;
  if ((a - q * bd) * 2n >= bd) q += 1n;
  return fromBig(bn < 0n ? -q : q);
}

const POW10: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * 10^k as an {@link Int}.
 *
 * @example
 * ```ts
 * pow10(3); // 1000
 * ```
 */
export function pow10(k: number): Int {
  return k < 16 ? (POW10[k] as number) : 10n ** BigInt(k);
}

/** A decimal `m / 10^places`. */
export interface DecimalForm {
  readonly m: Int;
  readonly places: number;
}

/**
 * The shortest round-trip decimal form of `x` (the decimal `new Decimal(x)` reads) as `m / 10^places`
 * with the fewest places.
 *
 * @example
 * ```ts
 * decimalOf(1234.5678); // { m: 12345678, places: 4 }
 * decimalOf(0.1 + 0.2); // { m: 30000000000000004n, places: 17 }
 * ```
 */
export function decimalOf(x: number): DecimalForm {
  // Whole numbers below 2^53 print as their digits; cents (at most 15 digits) as in `centsOf`.
  if (Number.isSafeInteger(x)) return { m: x + 0, places: 0 };
  const c = Math.round(x * 100);
  if (c / 100 === x && c <= MAX_SCALED && c >= -MAX_SCALED) {
    const tenths = c / 10;
    return Number.isInteger(tenths) ? { m: tenths, places: 1 } : { m: c, places: 2 };
  }
  const parts = decimalParts(x, 15);
  if (parts !== undefined) return { m: parts[0], places: parts[1] };
  // More than 15 digits or places: read the shortest form JavaScript prints (e.g. 1.2e-7, 1e+21).
  const [mantissa = '0', exponent = '0'] = String(x).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let places = fraction.length - Number(exponent);
  let digits = BigInt(whole + fraction);
  if (places < 0) {
    digits *= 10n ** BigInt(-places);
    places = 0;
  }
  while (places > 0 && digits % 10n === 0n) {
    digits /= 10n;
    places -= 1;
  }
  return { m: fromBig(digits), places };
}

/**
 * `a + b` in exact decimals.
 *
 * @example
 * ```ts
 * plusForm({ m: 15, places: 1 }, { m: 25, places: 2 }); // { m: 175, places: 2 }
 * ```
 */
export function plusForm(a: DecimalForm, b: DecimalForm): DecimalForm {
  const places = Math.max(a.places, b.places);
  return {
    m: add(mul(a.m, pow10(places - a.places)), mul(b.m, pow10(places - b.places))),
    places,
  };
}

/**
 * `a x b` in exact decimals.
 *
 * @example
 * ```ts
 * timesForm({ m: 15, places: 1 }, { m: 25, places: 2 }); // { m: 375, places: 3 }
 * ```
 */
export function timesForm(a: DecimalForm, b: DecimalForm): DecimalForm {
  return { m: mul(a.m, b.m), places: a.places + b.places };
}

/**
 * `-a` in exact decimals.
 *
 * @example
 * ```ts
 * negForm({ m: 15, places: 1 }); // { m: -15, places: 1 }
 * ```
 */
export function negForm(a: DecimalForm): DecimalForm {
  return { m: mul(a.m, -1), places: a.places };
}

/**
 * The double nearest to `n / d` (`d > 0`), ties to even: the float64 that `new Decimal(n).div(d)`
 * would print if its precision were unlimited. Never -0.
 *
 * @example
 * ```ts
 * toNumber(1, 3); // 0.3333333333333333
 * toNumber(10n ** 30n, 10n ** 10n); // 100000000000000000000
 * ```
 */
export function toNumber(n: Int, d: Int): number {
  if (typeof n === 'number' && typeof d === 'number') return n / d + 0; // one correctly rounded division
  return toNumberBig(n, d);
}

function toNumberBig(n: Int, d: Int): number {
  let a = big(n);
  const neg = a < 0n;
  if (neg) a = -a;
  const b = big(d);
  if (a === 0n) return 0;
  // Scale by 2^s so the integer quotient has at least 63 significant bits, fold the remainder into its
  // last bit (a sticky bit, far below the rounding position), let Number() round that (correctly, ties
  // to even), then scale back by 2^-s (exact for every quotient of a normal double; in two steps so
  // that 2^-s itself does not underflow).
  const s = Math.max(0, 64 - (a.toString(2).length - b.toString(2).length));
  const scaled = a << BigInt(s);
  let q = scaled / b;
  if (q * b !== scaled) q |= 1n;
  const half = s >> 1;
  const value = Number(q) * 2 ** -half * 2 ** -(s - half);
  return neg ? -value : value;
}

/**
 * Whether the {@link Int} unit `unit` is a power of ten, and which.
 */
function powerOfTen(unit: Int): number | undefined {
  const text = unit.toString();
  return /^10*$/.test(text) ? text.length - 1 : undefined;
}

/**
 * `n / unit` as a decimal.js value: exact when `unit` is a power of ten (rounded to its 40 digits
 * otherwise, as a decimal quotient is).
 *
 * @example
 * ```ts
 * decAt(123_456, 1000).toString(); // '123.456'
 * ```
 */
export function decAt(n: Int, unit: Int): Dec {
  const k = powerOfTen(unit);
  if (k !== undefined) return new Dec(k === 0 ? n.toString() : `${n}e-${k}`);
  return new Dec(n.toString()).div(unit.toString());
}

/**
 * The exact value of a decimal.js value (finite) as `m / 10^places`.
 *
 * @example
 * ```ts
 * import { Dec } from '../../core/money';
 * decimalOfDec(new Dec('12.50')); // { m: 125, places: 1 }
 * ```
 */
export function decimalOfDec(value: Dec): DecimalForm {
  const places = value.decimalPlaces();
  return { m: fromBig(BigInt(value.times(`1e${places}`).toFixed(0))), places };
}

/**
 * `x` (a decimal `m / 10^places`) as a whole number of units `1 / unit`; throws {@link Rescale} when
 * it is not one.
 *
 * @example
 * ```ts
 * inUnits({ m: 1234, places: 2 }, 1000); // 12340
 * ```
 */
export function inUnits(x: DecimalForm, unit: Int): Int {
  return x.places === 0 ? mul(x.m, unit) : mulDivExact(x.m, unit, pow10(x.places));
}

/**
 * The unit a computation at `unit` that threw `error` must be rerun at: `unit` refined by the
 * {@link Rescale}'s factor (any other error is thrown again).
 *
 * @example
 * ```ts
 * refine(100, new Rescale(3)); // 300
 * ```
 */
export function refine(unit: Int, error: unknown): Int {
  if (!(error instanceof Rescale)) throw error;
  return mul(unit, error.factor);
}

/**
 * An exact amount `n / d` dollars (`d > 0`): what a caller comparing many results of engines with
 * different units (the federal engine's 10^-6 dollars, the state engine's unit, cents) adds and
 * compares without rounding.
 */
export class Amount {
  constructor(
    readonly n: Int,
    readonly d: Int,
  ) {}
}

/** Zero dollars. */
export const ZERO_AMOUNT = new Amount(0, 1);

/**
 * A double, as its decimal form (what `new Decimal(x)` reads), as an {@link Amount}.
 *
 * @example
 * ```ts
 * amountOf(12.5); // Amount { n: 125, d: 10 }
 * ```
 */
export function amountOf(x: number): Amount {
  const f = decimalOf(x);
  return new Amount(f.m, pow10(f.places));
}

/**
 * A decimal.js value (finite) as an {@link Amount}.
 *
 * @example
 * ```ts
 * import { Dec } from '../../core/money';
 * amountOfDec(new Dec('0.25')); // Amount { n: 25, d: 100 }
 * ```
 */
export function amountOfDec(value: Dec): Amount {
  const f = decimalOfDec(value);
  return new Amount(f.m, pow10(f.places));
}

/**
 * The factor by which `coarse` must be scaled to the denominator `fine`, when `fine` is a multiple of
 * it (powers of ten and most units are); undefined otherwise.
 */
function scaleTo(fine: Int, coarse: Int): Int | undefined {
  if (typeof fine === 'number' && typeof coarse === 'number') {
    const q = fine / coarse;
    return Number.isInteger(q) && q * coarse === fine ? q : undefined;
  }
  const bf = big(fine);
  const bc = big(coarse);
  return bf % bc === 0n ? fromBig(bf / bc) : undefined;
}

/** `a.n x b.d + sign x b.n x a.d` over the least common denominator the two make at hand. */
function combine(a: Amount, b: Amount, sign: 1 | -1): Amount {
  const bn = sign === 1 ? b.n : mul(b.n, -1);
  if (a.d === b.d) return new Amount(add(a.n, bn), a.d);
  if (a.d > b.d) {
    const k = scaleTo(a.d, b.d);
    if (k !== undefined) return new Amount(add(a.n, mul(bn, k)), a.d);
  } else {
    const k = scaleTo(b.d, a.d);
    if (k !== undefined) return new Amount(add(mul(a.n, k), bn), b.d);
  }
  return new Amount(add(mul(a.n, b.d), mul(bn, a.d)), mul(a.d, b.d));
}

/**
 * `a + b`.
 *
 * @example
 * ```ts
 * plus(new Amount(1, 10), new Amount(1, 100)); // Amount { n: 11, d: 100 }
 * ```
 */
export function plus(a: Amount, b: Amount): Amount {
  if (b.n === 0) return a;
  if (a.n === 0) return b;
  return combine(a, b, 1);
}

/**
 * `a - b`.
 *
 * @example
 * ```ts
 * minus(new Amount(1, 10), new Amount(1, 100)); // Amount { n: 9, d: 100 }
 * ```
 */
export function minus(a: Amount, b: Amount): Amount {
  if (b.n === 0) return a;
  return combine(a, b, -1);
}

/**
 * The sign of `a - b`: -1, 0 or 1.
 *
 * @example
 * ```ts
 * compare(new Amount(1, 3), new Amount(33, 100)); // 1
 * ```
 */
export function compare(a: Amount, b: Amount): number {
  let x = a.n;
  let y = b.n;
  if (a.d !== b.d) {
    x = mul(a.n, b.d);
    y = mul(b.n, a.d);
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The sign of `a - x` for a double `x` (read as its decimal form).
 *
 * @example
 * ```ts
 * compareTo(new Amount(2_500_001, 100), 25_000); // 1
 * ```
 */
export function compareTo(a: Amount, x: number): number {
  if (Number.isSafeInteger(x)) {
    const y = mul(x, a.d);
    return a.n < y ? -1 : a.n > y ? 1 : 0;
  }
  return compare(a, amountOf(x));
}

/**
 * The double nearest `a`.
 *
 * @example
 * ```ts
 * amountToNumber(new Amount(1, 3)); // 0.3333333333333333
 * ```
 */
export function amountToNumber(a: Amount): number {
  return toNumber(a.n, a.d);
}

/**
 * `a` rounded half up (away from zero) to `places` decimals, as the double nearest that decimal: what
 * `roundTo(new Decimal(a), places)` returns. Never -0.
 *
 * @example
 * ```ts
 * roundAmount(new Amount(2675, 1000), 2); // 2.68
 * ```
 */
export function roundAmount(a: Amount, places: number): number {
  const scale = pow10(places);
  // a denominator of a power of ten (the usual one): a quotient by its excess over 10^places
  const excess = scaleTo(a.d, scale);
  if (excess !== undefined) return toNumber(divRound(a.n, excess), scale);
  return toNumber(divRound(mul(a.n, scale), a.d), scale);
}

/**
 * `a / b` rounded half up to `places` decimals (`b` not zero), as the double nearest that decimal.
 *
 * @example
 * ```ts
 * roundRatio(new Amount(1, 1), new Amount(3, 1), 6); // 0.333333
 * ```
 */
export function roundRatio(a: Amount, b: Amount, places: number): number {
  // a / b = (a.n x b.d) / (a.d x b.n) (a.n / b.n over one denominator); the divisor made positive
  let n = a.d === b.d ? a.n : mul(a.n, b.d);
  let d = a.d === b.d ? b.n : mul(a.d, b.n);
  if (d < 0) {
    n = mul(n, -1);
    d = mul(d, -1);
  }
  const scale = pow10(places);
  return toNumber(divRound(mul(n, scale), d), scale);
}

/**
 * `a x x` for a double `x` (read as its decimal form), exactly: no division, the denominator grows.
 *
 * @example
 * ```ts
 * timesNumber(new Amount(1525, 1), 0.22); // Amount { n: 33550, d: 100 }
 * ```
 */
export function timesNumber(a: Amount, x: number): Amount {
  const f = decimalOf(x);
  let n = a.n;
  let d = a.d;
  // Trailing zeros the amount does not need (a whole-dollar amount at a fine unit) are dropped first
  // while the product would leave float64: the same value, fewer digits.
  if (typeof n === 'number' && typeof d === 'number' && typeof f.m === 'number') {
    while (Math.abs(n * f.m) >= EXACT_LIMIT && d % 10 === 0 && n % 10 === 0) {
      n /= 10;
      d /= 10;
    }
  }
  return new Amount(mul(n, f.m), mul(d, pow10(f.places)));
}

/**
 * `a` as a decimal.js value: exact when its denominator is a power of ten (rounded to 40 digits
 * otherwise, as a decimal quotient is).
 *
 * @example
 * ```ts
 * amountDec(new Amount(33550, 100)).toString(); // '335.5'
 * ```
 */
export function amountDec(a: Amount): Dec {
  return decAt(a.n, a.d);
}
