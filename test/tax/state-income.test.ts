import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { COVERED_STATES, type StateIncomeInput, stateIncome } from '../../src/tax/state-income';

const tax = (input: Omit<StateIncomeInput, 'tax_year'> & { tax_year?: number }) =>
  stateIncome({ tax_year: 2025, ...input }).result;
const single = (state: string, income: number, extra: Partial<StateIncomeInput> = {}) =>
  tax({ state, filing_status: 'single', state_taxable_income: income, ...extra });

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isCalculationError(error)) return error;
    throw error;
  }
  throw new Error('expected a CalculationError');
}

describe('tax/state-income: no-tax jurisdictions', () => {
  // Each file's `reason` cites the constitution or statute (data/tax/state-2025/<code>.json).
  it.each(['AK', 'FL', 'NV', 'NH', 'SD', 'TN', 'TX', 'WA', 'WY'])('%s: 0, with the reason', (state) => {
    const r = single(state, 250_000, { pension_income: 40_000, social_security_income: 30_000, age: 70 });
    expect([r.rate_type, r.tax, r.taxable_income, r.marginal_rate, r.effective_rate]).toEqual([
      'none',
      0,
      0,
      0,
      0,
    ]);
    expect(r.income).toBe(320_000);
    expect(r.reason?.length).toBeGreaterThan(20);
    expect(r.brackets).toEqual([]);
  });
  it('WA names its capital gains excise tax as not modeled', () => {
    expect(single('WA', 1).notes.join(' ')).toContain('capital gains');
  });
});

describe('tax/state-income: flat states (hand calculations; sources in data/tax/state-2025/)', () => {
  it('AZ 2.5% (A.R.S. 43-1011; 2025 Form 140 instructions p. 21): 60,000 x 2.5% = 1,500', () => {
    expect(single('AZ', 60_000).tax).toBe(1500);
  });
  it('GA 5.19% (O.C.G.A. 48-7-20(a.1), HB 111): retirement exclusion 35,000 at 62-64, 65,000 at 65+', () => {
    const ga = (age: number) =>
      tax({ state: 'GA', filing_status: 'mfj', state_taxable_income: 50_000, pension_income: 80_000, age });
    // 66: 50,000 + 80,000 - 65,000 = 65,000 x 5.19% = 3,373.50
    expect([ga(66).pension_excluded, ga(66).tax]).toEqual([65_000, 3373.5]);
    // 63: 130,000 - 35,000 = 95,000 x 5.19% = 4,930.50
    expect([ga(63).pension_excluded, ga(63).tax]).toEqual([35_000, 4930.5]);
    // 61: no exclusion: 130,000 x 5.19% = 6,747
    expect([ga(61).pension_excluded, ga(61).tax]).toEqual([0, 6747]);
    expect(ga(61).notes.join(' ')).toContain('does not qualify');
    // 62 and 65 are the first ages of each tier (ages at the end of the year)
    expect([ga(62).pension_excluded, ga(64).pension_excluded, ga(65).pension_excluded]).toEqual([
      35_000, 35_000, 65_000,
    ]);
    // no age: no exclusion, and the notes say why
    const noAge = tax({
      state: 'GA',
      filing_status: 'single',
      state_taxable_income: 0,
      pension_income: 10_000,
    });
    expect([noAge.pension_excluded, noAge.tax]).toEqual([0, 519]);
    expect(noAge.notes.join(' ')).toContain('Age not given');
  });
  it('ID 5.3% over 4,811 / 9,622 (Idaho Code 63-3024(2), HB 40 (2025)): the zero-rate band', () => {
    // (50,000 - 4,811) x 5.3% = 45,189 x 0.053 = 2,395.017 -> 2,395.02
    expect(single('ID', 50_000).tax).toBe(2395.02);
    // joint: (50,000 - 9,622) x 5.3% = 40,378 x 0.053 = 2,140.034 -> 2,140.03; hoh and qss use the joint band
    for (const filing_status of ['mfj', 'hoh', 'qss'] as const) {
      expect(tax({ state: 'ID', filing_status, state_taxable_income: 50_000 }).tax).toBe(2140.03);
    }
    expect(tax({ state: 'ID', filing_status: 'mfs', state_taxable_income: 50_000 }).tax).toBe(2395.02);
    // edge: at 4,811 no tax, the next dollar at 5.3%
    expect([single('ID', 4811).tax, single('ID', 4811).marginal_rate]).toEqual([0, 0.053]);
    expect([single('ID', 4810).marginal_rate, single('ID', 4812).tax]).toEqual([0, 0.05]); // 1 x 5.3% = 0.053 -> 0.05
  });
  it('IL 4.95% (35 ILCS 5/201(b)(5.4)); retirement income subtracted at any age (5/203(a)(2)(F))', () => {
    const r = single('IL', 100_000, { pension_income: 30_000, social_security_income: 20_000 });
    expect([r.tax, r.pension_excluded, r.social_security_taxed, r.marginal_rate]).toEqual([
      4950, 30_000, 0, 0.0495,
    ]);
    // effective rate on all 150,000 received: 4,950 / 150,000 = 0.033
    expect(r.effective_rate).toBe(0.033);
    // bracket edge: the first dollar is taxed
    expect([single('IL', 0).marginal_rate, single('IL', 1).tax]).toEqual([0.0495, 0.05]);
  });
  it('IN 3.0% (IC 6-3-2-1(a)(3)): 40,000 x 3% = 1,200; private pension taxed', () => {
    expect(single('IN', 40_000).tax).toBe(1200);
    expect(single('IN', 0, { pension_income: 10_000, age: 70 }).tax).toBe(300);
  });
  it('IA 3.8% (Iowa Code 422.5A): retirement income excluded at 55 and over (422.7(31))', () => {
    expect(single('IA', 80_000, { pension_income: 20_000, age: 55 }).tax).toBe(3040); // 80,000 x 3.8%
    expect(single('IA', 80_000, { pension_income: 20_000, age: 54 }).tax).toBe(3800); // 100,000 x 3.8%
  });
  it('KY 4.0% (KRS 141.020, HB 1 (2025)): pension exclusion up to 31,110 (KRS 141.019, Schedule P)', () => {
    // 50,000 + 40,000 - 31,110 = 58,890 x 4% = 2,355.60
    const r = single('KY', 50_000, { pension_income: 40_000 });
    expect([r.pension_excluded, r.tax]).toEqual([31_110, 2355.6]);
  });
  it('LA 3% (R.S. 47:32, 2024 Act 11): 12,000 retirement exemption at 65 and over (R.S. 47:44.1)', () => {
    // 65: 40,000 + 20,000 - 12,000 = 48,000 x 3% = 1,440; 64: 60,000 x 3% = 1,800
    expect(single('LA', 40_000, { pension_income: 20_000, age: 65 }).tax).toBe(1440);
    expect(single('LA', 40_000, { pension_income: 20_000, age: 64 }).tax).toBe(1800);
  });
  it('MA 5% plus the 4% surtax over 1,083,150 (M.G.L. c. 62, 4(b), 4(d); 2025 Form 1 instructions p. 3)', () => {
    // 2,000,000: 5% = 100,000; surtax 4% x (2,000,000 - 1,083,150 = 916,850) = 36,674; total 136,674
    const r = single('MA', 2_000_000);
    expect([r.bracket_tax, r.surtax, r.tax, r.marginal_rate]).toEqual([100_000, 36_674, 136_674, 0.09]);
    expect(r.surtaxes[0]?.taxed_amount).toBe(916_850);
    // edges: at the threshold the next dollar bears the surtax; a dollar below it does not
    expect([single('MA', 1_083_150).surtax, single('MA', 1_083_150).marginal_rate]).toEqual([0, 0.09]);
    expect(single('MA', 1_083_149).marginal_rate).toBe(0.05);
    // the same threshold on a joint return
    expect(tax({ state: 'MA', filing_status: 'mfj', state_taxable_income: 1_183_150 }).surtax).toBe(4000);
  });
  it('MS 0% to 10,000, 4.4% above (Miss. Code 27-7-5, HB 1 (2025)); retirement income excluded', () => {
    // (30,000 - 10,000) x 4.4% = 880
    expect(single('MS', 30_000).tax).toBe(880);
    expect([
      single('MS', 10_000).tax,
      single('MS', 10_000).marginal_rate,
      single('MS', 9_999).marginal_rate,
    ]).toEqual([0, 0.044, 0]);
    expect(single('MS', 30_000, { pension_income: 50_000 }).tax).toBe(880);
  });
  it('NC 4.25% (N.C.G.S. 105-153.7(a)): 75,000 x 4.25% = 3,187.50', () => {
    expect(single('NC', 75_000).tax).toBe(3187.5);
  });
  it('PA 3.07% (72 P.S. 7302): 60,000 x 3.07% = 1,842; retirement benefits not compensation', () => {
    const r = single('PA', 60_000, { pension_income: 25_000, age: 60 });
    expect([r.tax, r.pension_excluded]).toEqual([1842, 25_000]);
  });
});

