import type * as z from 'zod/mini';
import table from '../../../data/retirement/uniform-lifetime-table.json';
import { defineTable } from '../../core/year-tables';
import { STATUTORY_AGES } from '../../tax/_lib/statutory-ages';
import type { UniformLifetimeTableSchema } from './tables';

const UNIFORM = defineTable<z.output<typeof UniformLifetimeTableSchema>>(table).uniform_lifetime;

/** The first birth year whose RMD beginning age `data/tax/statutory-ages.json` lists. */
export const FIRST_RMD_BIRTH_YEAR = Math.min(
  ...STATUTORY_AGES.rmd.beginning_ages.map((row) => row.first_birth_year),
);

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

/**
 * The age at which required minimum distributions begin for an owner born in `birthYear` (IRC
 * 401(a)(9)(C), from `data/tax/statutory-ages.json`): 72 for 1950, 73 for 1951-1959, 75 from 1960.
 * `undefined` before {@link FIRST_RMD_BIRTH_YEAR}.
 *
 * @internal
 * @example
 * ```ts
 * rmdBeginningAge(1955); // 73
 * rmdBeginningAge(1960); // 75
 * ```
 */
export function rmdBeginningAge(birthYear: number): number | undefined {
  return STATUTORY_AGES.rmd.beginning_ages.find(
    (row) =>
      birthYear >= row.first_birth_year &&
      (row.last_birth_year === undefined || birthYear <= row.last_birth_year),
  )?.age;
}

/**
 * The RMD beginning ages by birth year, as request and result descriptions state them (generated from
 * `data/tax/statutory-ages.json`, never written by hand).
 *
 * @internal
 * @example
 * ```ts
 * RMD_BEGINNING_AGES_TEXT; // '72 for 1950, 73 for 1951-1959, 75 for 1960 or later'
 * ```
 */
export const RMD_BEGINNING_AGES_TEXT = STATUTORY_AGES.rmd.beginning_ages
  .map(({ age, first_birth_year: first, last_birth_year: last }) => {
    const years = last === undefined ? `${first} or later` : last === first ? `${first}` : `${first}-${last}`;
    return `${age} for ${years}`;
  })
  .join(', ');

/**
 * The RMD beginning ages alone, as a list in prose.
 *
 * @internal
 * @example
 * ```ts
 * RMD_BEGINNING_AGES_LIST; // '72, 73 or 75'
 * ```
 */
export const RMD_BEGINNING_AGES_LIST = STATUTORY_AGES.rmd.beginning_ages
  .map((row) => String(row.age))
  .join(', ')
  .replace(/, (\d+)$/, ' or $1');

/** Month and day of the required beginning date (April 1), from the data. */
export const REQUIRED_BEGINNING = {
  month: STATUTORY_AGES.rmd.required_beginning_month,
  day: STATUTORY_AGES.rmd.required_beginning_day,
} as const;

/**
 * The Uniform Lifetime divisor of an owner born in `birthYear` who attains `age` in the year, when an
 * RMD is due that year; `undefined` before the beginning age. Owners born before
 * {@link FIRST_RMD_BIRTH_YEAR} are treated as past their beginning age (70 1/2 or 72), which holds in
 * every year from 2022 on: their RMD is due at every age the table covers.
 *
 * @internal
 * @example
 * ```ts
 * rmdDivisorFor(74, 1951); // 25.5
 * rmdDivisorFor(74, 1960); // undefined
 * ```
 */
export function rmdDivisorFor(age: number, birthYear: number): number | undefined {
  const beginning = rmdBeginningAge(birthYear) ?? 0;
  return age >= beginning ? uniformLifetimeDivisor(age) : undefined;
}
