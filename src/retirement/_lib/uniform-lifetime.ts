import type * as z from 'zod/mini';
import table from '../../../data/retirement/uniform-lifetime-table.json';
import { calculationError } from '../../core/errors';
import { defineTable } from '../../core/year-tables';
import { STATUTORY_AGES } from '../../tax/engine';
import type { UniformLifetimeTableSchema } from './tables';

const UNIFORM = defineTable<z.output<typeof UniformLifetimeTableSchema>>(table).uniform_lifetime;

/**
 * The first distribution calendar year of the Uniform Lifetime Table finplan holds (2022, 26 CFR
 * 1.401(a)(9)-9(f)); earlier distribution years used the 2002 table.
 */
export const UNIFORM_TABLE_FIRST_YEAR = UNIFORM.first_distribution_year;

/**
 * The birth years an RMD request accepts: every owner alive in a year a planner could mean. Input
 * bounds, not statutory figures: which distribution years are answered is {@link rmdYear}'s rule.
 */
export const RMD_BIRTH_YEARS = { min: 1900, max: 2100 } as const;

/**
 * The Uniform Lifetime Table's distribution period (divisor) for an owner who attains `age` in the
 * distribution year (26 CFR 1.401(a)(9)-9(c), from 2022); the last row (120) serves every older age.
 * `undefined` below the table's first age (72).
 *
 * @internal
 * @example
 * ```ts
 * uniformLifetimeDivisor(84); // 16.8
 * uniformLifetimeDivisor(71); // undefined
 * ```
 */
export function uniformLifetimeDivisor(age: number): number | undefined {
  if (age < UNIFORM.first_age) return undefined;
  return UNIFORM.distribution_periods[Math.min(age, UNIFORM.last_age) - UNIFORM.first_age];
}

type Row = (typeof STATUTORY_AGES.rmd.beginning_ages)[number];

/** The rows' first and last birth months, counted from January of year 0 (open ends as infinities). */
const ROWS = STATUTORY_AGES.rmd.beginning_ages.map((row: Row) => ({
  age: row.age,
  first:
    row.first_birth_year === undefined
      ? -Infinity
      : row.first_birth_year * 12 + (row.first_birth_month ?? 1) - 1,
  last:
    row.last_birth_year === undefined
      ? Infinity
      : row.last_birth_year * 12 + (row.last_birth_month ?? 12) - 1,
}));

/**
 * What a birth year tells of the beginning of required minimum distributions (IRC 401(a)(9)(C), from
 * `data/tax/statutory-ages.json`): the applicable age, 70 1/2 (born before July 1, 1949), 72 (born July 1,
 * 1949 - 1950), 73 (1951-1959) or 75 (1960 on), and the first distribution year, the calendar year in which
 * the owner attains it (70 1/2: six calendar months after the 70th birthday, 26 CFR 1.401(a)(9)-2, A-3).
 */
export interface RmdBeginning {
  /** The applicable age (70.5, 72, 73 or 75); `undefined` when the birth date decides between two (1949). */
  readonly age: number | undefined;
  /** The first distribution year; `undefined` when the birth date decides it (70 1/2, or 1949). */
  readonly firstYear: number | undefined;
  /** The earliest first distribution year any birth date in the year gives. */
  readonly earliestFirstYear: number;
  /** The latest first distribution year any birth date in the year gives. */
  readonly latestFirstYear: number;
}

/**
 * The beginning of RMDs for an owner born in `birthYear`, as far as the year alone tells.
 *
 * @internal
 * @example
 * ```ts
 * rmdBeginning(1955); // { age: 73, firstYear: 2028, earliestFirstYear: 2028, latestFirstYear: 2028 }
 * rmdBeginning(1941).age; // 70.5 (first distribution year 2011 or 2012: firstYear undefined)
 * rmdBeginning(1949).age; // undefined (70 1/2 before July 1, 72 from July 1)
 * ```
 */
export function rmdBeginning(birthYear: number): RmdBeginning {
  const january = birthYear * 12;
  const december = january + 11;
  const ages = new Set<number>();
  let earliest = Infinity;
  let latest = -Infinity;
  for (const row of ROWS) {
    const from = Math.max(row.first, january);
    const to = Math.min(row.last, december);
    if (from > to) continue;
    ages.add(row.age);
    // Born in month m (months since year 0), the owner attains `age` in month m + 12 x age.
    earliest = Math.min(earliest, Math.floor((from + 12 * row.age) / 12));
    latest = Math.max(latest, Math.floor((to + 12 * row.age) / 12));
  }
  return {
    age: ages.size === 1 ? [...ages][0] : undefined,
    firstYear: earliest === latest ? earliest : undefined,
    earliestFirstYear: earliest,
    latestFirstYear: latest,
  };
}

