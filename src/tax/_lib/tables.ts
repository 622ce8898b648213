/**
 * The shapes of the tax area's data files (`data/tax/`), as zod schemas: the table types are
 * inferred from them, and `test/data/tables.test.ts` validates every file against them.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, byStatus, sources, statusShape } from '../../core/table-schema';

const nullableAmount = z.nullable(z.number());

/** `data/tax/federal/YYYY.json` (see `data/tax/README.md`). */
export const FederalTaxTableSchema = z.strictObject({
  tax_year: z.int(),
  sources: sources(),
  /** `rates[i]` applies to taxable income over `thresholds[status][i]`, up to and including the next threshold. */
  ordinary_brackets: block({ rates: z.array(z.number()), thresholds: byStatus(z.array(z.number())) }),
  standard_deduction: block(statusShape(z.number())),
  /** §63(f): `unmarried` for single and hoh; `married` for mfj, mfs and qss. */
  additional_standard_deduction: block({ unmarried: z.number(), married: z.number() }),
  /** §151(d)(5)(C), 2025-2028 only; `phaseout_start.mfs` is null (not allowed on a separate return). */
  senior_deduction: z.optional(
    block({
      amount_per_person: z.number(),
      phaseout_rate: z.number(),
      phaseout_start: byStatus(nullableAmount),
    }),
  ),
  /** §1(h), §1(j)(5)(B): maximum zero-rate and 15%-rate amounts, measured on total taxable income. */
  ltcg: block({ zero_rate_max: byStatus(z.number()), fifteen_rate_max: byStatus(z.number()) }),
  niit: block({ rate: z.number(), threshold: byStatus(z.number()) }),
  additional_medicare: block({ rate: z.number(), threshold: byStatus(z.number()) }),
  /** §55: exemption, its phase-out, the 26%/28% breakpoint (on the taxable excess) and the rates. */
  amt: block({
    exemption: byStatus(z.number()),
    phaseout_start: byStatus(z.number()),
    phaseout_rate: z.number(),
    rate_breakpoint: byStatus(z.number()),
    rates: z.array(z.number()),
  }),
  /** §1211(b)(1): capital losses allowed against other income. */
  capital_loss_limit: block(statusShape(z.number())),
});

/**
 * The federal figures of one tax year, as stored in `data/tax/federal/YYYY.json` (see
 * `data/tax/README.md` for the conventions and the source of every block).
 */
export type FederalTaxTable = z.output<typeof FederalTaxTableSchema>;

/** `data/tax/capital-gains-rates.json`: the 0%/15%/20% rates of IRC §1(h)(1). */
export const CapitalGainsRatesSchema = z.strictObject({
  source: z.string(),
  sources: sources(),
  rates: z.tuple([z.number(), z.number(), z.number()]),
});

/** `data/tax/statutory-ages.json`: the ages the Code attaches to deductions and contribution limits. */
const month = z.int().check(z.gte(1), z.lte(12));

/** One row of the RMD beginning ages: births from (first_birth_year, first_birth_month) through (last_birth_year, last_birth_month). */
const RmdBeginningRow = z
  .strictObject({
    first_birth_year: z.optional(z.int()),
    first_birth_month: z.optional(month),
    last_birth_year: z.optional(z.int()),
    last_birth_month: z.optional(month),
    // Whole or half years (70 1/2).
    age: z.number().check(z.refine((age) => Number.isInteger(age * 2) && age > 0)),
  })
  .check(
    z.refine((row) => row.first_birth_month === undefined || row.first_birth_year !== undefined, {
      message: 'first_birth_month needs first_birth_year',
    }),
    z.refine((row) => row.last_birth_month === undefined || row.last_birth_year !== undefined, {
      message: 'last_birth_month needs last_birth_year',
    }),
  );

/** Months since year 0 of a row's first and last birth month (undefined: open). */
function rowMonths(row: z.output<typeof RmdBeginningRow>) {
  return {
    first:
      row.first_birth_year === undefined
        ? undefined
        : row.first_birth_year * 12 + (row.first_birth_month ?? 1) - 1,
    last:
      row.last_birth_year === undefined
        ? undefined
        : row.last_birth_year * 12 + (row.last_birth_month ?? 12) - 1,
  };
}

function rowsCoverEveryBirthDate(rows: z.output<typeof RmdBeginningRow>[]): boolean {
  const months = rows.map(rowMonths);
  return months.every(({ first, last }, i) => {
    if ((first === undefined) !== (i === 0)) return false;
    if ((last === undefined) !== (i === months.length - 1)) return false;
    if (first !== undefined && last !== undefined && last < first) return false;
    const before = months[i - 1];
    return before === undefined || (before.last !== undefined && first === before.last + 1);
  });
}

export const StatutoryAgesSchema = z.strictObject({
  sources: sources(),
  senior: block({ age: z.int() }),
  catch_up: block({ age: z.int(), ages_60_63: z.tuple([z.int(), z.int()]) }),
  hsa_catch_up: block({ age: z.int() }),
  rmd: block({
    beginning_ages: z.array(RmdBeginningRow).check(
      z.minLength(1),
      z.refine(rowsCoverEveryBirthDate, {
        message:
          'beginning_ages must run in order from the earliest births (the first row without first_birth_year) ' +
          'to the latest (the last row without last_birth_year), each row starting the month after the one before ends',
      }),
    ),
    required_beginning_month: z.int(),
    required_beginning_day: z.int(),
  }),
});

const separationShape = { joint: z.number(), other: z.number(), separate_lived_with_spouse: z.number() };

/** `data/tax/social-security-taxation.json`: the IRC §86 figures (not indexed). */
export const SocialSecurityTaxationSchema = z.strictObject({
  sources: sources(),
  provisional_income: block({ benefits_fraction: z.number() }),
  base_amount: block(separationShape),
  adjusted_base_amount: block(separationShape),
  inclusion_rates: block({ first_tier: z.number(), second_tier: z.number() }),
});
