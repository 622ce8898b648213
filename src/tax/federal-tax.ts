/**
 * The federal income tax of a year from plain numbers: regular tax, NIIT, additional Medicare tax and
 * AMT, computed exactly by the integer engine (`_lib/federal.ts`).
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { type FederalTax, federalOf, type HouseholdIncome } from './_lib/federal';
import type { FederalTaxTable } from './federal-tables';

export type { FederalTax, HouseholdIncome } from './_lib/federal';

/**
 * Plain-number inputs of {@link federalTax} (no parsing: callers in loops pass numbers straight in):
 * the household's income ({@link HouseholdIncome}) and the table of the year.
 */
export interface FederalTaxInput extends HouseholdIncome {
  readonly table: FederalTaxTable;
}

/**
 * Federal tax of one return: standard deduction (65+/blind amounts) or itemized override, the OBBBA
 * senior deduction, regular tax with qualified income stacked on ordinary income (0/15/20%), NIIT,
 * additional Medicare tax and, on request, the AMT. Pure, plain numbers in, exact decimals out.
 *
 * Taxable income = ordinary + qualified income - deduction - senior deduction, floored at zero; the
 * deductions absorb ordinary income first (qualified taxable income = min(qualified, taxable)).
 *
 * Every amount is computed exactly in scaled integers (whole cents in float64, finer units and
 * bigints when an input needs them); the decimal fields are built when read (getters).
 *
 * @example
 * ```ts
 * import { federalTable, federalTax } from 'finplan/tax';
 * const t = federalTax({ table: federalTable(2026), filing_status: 'single', ordinary_income: 60_000, qualified_income: 10_000 });
 * t.regular_tax.toNumber(); // 5687.5 (PolicyEngine-US non_sch_d_capital_gains.yaml, case 1b)
 * ```
 */
export function federalTax(input: FederalTaxInput): FederalTax {
  return federalOf(input.table, input);
}