describe('tax/state-income: graduated states (hand calculations; sources in data/tax/state-2025/)', () => {
  it('CA (2025 FTB rate schedules, Form 540): single 100,000', () => {
    // taxable 100,000 - 5,706 = 94,294. 1% x 11,079 = 110.79; 2% x 15,185 = 303.70; 4% x 15,188 = 607.52;
    // 6% x 16,090 = 965.40; 8% x 15,182 = 1,214.56; 9.3% x 21,570 = 2,006.01; sum 5,207.98; less the $153
    // exemption credit: 5,054.98.
    const r = single('CA', 100_000);
    expect([r.standard_deduction, r.taxable_income, r.bracket_tax, r.exemption_credits, r.tax]).toEqual([
      5706, 94_294, 5207.98, 153, 5054.98,
    ]);
    expect([r.schedule, r.marginal_rate]).toEqual(['single', 0.093]);
  });
  it('CA mental health services tax: 1% of taxable income over 1,000,000 (R&TC 17043)', () => {
    // single 2,000,000: taxable 1,994,294. Tax to 742,953 = 72,219.827; 12.3% x 1,251,341 = 153,914.943;
    // bracket tax 226,134.77. Exemption credit: 1,747,797 over 252,203 is 700 steps of 2,500 -> 153 - 4,200 < 0 -> 0.
    // Surtax 1% x 994,294 = 9,942.94. Tax 236,077.71; marginal 12.3% + 1% = 13.3%.
    const r = single('CA', 2_000_000);
    expect([r.bracket_tax, r.exemption_credits, r.surtax, r.tax, r.marginal_rate]).toEqual([
      226_134.77, 0, 9942.94, 236_077.71, 0.133,
    ]);
    // edge: taxable income exactly 1,000,000 -> no surtax yet, the next dollar bears it
    const edge = single('CA', 1_005_706);
    expect([edge.taxable_income, edge.surtax, edge.marginal_rate]).toEqual([1_000_000, 0, 0.133]);
    expect(single('CA', 1_005_705).marginal_rate).toBe(0.123);
  });
  it('CA exemption credit phase-out: $6 per $2,500 or part over 252,203 (R&TC 17054.1)', () => {
    // 260,000: 7,797 over -> 4 steps -> 153 - 24 = 129
    expect(single('CA', 260_000).exemption_credits).toBe(129);
    // joint: two credits (306), 12 per step; 510,000 is 5,589 over 504,411 -> 3 steps -> 270
    expect(tax({ state: 'CA', filing_status: 'mfj', state_taxable_income: 510_000 }).exemption_credits).toBe(
      270,
    );
  });
  it('CA bracket edges by schedule (single, joint, head of household)', () => {
    // taxable 41,452 is the top of 4% (single): the next dollar is at 6%
    expect([single('CA', 5706 + 41_452).marginal_rate, single('CA', 5706 + 41_451).marginal_rate]).toEqual([
      0.06, 0.04,
    ]);
    // at 11,079 (top of 1%) the 110.79 of tax is still under the 153 credit: the next dollar costs nothing
    expect([single('CA', 5706 + 11_079).tax, single('CA', 5706 + 11_079).marginal_rate]).toEqual([0, 0]);
    const hoh = (ti: number) => tax({ state: 'CA', filing_status: 'hoh', state_taxable_income: 11_412 + ti });
    // head of household tops 11.3% at 1,010,417, already above the 1,000,000 of the 1% surtax
    expect([hoh(1_010_417).marginal_rate, hoh(1_010_416).marginal_rate]).toEqual([0.133, 0.123]);
    const joint = (ti: number) =>
      tax({ state: 'CA', filing_status: 'qss', state_taxable_income: 11_412 + ti });
    expect([joint(145_448).marginal_rate, joint(145_447).marginal_rate]).toEqual([0.093, 0.08]);
    expect(joint(145_448).schedule).toBe('joint');
  });
  it('NJ (2025 NJ-1040 tax rate schedules): single 60,000', () => {
    // taxable 60,000 - 1,000 = 59,000: 1.4% x 20,000 = 280; 1.75% x 15,000 = 262.50; 3.5% x 5,000 = 175;
    // 5.525% x 19,000 = 1,049.75; total 1,767.25
    expect(single('NJ', 60_000).tax).toBe(1767.25);
    // edges: 75,000 of taxable income tops 5.525% (single); 80,000 tops 3.5%... joint tops 3.5% at 80,000
    expect([single('NJ', 76_000).marginal_rate, single('NJ', 75_999).marginal_rate]).toEqual([
      0.0637, 0.05525,
    ]);
    const joint = (ti: number) => tax({ state: 'NJ', filing_status: 'mfj', state_taxable_income: 2000 + ti });
    expect([joint(1_000_000).marginal_rate, joint(999_999).marginal_rate]).toEqual([0.1075, 0.0897]);
  });
  it('NJ pension exclusion at 62+ with its income limits (2025 NJ-1040 lines 28a-28b)', () => {
    const nj = (other: number, pension: number, age: number) =>
      tax({ state: 'NJ', filing_status: 'mfj', state_taxable_income: other, pension_income: pension, age });
    // 66, income 90,000: all 60,000 excluded; 30,000 - 2,000 - 1,000 (65+) = 27,000: 280 + 122.50 = 402.50
    expect([nj(30_000, 60_000, 66).pension_excluded, nj(30_000, 60_000, 66).tax]).toEqual([60_000, 402.5]);
    // income 110,000: 50% of 50,000 = 25,000 excluded; 85,000 - 3,000 = 82,000:
    // 280 + 525 + 490 + 350 + 5.525% x 2,000 = 110.50 -> 1,755.50
    expect([nj(60_000, 50_000, 66).pension_excluded, nj(60_000, 50_000, 66).tax]).toEqual([25_000, 1755.5]);
    // over 150,000: nothing excluded; age 61: nothing excluded
    expect(nj(120_000, 40_000, 66).pension_excluded).toBe(0);
    expect(nj(30_000, 60_000, 61).pension_excluded).toBe(0);
  });
  it('VA (Code of Virginia 58.1-320, 58.1-322.03; 2025 Form 760 instructions): single 60,000', () => {
    // 60,000 - 8,750 - 930 = 50,320: 2% x 3,000 = 60; 3% x 2,000 = 60; 5% x 12,000 = 600;
    // 5.75% x 33,320 = 1,915.90; total 2,635.90
    const r = single('VA', 60_000);
    expect([r.taxable_income, r.tax]).toEqual([50_320, 2635.9]);
    // edge: 17,000 of taxable income tops 5%
    expect([single('VA', 9680 + 17_000).marginal_rate, single('VA', 9680 + 16_999).marginal_rate]).toEqual([
      0.0575, 0.05,
    ]);
    expect([single('VA', 9680 + 3000).marginal_rate, single('VA', 9680 + 2999).marginal_rate]).toEqual([
      0.03, 0.02,
    ]);
  });
  it('VA age deduction: 12,000 at 65+, less income over 50,000; full from 87 (born before 1939)', () => {
    const va = (age: number) => single('VA', 20_000, { pension_income: 40_000, age });
    // 70: 12,000 - (60,000 - 50,000) = 2,000, plus the 800 exemption: 60,000 - 8,750 - 930 - 2,800 = 47,520
    // tax 720 + 5.75% x 30,520 = 1,754.90 -> 2,474.90
    expect([va(70).age_deductions, va(70).tax]).toEqual([2800, 2474.9]);
    // 88: the full 12,000: 37,520 -> 720 + 5.75% x 20,520 = 1,179.90 -> 1,899.90
    expect([va(88).age_deductions, va(88).tax]).toEqual([12_800, 1899.9]);
    // 64: none
    expect(va(64).age_deductions).toBe(0);
  });
});

