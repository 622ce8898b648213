import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { saiTables } from '../../src/education/_lib/sai';
import { type AidEstimateInput, aidEstimate } from '../../src/education/aid-estimate';
import { calculationErrorOf } from '../helpers';

const estimate = (input: AidEstimateInput) => aidEstimate(input).result;

// Worksheet lines are those of Formula A (dependent student) of the FSA "Student Aid Index (SAI) and Pell
// Grant Eligibility Guide": 1-3 parents' total income, 4 U.S. income tax paid, 5 payroll tax allowance
// (Table A1: 5a hospital insurance, 5b OASDI), 6 income protection allowance (Table A2), 7 employment
// expense allowance, 8 total allowances, 9 parents' available income, 10-14 net worth, 15 asset protection
// allowance (Table A4), 16-17 contribution from assets, 18 adjusted available income (AAI), 19 parents'
// contribution (Table A5), 20-22 student's total income, 23 student's income tax, 24 student's payroll tax
// allowance, 25 student income protection allowance, 26 allowance for parents' negative AAI, 27 total
// allowances, 28 student's available income, 30 student's contribution from income (50%, not below
// -1,500), 34 student's net worth, 36 student's contribution from assets (20%), 37 SAI.
describe('education/aid-estimate: 2025-26 worksheets (award_year 2025, 2023 income)', () => {
  // 2025-26 tables: IPA 28,530 / 35,510 / 43,870 / 51,750 / 60,540 (+6,840); student IPA 11,510;
  // employment expense allowance 35% up to 4,890; Table A1 1.45% to 200,000 (250,000 joint), 2.35% above,
  // 6.2% to 160,200 (320,400 joint); Table A4 $0; Table A5 22% to 21,300, then 4,686 + 25% to 26,700,
  // 6,036 + 29% to 32,000, 7,573 + 34% to 37,500, 9,443 + 40% to 42,900, 11,603 + 47% above; -1,826 below
  // AAI -8,300.

  it('family A: two parents, family of 4, $100,000 AGI, $50,000 in savings and investments', () => {
    // 1-3  total income                         100,000
    // 4    income tax paid                        8,000
    // 5    payroll: 5a 1.45% x 100,000 = 1,450; 5b 6.2% x 100,000 = 6,200 (joint base 320,400) = 7,650
    // 6    IPA, family of 4                      43,870
    // 7    EEA: 35% x 100,000 = 35,000 > 4,890  4,890
    // 8    total allowances                      64,410
    // 9    available income 100,000 - 64,410    35,590
    // 14   net worth 20,000 + 30,000             50,000;  15 APA 0
    // 17   contribution from assets 12%           6,000
    // 18   AAI 35,590 + 6,000                    41,590
    // 19   9,443 + 40% x (41,590 - 37,500) = 9,443 + 1,636 = 11,079
    // 22   student total income                   5,000
    // 24   5a 1.45% x 5,000 = 72.50 -> 73; 5b 6.2% x 5,000 = 310: 383
    // 25   student IPA 11,510;  26 0;  27 = 11,893
    // 28   5,000 - 11,893 = -6,893;  30  50% = -3,446.50 -> -3,447, not below -1,500: -1,500
    // 36   0
    // 37   SAI 11,079 - 1,500 + 0 = 9,579;  need 30,000 - 9,579 = 20,421
    expect(
      estimate({
        award_year: 2025,
        family_size: 4,
        parent_filing_status: 'mfj',
        parent_agi: 100_000,
        parent_income_tax_paid: 8_000,
        parent_earned_income: 60_000,
        parent2_earned_income: 40_000,
        parent_cash_savings: 20_000,
        parent_investments_net: 30_000,
        student_agi: 5_000,
        student_earned_income: 5_000,
        cost_of_attendance: 30_000,
      }),
    ).toEqual({
      parent_available_income: 35_590,
      parent_contribution_from_assets: 6_000,
      parent_adjusted_available_income: 41_590,
      parent_contribution: 11_079,
      student_contribution_from_income: -1_500,
      student_contribution_from_assets: 0,
      income_protection_allowance: 43_870,
      sai: 9_579,
      financial_need: 20_421,
    });
  });

  it('family B: one parent (head of household), family of 2, $38,000 AGI: a negative SAI, full need', () => {
    // 1-3  38,000;  4  500
    // 5    5a 1.45% x 38,000 = 551; 5b 6.2% x 38,000 = 2,356: 2,907
    // 6    IPA, family of 2 28,530
    // 7    EEA 35% x 38,000 = 13,300 > 4,890: 4,890
    // 8    500 + 2,907 + 28,530 + 4,890 = 36,827
    // 9    38,000 - 36,827 = 1,173
    // 17   12% x 3,000 = 360;  18  AAI 1,533
    // 19   22% x 1,533 = 337.26 -> 337
    // 28   0 - 11,510 = -11,510;  30  -5,755 -> -1,500
    // 37   337 - 1,500 = -1,163;  need 25,000 - 0 (a negative SAI counts as 0) = 25,000
    expect(
      estimate({
        award_year: 2025,
        family_size: 2,
        parent_filing_status: 'hoh',
        parent_agi: 38_000,
        parent_income_tax_paid: 500,
        parent_earned_income: 38_000,
        parent_cash_savings: 3_000,
        cost_of_attendance: 25_000,
      }),
    ).toEqual({
      parent_available_income: 1_173,
      parent_contribution_from_assets: 360,
      parent_adjusted_available_income: 1_533,
      parent_contribution: 337,
      student_contribution_from_income: -1_500,
      student_contribution_from_assets: 0,
      income_protection_allowance: 28_530,
      sai: -1_163,
      financial_need: 25_000,
    });
  });

  it("family C: family of 6, negative AAI: Table A5's minimum, the student's allowance for it, the -1,500 floor", () => {
    // 1-3  45,000;  4  0
    // 5    5a 1.45% x 45,000 = 652.50 -> 653; 5b 6.2% x 45,000 = 2,790: 3,443
    // 6    IPA, family of 6 60,540;  7  EEA 35% x 45,000 = 15,750 > 4,890: 4,890
    // 8    3,443 + 60,540 + 4,890 = 68,873;  9  45,000 - 68,873 = -23,873
    // 17   12% x 1,000 = 120;  18  AAI -23,753
    // 19   AAI below -8,300: -1,826
    // 22   12,000;  24  5a 174, 5b 744: 918;  25  11,510;  26  23,753;  27  36,181
    // 28   12,000 - 36,181 = -24,181;  30  -12,090.50 -> -1,500
    // 36   20% x 2,000 = 400
    // 37   -1,826 - 1,500 + 400 = -2,926 -> -1,500;  need 20,000
    expect(
      estimate({
        award_year: 2025,
        family_size: 6,
        parent_filing_status: 'mfj',
        parent_agi: 45_000,
        parent_income_tax_paid: 0,
        parent_earned_income: 30_000,
        parent2_earned_income: 15_000,
        parent_cash_savings: 1_000,
        student_agi: 12_000,
        student_earned_income: 12_000,
        student_cash_savings: 2_000,
        cost_of_attendance: 20_000,
      }),
    ).toEqual({
      parent_available_income: -23_873,
      parent_contribution_from_assets: 120,
      parent_adjusted_available_income: -23_753,
      parent_contribution: -1_826,
      student_contribution_from_income: -1_500,
      student_contribution_from_assets: 400,
      income_protection_allowance: 60_540,
      sai: -1_500,
      financial_need: 20_000,
    });
  });

  it('family D: two parents, family of 3, $300,000 AGI, one earner over the Medicare threshold: no need', () => {
    // 1-3  300,000;  4  50,000
    // 5    5a 1.45% x 250,000 + 2.35% x 10,000 = 3,625 + 235 = 3,860; 5b 6.2% x 260,000 = 16,120: 19,980
    // 6    IPA, family of 3 35,510;  7  4,890
    // 8    50,000 + 19,980 + 35,510 + 4,890 = 110,380;  9  189,620
    // 17   12% x 250,000 = 30,000;  18  AAI 219,620
    // 19   11,603 + 47% x (219,620 - 42,900) = 11,603 + 83,058.40 = 94,661.40 -> 94,661
    // 22   15,000;  23  200;  24  5a 217.50 -> 218, 5b 930: 1,148;  25  11,510;  27  12,858
    // 28   2,142;  30  50% = 1,071
    // 36   20% x (5,000 + 1,000) = 1,200
    // 37   94,661 + 1,071 + 1,200 = 96,932;  need 80,000 - 96,932 < 0: 0
    expect(
      estimate({
        award_year: 2025,
        family_size: 3,
        parent_filing_status: 'mfj',
        parent_agi: 300_000,
        parent_income_tax_paid: 50_000,
        parent_earned_income: 260_000,
        parent_cash_savings: 100_000,
        parent_investments_net: 150_000,
        student_agi: 15_000,
        student_earned_income: 15_000,
        student_income_tax_paid: 200,
        student_cash_savings: 5_000,
        student_investments_net: 1_000,
        cost_of_attendance: 80_000,
      }),
    ).toEqual({
      parent_available_income: 189_620,
      parent_contribution_from_assets: 30_000,
      parent_adjusted_available_income: 219_620,
      parent_contribution: 94_661,
      student_contribution_from_income: 1_071,
      student_contribution_from_assets: 1_200,
      income_protection_allowance: 35_510,
      sai: 96_932,
      financial_need: 0,
    });
  });

  it('a family of 7 adds the per-member income protection allowance: 60,540 + 6,840 = 67,380', () => {
    const base = {
      award_year: 2025,
      parent_filing_status: 'mfj' as const,
      parent_agi: 50_000,
      parent_income_tax_paid: 0,
      parent_earned_income: 50_000,
      cost_of_attendance: 10_000,
    };
    expect(estimate({ ...base, family_size: 7 }).income_protection_allowance).toBe(67_380);
    expect(estimate({ ...base, family_size: 8 }).income_protection_allowance).toBe(74_220);
  });
});

