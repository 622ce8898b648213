/**
 * The state income tax tables (`data/tax/state/<code>/<year>.json`, one per covered jurisdiction and
 * tax year), from the map `npm run gen` writes in `data/tables.ts`: by jurisdiction (each its own years)
 * and by year. A jurisdiction without a file is not covered (`unsupported_jurisdiction`); a covered one
 * without the requested year's file answers `unsupported_year` naming the years it covers.
 *
 * @internal
 * @module
 */
import { taxState } from '../../../data/tables';
import { defineYearTables, type YearTables } from '../../core/year-tables';
import type { StateTaxTable } from './state-table';

/** The tables of one tax year, by upper-case postal code. */
export type StateTables = Readonly<Record<string, StateTaxTable>>;

/**
 * Each covered jurisdiction's tables by tax year, by upper-case postal code: another year is an
 * `unsupported_year` CalculationError on `tax_year` naming the jurisdiction and its years.
 *
 * @example
 * ```ts
 * stateTaxTablesByCode.NY?.years; // [2024, 2025, 2026]
 * ```
 */
export const stateTaxTablesByCode: Readonly<Record<string, YearTables<StateTaxTable>>> = Object.fromEntries(
  Object.entries(taxState as Record<string, Record<number, unknown>>).map(([code, tables]) => [
    code,
    defineYearTables<StateTaxTable>({
      name: `${code} income tax`,
      field: 'tax_year',
      files: `tax/state/${code.toLowerCase()}`,
      subject: code,
      tables,
    }),
  ]),
);

/**
 * The state tables by tax year (the union of the jurisdictions' years), each year's holding the
 * jurisdictions that have a table for it; a year no jurisdiction has is an `unsupported_year`
 * CalculationError on `tax_year` listing the years.
 *
 * @example
 * ```ts
 * stateTaxTables.get(2025).CA?.kind; // 'graduated'
 * ```
 */
export const stateTaxTables: YearTables<StateTables> = defineYearTables<StateTables>({
  name: 'state income tax',
  field: 'tax_year',
  files: 'tax/state',
  tables: byYear(stateTaxTablesByCode),
});

function byYear(byCode: Readonly<Record<string, YearTables<StateTaxTable>>>): Record<number, StateTables> {
  const years: Record<number, Record<string, StateTaxTable>> = {};
  for (const [code, tables] of Object.entries(byCode)) {
    for (const year of tables.years) years[year] = { ...years[year], [code]: tables.get(year) };
  }
  return years;
}

/**
 * The table of a covered jurisdiction (upper-case code) for `year`; a year it has no table for is an
 * `unsupported_year` CalculationError on `tax_year`: `tax_year 2026 is not covered for CA; covered: 2025`.
 *
 * @example
 * ```ts
 * stateTaxTable('IL', 2025).kind; // 'flat'
 * ```
 */
export function stateTaxTable(code: string, year: number): StateTaxTable {
  const tables = stateTaxTablesByCode[code];
  if (tables === undefined) throw new TypeError(`state ${code} passed validation without a table`);
  return tables.get(year);
}

/**
 * The postal codes of the states (and DC) with state income tax tables, sorted.
 *
 * @example
 * ```ts
 * stateTaxCodes().length; // 51
 * ```
 */
export function stateTaxCodes(): readonly string[] {
  return Object.keys(stateTaxTablesByCode).sort();
}

/**
 * The tax years a jurisdiction (postal code, any letter case) has a state income tax table for,
 * ascending; empty when it is not covered.
 *
 * @example
 * ```ts
 * stateTaxYears('ny'); // [2024, 2025, 2026]
 * ```
 */
export function stateTaxYears(code: string): readonly number[] {
  return stateTaxTablesByCode[code.toUpperCase()]?.years ?? [];
}
