import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { flag, integer, nonNegativeMoney, number, rate, seed, wholeYears, withDefault } from '../core/schema';
import { simulatePaths } from './_lib/path-loop';
import { percentileGroup, percentilesSchema, standardQuantiles } from './_lib/percentiles';

const Account = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(80), z.describe('Name of the account (unique).')),
  current_balance: nonNegativeMoney('Balance today (dollars).'),
  annual_contribution: nonNegativeMoney(
    "The saver's own contribution in the first year (dollars), deposited at the end of the year; " +
      'later years grow by escalation_rate.',
  ),
  receives_match: withDefault(
    flag('Whether the employer matches contributions to this account (default false).'),
    false,
  ),
});

/** `/v1/retirement/accumulation-projection` request. Account names must be distinct. */
export const AccumulationProjectionInput = z
  .strictObject({
    accounts: z
      .array(Account)
      .check(
        z.minLength(1),
        z.maxLength(20),
        z.describe('The accounts (1-20), each with its balance, contribution and whether it is matched.'),
      ),
    escalation_rate: withDefault(
      rate(
        'Yearly growth of every contribution (0.03 = 3%; -0.5 to 0.5, default 0): the year-t contribution is ' +
          'annual_contribution x (1 + escalation_rate)^(t - 1), rounded to cents.',
        { min: -0.5, max: 0.5 },
      ),
      0,
    ),
    employer_match_rate: withDefault(
      number(
        'Employer match per dollar the saver contributes to matched accounts (0.5 = 50 cents a dollar; 0-2, ' +
          'default 0).',
        { min: 0, max: 2 },
      ),
      0,
    ),
    employer_match_limit: withDefault(
      nonNegativeMoney(
        "The saver's contributions matched each year, across all matched accounts (dollars, default 0 = no " +
          'match), e.g. 6% of a 100,000 salary = 6000. Not escalated.',
      ),
      0,
    ),
    expected_return: rate(
      'Annual arithmetic mean return (0.07 = 7%; -0.99 to 1). The deterministic projection grows every ' +
        'account by exactly this each year.',
      { min: -0.99, max: 1 },
    ),
    return_volatility: rate(
      'Annual standard deviation of the return (0.15 = 15%; 0-1), used by the simulation only.',
      { min: 0, max: 1 },
    ),
    inflation: rate('Constant annual inflation (0.025 = 2.5%; -0.1 to 0.25), for real (today) dollars.', {
      min: -0.1,
      max: 0.25,
    }),
    years: wholeYears('Years projected (1-100).'),
    num_simulations: withDefault(
      integer(
        'Simulated paths for the ending-total percentiles (0-100000, default 0 = deterministic projection only).',
        { min: 0, max: 100_000 },
      ),
      0,
    ),
    seed: seed(),
  })
  .check(
    z.superRefine((input, ctx) => {
      const seen = new Map<string, number>();
      input.accounts.forEach((account, i) => {
        const first = seen.get(account.name);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['accounts', i, 'name'],
            message: `must be unique (accounts[${first}] has the same name)`,
          });
        } else seen.set(account.name, i);
      });
    }),
  );
export type AccumulationProjectionInput = z.input<typeof AccumulationProjectionInput>;

const money = (description: string) => z.number().check(z.describe(description));

const AccountResult = z.object({
  name: z.string().check(z.describe('The account name.')),
  ending_balance: money('Balance after the last year (nominal dollars).'),
  ending_balance_real: money('The ending balance in today dollars: / (1 + inflation)^years.'),
  total_contributions: money("The saver's contributions over the years (deposits in cents)."),
  total_employer_match: money('Employer match deposited over the years.'),
  total_growth: money('Investment growth: ending_balance - current_balance - contributions - match.'),
});