describe('education/aid-estimate: PolicyEngine-US SAI cases (tests/policy/baseline/gov/ed/pell_grant)', () => {
  it('dependent contribution "Income, allowances, and assets": 50% of available income + 20% of assets', () => {
    // PolicyEngine: available income 7,000 less allowances 5,000, assets 10,000 -> 1,000 + 2,000 = 3,000.
    // Here the student's available income is 13,510 - 11,510 (IPA; no earnings, no tax) = 2,000 and the
    // net worth 10,000: 1,000 from income and 2,000 from assets.
    const r = estimate({
      award_year: 2025,
      family_size: 3,
      parent_filing_status: 'mfj',
      parent_agi: 120_000,
      parent_income_tax_paid: 9_000,
      parent_earned_income: 120_000,
      student_agi: 13_510,
      student_cash_savings: 10_000,
      cost_of_attendance: 40_000,
    });
    expect([r.student_contribution_from_income, r.student_contribution_from_assets]).toEqual([1_000, 2_000]);
    expect(r.sai).toBe(r.parent_contribution + 3_000);
  });

  it('"Minimum student aid index" (-5,000 of contributions -> -1,500) and "Maximum" (-> 999,999)', () => {
    const low = estimate({
      award_year: 2025,
      family_size: 8,
      parent_filing_status: 'single',
      parent_agi: -50_000,
      parent_income_tax_paid: 0,
      parent_earned_income: 0,
      cost_of_attendance: 15_000,
    });
    expect(low.parent_contribution + low.student_contribution_from_income).toBeLessThan(-1_500);
    expect(low.sai).toBe(-1_500);
    const high = estimate({
      award_year: 2025,
      family_size: 2,
      parent_filing_status: 'mfj',
      parent_agi: 5_000_000,
      parent_income_tax_paid: 1_000_000,
      parent_earned_income: 5_000_000,
      cost_of_attendance: 90_000,
    });
    expect(high.parent_contribution).toBeGreaterThan(999_999);
    expect(high.sai).toBe(999_999);
    expect(high.financial_need).toBe(0);
  });
});

