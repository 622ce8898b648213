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
 *   a whole number of units, and {@link atUnit} reruns the computation at the finer unit. A result is
 *   therefore returned only when every step was exact: it is the exact value, whatever the unit.
 * - A double enters as the decimal that is its shortest round-trip form ({@link decimalOf}), the
 *   decimal that `new Decimal(x)` reads, and leaves as the double nearest to the exact value
 *   ({@link toNumber}, correctly rounded).
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import { decimalParts, EXACT_LIMIT, roundDiv } from './cents';

/** An exact integer: a `number` below 2^53 in magnitude, a `bigint` otherwise. */
export type Int = number | bigint;

const BIG_LIMIT = 2n ** 53n;

/** `a` as a bigint. */
export function big(a: Int): bigint {
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
    if (s < EXACT_LIMIT && s > -EXACT_LIMIT) return s;
  }
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
    if (s < EXACT_LIMIT && s > -EXACT_LIMIT) return s;
  }
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
    if (p < EXACT_LIMIT && p > -EXACT_LIMIT) return p + 0;
  }
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
 * mulDivExact(123_456, 85, 100); // throws Rescale(20): 104,937.6
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
    // As roundDiv (cents.ts): the float floor is the true one or one off; q x d is exact.
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
  if (typeof n === 'number' && typeof d === 'number' && Math.abs(n) + d <= EXACT_LIMIT) {
    return roundDiv(n, d);
  }
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
 * decimalOf(0.1 + 0.2); // { m: 30000000000000004, places: 17 }
 * ```
 */
export function decimalOf(x: number): DecimalForm {
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
 * Run `compute` at `unit`, refining the unit by each {@link Rescale} it throws until it completes.
 *
 * @example
 * ```ts
 * atUnit(1, (unit) => divExact(unit, 4)); // 1 (at unit 4)
 * ```
 */
export function atUnit<T>(unit: Int, compute: (unit: Int) => T): T {
  let u = unit;
  for (;;) {
    try {
      return compute(u);
    } catch (error) {
      if (!(error instanceof Rescale)) throw error;
      u = mul(u, error.factor);
    }
  }
}
