/**
 * Exact rounding primitives shared by every area: half-up rounding of a number as its decimal form
 * (float arithmetic away from ties, the decimal digits at a tie), rounding up or down to the cent, the
 * annuity-certain factor of level payments and largest-remainder apportionment. No decimal.js: an
 * operation that needs only these (tvm, npv-irr) bundles without it. `core/money` re-exports them.
 * @module
 */
import type { Decimal } from 'decimal.js';

/** finplan's `Dec` (core/money), by its type alone: no import of core/money, which re-exports this module. */
type Dec = Decimal;

/** decimal.js's rounding-mode number of half up (`Decimal.ROUND_HALF_UP`), for any Decimal passed in. */
const ROUND_HALF_UP = 4;
/** The most decimal places decimal.js accepts (`MAX_DIGITS`). */
const MAX_PLACES = 1e9;

/** 10^0 .. 10^22: every one exact in a double. */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];
const MAX_FAST_PLACES = POW10.length - 1;
/** Above 2^52 a scaled value has no fraction bits left to tell a tie: decided on the decimal digits. */
const FAST_SCALED_LIMIT = 2 ** 52;
/** From 2^53 on every double is an integer and so is its shortest decimal form: rounding keeps it. */
const INTEGER_DOUBLES = 2 ** 53;
/**
 * Relative distance from a tie within which the float result is not trusted. The scaled double
 * differs from the scaled decimal value by at most 2^-52 of itself (half an ulp from the shortest
 * decimal form to the double, half an ulp from the multiplication); 2^-50 is four times that.
 */
const TIE_MARGIN = 2 ** -50;

/**
 * The reference rounding: the value's decimal form (the shortest digits that read back as it,
 * `String(value)`, which is what decimal.js reads), half up (ties away from zero), on its digits; a `Dec`
 * is rounded by its own decimal.js method. No decimal.js import here, so that an operation that only
 * rounds numbers does not bundle it.
 */
