import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { type StudentLoanInput, type StudentLoanResult, studentLoan } from '../../src/education/student-loan';
import { povertyGuideline } from '../../src/healthcare/index';
import { calculationErrorOf, onceByJson } from '../helpers';

const run = (input: StudentLoanInput) => studentLoan(input).result;
const plan = (result: StudentLoanResult, name: string) => {
  const found = result.plans.find((p) => p.plan === name);
  if (!found) throw new Error(`no plan ${name}`);
  return found;
};

describe('student loan: standard plan, hand calculation', () => {
  // 30,000 at 6%: i = 0.005; payment 30,000 x 0.005 / (1 - 1.005^-120) = 150 / 0.450367267 = 333.0615
  // -> 333.06. Month by month (interest = balance x 0.06 / 12, half up to the cent):
  //    1: 150.00 interest, 183.06 principal, 29,816.94    2: 149.08, 183.98, 29,632.96
  //    3: 148.16, 184.90, 29,448.06    4: 147.24, 185.82, 29,262.24    5: 146.31, 186.75, 29,075.49
  //    6: 145.38, 187.68, 28,887.81    7: 144.44, 188.62, 28,699.19    8: 143.50, 189.56, 28,509.63
  //    9: 142.55, 190.51, 28,319.12   10: 141.60, 191.46, 28,127.66   11: 140.64, 192.42, 27,935.24
  //   12: 139.68, 193.38, 27,741.86
  // Year 1: paid 12 x 333.06 = 3,996.72, interest 1,738.58, principal 2,258.14, balance 27,741.86.
  const result = run({ start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 50_000 });
  const standard = plan(result, 'standard');
  it('payment and first year to the cent', () => {
    expect(standard.first_payment).toBe(333.06);
    expect(standard.yearly?.[0]).toEqual({
      repayment_year: 1,
      payments: 3996.72,
      interest_paid: 1738.58,
      principal_paid: 2258.14,
      ending_balance: 27_741.86,
    });
  });
  it('the rows add up: principal repaid is the balance, total = principal + interest', () => {
    const rows = standard.yearly ?? [];
    expect(rows).toHaveLength(10);
    const principal = rows.reduce((sum, row) => sum.plus(row.principal_paid), new Dec(0));
    expect(principal.toNumber()).toBe(30_000);
    expect(new Dec(standard.total_paid ?? 0).minus(standard.total_interest_paid ?? 0).toNumber()).toBe(
      30_000,
    );
    expect(rows[9]?.ending_balance).toBe(0);
    expect(standard.number_of_payments).toBe(120);
  });
});

describe('student loan: IBR, hand calculation', () => {
  // 2025 guideline for 1 person 15,650 (HHS); 150% = 23,475. AGI 50,000: 26,525 above it.
  // New borrower 10%: 2,652.50 / 12 = 221.0417 -> 221.04. Original 15%: 331.5625 -> 331.56.
  it('payment from AGI above 150% of the poverty line', () => {
    const input = { start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 50_000 } as const;
    expect(run(input).poverty_line_150).toBe(povertyGuideline(2025, 1) * 1.5);
    expect(plan(run(input), 'ibr').first_payment).toBe(221.04);
    expect(plan(run({ ...input, borrower_cohort: 'before_2014_07' }), 'ibr').first_payment).toBe(331.56);
  });
  // 100,000 at 6%, AGI 30,000: (30,000 - 23,475) x 10% / 12 = 54.375 -> 54.38 a month; interest is
  // 500.00 a month on the unchanged principal; the 445.62 unpaid each month accrues without
  // capitalization. After 240 payments: paid 240 x 54.38 = 13,051.20; unpaid interest
  // 240 x 500 - 13,051.20 = 106,948.80; forgiven 100,000 + 106,948.80 = 206,948.80 in 2045 (taxable:
  // IRC 108(f)(5) excluded discharges only through 2025); at 22%: 45,528.74 (45,528.736).
  it('negative amortization and forgiveness after 20 years, taxable', () => {
    const ibr = plan(
      run({
        start_year: 2025,
        balance: 100_000,
        interest_rate: 0.06,
        agi: 30_000,
        forgiveness_tax_rate: 0.22,
      }),
      'ibr',
    );
    expect(ibr).toMatchObject({
      first_payment: 54.38,
      number_of_payments: 240,
      total_paid: 13_051.2,
      forgiven: 206_948.8,
      forgiveness_year: 2045,
      forgiveness_taxable: true,
      estimated_tax_on_forgiveness: 45_528.74,
    });
  });
  it('the payment is capped at the 10-year standard payment', () => {
    const result = run({ start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 500_000 });
    expect(plan(result, 'ibr').first_payment).toBe(333.06);
  });
});

