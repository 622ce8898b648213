/**
 * The two halves of `/v1/debt-vs-invest`: the deterministic loan plan of a strategy (exact cents),
 * and the paired Monte Carlo of the investment account on shared market paths (float64, allocation
 * free, randomness only from `src/rng`).
 *
 * @internal
 * @module
 */

import { Dec, monthlyInterest } from '../../core/money';
import { createPathDriver } from '../../core/simulation/index';

/** What one strategy does with the loan over the horizon, in exact cents. */
export interface LoanPlan {
  /** Money invested at the end of each month (dollars of whole cents), index 0 = month 1. */
  readonly contributions: Float64Array;
  /** Month (1-based) in which the balance reaches 0, or 0 when it is still owed at the horizon. */
  readonly payoffMonth: number;
  /** Balance still owed at the horizon. */
  readonly endingBalance: Dec;
  /** Interest accrued over the horizon. */
  readonly totalInterest: Dec;
  /** Loan payments over the horizon. */
  readonly totalPayments: Dec;
  /** Sum of `contributions`. */
  readonly totalInvested: Dec;
  /** Tax saved on deductible interest (already part of `contributions`). */
  readonly taxSavings: Dec;
}

/** The loan as the simulation sees it: every amount in whole cents. */
export interface LoanTerms {
  readonly balance: Dec;
  /** Annual interest rate; each month accrues {@link monthlyInterest}. */
  readonly annualRate: Dec;
  /** Cash available every month for the loan and the investments: minimum payment + extra. */
  readonly budget: Dec;
  /** Tax saved per dollar of interest: the marginal rate when the interest is deductible, else 0. */
  readonly taxRate: Dec;
}

/**
 * One strategy's loan plan: each month the balance accrues `balance x annualRate / 12` rounded half up
 * to cents ({@link monthlyInterest}), then the strategy pays `min(target, balance + interest)` (the final payment is capped at
 * the balance); the rest of the budget, plus the tax saved on the month's deductible interest
 * (`interest x taxRate`, rounded half up to cents), is invested at the end of the month.
 *
 * @param terms - the loan, the monthly budget and the tax rate on interest
 * @param target - the loan payment the strategy aims at each month (minimum, or minimum + extra)
 * @param months - horizon in months
 * @returns the plan
 * @example
 * ```ts
 * import { Dec } from '../../core/money';
 * const terms = { balance: new Dec(1000), annualRate: new Dec(0.12), budget: new Dec(500), taxRate: new Dec(0) };
 * const plan = loanPlan(terms, new Dec(500), 12);
 * plan.payoffMonth; // 3 (1,010 -> 510; 515.10 -> 15.10; 15.25 paid, 484.75 invested)
 * plan.totalInterest.toString(); // '15.25'
 * ```
 */
export function loanPlan(terms: LoanTerms, target: Dec, months: number): LoanPlan {
  const contributions = new Float64Array(months);
  let balance = terms.balance;
  let payoffMonth = 0;
  let totalInterest = new Dec(0);
  let totalPayments = new Dec(0);
  let totalInvested = new Dec(0);
  let taxSavings = new Dec(0);
  for (let month = 1; month <= months; month++) {
    let invested = terms.budget;
    if (balance.gt(0)) {
      const interest = monthlyInterest(balance, terms.annualRate);
      const owed = balance.plus(interest);
      const payment = Dec.min(target, owed);
      const saving = interest.mul(terms.taxRate).toDecimalPlaces(2);
      balance = owed.minus(payment);
      if (balance.isZero()) payoffMonth = month;
      totalInterest = totalInterest.plus(interest);
      totalPayments = totalPayments.plus(payment);
      taxSavings = taxSavings.plus(saving);
      invested = invested.minus(payment).plus(saving);
    }
    contributions[month - 1] = invested.toNumber();
    totalInvested = totalInvested.plus(invested);
  }
  return {
    contributions,
    payoffMonth,
    endingBalance: balance,
    totalInterest,
    totalPayments,
    totalInvested,
    taxSavings,
  };
}

/** Final net worths of the paired simulation, one entry per path, in path order (unsorted). */
export interface PairedOutcome {
  readonly payDebt: Float64Array;
  readonly invest: Float64Array;
  /** Paths where invest's net worth, in whole cents, beats pay_debt's. */
  readonly investWins: number;
  /** Paths where pay_debt's net worth, in whole cents, beats invest's. */
  readonly payDebtWins: number;
}

/** What {@link simulatePaired} needs. */
export interface PairedSimulation {
  readonly seed: number;
  readonly paths: number;
  readonly expectedReturn: number;
  readonly returnVolatility: number;
  /** Monthly contributions of pay_debt and invest, of equal length (the horizon in months). */
  readonly payDebtContributions: Float64Array;
  readonly investContributions: Float64Array;
  /** Loan balances owed at the horizon (dollars), subtracted from the account to give net worth. */
  readonly payDebtEndingBalance: number;
  readonly investEndingBalance: number;
}

/**
 * Paired Monte Carlo of the two investment accounts on the market paths of the shared path driver
 * (`createPathDriver`, monthly steps: path `p` draws deviates `p x months` to `p x months + months - 1`
 * of `createRng(seed)`), each month's gross return `g = exp(m + s z)` growing BOTH accounts:
 * `account = account x g + contribution` (contributions at the end of the month). Net worth =
 * account - loan balance owed at the horizon. Wins are decided on net worths rounded to whole cents;
 * equal cents are a tie (neither wins).
 *
 * @param sim - seed, paths, return model parameters and the two strategies' cash flows
 * @returns the final net worths and win counts
 * @example
 * ```ts
 * const flat = new Float64Array(12).fill(100);
 * const out = simulatePaired({
 *   seed: 1, paths: 100, expectedReturn: 0.07, returnVolatility: 0.15,
 *   payDebtContributions: flat, investContributions: flat, payDebtEndingBalance: 0, investEndingBalance: 0,
 * });
 * out.investWins; // 0: identical strategies tie on every path
 * ```
 */
export function simulatePaired(sim: PairedSimulation): PairedOutcome {
  const cPay = sim.payDebtContributions;
  const cInv = sim.investContributions;
  const months = cPay.length;
  const driver = createPathDriver({
    seed: sim.seed,
    expectedReturn: sim.expectedReturn,
    returnVolatility: sim.returnVolatility,
    periodsPerYear: 12,
    steps: months,
  });
  const balPay = sim.payDebtEndingBalance;
  const balInv = sim.investEndingBalance;
  const payDebt = new Float64Array(sim.paths);
  const invest = new Float64Array(sim.paths);
  let investWins = 0;
  let payDebtWins = 0;
  for (let path = 0; path < sim.paths; path++) {
    const gross = driver.next();
    let a = 0;
    let b = 0;
    for (let t = 0; t < months; t++) {
      const g = gross[t] as number;
      a = a * g + (cPay[t] as number);
      b = b * g + (cInv[t] as number);
    }
    const nwPay = a - balPay;
    const nwInv = b - balInv;
    payDebt[path] = nwPay;
    invest[path] = nwInv;
    const centsPay = Math.round(nwPay * 100);
    const centsInv = Math.round(nwInv * 100);
    if (centsInv > centsPay) investWins++;
    else if (centsPay > centsInv) payDebtWins++;
  }
  return { payDebt, invest, investWins, payDebtWins };
}
