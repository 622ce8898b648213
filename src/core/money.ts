/**
 * Money primitives shared by every area: finplan's decimal type `Dec`, a month's loan interest and
 * dollar formatting; and, re-exported from `core/rounding` (which needs no decimal.js), exact half-up
 * rounding, rounding up or down to the cent, the annuity-certain factor and apportionment.
 * @module
 */
import { Decimal } from 'decimal.js';

export {
  annuityCertainFactor,
  apportion,
  ceilCents,
  floorCents,
  roundMoney,
  roundRate,
  roundTo,
} from './rounding';

/**
 * finplan's private decimal type: half-up rounding, 40 significant digits. A clone, so the host
 * application's own `Decimal` settings are never touched (and never touch ours).
 */
export const Dec = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP, precision: 40 });
export type Dec = InstanceType<typeof Dec>;

/** `value` as a decimal of this module's own `Dec` (a `Dec` itself as is). */
function dec(value: number | Dec): Dec {
  return typeof value !== 'number' && value.constructor === Dec ? value : new Dec(value);
}

/**
 * A month's interest on a loan balance in cents: `balance x annual rate / 12`, computed exactly (the
 * balance has 2 places, the rate at most 12, so the product and one division are exact to 40 digits)
 * and rounded half up to cents, as a decimal (decimal.js). Shared by every loan schedule (amortization,
 * debt vs invest) so that they round the same exact quantity and agree to the cent, exact half cents
 * included. Numbers are taken as their decimal form (0.07 is 0.07).
 *
 * @example
 * ```ts
 * import { monthlyInterest } from 'finplan';
 * monthlyInterest(6, 0.07).toNumber(); // 0.04 (6.00 x 0.07 / 12 = 0.035 exactly, half up)
 * monthlyInterest(200_000, 0.06).toNumber(); // 1000
 * ```
 */
export function monthlyInterest(balance: number | Dec, annualRate: number | Dec): Dec {
  return dec(balance).mul(dec(annualRate)).div(12).toDecimalPlaces(2);
}

/**
 * Format dollars for a reason string: rounded half up to cents, thousands separators, cents only when
 * present (independent of the runtime's locale data).
 *
 * @example
 * ```ts
 * import { dollars } from 'finplan';
 * dollars(84000); // '84,000'
 * dollars(1234.5); // '1,234.50'
 * dollars(-0.004); // '0'
 * ```
 */
export function dollars(value: number | Dec): string {
  const d = new Dec(value).toDecimalPlaces(2);
  const negative = d.isNegative() && !d.isZero();
  const fixed = d.abs().toFixed(d.isInteger() ? 0 : 2);
  const [whole = '0', cents] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${cents ? `.${cents}` : ''}`;
}
