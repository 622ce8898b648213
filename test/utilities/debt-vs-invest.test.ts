import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Dec } from '../../src/core/money';
import { createRng, grossReturn, normal, returnModel } from '../../src/rng/index';
import { loanPlan, simulatePaired } from '../../src/utilities/_lib/debt-vs-invest-paths';
import { type DebtVsInvestInput, debtVsInvest } from '../../src/utilities/debt-vs-invest';
import { calculationErrorOf } from '../helpers';
import golden from './fixtures/debt-vs-invest-golden.json';

const result = (input: DebtVsInvestInput) => debtVsInvest(input).result;

const errorOf = (input: unknown) => calculationErrorOf(debtVsInvest, input);

/** The loan of the step-by-step cases: 1,000 at 12% (1% a month), 100 minimum, 400 extra, one year. */
const SMALL: DebtVsInvestInput = {
  loan_balance: 1000,
  loan_annual_rate: 0.12,
  loan_minimum_payment: 100,
  extra_monthly: 400,
  horizon_years: 1,
  expected_return: 0,
  return_volatility: 0,
  num_simulations: 3,
};

describe('debt-vs-invest: hand calculations (return_volatility 0: every path is the same)', () => {
  it('zero loan rate and zero return: both end with total cash flow minus the balance', () => {
    // 10,000 at 0%, 200 minimum + 300 extra = 500 a month for 60 months = 30,000 of cash.
    // pay_debt: 500/month clears 10,000 in 20 months, then invests 500 x 40 = 20,000.
    // invest: 200/month clears it in 50 months; invests 300 x 50 + 500 x 10 = 20,000.
    // Both: 30,000 - 10,000 = 20,000; every path ties, so neither wins and the call is a toss-up.
    const r = result({
      ...SMALL,
      loan_balance: 10_000,
      loan_annual_rate: 0,
      loan_minimum_payment: 200,
      extra_monthly: 300,
      horizon_years: 5,
    });
    expect(r.pay_debt.net_worth).toEqual({ p5: 20_000, p25: 20_000, p50: 20_000, p75: 20_000, p95: 20_000 });
    expect(r.invest.net_worth).toEqual(r.pay_debt.net_worth);
    expect(r.pay_debt.months_to_payoff).toBe(20);
    expect(r.invest.months_to_payoff).toBe(50);
    expect(r.pay_debt.total_invested).toBe(20_000);
    expect(r.invest.total_interest).toBe(0);
    expect(r.probability_invest_wins).toBe(0);
    expect(r.probability_pay_debt_wins).toBe(0);
    expect(r.recommendation).toBe('toss_up');
  });

  it('12% loan, 0% return: the exact-cent schedules, step by step', () => {
    // pay_debt pays 500 a month:
    //   m1: interest 1,000 x 1% = 10.00 -> 1,010.00 - 500 = 510.00
    //   m2: 5.10 -> 515.10 - 500 = 15.10
    //   m3: 0.151 -> 0.15 -> 15.25, paid in full; 500 - 15.25 = 484.75 invested
    //   m4-m12: 9 x 500 = 4,500 invested. Interest 15.25; invested 4,984.75 = net worth.
    // invest pays 100 a month and invests 400:
    //   interest 10.00, 9.10, 8.19, 7.27, 6.35, 5.41, 4.46, 3.51, 2.54, 1.57 (balances 910.00, 819.10,
    //   727.29, 634.56, 540.91, 446.32, 350.78, 254.29, 156.83, 58.40), m11: 0.58 -> 58.98 paid in
    //   full, 441.02 invested; m12: 500. Interest 58.98; invested 400 x 10 + 441.02 + 500 = 4,941.02.
    // Advantage of invest: 4,941.02 - 4,984.75 = -43.73 = -(58.98 - 15.25), the interest saved.
    const r = result(SMALL);
    expect(r.pay_debt.months_to_payoff).toBe(3);
    expect(r.pay_debt.total_interest).toBe(15.25);
    expect(r.pay_debt.total_loan_payments).toBe(1015.25);
    expect(r.pay_debt.net_worth.p50).toBe(4984.75);
    expect(r.invest.months_to_payoff).toBe(11);
    expect(r.invest.total_interest).toBe(58.98);
    expect(r.invest.total_invested).toBe(4941.02);
    expect(r.invest.net_worth.p5).toBe(4941.02);
    expect(r.invest.net_worth.p95).toBe(4941.02);
    expect(r.invest_advantage.p50).toBe(-43.73);
    expect(r.probability_invest_wins).toBe(0);
    expect(r.probability_pay_debt_wins).toBe(1);
    expect(r.recommendation).toBe('pay_debt');
    expect(r.hurdle_rate).toBe(0.12);
    // (1 + 0.01)^12 - 1 = 0.12682503...
    expect(r.hurdle_effective_annual_rate).toBe(0.126825);
  });

  it('deductible interest: tax savings of interest x marginal rate, invested as they accrue', () => {
    // Marginal rate 25%: hurdle 12% x 0.75 = 9%.
    // pay_debt savings: 10.00 x .25 = 2.50; 5.10 x .25 = 1.275 -> 1.28; 0.15 x .25 = 0.0375 -> 0.04:
    //   3.82, so net worth 4,984.75 + 3.82 = 4,988.57.
    // invest savings: 2.50, 2.275 -> 2.28, 2.0475 -> 2.05, 1.8175 -> 1.82, 1.5875 -> 1.59,
    //   1.3525 -> 1.35, 1.115 -> 1.12, 0.8775 -> 0.88, 0.635 -> 0.64, 0.3925 -> 0.39, 0.145 -> 0.15:
    //   14.77, so net worth 4,941.02 + 14.77 = 4,955.79.
    const r = result({ ...SMALL, interest_deductible: true, marginal_tax_rate: 0.25 });
    expect(r.hurdle_rate).toBe(0.09);
    expect(r.pay_debt.interest_tax_savings).toBe(3.82);
    expect(r.pay_debt.net_worth.p50).toBe(4988.57);
    expect(r.invest.interest_tax_savings).toBe(14.77);
    expect(r.invest.net_worth.p50).toBe(4955.79);
    // Not deductible: the marginal rate is ignored.
    expect(result({ ...SMALL, marginal_tax_rate: 0.25 }).hurdle_rate).toBe(0.12);
  });

  it('30% return beats the 12% loan: the closed form sum c_t x 1.3^((12 - t) / 12)', () => {
    // Monthly growth exp(ln(1.3) / 12) = 1.3^(1/12); contributions at the end of month t grow for
    // 12 - t months. pay_debt: 0, 0, 484.75, 500 x 9; invest: 400 x 10, 441.02, 500.
    const grow = (flows: number[]) => flows.reduce((sum, c, i) => sum + c * 1.3 ** ((11 - i) / 12), 0);
    const pay = grow([0, 0, 484.75, ...Array(9).fill(500)]);
    const inv = grow([...Array(10).fill(400), 441.02, 500]);
    const r = result({ ...SMALL, expected_return: 0.3 });
    expect(Math.abs(r.pay_debt.net_worth.p50 - pay)).toBeLessThan(0.006);
    expect(Math.abs(r.invest.net_worth.p50 - inv)).toBeLessThan(0.006);
    expect(inv).toBeGreaterThan(pay);
    expect(r.probability_invest_wins).toBe(1);
    expect(r.recommendation).toBe('invest');
    expect(r.median_annual_return).toBe(0.3);
  });

  it('a loan still owed at the horizon is subtracted, and months_to_payoff is omitted', () => {
    // 100,000 at 6%: interest 500.00 a month, minimum 500 is interest-only (allowed), extra 0:
    // the balance stays 100,000; 12 months x 500 = 6,000 of interest; nothing is invested.
    const r = result({
      ...SMALL,
      loan_balance: 100_000,
      loan_annual_rate: 0.06,
      loan_minimum_payment: 500,
      extra_monthly: 0,
    });
    expect(r.invest.months_to_payoff).toBeUndefined();
    expect(r.invest.ending_loan_balance).toBe(100_000);
    expect(r.invest.total_interest).toBe(6000);
    expect(r.invest.net_worth.p50).toBe(-100_000);
    // No loan at all: months_to_payoff is 0 and the whole budget is invested in both strategies.
    const none = result({ ...SMALL, loan_balance: 0, expected_return: 0.05, return_volatility: 0.2 });
    expect(none.pay_debt.months_to_payoff).toBe(0);
    expect(none.invest.total_invested).toBe(6000);
    expect(none.invest.net_worth).toEqual(none.pay_debt.net_worth);
  });
});

