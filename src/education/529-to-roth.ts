import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { fieldIssue, integer, nonNegativeMoney, rate, withDefault } from '../core/schema';
import { yearField } from '../core/year-tables';
import { STATUTORY_AGES } from '../tax/engine';
import { contributionLimitTables } from '../utilities/engine';
import { ROTH_ROLLOVER_RULES } from './_lib/roth-rollover';

const RULES = ROTH_ROLLOVER_RULES.rollover;
const LOOKBACK = RULES.contribution_lookback_years;
const TABLE_YEARS = contributionLimitTables.years;
const LAST_TABLE_YEAR = TABLE_YEARS[TABLE_YEARS.length - 1] as number;

const RecentContribution = z.strictObject({
  year: integer(
    `Calendar year of the contribution: one of the ${LOOKBACK - 1} years before start_year (older ones are eligible).`,
  ),
  amount: nonNegativeMoney(
    'The contribution with the earnings attributable to it, on January 1 of start_year (dollars).',
  ),
});

const RothRolloverObject = z.strictObject({
  start_year: yearField(
    'First year of the schedule. Rollovers are made on December 31 of each year from it.',
    contributionLimitTables,
  ),
  account_opened_year: integer(
    'Calendar year the 529 account was opened for this beneficiary (1950-2100). A rollover in year Y ' +
      `passes the ${RULES.minimum_account_years}-year test when Y - account_opened_year >= ` +
      `${RULES.minimum_account_years} (the anniversary falls before December 31).`,
    { min: 1950, max: 2100 },
  ),
  balance_529: nonNegativeMoney('529 account balance on January 1 of start_year (dollars).'),
  recent_contributions: withDefault(z.array(RecentContribution).check(z.maxLength(LOOKBACK)), []).check(
    z.describe(
      `Contributions made in the ${LOOKBACK - 1} years before start_year, each with its earnings to date: ` +
        `ineligible until the ${LOOKBACK}-year lookback passes (IRC 529(c)(3)(E)(i)(I)). Default none. ` +
        'No further contributions are assumed.',
    ),
  ),
  prior_rollovers: withDefault(
    nonNegativeMoney(
      `529-to-Roth rollovers already made for this beneficiary, any account (dollars, default 0; at most ${RULES.lifetime_limit}).`,
    ),
    0,
  ),
  beneficiary_age: integer('Beneficiary age at the end of start_year (0-120).', { min: 0, max: 120 }),
  annual_compensation: nonNegativeMoney(
    "Beneficiary's compensation (earned income) each year, held level (dollars). Caps IRA contributions (IRC 219(b)(1)(B)).",
  ),
  other_ira_contributions: withDefault(
    nonNegativeMoney(
      "Beneficiary's own traditional and Roth IRA contributions each year, held level (dollars, default 0).",
    ),
    0,
  ),
  expected_return: rate('Annual return on both the 529 and the Roth IRA (0.06 = 6%; -0.5 to 0.5).', {
    min: -0.5,
    max: 0.5,
  }),
  horizon_years: withDefault(
    integer('Years in the schedule, from start_year (1-80, default 40); the Roth value is at its end.', {
      min: 1,
      max: 80,
    }),
    40,
  ),
});

/**
 * `/v1/education/529-to-roth` request. `recent_contributions` must fall in the lookback years and sum to
 * no more than `balance_529`; `prior_rollovers` at most the lifetime limit.
 */
export const RothRolloverInput = RothRolloverObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    let recent = 0;
    input.recent_contributions.forEach((contribution, index) => {
      recent += contribution.amount;
      if (contribution.year < input.start_year - (LOOKBACK - 1) || contribution.year >= input.start_year) {
        ctx.addIssue({
          code: 'custom',
          path: ['recent_contributions', index, 'year'],
          message: `must be from ${input.start_year - (LOOKBACK - 1)} to ${input.start_year - 1} (got ${contribution.year})`,
        });
      }
    });
    if (recent > input.balance_529 + 0.005) {
      issue(
        'recent_contributions',
        `must not sum to more than balance_529 (${recent} > ${input.balance_529})`,
      );
    }
    if (input.prior_rollovers > RULES.lifetime_limit) {
      issue(
        'prior_rollovers',
        `must be at most the lifetime limit ${RULES.lifetime_limit} (got ${input.prior_rollovers})`,
      );
    }
    if (input.account_opened_year > input.start_year) {
      issue(
        'account_opened_year',
        `must not be after start_year ${input.start_year} (got ${input.account_opened_year})`,
      );
    }
  }),
);
export type RothRolloverInput = z.input<typeof RothRolloverInput>;

