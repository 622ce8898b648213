/**
 * How the lifetime plan computes a year that has no table: the last table of the kind, on amounts
 * deflated to that table's year at the plan's inflation (every threshold treated as indexed), and the
 * OBBBA senior deduction dropped after its last tax year (`data/plan/projection.json`).
 *
 * @internal
 * @module
 */

import * as z from 'zod/mini';
import projection from '../../../data/plan/projection.json';
import { block, sources } from '../../core/table-schema';
import { defineTable } from '../../core/year-tables';
import { type FederalTaxTable, federalTable, SUPPORTED_TAX_YEARS } from '../../tax/engine';

/** `data/plan/projection.json`: the provisions a projected year must drop (their last tax year). */
export const ProjectionTableSchema = z.strictObject({
  sources: sources(),
  senior_deduction: block({
    check_source: z.string(),
    first_tax_year: z.int(),
    last_tax_year: z.int(),
  }),
});

type ProjectionTable = z.infer<typeof ProjectionTableSchema>;

const PROJECTION = defineTable<ProjectionTable>(projection);

/**
 * Whether the OBBBA deduction for seniors (IRC §151(d)(5)(C)) applies to a tax year: 2025 through
 * 2028 (clause (i): taxable years beginning before January 1, 2029; `data/plan/projection.json`).
 *
 * @example
 * ```ts
 * import { seniorDeductionApplies } from './projection';
 * [seniorDeductionApplies(2028), seniorDeductionApplies(2029)]; // [true, false]
 * ```
 */
export function seniorDeductionApplies(taxYear: number): boolean {
  const s = PROJECTION.senior_deduction;
  return taxYear >= s.first_tax_year && taxYear <= s.last_tax_year;
}

/**
 * The table year that computes `year` among the years of a table (ascending): the year itself when
 * it has a table, else the last year before it (the latest table for a year past them all). A year
 * before the first table is the first table's.
 *
 * @example
 * ```ts
 * import { tableYearFor } from './projection';
 * [tableYearFor([2024, 2025, 2026], 2026), tableYearFor([2024, 2025, 2026], 2031)]; // [2026, 2026]
 * ```
 */
export function tableYearFor(years: readonly number[], year: number): number {
  let chosen = years[0] as number;
  for (const y of years) if (y <= year) chosen = y;
  return chosen;
}

/**
 * Nominal dollars of `year` per dollar of `tableYear` at the plan's inflation: (1 + inflation)^(year -
 * tableYear) for a year past its table, 1 otherwise. A projected year's amounts are divided by it
 * before the table computes them, and the results multiplied back.
 *
 * @example
 * ```ts
 * import { projectionFactor } from './projection';
 * projectionFactor(2028, 2026, 0.02); // 1.0404
 * ```
 */
export function projectionFactor(year: number, tableYear: number, inflation: number): number {
  return year > tableYear ? (1 + inflation) ** (year - tableYear) : 1;
}

const withoutSenior = new Map<number, FederalTaxTable>();

/**
 * The federal table that computes tax year `year`: the year's own (2024-2026) or the last one, less the
 * senior deduction for a year after its last tax year.
 *
 * @example
 * ```ts
 * import { federalTableFor } from './projection';
 * federalTableFor(2029).senior_deduction; // undefined
 * federalTableFor(2027).tax_year; // 2026
 * ```
 */
export function federalTableFor(year: number): FederalTaxTable {
  const tableYear = tableYearFor(SUPPORTED_TAX_YEARS, year);
  const table = federalTable(tableYear);
  if (table.senior_deduction === undefined || seniorDeductionApplies(year)) return table;
  let without = withoutSenior.get(tableYear);
  if (without === undefined) {
    const { senior_deduction: _, ...rest } = table;
    without = rest;
    withoutSenior.set(tableYear, without);
  }
  return without;
}