describe('debt-vs-invest: simulation building blocks', () => {
  it('loanPlan matches the example of its documentation', () => {
    const terms = { balance: new Dec(1000), annualRate: new Dec(0.12), budget: new Dec(500) };
    const plan = loanPlan({ ...terms, taxRate: new Dec(0) }, new Dec(500), 12);
    expect(plan.payoffMonth).toBe(3);
    expect(Array.from(plan.contributions.slice(0, 4))).toEqual([0, 0, 484.75, 500]);
  });

  it('simulatePaired consumes exactly one normal per month per path, paths in order', () => {
    // Contributions of 1 at the end of months 1 and 2: the account is 1 after month 1 and g2 + 1
    // after month 2, where g2 is the gross return of the path's second draw. Path p uses the
    // deviates 2p and 2p + 1 of the stream.
    const ones = Float64Array.of(1, 1);
    const out = simulatePaired({
      seed: 99,
      paths: 3,
      expectedReturn: 0.07,
      returnVolatility: 0.15,
      payDebtContributions: ones,
      investContributions: ones,
      payDebtEndingBalance: 0,
      investEndingBalance: 0.5,
    });
    const model = returnModel(0.07, 0.15, 12);
    const rng = createRng(99);
    const draws = Array.from({ length: 6 }, () => normal(rng));
    for (let p = 0; p < 3; p++) {
      const expected = grossReturn(model, draws[2 * p + 1]!) + 1;
      expect(out.payDebt[p]).toBe(expected);
      expect(out.invest[p]).toBe(expected - 0.5);
    }
    expect(out.payDebtWins).toBe(3);
    expect(out.investWins).toBe(0);
  });
});

