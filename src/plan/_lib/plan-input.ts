/**
 * The request of `/v1/plan/lifetime`: one schema for the types, the validation, the OpenAPI document
 * and the arbitraries.
 *
 * @internal
 * @module
 */

import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import {
  anyCasePattern,
  flag,
  integer,
  nonNegativeMoney,
  oneOf,
  rate,
  seed,
  withDefault,
} from '../../core/schema';
import { stateTaxYears, taxYearField } from '../../tax/engine';
import { EARLIEST_CLAIM, LATEST_CLAIM, MEDICARE_AGE } from './ages';
import { PLAN_LIMITS, STATE_CODES } from './limits';

/** Account kinds a plan holds. */
export const ACCOUNT_TYPES = ['taxable', 'tax_deferred', 'roth', 'hsa'] as const;

const Pension = z.strictObject({
  annual: nonNegativeMoney('Pension paid a year, in dollars of start_year (taxable as ordinary income).'),
  start_age: integer('Age at which the pension starts (40-90).', { min: 40, max: 90 }),
  cola: withDefault(
    flag(
      'The pension rises with inflation (default true). false: it stays level in nominal dollars, so it loses real value each year.',
    ),
    true,
  ),
  survivor_share: withDefault(
    rate('Share of the pension that continues to the surviving spouse (0-1; default 0).', { min: 0, max: 1 }),
    0,
  ),
});

const SocialSecurity = z.strictObject({
  pia: nonNegativeMoney(
    'Primary insurance amount: the monthly benefit at full retirement age, in dollars of start_year (benefits rise with inflation).',
  ),
  claiming_age: z.optional(
    integer(
      `Age at which benefits start (${EARLIEST_CLAIM}-${LATEST_CLAIM}, whole years). Omitted: the plan chooses it, for each spouse, among ${EARLIEST_CLAIM}-${LATEST_CLAIM}.`,
      { min: EARLIEST_CLAIM, max: LATEST_CLAIM },
    ),
  ),
});

const Person = z.strictObject({
  birth_year: integer(`Year of birth (${PLAN_LIMITS.birthYear.min}-${PLAN_LIMITS.birthYear.max}).`, {
    min: PLAN_LIMITS.birthYear.min,
    max: PLAN_LIMITS.birthYear.max,
  }),
  sex: z.optional(
    oneOf(
      ['male', 'female'],
      'Sex, for the SSA period life table: the default planning_age and the deaths of the stress test.',
    ),
  ),
  planning_age: z.optional(
    integer(
      'Age through which the plan provides for this person (the last year is birth_year + planning_age; 50-120). Default: the current age plus the life expectancy of the SSA period life table, rounded to whole years (needs sex).',
      { min: 50, max: 120 },
    ),
  ),
  retirement_age: z.optional(
    integer(
      'Age from which wages stop (wages are earned in the years before it; 40-90). Default: already retired.',
      { min: 40, max: 90 },
    ),
  ),
  wages: withDefault(
    nonNegativeMoney('Annual wages until retirement_age, in dollars of start_year (default 0).'),
    0,
  ),
  pension: z.optional(Pension),
  social_security: z.optional(SocialSecurity),
});

const Account = z.strictObject({
  owner: withDefault(
    integer('Index in people of the owner (0 or 1; default 0). At a death the survivor inherits it.', {
      min: 0,
      max: 1,
    }),
    0,
  ),
  type: oneOf(
    ACCOUNT_TYPES,
    'taxable (brokerage: gains taxed when sold), tax_deferred (traditional IRA, 401(k)), roth, or hsa (withdrawals assumed to pay qualified medical expenses).',
  ),
  balance: nonNegativeMoney('Balance at the start of start_year (dollars).'),
  cost_basis: z.optional(
    nonNegativeMoney(
      'Taxable accounts only: cost basis (at most balance; default balance, no unrealized gain).',
    ),
  ),
});

