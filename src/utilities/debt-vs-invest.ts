import * as z from 'zod/mini';
import { Dec, monthlyInterest, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { fieldIssue, nonNegativeMoney, numSimulations, rate, seed, wholeYears } from '../core/schema';
import { quantiles } from '../core/simulation/index';
import { exp, returnModel } from '../rng/index';
import { loanPlan, simulatePaired } from './_lib/debt-vs-invest-paths';

/** The percentiles of each net-worth distribution, as fractions. */
const PERCENTILES = [0.05, 0.25, 0.5, 0.75, 0.95] as const;

/**
 * A strategy is recommended when it wins on at least this share of paths; otherwise `toss_up`.
 */
export const DEBT_VS_INVEST_RECOMMENDATION_THRESHOLD = 0.6;

const cents = (value: number) => new Dec(value).toDecimalPlaces(2);

/**
 * The first month's interest on the balance, in cents: what the minimum payment must cover. The very
 * function the schedule accrues with ({@link monthlyInterest}), on the same cents and rate, so that a
 * payment accepted here never lets the balance grow.
 */
function firstMonthInterest(balance: number, annualRate: number): Dec {
  return monthlyInterest(cents(balance), new Dec(annualRate));
}

const DebtVsInvestInputObject = z.strictObject({
  loan_balance: nonNegativeMoney('Loan balance owed today (dollars, taken to the cent).'),
  loan_annual_rate: rate(
    'Nominal annual interest rate of the loan (APR, 0.06 = 6%); interest accrues monthly at ' +
      'loan_annual_rate / 12 on the balance, rounded half up to cents.',
    { min: 0, max: 1 },
  ),
  loan_minimum_payment: nonNegativeMoney(
    "Required monthly loan payment (dollars). Must cover the first month's interest: negative " +
      'amortization is rejected.',
  ),
  extra_monthly: nonNegativeMoney(
    'Extra cash available each month on top of the minimum payment (dollars): prepaid on the loan ' +
      '(pay_debt) or invested (invest).',
  ),
  horizon_years: wholeYears('Years compared (1-50); net worth is measured at the end.', { min: 1, max: 50 }),
  expected_return: rate(
    'Annual arithmetic mean return of the investments (0.07 = 7%), in the shared lognormal model.',
    { min: -0.99, max: 1 },
  ),
  return_volatility: rate('Annual standard deviation of the investment return (0.15 = 15%).', {
    min: 0,
    max: 1,
  }),
  seed: seed(),
  num_simulations: numSimulations(),
  interest_deductible: z
    ._default(z.boolean(), false)
    .check(z.describe('Whether the loan interest is tax-deductible (default false).')),
  marginal_tax_rate: z
    ._default(z.number().check(z.gte(0), z.lte(0.6)), 0)
    .check(
      z.describe(
        'Marginal tax rate applied to deductible interest (0-0.6, default 0); ignored unless ' +
          'interest_deductible is true.',
      ),
    ),
});

/**
 * `/v1/debt-vs-invest` request. `loan_minimum_payment` must cover the first month's interest
 * (`loan_balance x loan_annual_rate / 12`, rounded to cents): a loan whose balance would grow is a
 * 400 `invalid_input` naming `loan_minimum_payment`.
 */
export const DebtVsInvestInput = DebtVsInvestInputObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    const interest = firstMonthInterest(input.loan_balance, input.loan_annual_rate);
    if (cents(input.loan_minimum_payment).lt(interest)) {
      issue(
        'loan_minimum_payment',
        `must cover the first month's interest of ${interest.toFixed(2)} ` +
          '(negative amortization is not modeled)',
      );
    }
  }),
);
export type DebtVsInvestInput = z.input<typeof DebtVsInvestInput>;

const Percentiles = z
  .object({
    p5: z.number(),
    p25: z.number(),
    p50: z.number(),
    p75: z.number(),
    p95: z.number(),
  })
  .check(z.describe('Percentiles across the simulated paths (dollars, to the cent; linear interpolation).'));

const StrategyResult = z.object({
  net_worth: Percentiles.check(
    z.describe('Net worth at the horizon: investments - loan balance still owed.'),
  ),
  mean_net_worth: z.number().check(z.describe('Mean net worth at the horizon across paths.')),
  months_to_payoff: z
    .optional(z.int())
    .check(
      z.describe(
        'Month in which the loan is paid off (0 for no loan); omitted when still owed at the horizon.',
      ),
    ),
  ending_loan_balance: z.number().check(z.describe('Loan balance still owed at the horizon.')),
  total_interest: z.number().check(z.describe('Loan interest accrued over the horizon.')),
  total_loan_payments: z.number().check(z.describe('Loan payments made over the horizon.')),
  total_invested: z
    .number()
    .check(z.describe('Money put into the investments over the horizon (including interest tax savings).')),
  interest_tax_savings: z
    .number()
    .check(z.describe('Tax saved on deductible interest over the horizon (invested as it accrues).')),
});