const Totals = z.object({
  starting_balance: money('Sum of the current balances.'),
  ending_balance: money('Sum of the accounts\u2019 ending balances (each rounded to cents first).'),
  ending_balance_real: money('Sum of the accounts\u2019 real ending balances.'),
  total_contributions: money("The saver's contributions over the years, all accounts."),
  total_employer_match: money('Employer match over the years, all accounts.'),
  total_growth: money('Investment growth, all accounts.'),
});

const Year = z.object({
  year: z.int().check(z.describe('Year 1 ends one year from today.')),
  contributions: money("The saver's contributions deposited at the end of this year, all accounts."),
  employer_match: money('Employer match deposited at the end of this year, all accounts.'),
  balance: money('Total at the end of the year (sum of account_balances).'),
  balance_real: money('The total in today dollars (sum of the accounts\u2019 real balances).'),
  account_balances: z
    .array(z.number())
    .check(z.describe('Each account at the end of the year, in request order.')),
});

export const AccumulationProjectionResult = z.object({
  accounts: z
    .array(AccountResult)
    .check(z.describe('Deterministic projection of each account, in request order.')),
  total: Totals.check(z.describe('Deterministic projection of all accounts together.')),
  yearly: z.array(Year).check(z.describe('Year-by-year deterministic projection.')),
  simulation: z.optional(
    z
      .object({
        ending_total: percentilesSchema('Total of all accounts after the last year (nominal dollars).'),
        ending_total_real: percentilesSchema('The same in today dollars.'),
        mean_ending_total: money('Mean total after the last year across paths (nominal dollars).'),
      })
      .check(z.describe('Present when num_simulations > 0: the ending total over simulated markets.')),
  ),
  seed: z.int().check(z.describe('The seed used.')),
  num_simulations: z.int().check(z.describe('Number of simulated paths (0: none).')),
});
/** The `result` of the envelope: the type of the `AccumulationProjectionResult` schema. */
export type AccumulationProjectionResult = z.infer<typeof AccumulationProjectionResult>;

type Parsed = z.output<typeof AccumulationProjectionInput>;

/**
 * Shares `total` (whole cents) among `weights` in proportion, in whole cents that add up to `total`:
 * each gets the floor of its exact share, and the cents left go one each to the largest remainders
 * (ties to the earlier entry).
 */
function shareCents(total: Dec, weights: readonly Dec[]): Dec[] {
  const sum = weights.reduce((a, b) => a.plus(b), new Dec(0));
  if (sum.isZero()) return weights.map(() => new Dec(0));
  const totalCents = total.mul(100);
  const exact = weights.map((w) => totalCents.mul(w).div(sum));
  const shares = exact.map((x) => x.floor());
  let left = totalCents.minus(shares.reduce((a, b) => a.plus(b), new Dec(0))).toNumber();
  const order = exact
    .map((x, i) => ({ i, remainder: x.minus(x.floor()) }))
    .sort((a, b) => b.remainder.cmp(a.remainder) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] as Dec).plus(1);
    left--;
  }
  return shares.map((c) => c.div(100));
}

interface Deposits {
  /** Per year, per account: the saver's contribution and the employer match (whole cents). */
  readonly contributions: Dec[][];
  readonly matches: Dec[][];
}

/**
 * The deposits of each year: contribution `c x (1 + escalation)^(t-1)` rounded half up to cents; the
 * year's match `match_rate x min(matched contributions, limit)` rounded to cents, shared among the
 * matched accounts in proportion to their contributions (in cents that add up).
 */
function deposits(input: Parsed): Deposits {
  const growth = new Dec(1).plus(input.escalation_rate);
  const matchRate = new Dec(input.employer_match_rate);
  const limit = new Dec(input.employer_match_limit);
  const contributions: Dec[][] = [];
  const matches: Dec[][] = [];
  let factor = new Dec(1);
  for (let t = 1; t <= input.years; t++) {
    const year = input.accounts.map((a) => new Dec(a.annual_contribution).mul(factor).toDecimalPlaces(2));
    const matched = year.map((c, i) => (input.accounts[i]!.receives_match ? c : new Dec(0)));
    const base = matched.reduce((a, b) => a.plus(b), new Dec(0));
    const match = matchRate.mul(Dec.min(base, limit)).toDecimalPlaces(2);
    contributions.push(year);
    matches.push(shareCents(match, matched));
    factor = factor.mul(growth);
  }
  return { contributions, matches };
}