describe('education/aid-estimate: tables', () => {
  it.each(saiTables.years)(
    '%i: each Table A5 base is the previous base plus its rate over the bracket',
    (year) => {
      const t = saiTables.get(year).parents_contribution_schedule;
      const [first, ...rest] = t.brackets;
      expect(new Dec(t.minimum_aai).times(first?.rate ?? 0).toNumber()).toBe(t.minimum_contribution);
      expect(first).toMatchObject({ aai_over: t.minimum_aai, base: t.minimum_contribution });
      let previous = first as (typeof t.brackets)[number];
      for (const row of rest) {
        expect(
          new Dec(row.aai_over).minus(previous.aai_over).times(previous.rate).plus(previous.base).toNumber(),
        ).toBe(row.base);
        previous = row;
      }
      expect(t.brackets.map((row) => row.rate)).toEqual([0.22, 0.25, 0.29, 0.34, 0.4, 0.47]);
    },
  );

  it.each(saiTables.years)('%i: income year two years before, no asset protection allowance', (year) => {
    const t = saiTables.get(year);
    expect(t.income_tax_year).toBe(year - 2);
    expect(t.asset_protection_allowance.amount).toBe(0);
    expect([t.asset_conversion.parent_rate, t.asset_conversion.student_rate]).toEqual([0.12, 0.2]);
    expect(t.sai_limits).toMatchObject({ minimum: -1_500, maximum: 999_999 });
  });
});