describe('tax/state-income: more graduated states (hand calculations; sources in data/tax/state-2025/)', () => {
  it('OK (68 O.S. 2355; 2025 Form 511): single 50,000; retirement exclusion 10,000', () => {
    // TI 50,000 - 6,350 - 1,000 = 42,650: 2.50 + 11.25 + 21.875 + 31.625 + 86.25 = 153.50 to 7,200;
    // 4.75% x 35,450 = 1,683.875; total 1,837.375 -> 1,837.38
    expect(single('OK', 50_000).tax).toBe(1837.38);
    // 30,000 + 25,000 - 10,000 = 45,000; TI 37,650: 153.50 + 4.75% x 30,450 = 1,599.875 -> 1,599.88
    expect(single('OK', 30_000, { pension_income: 25_000 }).tax).toBe(1599.88);
    expect([single('OK', 7350 + 7200).marginal_rate, single('OK', 7350 + 7199).marginal_rate]).toEqual([
      0.0475, 0.0375,
    ]);
  });
  it('DE (30 Del. C. 1102; 2025 PIT-RES): single 70,000; pension exclusion 12,500 at 60+, 2,000 under', () => {
    // TI 66,750: 2.2% x 3,000 = 66; 3.9% x 5,000 = 195; 4.8% x 10,000 = 480; 5.2% x 5,000 = 260;
    // 5.55% x 35,000 = 1,942.50; 6.6% x 6,750 = 445.50; 3,389 less the 110 personal credit = 3,279
    expect(single('DE', 70_000).tax).toBe(3279);
    // 66: 20,000 + 30,000 - 12,500 = 37,500 - 3,250 - 2,500 (65+) = 31,750: 1,001 + 5.55% x 6,750 = 374.625
    // -> 1,375.625 - 110 = 1,265.625 -> 1,265.63
    expect(single('DE', 20_000, { pension_income: 30_000, age: 66 }).tax).toBe(1265.63);
    // 55: 2,000 excluded: 48,000 - 3,250 = 44,750: 1,001 + 5.55% x 19,750 = 1,096.125 -> 2,097.125 - 110 -> 1,987.13
    expect(single('DE', 20_000, { pension_income: 30_000, age: 55 }).tax).toBe(1987.13);
    expect([single('DE', 3250 + 60_000).marginal_rate, single('DE', 3250 + 59_999).marginal_rate]).toEqual([
      0.066, 0.0555,
    ]);
  });
  it('KS (K.S.A. 79-32,110, 2024 SB 1; 2025 K-40): single 50,000, joint 100,000, 65+', () => {
    // TI 50,000 - 3,605 - 9,160 = 37,235: 5.2% x 23,000 = 1,196; 5.58% x 14,235 = 794.313 -> 1,990.31
    expect(single('KS', 50_000).tax).toBe(1990.31);
    // joint: 100,000 - 8,240 - 18,320 = 73,440: 2,392 + 5.58% x 27,440 = 1,531.152 -> 3,923.15
    expect(tax({ state: 'KS', filing_status: 'mfj', state_taxable_income: 100_000 }).tax).toBe(3923.15);
    // 70, single: 850 more: TI 36,385: 1,196 + 5.58% x 13,385 = 746.883 -> 1,942.88
    expect(single('KS', 50_000, { age: 70 }).tax).toBe(1942.88);
  });
});

describe('tax/state-income: Nebraska 2025 (Neb. Rev. Stat. 77-2715.03, LB 754; 2025 booklet)', () => {
  it('single 60,000 and joint 120,000, less the 171 exemption credits', () => {
    // TI 60,000 - 8,600 = 51,400: 2.46% x 4,030 = 99.138; 3.51% x 20,090 = 705.159; 5.01% x 14,750 = 738.975;
    // 5.2% x 12,530 = 651.56; sum 2,194.832; less 171 -> 2,023.832 -> 2,023.83
    expect(single('NE', 60_000).tax).toBe(2023.83);
    // joint: TI 102,800: 2.46% x 8,040 = 197.784; 3.51% x 40,210 = 1,411.371; 5.01% x 29,480 = 1,476.948;
    // 5.2% x 25,070 = 1,303.64; sum 4,389.743; less 342 -> 4,047.743 -> 4,047.74
    expect(tax({ state: 'NE', filing_status: 'mfj', state_taxable_income: 120_000 }).tax).toBe(4047.74);
    // edge: 38,870 of taxable income tops 5.01% (single)
    expect([single('NE', 8600 + 38_870).marginal_rate, single('NE', 8600 + 38_869).marginal_rate]).toEqual([
      0.052, 0.0501,
    ]);
  });
});

describe('tax/state-income: Ohio 2025 (R.C. 5747.02 as amended by H.B. 96; 2025 IT 1040 instructions p. 18)', () => {
  it('single 50,000: exemption 2,150 (modified AGI 40,001-80,000); 342 + 2.75% over 26,050', () => {
    // TI 47,850: 342 + 2.75% x 21,800 = 599.50 -> 941.50
    const r = single('OH', 50_000);
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([2150, 47_850, 941.5]);
    expect(r.brackets.map((row) => row.tax)).toEqual([0, 941.5, 0]);
  });
  it('the 26,050 cliff: nothing at or under it, 342 plus 2.75% over it (tax never falls)', () => {
    // 28,450 - 2,400 = 26,050 -> 0; one dollar more -> 342 + 0.0275 -> 342.03
    expect([single('OH', 28_450).tax, single('OH', 28_450).marginal_rate]).toEqual([0, 0.0275]);
    expect(single('OH', 28_451).tax).toBe(342.03);
    expect(single('OH', 28_000).tax).toBe(0);
  });
  it('joint 150,000 and the 100,000 edge: 3.125% above', () => {
    // exemptions 2 x 1,900; TI 146,200: 342 + 2,033.625 + 3.125% x 46,200 = 1,443.75 -> 3,819.375 -> 3,819.38
    expect(tax({ state: 'OH', filing_status: 'mfj', state_taxable_income: 150_000 }).tax).toBe(3819.38);
    expect([single('OH', 101_900).marginal_rate, single('OH', 101_899).marginal_rate]).toEqual([
      0.03125, 0.0275,
    ]);
  });
  it('no exemption above 750,000 of modified AGI (H.B. 96)', () => {
    // 800,000: 2,375.625 + 3.125% x 700,000 = 21,875 -> 24,250.625 -> 24,250.63
    const r = single('OH', 800_000);
    expect([r.personal_exemptions, r.tax]).toEqual([0, 24_250.63]);
  });
});