const LIMITED_BY = [
  'account_age',
  'annual_limit',
  'compensation',
  'lifetime_limit',
  'eligible_balance',
] as const;
const money = (description: string) => z.number().check(z.describe(description));

const ScheduleRow = z.object({
  year: z.int(),
  beneficiary_age: z.int().check(z.describe('Age at the end of the year.')),
  account_years: z.int().check(z.describe('year - account_opened_year.')),
  ira_limit: money('IRA contribution limit for the year, with the age-50 catch-up when it applies.'),
  ira_limit_from_table: z
    .boolean()
    .check(
      z.describe(
        `Whether ira_limit is the year's published limit; false after ${LAST_TABLE_YEAR}: the last published ` +
          'limit (not indexed further).',
      ),
    ),
  annual_room: money(
    'min(ira_limit, annual_compensation) - other_ira_contributions, never below 0: the most that may be rolled this year.',
  ),
  eligible_balance: money(
    'The 529 balance on December 31 before the rollover, less contributions (with earnings) still within the lookback.',
  ),
  rollover: money('Amount rolled to the Roth IRA on December 31.'),
  limited_by: z
    .enum(LIMITED_BY)
    .check(
      z.describe(
        'The rule that set the rollover: account_age (under 15 years: none), annual_limit, compensation, ' +
          'lifetime_limit or eligible_balance (the first listed on a tie).',
      ),
    ),
  cumulative_rollovers: money('prior_rollovers plus every rollover so far.'),
  balance_529: money('529 balance after the rollover.'),
  roth_value: money('Value of the rolled-over amounts in the Roth IRA after the rollover.'),
});

export const RothRolloverResult = z.object({
  lifetime_limit: money('IRC 529(c)(3)(E)(ii)(II): 35,000 per beneficiary.'),
  lifetime_remaining_at_start: money('lifetime_limit - prior_rollovers.'),
  first_eligible_year: z
    .int()
    .check(z.describe('account_opened_year + 15: the first year the account-age test is met.')),
  total_rolled_over: money('Sum of the rollovers in the schedule.'),
  rollover_years: z.int().check(z.describe('Years with a rollover.')),
  last_rollover_year: z.optional(z.int()).check(z.describe('Year of the last rollover (omitted when none).')),
  lifetime_limit_reached: z.boolean(),
  remaining_529_balance: money('529 balance at the end of the horizon.'),
  horizon_end_year: z.int().check(z.describe('start_year + horizon_years - 1.')),
  projected_roth_value: money('Value of the rolled-over amounts at the end of horizon_end_year.'),
  schedule: z.array(ScheduleRow),
});
/** The `result` of the envelope: the type of the `RothRolloverResult` schema. */
export type RothRolloverResult = z.infer<typeof RothRolloverResult>;

const cents = (dollars: number) => Math.round(dollars * 100);
/** One year's growth of whole cents, half up (never -0). */
const grow = (amount: number, factor: number) => Math.round(amount * factor) || 0;