function compute(input: Parsed): AccumulationProjectionResult {
  const { contributions, matches } = deposits(input);
  const grow = new Dec(1).plus(input.expected_return);
  const inflate = new Dec(1).plus(input.inflation);
  const n = input.accounts.length;
  let balances = input.accounts.map((a) => new Dec(a.current_balance));
  let deflator = new Dec(1);
  const yearly: AccumulationProjectionResult['yearly'] = [];
  const sum = (values: readonly number[]) => values.reduce((a, b) => a.plus(b), new Dec(0)).toNumber();
  let realBalances: number[] = [];
  for (let t = 1; t <= input.years; t++) {
    const c = contributions[t - 1]!;
    const m = matches[t - 1]!;
    balances = balances.map((b, i) => b.mul(grow).plus(c[i]!).plus(m[i]!));
    deflator = deflator.mul(inflate);
    const rounded = balances.map(roundMoney);
    realBalances = balances.map((b) => roundMoney(b.div(deflator)));
    yearly.push({
      year: t,
      contributions: roundMoney(c.reduce((a, b) => a.plus(b), new Dec(0))),
      employer_match: roundMoney(m.reduce((a, b) => a.plus(b), new Dec(0))),
      balance: sum(rounded),
      balance_real: sum(realBalances),
      account_balances: rounded,
    });
  }
  const last = yearly[yearly.length - 1]!;
  const accounts = input.accounts.map((account, i) => {
    const paid = contributions.reduce((a, year) => a.plus(year[i]!), new Dec(0));
    const matched = matches.reduce((a, year) => a.plus(year[i]!), new Dec(0));
    const ending = last.account_balances[i]!;
    return {
      name: account.name,
      ending_balance: ending,
      ending_balance_real: realBalances[i]!,
      total_contributions: roundMoney(paid),
      total_employer_match: roundMoney(matched),
      total_growth: roundMoney(new Dec(ending).minus(account.current_balance).minus(paid).minus(matched)),
    };
  });
  const column = (key: 'total_contributions' | 'total_employer_match' | 'total_growth') =>
    sum(accounts.map((a) => a[key]));
  const total = {
    starting_balance: roundMoney(input.accounts.reduce((a, b) => a.plus(b.current_balance), new Dec(0))),
    ending_balance: last.balance,
    ending_balance_real: last.balance_real,
    total_contributions: column('total_contributions'),
    total_employer_match: column('total_employer_match'),
    total_growth: column('total_growth'),
  };

  const result: AccumulationProjectionResult = {
    accounts,
    total,
    yearly,
    seed: input.seed,
    num_simulations: input.num_simulations,
  };
  if (input.num_simulations > 0) {
    const deposited = new Float64Array(input.years);
    for (let t = 0; t < input.years; t++) {
      let d = new Dec(0);
      for (let i = 0; i < n; i++) d = d.plus(contributions[t]![i]!).plus(matches[t]![i]!);
      deposited[t] = d.toNumber();
    }
    const ending = simulateTotals(input, deposited);
    let mean = 0;
    for (let p = 0; p < ending.length; p++) mean += ending[p] as number;
    mean /= ending.length;
    const q = standardQuantiles(ending);
    result.simulation = {
      ending_total: percentileGroup(q),
      ending_total_real: percentileGroup(q, deflator.toNumber()),
      mean_ending_total: roundMoney(mean),
    };
  }
  return result;
}

/**
 * The total of all accounts at the end of `years` on each path. Every account earns the same return,
 * so the total follows one balance: `total = total x G + deposits of the year` (end of year).
 */
