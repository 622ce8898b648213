// The exact year-by-year accounting of the lifetime plan (src/plan/_lib/evaluate.ts), against hand
// calculations from the tables in data/: 2026 federal figures from data/tax/federal/2026.json (Rev. Proc.
// 2025-32 §4: single brackets 10% to 12,400, 12% to 50,400, 22% to 105,700, 24% to 201,775; standard
// deduction 16,100 single / 32,200 joint; additional 65+ amount 2,050 unmarried / 1,650 married; OBBBA
// senior deduction 6,000 a person, less 6% of MAGI over 75,000 / 150,000, tax years 2025-2028).
import { describe, expect, it } from 'vitest';
import { evaluate, fixedPolicy, type Policy } from '../../src/plan/_lib/evaluate';
import { seniorDeductionApplies } from '../../src/plan/_lib/projection';
import type { YearDecision } from '../../src/plan/_lib/types';
import { account, cents, makeTimeline } from './fixtures';

/** Tenths of a cent: federal taxes are exact and need not be whole cents (12% of a cent amount). */
const mills = (x: number): number => Math.round(x * 1000);

/** The same decision every year. */
const every =
  (decision: YearDecision): Policy =>
  () =>
    decision;

describe('exact accounting: hand calculations', () => {
  it('a single retiree living on a tax-deferred account for three years (2026-2028)', () => {
    // Born 1960: 66-68, no RMD (applicable age 75). Spending 40,000 drawn from the IRA (the taxable
    // account is empty). Deductions 16,100 + 2,050 + 6,000 = 24,150 (MAGI under 75,000). With a draw X
    // in the 12% bracket: X - [1,240 + 12% x (X - 24,150 - 12,400)] = 40,000, so 0.88 X = 36,854 and
    // X = 41,879.5454...; the smallest whole cent that covers it is 41,879.55: taxable income
    // 17,729.55, tax 1,240 + 12% x 5,329.55 = 1,879.546, left over 41,879.55 - 1,879.546 - 40,000 =
    // 0.004 (deposited). At 41,879.54 the tax is 1,879.5448 and 0.0048 is missing.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1960, lastYear: 2028 }],
      accounts: [account('taxable', 0), account('tax_deferred', 500_000)],
    });
    const e = evaluate(timeline, every({ withdrawals: [0, 0], conversions: [0], spending: 40_000 }));
    const [y0, y1, y2] = e.years;
    expect(cents(y0?.withdrawals[1] ?? 0)).toBe(4_187_955);
    expect(mills(y0?.federalTax ?? 0)).toBe(1_879_546);
    expect(mills(y0?.deposit ?? 0)).toBe(4);
    expect(cents(y0?.agiNominal ?? 0)).toBe(4_187_955);
    // 2027 and 2028: the 2026 table (no inflation: the same dollars), the senior deduction still applies.
    // The 0.004 deposited is drawn first; the IRA gives the rest of the same 41,879.55.
    for (const y of [y1, y2]) {
      expect(mills(y?.federalTax ?? 0)).toBe(1_879_546);
      expect(cents((y?.withdrawals[0] ?? 0) + (y?.withdrawals[1] ?? 0))).toBe(4_187_955);
      expect(y?.shortfall).toBe(0);
    }
    expect(mills(e.totals.federalTax)).toBe(3 * 1_879_546);
    // 500,000 less three draws of 41,879.55, the last two less the 0.004 taken from the taxable account.
    expect(mills(e.endBalances[1] ?? 0)).toBe(mills(500_000 - 3 * 41_879.55 + 2 * 0.004));
    expect(mills(e.endBalances[0] ?? 0)).toBe(4);
  });

  it('an RMD year: the Uniform Lifetime divisor at 75 is 24.6 (Pub. 590-B, Table III)', () => {
    // Born 1951, 75 in 2026 (RMDs from 73). IRA 1,000,000: RMD 1,000,000 / 24.6 = 40,650.4065...
    // (the return reports 40,650.41). Benefits 30,000: provisional income 40,650.41 + 15,000 =
    // 55,650.41 over 34,000; taxable benefits min(85% x 30,000, 85% x 21,650.41 + 4,500) = 22,902.8485
    // (IRC 86, Pub. 915 Worksheet 1). AGI 63,553.2585; deductions 24,150; taxable 39,403.2585; tax
    // 1,240 + 12% x 27,003.2585 = 4,480.39102. Spending 20,000: 40,650.4065 + 30,000 - 20,000 -
    // 4,480.39102 = 46,170.0155 deposited.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1951, lastYear: 2026 }],
      accounts: [account('taxable', 0), account('tax_deferred', 1_000_000)],
      person: () => ({ socialSecurity: 30_000, rmdDivisor: 24.6 }),
    });
    const e = evaluate(timeline, every({ withdrawals: [0, 0], conversions: [0], spending: 20_000 }));
    const y = e.years[0];
    expect(y?.rmd).toBeCloseTo(1_000_000 / 24.6, 9);
    expect(y?.withdrawals[1]).toBeCloseTo(1_000_000 / 24.6, 9);
    expect(mills(y?.taxableSocialSecurity ?? 0)).toBe(22_902_849); // 22,902.8485 to the mill
    expect(Math.round((y?.federalTax ?? 0) * 1e5)).toBe(448_039_102);
    expect(Math.round((y?.deposit ?? 0) * 1e4)).toBe(
      Math.round((1_000_000 / 24.6 + 30_000 - 20_000 - 4_480.39102) * 1e4),
    );
    expect(e.endBalances[1]).toBeCloseTo(1_000_000 - 1_000_000 / 24.6, 6);
  });

  it('a taxable withdrawal with basis: gain = w x (1 - b/B)', () => {
    // 66 in 2026, pension 30,000: taxable 30,000 - 24,150 = 5,850, tax 585. Spending 50,000: 20,585
    // more from the brokerage account (balance 100,000, basis 40,000): gain 20,585 x 0.6 = 12,351, in
    // the 0% band (taxable income 18,201 under 49,450), basis removed 20,585 x 0.4 = 8,234.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1960, lastYear: 2026 }],
      accounts: [account('taxable', 100_000, 0, 40_000)],
      person: () => ({ pension: 30_000 }),
    });
    const e = evaluate(timeline, every({ withdrawals: [0], conversions: [0], spending: 50_000 }));
    const y = e.years[0];
    expect(cents(y?.withdrawals[0] ?? 0)).toBe(2_058_500);
    expect(cents(y?.capitalGains ?? 0)).toBe(1_235_100);
    expect(mills(y?.federalTax ?? 0)).toBe(585_000);
    expect(cents(e.endBalances[0] ?? 0)).toBe(7_941_500);
    expect(cents(y?.deposit ?? 0)).toBe(0);
  });

  it('IRMAA two years after a big conversion (CMS 2026, individual tier 2)', () => {
    // Born 1958 (68 in 2026). 2026: a 150,000 conversion, spending paid from cash (no gain). MAGI
    // 150,000: over 137,000, not over 171,000: tier 2, 202.90 (Part B) + 37.50 (Part D) a month =
    // 2,884.80 a year in 2028 (premium year 2026 + 2; the 2026 table, no inflation). The first two plan
    // years use the first year's own MAGI (documented), so 2026 and 2027 pay it too; 2029 looks back to
    // 2027 (MAGI 0): nothing.
    // The 2026 federal tax: senior deduction 6,000 - 6% x 75,000 = 1,500; taxable 150,000 - 16,100 -
    // 2,050 - 1,500 = 130,350; tax 1,240 + 4,560 + 12,166 + 24% x 24,650 = 23,882.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1958, lastYear: 2029 }],
      accounts: [account('taxable', 500_000), account('tax_deferred', 1_000_000), account('roth', 0)],
      maxConversion: 200_000,
    });
    const policy: Policy = (year) => ({
      withdrawals: [0, 0, 0],
      conversions: [year.year === 2026 ? 150_000 : 0],
      spending: 30_000,
    });
    const e = evaluate(timeline, policy);
    expect(e.years.map((y) => cents(y.irmaa))).toEqual([288_480, 288_480, 288_480, 0]);
    expect(mills(e.years[0]?.federalTax ?? 0)).toBe(23_882_000);
    expect(cents(e.years[0]?.agiNominal ?? 0)).toBe(15_000_000);
    expect(cents(e.endBalances[2] ?? 0)).toBe(15_000_000);
  });

  it('an ACA year before 65: premium tax credit on household income (Rev. Proc. 2025-25, 2025 guideline)', () => {
    // 60 in 2026, pension 40,000: household income 40,000 / 15,650 (2025 guideline, one person) =
    // 255% (Form 8962 line 5); applicable figure 0.0844 + (0.0996 - 0.0844) x 5/50 = 0.08592 -> 0.0859;
    // contribution 40,000 x 0.0859 = 3,436; credit 10,000 - 3,436 = 6,564; net premium 3,436. Federal:
    // 40,000 - 16,100 = 23,900 taxable, 1,240 + 12% x 11,500 = 2,620. Spending 30,000: 40,000 - 30,000
    // - 2,620 - 3,436 = 3,944 deposited.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1966, lastYear: 2026 }],
      accounts: [account('taxable', 0)],
      acaBenchmarkPremium: 10_000,
      aca: () => true,
      person: () => ({ pension: 40_000 }),
    });
    const e = evaluate(timeline, every({ withdrawals: [0], conversions: [0], spending: 30_000 }));
    const y = e.years[0];
    expect(cents(y?.premiumTaxCredit ?? 0)).toBe(656_400);
    expect(cents(y?.acaNetPremium ?? 0)).toBe(343_600);
    expect(cents(y?.federalTax ?? 0)).toBe(262_000);
    expect(cents(y?.deposit ?? 0)).toBe(394_400);
    expect(cents(e.totals.acaNetPremium)).toBe(343_600);
  });

  it('inheritance at a death: the survivor owns the IRA, files single, RMDs by the survivor divisor', () => {
    // Person 0 (born 1950, 76 in 2026: divisor 23.7) dies at the end of 2026; person 1 (born 1952, 75
    // in 2027: divisor 24.6) has a 60,000 pension. 2026, joint: RMD 200,000 / 23.7 = 8,438.8186
    // (8,438.82 on the return); deductions 32,200 + 2 x 1,650 + 2 x 6,000 = 47,500; taxable
    // 68,438.82 - 47,500 = 20,938.82, tax 10% = 2,093.882. 2027, single: RMD (200,000 - 8,438.8186) /
    // 24.6 = 7,787.0399 (7,787.04); deductions 24,150; taxable 67,787.04 - 24,150 = 43,637.04; tax
    // 1,240 + 12% x 31,237.04 = 4,988.4448.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [
        { birthYear: 1950, lastYear: 2026 },
        { birthYear: 1952, lastYear: 2027 },
      ],
      accounts: [account('taxable', 0), account('tax_deferred', 200_000, 0)],
      person: (p, year) => ({
        pension: p === 1 ? 60_000 : 0,
        rmdDivisor: p === 0 ? 23.7 : year === 2027 ? 24.6 : undefined,
      }),
    });
    const e = evaluate(timeline, every({ withdrawals: [0, 0], conversions: [0, 0], spending: 0 }));
    const [y0, y1] = e.years;
    expect(timeline.years.map((y) => y.filingStatus)).toEqual(['mfj', 'single']);
    expect(mills(y0?.federalTax ?? 0)).toBe(2_093_882);
    expect(y1?.rmd).toBeCloseTo((200_000 - 200_000 / 23.7) / 24.6, 9);
    expect(Math.round((y1?.federalTax ?? 0) * 1e4)).toBe(49_884_448);
  });

  it('projected years: the 2026 table on deflated amounts, and no senior deduction after 2028', () => {
    // Inflation 2%, plan from 2026: a real amount of year y is nominal x 1.02^(y-2026), and deflating to
    // the 2026 table's dollars divides by the same factor, so the real tax of a projected year is the
    // 2026 table's tax on the real amounts. 60,000 real from the IRA at 66+ (born 1962): 2028 (senior
    // deduction): 60,000 - 24,150 = 35,850, 1,240 + 12% x 23,450 = 4,054; 2029 (none, IRC
    // 151(d)(5)(C)(i)): 60,000 - 18,150 = 41,850, 1,240 + 12% x 29,450 = 4,774.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1962, lastYear: 2029 }],
      accounts: [account('taxable', 0), account('tax_deferred', 1_000_000)],
      inflation: 0.02,
    });
    const e = evaluate(timeline, every({ withdrawals: [0, 60_000], conversions: [0], spending: 50_000 }));
    const byYear = new Map(e.years.map((y) => [y.year, y]));
    expect(cents(byYear.get(2028)?.federalTax ?? 0)).toBe(405_400);
    expect(cents(byYear.get(2029)?.federalTax ?? 0)).toBe(477_400);
    expect(cents((byYear.get(2029)?.agiNominal ?? 0) / 1.02 ** 3)).toBe(6_000_000);
    expect([2025, 2028, 2029].map(seniorDeductionApplies)).toEqual([true, true, false]);
  });
});