describe('tax/state-income: New York supplemental tax (Tax Law 601(d-1); 2025 IT-201-I worksheets)', () => {
  it('under 107,650 of AGI the schedule alone: single 60,000', () => {
    // TI 60,000 - 8,000 = 52,000: 4% x 8,500 = 340; 4.5% x 3,200 = 144; 5.25% x 2,200 = 115.50;
    // 5.5% x 38,100 = 2,095.50; total 2,695
    const r = single('NY', 60_000);
    expect([r.taxable_income, r.bracket_tax, r.recapture_tax, r.tax]).toEqual([52_000, 2695, 0, 2695]);
  });
  it('worksheet 1 (taxable income to 215,400): phases toward 6% of all taxable income', () => {
    // 130,000: TI 122,000; schedule 4,270.75 + 6% x 41,350 = 6,751.75; 6% x 122,000 = 7,320; gap 568.25;
    // fraction (130,000 - 107,650) / 50,000 = 0.4470; recapture 254.00775; tax 7,005.75775 -> 7,005.76
    const r = single('NY', 130_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([6751.75, 254.01, 7005.76]);
    // from 157,650 of AGI: 6% of all taxable income: 192,000 x 6% = 11,520
    expect(single('NY', 200_000).tax).toBe(11_520);
  });
  it('worksheet for taxable income over 215,400: base 568 plus the phase-in from 215,400', () => {
    // 240,000: TI 232,000; schedule 12,355.75 + 6.85% x 16,600 = 13,492.85; 6.85% x 232,000 = 15,892;
    // gap 15,892 - 13,492.85 - 568 = 1,831.15; fraction 24,600 / 50,000 = 0.4920 -> 900.9258;
    // recapture 1,468.9258; tax 14,961.7758 -> 14,961.78
    const r = single('NY', 240_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([13_492.85, 1468.93, 14_961.78]);
    // 300,000: fully phased in: 6.85% x 292,000 = 20,002
    expect(single('NY', 300_000).tax).toBe(20_002);
  });
  it('over 25,000,000 of AGI: 10.9% of all taxable income', () => {
    expect(single('NY', 30_000_000).tax).toBe(3_269_128); // 29,992,000 x 10.9%
  });
  it('bracket edges (single schedule): 80,650 and 215,400 of taxable income', () => {
    expect([single('NY', 8000 + 80_650).marginal_rate, single('NY', 8000 + 80_649).marginal_rate]).toEqual([
      0.06, 0.055,
    ]);
    // above 157,650 of AGI worksheet 1 is fully phased in: the rate is 6% on all income
    expect(single('NY', 8000 + 200_000).marginal_rate).toBe(0.06);
  });
  it('pension exclusion: 20,000 from 59 1/2 (applied from age 60)', () => {
    // 65: 40,000 + 30,000 - 20,000 = 50,000; TI 42,000: 340 + 144 + 115.50 + 5.5% x 28,100 = 1,545.50 -> 2,145
    expect(single('NY', 40_000, { pension_income: 30_000, age: 65 }).tax).toBe(2145);
    expect(single('NY', 40_000, { pension_income: 30_000, age: 59 }).pension_excluded).toBe(0);
  });
});

describe('tax/state-income: Colorado 2025 (C.R.S. 39-22-104; 2025 104 Book, Subtractions Lines 3-4)', () => {
  const co = (age: number | undefined, other: number, pension: number, ss: number) =>
    single('CO', other, { pension_income: pension, social_security_income: ss, age });
  it('4.40% flat (SB24-228 rate for 2025; 104 Book Line 12): 60,000 x 4.4% = 2,640', () => {
    expect([single('CO', 60_000).tax, single('CO', 60_000).marginal_rate]).toEqual([2640, 0.044]);
  });
  it('65+: taxable Social Security out in full, the 24,000 pension cap less it (Lines 3 and 4)', () => {
    // provisional income 30,000 + 30,000 + 12,000 = 72,000: taxable benefits min(20,400, 32,300 + 4,500) = 20,400,
    // all subtracted (Line 3); pension cap 24,000 - 20,400 = 3,600 (Line 4): 56,400 x 4.4% = 2,481.60
    const r = co(66, 30_000, 30_000, 24_000);
    expect([r.social_security_taxed, r.pension_excluded, r.tax]).toEqual([0, 3600, 2481.6]);
    // pension alone: 24,000 out, 6,000 x 4.4% = 264
    expect(co(66, 0, 30_000, 0).tax).toBe(264);
  });
  it('55-64: one 20,000 cap for benefits and pension, lifted for benefits at AGI <= 75,000 (HB24-1142)', () => {
    // provisional 52,000: taxable benefits 15,300 + 4,500 = 19,800; AGI 59,800 <= 75,000: all 19,800 out,
    // pension room 20,000 - 19,800 = 200: 39,800 x 4.4% = 1,751.20
    const low = co(60, 30_000, 10_000, 24_000);
    expect([low.social_security_taxed, low.pension_excluded, low.tax]).toEqual([0, 200, 1751.2]);
    expect(low.notes.join(' ')).toContain('not capped');
    // AGI 110,400 > 75,000: 20,000 of the 20,400 out, no pension room: 90,400 x 4.4% = 3,977.60
    const high = co(60, 80_000, 10_000, 24_000);
    expect([high.social_security_taxed, high.pension_excluded, high.tax]).toEqual([400, 0, 3977.6]);
    // joint limit 95,000: AGI 60,000 + 10,000 + 20,400 = 90,400 -> uncapped on a joint return
    const joint = tax({
      state: 'CO',
      filing_status: 'mfj',
      state_taxable_income: 60_000,
      pension_income: 10_000,
      social_security_income: 24_000,
      age: 60,
    });
    expect([joint.social_security_taxed, joint.pension_excluded]).toEqual([0, 0]);
  });
  it('under 55 (or no age): the federally taxable benefits and the pension are taxed', () => {
    // provisional 42,000: 0.85 x 8,000 + 4,500 = 11,300 taxed: 41,300 x 4.4% = 1,817.20
    const r = co(50, 30_000, 0, 24_000);
    expect([r.social_security_taxed, r.tax]).toEqual([11_300, 1817.2]);
    expect(co(54, 30_000, 10_000, 0).pension_excluded).toBe(0);
    expect(co(55, 30_000, 10_000, 0).pension_excluded).toBe(10_000);
    expect(co(undefined, 30_000, 10_000, 0).notes.join(' ')).toContain('Age not given');
  });
});

describe('tax/state-income: Michigan 2025 (MCL 206.51, 206.30 as amended by PA 4 of 2023; Form 4884)', () => {
  it('4.25% flat: 50,000 x 4.25% = 2,125; Social Security exempt', () => {
    expect(single('MI', 50_000).tax).toBe(2125);
    expect(single('MI', 50_000, { social_security_income: 30_000, age: 70 }).tax).toBe(2125);
  });
  it('born 1946-1966 (59-79 at the end of 2025): 75% of the maximum, 49,423 / 98,846 joint', () => {
    // 10,000 + 60,000 - 49,423 = 20,577 x 4.25% = 874.5225 -> 874.52
    const r = single('MI', 10_000, { pension_income: 60_000, age: 70 });
    expect([r.pension_excluded, r.tax]).toEqual([49_423, 874.52]);
    // joint, 65: 120,000 - 98,846 = 21,154 x 4.25% = 899.045 -> 899.05
    const joint = tax({
      state: 'MI',
      filing_status: 'mfj',
      state_taxable_income: 0,
      pension_income: 120_000,
      age: 65,
    });
    expect([joint.pension_excluded, joint.tax]).toEqual([98_846, 899.05]);
    expect(single('MI', 0, { pension_income: 60_000, age: 59 }).pension_excluded).toBe(49_423);
  });
  it('born before 1946 (80+): the full 65,897 / 131,794; born 1967 or later (58): nothing', () => {
    // joint 80: 150,000 - 131,794 = 18,206 x 4.25% = 773.755 -> 773.76
    const r = tax({
      state: 'MI',
      filing_status: 'mfj',
      state_taxable_income: 0,
      pension_income: 150_000,
      age: 80,
    });
    expect([r.pension_excluded, r.tax]).toEqual([131_794, 773.76]);
    expect(single('MI', 0, { pension_income: 100_000, age: 80 }).pension_excluded).toBe(65_897);
    // 58: 10,000 + 60,000 = 70,000 x 4.25% = 2,975
    expect(single('MI', 10_000, { pension_income: 60_000, age: 58 }).tax).toBe(2975);
  });
});

describe('tax/state-income: Utah 2025 (Utah Code 59-10-104, H.B. 106 (2025); TC-40)', () => {
  it('4.5% flat: 80,000 x 4.5% = 3,600; pensions taxed at any age (the retirement credit is not modeled)', () => {
    expect(single('UT', 80_000).tax).toBe(3600);
    expect(single('UT', 0, { pension_income: 10_000, age: 70 }).tax).toBe(450);
  });
  it('Social Security taxed as federal AGI includes it (IRC 86; the credit is not modeled)', () => {
    // single: provisional 30,000 + 12,000 = 42,000: 0.85 x 8,000 + 4,500 = 11,300 taxed; 41,300 x 4.5% = 1,858.50
    const r = single('UT', 30_000, { social_security_income: 24_000, age: 70 });
    expect([r.social_security_taxed, r.tax]).toEqual([11_300, 1858.5]);
    // joint: provisional 20,000 + 15,000 = 35,000: 50% x (35,000 - 32,000) = 1,500; 21,500 x 4.5% = 967.50
    const joint = tax({
      state: 'UT',
      filing_status: 'mfj',
      state_taxable_income: 20_000,
      social_security_income: 30_000,
    });
    expect([joint.social_security_taxed, joint.tax]).toEqual([1500, 967.5]);
    // under the base amount nothing is taxed
    expect(single('UT', 10_000, { social_security_income: 20_000 }).social_security_taxed).toBe(0);
    expect(r.notes.join(' ')).toContain('Social Security benefits credit');
  });
});

describe('tax/state-income: North Dakota 2025 (N.D.C.C. 57-38-30.3; 2025 booklet rate schedules)', () => {
  // North Dakota starts from federal taxable income (Form ND-1 line 1): the 2025 federal basic standard
  // deduction (15,750 / 31,500 / 23,625 head of household) stands for a state one.
  it('single: 0% to 48,475, 1.95% to 244,825, 2.5% above', () => {
    // 60,000 - 15,750 = 44,250: all at 0%
    expect([single('ND', 60_000).standard_deduction, single('ND', 60_000).tax]).toEqual([15_750, 0]);
    // 100,000: TI 84,250; 1.95% x 35,775 = 697.6125 -> 697.61
    expect(single('ND', 100_000).tax).toBe(697.61);
    // 300,000: TI 284,250; 1.95% x 196,350 = 3,828.825 (the booklet's 3,828.83) + 2.5% x 39,425 = 985.625 -> 4,814.45
    expect(single('ND', 300_000).tax).toBe(4814.45);
    // edges
    expect([
      single('ND', 15_750 + 48_475).marginal_rate,
      single('ND', 15_750 + 48_474).marginal_rate,
    ]).toEqual([0.0195, 0]);
    expect(single('ND', 15_750 + 244_825).marginal_rate).toBe(0.025);
  });
  it('joint, head of household, separate and surviving spouse schedules', () => {
    const nd = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'ND', filing_status, state_taxable_income: income }).tax;
    // joint 150,000: TI 118,500; 1.95% x 37,525 = 731.7375 -> 731.74 (qss uses the joint schedule)
    expect([nd('mfj', 150_000), nd('qss', 150_000)]).toEqual([731.74, 731.74]);
    // head of household 100,000: TI 76,375; 1.95% x 11,425 = 222.7875 -> 222.79
    expect(nd('hoh', 100_000)).toBe(222.79);
    // separate 60,000: TI 44,250; 1.95% x 3,775 = 73.6125 -> 73.61
    expect(nd('mfs', 60_000)).toBe(73.61);
  });
  it('Social Security exempt (S.B. 2351, 2021); pensions taxed at any age', () => {
    const r = single('ND', 80_000, { pension_income: 20_000, social_security_income: 30_000, age: 70 });
    expect([r.social_security_taxed, r.pension_excluded, r.tax]).toEqual([0, 0, 697.61]);
  });
});

