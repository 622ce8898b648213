import type { Dec } from '../core/money';

/**
 * A month's interest on a loan balance in cents: `balance x annual rate / 12`, computed exactly (the
 * balance has 2 places, the rate at most 12, so the product and one division are exact to 40 digits)
 * and rounded half up to cents. Shared by every loan schedule (amortization, debt vs invest) so that
 * they round the same exact quantity and agree to the cent, exact half cents included.
 *
 * @example
 * ```ts
 * monthlyInterest(new Dec('6.00'), new Dec('0.07')).toString(); // '0.04' (0.035 exactly, half up)
 * ```
 */
export function monthlyInterest(balance: Dec, annualRate: Dec): Dec {
  return balance.mul(annualRate).div(12).toDecimalPlaces(2);
}