describe('student loan: PAYE and ICR (34 CFR 685.209(a), (b) before 2023), hand calculation', () => {
  // 100,000 at 6%: interest 100,000 x 0.06 / 12 = 500.00 every month on the unchanged principal, more
  // than any payment below, so every payment is interest and the principal never moves. 2025 guideline
  // for 1 person 15,650 (HHS); 150% = 23,475. Start January 2025: PAYE/ICR payments for January 2025 to
  // June 2028 = 42 months, then IBR from July 2028 (Pub. L. 119-21 sec. 82001(a)).
  const base = { start_year: 2025, balance: 100_000, interest_rate: 0.06, agi: 30_000 } as const;
  // PAYE, new IBR borrower: 10% x (30,000 - 23,475) / 12 = 54.375 -> 54.38, and new-borrower IBR after
  // the move is the same formula: 240 x 54.38 = 13,051.20, forgiven 100,000 + 240 x 500 - 13,051.20 =
  // 206,948.80 in 2045, exactly IBR's figures.
  it('PAYE for a new IBR borrower equals IBR', () => {
    const result = run(base);
    const paye = plan(result, 'paye');
    expect(paye).toMatchObject({
      first_payment: 54.38,
      number_of_payments: 240,
      total_paid: 13_051.2,
      forgiven: 206_948.8,
      forgiveness_year: 2045,
      moved_to_ibr_from: '2028-07',
    });
    expect(paye.total_paid).toBe(plan(result, 'ibr').total_paid);
  });
  // PAYE for a borrower with a balance on July 1, 2014 (paye_new_borrower): 42 x 54.38 = 2,283.96;
  // then original IBR, 15% x 6,525 / 12 = 81.5625 -> 81.56, for months 43-300: 258 x 81.56 = 21,042.48.
  // Total 23,326.44; forgiven 100,000 + 300 x 500 - 23,326.44 = 226,673.56 in 2050 (2025 + 300 / 12);
  // tax at 22%: 49,868.1832 -> 49,868.18.
  it('PAYE then original IBR: 42 payments at 10%, 258 at 15%, forgiven after 25 years', () => {
    const paye = plan(
      run({
        ...base,
        borrower_cohort: 'before_2014_07',
        paye_new_borrower: true,
        forgiveness_tax_rate: 0.22,
      }),
      'paye',
    );
    expect(paye).toMatchObject({
      first_payment: 54.38,
      last_payment: 81.56,
      number_of_payments: 300,
      total_paid: 23_326.44,
      forgiven: 226_673.56,
      forgiveness_year: 2050,
      estimated_tax_on_forgiveness: 49_868.18,
    });
    expect(plan(run({ ...base, borrower_cohort: 'before_2014_07' }), 'paye').available).toBe(false);
  });
  // ICR, 20% branch only: 20% x (30,000 - 15,650 (100% of the guideline)) / 12 = 2,870 / 12 = 239.1667
  // -> 239.17 for 42 months = 10,045.14; then new-borrower IBR 54.38 for 198 months = 10,767.24. Total
  // 20,812.38; forgiven 100,000 + 240 x 500 - 20,812.38 = 199,187.62 in 2045.
  it('ICR: 20% above the poverty line, then IBR from July 2028', () => {
    const result = run(base);
    expect(result.poverty_line_100).toBe(15_650);
    expect(plan(result, 'icr')).toMatchObject({
      first_payment: 239.17,
      last_payment: 54.38,
      total_paid: 20_812.38,
      forgiven: 199_187.62,
      forgiveness_year: 2045,
    });
  });
  // 5,000 at 6%, AGI 50,000: ICR 20% x (50,000 - 15,650) / 12 = 6,870 / 12 = 572.50 a month repays the
  // loan in 9 payments (after 8: 5,000 x 1.005^8 - 572.50 x (1.005^8 - 1) / 0.005 = 5,203.54 - 572.50 x
  // 8.141409 = 542.58 left, cleared by the 9th), long before July 2028: no move to IBR.
  it('a loan repaid before July 2028 is never moved', () => {
    const icr = plan(run({ start_year: 2025, balance: 5000, interest_rate: 0.06, agi: 50_000 }), 'icr');
    expect(icr.first_payment).toBe(572.5);
    expect(icr.number_of_payments).toBe(9);
    expect(icr).not.toHaveProperty('moved_to_ibr_from');
    expect(icr).not.toHaveProperty('forgiven');
  });
  it('enrolment closes July 1, 2027; loans made from July 2026 have neither', () => {
    const later = run({ ...base, start_year: 2027, start_month: 7, poverty_guideline_year: 2025 });
    expect(plan(later, 'paye').available).toBe(false);
    expect(plan(later, 'icr').available).toBe(false);
    const june = run({ ...base, start_year: 2027, start_month: 6, poverty_guideline_year: 2025 });
    expect(plan(june, 'paye').available).toBe(true);
  });
});