export const DebtVsInvestResult = z.object({
  pay_debt: StrategyResult.check(
    z.describe(
      'Extra cash prepays the loan; once it is paid off, the freed minimum and the extra are invested.',
    ),
  ),
  invest: StrategyResult.check(
    z.describe(
      'Minimum payment only; the extra is invested each month (and the freed minimum once paid off).',
    ),
  ),
  invest_advantage: Percentiles.check(
    z.describe("Percentiles of invest's net worth minus pay_debt's on the same path (paired difference)."),
  ),
  probability_invest_wins: z
    .number()
    .check(
      z.describe("Share of paths where invest's net worth beats pay_debt's by at least a cent (ties: no)."),
    ),
  probability_pay_debt_wins: z
    .number()
    .check(z.describe("Share of paths where pay_debt's net worth beats invest's by at least a cent.")),
  hurdle_rate: z
    .number()
    .check(
      z.describe(
        'After-tax debt rate: loan_annual_rate x (1 - marginal_tax_rate) if deductible, else the rate.',
      ),
    ),
  hurdle_effective_annual_rate: z
    .number()
    .check(
      z.describe(
        '(1 + hurdle_rate / 12)^12 - 1: the annual return that breaks even with prepaying the loan when ' +
          'volatility is 0.',
      ),
    ),
  expected_return: z.number().check(z.describe('The expected (arithmetic mean) annual return, echoed.')),
  median_annual_return: z
    .number()
    .check(
      z.describe(
        'exp(m) - 1: the median annual return of the model, below expected_return by volatility drag.',
      ),
    ),
  recommendation: z
    .enum(['pay_debt', 'invest', 'toss_up'])
    .check(z.describe('The strategy that wins on at least 60% of paths, else toss_up.')),
  seed: z.int().check(z.describe('The seed used.')),
  num_simulations: z.int().check(z.describe('Number of simulated paths.')),
  horizon_months: z.int().check(z.describe('horizon_years x 12.')),
});
/** The `result` of the envelope: the type of the `DebtVsInvestResult` schema. */
export type DebtVsInvestResult = z.infer<typeof DebtVsInvestResult>;

type Parsed = z.output<typeof DebtVsInvestInput>;
type Percentiles = z.infer<typeof Percentiles>;

function percentiles(values: Float64Array): Percentiles {
  const [p5, p25, p50, p75, p95] = quantiles(values, PERCENTILES).map(roundMoney);
  return { p5: p5!, p25: p25!, p50: p50!, p75: p75!, p95: p95! };
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return sum / values.length;
}

function compute(input: Parsed): DebtVsInvestResult {
  const months = input.horizon_years * 12;
  const minimum = cents(input.loan_minimum_payment);
  const extra = cents(input.extra_monthly);
  const taxRate = input.interest_deductible ? new Dec(input.marginal_tax_rate) : new Dec(0);
  const terms = {
    balance: cents(input.loan_balance),
    annualRate: new Dec(input.loan_annual_rate),
    budget: minimum.plus(extra),
    taxRate,
  };
  const payPlan = loanPlan(terms, terms.budget, months);
  const invPlan = loanPlan(terms, minimum, months);
  const outcome = simulatePaired({
    seed: input.seed,
    paths: input.num_simulations,
    expectedReturn: input.expected_return,
    returnVolatility: input.return_volatility,
    payDebtContributions: payPlan.contributions,
    investContributions: invPlan.contributions,
    payDebtEndingBalance: payPlan.endingBalance.toNumber(),
    investEndingBalance: invPlan.endingBalance.toNumber(),
  });

  const n = input.num_simulations;
  const advantage = new Float64Array(n);
  for (let i = 0; i < n; i++) advantage[i] = (outcome.invest[i] as number) - (outcome.payDebt[i] as number);

  const strategy = (plan: typeof payPlan, netWorth: Float64Array) => ({
    net_worth: percentiles(netWorth),
    mean_net_worth: roundMoney(mean(netWorth)),
    ...(plan.endingBalance.isZero() ? { months_to_payoff: plan.payoffMonth } : {}),
    ending_loan_balance: roundMoney(plan.endingBalance),
    total_interest: roundMoney(plan.totalInterest),
    total_loan_payments: roundMoney(plan.totalPayments),
    total_invested: roundMoney(plan.totalInvested),
    interest_tax_savings: roundMoney(plan.taxSavings),
  });

  const probabilityInvest = outcome.investWins / n;
  const probabilityPayDebt = outcome.payDebtWins / n;
  const hurdle = new Dec(input.loan_annual_rate).mul(new Dec(1).minus(taxRate));
  const annual = returnModel(input.expected_return, input.return_volatility);
  return {
    pay_debt: strategy(payPlan, outcome.payDebt),
    invest: strategy(invPlan, outcome.invest),
    invest_advantage: percentiles(advantage),
    probability_invest_wins: roundRate(probabilityInvest),
    probability_pay_debt_wins: roundRate(probabilityPayDebt),
    hurdle_rate: roundRate(hurdle),
    hurdle_effective_annual_rate: roundRate(hurdle.div(12).plus(1).pow(12).minus(1)),
    expected_return: input.expected_return,
    median_annual_return: roundRate(exp(annual.m) - 1),
    recommendation:
      probabilityInvest >= DEBT_VS_INVEST_RECOMMENDATION_THRESHOLD
        ? 'invest'
        : probabilityPayDebt >= DEBT_VS_INVEST_RECOMMENDATION_THRESHOLD
          ? 'pay_debt'
          : 'toss_up',
    seed: input.seed,
    num_simulations: n,
    horizon_months: months,
  };
}

