// Oracle copy of the decimal implementation (see federal-tax.ts in this folder).
import { Dec } from '../../../src/core/money';
import type { FilingStatus } from '../../../src/core/schema';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';

/**
 * Net investment income tax (IRC §1411(a)(1)): 3.8% of the smaller of net investment income and
 * modified AGI over the threshold ($250,000 joint return or surviving spouse, $125,000 separate,
 * $200,000 otherwise; not indexed).
 *
 * @example
 * ```ts
 * import { federalTable, netInvestmentIncomeTax } from 'finplan/tax';
 * // PolicyEngine-US net_investment_income_tax.yaml (2024): AGI 230,000, NII 35,000 -> 3.8% x 30,000
 * netInvestmentIncomeTax(federalTable(2024), 'single', 35_000, 230_000).toNumber(); // 1140
 * ```
 */
export function netInvestmentIncomeTax(
  table: FederalTaxTable,
  status: FilingStatus,
  netInvestmentIncome: Dec | number,
  magi: Dec | number,
): Dec {
  const excess = Dec.max(new Dec(magi).minus(table.niit.threshold[status]), 0);
  const base = Dec.min(Dec.max(new Dec(netInvestmentIncome), 0), excess);
  return base.times(table.niit.rate);
}

/**
 * The NIIT caused by adding `extra` net investment income (and the same to MAGI) to a return with
 * `magi`: 3.8% of the part of `extra` that lands above the threshold. This does not depend on the
 * return's other investment income (whichever of NII and the MAGI excess is smaller, the increase is
 * the same), so it needs no NII figure.
 *
 * @example
 * ```ts
 * import { federalTable, incrementalNiit } from 'finplan/tax';
 * incrementalNiit(federalTable(2025), 'single', 190_000, 20_000).toNumber(); // 380 = 3.8% x 10,000
 * ```
 */
export function incrementalNiit(
  table: FederalTaxTable,
  status: FilingStatus,
  magi: Dec | number,
  extra: Dec | number,
): Dec {
  const threshold = table.niit.threshold[status];
  const m = new Dec(magi);
  const before = Dec.max(m.minus(threshold), 0);
  const after = Dec.max(m.plus(Dec.max(new Dec(extra), 0)).minus(threshold), 0);
  return after.minus(before).times(table.niit.rate);
}