describe('tax/state-income: New Mexico 2025 (NMSA 7-2-7 as amended by HB 252; 2025 PIT-1)', () => {
  // New Mexico's standard deduction is the federal one (2025: 15,750 / 31,500 / 23,625 head of household).
  it("single 60,000: TI 44,250 -> 1,165.50 + 4.7% x 10,750 = 1,670.75 (the statute's base amounts)", () => {
    const r = single('NM', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([15_750, 44_250, 1670.75]);
    // top: 300,000 -> TI 284,250: 9,748 + 5.9% x 74,250 = 4,380.75 -> 14,128.75
    expect(single('NM', 300_000).tax).toBe(14_128.75);
    expect([single('NM', 15_750 + 5500).marginal_rate, single('NM', 15_750 + 5499).marginal_rate]).toEqual([
      0.032, 0.015,
    ]);
  });
  it('joint, head of household (joint schedule) and separate', () => {
    const nm = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'NM', filing_status, state_taxable_income: income }).tax;
    // joint 120,000: TI 88,500: 1,739 + 4.7% x 38,500 = 1,809.50 -> 3,548.50
    expect(nm('mfj', 120_000)).toBe(3548.5);
    // head of household 120,000: TI 96,375: 1,739 + 4.7% x 46,375 = 2,179.625 -> 3,918.625 -> 3,918.63
    expect(nm('hoh', 120_000)).toBe(3918.63);
    // separate 60,000: TI 44,250: 869.50 + 4.7% x 19,250 = 904.75 -> 1,774.25
    expect(nm('mfs', 60_000)).toBe(1774.25);
  });
  it('Social Security exempt up to AGI 100,000 single (NMSA 7-2-5.14), taxed as federal AGI includes it above', () => {
    // 40,000 + 24,000 of benefits: 19,800 in federal AGI (59,800 <= 100,000): exempt; TI 24,250:
    // 434.50 + 4.3% x 7,750 = 333.25 -> 767.75
    const low = single('NM', 40_000, { social_security_income: 24_000, age: 70 });
    expect([low.social_security_taxed, low.tax]).toEqual([0, 767.75]);
    // 100,000 + 30,000: 25,500 in federal AGI (125,500 > 100,000): all taxed; TI 109,750:
    // 2,716.50 + 4.9% x 43,250 = 2,119.25 -> 4,835.75
    const high = single('NM', 100_000, { social_security_income: 30_000, age: 70 });
    expect([high.social_security_taxed, high.tax]).toEqual([25_500, 4835.75]);
    expect(high.notes.join(' ')).toContain('0% of the benefits');
  });
});

describe('tax/state-income: Montana 2025 (MCA 15-30-2103, S.B. 399; 2025 Montana Tax Tables)', () => {
  // Montana starts from federal taxable income (Form 2 line 1): the 2025 federal basic standard deduction.
  it('single 60,000: TI 44,250 -> 4.7% x 21,100 = 991.70 + 5.9% x 23,150 = 1,365.85 -> 2,357.55', () => {
    expect(single('MT', 60_000).tax).toBe(2357.55);
    expect([
      single('MT', 15_750 + 21_100).marginal_rate,
      single('MT', 15_750 + 21_099).marginal_rate,
    ]).toEqual([0.059, 0.047]);
  });
  it('joint, head of household and separate schedules', () => {
    const mt = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'MT', filing_status, state_taxable_income: income }).tax;
    // joint 100,000: TI 68,500: 1,983.40 + 5.9% x 26,300 = 1,551.70 -> 3,535.10
    expect([mt('mfj', 100_000), mt('qss', 100_000)]).toEqual([3535.1, 3535.1]);
    // head of household 80,000: TI 56,375: 1,489.90 + 5.9% x 24,675 = 1,455.825 -> 2,945.725 -> 2,945.73
    expect(mt('hoh', 80_000)).toBe(2945.73);
    // separate 40,000: TI 24,250: 991.70 + 5.9% x 3,150 = 185.85 -> 1,177.55
    expect(mt('mfs', 40_000)).toBe(1177.55);
  });
  it('Social Security taxed as federal AGI includes it; 5,660 subtracted at 65 (MCA 15-30-2110(3)(g))', () => {
    // 40,000 + 24,000 of benefits: 19,800 taxed; 59,800 - 15,750 - 5,660 = 38,390:
    // 991.70 + 5.9% x 17,290 = 1,020.11 -> 2,011.81
    const r = single('MT', 40_000, { social_security_income: 24_000, age: 66 });
    expect([r.social_security_taxed, r.age_deductions, r.tax]).toEqual([19_800, 5660, 2011.81]);
    // 64: no subtraction: TI 44,050: 991.70 + 5.9% x 22,950 = 1,354.05 -> 2,345.75
    expect(single('MT', 40_000, { social_security_income: 24_000, age: 64 }).tax).toBe(2345.75);
  });
});