describe('student loan: a 2026 start reads the 2026 HHS poverty guideline (91 FR 1797)', () => {
  // HHS, "Annual Update of the HHS Poverty Guidelines", 91 FR 1797 (Jan. 15, 2026), 48 states and DC:
  // 15,960 + 5,680 per additional person; family of 3: 15,960 + 2 x 5,680 = 27,320; 150% = 40,980.
  // 50,000 at 6% from January 2026, AGI 60,000 (held level):
  //   IBR, new borrower: 10% x (60,000 - 40,980) / 12 = 1,902 / 12 = 158.50 (under the 10-year
  //     standard payment, 50,000 x 0.005 / (1 - 1.005^-120) = 555.10); original borrower 15%: 2,853 / 12 =
  //     237.75
  //   PAYE: 10% above 150% as IBR: 158.50
  //   ICR (20% branch): 20% x (60,000 - 27,320) / 12 = 6,536 / 12 = 544.666... -> 544.67
  // Before the 2026 table these plans were "unavailable" for a 2026 start.
  const input = {
    start_year: 2026,
    balance: 50_000,
    interest_rate: 0.06,
    agi: 60_000,
    family_size: 3,
  } as const;
  it('IBR, PAYE and ICR payments on 150% and 100% of 27,320', () => {
    const result = run(input);
    expect([result.poverty_line_150, result.poverty_line_100]).toEqual([40_980, 27_320]);
    expect(plan(result, 'ibr')).toMatchObject({ available: true, first_payment: 158.5 });
    expect(plan(result, 'paye')).toMatchObject({ available: true, first_payment: 158.5 });
    expect(plan(result, 'icr')).toMatchObject({ available: true, first_payment: 544.67 });
    expect(plan(run({ ...input, borrower_cohort: 'before_2014_07' }), 'ibr').first_payment).toBe(237.75);
  });
  it('the same as naming poverty_guideline_year 2026; 2025 gives the older, lower line', () => {
    expect(run({ ...input, poverty_guideline_year: 2026 })).toEqual(run(input));
    // 2025: 26,650 x 1.5 = 39,975; 10% x 20,025 / 12 = 166.875 -> 166.88
    expect(plan(run({ ...input, poverty_guideline_year: 2025 }), 'ibr').first_payment).toBe(166.88);
  });
});

