import * as z from 'zod/mini';
import { roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, fieldIssue, nonNegativeMoney, number, oneOf, withDefault } from '../core/schema';
import { quantile, quantiles, STANDARD_PERCENTILES } from '../core/simulation/index';
import { exp, returnModel } from '../rng/index';
import { deflatorsFor } from './_lib/deflators';
import { guytonKlingerFields, rulesFromFields } from './_lib/guyton-klinger-fields';
import { marketFields } from './_lib/market-fields';
import { type PathLoop, simulatePaths, spendingBands } from './_lib/path-loop';
import { percentileGroup, percentilesSchema } from './_lib/percentiles';
import {
  fixedPercentPolicy,
  fixedRealPolicy,
  floorAndCeilingPolicy,
  guytonKlingerPolicy,
  type SpendingPolicy,
  vpwPolicy,
} from './_lib/spending-policies';
import { vpwRates } from './_lib/spending-rules';

/** The five strategies. */
export const WITHDRAWAL_STRATEGIES = [
  'fixed_real',
  'fixed_pct',
  'guardrails',
  'vpw',
  'floor_and_ceiling',
] as const;

/** `/v1/retirement/withdrawal-strategy` request. `end_age > current_age`; `ceiling >= floor`. */
export const WithdrawalStrategyInput = z
  .strictObject({
    current_age: age('Age today, at the first withdrawal (0-120).'),
    end_age: age('Age the plan runs to: the last withdrawal is made at end_age - 1 (> current_age).'),
    current_balance: nonNegativeMoney('Portfolio today (dollars).'),
    initial_rate: number(
      'Withdrawal rate (0.04 = 4%; 0-1): the first withdrawal is initial_rate x current_balance ' +
        '(fixed_real, guardrails, floor_and_ceiling) or the share of the portfolio withdrawn each year ' +
        '(fixed_pct, floor_and_ceiling). Not used by vpw.',
      { min: 0, max: 1 },
    ),
    strategy: oneOf(
      WITHDRAWAL_STRATEGIES,
      'fixed_real (inflation-indexed), fixed_pct (a share of the portfolio), guardrails (Guyton-Klinger), ' +
        'vpw (variable percentage withdrawal) or floor_and_ceiling.',
    ),
    ...marketFields,
    guardrails: z.optional(
      z
        .strictObject(guytonKlingerFields)
        .check(z.describe('guardrails: the Guyton-Klinger thresholds (default the paper\u2019s).')),
    ),
    floor: withDefault(
      number(
        'floor_and_ceiling: the lowest withdrawal as a share of the first one in real terms (0-1, default 0.9).',
        { min: 0, max: 1 },
      ),
      0.9,
    ),
    ceiling: withDefault(
      number(
        'floor_and_ceiling: the highest withdrawal as a share of the first one in real terms (1-10, default ' +
          '1.25; >= floor).',
        { min: 1, max: 10 },
      ),
      1.25,
    ),
    vpw_return: z.optional(
      number(
        'vpw: the real return of the VPW percentage table (-0.5 to 0.5); default the median real growth of ' +
          'the return model, exp(m) / (1 + inflation) - 1.',
        { min: -0.5, max: 0.5 },
      ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.end_age <= input.current_age) {
        issue('end_age', 'must be greater than current_age');
      }
    }),
  );
export type WithdrawalStrategyInput = z.input<typeof WithdrawalStrategyInput>;

const money = (description: string) => z.number().check(z.describe(description));

const Year = z.object({
  age: z.int().check(z.describe('Age at the withdrawal: current_age to end_age - 1.')),
  spending: percentilesSchema(
    'Withdrawal paid at this age (nominal dollars); a depleted path pays what it had left, then 0.',
  ),
  spending_real: percentilesSchema("The same in today's dollars: / (1 + inflation)^(age - current_age)."),
});