describe('tax/state-income: District of Columbia 2025 (D.C. Code 47-1806.03; 2025 D-40 Booklet)', () => {
  it('single 60,000: TI 60,000 - 15,000 = 45,000 -> 400 + 1,800 + 6.5% x 5,000 = 2,525', () => {
    const r = single('DC', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([15_000, 45_000, 2525]);
    expect([
      single('DC', 15_000 + 60_000).marginal_rate,
      single('DC', 15_000 + 59_999).marginal_rate,
    ]).toEqual([0.085, 0.065]);
  });
  it('joint 150,000 and the 10.75% top bracket (the same brackets for every status)', () => {
    // joint: TI 120,000: 400 + 1,800 + 1,300 + 8.5% x 60,000 = 5,100 -> 8,600
    expect(tax({ state: 'DC', filing_status: 'mfj', state_taxable_income: 150_000 }).tax).toBe(8600);
    // single 1,500,000: TI 1,485,000: 19,650 to 250,000; + 9.25% x 250,000 = 23,125; + 9.75% x 500,000 = 48,750;
    // + 10.75% x 485,000 = 52,137.50 -> 143,662.50
    const top = single('DC', 1_500_000);
    expect([top.tax, top.marginal_rate]).toEqual([143_662.5, 0.1075]);
  });
  it('65+: the additional 2,000 (1,600 married); Social Security exempt', () => {
    // 60,000 - 15,000 - 2,000 = 43,000: 400 + 1,800 + 6.5% x 3,000 = 195 -> 2,395
    const r = single('DC', 60_000, { social_security_income: 30_000, pension_income: 0, age: 66 });
    expect([r.social_security_taxed, r.age_deductions, r.tax]).toEqual([0, 2000, 2395]);
    const joint = tax({ state: 'DC', filing_status: 'mfj', state_taxable_income: 150_000, age: 70 });
    expect(joint.age_deductions).toBe(1600);
  });
});

describe('tax/state-income: West Virginia 2025 (W. Va. Code 11-21-4i, S.B. 2033; 2025 IT-140)', () => {
  it('single 60,000: less the 2,000 exemption, TI 58,000 -> 1,165.50 + 4.44% x 18,000 = 1,964.70', () => {
    const r = single('WV', 60_000);
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([2000, 58_000, 1964.7]);
    expect([single('WV', 2000 + 60_000).marginal_rate, single('WV', 2000 + 59_999).marginal_rate]).toEqual([
      0.0482, 0.0444,
    ]);
  });
  it('joint (two exemptions) and separate schedules', () => {
    // joint 120,000: TI 116,000: 2,053.50 + 4.82% x 56,000 = 2,699.20 -> 4,752.70
    expect(tax({ state: 'WV', filing_status: 'mfj', state_taxable_income: 120_000 }).tax).toBe(4752.7);
    // separate 40,000: TI 38,000: 1,026.75 + 4.82% x 8,000 = 385.60 -> 1,412.35
    expect(tax({ state: 'WV', filing_status: 'mfs', state_taxable_income: 40_000 }).tax).toBe(1412.35);
  });
  it('Social Security: all out with federal AGI <= 50,000, 65% above (H.B. 4880); the 8,000 at 65 less it', () => {
    // 30,000 + 24,000: 11,300 in federal AGI (41,300): all out; the 8,000 senior modification is
    // exceeded by it: TI 28,000: 666 + 3.33% x 3,000 = 99.90 -> 765.90
    const low = single('WV', 30_000, { social_security_income: 24_000, age: 70 });
    expect([low.social_security_taxed, low.age_deductions, low.tax]).toEqual([0, 0, 765.9]);
    // 60,000 + 30,000: 25,500 in federal AGI (85,500 > 50,000): 65% = 16,575 out, 8,925 taxed;
    // TI 66,925: 2,053.50 + 4.82% x 6,925 = 333.785 -> 2,387.29
    const high = single('WV', 60_000, { social_security_income: 30_000, age: 70 });
    expect([high.social_security_taxed, high.tax]).toEqual([8925, 2387.29]);
    // 20,000 + 20,000: 2,500 in federal AGI, all out; senior 8,000 - 2,500 = 5,500:
    // TI 20,000 - 2,000 - 5,500 = 12,500: 222 + 2.96% x 2,500 = 74 -> 296
    const part = single('WV', 20_000, { social_security_income: 20_000, age: 66 });
    expect([part.age_deductions, part.tax]).toEqual([5500, 296]);
    // pension only at 66: the full 8,000: TI 20,000: 222 + 296 = 518; at 64 none
    expect(single('WV', 0, { pension_income: 30_000, age: 66 }).tax).toBe(518);
    expect(single('WV', 0, { pension_income: 30_000, age: 64 }).age_deductions).toBe(0);
  });
});

describe('tax/state-income: South Carolina 2025 (S.C. Code 12-6-510, 12-6-1170; 2025 SC1040)', () => {
  // South Carolina conforms to the IRC as of December 31, 2024: the pre-2025-increase standard deduction.
  it('single 60,000: TI 45,000 -> 3% x 14,270 = 428.10 + 6% x 27,170 = 1,630.20 -> 2,058.30', () => {
    const r = single('SC', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([15_000, 45_000, 2058.3]);
    // joint 100,000: TI 70,000: 428.10 + 6% x 52,170 = 3,130.20 -> 3,558.30
    expect(tax({ state: 'SC', filing_status: 'mfj', state_taxable_income: 100_000 }).tax).toBe(3558.3);
    expect([single('SC', 15_000 + 17_830).marginal_rate, single('SC', 15_000 + 3_559).marginal_rate]).toEqual(
      [0.06, 0],
    );
  });
  it('retirement deduction 3,000 before 65, 10,000 from 65; the 15,000 at 65 less it (12-6-1170(A), (B))', () => {
    // 70: 30,000 + 20,000 - 10,000 = 40,000; at-65 deduction 15,000 - 10,000 = 5,000; TI 20,000:
    // 428.10 + 6% x 2,170 = 130.20 -> 558.30 (benefits exempt)
    const r = single('SC', 30_000, { pension_income: 20_000, social_security_income: 20_000, age: 70 });
    expect([r.pension_excluded, r.age_deductions, r.social_security_taxed, r.tax]).toEqual([
      10_000, 5000, 0, 558.3,
    ]);
    // 60: 3,000 out, no age deduction: 47,000 - 15,000 = 32,000: 428.10 + 6% x 14,170 = 850.20 -> 1,278.30
    const young = single('SC', 30_000, { pension_income: 20_000, age: 60 });
    expect([young.pension_excluded, young.tax]).toEqual([3000, 1278.3]);
    // 66 without a pension: the whole 15,000: 50,000 - 30,000 = 20,000 -> 558.30
    expect(single('SC', 50_000, { age: 66 }).tax).toBe(558.3);
  });
});

describe('tax/state-income: Hawaii 2025 (HRS 235-51 as amended by Act 46, SLH 2024; 2025 N-11)', () => {
  // Rate schedules of HRS 235-51 (2025 N-11 Instructions; DoTax "Tax Year Information - 2025"): Hawaii
  // taxable income = income - standard deduction (HRS 235-2.4) - exemptions (HRS 235-54(a), 1,144 each).
  it('single 60,000: TI 60,000 - 4,400 - 1,144 = 54,456 -> 2,539.20 at 48,000 + 7.6% x 6,456 = 3,029.86', () => {
    // 9,600 x 1.4% = 134.40; 4,800 x 3.2% = 153.60; 4,800 x 5.5% = 264; 4,800 x 6.4% = 307.20;
    // 12,000 x 6.8% = 816; 12,000 x 7.2% = 864: 2,539.20 at 48,000; 6,456 x 7.6% = 490.656
    const r = single('HI', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      4400, 1144, 54_456, 3029.86,
    ]);
    // bracket edge: TI 48,000 -> the next dollar at 7.6%; TI 47,999 -> 7.2%
    expect([single('HI', 5544 + 48_000).marginal_rate, single('HI', 5544 + 47_999).marginal_rate]).toEqual([
      0.076, 0.072,
    ]);
    expect(single('HI', 5544 + 48_000).tax).toBe(2539.2);
  });
  it('joint, surviving spouse, head of household and separate schedules', () => {
    // joint 100,000: TI 100,000 - 8,800 - 2,288 = 88,912: 3,350.40 at 72,000 (DoTax: $3,350) + 7.2% x 16,912
    // = 1,217.664 -> 4,568.06
    expect(tax({ state: 'HI', filing_status: 'mfj', state_taxable_income: 100_000 }).tax).toBe(4568.06);
    // surviving spouse: one exemption: TI 90,056: 3,350.40 + 7.2% x 18,056 = 1,300.032 -> 4,650.43
    expect(tax({ state: 'HI', filing_status: 'qss', state_taxable_income: 100_000 }).tax).toBe(4650.43);
    // head of household 50,000: TI 50,000 - 6,424 - 1,144 = 42,432: 1,288.80 at 36,000 (DoTax: $1,289)
    // + 6.8% x 6,432 = 437.376 -> 1,726.18
    expect(tax({ state: 'HI', filing_status: 'hoh', state_taxable_income: 50_000 }).tax).toBe(1726.18);
    // separate uses the single schedule: 40,000 -> TI 34,456: 859.20 at 24,000 + 6.8% x 10,456 = 711.008 -> 1,570.21
    expect(tax({ state: 'HI', filing_status: 'mfs', state_taxable_income: 40_000 }).tax).toBe(1570.21);
  });
  it('single 1,000,000: the 11% bracket over 325,000', () => {
    // 2,539.20 + 7.6% x 77,000 = 5,852 + 7.9% x 50,000 = 3,950 + 8.25% x 50,000 = 4,125 + 9% x 50,000 = 4,500
    // + 10% x 50,000 = 5,000: 25,966.20 at 325,000 (DoTax joint at 650,000: $51,932);
    // + 11% x (994,456 - 325,000) = 73,640.16 -> 99,606.36
    const top = single('HI', 1_000_000);
    expect([top.tax, top.marginal_rate]).toEqual([99_606.36, 0.11]);
  });
  it('employer pension excluded at every age (HRS 235-7(a); N-11 line 13); Social Security exempt; the extra exemption at 65', () => {
    // 70: 20,000 + 30,000 pension (out) + 24,000 benefits (exempt); 1,144 + 1,144 at 65:
    // TI 20,000 - 4,400 - 2,288 = 13,312: 134.40 + 3.2% x 3,712 = 118.784 -> 253.18
    const r = single('HI', 20_000, { pension_income: 30_000, social_security_income: 24_000, age: 70 });
    expect([r.pension_excluded, r.social_security_taxed, r.age_deductions, r.tax]).toEqual([
      30_000, 0, 1144, 253.18,
    ]);
    // 64: no extra exemption: TI 14,456: 288 + 5.5% x 56 = 3.08 -> 291.08; the pension is still out
    const young = single('HI', 20_000, { pension_income: 30_000, age: 64 });
    expect([young.pension_excluded, young.age_deductions, young.tax]).toEqual([30_000, 0, 291.08]);
    expect(single('HI', 20_000, { pension_income: 30_000 }).pension_excluded).toBe(30_000);
  });
});

describe('tax/state-income: Minnesota 2025 (Minn. Stat. 290.06, 290.0123, 290.0132 subd. 26; 2025 Form M1)', () => {
  const mn = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'MN', filing_status, state_taxable_income: income, ...extra });
  it('single 60,000 and joint 120,000 (Form M1 line 4 standard deduction, rate schedules)', () => {
    // single: TI 60,000 - 14,950 = 45,050: 5.35% x 32,570 = 1,742.495 + 6.8% x 12,480 = 848.64 -> 2,591.135
    const r = mn('single', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([14_950, 45_050, 2591.14]);
    // joint: TI 90,100: 5.35% x 47,620 = 2,547.67 + 6.8% x 42,480 = 2,888.64 -> 5,436.31
    expect(mn('mfj', 120_000).tax).toBe(5436.31);
    // head of household 22,500; qualifying surviving spouse uses the joint schedule and deduction
    expect([mn('hoh', 60_000).standard_deduction, mn('qss', 60_000).schedule]).toEqual([22_500, 'joint']);
  });
  it('bracket edges (single, separate, head of household)', () => {
    expect([
      mn('single', 14_950 + 32_570).marginal_rate,
      mn('single', 14_950 + 32_569).marginal_rate,
    ]).toEqual([0.068, 0.0535]);
    expect([mn('mfs', 14_950 + 94_590).marginal_rate, mn('mfs', 14_950 + 94_589).marginal_rate]).toEqual([
      0.0785, 0.068,
    ]);
    expect([mn('hoh', 22_500 + 40_100).marginal_rate, mn('hoh', 22_500 + 40_099).marginal_rate]).toEqual([
      0.068, 0.0535,
    ]);
  });
  it('standard deduction limitation (290.0123 subd. 5): 3% of AGI over 238,950, 10% over 330,300, at most 80%', () => {
    // 300,000: 3% x 61,050 = 1,831.50 -> 13,118.50; TI 286,881.50: 13,996.795 to 198,630 + 9.85% x 88,251.50 =
    // 8,692.77275 -> 22,689.56775; the next dollar also shrinks the deduction: 9.85% x 1.03 = 10.1455%
    const r = mn('single', 300_000);
    expect([r.standard_deduction, r.tax, r.marginal_rate]).toEqual([13_118.5, 22_689.57, 0.101455]);
    // 400,000: 3% x 91,350 = 2,740.50 + 10% x 69,700 = 6,970 -> 9,710.50 off: 5,239.50; next dollar 9.85% x 1.1
    expect([mn('single', 400_000).standard_deduction, mn('single', 400_000).marginal_rate]).toEqual([
      5239.5, 0.10835,
    ]);
    // 500,000: 19,710.50 is over 80% of 14,950 = 11,960 -> 2,990 left; the rate is the bracket's again
    expect([mn('single', 500_000).standard_deduction, mn('single', 500_000).marginal_rate]).toEqual([
      2990, 0.0985,
    ]);
    // separate: half the thresholds: 130,000 is 10,525 over 119,475 -> 315.75 off
    expect(mn('mfs', 130_000).standard_deduction).toBe(14_634.25);
    // at the threshold, nothing yet
    expect(mn('mfj', 238_950).standard_deduction).toBe(29_900);
  });
  it('Social Security: all the taxable part out under 84,490 of AGI, 10% less per 4,000 over it; 2,000 more at 65', () => {
    // 40,000 + 30,000 of benefits: provisional 55,000 -> taxable 0.85 x 21,000 + 4,500 = 22,350; AGI 62,350 -> all out.
    // 70: TI 40,000 - 14,950 - 2,000 = 23,050 x 5.35% = 1,233.175; 64: TI 25,050 -> 1,340.175
    const at = (age: number) => mn('single', 40_000, { social_security_income: 30_000, age });
    expect([at(70).social_security_taxed, at(70).age_deductions, at(70).tax]).toEqual([0, 2000, 1233.18]);
    expect([at(64).age_deductions, at(64).tax]).toEqual([0, 1340.18]);
    // 80,000 + 30,000: taxable 25,500; AGI 105,500 is 21,010 over -> 6 steps -> 40% of 25,500 = 10,200 out, 15,300 taxed;
    // TI 95,300 - 14,950 - 2,000 = 78,350: 1,742.495 + 6.8% x 45,780 = 3,113.04 -> 4,855.535
    const over = mn('single', 80_000, { social_security_income: 30_000, age: 70 });
    expect([over.social_security_taxed, over.tax]).toEqual([15_300, 4855.54]);
    // 11 steps over: nothing out
    expect(mn('single', 100_000, { social_security_income: 30_000, age: 70 }).social_security_taxed).toBe(
      25_500,
    );
    // pensions are taxed at any age (the public pension subtraction is not modeled)
    expect(mn('single', 0, { pension_income: 20_000, age: 70 }).pension_excluded).toBe(0);
  });
  it('PolicyEngine-US cases: mn_basic_tax.yaml "2025 single filer" (TI 200,000 -> 14,131.74); mn_standard_deduction.yaml 2025 single', () => {
    expect(mn('single', 14_950 + 200_000).bracket_tax).toBe(14_131.74);
    expect(mn('single', 100_000).standard_deduction).toBe(14_950);
    // mn_social_security_subtraction.yaml "2025 joint low income": AGI 50,000, under 108,320 -> all of it out
    expect(mn('mfj', 30_000, { social_security_income: 30_000 }).social_security_taxed).toBe(0);
  });
});

