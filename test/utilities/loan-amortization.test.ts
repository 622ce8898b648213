import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { type AmortizationInput, loanAmortization } from '../../src/utilities/loan-amortization';
import { calculationErrorOf, deep } from '../helpers';

const run = (input: AmortizationInput) => loanAmortization(input).result;

const errorOf = (input: unknown) => calculationErrorOf(loanAmortization, input);

describe('loan amortization: reference cases', () => {
  // Hand calculation, checked with Python's decimal module (40 digits, ROUND_HALF_UP):
  // r = 0.06 / 12 = 0.005; payment = 200000 x 0.005 / (1 - 1.005^-360) = 1199.1010503055... -> 1199.10.
  // Month 1: interest 200000 x 0.005 = 1000.00, principal 199.10, balance 199800.90; month 2: interest
  // 999.00 (199800.90 x 0.005 = 999.0045 -> 999.00), principal 200.10.
  // Rounding the payment down by 0.00105 a month leaves a residue, accumulated at 0.5% a month, that
  // the final payment absorbs: month 359 leaves 1194.17, month 360 pays 5.97 interest + 1194.17 = 1200.14.
  // Total interest = 359 x 1199.10 + 1200.14 - 200000 = 231677.04. (The often-quoted 231,676.38 is
  // the unrounded payment times 360 minus the principal: 1199.1010503 x 360 - 200000 = 231676.378.)
  it('200,000 at 6% for 360 months: 1,199.10 a month, 231,677.04 of interest in exact cents', () => {
    const result = run({ principal: 200_000, annual_rate: 0.06, term_months: 360, include_schedule: true });
    expect(result).toMatchObject({
      monthly_payment: 1199.1,
      final_payment: 1200.14,
      total_interest: 231_677.04,
      total_paid: 431_677.04,
      payoff_months: 360,
      months_saved: 0,
      interest_saved: 0,
    });
    expect(result.schedule?.slice(0, 2)).toEqual([
      { period: 1, payment: 1199.1, interest: 1000, principal: 199.1, balance: 199_800.9 },
      { period: 2, payment: 1199.1, interest: 999, principal: 200.1, balance: 199_600.8 },
    ]);
    expect(result.schedule?.at(-1)).toEqual({
      period: 360,
      payment: 1200.14,
      interest: 5.97,
      principal: 1194.17,
      balance: 0,
    });
  });
  // Microsoft Excel PMT documentation: =PMT(8%/12, 10, 10000) = ($1,037.03).
  it('level payment matches Excel PMT(8%/12, 10, 10000) = 1,037.03', () => {
    expect(run({ principal: 10_000, annual_rate: 0.08, term_months: 10 }).monthly_payment).toBe(1037.03);
  });
  // numpy-financial documentation: npf.pmt(0.075/12, 12*15, 200000) = -1854.0247200054619.
  it('level payment matches npf.pmt(0.075/12, 180, 200000) = -1854.02', () => {
    expect(run({ principal: 200_000, annual_rate: 0.075, term_months: 180 }).monthly_payment).toBe(1854.02);
  });
  // Same loan with 100 a month of extra principal (recomputed independently in Python's decimal):
  // paid off in month 295 with a final payment of 602.79; interest 182,538.19, saving 49,138.85 and
  // 65 months against the level schedule.
  it('extra principal shortens the term: months and interest saved', () => {
    const result = run({
      principal: 200_000,
      annual_rate: 0.06,
      term_months: 360,
      extra_monthly_principal: 100,
    });
    expect(result).toMatchObject({
      monthly_payment: 1199.1,
      payoff_months: 295,
      final_payment: 602.79,
      total_interest: 182_538.19,
      months_saved: 65,
      interest_saved: 49_138.85,
    });
    expect(result).not.toHaveProperty('schedule');
  });
  // Zero rate: 1000 / 3 = 333.333... -> 333.33 twice, then 333.34; 200 / 3 -> 66.67 twice, then 66.66.
  it('zero rate: principal / n, the final payment takes the residue either way', () => {
    const a = run({ principal: 1000, annual_rate: 0, term_months: 3, include_schedule: true });
    expect(a.schedule?.map((row) => row.payment)).toEqual([333.33, 333.33, 333.34]);
    expect(a.total_interest).toBe(0);
    const b = run({ principal: 200, annual_rate: 0, term_months: 3, include_schedule: true });
    expect(b.schedule?.map((row) => row.payment)).toEqual([66.67, 66.67, 66.66]);
  });
  // A half cent is rounded up even when r = 0.07 / 12 has no finite decimal expansion:
  // 6.00 x 0.07 / 12 = 0.035 exactly -> 0.04; the one-month payment 6 x (1 + 0.07/12) = 6.035 -> 6.04.
  it('exact half cents round up: 6.00 at 7% for one month', () => {
    const result = run({ principal: 6, annual_rate: 0.07, term_months: 1, include_schedule: true });
    expect(result.monthly_payment).toBe(6.04);
    expect(result.schedule).toEqual([{ period: 1, payment: 6.04, interest: 0.04, principal: 6, balance: 0 }]);
  });
  it('extra principal larger than the balance pays the loan off in month 1', () => {
    const result = run({
      principal: 1000,
      annual_rate: 0.12,
      term_months: 12,
      extra_monthly_principal: 5000,
    });
    expect(result).toMatchObject({
      payoff_months: 1,
      final_payment: 1010,
      total_interest: 10,
      months_saved: 11,
    });
  });
});

