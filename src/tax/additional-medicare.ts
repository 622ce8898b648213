/**
 * The additional Medicare tax on wages and self-employment income (IRC §3101(b)(2), §1401(b)(2)).
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import type { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import { additionalMedicareOf, decimal, federalParams, placesFor, unitsOfAny } from './_lib/federal';
import type { FederalTaxTable } from './federal-tables';

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
  const p = federalParams(table, status, placesFor(table, earnedIncome));
  return decimal(additionalMedicareOf(p, unitsOfAny(earnedIncome, p.cP)), p.mP);
}
