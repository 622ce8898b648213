import * as z from 'zod/mini';
import { roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, fieldIssue, nonNegativeMoney } from '../core/schema';
import { quantile, STANDARD_PERCENTILES, yearlyBands } from '../core/simulation/index';
import { deflatorsFor } from './_lib/deflators';
import { guytonKlingerFields, rulesFromFields } from './_lib/guyton-klinger-fields';
import { marketFields } from './_lib/market-fields';
import { type PathLoop, simulatePaths, spendingBands } from './_lib/path-loop';
import { percentileGroup, percentilesSchema } from './_lib/percentiles';
import { fixedRealPolicy, guytonKlingerPolicy } from './_lib/spending-policies';

const FixedReal = z.strictObject({
  type: z.literal('fixed_real').check(z.describe('Inflation-indexed spending whatever the markets do.')),
});

const GuytonKlinger = z.strictObject({
  type: z
    .literal('guyton_klinger')
    .check(z.describe('The Guyton-Klinger (2006) decision rules, every threshold overridable.')),
  ...guytonKlingerFields,
});

/** `/v1/retirement/monte-carlo` request. Ages: `current_age <= retirement_age < end_age`. */
export const MonteCarloInput = z
  .strictObject({
    current_age: age('Age today (0-120).'),
    retirement_age: age(
      'Age at the first withdrawal (>= current_age, < end_age); contributions stop the year before.',
    ),
    end_age: age('Age the money must last to: the last withdrawal is made at end_age - 1 (> current_age).'),
    current_balance: nonNegativeMoney('Portfolio today (dollars).'),
    annual_contribution: nonNegativeMoney(
      'Saved at the end of each year before retirement (nominal dollars, the same every year).',
    ),
    annual_spending: nonNegativeMoney(
      "Spending in retirement in today's dollars; withdrawn at the start of each retirement year, grown " +
        'with inflation: annual_spending x (1 + inflation)^(age - current_age).',
    ),
    ...marketFields,
    spending_rule: z.optional(
      z
        .discriminatedUnion('type', [FixedReal, GuytonKlinger])
        .check(
          z.describe(
            'How spending moves in retirement: fixed_real (default) or guyton_klinger with its thresholds.',
          ),
        ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.end_age <= input.current_age) {
        issue('end_age', 'must be greater than current_age');
      }
      if (input.retirement_age < input.current_age) {
        issue('retirement_age', 'must be at least current_age');
      } else if (input.retirement_age >= input.end_age && input.end_age > input.current_age) {
        issue('retirement_age', 'must be less than end_age');
      }
    }),
  );
export type MonteCarloInput = z.input<typeof MonteCarloInput>;

const money = (description: string) => z.number().check(z.describe(description));

const BalanceRow = z.object({
  age: z.int().check(z.describe('The birthday: current_age (today) to end_age.')),
  balance: percentilesSchema('Portfolio on this birthday, before its withdrawal (nominal dollars).'),
  balance_real: percentilesSchema("The same in today's dollars: / (1 + inflation)^(age - current_age)."),
});

const SpendingRow = z.object({
  age: z.int().check(z.describe('Age at the withdrawal: retirement_age to end_age - 1.')),
  spending: percentilesSchema(
    'Withdrawal paid at this age (nominal dollars); a path that runs out pays what is left, then 0.',
  ),
  spending_real: percentilesSchema("The same in today's dollars."),
});