function simulateTotals(input: Parsed, deposited: Float64Array): Float64Array {
  let start = 0;
  for (const account of input.accounts) start += account.current_balance;
  return simulatePaths({
    seed: input.seed,
    expectedReturn: input.expected_return,
    returnVolatility: input.return_volatility,
    paths: input.num_simulations,
    years: input.years,
    start,
    contributions: deposited,
    recordBalances: false,
  }).ending;
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): the
// simulation's paths x years, and the deterministic projection's years, each account's in decimal.
const YEAR_COST = 450;
const ACCOUNT_YEAR_COST = 450;

/**
 * Accumulation projection: each account grows by `expected_return` a year, with the saver's
 * contribution (escalated by `escalation_rate` each year) and the employer match deposited at the end of
 * every year, in whole cents. The match is `employer_match_rate x` the saver's contributions to matched
 * accounts, up to `employer_match_limit` of them a year, shared among the matched accounts in proportion
 * to their contributions. Nominal and real (today) dollars, by account, in total and year by year.
 * With `num_simulations > 0` the total is also simulated over market paths of the shared lognormal
 * model (all accounts earn the portfolio's return) for percentiles of the ending total.
 *
 * @example
 * ```ts
 * import { accumulationProjection } from 'finplan/retirement';
 * const { result } = accumulationProjection({
 *   accounts: [{ name: '401k', current_balance: 10_000, annual_contribution: 6_000, receives_match: true }],
 *   employer_match_rate: 0.5, employer_match_limit: 6_000,
 *   expected_return: 0.05, return_volatility: 0.15, inflation: 0.02, years: 2,
 * });
 * // Year 1: 10,000 x 1.05 + 6,000 + 3,000 = 19,500; year 2: 19,500 x 1.05 + 9,000 = 29,475.
 * result.total.ending_balance; // 29475
 * result.total.ending_balance_real; // 28330.45 (29,475 / 1.02^2)
 * ```
 */
export const accumulationProjection = defineOperation({
  path: '/v1/retirement/accumulation-projection',
  engine: 'accumulation-projection',
  version: '2.0.0',
  prefix: 'acc',
  summary: 'Project retirement accounts with contribution escalation and the employer match.',
  description:
    'Deterministic projection by account and in total, nominal and real: each year every account earns ' +
    'expected_return, then receives its contribution (annual_contribution x (1 + escalation_rate)^(t - 1), ' +
    'in cents) and its share of the employer match at the end of the year. The match is ' +
    "employer_match_rate x the saver's contributions to matched accounts, at most employer_match_limit of " +
    'contributions a year, shared among matched accounts in proportion to their contributions. Real ' +
    'dollars divide by (1 + inflation)^t. With num_simulations > 0, the total is also simulated over ' +
    'market paths of the shared lognormal return model (one portfolio return for all accounts) and the ' +
    'ending-total percentiles are added. Deterministic for a seed. Taxes and fees are not modeled. ' +
    'Cost: num_simulations x years annual path-steps (at most 10,000,000 within the schema bounds).',
  example: {
    accounts: [
      { name: '401k', current_balance: 85000, annual_contribution: 12000, receives_match: true },
      { name: 'Roth IRA', current_balance: 30000, annual_contribution: 7000, receives_match: false },
    ],
    escalation_rate: 0.02,
    employer_match_rate: 0.5,
    employer_match_limit: 6000,
    expected_return: 0.065,
    return_volatility: 0.14,
    inflation: 0.025,
    years: 25,
    num_simulations: 2000,
    seed: 42,
  },
  input: AccumulationProjectionInput,
  output: AccumulationProjectionResult,
  compute,
  cost: (input) =>
    input.num_simulations * input.years +
    input.years * (YEAR_COST + ACCOUNT_YEAR_COST * input.accounts.length),
  costFormula: `num_simulations x years + years x (${YEAR_COST} + ${ACCOUNT_YEAR_COST} x accounts)`,
});
