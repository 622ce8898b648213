/**
 * Year-keyed data tables (`data/<area>/<table>/<year>.json`): one definition gives the supported years,
 * a lookup that refuses other years with `unsupported_year` (listing the supported ones), and the
 * request field with a description generated from the years. The year maps come from `data/tables.ts`,
 * which `npm run gen` writes from the files on disk: adding a year is one JSON file (and its reference
 * cases) and `npm run gen`, no TypeScript. `test/data/tables.test.ts` validates every file against its
 * table's zod schema.
 *
 * @module
 */
import * as z from 'zod/mini';
import { calculationError } from './errors';

/** A set of tables of one kind, one per year. */
export interface YearTables<T> {
  /** What the tables hold, for messages: e.g. `federal tax`. */
  readonly name: string;
  /** The request field that selects the year, e.g. `tax_year`. */
  readonly field: string;
  /** The folder of the files under `data/`: `tax/federal` for `data/tax/federal/<year>.json`. */
  readonly files: string;
  /** Supported years, ascending. */
  readonly years: readonly number[];
  /** Whether `year` has a table. */
  has(year: number): boolean;
  /** The table of `year`; any other year is an `unsupported_year` CalculationError on {@link field}. */
  get(year: number): T;
  /** The message {@link get} refuses `year` with, or `undefined` when `year` has a table. */
  unsupported(year: number): string | undefined;
}

/**
 * Define a set of year-keyed tables. `tables` maps each year to its imported JSON file (a map of
 * `data/tables.ts`); the table's type `T` is the one inferred from its zod schema (checked against every
 * file in a test), so this is the one place a JSON import is given its type. With `subject` (a set of one
 * jurisdiction's tables), another year's message names it: `tax_year 2026 is not covered for CA;
 * covered: 2024, 2025`.
 *
 * @example
 * ```ts
 * import { defineYearTables } from 'finplan';
 * import { taxFederal } from '../../data/tables';
 * import type { FederalTaxTable } from 'finplan/tax';
 * const federal = defineYearTables<FederalTaxTable>({
 *   name: 'federal tax', field: 'tax_year', files: 'tax/federal', tables: taxFederal,
 * });
 * federal.years; // [2024, 2025, 2026]
 * ```
 */
export function defineYearTables<T>(config: {
  readonly name: string;
  readonly field: string;
  readonly files: string;
  readonly tables: Readonly<Record<number, unknown>>;
  readonly subject?: string;
}): YearTables<T> {
  const byYear = new Map<number, T>();
  for (const [year, table] of Object.entries(config.tables)) byYear.set(Number(year), table as T);
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const unsupported = (year: number) => {
    if (byYear.has(year)) return undefined;
    if (config.subject === undefined) return unsupportedMessage(config.field, year, years);
    return `${config.field} ${year} is not covered for ${config.subject}; covered: ${years.join(', ')}`;
  };
  return {
    name: config.name,
    field: config.field,
    files: config.files,
    years,
    has: (year) => byYear.has(year),
    unsupported,
    get: (year) => {
      const table = byYear.get(year);
      const message = unsupported(year);
      if (table === undefined || message !== undefined) {
        throw calculationError('unsupported_year', config.field, message ?? '');
      }
      return table;
    },
  };
}

/**
 * Years as a reader writes them: a run as `2024-2026`, otherwise a list (`2024, 2026`).
 *
 * @example
 * ```ts
 * import { yearsText } from 'finplan';
 * yearsText([2024, 2025, 2026]); // '2024-2026'
 * yearsText([2024, 2026]); // '2024, 2026'
 * ```
 */
export function yearsText(years: readonly number[]): string {
  if (years.length === 0) return 'none';
  const first = years[0] as number;
  const last = years[years.length - 1] as number;
  const run = years.length > 2 && years.every((year, i) => year === first + i);
  return run ? `${first}-${last}` : years.join(', ');
}

function unsupportedMessage(field: string, year: unknown, years: readonly number[]): string {
  return `${field} ${String(year)} is not supported; supported: ${years.join(', ')}`;
}

/** The years every one of `sets` supports. */
function commonYears(sets: readonly YearTables<unknown>[]): number[] {
  const [first, ...rest] = sets;
  if (first === undefined) throw new TypeError('yearField needs at least one table set');
  return first.years.filter((year) => rest.every((set) => set.has(year)));
}

/**
 * The request field selecting the year of one or more table sets (the years they all support): an
 * integer whose JSON Schema lists the years as an enum, whose description ends with the supported
 * years (generated, never hand-written), and whose other values are an `unsupported_year` error
 * naming the field and listing the supported years.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * import { yearField } from 'finplan';
 * import { federalTables } from 'finplan/tax';
 * const Input = z.strictObject({ tax_year: yearField('Tax year of the brackets and deductions.', federalTables) });
 * ```
 */
export function yearField(description: string, ...sets: YearTables<unknown>[]) {
  const years = commonYears(sets);
  const field = (sets[0] as YearTables<unknown>).field;
  return z.int().check(
    z.refine((year) => years.includes(year), {
      error: (issue) => unsupportedMessage(field, issue.input, years),
      params: { finplan: 'unsupported_year' },
    }),
    z.meta({ enum: years, description: `${description} Supported: ${yearsText(years)}.` }),
  );
}

/**
 * A table not keyed by year, given its type: the type inferred from its zod schema, which
 * `test/data/tables.test.ts` checks the file against (the one place such a JSON import is typed).
 *
 * @example
 * ```ts
 * import { defineTable } from 'finplan';
 * import ages from '../../data/tax/statutory-ages.json';
 * const STATUTORY_AGES = defineTable<{ senior: { age: number } }>(ages);
 * STATUTORY_AGES.senior.age; // 65
 * ```
 */
export function defineTable<T>(table: unknown): T {
  return table as T;
}
