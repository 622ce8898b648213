import Decimal from 'decimal.js';

/**
 * finplan's private decimal type: half-up rounding, 40 significant digits. A clone, so the host
 * application's own `Decimal` settings are never touched (and never touch ours).
 */
export const Dec = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP, precision: 40 });
export type Dec = InstanceType<typeof Dec>;

function toNumber(value: Dec): number {
  const n = value.toNumber();
  return n === 0 ? 0 : n; // never -0
}

/**
 * Round money to cents, half up (2.675 -> 2.68, -2.675 -> -2.68), once, at the edge of a result.
 *
 * @example
 * ```ts
 * import { roundMoney } from 'finplan';
 * roundMoney(2.675); // 2.68
 * roundMoney(-0.001); // 0 (never -0)
 * ```
 */
export function roundMoney(value: number | Dec): number {
  return toNumber(new Dec(value).toDecimalPlaces(2));
}

/**
 * Round a rate, probability or ratio to 6 decimal places (0.0512345678 -> 0.051235).
 *
 * @example
 * ```ts
 * import { roundRate } from 'finplan';
 * roundRate(0.0512345678); // 0.051235
 * ```
 */
export function roundRate(value: number | Dec): number {
  return toNumber(new Dec(value).toDecimalPlaces(6));
}

/**
 * Round to `places` decimal places, half up.
 *
 * @example
 * ```ts
 * import { roundTo } from 'finplan';
 * roundTo(59.67386567, 6); // 59.673866
 * ```
 */
export function roundTo(value: number | Dec, places: number): number {
  return toNumber(new Dec(value).toDecimalPlaces(places));
}