export const WithdrawalStrategyResult = z.object({
  strategy: z.enum(WITHDRAWAL_STRATEGIES).check(z.describe('The strategy simulated.')),
  success_probability: z
    .number()
    .check(z.describe('Share of paths that pay every withdrawal in full through end_age - 1 (6 places).')),
  paths_depleted: z.int().check(z.describe('Paths that could not pay a withdrawal in full.')),
  median_depletion_age: z.optional(
    z
      .number()
      .check(z.describe('Median (type 7) depletion age among the depleted paths; omitted when none were.')),
  ),
  first_withdrawal: money('The withdrawal at current_age (the same on every path).'),
  spending_volatility: z
    .number()
    .check(
      z.describe(
        'Median across paths of the standard deviation of the yearly change in real spending ' +
          '(real withdrawal / previous real withdrawal - 1, over the years after one with a withdrawal; ' +
          'population standard deviation; 6 places). 0 for spending that never moves in real terms.',
      ),
    ),
  lifetime_spending_real: percentilesSchema("Sum of a path's withdrawals in today's dollars."),
  ending_balance: percentilesSchema('Portfolio at end_age (nominal dollars; 0 on depleted paths).'),
  ending_balance_real: percentilesSchema("The same in today's dollars."),
  yearly: z.array(Year).check(z.describe('Year-by-year spending percentiles, ready to plot.')),
  vpw_return: z.optional(
    z.number().check(z.describe('vpw: the real return of the percentage table used (given or derived).')),
  ),
  seed: z.int().check(z.describe('The seed used.')),
  num_simulations: z.int().check(z.describe('Number of simulated paths.')),
});
/** The `result` of the envelope: the type of the `WithdrawalStrategyResult` schema. */
export type WithdrawalStrategyResult = z.infer<typeof WithdrawalStrategyResult>;

type Parsed = z.output<typeof WithdrawalStrategyInput>;

/** The real return of the VPW table: given, or the model's median real growth. */
function vpwReturnOf(input: Parsed): number {
  if (input.vpw_return !== undefined) return input.vpw_return;
  const model = returnModel(input.expected_return, input.return_volatility);
  return exp(model.m) / (1 + input.inflation) - 1;
}

/** The policy of the strategy, withdrawing from step 0 (`current_age`). */
function policyOf(
  input: Parsed,
  years: number,
  deflators: Float64Array,
  planned: Float64Array,
): SpendingPolicy {
  const rate = input.initial_rate;
  switch (input.strategy) {
    case 'fixed_real':
      return fixedRealPolicy(planned, 0);
    case 'fixed_pct':
      return fixedPercentPolicy(rate, 0);
    case 'vpw':
      return vpwPolicy(vpwRates(vpwReturnOf(input), years), 0);
    case 'floor_and_ceiling': {
      const first = planned[0] as number;
      const floors = new Float64Array(years);
      const ceilings = new Float64Array(years);
      for (let t = 0; t < years; t++) {
        const index = deflators[t] as number;
        floors[t] = input.floor * first * index;
        ceilings[t] = input.ceiling * first * index;
      }
      return floorAndCeilingPolicy(rate, floors, ceilings, 0);
    }
    case 'guardrails':
      return guytonKlingerPolicy({
        rules: rulesFromFields(input.guardrails),
        planned,
        firstStep: 0,
        inflationFactor: 1 + input.inflation,
        initialRate: rate,
      });
  }
}

/**
 * The paths: each year `t` (age `current_age + t`, `years - t` years left counting it) the withdrawal
 * `w` of the strategy is taken at the start of the year, then `b = (b - w) x G`. A withdrawal larger
 * than `b` pays `b` and depletes the path at that age (0 from then on); see `simulatePaths`.
 */
function simulate(input: Parsed, years: number, deflators: Float64Array, planned: Float64Array): PathLoop {
  return simulatePaths({
    seed: input.seed,
    expectedReturn: input.expected_return,
    returnVolatility: input.return_volatility,
    paths: input.num_simulations,
    years,
    start: input.current_balance,
    contributions: new Float64Array(0),
    policy: policyOf(input, years, deflators, planned),
    recordBalances: false,
    deflators,
  });
}

function compute(input: Parsed): WithdrawalStrategyResult {
  const years = input.end_age - input.current_age;
  const paths = input.num_simulations;
  const deflators = deflatorsFor(input.inflation, years);
  const vpwReturn = input.strategy === 'vpw' ? vpwReturnOf(input) : undefined;
  const first =
    vpwReturn !== undefined
      ? (vpwRates(vpwReturn, years)[years] as number) * input.current_balance
      : input.initial_rate * input.current_balance;
  const planned = new Float64Array(years);
  for (let t = 0; t < years; t++) planned[t] = first * (deflators[t] as number);
  const sim = simulate(input, years, deflators, planned);
  const bands = spendingBands(sim, planned);
  const endingQ = quantiles(sim.ending, STANDARD_PERCENTILES);
  const depletionAges = Float64Array.from(sim.depletionSteps, (t) => input.current_age + t).sort();
  const result: WithdrawalStrategyResult = {
    strategy: input.strategy,
    success_probability: roundRate((paths - depletionAges.length) / paths),
    paths_depleted: depletionAges.length,
    first_withdrawal: roundMoney(first),
    spending_volatility: roundRate(quantiles(sim.volatility!, [0.5])[0] as number),
    lifetime_spending_real: percentileGroup(quantiles(sim.lifetimeReal!, STANDARD_PERCENTILES)),
    ending_balance: percentileGroup(endingQ),
    ending_balance_real: percentileGroup(endingQ, deflators[years]),
    yearly: bands.map((q, t) => ({
      age: input.current_age + t,
      spending: percentileGroup(q),
      spending_real: percentileGroup(q, deflators[t]),
    })),
    seed: input.seed,
    num_simulations: paths,
  };
  if (depletionAges.length > 0) result.median_depletion_age = quantile(depletionAges, 0.5);
  if (vpwReturn !== undefined) result.vpw_return = roundRate(vpwReturn);
  return result;
}