const Stress = z.strictObject({
  expected_return: rate('Annual arithmetic mean nominal return of the portfolio (0.07 = 7%; -0.5 to 0.5).', {
    min: -0.5,
    max: 0.5,
  }),
  return_volatility: rate('Annual standard deviation of the return (0.15 = 15%; 0-1).', { min: 0, max: 1 }),
  num_simulations: withDefault(
    integer(`Market paths (1-${PLAN_LIMITS.maxPaths}; default 1,000).`, {
      min: 1,
      max: PLAN_LIMITS.maxPaths,
    }),
    1_000,
  ),
  seed: seed(),
  mortality: withDefault(
    flag(
      'Draw each death from the SSA period life table (needs every person’s sex). Default true; false keeps the planning ages.',
    ),
    true,
  ),
});

const MarketPath = z.strictObject({
  expected_return: rate('Annual arithmetic mean nominal return of the portfolio (0.07 = 7%; -0.5 to 0.5).', {
    min: -0.5,
    max: 0.5,
  }),
  return_volatility: rate('Annual standard deviation of the return (0.15 = 15%; 0-1).', { min: 0, max: 1 }),
  seed: seed(),
});

const PlanObject = z.strictObject({
  start_year: taxYearField(),
  people: z
    .array(Person)
    .check(z.minLength(1), z.maxLength(2), z.describe('One person, or a married couple filing jointly.')),
  accounts: z
    .array(Account)
    .check(
      z.minLength(1),
      z.maxLength(PLAN_LIMITS.maxAccounts),
      z.describe(`Accounts of the household (1-${PLAN_LIMITS.maxAccounts}).`),
    ),
  state: z.optional(
    z.string().check(
      z.meta({
        pattern: anyCasePattern(STATE_CODES),
        description:
          'Two-letter postal code of the state of residence, in any letter case; omitted: no state tax. Years after the state’s last covered tax year use that year’s table with its dollar amounts indexed by inflation.',
      }),
    ),
  ),
  objective: withDefault(
    oneOf(
      ['max_spending', 'max_bequest'],
      'max_spending (default): the highest spending level that leaves at least bequest_floor; max_bequest: the largest after-tax bequest that pays spending_goal every year.',
    ),
    'max_spending',
  ),
  spending_goal: z.optional(
    nonNegativeMoney(
      'Annual spending in dollars of start_year, before the profile and survivor share; required with max_bequest, not used by max_spending.',
    ),
  ),
  spending_profile: withDefault(
    oneOf(
      ['flat', 'smile'],
      'flat (default): the same real spending every year; smile: lower in the middle years (smile_dip) and rising over the plan (smile_increase).',
    ),
    'flat',
  ),
  smile_dip: withDefault(
    rate('Smile: how far spending dips at the middle of the plan (0-0.5; default 0.15).', {
      min: 0,
      max: 0.5,
    }),
    0.15,
  ),
  smile_increase: withDefault(
    rate('Smile: how much spending rises from the first to the last year (-0.5-0.5; default 0.12).', {
      min: -0.5,
      max: 0.5,
    }),
    0.12,
  ),
  survivor_spending_share: withDefault(
    rate('Share of the spending that the surviving spouse needs (0.3-1; default 0.6).', { min: 0.3, max: 1 }),
    0.6,
  ),
  bequest_floor: withDefault(
    nonNegativeMoney('Smallest after-tax bequest, in dollars of start_year (default 0).'),
    0,
  ),
  heirs_tax_rate: withDefault(
    rate('Tax rate the heirs pay on inherited tax-deferred and HSA balances (0-0.6; default 0.3).', {
      min: 0,
      max: 0.6,
    }),
    0.3,
  ),
  real_return: rate('Annual real (after inflation) return of every account in the plan (-0.05 to 0.15).', {
    min: -0.05,
    max: 0.15,
  }),
  market_path: z.optional(
    MarketPath.check(
      z.describe(
        'Plan on one seeded path of the shared return model instead of real_return: each year’s real growth is its nominal gross return over 1 + inflation (the same model and draws as the simulations). real_return still sets the default discount_rate.',
      ),
    ),
  ),
  inflation: rate('Constant annual inflation (0.025 = 2.5%; -0.02 to 0.15).', { min: -0.02, max: 0.15 }),
  discount_rate: z.optional(
    rate('Real rate of the present values (-0.05 to 0.15; default real_return).', { min: -0.05, max: 0.15 }),
  ),
  max_roth_conversion: z.optional(
    nonNegativeMoney(
      'Largest Roth conversion a person makes in a year, in dollars of start_year (0: no conversions; default: no limit).',
    ),
  ),
  aca_benchmark_premium: z.optional(
    nonNegativeMoney(
      `Annual premium of the household’s benchmark silver Marketplace plan, in dollars of start_year: when given, the household buys Marketplace coverage in every year in which someone is under ${MEDICARE_AGE} and no one earns wages, and pays it less the premium tax credit.`,
    ),
  ),
  stress: z.optional(
    Stress.check(
      z.describe(
        'A stress test of the plan’s decisions, held fixed, over simulated markets and (with mortality) deaths; omitted: none.',
      ),
    ),
  ),
});