function decimalRound(value: number | Dec, places: number): number {
  if (!(Number.isInteger(places) && places >= 0 && places <= MAX_PLACES))
    throw new RangeError(`places must be an integer from 0 to ${MAX_PLACES} (got ${places})`);
  if (typeof value !== 'number') {
    const n = value.toDecimalPlaces(places, ROUND_HALF_UP).toNumber();
    return n === 0 ? 0 : n; // never -0
  }
  if (!Number.isFinite(value)) return value;
  const [mantissa = '0', exponent] = String(Math.abs(value)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + (exponent === undefined ? 0 : Number(exponent));
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const keep = point + places;
  if (keep >= digits.length) return value === 0 ? 0 : value; // no digit beyond the place: unchanged
  let units = BigInt(digits.slice(0, keep) || '0');
  if (digits.charCodeAt(keep) - 48 >= 5) units += 1n;
  if (units === 0n) return 0; // never -0
  const text = units.toString().padStart(places + 1, '0');
  const result = Number(places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`);
  return value < 0 ? -result : result;
}

/**
 * Half-up rounding of a double, as decimal.js would round its shortest decimal form: float arithmetic
 * unless the value is within {@link TIE_MARGIN} of a tie, where its decimal digits decide. Scaling by 10^places is exact to within 2^-52
 * relative, so away from a tie the float rounding decides the same integer; the result n / 10^places is
 * then one correctly rounded division of two exact doubles, the double nearest the decimal result.
 */
function roundHalfUp(value: number | Dec, places: number): number {
  if (typeof value === 'number' && places >= 0 && places <= MAX_FAST_PLACES && (places | 0) === places) {
    const magnitude = Math.abs(value);
    if (magnitude >= INTEGER_DOUBLES && magnitude !== Infinity) return value;
    const scale = POW10[places] as number;
    const scaled = magnitude * scale;
    if (scaled < FAST_SCALED_LIMIT) {
      const whole = Math.floor(scaled);
      const fromTie = scaled - whole - 0.5; // exact: whole and scaled share the grid of scaled
      const margin = scaled * TIE_MARGIN;
      if (fromTie > margin || -fromTie > margin) {
        const n = fromTie > 0 ? whole + 1 : whole;
        if (n === 0) return 0; // never -0
        return value < 0 ? -n / scale : n / scale;
      }
    }
  }
  return decimalRound(value, places);
}

/**
 * Round money to cents, half up (2.675 -> 2.68, -2.675 -> -2.68), once, at the edge of a result. A
 * number is rounded as its decimal form (the shortest digits that read back as it, `String(value)`),
 * so the double nearest 2.675 rounds to 2.68 although it lies a hair below 2.675. Exact and fast: a
 * float computation decides unless the value is within about 2^-50 of a half cent, where the decimal
 * digits do; a `Decimal` is rounded by decimal.js.
 *
 * @example
 * ```ts
 * import { roundMoney } from 'finplan';
 * roundMoney(2.675); // 2.68
 * roundMoney(-0.001); // 0 (never -0)
 * ```
 */
export function roundMoney(value: number | Dec): number {
  return roundHalfUp(value, 2);
}

/**
 * Round a rate, probability or ratio to 6 decimal places, half up (0.0512345678 -> 0.051235), as
 * {@link roundMoney} rounds to cents.
 *
 * @example
 * ```ts
 * import { roundRate } from 'finplan';
 * roundRate(0.0512345678); // 0.051235
 * ```
 */
export function roundRate(value: number | Dec): number {
  return roundHalfUp(value, 6);
}

/**
 * Round to `places` decimal places (an integer >= 0), half up, as {@link roundMoney} rounds to cents.
 *
 * @example
 * ```ts
 * import { roundTo } from 'finplan';
 * roundTo(59.67386567, 6); // 59.673866
 * roundTo(1.0005, 3); // 1.001
 * ```
 */
export function roundTo(value: number | Dec, places: number): number {
  return roundHalfUp(value, places);
}

/**
 * How far, in cents, a value may lie from a cent and still count as on it: 1e-7 cents (1e-9 dollars),
 * or 2^-50 of the value in cents when that is larger (a few units in the last place of large amounts).
 */
const CENT_NOISE = 1e-7;

/** The value in cents, snapped to the nearest cent when within float noise of it (see ceilCents). */
function snappedCents(value: number): number {
  const cents = value * 100;
  const nearest = Math.round(cents);
  const off = Math.abs(cents - nearest);
  return off <= CENT_NOISE || off <= Math.abs(cents) * TIE_MARGIN ? nearest : cents;
}

/**
 * Round up (toward +infinity) to the cent: the least whole number of cents not below `value`, where a
 * value within float noise of a whole cent counts as that cent. The rule: a value within 1e-9 (dollars)
 * of a cent, or within 2^-50 of its own size when that is larger (above about 1.1 million dollars), is
 * on the cent. So the float noise of decimal arithmetic (0.1 + 0.2 = 0.30000000000000004) never adds a
 * cent, while a real fraction of a cent, however small beyond the noise, does. An amount written with
 * two decimals is its own ceiling (and floor) up to 2^51 cents, about 2.2e13 dollars (beyond that a
 * double no longer tells the cents apart).
 *
 * @example
 * ```ts
 * import { ceilCents } from 'finplan';
 * ceilCents(10.001); // 10.01
 * ceilCents(0.1 + 0.2); // 0.3 (float noise, not a fraction of a cent)
 * ceilCents(-10.019); // -10.01
 * ```
 */
export function ceilCents(value: number): number {
  const cents = Math.ceil(snappedCents(value));
  return cents === 0 ? 0 : cents / 100;
}

/**
 * Round down (toward -infinity) to the cent: the greatest whole number of cents not above `value`, with
 * the noise rule of {@link ceilCents} (a value within 1e-9 of a cent, or 2^-50 of its size, is on it).
 *
 * @example
 * ```ts
 * import { floorCents } from 'finplan';
 * floorCents(10.019); // 10.01
 * floorCents(1.1 * 3); // 3.3 (1.1 x 3 is 3.3000000000000003 in floats)
 * floorCents(0.7 - 0.4); // 0.3 (0.29999999999999993 in floats)
 * ```
 */
export function floorCents(value: number): number {
  const cents = Math.floor(snappedCents(value));
  return cents === 0 ? 0 : cents / 100;
}

/**
 * The annuity-certain factor of level payments: the value at the end of `periods` periods of 1 paid
 * each period at `rate` per period, ((1 + rate)^periods - 1) / rate; times (1 + rate) when payments
 * fall at the beginning of each period (`'begin'`, an annuity due). Accurate for small rates (expm1 /
 * log1p); exactly `periods` at rate 0, or when periods x ln(1 + rate) is below 1e-300. Divide by
 * (1 + rate)^periods for the present value of the same payments. `periods` may be fractional; `rate`
 * must be above -1. (For life-contingent annuity factors see the life table's `annuityFactor`.)
 *
 * @example
 * ```ts
 * import { annuityCertainFactor } from 'finplan';
 * annuityCertainFactor(0.5, 2); // 2.5 (1 at the end of period 1 grows to 1.5, plus 1 at the end of period 2)
 * annuityCertainFactor(0.5, 2, 'begin'); // 3.75 (2.5 x 1.5)
 * annuityCertainFactor(0, 360); // 360
 * ```
 */
export function annuityCertainFactor(rate: number, periods: number, timing: 'begin' | 'end' = 'end'): number {
  const lg = periods * Math.log1p(rate);
  const factor = Math.abs(lg) < 1e-300 ? periods : Math.expm1(lg) / rate;
  return timing === 'begin' ? factor * (1 + rate) : factor;
}

/**
 * Split `total` whole cents in proportion to `weights` by the largest-remainder method: each part gets
 * the whole cents of its exact share, and the cents left over go one each to the largest remainders
 * (ties to the earlier entry). The parts sum to `total` exactly and each is within a cent of its
 * exact share. Weights need not sum to 1 (they are normalized); throws a RangeError when `total` is not
 * a safe integer or the weights are not finite, non-negative and of positive sum.
 *
 * @example
 * ```ts
 * import { apportion } from 'finplan';
 * apportion(10_000, [1, 1, 1]); // [3334, 3333, 3333] (100.00 dollars in three: 33.34 + 33.33 + 33.33)
 * apportion(100, [0.5, 0.3, 0.2]); // [50, 30, 20]
 * ```
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total))
    throw new RangeError(`apportion: total must be whole cents (got ${total})`);
  let sum = 0;
  for (const w of weights) {
    if (!(w >= 0 && w !== Infinity))
      throw new RangeError(`apportion: weights must be finite and >= 0 (got ${w})`);
    sum += w;
  }
  if (!(sum > 0 && sum !== Infinity))
    throw new RangeError('apportion: the weights must have a positive, finite sum');
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] as number) + 1;
    left--;
  }
  return out;
}