/**
 * Withdrawal strategies compared on the same simulated markets: from `current_balance` today, each
 * year's withdrawal is taken at the start of the year until `end_age - 1` under one of five rules:
 * `fixed_real` (`initial_rate x current_balance`, raised with inflation), `fixed_pct` (`initial_rate x`
 * the portfolio), `guardrails` (the Guyton-Klinger decision rules with the initial rate
 * `initial_rate`), `vpw` (the variable percentage withdrawal: the annuity-due payment that would spend
 * the portfolio over the years left at a real return) and `floor_and_ceiling` (`initial_rate x` the
 * portfolio, kept between `floor` and `ceiling` times the first withdrawal in real terms). Reports the
 * year-by-year spending percentiles, the success probability, the spending volatility, lifetime real
 * spending and ending-balance percentiles. docs/retirement.md states each rule.
 *
 * @example
 * ```ts
 * import { withdrawalStrategy } from 'finplan/retirement';
 * const { result } = withdrawalStrategy({
 *   current_age: 65, end_age: 68, current_balance: 1_000_000, initial_rate: 0.05, strategy: 'fixed_pct',
 *   expected_return: 0.1, return_volatility: 0, inflation: 0, num_simulations: 100,
 * });
 * // 5% of 1,000,000 = 50,000, then 5% of 950,000 x 1.1 = 1,045,000: 52,250, then 5% of 1,092,025.
 * result.yearly.map((y) => y.spending.p50); // [50000, 52250, 54601.25]
 * ```
 */
export const withdrawalStrategy = defineOperation({
  path: '/v1/retirement/withdrawal-strategy',
  engine: 'withdrawal-strategy',
  version: '2.0.0',
  prefix: 'wds',
  summary: 'Compare dynamic spending rules (fixed real, fixed %, guardrails, VPW, floor and ceiling).',
  description:
    'Simulates spending from current_balance from current_age to end_age on market paths of the shared ' +
    'lognormal return model, withdrawals at the start of each year: fixed_real = initial_rate x ' +
    'current_balance grown with inflation; fixed_pct = initial_rate x the portfolio; guardrails = the ' +
    'Guyton-Klinger (2006) decision rules with initial rate initial_rate (thresholds in guardrails; the ' +
    'current rate is this year\u2019s withdrawal after the inflation decision over the portfolio at the ' +
    'start of the year); vpw = PMT(r, years left, -1, 0, 1) of the portfolio, r = vpw_return or the ' +
    'model\u2019s median real growth exp(m) / (1 + inflation) - 1; floor_and_ceiling = initial_rate x the ' +
    'portfolio kept between floor and ceiling times the first withdrawal grown with inflation. A ' +
    'withdrawal larger than the portfolio pays what is left and depletes the path. Returns year-by-year ' +
    'spending percentiles nominal and real, the success probability, the spending volatility (median ' +
    'across paths of the standard deviation of the yearly change in real spending), lifetime real ' +
    'spending and ending-balance percentiles. Deterministic for a seed. Cost: num_simulations x ' +
    '(end_age - current_age) annual path-steps, at most 12,000,000 per request: over it is a 400 ' +
    'too_expensive.',
  example: {
    current_age: 65,
    end_age: 95,
    current_balance: 1000000,
    initial_rate: 0.05,
    strategy: 'guardrails',
    expected_return: 0.06,
    return_volatility: 0.12,
    inflation: 0.025,
    num_simulations: 1000,
    seed: 42,
  },
  input: WithdrawalStrategyInput,
  output: WithdrawalStrategyResult,
  compute,
  cost: (input) => input.num_simulations * Math.max(0, input.end_age - input.current_age),
  costFormula: 'num_simulations x (end_age - current_age)',
});