describe('student loan: PSLF (HEA 455(m), 34 CFR 685.219), hand calculation', () => {
  // IBR, 100,000 at 6%, AGI 30,000: 120 x 54.38 = 6,525.60 paid; cancelled 100,000 + 120 x 500 -
  // 6,525.60 = 153,474.40 in 2035, not taxable (IRC 108(f)(1)). ICR: 42 x 239.17 + 78 x 54.38 =
  // 10,045.14 + 4,241.64 = 14,286.78. The 10-year standard plan is repaid by the 120th payment (nothing
  // cancelled); graduated and extended payments do not qualify. Cheapest with PSLF: IBR (PAYE ties).
  it('120 payments under a qualifying plan, the rest cancelled', () => {
    const result = run({
      start_year: 2025,
      balance: 100_000,
      interest_rate: 0.06,
      agi: 30_000,
      pslf_eligible: true,
    });
    expect(plan(result, 'ibr')).toMatchObject({
      pslf_qualifying: true,
      pslf_number_of_payments: 120,
      pslf_total_paid: 6525.6,
      pslf_forgiven: 153_474.4,
      pslf_forgiveness_year: 2035,
    });
    expect(plan(result, 'icr').pslf_total_paid).toBe(14_286.78);
    const standard = plan(result, 'standard');
    expect(standard).toMatchObject({ pslf_qualifying: true, pslf_forgiven: 0 });
    expect(standard.pslf_total_paid).toBe(standard.total_paid);
    expect(plan(result, 'graduated').pslf_qualifying).toBe(false);
    expect(plan(result, 'extended').pslf_qualifying).toBe(false);
    expect(result.lowest_total_cost_plan).toBe('ibr');
    expect(
      plan(run({ start_year: 2025, balance: 100_000, interest_rate: 0.06, agi: 30_000 }), 'ibr'),
    ).not.toHaveProperty('pslf_qualifying');
  });
  // RAP, 20,000 at 6%, AGI 15,000 (the RAP case above): 12.50 a month and the principal falls 12.50 a
  // month by the match; after 120 payments 1,500 paid, 18,500 cancelled, in 2036 (July 2026 + 120 months).
  it('RAP payments qualify', () => {
    const rap = plan(
      run({
        start_year: 2026,
        start_month: 7,
        balance: 20_000,
        interest_rate: 0.06,
        agi: 15_000,
        pslf_eligible: true,
      }),
      'rap',
    );
    expect(rap).toMatchObject({ pslf_total_paid: 1500, pslf_forgiven: 18_500, pslf_forgiveness_year: 2036 });
  });
});

describe('student loan: RAP (Pub. L. 119-21), hand calculation', () => {
  // AGI 15,000: 1% bracket: 150 / 12 = 12.50 a month (>= 10). 20,000 at 6%: month 1 interest 100.00;
  // the 12.50 all goes to interest, 87.50 is waived, and the principal is cut by the 50-dollar match
  // rule: min(50, 12.50) - 0 = 12.50, to 19,987.50. Month 2: interest 99.9375 -> 99.94, waived 87.44,
  // principal 19,975.00. So principal falls 12.50 a month: after 360 payments 20,000 - 4,500 =
  // 15,500 is forgiven, in 2056 (start July 2026 + 360 months).
  it('low income: 12.50 a month, interest waived, principal match, forgiveness after 360 payments', () => {
    const rap = plan(
      run({ start_year: 2026, start_month: 7, balance: 20_000, interest_rate: 0.06, agi: 15_000 }),
      'rap',
    );
    expect(rap).toMatchObject({
      first_payment: 12.5,
      number_of_payments: 360,
      total_paid: 4500,
      total_interest_paid: 4500,
      principal_match: 4500,
      forgiven: 15_500,
      forgiveness_year: 2056,
      forgiveness_taxable: true,
    });
    // Year 1 interest 100 + 99.94 + 99.88 + 99.81 + 99.75 + 99.69 + 99.63 + 99.56 + 99.50 + 99.44
    // + 99.38 + 99.31 = 1,196.89, of which 150 paid.
    expect(rap.yearly?.[0]).toEqual({
      repayment_year: 1,
      payments: 150,
      interest_paid: 150,
      principal_paid: 0,
      ending_balance: 19_850,
    });
  });
  // AGI 60,000: 5% (over 50,000 up to 60,000): 3,000 / 12 = 250, less 2 x 50 for two dependents = 150.
  // AGI 5,000: the 10-dollar minimum.
  it('brackets, dependents and the minimum', () => {
    const base = { start_year: 2027, balance: 40_000, interest_rate: 0.05 } as const;
    expect(plan(run({ ...base, agi: 60_000, dependents: 2 }), 'rap').first_payment).toBe(150);
    expect(plan(run({ ...base, agi: 5_000 }), 'rap').first_payment).toBe(10);
  });
  // 34 CFR 685.209(b)(2) (91 FR 23768): brackets are "more than $X and not more than $Y", so an AGI on
  // a boundary takes the lower rate: 20,000 -> 1%: 200 / 12 = 16.666... -> 16.67; 20,100 -> 2%:
  // 402 / 12 = 33.50; 100,000 -> 9%: 9,000 / 12 = 750; 100,001 -> 10%: 10,000.10 / 12 = 833.3417 ->
  // 833.34. AGI 8,000 (not more than 10,000): base $120 a year, 120 / 12 = 10.00, less 50 for one
  // dependent = -40, raised to the $10 minimum of (g)(3)(ii).
  it('bracket boundaries take the lower rate; the $120 base at or below 10,000', () => {
    const base = { start_year: 2027, balance: 40_000, interest_rate: 0.05 } as const;
    const first = (agi: number, dependents = 0) =>
      plan(run({ ...base, agi, dependents }), 'rap').first_payment;
    expect(first(20_000)).toBe(16.67);
    expect(first(20_100)).toBe(33.5);
    expect(first(100_000)).toBe(750);
    expect(first(100_001)).toBe(833.34);
    expect(first(8_000, 1)).toBe(10);
    expect(first(10_000)).toBe(10);
  });
  it('not before July 2026', () => {
    const rap = plan(
      run({ start_year: 2026, start_month: 6, balance: 10_000, interest_rate: 0.05, agi: 1 }),
      'rap',
    );
    expect(rap.available).toBe(false);
  });
});

