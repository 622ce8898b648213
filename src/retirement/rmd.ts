import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, fieldIssue, integer, nonNegativeMoney } from '../core/schema';
import {
  REQUIRED_BEGINNING,
  RMD_BEGINNING_AGES_LIST,
  RMD_BEGINNING_AGES_TEXT,
  RMD_BIRTH_YEARS,
  RMD_SPLIT_BIRTH_YEARS_TEXT,
  rmdYear,
  rmdYearIssue,
  UNIFORM_TABLE_FIRST_YEAR,
} from './_lib/uniform-lifetime';

/** `/v1/retirement/rmd` request. */
export const RmdInput = z
  .strictObject({
    age: age(
      'Age the account owner attains by December 31 of the distribution year (0-120). The distribution year ' +
        'is birth_year + age.',
    ),
    account_balance: nonNegativeMoney(
      'Account balance on December 31 of the year before the distribution year (dollars).',
    ),
    birth_year: integer(
      `Owner's year of birth (${RMD_BIRTH_YEARS.min}-${RMD_BIRTH_YEARS.max}); sets the beginning age: ` +
        `${RMD_BEGINNING_AGES_TEXT}. A distribution year before ${UNIFORM_TABLE_FIRST_YEAR} in which an RMD is ` +
        'or may be due is a 400: the earlier table is not held.',
      RMD_BIRTH_YEARS,
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const refusal = rmdYearIssue(input.birth_year, input.age);
      if (refusal !== undefined)
        fieldIssue(ctx, input)('birth_year', refusal.message, { finplan: refusal.code });
    }),
  );
export type RmdInput = z.input<typeof RmdInput>;

export const RmdResult = z.object({
  distribution_year: z.int().check(z.describe('Calendar year of the distribution: birth_year + age.')),
  beginning_age: z.optional(
    z
      .number()
      .check(
        z.describe(
          `Age at which RMDs begin for birth_year (IRC 401(a)(9)(C)): ${RMD_BEGINNING_AGES_LIST} (70.5: age ` +
            `70 1/2, births before July 1, 1949). Omitted for ${RMD_SPLIT_BIRTH_YEARS_TEXT}, which the birth ` +
            'date splits between two ages.',
        ),
      ),
  ),
  first_rmd_year: z.optional(
    z
      .int()
      .check(
        z.describe(
          'First distribution year: the calendar year the owner attains beginning_age. Omitted when the ' +
            'birth date decides it: age 70 1/2 is attained in the year of the 70th birthday for births in ' +
            'January-June and of the 71st for July-December (26 CFR 1.401(a)(9)-2, A-3), and ' +
            `${RMD_SPLIT_BIRTH_YEARS_TEXT} has two beginning ages.`,
        ),
      ),
  ),
  required_beginning_date: z.optional(
    z
      .string()
      .check(
        z.describe(
          'Required beginning date (YYYY-MM-DD): April 1 of the year after first_rmd_year, the deadline of ' +
            'the first RMD; omitted with first_rmd_year.',
        ),
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
  // The schema has refused the years rmdYear does not answer.
  const year = rmdYear(input.birth_year, input.age);
  const { beginning } = year;
  const distributionYear = input.birth_year + input.age;
  const firstYear = beginning.firstYear;
  const beginningDate =
    firstYear === undefined
      ? undefined
      : `${firstYear + 1}-${pad2(REQUIRED_BEGINNING.month)}-${pad2(REQUIRED_BEGINNING.day)}`;
  const base = {
    distribution_year: distributionYear,
    ...(beginning.age === undefined ? {} : { beginning_age: beginning.age }),
    ...(firstYear === undefined ? {} : { first_rmd_year: firstYear, required_beginning_date: beginningDate }),
  };
  if (year.status !== 'due') return { ...base, rmd_required: false, required_minimum_distribution: 0 };
  return {
    ...base,
    rmd_required: true,
    distribution_period: year.divisor,
    required_minimum_distribution: roundMoney(new Dec(input.account_balance).div(year.divisor)),
    distribution_deadline:
      year.firstYear && beginningDate !== undefined ? beginningDate : `${distributionYear}-12-31`,
  };
}

/**
 * Required minimum distribution: the balance on December 31 of the prior year divided by the Uniform
 * Lifetime Table's distribution period for the age the owner attains in the distribution year (26 CFR
 * 1.401(a)(9)-9(c), in effect from 2022), half up to cents, once the owner reaches the beginning age
 * of IRC 401(a)(9)(C) (70 1/2 for births before July 1, 1949, 72 to 1950, 73 for 1951-1959, 75 from
 * 1960); 0 before it. Also returns the first RMD year and the required beginning date (April 1 of the
 * following year) when the birth year fixes them. A distribution year before 2022 in which an RMD is
 * or may be due is refused (400 naming `birth_year`): its table is the 2002 one, not held.
 *
 * @example
 * ```ts
 * import { rmd } from 'finplan/retirement';
 * // Born 1950, age 75 in 2025, 500,000 on December 31, 2024: 500,000 / 24.6 = 20,325.203 -> 20,325.20.
 * rmd({ age: 75, account_balance: 500_000, birth_year: 1950 }).result.required_minimum_distribution; // 20325.2
 * // Born 1941 (age 70 1/2 rule), age 84 in 2025: 100,000 / 16.8 = 5,952.38.
 * rmd({ age: 84, account_balance: 100_000, birth_year: 1941 }).result.required_minimum_distribution; // 5952.38
 * ```
 */
export const rmd = defineOperation({
  path: '/v1/retirement/rmd',
  engine: 'rmd',
  version: '1.1.0',
  prefix: 'rmd',
  summary: 'Required minimum distribution from the Uniform Lifetime Table, with the beginning age and date.',
  description:
    'Required minimum distribution for one distribution year: account_balance (December 31 of the prior ' +
    'year) divided by the Uniform Lifetime Table distribution period (26 CFR 1.401(a)(9)-9(c), in effect ' +
    'from 2022) for the age attained in the year, rounded half up to cents. RMDs begin, by birth date, at ' +
    `age ${RMD_BEGINNING_AGES_TEXT} (IRC 401(a)(9)(C): the age 70 1/2 kept by ` +
    'those who attained it by 2019 under SECURE Act sec. 114(d), 72 under sec. 114, 73 and 75 under SECURE ' +
    '2.0 sec. 107); before that age the RMD is 0. The first RMD may wait until the required beginning date, ' +
    'April 1 of the following year (a second RMD is then due by December 31 of that year); beginning_age, ' +
    'first_rmd_year and required_beginning_date are omitted when the birth date, not the year, decides them. ' +
    `A distribution year before ${UNIFORM_TABLE_FIRST_YEAR} in which an RMD is or may be due is a 400 naming ` +
    'birth_year: the earlier table is not held. The Joint and Last ' +
    'Survivor table (spouse more than 10 years younger and sole beneficiary), beneficiaries, and the ' +
    'still-working exception of employer plans are not modeled.',
  example: { age: 73, account_balance: 262000, birth_year: 1951 },
  input: RmdInput,
  output: RmdResult,
  compute,
});