/** One distribution year of one owner, as far as the birth year tells. */
export type RmdYear =
  /** No RMD is due in the year: it is before the first distribution year for every birth date in the year. */
  | { readonly status: 'not_due'; readonly beginning: RmdBeginning }
  /** An RMD is due for every birth date in the year: `divisor`, and whether the year is the first one. */
  | {
      readonly status: 'due';
      readonly beginning: RmdBeginning;
      readonly divisor: number;
      readonly firstYear: boolean;
    }
  /** Not answered: `message` says why (a year before the table, or one the birth date decides). */
  | {
      readonly status: 'refused';
      readonly beginning: RmdBeginning;
      readonly code: 'unsupported_year' | 'invalid_input';
      readonly message: string;
    };

/**
 * The one rule of every RMD finplan computes: the distribution year in which an owner born in
 * `birthYear` attains `age` (year `birthYear + age`) is
 *
 * - `not_due` when it is before the earliest first distribution year the birth year allows (whatever the
 *   table of that year: nothing is due);
 * - `due` when it is at or after the first distribution year for every birth date in the year (after it,
 *   when the birth date decides which year was the first) and not before {@link UNIFORM_TABLE_FIRST_YEAR}:
 *   the divisor is the Uniform Lifetime Table's for `age`;
 * - `refused` otherwise: an RMD is or may be due in a year before 2022, whose (2002) table finplan does not
 *   hold (code `unsupported_year`), or the birth date alone decides whether the year is due or the first
 *   (`invalid_input`). With the ages in force this refuses, for owners born before 1950, the years from age
 *   70 to 2021, and nothing for later births.
 *
 * @internal
 * @example
 * ```ts
 * rmdYear(1941, 84); // { status: 'due', divisor: 16.8, firstYear: false, ... } (2025)
 * rmdYear(1941, 80).status; // 'refused' (2021: the 2002 table)
 * rmdYear(1960, 74).status; // 'not_due'
 * ```
 */
export function rmdYear(birthYear: number, age: number): RmdYear {
  const beginning = rmdBeginning(birthYear);
  const year = birthYear + age;
  if (year < beginning.earliestFirstYear) return { status: 'not_due', beginning };
  const certain =
    beginning.firstYear !== undefined ? year >= beginning.firstYear : year > beginning.latestFirstYear;
  if (year < UNIFORM_TABLE_FIRST_YEAR) {
    const from = beginning.earliestFirstYear;
    return {
      status: 'refused',
      beginning,
      code: 'unsupported_year',
      message:
        `an RMD is or may be due in distribution year ${year} (birth_year + age), which is before ` +
        `${UNIFORM_TABLE_FIRST_YEAR}: finplan holds the Uniform Lifetime Table in force for distribution years ` +
        `from ${UNIFORM_TABLE_FIRST_YEAR} only (26 CFR 1.401(a)(9)-9(c)). For birth year ${birthYear}, the ` +
        `distribution years from ${from} (age ${from - birthYear}) to ${UNIFORM_TABLE_FIRST_YEAR - 1} are not ` +
        `supported; ${UNIFORM_TABLE_FIRST_YEAR} and later are`,
    };
  }
  if (!certain) {
    return {
      status: 'refused',
      beginning,
      code: 'invalid_input',
      message:
        `whether distribution year ${year} (birth_year + age) is an RMD year, or the first one, depends on the ` +
        `birth date within ${birthYear} (first distribution year ${beginning.earliestFirstYear} to ` +
        `${beginning.latestFirstYear}), which birth_year cannot tell`,
    };
  }
  const divisor = uniformLifetimeDivisor(age);
  // Unreachable with the ages in force (every beginning age of a year from 2022 is 72 or more).
  if (divisor === undefined) {
    return {
      status: 'refused',
      beginning,
      code: 'invalid_input',
      message: `the Uniform Lifetime Table has no distribution period for age ${age}`,
    };
  }
  return { status: 'due', beginning, divisor, firstYear: year === beginning.firstYear };
}

/**
 * The Uniform Lifetime divisor of an owner born in `birthYear` who attains `age` in the year, when an
 * RMD is due that year ({@link rmdYear}); `undefined` when none is. A year `rmdYear` refuses throws the
 * 400 it describes, naming `field`: request schemas refuse those years first (see {@link rmdYearIssue}).
 *
 * @internal
 * @example
 * ```ts
 * rmdDivisorFor(74, 1951); // 25.5
 * rmdDivisorFor(74, 1960); // undefined
 * rmdDivisorFor(84, 1941); // 16.8
 * ```
 */