describe('loan amortization: properties', () => {
  const loans = fc.record({
    principal: fc.integer({ min: 1, max: 5_000_000_00 }).map((cents) => cents / 100),
    annual_rate: fc.integer({ min: 0, max: 30_000 }).map((bp) => bp / 100_000),
    term_months: fc.integer({ min: 1, max: 480 }),
    extra_monthly_principal: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100),
    ),
    include_schedule: fc.constant(true),
  });

  it('principal rows sum exactly to the principal; payment = interest + principal; balance >= 0', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const result = run(loan);
        const rows = result.schedule ?? [];
        let balance = new Dec(loan.principal);
        let principal = new Dec(0);
        let interest = new Dec(0);
        // the rows' failures, asserted once (an expect per row cost more than the schedule)
        const failures: string[] = [];
        for (const [i, row] of rows.entries()) {
          if (!new Dec(row.payment).eq(new Dec(row.interest).plus(row.principal)))
            failures.push(
              `row ${i}: payment ${row.payment} != interest ${row.interest} + principal ${row.principal}`,
            );
          if (!(row.balance >= 0)) failures.push(`row ${i}: balance ${row.balance} < 0`);
          if (!(row.principal >= 0)) failures.push(`row ${i}: principal ${row.principal} < 0`);
          balance = balance.minus(row.principal);
          if (!balance.eq(row.balance)) failures.push(`row ${i}: balance ${row.balance} != ${balance}`);
          principal = principal.plus(row.principal);
          interest = interest.plus(row.interest);
        }
        // Every payment but the last is the level payment plus the extra principal.
        const level = new Dec(result.monthly_payment).plus(loan.extra_monthly_principal);
        for (const [i, row] of rows.slice(0, -1).entries())
          if (!new Dec(row.payment).eq(level)) failures.push(`row ${i}: payment ${row.payment} != ${level}`);
        expect(failures).toEqual([]);
        expect(principal.eq(loan.principal)).toBe(true);
        expect(rows.at(-1)?.balance).toBe(0);
        expect(rows).toHaveLength(result.payoff_months);
        expect(result.payoff_months).toBeLessThanOrEqual(loan.term_months);
        expect(interest.eq(result.total_interest)).toBe(true);
        expect(new Dec(result.total_paid).eq(interest.plus(loan.principal))).toBe(true);
      }),
      { numRuns: deep(50, 150) },
    );
  });

  it('extra principal never lengthens the loan or adds interest', () => {
    fc.assert(
      fc.property(loans, (loan) => {
        const result = run({ ...loan, include_schedule: false });
        const level = run({ ...loan, include_schedule: false, extra_monthly_principal: 0 });
        expect(result.months_saved).toBe(level.payoff_months - result.payoff_months);
        expect(result.months_saved).toBeGreaterThanOrEqual(0);
        expect(result.interest_saved).toBeGreaterThanOrEqual(0);
        expect(result.interest_saved).toBeCloseTo(level.total_interest - result.total_interest, 6);
      }),
      { numRuns: deep(35, 100) },
    );
  });
});

describe('loan amortization: envelope and errors', () => {
  it('golden result_id; an omitted default shares the id with the explicit default', () => {
    const id = loanAmortization({ principal: 200_000, annual_rate: 0.06, term_months: 360 }).result_id;
    expect(id).toBe('amort_eeed58d1f3d71224');
    expect(
      loanAmortization({
        principal: 200_000,
        annual_rate: 0.06,
        term_months: 360,
        include_schedule: false,
        extra_monthly_principal: 0,
      }).result_id,
    ).toBe(id);
  });
  it('bad input is a CalculationError naming the field', () => {
    expect(errorOf({ principal: 1000, annual_rate: 0.05, term_months: 0 }).issues[0]?.path).toBe(
      'term_months',
    );
    expect(errorOf({ principal: 1000, annual_rate: 0.05, term_months: 12.5 }).issues[0]?.path).toBe(
      'term_months',
    );
    expect(errorOf({ principal: 0, annual_rate: 0.05, term_months: 12 }).issues[0]?.path).toBe('principal');
    expect(errorOf({ principal: 1000, annual_rate: -0.01, term_months: 12 }).issues[0]?.path).toBe(
      'annual_rate',
    );
    const unknown = errorOf({ principal: 1000, annual_rate: 0.05, term_months: 12, extra_principal: 5 });
    expect(unknown.code).toBe('invalid_input');
    expect(unknown.issues[0]).toMatchObject({ path: 'extra_principal', code: 'unknown_field' });
  });
});