describe('student loan: graduated and extended', () => {
  // 12,000 at 0%: no interest, so the steps take the full 3x ratio: g = 3^(1/4) = 1.316074 every 24
  // months, first payment 12,000 / (24 x (1 + g + g^2 + g^3 + g^4) = 24 x 9.327632) = 53.6042, up to
  // 53.61; then 53.61 g^k up to the cent: 70.56 (70.5547), 92.86 (92.8553), 122.21 (122.2044) and
  // 160.83 (= 3 x 53.61). 24 x (53.61 + 70.56 + 92.86 + 122.21 + 160.83) = 12,001.68, so the last
  // payment is 160.83 - 1.68 = 159.15 and year 10 pays 1,929.96 - 1.68 = 1,928.28.
  it('graduated at 0%: five steps, highest 3 times the first', () => {
    const graduated = plan(run({ start_year: 2025, balance: 12_000, interest_rate: 0, agi: 0 }), 'graduated');
    expect(graduated.yearly?.map((row) => row.payments)).toEqual([
      643.32, 643.32, 846.72, 846.72, 1114.32, 1114.32, 1466.52, 1466.52, 1929.96, 1928.28,
    ]);
    expect(graduated).toMatchObject({
      first_payment: 53.61,
      highest_payment: 160.83,
      last_payment: 159.15,
      total_paid: 12_000,
    });
  });
  // Extended: 40,000 at 6% over 300 months: 200 / (1 - 1.005^-300) = 200 / 0.776034 = 257.7207 -> 257.72.
  it('extended 25 years above 30,000; not at or below', () => {
    expect(
      plan(run({ start_year: 2025, balance: 40_000, interest_rate: 0.06, agi: 0 }), 'extended').first_payment,
    ).toBe(257.72);
    expect(
      plan(run({ start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 0 }), 'extended').available,
    ).toBe(false);
  });
  // Loans made from July 2026: only the standard plan (60,000: 20 years) and RAP.
  it('new loans from July 2026: tiered standard and RAP only', () => {
    const result = run({
      start_year: 2027,
      balance: 60_000,
      interest_rate: 0.06,
      agi: 40_000,
      borrower_cohort: 'from_2026_07',
    });
    expect(plan(result, 'standard').term_months).toBe(240);
    expect(result.plans.filter((p) => p.available).map((p) => p.plan)).toEqual(['standard', 'rap']);
  });
});

describe('student loan: refinance and errors', () => {
  // 30,000 at 4.5% over 10 years: 112.50 / (1 - 1.00375^-120) = 112.50 / 0.361837 = 310.9184 -> 310.92.
  it('refinance comparison', () => {
    const result = run({
      start_year: 2025,
      balance: 30_000,
      interest_rate: 0.06,
      agi: 50_000,
      refinance_rate: 0.045,
    });
    expect(result.refinance?.monthly_payment).toBe(310.92);
    expect(result.refinance?.difference_vs_standard).toBe(
      new Dec(plan(result, 'standard').total_paid ?? 0).minus(result.refinance?.total_paid ?? 0).toNumber(),
    );
  });
  it('bad input names the field', () => {
    const base = { start_year: 2025, balance: 30_000, interest_rate: 0.06, agi: 50_000 };
    const path = (input: unknown) => calculationErrorOf(studentLoan, input).issues[0]?.path;
    expect(path({ ...base, balance: 0 })).toBe('balance');
    expect(path({ ...base, poverty_guideline_year: 2030 })).toBe('poverty_guideline_year');
    expect(path({ ...base, borrower_cohort: 'from_2026_07' })).toBe('start_year');
    expect(calculationErrorOf(studentLoan, { ...base, poverty_guideline_year: 2022 }).code).toBe(
      'unsupported_year',
    );
    expect(plan(run({ ...base, start_year: 2027 }), 'ibr').available).toBe(false);
    expect(plan(run({ ...base, start_year: 2027, poverty_guideline_year: 2025 }), 'ibr').available).toBe(
      true,
    );
  });
});