// Inputs for properties: a loan that the minimum amortizes over roughly 20-200 months.
const loanArb = fc
  .record({
    loan_balance: fc.integer({ min: 1000, max: 200_000 }),
    loan_annual_rate: fc.double({ min: 0.02, max: 0.3, noNaN: true }),
    amortization: fc.double({ min: 0.005, max: 0.05, noNaN: true }),
    extra_monthly: fc.integer({ min: 50, max: 3000 }),
    horizon_years: fc.integer({ min: 1, max: 10 }),
    interest_deductible: fc.boolean(),
    marginal_tax_rate: fc.double({ min: 0, max: 0.5, noNaN: true }),
  })
  .map(({ amortization, ...loan }) => ({
    ...loan,
    loan_minimum_payment: Math.ceil(loan.loan_balance * (loan.loan_annual_rate / 12 + amortization)),
  }));

const marketArb = fc.record({
  expected_return: fc.double({ min: -0.05, max: 0.2, noNaN: true }),
  return_volatility: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  num_simulations: fc.integer({ min: 1, max: 200 }),
});

describe('debt-vs-invest: properties', () => {
  it('probabilities in [0, 1], percentiles ordered, recommendation follows the 60% rule', () => {
    fc.assert(
      fc.property(loanArb, marketArb, (loan, market) => {
        const r = result({ ...loan, ...market });
        expect(r.probability_invest_wins).toBeGreaterThanOrEqual(0);
        expect(r.probability_pay_debt_wins).toBeGreaterThanOrEqual(0);
        // Each share is rounded half up to 6 places on its own: 65/128 = 0.5078125 -> 0.507813 and
        // 63/128 -> 0.492188 add up to 1.000001.
        expect(r.probability_invest_wins + r.probability_pay_debt_wins).toBeLessThanOrEqual(1.000001);
        for (const p of [r.pay_debt.net_worth, r.invest.net_worth, r.invest_advantage]) {
          expect(p.p5).toBeLessThanOrEqual(p.p25);
          expect(p.p25).toBeLessThanOrEqual(p.p50);
          expect(p.p50).toBeLessThanOrEqual(p.p75);
          expect(p.p75).toBeLessThanOrEqual(p.p95);
        }
        const expected =
          r.probability_invest_wins >= 0.6
            ? 'invest'
            : r.probability_pay_debt_wins >= 0.6
              ? 'pay_debt'
              : 'toss_up';
        expect(r.recommendation).toBe(expected);
        expect(r.seed).toBe(market.seed);
        expect(r.num_simulations).toBe(market.num_simulations);
      }),
      { numRuns: 60 },
    );
  });

  it('cash is conserved: payments + investments = budget x months + tax savings; balances reconcile', () => {
    fc.assert(
      fc.property(loanArb, marketArb, (loan, market) => {
        const r = result({ ...loan, ...market, num_simulations: 1 });
        const months = loan.horizon_years * 12;
        const budget = new Dec(loan.loan_minimum_payment).plus(loan.extra_monthly).mul(months);
        for (const s of [r.pay_debt, r.invest]) {
          const spent = new Dec(s.total_loan_payments).plus(s.total_invested);
          expect(spent.toNumber()).toBe(budget.plus(s.interest_tax_savings).toNumber());
          const owed = new Dec(loan.loan_balance).plus(s.total_interest).minus(s.total_loan_payments);
          expect(owed.toNumber()).toBe(s.ending_loan_balance);
          if (!loan.interest_deductible) expect(s.interest_tax_savings).toBe(0);
        }
        expect(r.pay_debt.total_interest).toBeLessThanOrEqual(r.invest.total_interest);
      }),
      { numRuns: 60 },
    );
  });

  it('deterministic for a seed; a different seed gives different percentiles', () => {
    fc.assert(
      fc.property(loanArb, marketArb, (loan, market) => {
        const input = { ...loan, ...market, num_simulations: Math.max(market.num_simulations, 20) };
        const first = debtVsInvest(input);
        expect(debtVsInvest(structuredClone(input))).toEqual(first);
        const other = debtVsInvest({ ...input, seed: (input.seed + 1) % 2 ** 32 });
        expect(other.result.invest.net_worth).not.toEqual(first.result.invest.net_worth);
        expect(other.result_id).not.toBe(first.result_id);
      }),
      { numRuns: 30 },
    );
  });

  it('extra_monthly 0 makes the strategies identical', () => {
    fc.assert(
      fc.property(loanArb, marketArb, (loan, market) => {
        const r = result({ ...loan, ...market, extra_monthly: 0 });
        expect(r.probability_invest_wins).toBe(0);
        expect(r.probability_pay_debt_wins).toBe(0);
        expect(r.invest.net_worth).toEqual(r.pay_debt.net_worth);
        expect(r.invest_advantage).toEqual({ p5: 0, p25: 0, p50: 0, p75: 0, p95: 0 });
        expect(r.recommendation).toBe('toss_up');
      }),
      { numRuns: 40 },
    );
  });

  it('zero loan rate and zero return: both net worths are budget x months - balance', () => {
    // No interest and no growth: whatever the order of payments and investments, every dollar of the
    // budget either repays a dollar of the balance or sits in the account.
    fc.assert(
      fc.property(loanArb, (loan) => {
        const input = { ...loan, loan_annual_rate: 0, expected_return: 0, return_volatility: 0 };
        const r = result({ ...input, num_simulations: 2 });
        const expected =
          (loan.loan_minimum_payment + loan.extra_monthly) * loan.horizon_years * 12 - loan.loan_balance;
        expect(r.pay_debt.net_worth.p50).toBe(expected);
        expect(r.invest.net_worth.p50).toBe(expected);
        expect(r.probability_invest_wins).toBe(0);
        expect(r.probability_pay_debt_wins).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('volatility 0: invest wins on every path above the hurdle, on none below', () => {
    // The break-even is exact: with volatility 0 the monthly growth is (1 + expected_return)^(1/12),
    // and an extra dollar of debt costs hurdle_rate / 12 a month, so invest wins iff
    // expected_return > (1 + hurdle_rate / 12)^12 - 1 = hurdle_effective_annual_rate. A margin of
    // 2 points keeps the cent roundings of the loan schedule from deciding.
    fc.assert(
      fc.property(
        loanArb,
        fc.boolean(),
        fc.double({ min: 0.02, max: 0.2, noNaN: true }),
        (loan, above, gap) => {
          const probe = result({ ...loan, expected_return: 0, return_volatility: 0, num_simulations: 1 });
          const breakEven = probe.hurdle_effective_annual_rate;
          const expected_return = above ? breakEven + gap : breakEven - gap;
          fc.pre(expected_return > -0.99 && expected_return <= 1);
          const r = result({ ...loan, expected_return, return_volatility: 0, num_simulations: 7 });
          expect(r.probability_invest_wins).toBe(above ? 1 : 0);
          expect(r.probability_pay_debt_wins).toBe(above ? 0 : 1);
          expect(r.recommendation).toBe(above ? 'invest' : 'pay_debt');
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a higher expected_return never lowers the probability that investing wins (same seed, paired)', () => {
    // Path by path, a higher mean raises every month's gross return exp(m + s z) unless z is large
    // (the model's s shrinks as the mean grows; see docs); at these volatilities a path whose
    // outcome flips the wrong way is vanishingly rare.
    fc.assert(
      fc.property(
        loanArb,
        marketArb,
        fc.double({ min: 0.001, max: 0.1, noNaN: true }),
        (loan, market, step) => {
          const low = result({ ...loan, ...market, num_simulations: 200 });
          const high = result({
            ...loan,
            ...market,
            expected_return: market.expected_return + step,
            num_simulations: 200,
          });
          expect(high.probability_invest_wins).toBeGreaterThanOrEqual(low.probability_invest_wins);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('debt-vs-invest: golden results (noreg)', () => {
  it('result_id of the documented example', () => {
    const envelope = debtVsInvest({
      loan_balance: 20_000,
      loan_annual_rate: 0.065,
      loan_minimum_payment: 400,
      extra_monthly: 300,
      horizon_years: 10,
      expected_return: 0.07,
      return_volatility: 0.15,
      seed: 42,
      num_simulations: 2000,
    });
    expect(envelope.result_id).toBe('dvi_14ffdbc96e9046a6');
    expect(envelope.result.pay_debt.months_to_payoff).toBe(32);
    expect(envelope.result.probability_invest_wins).toBe(0.4635);
    expect(envelope.result.recommendation).toBe('toss_up');
  });

  it('omitted defaults and the same values given explicitly share a result_id', () => {
    const { seed: _s, num_simulations: _n, ...bare } = { ...golden.cases[0]!.input, horizon_years: 1 };
    const explicit = {
      ...bare,
      seed: 1,
      num_simulations: 10_000,
      interest_deductible: false,
      marginal_tax_rate: 0,
    };
    expect(debtVsInvest(bare).result_id).toBe(debtVsInvest(explicit).result_id);
    expect(debtVsInvest(bare).result.seed).toBe(1);
  });

  it.each(golden.cases.map((c, i) => [i, c] as const))('case %i: the full envelope, bit for bit', (_, c) => {
    expect(golden.engine_version).toBe(debtVsInvest.engineVersion);
    expect(debtVsInvest(c.input)).toEqual(c.envelope);
    const parsed = debtVsInvest.parse(c.input);
    const months = parsed.horizon_years * 12;
    const minimum = new Dec(parsed.loan_minimum_payment);
    const terms = {
      balance: new Dec(parsed.loan_balance),
      annualRate: new Dec(parsed.loan_annual_rate),
      budget: minimum.plus(parsed.extra_monthly),
      taxRate: new Dec(parsed.interest_deductible ? parsed.marginal_tax_rate : 0),
    };
    const pay = loanPlan(terms, terms.budget, months);
    const inv = loanPlan(terms, minimum, months);
    const out = simulatePaired({
      seed: parsed.seed,
      paths: parsed.num_simulations,
      expectedReturn: parsed.expected_return,
      returnVolatility: parsed.return_volatility,
      payDebtContributions: pay.contributions,
      investContributions: inv.contributions,
      payDebtEndingBalance: pay.endingBalance.toNumber(),
      investEndingBalance: inv.endingBalance.toNumber(),
    });
    expect(Array.from(out.payDebt.slice(0, 5))).toEqual(c.raw_first_net_worths.pay_debt);
    expect(Array.from(out.invest.slice(0, 5))).toEqual(c.raw_first_net_worths.invest);
  });
});

describe('debt-vs-invest: bad input', () => {
  const valid = { ...SMALL, expected_return: 0.07, return_volatility: 0.15 };

  it('a minimum payment below the first month’s interest is invalid_input naming loan_minimum_payment', () => {
    // 1,000 x 12% / 12 = 10.00 of interest: 9.99 lets the balance grow (negative amortization).
    const error = errorOf({ ...valid, loan_minimum_payment: 9.99 });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]).toMatchObject({ path: 'loan_minimum_payment' });
    expect(error.issues[0]?.message).toMatch(/10\.00/);
    expect(() => debtVsInvest({ ...valid, loan_minimum_payment: 10 })).not.toThrow();
  });

  it('validation accrues interest as the schedule does: 1,650 at 0.04% with a 0.05 minimum is rejected', () => {
    // 1,650.00 x 0.0004 / 12 = 0.055 exactly -> 0.06 half up (what the schedule accrues). Computing
    // 0.0004 / 12 first (0.0000333...) gives 0.05499... -> 0.05, which let a 0.05 minimum through and
    // then grew the balance by a cent a month.
    const loan = { ...valid, loan_balance: 1650, loan_annual_rate: 0.0004 };
    const error = errorOf({ ...loan, loan_minimum_payment: 0.05 });
    expect(error.issues[0]).toMatchObject({ path: 'loan_minimum_payment' });
    expect(error.issues[0]?.message).toMatch(/0\.06/);
    const ok = debtVsInvest({ ...loan, loan_minimum_payment: 0.06, extra_monthly: 0 }).result;
    expect(ok.invest.ending_loan_balance).toBe(1650);
  });

  it('validation and the schedule agree: a minimum is accepted iff the first month does not grow the balance', () => {
    // Payments within two cents of the interest, on balances and rates of every scale; when accepted,
    // the minimum-only schedule never grows the balance in any month (interest is monotone in the
    // balance, so covering the first month covers every later one).
    const rateArb = fc.oneof(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000),
      fc.integer({ min: 1, max: 99 }).map((n) => n / 250_000),
    );
    // Loans whose first month's interest is an exact half cent (where an order of operations that is
    // not exact rounds the other way): balance x rate / 12 = m / 200 with m odd, for a rate of d basis
    // points, d dividing 60,000, when the balance is 60,000 x m / d cents.
    const divisors = Array.from({ length: 10_000 }, (_, i) => i + 1).filter((d) => 60_000 % d === 0);
    const halfCentArb = fc
      .tuple(fc.constantFrom(...divisors), fc.integer({ min: 0, max: 500_000 }))
      .map(([d, j]) => [(60_000 * (2 * j + 1)) / d, d / 10_000] as const);
    const loanArb = fc.oneof(fc.tuple(fc.integer({ min: 0, max: 99_999_999_999_999 }), rateArb), halfCentArb);
    fc.assert(
      fc.property(
        loanArb,
        fc.integer({ min: -2, max: 2 }),
        ([balanceCents, loan_annual_rate], deltaCents) => {
          const loan_balance = balanceCents / 100;
          const interest = new Dec(balanceCents).div(100).mul(loan_annual_rate).div(12).toDecimalPlaces(2);
          const minimum = interest.plus(new Dec(deltaCents).div(100));
          fc.pre(minimum.gte(0));
          const loan_minimum_payment = minimum.toNumber();
          const input = { ...valid, loan_balance, loan_annual_rate, loan_minimum_payment, extra_monthly: 0 };
          const accepted = z.safeParse(debtVsInvest.input, input).success;
          const terms = {
            balance: new Dec(loan_balance).toDecimalPlaces(2),
            annualRate: new Dec(loan_annual_rate),
            budget: new Dec(loan_minimum_payment),
            taxRate: new Dec(0),
          };
          const first = loanPlan(terms, terms.budget, 1).endingBalance;
          expect(accepted).toBe(first.lte(terms.balance));
          if (accepted) {
            let previous = terms.balance;
            for (let months = 1; months <= 24; months++) {
              const balance = loanPlan(terms, terms.budget, months).endingBalance;
              expect(balance.lte(previous)).toBe(true);
              previous = balance;
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('out-of-range and unknown fields name the field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ horizon_years: 51 }, 'horizon_years'],
      [{ horizon_years: 2.5 }, 'horizon_years'],
      [{ num_simulations: 0 }, 'num_simulations'],
      [{ num_simulations: 100_001 }, 'num_simulations'],
      [{ marginal_tax_rate: 0.7 }, 'marginal_tax_rate'],
      [{ loan_balance: -1 }, 'loan_balance'],
      [{ loan_annual_rate: -0.01 }, 'loan_annual_rate'],
      [{ return_volatility: -0.1 }, 'return_volatility'],
      [{ seed: -1 }, 'seed'],
      [{ extra_monthly: 'lots' }, 'extra_monthly'],
    ];
    for (const [patch, path] of cases) {
      const error = errorOf({ ...valid, ...patch });
      expect(error.code).toBe('invalid_input');
      expect(error.issues.map((issue) => issue.path)).toContain(path);
    }
    const unknown = errorOf({ ...valid, extra_payment: 10 });
    expect(unknown.issues[0]).toMatchObject({ path: 'extra_payment', code: 'unknown_field' });
    const { expected_return: _dropped, ...missing } = valid;
    expect(errorOf(missing).issues[0]).toMatchObject({ path: 'expected_return', code: 'required' });
  });
});