describe('education/aid-estimate: errors', () => {
  const valid = {
    award_year: 2025,
    family_size: 3,
    parent_filing_status: 'mfj',
    parent_agi: 80_000,
    parent_income_tax_paid: 5_000,
    parent_earned_income: 80_000,
    cost_of_attendance: 30_000,
  };

  it('refuses an award year without tables, listing the supported ones', () => {
    const error = calculationErrorOf(aidEstimate, { ...valid, award_year: 2019 });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]?.path).toBe('award_year');
    expect(error.message).toContain(`supported: ${saiTables.years.join(', ')}`);
  });

  it('refuses a second earner in a one-parent family, a family of 1 and a negative cost', () => {
    expect(
      calculationErrorOf(aidEstimate, { ...valid, parent_filing_status: 'hoh', parent2_earned_income: 1 })
        .issues[0]?.path,
    ).toBe('parent2_earned_income');
    expect(calculationErrorOf(aidEstimate, { ...valid, family_size: 1 }).issues[0]?.path).toBe('family_size');
    expect(calculationErrorOf(aidEstimate, { ...valid, cost_of_attendance: -1 }).issues[0]?.path).toBe(
      'cost_of_attendance',
    );
    expect(calculationErrorOf(aidEstimate, { ...valid, state: 'CA' }).issues[0]?.path).toBe('state');
  });

  it('envelope: engine sai-1.0.0, prefix sai', () => {
    const envelope = aidEstimate(valid as AidEstimateInput);
    expect(envelope.engine_version).toBe('sai-1.0.0');
    expect(envelope.result_id).toMatch(/^sai_[0-9a-f]{16}$/);
  });
});

describe('education/aid-estimate: properties', () => {
  const status = fc.constantFrom('mfj', 'mfs', 'single', 'hoh', 'qss' as const);
  const family = fc
    .record({
      award_year: fc.constantFrom(...saiTables.years),
      family_size: fc.integer({ min: 2, max: 12 }),
      parent_filing_status: status,
      parent_agi: fc.integer({ min: -100_000, max: 2_000_000 }),
      parent_income_tax_paid: fc.integer({ min: 0, max: 400_000 }),
      parent_earned_income: fc.integer({ min: 0, max: 1_000_000 }),
      parent2_earned_income: fc.integer({ min: 0, max: 500_000 }),
      parent_cash_savings: fc.integer({ min: 0, max: 500_000 }),
      parent_investments_net: fc.integer({ min: 0, max: 2_000_000 }),
      student_agi: fc.integer({ min: -5_000, max: 80_000 }),
      student_earned_income: fc.integer({ min: 0, max: 80_000 }),
      student_cash_savings: fc.integer({ min: 0, max: 50_000 }),
      cost_of_attendance: fc.integer({ min: 0, max: 120_000 }),
    })
    .map((input) =>
      input.parent_filing_status === 'mfj' || input.parent_filing_status === 'mfs'
        ? input
        : { ...input, parent2_earned_income: 0 },
    );

  it('the SAI is the sum of the contributions, between -1,500 and 999,999; need is never negative', () => {
    fc.assert(
      fc.property(family, (input) => {
        const r = estimate(input);
        const sum =
          r.parent_contribution + r.student_contribution_from_income + r.student_contribution_from_assets;
        expect(r.sai).toBe(Math.min(999_999, Math.max(-1_500, sum)));
        expect(r.sai).toBeGreaterThanOrEqual(-1_500);
        expect(r.student_contribution_from_income).toBeGreaterThanOrEqual(-1_500);
        expect(r.financial_need).toBe(Math.max(0, input.cost_of_attendance - Math.max(0, r.sai)));
        expect(r.financial_need).toBeGreaterThanOrEqual(0);
        expect(r.parent_contribution_from_assets).toBeGreaterThanOrEqual(0);
        expect(r.parent_adjusted_available_income).toBe(
          new Dec(r.parent_available_income).plus(r.parent_contribution_from_assets).toNumber(),
        );
      }),
    );
  });

  it('more parent income never lowers the SAI (and never raises the need)', () => {
    fc.assert(
      fc.property(family, fc.integer({ min: 1, max: 300_000 }), (input, more) => {
        const before = estimate(input);
        const after = estimate({ ...input, parent_agi: input.parent_agi + more });
        expect(after.sai).toBeGreaterThanOrEqual(before.sai);
        expect(after.financial_need).toBeLessThanOrEqual(before.financial_need);
      }),
    );
  });
});