const inputs = fc.record({
  start_year: fc.constantFrom(2024, 2025),
  balance: fc.integer({ min: 100_00, max: 300_000_00 }).map((c) => c / 100),
  interest_rate: fc.integer({ min: 0, max: 1000 }).map((b) => b / 10_000),
  agi: fc.integer({ min: 0, max: 300_000 }),
  income_growth: fc.integer({ min: 0, max: 500 }).map((b) => b / 10_000),
  family_size: fc.integer({ min: 1, max: 6 }),
});

/**
 * The properties' runs by request: they draw from one fixed seed, so that the PAYE property's requests are
 * the first of the repayment property's, computed once (a result is only read).
 */
const runOnce = onceByJson((input: StudentLoanInput): StudentLoanResult => run(input));

describe('student loan: properties', () => {
  it('fixed-term plans repay exactly the balance; payments never below the first interest', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = runOnce(input);
        for (const p of result.plans) {
          if (!p.available || !['standard', 'graduated', 'extended'].includes(p.plan)) continue;
          const principal = (p.yearly ?? []).reduce((sum, row) => sum.plus(row.principal_paid), new Dec(0));
          expect(principal.toNumber()).toBe(input.balance);
          expect(p.yearly?.at(-1)?.ending_balance).toBe(0);
          expect(p.number_of_payments).toBeLessThanOrEqual(p.term_months ?? 0);
        }
        const graduated = plan(result, 'graduated');
        expect(graduated.highest_payment ?? 0).toBeLessThanOrEqual(3 * (graduated.first_payment ?? 0) + 1e-9);
        expect(graduated.first_payment ?? 0).toBeGreaterThanOrEqual(
          (input.balance * input.interest_rate) / 12 - 0.005,
        );
      }),
    );
  });
  it('payments never negative; total paid covers the principal unless something is forgiven', () => {
    fc.assert(
      fc.property(inputs, fc.boolean(), (input, pslf) => {
        const result = runOnce({ ...input, pslf_eligible: pslf });
        for (const p of result.plans) {
          if (!p.available) continue;
          for (const row of p.yearly ?? []) expect(row.payments).toBeGreaterThanOrEqual(0);
          expect(p.first_payment ?? 0).toBeGreaterThanOrEqual(0);
          if (!p.forgiven) {
            // RAP: the Secretary's principal match also repays principal.
            const repaid = new Dec(p.total_paid ?? 0).plus(p.principal_match ?? 0).toNumber();
            expect(repaid).toBeGreaterThanOrEqual(input.balance);
          }
          if (pslf && p.pslf_qualifying) {
            expect(p.pslf_total_paid ?? 0).toBeLessThanOrEqual(p.total_paid ?? 0);
            expect(p.pslf_forgiven ?? 0).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 30 },
    );
  });
  it('PAYE never asks more than the 10-year standard payment', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = runOnce(input);
        const paye = plan(result, 'paye');
        expect(paye.highest_payment ?? 0).toBeLessThanOrEqual(plan(result, 'standard').first_payment ?? 0);
      }),
      { numRuns: 30 },
    );
  });
  it('IBR never asks more than the standard payment; more income never lowers it', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 50_000 }), (input, more) => {
        const result = runOnce(input); // one run for both plans (a run computes every plan)
        const base = plan(result, 'ibr');
        expect(base.highest_payment ?? 0).toBeLessThanOrEqual(plan(result, 'standard').first_payment ?? 0);
        const richer = plan(run({ ...input, agi: input.agi + more }), 'ibr');
        expect(richer.first_payment ?? 0).toBeGreaterThanOrEqual(base.first_payment ?? 0);
      }),
      { numRuns: 40 },
    );
  });
});