export function rmdDivisorFor(age: number, birthYear: number, field = 'birth_year'): number | undefined {
  const year = rmdYear(birthYear, age);
  if (year.status === 'refused') throw calculationError(year.code, field, year.message);
  return year.status === 'due' ? year.divisor : undefined;
}

/**
 * The first refusal of {@link rmdYear} among the years in which an owner born in `birthYear` attains the
 * ages `firstAge` to `lastAge` (inclusive), as a schema issue's message and error code; `undefined` when
 * every year is answered. For the `superRefine` checks of request schemas.
 *
 * @internal
 * @example
 * ```ts
 * rmdYearIssue(1941, 84); // undefined
 * rmdYearIssue(1941, 80)?.code; // 'unsupported_year'
 * rmdYearIssue(1941, 79, 84)?.message.includes('distribution year 2020'); // true
 * ```
 */
export function rmdYearIssue(
  birthYear: number,
  firstAge: number,
  lastAge = firstAge,
): { readonly code: 'unsupported_year' | 'invalid_input'; readonly message: string } | undefined {
  // Only whole ages of a lifetime: zod runs a request's refinements even when a field failed its own
  // bounds (which then words the error), and an age such as -1.7e211 would never step (-1.7e211 + 1 is
  // itself): the loop would not end.
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_LIFETIME_AGE;
  if (!Number.isSafeInteger(birthYear) || !whole(firstAge) || !whole(lastAge)) return undefined;
  for (let age = firstAge; age <= lastAge; age++) {
    const year = rmdYear(birthYear, age);
    if (year.status === 'refused') return { code: year.code, message: year.message };
  }
  return undefined;
}

/** Oldest age an RMD year is looked up for (request ages go to 120). */
const MAX_LIFETIME_AGE = 150;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An age as the Code writes it: 70.5 -> '70 1/2'. */
const ageText = (age: number) => (Number.isInteger(age) ? String(age) : `${Math.floor(age)} 1/2`);

/** The birth month `m` (months since year 0) as text: 'July 1949', or '1951' for a January start. */
const monthText = (m: number, edge: 'first' | 'last') => {
  const month = ((m % 12) + 12) % 12;
  const year = Math.floor(m / 12);
  return month === (edge === 'first' ? 0 : 11) ? `${year}` : `${MONTHS[month]} ${year}`;
};

/**
 * The RMD beginning ages by birth date, as request and result descriptions state them (generated from
 * `data/tax/statutory-ages.json`, never written by hand).
 *
 * @internal
 * @example
 * ```ts
 * RMD_BEGINNING_AGES_TEXT;
 * // '70 1/2 for births before July 1949, 72 for July 1949-1950, 73 for 1951-1959, 75 for 1960 or later'
 * ```
 */
export const RMD_BEGINNING_AGES_TEXT = ROWS.map(({ age, first, last }) => {
  let births: string;
  if (first === -Infinity) births = `births before ${monthText(last + 1, 'first')}`;
  else if (last === Infinity) births = `${monthText(first, 'first')} or later`;
  else {
    const from = monthText(first, 'first');
    const to = monthText(last, 'last');
    births = from === to ? from : `${from}-${to}`;
  }
  return `${ageText(age)} for ${births}`;
}).join(', ');

/**
 * The RMD beginning ages alone, as a list in prose (70 1/2 written as a number, as results give it).
 *
 * @internal
 * @example
 * ```ts
 * RMD_BEGINNING_AGES_LIST; // '70.5, 72, 73 or 75'
 * ```
 */
export const RMD_BEGINNING_AGES_LIST = ROWS.map((row) => String(row.age))
  .join(', ')
  .replace(/, ([\d.]+)$/, ' or $1');

/**
 * The birth years the birth date splits between two beginning ages (1949), as prose: a result omits
 * the beginning age for them.
 *
 * @internal
 * @example
 * ```ts
 * RMD_SPLIT_BIRTH_YEARS_TEXT; // '1949'
 * ```
 */
export const RMD_SPLIT_BIRTH_YEARS_TEXT = ROWS.slice(1)
  .map((row) => row.first)
  .filter((first) => first % 12 !== 0)
  .map((first) => String(Math.floor(first / 12)))
  .join(', ');

/** Month and day of the required beginning date (April 1), from the data. */
export const REQUIRED_BEGINNING = {
  month: STATUTORY_AGES.rmd.required_beginning_month,
  day: STATUTORY_AGES.rmd.required_beginning_day,
} as const;
