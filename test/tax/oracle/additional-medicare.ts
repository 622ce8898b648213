// Oracle copy of the decimal implementation (see federal-tax.ts in this folder).
import { Dec } from '../../../src/core/money';
import type { FilingStatus } from '../../../src/core/schema';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';

/**
 * Additional Medicare tax (IRC §3101(b)(2), §1401(b)(2)): 0.9% of wages and self-employment income
 * over $250,000 on a joint return, $125,000 separate, $200,000 in any other case, a qualifying
 * surviving spouse included (unlike the NIIT). Wages and self-employment income are taken together:
 * §1401(b)(2)(B) lowers the self-employment threshold by the wages, which gives the same total.
 *
 * @example
 * ```ts
 * import { additionalMedicareTax, federalTable } from 'finplan/tax';
 * // PolicyEngine-US additional_medicare_tax.yaml (2025): 250,000 of wages, single -> 0.9% x 50,000
 * additionalMedicareTax(federalTable(2025), 'single', 250_000).toNumber(); // 450
 * ```
 */
export function additionalMedicareTax(
  table: FederalTaxTable,
  status: FilingStatus,
  earnedIncome: Dec | number,
): Dec {
  const excess = Dec.max(new Dec(earnedIncome).minus(table.additional_medicare.threshold[status]), 0);
  return excess.times(table.additional_medicare.rate);
}
