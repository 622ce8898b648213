/**
 * The federal tax tables by tax year (`data/tax/federal/YYYY.json`), their lookup and the
 * `tax_year` request field.
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { taxFederal } from '../../data/tables';
import type { FilingStatus } from '../core/schema';
import { defineYearTables, yearField } from '../core/year-tables';
import type { FederalTaxTable } from './_lib/tables';

export type { FederalTaxTable } from './_lib/tables';

/**
 * The federal tax tables in `data/tax/federal/YYYY.json` (Rev. Proc. 2023-34; Rev. Proc. 2024-40 with
 * the OBBBA amendments; Rev. Proc. 2025-32).
 *
 * @example
 * ```ts
 * import { federalTables } from 'finplan/tax';
 * federalTables.years; // [2024, 2025, 2026]
 * ```
 */
export const federalTables = defineYearTables<FederalTaxTable>({
  name: 'federal tax',
  field: 'tax_year',
  files: 'tax/federal',
  tables: taxFederal,
});

/**
 * Tax years with a federal table in `data/tax/`.
 *
 * @example
 * ```ts
 * import { SUPPORTED_TAX_YEARS } from 'finplan/tax';
 * SUPPORTED_TAX_YEARS.includes(2026); // true
 * ```
 */
export const SUPPORTED_TAX_YEARS: readonly number[] = federalTables.years;
/** A tax year with federal tables. */
export type SupportedTaxYear = number;

/** One value per filing status. */
export type ByStatus<T = number> = Readonly<Record<FilingStatus, T>>;

/**
 * The federal tax table of `year`; an unsupported year is an `unsupported_year` CalculationError
 * (on the field `tax_year`) whose message lists the supported years.
 *
 * @example
 * ```ts
 * import { federalTable } from 'finplan/tax';
 * federalTable(2025).standard_deduction.mfj; // 31500
 * ```
 */
export function federalTable(year: number): FederalTaxTable {
  return federalTables.get(year);
}

/**
 * The `tax_year` request field shared by the tax and equity-compensation operations.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Input = z.strictObject({ tax_year: taxYearField() });
 * ```
 */
export function taxYearField() {
  return yearField('Tax year whose federal brackets, deductions and thresholds are used.', federalTables);
}