export const MonteCarloResult = z.object({
  success_probability: z
    .number()
    .check(z.describe('Share of paths that pay every withdrawal in full through end_age - 1 (6 places).')),
  paths_depleted: z.int().check(z.describe('Paths that ran out of money before end_age.')),
  median_depletion_age: z.optional(
    z
      .number()
      .check(
        z.describe(
          'Median (type 7) of the depletion age among the paths that ran out (the age of the withdrawal ' +
            'that could not be paid in full); omitted when none did.',
        ),
      ),
  ),
  ending_balance: percentilesSchema('Portfolio at end_age (nominal dollars; 0 on depleted paths).'),
  ending_balance_real: percentilesSchema("The same in today's dollars."),
  mean_ending_balance: money('Mean portfolio at end_age across paths (nominal dollars).'),
  first_withdrawal: money(
    'The withdrawal at retirement_age: annual_spending x (1 + inflation)^(retirement_age - current_age).',
  ),
  spending_rule: z.enum(['fixed_real', 'guyton_klinger']).check(z.describe('The spending rule applied.')),
  yearly: z
    .array(BalanceRow)
    .check(z.describe('Percentile bands of the portfolio on every birthday, ready to plot (a fan chart).')),
  yearly_spending: z
    .array(SpendingRow)
    .check(z.describe('Percentile bands of the withdrawals, every retirement year.')),
  seed: z.int().check(z.describe('The seed used.')),
  num_simulations: z.int().check(z.describe('Number of simulated paths.')),
});
/** The `result` of the envelope: the type of the `MonteCarloResult` schema. */
export type MonteCarloResult = z.infer<typeof MonteCarloResult>;

type Parsed = z.output<typeof MonteCarloInput>;

/**
 * The market paths: saving until retirement (`b = b x G + contribution`, end of year), then the
 * spending rule's withdrawal at the start of each year (`b = (b - w) x G`); see `simulatePaths`.
 */
function simulate(input: Parsed, years: number, retireStep: number, planned: Float64Array): PathLoop {
  const rule = input.spending_rule;
  const policy =
    rule?.type === 'guyton_klinger'
      ? guytonKlingerPolicy({
          rules: rulesFromFields(rule),
          planned,
          firstStep: retireStep,
          inflationFactor: 1 + input.inflation,
        })
      : fixedRealPolicy(planned, retireStep);
  return simulatePaths({
    seed: input.seed,
    expectedReturn: input.expected_return,
    returnVolatility: input.return_volatility,
    paths: input.num_simulations,
    years,
    start: input.current_balance,
    contributions: new Float64Array(retireStep).fill(input.annual_contribution),
    policy,
    recordBalances: true,
  });
}

function compute(input: Parsed): MonteCarloResult {
  const years = input.end_age - input.current_age;
  const retireStep = input.retirement_age - input.current_age;
  const paths = input.num_simulations;
  const deflators = deflatorsFor(input.inflation, years);
  const planned = new Float64Array(years);
  for (let t = retireStep; t < years; t++) planned[t] = input.annual_spending * (deflators[t] as number);
  const sim = simulate(input, years, retireStep, planned);
  const balances = sim.balances!;
  const depletionAges = Float64Array.from(sim.depletionSteps, (t) => input.current_age + t);

  let mean = 0;
  for (let p = years * paths; p < balances.length; p++) mean += balances[p] as number;
  mean /= paths;

  const balanceBands = yearlyBands(balances, paths, STANDARD_PERCENTILES);
  const yearlySpendingBands = spendingBands(sim, planned);
  const yearly = balanceBands.map((q, t) => ({
    age: input.current_age + t,
    balance: percentileGroup(q),
    balance_real: percentileGroup(q, deflators[t]),
  }));
  const yearlySpending = yearlySpendingBands.map((q, i) => ({
    age: input.retirement_age + i,
    spending: percentileGroup(q),
    spending_real: percentileGroup(q, deflators[retireStep + i]),
  }));
  const last = yearly[years]!;
  const result: MonteCarloResult = {
    success_probability: roundRate((paths - depletionAges.length) / paths),
    paths_depleted: depletionAges.length,
    ending_balance: last.balance,
    ending_balance_real: last.balance_real,
    mean_ending_balance: roundMoney(mean),
    first_withdrawal: roundMoney(input.annual_spending * (deflators[retireStep] as number)),
    spending_rule: input.spending_rule?.type ?? 'fixed_real',
    yearly,
    yearly_spending: yearlySpending,
    seed: input.seed,
    num_simulations: paths,
  };
  if (depletionAges.length > 0) {
    depletionAges.sort();
    result.median_depletion_age = quantile(depletionAges, 0.5);
  }
  return result;
}