describe('tax/state-income: Connecticut 2025 (C.G.S. 12-700 to 12-703; 2025 CT-1040 Tax Calculation Schedule)', () => {
  // Tax Calculation Schedule: line 1 Connecticut AGI; Table A exemption; Table B tax on taxable income;
  // Table C add-back and Table D recapture (on CT AGI); Table E decimal of the personal tax credit.
  const ct = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'CT', filing_status, state_taxable_income: income, ...extra });
  it('single 45,000 (hand calculation): exemption gone, 10% personal credit', () => {
    // Table A: 15,000 - 1,000 x 15 (45,000 over 30,000) = 0; TI 45,000. Table B: 2% x 10,000 = 200 +
    // 4.5% x 35,000 = 1,575 -> 1,775. Tables C, D: none (under 56,500). Table E: over 33,300 and not over
    // 60,000 -> .10 -> 177.50. Tax 1,597.50; the next dollar: 4.5% x (1 - .10) = 4.05%.
    const r = ct('single', 45_000);
    expect([
      r.personal_exemptions,
      r.taxable_income,
      r.bracket_tax,
      r.recapture_tax,
      r.exemption_credits,
    ]).toEqual([0, 45_000, 1775, 0, 177.5]);
    expect([r.tax, r.marginal_rate]).toEqual([1597.5, 0.0405]);
  });
  it('single 25,000: full 15,000 exemption; Table E .35 (over 22,300, not over 25,000)', () => {
    // TI 10,000 -> 200; credit 70; tax 130
    const r = ct('single', 25_000);
    expect([r.personal_exemptions, r.bracket_tax, r.exemption_credits, r.tax]).toEqual([
      15_000, 200, 70, 130,
    ]);
    // Table A phase-out: 33,500 is 3,500 over 30,000 -> 4 steps -> 11,000
    expect(ct('single', 33_500).personal_exemptions).toBe(11_000);
  });
  it('single 80,000: Table C add-back 25 per 5,000 or part over 56,500', () => {
    // TI 80,000: 200 + 1,800 + 5.5% x 30,000 = 1,650 -> 3,650; 23,500 over -> 5 steps -> 125; tax 3,775
    const r = ct('single', 80_000);
    expect([r.bracket_tax, r.recapture_tax, r.exemption_credits, r.tax]).toEqual([3650, 125, 0, 3775]);
  });
  it('joint 150,000: Table C at its 500 maximum, no recapture under 210,000', () => {
    // TI 150,000: 400 + 3,600 + 5.5% x 50,000 = 2,750 -> 6,750; 49,500 over 100,500 -> 10 steps -> 500
    const r = ct('mfj', 150_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([6750, 500, 7250]);
  });
  it('single 600,000: Table C 250 + Table D 250 + 2,700 + 450', () => {
    // 200 + 1,800 + 2,750 + 6,000 + 3,250 + 6.9% x 250,000 = 17,250 + 6.99% x 100,000 = 6,990 -> 38,240
    // Table D: (600,000 - 105,000) / 5,000 = 99 steps x 25 -> 250 max; 80 x 90 -> 2,700 max; 20 x 50 -> 450 max
    const r = ct('single', 600_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax, r.marginal_rate]).toEqual([38_240, 3650, 41_890, 0.0699]);
  });
  it('bracket edges by schedule (taxable income = income once the exemption is gone)', () => {
    // single 50,000: the next dollar at 5.5% less the .10 credit; 49,999 at 4.5% less it
    expect([ct('single', 50_000).marginal_rate, ct('single', 49_999).marginal_rate]).toEqual([
      0.0495, 0.0405,
    ]);
    expect([ct('single', 100_000).marginal_rate, ct('single', 99_999).marginal_rate]).toEqual([0.06, 0.055]);
    expect([ct('mfj', 200_000).marginal_rate, ct('mfj', 199_999).marginal_rate]).toEqual([0.06, 0.055]);
    // head of household: 80,000 tops 4.5%; the credit is gone over 78,500
    expect([ct('hoh', 80_000).marginal_rate, ct('hoh', 79_999).marginal_rate]).toEqual([0.055, 0.045]);
    expect(ct('qss', 150_000).schedule).toBe('joint');
    expect(ct('mfs', 150_000).schedule).toBe('single');
  });
  it('pension and Social Security subtractions by federal AGI, at every age (12-701(a)(20)(B)(x), (xxi))', () => {
    // 30,000 + 30,000 pension + 20,000 benefits: provisional 70,000 -> taxable benefits 0.85 x 20,000 = 17,000;
    // federal AGI 77,000: pension 85% (75,000 but not over 77,499) -> 25,500 out; benefits: at most 25% of the
    // lesser of 20,000 and 70,000 - 25,000 stays -> 5,000 taxed. CT AGI 30,000 + 4,500 + 5,000 = 39,500.
    // Table A: 15,000 - 10 x 1,000 = 5,000 -> TI 34,500: 200 + 4.5% x 24,500 = 1,102.50 -> 1,302.50;
    // Table E .10 -> 130.25; tax 1,172.25
    const high = (age?: number) =>
      ct('single', 30_000, { pension_income: 30_000, social_security_income: 20_000, age });
    expect([high(70).pension_excluded, high(70).social_security_taxed, high(70).tax]).toEqual([
      25_500, 5000, 1172.25,
    ]);
    // no age gate: the same at 40 and without an age
    expect([high(40).tax, high().tax]).toEqual([1172.25, 1172.25]);
    // federal AGI under 75,000 (20,000 + 30,000 + 17,000 = 67,000): both out in full; CT AGI 20,000:
    // TI 5,000 -> 100; Table E .60 (over 19,800, not over 20,300) -> 40
    const low = ct('single', 20_000, { pension_income: 30_000, social_security_income: 20_000, age: 70 });
    expect([low.pension_excluded, low.social_security_taxed, low.tax]).toEqual([30_000, 0, 40]);
    // joint table: 100,000 but not over 104,999 -> 85%
    expect(ct('mfj', 70_000, { pension_income: 30_000 }).pension_excluded).toBe(25_500);
    expect(ct('mfj', 69_999, { pension_income: 30_000 }).pension_excluded).toBe(30_000);
  });
  it('PolicyEngine-US cases (same law in 2024 and 2025): recapture, the Social Security adjustment, an integration case', () => {
    // add_back/ct_income_tax_recapture.yaml cases 5-7 (Table D alone): 535,001 -> 3,350; 275,001 -> 1,690;
    // 335,001 -> 2,770; our recapture_tax adds Table C's 250
    expect([535_001, 275_001, 335_001].map((i) => ct('single', i).recapture_tax)).toEqual([3600, 1940, 3020]);
    // subtractions/ct_social_security_benefit_adjustment.yaml "issue 7019": joint, 2 x 46,718.91 benefits and
    // 2 x 28,475.02 pension -> adjustment 38,802, CT AGI 43,544, tax 332. By hand: provisional income
    // 56,950.04 + 46,718.91 = 103,668.95; federally taxable 0.85 x 59,668.95 + 6,000 = 56,718.6075; federal AGI
    // 113,668.6475 -> pension 55% -> 31,322.522 out; benefits kept 25% x 71,668.95 = 17,917.2375;
    // CT AGI 25,627.518 + 17,917.2375 = 43,544.7555; TI 19,544.7555 x 2% = 390.895; Table E .15 -> 332.26
    const r = ct('mfj', 0, { social_security_income: 93_437.82, pension_income: 56_950.04, age: 75 });
    expect([r.pension_excluded, r.social_security_taxed, r.tax]).toEqual([31_322.52, 17_917.24, 332.26]);
    // integration.yaml "167301-CT.yaml" (2024): head of household, wages 68,551 + 3 -> ct_income_tax 2,415 (+-2):
    // 320 + 4.5% x 52,554 = 2,364.93 -> 2,684.93, Table E .10 -> 2,416.44
    expect(ct('hoh', 68_554).tax).toBe(2416.44);
  });
});