type Ctx = core.$RefinementCtx<z.output<typeof PlanObject>>;

function issueAt(ctx: Ctx, path: (string | number)[], message: string, input: unknown, code?: string): void {
  ctx.addIssue({
    code: 'custom',
    path,
    message,
    input,
    ...(code === undefined ? {} : { params: { finplan: code } }),
  });
}

/** `/v1/plan/lifetime` request. */
export const PlanInput = PlanObject.check(
  z.superRefine((input, ctx) => {
    const start = input.start_year;
    input.people.forEach((person, i) => {
      const age = start - person.birth_year;
      if (age < PLAN_LIMITS.startAge.min || age > PLAN_LIMITS.startAge.max)
        issueAt(
          ctx,
          ['people', i, 'birth_year'],
          `gives an age of ${age} in start_year; the plan takes people aged ${PLAN_LIMITS.startAge.min}-${PLAN_LIMITS.startAge.max}`,
          person.birth_year,
        );
      if (person.planning_age === undefined && person.sex === undefined)
        issueAt(
          ctx,
          ['people', i, 'planning_age'],
          'is required without sex (the default comes from the SSA life table by sex)',
          undefined,
        );
      if (person.planning_age !== undefined && person.planning_age < age)
        issueAt(
          ctx,
          ['people', i, 'planning_age'],
          `must be at least the age in start_year (${age})`,
          person.planning_age,
        );
      if (input.stress?.mortality !== false && input.stress !== undefined && person.sex === undefined)
        issueAt(
          ctx,
          ['people', i, 'sex'],
          'is required for the stress test’s deaths (or set stress.mortality to false)',
          undefined,
        );
    });
    input.accounts.forEach((account, i) => {
      if (account.owner >= input.people.length)
        issueAt(
          ctx,
          ['accounts', i, 'owner'],
          `must be an index of people (0-${input.people.length - 1})`,
          account.owner,
        );
      if (account.cost_basis !== undefined) {
        if (account.type !== 'taxable')
          issueAt(
            ctx,
            ['accounts', i, 'cost_basis'],
            'applies only to a taxable account',
            account.cost_basis,
          );
        else if (account.cost_basis > account.balance)
          issueAt(ctx, ['accounts', i, 'cost_basis'], 'must not exceed balance', account.cost_basis);
      }
    });
    if (input.objective === 'max_bequest' && input.spending_goal === undefined)
      issueAt(ctx, ['spending_goal'], 'is required with objective max_bequest', undefined);
    if (input.objective === 'max_spending' && input.spending_goal !== undefined)
      issueAt(
        ctx,
        ['spending_goal'],
        'applies only to objective max_bequest (max_spending finds the spending level)',
        input.spending_goal,
      );
    if (input.state !== undefined) {
      const years = stateTaxYears(input.state);
      if (years.length === 0)
        issueAt(
          ctx,
          ['state'],
          `state ${input.state} is not covered; covered: ${STATE_CODES.join(', ')}`,
          input.state,
          'unsupported_jurisdiction',
        );
    }
  }),
);
export type PlanInput = z.input<typeof PlanInput>;
/** A parsed `/v1/plan/lifetime` request, defaults applied. */
export type PlanRequest = z.output<typeof PlanInput>;
