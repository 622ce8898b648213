import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, integer, nonNegativeMoney } from '../core/schema';
import {
  FIRST_RMD_BIRTH_YEAR,
  REQUIRED_BEGINNING,
  RMD_BEGINNING_AGES_LIST,
  RMD_BEGINNING_AGES_TEXT,
  rmdBeginningAge,
  uniformLifetimeDivisor,
} from './_lib/uniform-lifetime';

/** Latest birth year accepted (an owner of any age 0-120 in any year a planner could mean). */
const LAST_BIRTH_YEAR = 2100;

/** `/v1/retirement/rmd` request. */
export const RmdInput = z.strictObject({
  age: age(
    'Age the account owner attains by December 31 of the distribution year (0-120). The distribution year ' +
      'is birth_year + age.',
  ),
  account_balance: nonNegativeMoney(
    'Account balance on December 31 of the year before the distribution year (dollars).',
  ),
  birth_year: integer(
    `Owner's year of birth (${FIRST_RMD_BIRTH_YEAR}-${LAST_BIRTH_YEAR}); sets the beginning age: ` +
      `${RMD_BEGINNING_AGES_TEXT}. Before ${FIRST_RMD_BIRTH_YEAR} the beginning age (70 1/2 or 72) depends on ` +
      'the birth date, which is not modeled.',
    { min: FIRST_RMD_BIRTH_YEAR, max: LAST_BIRTH_YEAR },
  ),
});
export type RmdInput = z.input<typeof RmdInput>;

export const RmdResult = z.object({
  distribution_year: z.int().check(z.describe('Calendar year of the distribution: birth_year + age.')),
  beginning_age: z
    .int()
    .check(
      z.describe(`Age at which RMDs begin for birth_year (IRC 401(a)(9)(C)): ${RMD_BEGINNING_AGES_LIST}.`),
    ),
  first_rmd_year: z
    .int()
    .check(z.describe('First distribution year: the calendar year the owner attains beginning_age.')),
  required_beginning_date: z
    .string()
    .check(
      z.describe(
        'Required beginning date (YYYY-MM-DD): April 1 of the year after first_rmd_year, the deadline of the ' +
          'first RMD.',
      ),
    ),
  rmd_required: z
    .boolean()
    .check(z.describe('Whether an RMD is due for distribution_year (age >= beginning_age).')),
  distribution_period: z.optional(
    z
      .number()
      .check(
        z.describe(
          'Uniform Lifetime Table divisor for age (26 CFR 1.401(a)(9)-9(c)); omitted when no RMD is due.',
        ),
      ),
  ),
  required_minimum_distribution: z
    .number()
    .check(z.describe('account_balance / distribution_period, half up to cents; 0 before beginning_age.')),
  distribution_deadline: z.optional(
    z
      .string()
      .check(
        z.describe(
          'Date (YYYY-MM-DD) by which this RMD must be taken: the required beginning date for the first ' +
            'distribution year, December 31 of distribution_year after it; omitted when no RMD is due.',
        ),
      ),
  ),
});
/** The `result` of the envelope: the type of the `RmdResult` schema. */
export type RmdResult = z.infer<typeof RmdResult>;

const pad2 = (n: number) => String(n).padStart(2, '0');

function compute(input: z.output<typeof RmdInput>): RmdResult {
  // Every birth year the schema accepts has a beginning age (the schema's minimum is the data's first year).
  const beginningAge = rmdBeginningAge(input.birth_year) as number;
  const distributionYear = input.birth_year + input.age;
  const firstYear = input.birth_year + beginningAge;
  const beginningDate = `${firstYear + 1}-${pad2(REQUIRED_BEGINNING.month)}-${pad2(REQUIRED_BEGINNING.day)}`;
  const base = {
    distribution_year: distributionYear,
    beginning_age: beginningAge,
    first_rmd_year: firstYear,
    required_beginning_date: beginningDate,
  };
  // The beginning ages (72-75) are all within the table, which starts at 72.
  const divisor = input.age >= beginningAge ? uniformLifetimeDivisor(input.age) : undefined;
  if (divisor === undefined) return { ...base, rmd_required: false, required_minimum_distribution: 0 };
  return {
    ...base,
    rmd_required: true,
    distribution_period: divisor,
    required_minimum_distribution: roundMoney(new Dec(input.account_balance).div(divisor)),
    distribution_deadline: distributionYear === firstYear ? beginningDate : `${distributionYear}-12-31`,
  };
}

/**
 * Required minimum distribution: the balance on December 31 of the prior year divided by the Uniform
 * Lifetime Table's distribution period for the age the owner attains in the distribution year (26 CFR
 * 1.401(a)(9)-9(c), in effect from 2022), half up to cents, once the owner reaches the beginning age
 * of IRC 401(a)(9)(C) (73 for birth years 1951-1959, 75 from 1960, 72 for 1950); 0 before it. Also
 * returns the first RMD year and the required beginning date (April 1 of the following year).
 *
 * @example
 * ```ts
 * import { rmd } from 'finplan/retirement';
 * // Born 1950, age 75 in 2025, 500,000 on December 31, 2024: 500,000 / 24.6 = 20,325.203 -> 20,325.20.
 * rmd({ age: 75, account_balance: 500_000, birth_year: 1950 }).result.required_minimum_distribution; // 20325.2
 * ```
 */
export const rmd = defineOperation({
  path: '/v1/retirement/rmd',
  engine: 'rmd',
  version: '1.0.0',
  prefix: 'rmd',
  summary: 'Required minimum distribution from the Uniform Lifetime Table, with the beginning age and date.',
  description:
    'Required minimum distribution for one distribution year: account_balance (December 31 of the prior ' +
    'year) divided by the Uniform Lifetime Table distribution period (26 CFR 1.401(a)(9)-9(c), in effect ' +
    'from 2022) for the age attained in the year, rounded half up to cents. RMDs begin, by birth year, at ' +
    `age ${RMD_BEGINNING_AGES_TEXT} (IRC 401(a)(9)(C) as amended by SECURE 2.0 sec. ` +
    '107); before that age the RMD is 0. The first RMD may wait until the required beginning date, April 1 ' +
    'of the following year (a second RMD is then due by December 31 of that year). The Joint and Last ' +
    'Survivor table (spouse more than 10 years younger and sole beneficiary), beneficiaries, and the ' +
    `still-working exception of employer plans are not modeled. Birth years before ${FIRST_RMD_BIRTH_YEAR} are a 400.`,
  example: { age: 73, account_balance: 262000, birth_year: 1951 },
  input: RmdInput,
  output: RmdResult,
  compute,
});