describe('exact accounting: state tax', () => {
  it('Illinois: IRA withdrawals excluded as retirement income, the gain taxed at 4.95%', () => {
    // 66 in 2026, no inflation: the 2025 Illinois table (the last) in the same dollars. 20,000 from the
    // brokerage account (basis half: 10,000 of gain) and 50,000 from the IRA. Illinois (data/tax/state/
    // il/2025.json: 35 ILCS 5/203(a)(2)(F) retirement income subtracted; exemption 2,850; 1,000 more
    // at 65; 4.95% flat): (10,000 - 2,850 - 1,000) x 4.95% = 304.425.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1960, lastYear: 2026 }],
      accounts: [account('taxable', 100_000, 0, 50_000), account('tax_deferred', 500_000)],
      state: 'IL',
    });
    const e = evaluate(
      timeline,
      every({ withdrawals: [20_000, 50_000], conversions: [0], spending: 60_000 }),
    );
    expect(mills(e.years[0]?.stateTax ?? 0)).toBe(304_425);
    expect(cents(e.years[0]?.capitalGains ?? 0)).toBe(1_000_000);
  });
});

describe('exact accounting: replay', () => {
  it('fixedPolicy of an evaluation’s own withdrawals reproduces it', () => {
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1958, lastYear: 2040 }],
      accounts: [
        account('taxable', 300_000, 0, 200_000),
        account('tax_deferred', 800_000),
        account('roth', 50_000),
      ],
      inflation: 0.025,
      growth: 1.03,
      maxConversion: 100_000,
      state: 'CA',
      person: (_p, _year, age) => ({
        socialSecurity: age >= 70 ? 45_000 : 0,
        rmdDivisor: age >= 75 ? 24.6 : undefined,
      }),
    });
    const decisions: YearDecision[] = timeline.years.map((y) => ({
      withdrawals: [0, 0, 0],
      conversions: [y.year < 2030 ? 60_000 : 0],
      spending: 70_000,
    }));
    const first = evaluate(timeline, fixedPolicy(decisions));
    const again = evaluate(
      timeline,
      fixedPolicy(
        first.years.map((r, t) => ({ ...(decisions[t] as YearDecision), withdrawals: r.withdrawals })),
      ),
    );
    expect(again.bequest).toBeCloseTo(first.bequest, 6);
    again.years.forEach((r, t) => {
      const f = first.years[t];
      expect(r.federalTax).toBeCloseTo(f?.federalTax ?? Number.NaN, 6);
      expect(r.stateTax).toBeCloseTo(f?.stateTax ?? Number.NaN, 6);
      expect(r.deposit).toBeCloseTo(f?.deposit ?? Number.NaN, 6);
    });
  });
});