function compute(input: z.output<typeof RothRolloverInput>): RothRolloverResult {
  const factor = 1 + input.expected_return;
  const recent = input.recent_contributions.map((c) => ({ year: c.year, cents: cents(c.amount) }));
  let eligible = cents(input.balance_529) - recent.reduce((sum, c) => sum + c.cents, 0);
  const lifetime = cents(RULES.lifetime_limit);
  let cumulative = cents(input.prior_rollovers);
  let roth = 0;
  let total = 0;
  let years = 0;
  let last: number | undefined;
  const schedule: RothRolloverResult['schedule'] = [];
  for (let t = 0; t < input.horizon_years; t++) {
    const year = input.start_year + t;
    const age = input.beneficiary_age + t;
    // The year's growth, then contributions whose 5-year period has ended join the eligible part.
    eligible = grow(eligible, factor);
    for (const c of recent) c.cents = grow(c.cents, factor);
    for (const c of recent) {
      if (c.cents > 0 && year - c.year >= LOOKBACK) {
        eligible += c.cents;
        c.cents = 0;
      }
    }
    const table = contributionLimitTables.get(Math.min(year, LAST_TABLE_YEAR)).ira;
    const limit = cents(table.limit + (age >= STATUTORY_AGES.catch_up.age ? table.catch_up_50 : 0));
    const compensation = cents(input.annual_compensation);
    const room = Math.max(0, Math.min(limit, compensation) - cents(input.other_ira_contributions));
    const accountYears = year - input.account_opened_year;
    const left = lifetime - cumulative;
    const candidates: [number, (typeof LIMITED_BY)[number]][] = [
      [accountYears >= RULES.minimum_account_years ? Infinity : 0, 'account_age'],
      [limit - cents(input.other_ira_contributions), 'annual_limit'],
      [compensation - cents(input.other_ira_contributions), 'compensation'],
      [left, 'lifetime_limit'],
      [eligible, 'eligible_balance'],
    ];
    let rollover = Infinity;
    let limitedBy: (typeof LIMITED_BY)[number] = 'account_age';
    for (const [amount, rule] of candidates) {
      if (amount < rollover) {
        rollover = amount;
        limitedBy = rule;
      }
    }
    rollover = Math.max(0, rollover);
    const eligibleBefore = eligible;
    eligible -= rollover;
    cumulative += rollover;
    roth = grow(roth, factor) + rollover;
    total += rollover;
    if (rollover > 0) {
      years++;
      last = year;
    }
    const pending = recent.reduce((sum, c) => sum + c.cents, 0);
    schedule.push({
      year,
      beneficiary_age: age,
      account_years: accountYears,
      ira_limit: limit / 100,
      ira_limit_from_table: year <= LAST_TABLE_YEAR,
      annual_room: room / 100,
      eligible_balance: eligibleBefore / 100,
      rollover: rollover / 100,
      limited_by: limitedBy,
      cumulative_rollovers: cumulative / 100,
      balance_529: (eligible + pending) / 100,
      roth_value: roth / 100,
    });
  }
  const end = schedule[schedule.length - 1] as RothRolloverResult['schedule'][number];
  return {
    lifetime_limit: RULES.lifetime_limit,
    lifetime_remaining_at_start: (lifetime - cents(input.prior_rollovers)) / 100,
    first_eligible_year: input.account_opened_year + RULES.minimum_account_years,
    total_rolled_over: total / 100,
    rollover_years: years,
    ...(last === undefined ? {} : { last_rollover_year: last }),
    lifetime_limit_reached: cumulative >= lifetime,
    remaining_529_balance: end.balance_529,
    horizon_end_year: end.year,
    projected_roth_value: end.roth_value,
    schedule,
  };
}

/**
 * 529-to-Roth IRA rollovers (SECURE 2.0 sec. 126, IRC 529(c)(3)(E)): a year-by-year schedule of the
 * largest tax-free rollovers from a 529 account to the beneficiary's Roth IRA, each on December 31,
 * within the $35,000 lifetime limit, once the account is 15 years old, from money contributed more
 * than 5 years before (with its earnings), up to the year's IRA limit (from the contribution-limit
 * tables, with the age-50 catch-up) less the beneficiary's other IRA contributions, and never more than
 * the beneficiary's compensation; then the Roth value at `expected_return` at the end of the horizon.
 *
 * @example
 * ```ts
 * import { rothRollover529 } from 'finplan/education';
 * // An account opened in 2008, 50,000 in it, 2025 start, 0% return, a 25-year-old earning 40,000:
 * // 7,000 in 2025, then 7,500 a year from 2026 (Notice 2025-67): 7,000 + 7,500 x 3 = 29,500, then
 * // 5,500 in 2029 reaches 35,000.
 * rothRollover529({
 *   start_year: 2025, account_opened_year: 2008, balance_529: 50_000, beneficiary_age: 25,
 *   annual_compensation: 40_000, expected_return: 0, horizon_years: 6,
 * }).result.total_rolled_over; // 35000
 * ```
 */
export const rothRollover529 = defineOperation({
  path: '/v1/education/529-to-roth',
  engine: '529-to-roth',
  version: '1.0.0',
  prefix: 'r529',
  summary: 'Year-by-year 529-to-Roth IRA rollovers under SECURE 2.0 and the projected Roth value.',
  description:
    'Rollovers on December 31 of each year from start_year, each the least of: the IRA limit of the year ' +
    '(published tables; the last published limit after them) less other IRA contributions, compensation ' +
    'less other IRA contributions, what is left of the $35,000 lifetime limit, and the balance outside ' +
    'the 5-year contribution lookback; none before the account is 15 years old. Both accounts earn ' +
    'expected_return; balances are kept in whole cents, half up each year.',
  example: {
    start_year: 2025,
    account_opened_year: 2008,
    balance_529: 50000,
    beneficiary_age: 25,
    annual_compensation: 40000,
    expected_return: 0.06,
    horizon_years: 40,
  },
  input: RothRolloverInput,
  output: RothRolloverResult,
  compute,
});