/**
 * Retirement Monte Carlo: saving until `retirement_age`, then spending until `end_age`, over simulated
 * markets of the shared lognormal model (one portfolio return a year, `createPathDriver`). Before
 * retirement the contribution is added at the end of each year; from retirement the year's withdrawal
 * is taken at the start of the year: `annual_spending` in today's dollars grown with inflation, or the
 * Guyton-Klinger decision rules (`spending_rule: { type: 'guyton_klinger' }`: freeze after a losing
 * year, capital preservation cut, prosperity raise, on the prospective rate after the inflation
 * decision; docs/retirement.md). Returns the probability that every withdrawal is paid in full, the
 * ending-balance percentiles nominal and real, the median depletion age among the depleted paths, and
 * yearly percentile bands of the balance and of the withdrawals.
 *
 * @example
 * ```ts
 * import { monteCarlo } from 'finplan/retirement';
 * const { result } = monteCarlo({
 *   current_age: 64, retirement_age: 65, end_age: 67, current_balance: 100_000,
 *   annual_contribution: 10_000, annual_spending: 40_000, expected_return: 0.05,
 *   return_volatility: 0, inflation: 0, num_simulations: 100,
 * });
 * // 100,000 x 1.05 + 10,000 = 115,000 at 65; (115,000 - 40,000) x 1.05 = 78,750 at 66;
 * // (78,750 - 40,000) x 1.05 = 40,687.50 at 67.
 * result.ending_balance.p50; // 40687.5
 * result.success_probability; // 1
 * ```
 */
export const monteCarlo = defineOperation({
  path: '/v1/retirement/monte-carlo',
  engine: 'retirement-monte-carlo',
  version: '2.0.0',
  prefix: 'rmc',
  summary: 'Will the money last? Saving, then inflation-indexed or Guyton-Klinger spending, simulated.',
  description:
    'One simulated year per age from current_age to end_age on market paths of the shared lognormal ' +
    'return model (arithmetic mean expected_return, standard deviation return_volatility). Before ' +
    'retirement_age: balance x G + annual_contribution (end of year). From retirement_age: the withdrawal ' +
    'is taken at the start of the year, (balance - w) x G; w = annual_spending x (1 + inflation)^(age - ' +
    'current_age), or under spending_rule guyton_klinger the decision rules of Guyton and Klinger (2006): ' +
    'no inflation raise after a losing year when the raised rate would exceed the initial rate; a cut ' +
    'when the current rate (this year\u2019s withdrawal after the inflation decision over the portfolio ' +
    'at the start of the year) exceeds the initial rate by more than 20%, except in the final 15 years; ' +
    'a raise when it is more than 20% below; thresholds overridable. A path succeeds when every ' +
    'withdrawal through end_age - 1 is paid in full. Returns the success probability, ending-balance ' +
    'percentiles (5/10/25/50/75/90/95, type 7) nominal and real, the median depletion age among depleted ' +
    'paths, and yearly percentile bands of balances and withdrawals. Inflation is constant; taxes and ' +
    'fees are not modeled. Deterministic for a seed. Cost: num_simulations x (end_age - current_age) ' +
    'annual path-steps, at most 12,000,000 per request (e.g. 100,000 paths over 120 years): over it is ' +
    'a 400 too_expensive.',
  example: {
    current_age: 55,
    retirement_age: 65,
    end_age: 95,
    current_balance: 800000,
    annual_contribution: 25000,
    annual_spending: 60000,
    expected_return: 0.06,
    return_volatility: 0.14,
    inflation: 0.025,
    num_simulations: 2000,
    seed: 42,
  },
  input: MonteCarloInput,
  output: MonteCarloResult,
  compute,
  cost: (input) => input.num_simulations * Math.max(0, input.end_age - input.current_age),
  costFormula: 'num_simulations x (end_age - current_age)',
});