describe('tax/state-income: PolicyEngine-US test cases whose inputs map', () => {
  // policyengine_us/tests/policy/baseline/gov/states/<st>/tax/income/... (commit 8914f89). Their inputs are the
  // state's taxable income: ours adds back the standard deduction and exemptions the engine subtracts.
  it('ma_income_tax_before_credits.yaml "2025 surtax threshold at $1,083,150": 1,200,000 -> 64,674', () => {
    expect(single('MA', 1_200_000).tax).toBe(64_674);
  });
  it('ca_mental_health_services_tax.yaml: taxable 2,000,000 -> 10,000; taxable 1,000,000 -> 0', () => {
    expect(single('CA', 2_005_706).surtax).toBe(10_000);
    expect(single('CA', 1_005_706).surtax).toBe(0);
  });
  it('nj_main_income_tax.yaml (rates unchanged since 2020): 25,000 -> 367.50; mfs 1,100,000 -> 85,323.75; hoh 56,000 -> 952', () => {
    expect(single('NJ', 26_000).bracket_tax).toBe(367.5);
    expect(tax({ state: 'NJ', filing_status: 'mfs', state_taxable_income: 1_101_000 }).bracket_tax).toBe(
      85_323.75,
    );
    expect(tax({ state: 'NJ', filing_status: 'hoh', state_taxable_income: 57_000 }).bracket_tax).toBe(952);
  });
  it('va_income_tax_before_non_refundable_credits.yaml (rates unchanged): 2,000 -> 40; 4,000 -> 90; 10,000 -> 370', () => {
    expect([2000, 4000, 10_000].map((ti) => single('VA', 9680 + ti).tax)).toEqual([40, 90, 370]);
  });
});

describe('tax/state-income: validation', () => {
  it('the code is case-insensitive', () => {
    expect(single('il', 100_000).tax).toBe(single('IL', 100_000).tax);
    expect(single('Il', 100_000).state).toBe('IL');
  });
  it('an uncovered code is unsupported_jurisdiction listing the covered codes', () => {
    const error = errorOf(() => single('ZZ', 1));
    expect(error.code).toBe('unsupported_jurisdiction');
    expect(error.issues[0]?.path).toBe('state');
    expect(error.message).toContain(COVERED_STATES.join(', '));
  });
  it('tax_year other than 2025 is unsupported_year', () => {
    const error = errorOf(() =>
      tax({ state: 'IL', tax_year: 2024, filing_status: 'single', state_taxable_income: 1 }),
    );
    expect(error.code).toBe('unsupported_year');
    expect(error.message).toContain('supported: 2025');
  });
  it('negative income is invalid_input naming the field', () => {
    const error = errorOf(() => single('IL', -1));
    expect([error.code, error.issues[0]?.path]).toEqual(['invalid_input', 'state_taxable_income']);
  });
});

describe('tax/state-income: properties', () => {
  const states = fc.constantFrom(...COVERED_STATES);
  const status = fc.constantFrom<FilingStatus>(...FILING_STATUSES);
  const amount = fc.integer({ min: 0, max: 300_000_000 }).map((c) => c / 100);
  const optional = fc.option(amount, { nil: undefined });
  const ages = fc.option(fc.integer({ min: 18, max: 100 }), { nil: undefined });

  it('never negative, never decreasing in income (the CO, CT, MN, NM and WV Social Security steps at their AGI limits go up, never down), and tax = brackets - credits + surtax', () => {
    fc.assert(
      fc.property(
        states,
        status,
        amount,
        amount,
        optional,
        optional,
        ages,
        (state, filing_status, a, b, ss, pension, age) => {
          const run = (income: number) =>
            tax({
              state,
              filing_status,
              state_taxable_income: income,
              social_security_income: ss,
              pension_income: pension,
              age,
            });
          const lo = run(Math.min(a, b));
          const hi = run(Math.max(a, b));
          expect(lo.tax).toBeGreaterThanOrEqual(0);
          expect(hi.tax).toBeGreaterThanOrEqual(lo.tax);
          const sum = lo.brackets.reduce((s, row) => s.plus(row.tax), new Dec(0));
          expect(
            new Dec(lo.bracket_tax)
              .minus(sum)
              .abs()
              .lte(0.01 * lo.brackets.length),
          ).toBe(true);
          expect(
            new Dec(lo.tax)
              .minus(lo.bracket_tax)
              .minus(lo.recapture_tax)
              .plus(lo.exemption_credits)
              .minus(lo.surtax)
              .abs()
              .lte(0.03),
          ).toBe(true);
        },
      ),
    );
  });

  it('inside a bracket the marginal rate is the bracket rate (plus any surtax in force)', () => {
    fc.assert(
      fc.property(states, status, amount, (state, filing_status, income) => {
        const r = tax({ state, filing_status, state_taxable_income: income });
        // (New York's recapture adds to the rate while it phases in: tested above)
        if (r.rate_type === 'none' || r.taxable_income === 0 || r.recapture_tax > 0) return;
        const row = r.brackets.find(
          (b) => r.taxable_income >= b.from && (b.to === undefined || r.taxable_income < b.to),
        );
        const surtax = r.surtaxes
          .filter((s) => r.taxable_income >= s.threshold)
          .reduce((s, x) => s + x.rate, 0);
        // Minnesota's standard deduction limitation: the next dollar also shrinks the deduction (tested above)
        const table = stateTaxTables.get(2025)[r.state];
        if (
          table?.standard_deduction_limitation !== undefined &&
          r.standard_deduction < (table.standard_deduction?.[filing_status] ?? 0)
        ) {
          return;
        }
        // Connecticut's personal tax credit is a share of the tax: the rate is the bracket's less that share
        if (table?.tax_credit_rate !== undefined && r.exemption_credits > 0) {
          if (r.bracket_tax > 100) {
            const share = r.exemption_credits / r.bracket_tax;
            expect(r.marginal_rate).toBeCloseTo((row?.rate ?? 0) * (1 - share), 4);
          }
          return;
        }
        if (r.exemption_credits < r.bracket_tax || r.exemption_credits === 0) {
          expect(r.marginal_rate).toBeCloseTo((row?.rate ?? 0) + surtax, 9);
        }
      }),
    );
  });

  it('every table file is registered and the registry lists exactly them', () => {
    expect(Object.keys(stateTaxTables.get(2025)).sort()).toEqual([...COVERED_STATES]);
  });
});