/**
 * Debt vs invest: a paired monthly Monte Carlo of two uses of the same monthly cash (minimum payment
 * + extra) over `horizon_years`. `pay_debt` prepays the loan with the extra until it is paid off,
 * then invests the freed minimum and the extra; `invest` pays the minimum and invests the extra (and
 * the freed minimum once the minimum payments have paid the loan off). Both strategies' accounts
 * grow on the SAME market path: one standard normal per month per path from `createRng(seed)`,
 * through the shared lognormal return model with monthly steps. Net worth = investments - loan
 * balance owed at the horizon. The loan is an exact-cent schedule (interest at
 * loan_annual_rate / 12 rounded half up, final payment capped at the balance). Investment returns
 * are untaxed (tax-deferred or unrealized growth); deductible interest saves
 * `interest x marginal_tax_rate`, invested as it accrues. Recommends the strategy that wins on at
 * least 60% of paths, else `toss_up`.
 *
 * @example
 * ```ts
 * import { debtVsInvest } from 'finplan/utilities';
 * const { result } = debtVsInvest({
 *   loan_balance: 20_000, loan_annual_rate: 0.065, loan_minimum_payment: 400, extra_monthly: 300,
 *   horizon_years: 10, expected_return: 0.07, return_volatility: 0.15, seed: 42, num_simulations: 2000,
 * });
 * result.pay_debt.months_to_payoff; // 32 (invest's minimum payments take 59)
 * result.probability_invest_wins; // 0.4635: 7% expected beats the 6.5% loan, but not on most paths
 * result.recommendation; // 'toss_up' (neither wins on 60% of paths)
 * ```
 */
export const debtVsInvest = defineOperation({
  path: '/v1/debt-vs-invest',
  engine: 'debt-vs-invest',
  version: '2.0.0',
  prefix: 'dvi',
  summary: 'Paired Monte Carlo: prepay a loan or invest the extra cash?',
  description:
    'Simulates two uses of the same monthly cash (loan_minimum_payment + extra_monthly) on the same ' +
    'monthly market paths: pay_debt prepays the loan, then invests everything; invest pays the minimum ' +
    'and invests the extra. Returns both net-worth distributions at the horizon (investments - loan ' +
    'balance), the paired advantage, the probability that investing wins (ties to the cent do not ' +
    'count), the after-tax hurdle rate and a recommendation (a strategy winning on >= 60% of paths, else ' +
    'toss_up). Loan interest accrues monthly at loan_annual_rate / 12, rounded to cents; a minimum ' +
    "payment below the first month's interest is a 400. Investment returns are untaxed; deductible " +
    'interest saves interest x marginal_tax_rate, invested as it accrues. Deterministic for a seed. ' +
    'Cost: num_simulations x horizon_years x 12 monthly path-steps, at most 12,000,000 per request ' +
    '(e.g. 20,000 paths over 50 years): over it is a 400 too_expensive.',
  example: {
    loan_balance: 20000,
    loan_annual_rate: 0.065,
    loan_minimum_payment: 400,
    extra_monthly: 300,
    horizon_years: 10,
    expected_return: 0.07,
    return_volatility: 0.15,
    seed: 42,
    num_simulations: 2000,
  },
  input: DebtVsInvestInput,
  output: DebtVsInvestResult,
  compute,
  cost: (input) => input.num_simulations * input.horizon_years * 12,
  costFormula: 'num_simulations x horizon_years x 12 (monthly steps)',
});
