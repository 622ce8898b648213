import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec, roundMoney } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { ordinaryTax, scheduleFrom } from '../../src/tax/ordinary-tax';
import { COVERED_STATES, type StateIncomeInput, stateIncome } from '../../src/tax/state-income';
import { toLegacy } from './legacy-state-table';

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
  // Each file's `reason` cites the constitution or statute (data/tax/state/<code>/2025.json).
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

describe('tax/state-income: flat states (hand calculations; sources in data/tax/state/)', () => {
  it('AZ 2.5% after the standard deduction and the 2,100 at 65 (A.R.S. 43-1011, 43-1041, 43-1023; 2025 Form 140)', () => {
    // single 60,000: 60,000 - 15,750 = 44,250 x 2.5% = 1,106.25; at 65, 2,100 more: 42,150 x 2.5% = 1,053.75
    const r = single('AZ', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([15_750, 44_250, 1106.25]);
    expect([single('AZ', 60_000, { age: 65 }).age_deductions, single('AZ', 60_000, { age: 65 }).tax]).toEqual(
      [2100, 1053.75],
    );
    // joint 31,500; separate 15,750; head of household 23,625, which a federal surviving spouse files as
    const az = (filing_status: FilingStatus) =>
      tax({ state: 'AZ', filing_status, state_taxable_income: 60_000 }).standard_deduction;
    expect(FILING_STATUSES.map(az)).toEqual([15_750, 31_500, 15_750, 23_625, 23_625]);
  });
  it('PolicyEngine-US gov/states/az/tax/income/integration_2025.yaml, the four standard deduction cases', () => {
    // single 60,000 -> 1,106.25; joint 120,000 -> 2,212.50; separate 45,000 -> 731.25; head of household
    // 75,000 -> 1,284.375 (before credits: the child there only brings credits)
    expect(single('AZ', 60_000).tax).toBe(1106.25);
    expect(tax({ state: 'AZ', filing_status: 'mfj', state_taxable_income: 120_000 }).tax).toBe(2212.5);
    expect(tax({ state: 'AZ', filing_status: 'mfs', state_taxable_income: 45_000 }).tax).toBe(731.25);
    expect(tax({ state: 'AZ', filing_status: 'hoh', state_taxable_income: 75_000 }).tax).toBe(1284.38);
  });
  it('GA 5.19% after the standard deduction (O.C.G.A. 48-7-27(a)(1)(B); 2025 IT-511 Form 500 line 11)', () => {
    // single 80,000: 80,000 - 12,000 = 68,000 x 5.19% = 3,529.20; joint 24,000; every other status 12,000,
    // with no additional amount at 65 (repealed from 2024) and no personal exemption
    const r = single('GA', 80_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      12_000, 0, 68_000, 3529.2,
    ]);
    const ga = (filing_status: FilingStatus) =>
      tax({ state: 'GA', filing_status, state_taxable_income: 80_000, age: 70 }).standard_deduction;
    expect(FILING_STATUSES.map(ga)).toEqual([12_000, 24_000, 12_000, 12_000, 12_000]);
  });
  it('PolicyEngine-US ga_income_tax_before_non_refundable_credits.yaml, 2025 single, joint and head of household', () => {
    // taxable 50,000 single -> 2,595; 100,000 joint -> 5,190; 60,000 head of household -> 3,114 (the inputs
    // there are Georgia taxable income: the standard deduction is added back here)
    expect(single('GA', 62_000).tax).toBe(2595);
    expect(tax({ state: 'GA', filing_status: 'mfj', state_taxable_income: 124_000 }).tax).toBe(5190);
    expect(tax({ state: 'GA', filing_status: 'hoh', state_taxable_income: 72_000 }).tax).toBe(3114);
  });
  it('GA retirement exclusion 35,000 at 62-64, 65,000 at 65+ (O.C.G.A. 48-7-27(a)(5)), then the deduction', () => {
    const ga = (age: number) =>
      tax({ state: 'GA', filing_status: 'mfj', state_taxable_income: 50_000, pension_income: 80_000, age });
    // 66: 50,000 + 80,000 - 65,000 - 24,000 = 41,000 x 5.19% = 2,127.90
    expect([ga(66).pension_excluded, ga(66).tax]).toEqual([65_000, 2127.9]);
    // 63: 130,000 - 35,000 - 24,000 = 71,000 x 5.19% = 3,684.90
    expect([ga(63).pension_excluded, ga(63).tax]).toEqual([35_000, 3684.9]);
    // 61: no exclusion: 130,000 - 24,000 = 106,000 x 5.19% = 5,501.40
    expect([ga(61).pension_excluded, ga(61).tax]).toEqual([0, 5501.4]);
    expect(ga(61).notes.join(' ')).toContain('does not qualify');
    // 62 and 65 are the first ages of each tier (ages at the end of the year)
    expect([ga(62).pension_excluded, ga(64).pension_excluded, ga(65).pension_excluded]).toEqual([
      35_000, 35_000, 65_000,
    ]);
    // no age: no exclusion, and the notes say why: 20,000 - 12,000 = 8,000 x 5.19% = 415.20
    const noAge = tax({
      state: 'GA',
      filing_status: 'single',
      state_taxable_income: 0,
      pension_income: 20_000,
    });
    expect([noAge.pension_excluded, noAge.tax]).toEqual([0, 415.2]);
    expect(noAge.notes.join(' ')).toContain('Age not given');
  });
  it('ID 5.3% over 4,811 / 9,622 of taxable income after the federal standard deduction (Idaho Code 63-3024(2), 63-3022(j); HB 559 (2026))', () => {
    // single 50,000: 50,000 - 15,750 = 34,250; (34,250 - 4,811) x 5.3% = 1,560.267 -> 1,560.27
    const r = single('ID', 50_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([15_750, 34_250, 1560.27]);
    // joint and surviving spouse: 50,000 - 31,500 = 18,500; (18,500 - 9,622) x 5.3% = 470.534 -> 470.53
    for (const filing_status of ['mfj', 'qss'] as const) {
      expect(tax({ state: 'ID', filing_status, state_taxable_income: 50_000 }).tax).toBe(470.53);
    }
    // head of household: 50,000 - 23,625 = 26,375; (26,375 - 9,622) x 5.3% = 887.909 -> 887.91
    expect(tax({ state: 'ID', filing_status: 'hoh', state_taxable_income: 50_000 }).tax).toBe(887.91);
    expect(tax({ state: 'ID', filing_status: 'mfs', state_taxable_income: 50_000 }).tax).toBe(1560.27);
    // edge: at 20,561 of income (taxable 4,811) no tax, the next dollar at 5.3%
    expect([single('ID', 20_561).tax, single('ID', 20_561).marginal_rate]).toEqual([0, 0.053]);
    expect([single('ID', 20_560).marginal_rate, single('ID', 20_562).tax]).toEqual([0, 0.05]); // 1 x 5.3% = 0.053 -> 0.05
  });
  it('ID at 65: the federal additional 2,000 (IRC 63(f)) and the 6,000 senior deduction (IRC 151(d)(5)(C), HB 559)', () => {
    // single 50,000 at 70: 50,000 - 17,750 - 6,000 = 26,250; (26,250 - 4,811) x 5.3% = 1,136.267 -> 1,136.27
    const r = single('ID', 50_000, { age: 70 });
    expect([r.standard_deduction, r.age_deductions, r.tax]).toEqual([17_750, 6000, 1136.27]);
    // the senior deduction loses 6% of federal AGI over 75,000: at 100,000, 6,000 - 1,500 = 4,500
    // (PolicyEngine-US id_additional_senior_deduction.yaml "Single filer senior deduction with non-joint phase-out")
    expect(single('ID', 100_000, { age: 70 }).age_deductions).toBe(4500);
    // while it phases out, the next dollar is taxed at 5.3% x 1.06
    expect(single('ID', 100_000, { age: 70 }).marginal_rate).toBe(0.05618);
    expect(single('ID', 175_000, { age: 70 }).age_deductions).toBe(0);
    expect(single('ID', 175_000, { age: 70 }).marginal_rate).toBe(0.053);
    // no senior deduction on a separate return (IRC 151(d)(5)(C)(v)); under 65 none
    expect(
      tax({ state: 'ID', filing_status: 'mfs', state_taxable_income: 50_000, age: 70 }).age_deductions,
    ).toBe(0);
    expect(single('ID', 50_000, { age: 64 }).age_deductions).toBe(0);
  });
  it('PolicyEngine-US id_income_tax_before_non_refundable_credits.yaml, 2025 (Idaho taxable income 100,000)', () => {
    // 100,000 of taxable income: single and separate (100,000 - 4,811) x 5.3% = 5,045.02; joint, head of
    // household and surviving spouse (100,000 - 9,622) x 5.3% = 4,790.03 (the standard deduction added back)
    expect(single('ID', 115_750).tax).toBe(5045.02);
    expect(tax({ state: 'ID', filing_status: 'mfs', state_taxable_income: 115_750 }).tax).toBe(5045.02);
    expect(tax({ state: 'ID', filing_status: 'mfj', state_taxable_income: 131_500 }).tax).toBe(4790.03);
    expect(tax({ state: 'ID', filing_status: 'hoh', state_taxable_income: 123_625 }).tax).toBe(4790.03);
    expect(tax({ state: 'ID', filing_status: 'qss', state_taxable_income: 131_500 }).tax).toBe(4790.03);
  });
  it('IL 4.95% after the 2,850 exemption (35 ILCS 5/201(b)(5.4), 5/204(b); 2025 IL-1040 line 10a)', () => {
    // single 100,000 with 30,000 of pension and 20,000 of benefits, both subtracted (5/203(a)(2)(F)):
    // 100,000 - 2,850 = 97,150 x 4.95% = 4,808.925 -> 4,808.93
    const r = single('IL', 100_000, { pension_income: 30_000, social_security_income: 20_000 });
    expect([
      r.personal_exemptions,
      r.tax,
      r.pension_excluded,
      r.social_security_taxed,
      r.marginal_rate,
    ]).toEqual([2850, 4808.93, 30_000, 0, 0.0495]);
    // effective rate on all 150,000 received: 4,808.93 / 150,000 = 0.032060
    expect(r.effective_rate).toBe(0.03206);
    // two exemptions on a joint return (5,700), one otherwise; 1,000 more at 65 (5/204(d))
    const il = (filing_status: FilingStatus) =>
      tax({ state: 'IL', filing_status, state_taxable_income: 100_000 }).personal_exemptions;
    expect(FILING_STATUSES.map(il)).toEqual([2850, 5700, 2850, 2850, 2850]);
    expect(single('IL', 100_000, { age: 65 }).age_deductions).toBe(1000);
    // the first taxed dollar is the one past the exemption
    expect([
      single('IL', 2850).tax,
      single('IL', 2850).marginal_rate,
      single('IL', 2849).marginal_rate,
    ]).toEqual([0, 0.0495, 0]);
  });
  it('IL: no exemption over federal AGI of 250,000 (500,000 joint) (5/204(g); IL-1040 line 10 Income Exceptions)', () => {
    // 250,000 exactly keeps it: 247,150 x 4.95% = 12,233.925 -> 12,233.93; 250,000.01 loses the 2,850 and, at
    // 65, the 1,000: 250,000.01 x 4.95% = 12,375.00
    expect(single('IL', 250_000).tax).toBe(12_233.93);
    expect(single('IL', 250_000.01).personal_exemptions).toBe(0);
    expect(single('IL', 250_000.01).tax).toBe(12_375);
    const old = single('IL', 250_000.01, { age: 70 });
    expect([old.personal_exemptions, old.age_deductions]).toEqual([0, 0]);
    // federal AGI counts the pension and the taxable benefits Illinois subtracts: 230,000 + 30,000 of pension
    expect(single('IL', 230_000, { pension_income: 30_000 }).personal_exemptions).toBe(0);
    expect(
      tax({ state: 'IL', filing_status: 'mfj', state_taxable_income: 500_000 }).personal_exemptions,
    ).toBe(5700);
    expect(
      tax({ state: 'IL', filing_status: 'mfj', state_taxable_income: 500_001 }).personal_exemptions,
    ).toBe(0);
  });
  it('IN 3.0% after the exemptions (IC 6-3-2-1(a)(3), 6-3-1-3.5(a)(3)-(5); 2025 IT-40 booklet pp. 24-26)', () => {
    // single 40,000: 40,000 - 1,000 = 39,000 x 3% = 1,170; joint two exemptions (2,000), one otherwise
    const r = single('IN', 40_000);
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([1000, 39_000, 1170]);
    const ind = (filing_status: FilingStatus) =>
      tax({ state: 'IN', filing_status, state_taxable_income: 40_000 }).personal_exemptions;
    expect(FILING_STATUSES.map(ind)).toEqual([1000, 2000, 1000, 1000, 1000]);
    // 65 or older: 1,000 more, and 500 more while federal AGI is under 40,000 (20,000 separate);
    // private pension taxed: 10,000 at 70 -> 10,000 - 1,000 - 1,000 - 500 = 7,500 x 3% = 225
    const old = single('IN', 0, { pension_income: 10_000, age: 70 });
    expect([old.age_deductions, old.tax]).toEqual([1500, 225]);
    // at 40,000 of federal AGI the 500 is gone (a 15.00 cliff): 39,999.99 -> 37,499.99 x 3% = 1,125.00
    expect([
      single('IN', 39_999.99, { age: 65 }).age_deductions,
      single('IN', 39_999.99, { age: 65 }).tax,
    ]).toEqual([1500, 1125]);
    expect([single('IN', 40_000, { age: 65 }).age_deductions, single('IN', 40_000, { age: 65 }).tax]).toEqual(
      [1000, 1140],
    );
    // the limit is federal AGI: the taxable Social Security counts although Indiana exempts it
    const ss = single('IN', 30_000, { social_security_income: 30_000, age: 70 });
    expect([ss.social_security_taxed, ss.age_deductions]).toEqual([0, 1000]);
    expect(
      tax({ state: 'IN', filing_status: 'mfs', state_taxable_income: 20_000, age: 65 }).age_deductions,
    ).toBe(1000);
  });
  it('IA 3.8% of federal taxable income, less the exemption credits (Iowa Code 422.5A, 422.7, 422.12; 2025 IA 1040)', () => {
    // single 80,000: 80,000 - 15,750 = 64,250 x 3.8% = 2,441.50, less the 40 personal credit = 2,401.50
    const r = single('IA', 80_000);
    expect([r.standard_deduction, r.taxable_income, r.bracket_tax, r.exemption_credits, r.tax]).toEqual([
      15_750, 64_250, 2441.5, 40, 2401.5,
    ]);
    // personal credits: two on joint and head of household returns (80), one otherwise (40)
    const credits = (filing_status: FilingStatus) =>
      tax({ state: 'IA', filing_status, state_taxable_income: 80_000 }).exemption_credits;
    expect(FILING_STATUSES.map(credits)).toEqual([40, 80, 40, 80, 40]);
    // 65 or older: the federal 2,000 more, the senior deduction (6,000 less 6% of AGI over 75,000: 5,700) and a
    // 20 credit more: 80,000 - 17,750 - 5,700 = 56,550 x 3.8% = 2,148.90 - 60 = 2,088.90
    const old = single('IA', 80_000, { age: 66 });
    expect([old.standard_deduction, old.age_deductions, old.exemption_credits, old.tax]).toEqual([
      17_750, 5700, 60, 2088.9,
    ]);
  });
  it('PolicyEngine-US ia_regular_tax_joint.yaml (2025, taxable 30,000 -> 1,140) and ia_standard_deduction_joint.yaml', () => {
    // Iowa taxable income 30,000 on a joint return: 61,500 of income less the 31,500 deduction, before the credits
    expect(tax({ state: 'IA', filing_status: 'mfj', state_taxable_income: 61_500 }).bracket_tax).toBe(1140);
    // "2025 joint one spouse elderly": 31,500 + 1,600 = 33,100
    expect(
      tax({ state: 'IA', filing_status: 'mfj', state_taxable_income: 61_500, age: 67 }).standard_deduction,
    ).toBe(33_100);
  });
  it('IA retirement income excluded at 55 and over (422.7(31)), then the federal deduction', () => {
    // 55: 80,000 (+ 20,000 excluded) - 15,750 = 64,250 x 3.8% - 40 = 2,401.50
    expect(single('IA', 80_000, { pension_income: 20_000, age: 55 }).tax).toBe(2401.5);
    // 54: 100,000 - 15,750 = 84,250 x 3.8% - 40 = 3,161.50
    expect(single('IA', 80_000, { pension_income: 20_000, age: 54 }).tax).toBe(3161.5);
  });
  it('KY 4.0% after the standard deduction, less the 40 credit at 65 (KRS 141.081, 141.020(3)(a); 2025 Form 740)', () => {
    // single 80,000: 80,000 - 3,270 = 76,730 x 4% = 3,069.20; at 65 the 40 personal tax credit: 3,029.20
    const r = single('KY', 80_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([3270, 76_730, 3069.2]);
    const old = single('KY', 80_000, { age: 65 });
    expect([old.exemption_credits, old.tax]).toEqual([40, 3029.2]);
    // one deduction on every return, a joint one included
    expect(tax({ state: 'KY', filing_status: 'mfj', state_taxable_income: 80_000 }).standard_deduction).toBe(
      3270,
    );
  });
  it('PolicyEngine-US gov/states/ky/tax/income/integration.yaml, 2025 single 50,000 of wages: 1,869.20', () => {
    // 50,000 - 3,270 = 46,730 x 4%
    expect(single('KY', 50_000).tax).toBe(1869.2);
  });
  it('KY pension exclusion up to 31,110 (KRS 141.019, Schedule P), then the deduction', () => {
    // 50,000 + 40,000 - 31,110 - 3,270 = 55,620 x 4% = 2,224.80
    const r = single('KY', 50_000, { pension_income: 40_000 });
    expect([r.pension_excluded, r.tax]).toEqual([31_110, 2224.8]);
  });
  it('LA 3% after the standard deduction (R.S. 47:294(A), 2024 Act 11; 2025 IT-540i line 8)', () => {
    // single 80,000: 80,000 - 12,500 = 67,500 x 3% = 2,025; 25,000 (200%) joint, surviving spouse and head of
    // household; no personal or age exemption from 2025
    const r = single('LA', 80_000, { age: 70 });
    expect([r.standard_deduction, r.personal_exemptions, r.age_deductions, r.tax]).toEqual([
      12_500, 0, 0, 2025,
    ]);
    const la = (filing_status: FilingStatus) =>
      tax({ state: 'LA', filing_status, state_taxable_income: 80_000 }).standard_deduction;
    expect(FILING_STATUSES.map(la)).toEqual([12_500, 25_000, 12_500, 25_000, 25_000]);
  });
  it('PolicyEngine-US la_standard_deduction.yaml and la_income_tax_before_non_refundable_credits.yaml (2025)', () => {
    // standard deduction: single 12,500, head of household 25,000; taxable 120,000 joint or surviving spouse -> 3,600
    expect(single('LA', 0).standard_deduction).toBe(12_500);
    expect(tax({ state: 'LA', filing_status: 'hoh', state_taxable_income: 0 }).standard_deduction).toBe(
      25_000,
    );
    for (const filing_status of ['mfj', 'qss'] as const) {
      expect(tax({ state: 'LA', filing_status, state_taxable_income: 145_000 }).tax).toBe(3600);
    }
  });
  it('LA 12,000 retirement exemption at 65 and over (R.S. 47:44.1), then the deduction', () => {
    // 65: 40,000 + 20,000 - 12,000 - 12,500 = 35,500 x 3% = 1,065; 64: 60,000 - 12,500 = 47,500 x 3% = 1,425
    expect(single('LA', 40_000, { pension_income: 20_000, age: 65 }).tax).toBe(1065);
    expect(single('LA', 40_000, { pension_income: 20_000, age: 64 }).tax).toBe(1425);
  });
  it('MA 5% after the personal exemption (M.G.L. c. 62, 3(B)(b); 2025 Form 1 lines 2a, 2c)', () => {
    // single 80,000: 80,000 - 4,400 = 75,600 x 5% = 3,780; 65 or older: 700 more -> 74,900 x 5% = 3,745
    const r = single('MA', 80_000);
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([4400, 75_600, 3780]);
    expect([single('MA', 80_000, { age: 65 }).age_deductions, single('MA', 80_000, { age: 65 }).tax]).toEqual(
      [700, 3745],
    );
    // joint 8,800; separate 4,400; head of household 6,800, which a federal surviving spouse files as
    const ma = (filing_status: FilingStatus) =>
      tax({ state: 'MA', filing_status, state_taxable_income: 80_000 }).personal_exemptions;
    expect(FILING_STATUSES.map(ma)).toEqual([4400, 8800, 4400, 6800, 6800]);
  });
  it('MA 4% surtax on taxable income over 1,083,150 (M.G.L. c. 62, 4(d); 2025 Form 1 instructions p. 3)', () => {
    // 2,000,000: taxable 1,995,600 x 5% = 99,780; surtax 4% x (1,995,600 - 1,083,150 = 912,450) = 36,498
    const r = single('MA', 2_000_000);
    expect([r.bracket_tax, r.surtax, r.tax, r.marginal_rate]).toEqual([99_780, 36_498, 136_278, 0.09]);
    expect(r.surtaxes[0]?.taxed_amount).toBe(912_450);
    // edges: at taxable 1,083,150 (income 1,087,550) the next dollar bears the surtax; a dollar below it does not
    expect([single('MA', 1_087_550).surtax, single('MA', 1_087_550).marginal_rate]).toEqual([0, 0.09]);
    expect(single('MA', 1_087_549).marginal_rate).toBe(0.05);
    // the same threshold on a joint return: 1,191,950 - 8,800 = 1,183,150 -> 4% x 100,000
    expect(tax({ state: 'MA', filing_status: 'mfj', state_taxable_income: 1_191_950 }).surtax).toBe(4000);
  });
  it('MS 0% to 10,000, 4.4% above, after the deduction and exemption (Miss. Code 27-7-5, 27-7-17(3), 27-7-21)', () => {
    // single 30,000: 30,000 - 2,300 - 6,000 = 21,700; (21,700 - 10,000) x 4.4% = 514.80
    const r = single('MS', 30_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      2300, 6000, 21_700, 514.8,
    ]);
    // the first taxed dollar: taxable income 10,000 at 18,300 of income
    expect([
      single('MS', 18_300).tax,
      single('MS', 18_300).marginal_rate,
      single('MS', 18_299).marginal_rate,
    ]).toEqual([0, 0.044, 0]);
    // joint 4,600 + 12,000; separate 2,300 + 6,000; head of family (and a surviving spouse) 3,400 + 8,000
    const ms = (filing_status: FilingStatus) => {
      const x = tax({ state: 'MS', filing_status, state_taxable_income: 60_000 });
      return x.standard_deduction + x.personal_exemptions;
    };
    expect(FILING_STATUSES.map(ms)).toEqual([8300, 16_600, 8300, 11_400, 11_400]);
    // 65 or older: 1,500 more (27-7-21(f)): single 30,000 at 66 -> (20,200 - 10,000) x 4.4% = 448.80
    expect([single('MS', 30_000, { age: 66 }).age_deductions, single('MS', 30_000, { age: 66 }).tax]).toEqual(
      [1500, 448.8],
    );
    // retirement income excluded (27-7-15(4)(k))
    expect(single('MS', 30_000, { pension_income: 50_000 }).tax).toBe(514.8);
  });
  it('NC 4.25% after the standard deduction (N.C.G.S. 105-153.5(a)(1), 105-153.7(a); 2025 D-401 line 11)', () => {
    // single 80,000: 80,000 - 12,750 = 67,250 x 4.25% = 2,858.125 -> 2,858.13
    const r = single('NC', 80_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([12_750, 67_250, 2858.13]);
    // joint and surviving spouse 25,500; head of household 19,125; separate 12,750 (no amount at 65)
    const nc = (filing_status: FilingStatus) =>
      tax({ state: 'NC', filing_status, state_taxable_income: 80_000, age: 70 }).standard_deduction;
    expect(FILING_STATUSES.map(nc)).toEqual([12_750, 25_500, 12_750, 19_125, 25_500]);
    // the first taxed dollar is the one past the deduction
    expect([single('NC', 12_750).tax, single('NC', 12_750).marginal_rate]).toEqual([0, 0.0425]);
    expect(single('NC', 12_749).marginal_rate).toBe(0);
  });
  it('PolicyEngine-US nc_income_tax_before_refundable_credits.yaml "1_000 income in 2025": 42.50', () => {
    // nc_taxable_income 1,000 (after the deduction): single 13,750 of income -> 1,000 x 4.25% = 42.50
    expect(single('NC', 13_750).tax).toBe(42.5);
  });
  it('PA 3.07% (72 P.S. 7302): no standard deduction or personal exemption (PA-40 IN); retirement benefits not compensation', () => {
    // single 80,000 at 65: 80,000 x 3.07% = 2,456, with nothing subtracted; the pension is not taxable compensation
    const r = single('PA', 80_000, { pension_income: 25_000, age: 65 });
    expect([r.standard_deduction, r.personal_exemptions, r.age_deductions, r.exemption_credits]).toEqual([
      0, 0, 0, 0,
    ]);
    expect([r.tax, r.pension_excluded, r.marginal_rate]).toEqual([2456, 25_000, 0.0307]);
    expect(tax({ state: 'PA', filing_status: 'mfj', state_taxable_income: 1 }).tax).toBe(0.03);
  });
});

describe('tax/state-income: graduated states (hand calculations; sources in data/tax/state/)', () => {
  // CA single 100,000 (2025 FTB rate schedules, Form 540) is a reference case beside the table:
  // data/tax/state/ca/2025.cases.json (test/data/cases.test.ts).
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
  it('CA exemption credit phase-out is measured on federal AGI: the taxable benefits count (R&TC 17054.1(a))', () => {
    // 250,000 and 30,000 of benefits (exempt in California): federal AGI 250,000 + 0.85 x 30,000 = 275,500,
    // 23,297 over 252,203 -> 10 steps -> 153 - 60 = 93; without the benefits, under the threshold: 153
    expect(single('CA', 250_000, { social_security_income: 30_000 }).exemption_credits).toBe(93);
    expect(single('CA', 250_000).exemption_credits).toBe(153);
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
  it('NJ minimum taxable income: no tax at or below 10,000 / 20,000 of gross income (N.J.S.A. 54A:2-4)', () => {
    // PolicyEngine-US tax/income/state_income_tax.yaml case 3: single 9,969.66 -> 0 (the schedule alone:
    // 1.4% x 8,969.66 = 125.58). At 10,000 still none; one cent more: 1.4% x 9,000.01 = 126.0001 -> 126.00
    expect(single('NJ', 9969.66).tax).toBe(0);
    expect([single('NJ', 10_000).tax, single('NJ', 10_000).marginal_rate]).toEqual([0, 0]);
    expect(single('NJ', 10_000.01).tax).toBe(126);
    // joint, head of household and surviving spouse 20,000; separate 10,000
    const at = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'NJ', filing_status, state_taxable_income: income }).tax;
    expect([at('mfj', 20_000), at('hoh', 20_000), at('qss', 20_000), at('mfs', 10_000)]).toEqual([
      0, 0, 0, 0,
    ]);
    // joint 20,000.01: 1.4% x 18,000.01 = 252.0001 -> 252.00
    expect(at('mfj', 20_000.01)).toBe(252);
    // gross income is what is left after the pension exclusion (54A:6-10 excludes it from gross income):
    // 66, 8,000 of interest and 30,000 of pension all excluded -> 8,000: no tax (the schedule alone would
    // charge 1.4% x (8,000 - 1,000 - 1,000) = 84)
    const retiree = single('NJ', 8000, { pension_income: 30_000, age: 66 });
    expect([retiree.pension_excluded, retiree.taxable_income, retiree.tax]).toEqual([30_000, 6000, 0]);
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
    // the limits are on New Jersey gross income, which leaves Social Security out (N.J.S.A. 54A:6-2,
    // 54A:6-10): 70, 90,000 of pension and 40,000 of benefits is 90,000 (not 130,000): all excluded, no tax
    const retiree = tax({
      state: 'NJ',
      filing_status: 'mfj',
      state_taxable_income: 0,
      pension_income: 90_000,
      social_security_income: 40_000,
      age: 70,
    });
    expect([retiree.pension_excluded, retiree.tax]).toEqual([90_000, 0]);
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

describe('tax/state-income: more graduated states (hand calculations; sources in data/tax/state/)', () => {
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
  it('the exemption tiers are on Ohio modified AGI, which leaves Social Security out (ORC 5747.025(A), 5747.01(A)(10))', () => {
    // 30,000 of pension and 24,000 of benefits: modified AGI 30,000 (not 54,000): 2,400; TI 27,600:
    // 342 + 2.75% x 1,550 = 42.625 -> 384.625 -> 384.63
    const r = single('OH', 0, { pension_income: 30_000, social_security_income: 24_000, age: 70 });
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([2400, 27_600, 384.63]);
  });
  it('no exemption above 750,000 of modified AGI (H.B. 96)', () => {
    // 800,000: 2,375.625 + 3.125% x 700,000 = 21,875 -> 24,250.625 -> 24,250.63
    const r = single('OH', 800_000);
    expect([r.personal_exemptions, r.tax]).toEqual([0, 24_250.63]);
  });
  it('none at exactly 750,000 either: the booklet’s rows are $80,001 - $749,999 and $750,000 or greater', () => {
    // 2025 Ohio IT 1040 booklet, line 4 exemption table (p. 17): "$80,001 - $749,999 $1,900" and
    // "$750,000 or greater $0". PolicyEngine-US tests/policy/baseline/gov/states/oh/tax/income/exemptions/
    // personal/oh_personal_exemptions.yaml, case "Exactly at $750,000 receives zero exemption (2025)"
    // (oh_agi 750,000 -> oh_personal_exemptions 0) and "2025 income above phase-out threshold receives zero"
    // (750,001 joint -> 0).
    const at = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'OH', filing_status, state_taxable_income: income }).personal_exemptions;
    expect([
      at('single', 749_999),
      at('single', 749_999.99),
      at('single', 750_000),
      at('single', 750_001),
    ]).toEqual([1900, 1900, 0, 0]);
    expect([at('mfj', 749_999), at('mfj', 750_000)]).toEqual([3800, 0]);
    // 750,000: no exemption; 2,375.625 + 3.125% x 650,000 = 20,312.50 -> 22,688.125 -> 22,688.13
    expect(single('OH', 750_000).tax).toBe(22_688.13);
  });
});

describe('tax/state-income: New York supplemental tax (Tax Law 601(d-1); 2025 IT-201-I worksheets)', () => {
  // Worksheets (2025 IT-201-I, "Tax computation - New York AGI of more than $107,650"): joint 1-6, single
  // and separate 7-11, head of household 12-16. Line 1 = NY AGI (line 33), line 2 = taxable income
  // (line 38). Here AGI = the income given and taxable income = AGI - the standard deduction.
  // Schedule tax at the bracket tops: single 8,500 -> 340; 11,700 -> 484; 13,900 -> 599.50;
  // 80,650 -> 4,270.75; 215,400 -> 12,355.75; 1,077,550 -> 71,413.025; 5,000,000 -> 449,929.45.
  // Joint: 17,150 -> 686; 23,600 -> 976.25; 27,900 -> 1,202; 161,550 -> 8,552.75; 323,200 -> 18,251.75;
  // 2,155,350 -> 143,754.025; 5,000,000 -> 418,262.75.
  const joint = (income: number) => tax({ state: 'NY', filing_status: 'mfj', state_taxable_income: income });
  it('under 107,650 of AGI the schedule alone: single 60,000', () => {
    // TI 60,000 - 8,000 = 52,000: 4% x 8,500 = 340; 4.5% x 3,200 = 144; 5.25% x 2,200 = 115.50;
    // 5.5% x 38,100 = 2,095.50; total 2,695
    const r = single('NY', 60_000);
    expect([r.taxable_income, r.bracket_tax, r.recapture_tax, r.tax]).toEqual([52_000, 2695, 0, 2695]);
    // AGI exactly 107,650 (not more): TI 99,650: 4,270.75 + 6% x 19,000 = 5,410.75, no worksheet
    expect([single('NY', 107_650).recapture_tax, single('NY', 107_650).tax]).toEqual([0, 5410.75]);
  });
  it('worksheet 7 (single, TI to 215,400): toward 6% of all taxable income from 107,650 to 157,650 of AGI', () => {
    // AGI 107,651, TI 99,651: line 3 = 6% x 99,651 = 5,979.06; line 4 = 4,270.75 + 6% x 19,001 = 5,410.81;
    // line 5 = 568.25; line 6 = 1; line 7 = 1 / 50,000 = 0.00002 -> 0.0000; line 8 = 0; line 9 = 5,410.81
    expect([single('NY', 107_651).recapture_tax, single('NY', 107_651).tax]).toEqual([0, 5410.81]);
    // AGI 130,000, TI 122,000: line 3 = 7,320; line 4 = 4,270.75 + 6% x 41,350 = 6,751.75; line 5 = 568.25;
    // line 6 = 22,350; line 7 = 0.4470; line 8 = 254.00775; line 9 = 7,005.75775 -> 7,005.76
    const r = single('NY', 130_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([6751.75, 254.01, 7005.76]);
    // next dollar while phasing in: 6% + line 5 / 50,000 = 0.06 + 0.011365
    expect(r.marginal_rate).toBe(0.071365);
    // AGI 157,650 (line 6 = 50,000, line 7 = 1): line 3 = 6% x 149,650 = 8,979
    expect(single('NY', 157_650).tax).toBe(8979);
    // AGI 200,000: 6% x 192,000 = 11,520; the top of worksheet 7, TI 215,400: 6% x 215,400 = 12,924
    expect([single('NY', 200_000).tax, single('NY', 223_400).tax]).toEqual([11_520, 12_924]);
  });
  it('worksheet 8 (single, TI over 215,400 to 1,077,550): base 568 + fraction x 1,831', () => {
    // AGI 223,401, TI 215,401: line 3 schedule = 12,355.75 + 6.85% x 1 = 12,355.8185; line 4 = 568;
    // line 5 = 1,831; line 6 = 223,401 - 215,400 = 8,001; line 7 = 8,001; line 8 = 0.16002 -> 0.1600;
    // line 9 = 292.96; line 10 = 12,355.8185 + 568 + 292.96 = 13,216.7785 -> 13,216.78
    const edge = single('NY', 223_401);
    expect([edge.recapture_tax, edge.tax]).toEqual([860.96, 13_216.78]);
    // AGI 240,000, TI 232,000: line 3 = 12,355.75 + 6.85% x 16,600 = 13,492.85; line 8 = 24,600 / 50,000
    // = 0.4920; line 9 = 900.852; line 10 = 13,492.85 + 568 + 900.852 = 14,961.702 -> 14,961.70
    const r = single('NY', 240_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([13_492.85, 1468.85, 14_961.7]);
    // phasing in: 6.85% + 1,831 / 50,000 = 0.0685 + 0.03662
    expect(r.marginal_rate).toBe(0.10512);
    // AGI 300,000, TI 292,000 (line 7 = 50,000): 12,355.75 + 6.85% x 76,600 = 17,602.85; + 568 + 1,831
    // = 20,001.85 (6.85% of all TI would be 20,002: the worksheet's whole-dollar figures)
    expect([single('NY', 300_000).tax, single('NY', 300_000).marginal_rate]).toEqual([20_001.85, 0.0685]);
  });
  it('worksheets 9-11 (single): 2,399 + fraction x 30,172; 32,571 + fraction x 32,500; 10.9% over 25M', () => {
    // ws 9: AGI 1,100,000, TI 1,092,000: line 3 = 71,413.025 + 9.65% x 14,450 = 72,807.45; line 4 = 2,399;
    // line 8 = 22,450 / 50,000 = 0.4490; line 9 = 30,172 x 0.449 = 13,547.228; total 88,753.678 -> 88,753.68
    expect(single('NY', 1_100_000).tax).toBe(88_753.68);
    // ws 10: AGI 5,020,000, TI 5,012,000: 449,929.45 + 10.3% x 12,000 = 451,165.45; + 32,571
    // + 0.4000 x 32,500 = 13,000 -> 496,736.45
    expect(single('NY', 5_020_000).tax).toBe(496_736.45);
    // ws 11: AGI over 25,000,000: 10.9% x 29,992,000 = 3,269,128
    expect(single('NY', 30_000_000).tax).toBe(3_269_128);
  });
  it('married filing separately uses the single worksheets (7-11)', () => {
    const r = tax({ state: 'NY', filing_status: 'mfs', state_taxable_income: 240_000 });
    expect(r.tax).toBe(14_961.7);
  });
  it('worksheet 1 (joint, TI to 161,550): toward 5.5% of all taxable income', () => {
    // AGI 120,000, TI 103,950: line 3 = 5.5% x 103,950 = 5,717.25; line 4 = 1,202 + 5.5% x 76,050
    // = 5,384.75; line 5 = 332.50; line 6 = 12,350; line 7 = 0.2470; line 8 = 82.1275;
    // line 9 = 5,466.8775 -> 5,466.88
    const r = joint(120_000);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([5384.75, 82.13, 5466.88]);
    // top of worksheet 1: AGI 177,600, TI 161,550, line 1 over 157,650: line 3 = 5.5% x 161,550 = 8,885.25
    expect(joint(177_600).tax).toBe(8885.25);
  });
  it('worksheet 2 (joint, TI over 161,550 to 323,200): base 333 + fraction x 807', () => {
    // AGI 177,601, TI 161,551: line 3 = 8,552.75 + 6% x 1 = 8,552.81; line 4 = 333; line 5 = 807;
    // line 6 = 16,051; line 8 = 0.32102 -> 0.3210; line 9 = 259.047; line 10 = 9,144.857 -> 9,144.86
    expect(joint(177_601).tax).toBe(9144.86);
    // AGI 200,000, TI 183,950: line 3 = 8,552.75 + 6% x 22,400 = 9,896.75; line 8 = 38,450 / 50,000
    // = 0.7690; line 9 = 620.583; line 10 = 10,850.333 -> 10,850.33; next dollar 6% + 807 / 50,000
    const r = joint(200_000);
    expect([r.tax, r.marginal_rate]).toEqual([10_850.33, 0.07614]);
    // top of worksheet 2 (the cliff map's NY cliff below): AGI 339,250, TI 323,200, line 7 = 50,000:
    // 18,251.75 + 333 + 807 = 19,391.75
    expect(joint(339_250).tax).toBe(19_391.75);
  });
  it('worksheet 3 (joint, TI over 323,200): base 1,140 + fraction x 2,747; the cliff at 323,200', () => {
    // AGI 339,251, TI 323,201: line 3 = 18,251.75 + 6.85% x 1 = 18,251.8185; line 4 = 1,140; line 5 = 2,747;
    // line 6 = 16,051; line 8 = 0.3210; line 9 = 881.787; line 10 = 20,273.6055 -> 20,273.61
    expect(joint(339_251).tax).toBe(20_273.61);
    // one dollar more of income: 20,273.6055 - 19,391.75 = 881.8555 (the 0.0685 of the dollar and the
    // recapture of 1,140 - 1,140 + 0.3210 x 2,747 = 881.787 at once)
    // AGI 400,000, TI 383,950 (line 7 = 50,000): 18,251.75 + 6.85% x 60,750 = 22,413.125; + 1,140 + 2,747
    // = 26,300.125 -> 26,300.13
    expect([joint(400_000).tax, joint(400_000).marginal_rate]).toEqual([26_300.13, 0.0685]);
  });
  it('worksheets 4-6 (joint): 3,887 + fraction x 60,350; 64,237 + fraction x 32,500; 10.9% over 25M', () => {
    // ws 4: AGI 2,200,000, TI 2,183,950: 143,754.025 + 9.65% x 28,600 = 146,513.925; + 3,887
    // + (44,650 / 50,000 = 0.8930) x 60,350 = 53,892.55 -> 204,293.475 -> 204,293.48
    expect(joint(2_200_000).tax).toBe(204_293.48);
    // ws 5: AGI 5,030,000, TI 5,013,950: 418,262.75 + 10.3% x 13,950 = 419,699.60; + 64,237
    // + 0.6000 x 32,500 = 19,500 -> 503,436.60
    expect(joint(5_030_000).tax).toBe(503_436.6);
    // ws 6: AGI 26,016,050, TI 26,000,000: 10.9% = 2,834,000
    expect(joint(26_016_050).tax).toBe(2_834_000);
  });
  it('worksheet 13 (head of household, TI over 269,300): base 787 + fraction x 2,289', () => {
    // AGI 300,000, TI 288,800: schedule 12,800 -> 512; 17,650 -> 730.25; 20,900 -> 900.875;
    // 107,650 -> 5,672.125; 269,300 -> 15,371.125; + 6.85% x 19,500 = 16,706.875; + 787
    // + (30,700 / 50,000 = 0.6140) x 2,289 = 1,405.446 -> 18,899.321 -> 18,899.32
    expect(tax({ state: 'NY', filing_status: 'hoh', state_taxable_income: 300_000 }).tax).toBe(18_899.32);
  });
  it('PolicyEngine-US ny_supplemental_tax.yaml "2024 single filer with AGI above $25M" (same 2024/2025 schedule)', () => {
    // ny_agi 33,440,296, ny_taxable_income 33,432,296 (AGI - 8,000), ny_main_income_tax 3,429,049.71,
    // ny_supplemental_tax 215,070.55: 2,509,929.45 + 10.9% x 8,432,296 = 3,429,049.714; 10.9% x 33,432,296
    // = 3,644,120.264; recapture 215,070.55
    const r = single('NY', 33_440_296);
    expect([r.bracket_tax, r.recapture_tax, r.tax]).toEqual([3_429_049.71, 215_070.55, 3_644_120.26]);
  });
  it('PolicyEngine-US gov/states/ny/tax/income/integration.yaml, 2025 single wage earners (cases 2 and 4)', () => {
    // Case 2: 50,000 of wages: TI 42,000, main tax 2,145, no supplemental tax.
    expect([single('NY', 50_000).taxable_income, single('NY', 50_000).tax]).toEqual([42_000, 2145]);
    // Case 4: 200,000 of wages: TI 192,000, main tax 10,951.75 (4,270.75 + 6% x 111,350). PolicyEngine adds
    // its whole-dollar 568 (ny_supplemental_tax 568, before credits 11,519.75); worksheet 7 with line 1 of
    // 157,650 or more enters line 3 on line 9: 6% x 192,000 = 11,520 (recapture 568.25). The worksheet wins.
    const r = single('NY', 200_000);
    expect([r.taxable_income, r.bracket_tax, r.recapture_tax, r.tax]).toEqual([
      192_000, 10_951.75, 568.25, 11_520,
    ]);
  });
  it('bracket edges (single schedule): 80,650 and 215,400 of taxable income', () => {
    expect([single('NY', 8000 + 80_650).marginal_rate, single('NY', 8000 + 80_649).marginal_rate]).toEqual([
      0.06, 0.055,
    ]);
    // above 157,650 of AGI worksheet 7 is fully phased in: the rate is 6% on all income
    expect(single('NY', 8000 + 200_000).marginal_rate).toBe(0.06);
  });
  it('pension exclusion: 20,000 from 59 1/2 (applied from age 60)', () => {
    // 65: 40,000 + 30,000 - 20,000 = 50,000; TI 42,000: 340 + 144 + 115.50 + 5.5% x 28,100 = 1,545.50 -> 2,145
    expect(single('NY', 40_000, { pension_income: 30_000, age: 65 }).tax).toBe(2145);
    expect(single('NY', 40_000, { pension_income: 30_000, age: 59 }).pension_excluded).toBe(0);
  });
});

describe('tax/state-income: Colorado 2025 (C.R.S. 39-22-104; 2025 104 Book, Line 1 and Subtractions Lines 3-4)', () => {
  const co = (age: number | undefined, other: number, pension: number, ss: number) =>
    single('CO', other, { pension_income: pension, social_security_income: ss, age });
  it('4.40% of federal taxable income (SB24-228; 104 Book Lines 1, 12): (60,000 - 15,750) x 4.4% = 1,947', () => {
    const r = single('CO', 60_000);
    expect([r.standard_deduction, r.tax, r.marginal_rate]).toEqual([15_750, 1947, 0.044]);
    const coSd = (filing_status: FilingStatus) =>
      tax({ state: 'CO', filing_status, state_taxable_income: 60_000 }).standard_deduction;
    expect(FILING_STATUSES.map(coSd)).toEqual([15_750, 31_500, 15_750, 23_625, 31_500]);
  });
  it('the standard deduction over 12,000 (16,000 joint) is added back from federal AGI of 300,000 (39-22-104(3)(p.5))', () => {
    // 299,999.99: (299,999.99 - 15,750) x 4.4% = 12,506.99956 -> 12,507.00; 300,000: (300,000 - 12,000) x 4.4%
    // = 12,672 (a cliff of 3,750 x 4.4% = 165)
    expect([single('CO', 299_999.99).standard_deduction, single('CO', 299_999.99).tax]).toEqual([
      15_750, 12_507,
    ]);
    expect([single('CO', 300_000).standard_deduction, single('CO', 300_000).tax]).toEqual([12_000, 12_672]);
    expect(tax({ state: 'CO', filing_status: 'mfj', state_taxable_income: 300_000 }).standard_deduction).toBe(
      16_000,
    );
    // federal AGI counts the subtracted pension: 280,000 + 30,000 at 70 reaches it
    expect(co(70, 280_000, 30_000, 0).standard_deduction).toBe(12_000);
  });
  it('65+: the federal 2,000 and the senior deduction; taxable Social Security out in full, the 24,000 pension cap less it', () => {
    // provisional income 30,000 + 30,000 + 12,000 = 72,000: taxable benefits min(20,400, 32,300 + 4,500) = 20,400,
    // all subtracted (Line 3); pension cap 24,000 - 20,400 = 3,600 (Line 4): 56,400 left; federal AGI 80,400:
    // senior deduction 6,000 - 6% x 5,400 = 5,676; 56,400 - 17,750 - 5,676 = 32,974 x 4.4% = 1,450.856
    const r = co(66, 30_000, 30_000, 24_000);
    expect([
      r.social_security_taxed,
      r.pension_excluded,
      r.standard_deduction,
      r.age_deductions,
      r.tax,
    ]).toEqual([0, 3600, 17_750, 5676, 1450.86]);
    // pension alone: 24,000 out: 30,000 + 6,000 - 17,750 - 6,000 = 12,250 x 4.4% = 539
    expect(co(66, 30_000, 30_000, 0).tax).toBe(539);
  });
  it('55-64: one 20,000 cap for benefits and pension, lifted for benefits at AGI <= 75,000 (HB24-1142)', () => {
    // provisional 52,000: taxable benefits 15,300 + 4,500 = 19,800; AGI 59,800 <= 75,000: all 19,800 out,
    // pension room 20,000 - 19,800 = 200: 39,800 - 15,750 = 24,050 x 4.4% = 1,058.20
    const low = co(60, 30_000, 10_000, 24_000);
    expect([low.social_security_taxed, low.pension_excluded, low.tax]).toEqual([0, 200, 1058.2]);
    expect(low.notes.join(' ')).toContain('not capped');
    // AGI 110,400 > 75,000: 20,000 of the 20,400 out, no pension room: 90,400 - 15,750 = 74,650 x 4.4% = 3,284.60
    const high = co(60, 80_000, 10_000, 24_000);
    expect([high.social_security_taxed, high.pension_excluded, high.tax]).toEqual([400, 0, 3284.6]);
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
    // provisional 42,000: 0.85 x 8,000 + 4,500 = 11,300 taxed: 41,300 - 15,750 = 25,550 x 4.4% = 1,124.20
    const r = co(50, 30_000, 0, 24_000);
    expect([r.social_security_taxed, r.tax]).toEqual([11_300, 1124.2]);
    expect(co(54, 30_000, 10_000, 0).pension_excluded).toBe(0);
    expect(co(55, 30_000, 10_000, 0).pension_excluded).toBe(10_000);
    expect(co(undefined, 30_000, 10_000, 0).notes.join(' ')).toContain('Age not given');
  });
});

describe('tax/state-income: Michigan 2025 (MCL 206.51, 206.30 as amended by PA 4 of 2023; Form 4884)', () => {
  it('4.25% after the 5,800 personal exemption (MCL 206.30(2); Treasury, Tax Year 2025 Guidance; MI-1040 line 9)', () => {
    // single 50,000: 50,000 - 5,800 = 44,200 x 4.25% = 1,878.50; Social Security exempt
    const r = single('MI', 50_000);
    expect([r.personal_exemptions, r.taxable_income, r.tax]).toEqual([5800, 44_200, 1878.5]);
    expect(single('MI', 50_000, { social_security_income: 30_000, age: 70 }).tax).toBe(1878.5);
    // one exemption a person: two on a joint return (11,600), one otherwise
    const mi = (filing_status: FilingStatus) =>
      tax({ state: 'MI', filing_status, state_taxable_income: 50_000 }).personal_exemptions;
    expect(FILING_STATUSES.map(mi)).toEqual([5800, 11_600, 5800, 5800, 5800]);
  });
  it('PolicyEngine-US mi_personal_exemptions.yaml "Michigan personal exemption 2025, single filer": 5,800', () => {
    expect(single('MI', 0).personal_exemptions).toBe(5800);
  });
  it('born 1946-1966 (59-79 at the end of 2025): 75% of the maximum, 49,423 / 98,846 joint', () => {
    // 10,000 + 60,000 - 49,423 - 5,800 = 14,777 x 4.25% = 628.0225 -> 628.02
    const r = single('MI', 10_000, { pension_income: 60_000, age: 70 });
    expect([r.pension_excluded, r.tax]).toEqual([49_423, 628.02]);
    // joint, 65: 120,000 - 98,846 - 11,600 = 9,554 x 4.25% = 406.045 -> 406.05
    const joint = tax({
      state: 'MI',
      filing_status: 'mfj',
      state_taxable_income: 0,
      pension_income: 120_000,
      age: 65,
    });
    expect([joint.pension_excluded, joint.tax]).toEqual([98_846, 406.05]);
    expect(single('MI', 0, { pension_income: 60_000, age: 59 }).pension_excluded).toBe(49_423);
  });
  it('born before 1946 (80+): the full 65,897 / 131,794; born 1967 or later (58): nothing', () => {
    // joint 80: 150,000 - 131,794 - 11,600 = 6,606 x 4.25% = 280.755 -> 280.76
    const r = tax({
      state: 'MI',
      filing_status: 'mfj',
      state_taxable_income: 0,
      pension_income: 150_000,
      age: 80,
    });
    expect([r.pension_excluded, r.tax]).toEqual([131_794, 280.76]);
    expect(single('MI', 0, { pension_income: 100_000, age: 80 }).pension_excluded).toBe(65_897);
    // 58: 10,000 + 60,000 - 5,800 = 64,200 x 4.25% = 2,728.50
    expect(single('MI', 10_000, { pension_income: 60_000, age: 58 }).tax).toBe(2728.5);
  });
});

describe('tax/state-income: Utah 2025 (Utah Code 59-10-104, 59-10-1018, H.B. 106 (2025); TC-40)', () => {
  it('4.5% less the taxpayer tax credit (59-10-1018; TC-40 lines 10-20): 6% of 15,750 less 1.3% over 18,213', () => {
    // single 80,000: 80,000 x 4.5% = 3,600; credit 945 - 1.3% x (80,000 - 18,213 = 61,787) = 945 - 803.231 = 141.769;
    // tax 3,458.231 -> 3,458.23. While the credit phases out the next dollar costs 4.5% + 1.3% = 5.8%
    const r = single('UT', 80_000);
    expect([r.bracket_tax, r.exemption_credits, r.tax, r.marginal_rate]).toEqual([
      3600, 141.77, 3458.23, 0.058,
    ]);
    // gone at 18,213 + 945 / 1.3% = 90,905.31: the flat rate again, tax = 4.5% x income
    expect([
      single('UT', 100_000).exemption_credits,
      single('UT', 100_000).tax,
      single('UT', 100_000).marginal_rate,
    ]).toEqual([0, 4500, 0.045]);
    // low income: the credit covers the tax (15,000 x 4.5% = 675 < 945)
    expect([single('UT', 15_000).tax, single('UT', 15_000).marginal_rate]).toEqual([0, 0]);
    // base phase-out amounts: 36,426 joint and surviving spouse, 27,320 head of household, 18,213 separate;
    // joint 100,000: 4,500 - (1,890 - 1.3% x 63,574 = 826.462 -> 1,063.538) = 3,436.462 -> 3,436.46
    expect(tax({ state: 'UT', filing_status: 'mfj', state_taxable_income: 100_000 }).tax).toBe(3436.46);
    expect(tax({ state: 'UT', filing_status: 'qss', state_taxable_income: 100_000 }).tax).toBe(3436.46);
    // head of household 60,000: 2,700 - (1,417.50 - 1.3% x 32,680 = 424.84 -> 992.66) = 1,707.34
    expect(tax({ state: 'UT', filing_status: 'hoh', state_taxable_income: 60_000 }).tax).toBe(1707.34);
  });
  it('the credit counts the federal additional deduction at 65 (TC-40 line 12 is federal 1040 line 12); pensions taxed', () => {
    // 60,000 of pension at 70: 2,700 - (6% x 17,750 = 1,065 - 1.3% x 41,787 = 543.231 -> 521.769) = 2,178.23
    const r = single('UT', 0, { pension_income: 60_000, age: 70 });
    expect([r.pension_excluded, r.exemption_credits, r.tax]).toEqual([0, 521.77, 2178.23]);
  });
  it('Social Security taxed as federal AGI includes it (IRC 86; the Social Security credit is not modeled)', () => {
    // single 70: provisional 30,000 + 12,000 = 42,000: 0.85 x 8,000 + 4,500 = 11,300 taxed; 41,300 x 4.5% =
    // 1,858.50 less 1,065 - 1.3% x 23,087 = 764.869: 1,093.631 -> 1,093.63
    const r = single('UT', 30_000, { social_security_income: 24_000, age: 70 });
    expect([r.social_security_taxed, r.tax]).toEqual([11_300, 1093.63]);
    // joint: provisional 20,000 + 15,000 = 35,000: 50% x (35,000 - 32,000) = 1,500 taxed; 21,500 x 4.5% = 967.50,
    // all of it covered by the 1,890 credit (21,500 is under the 36,426 base)
    const joint = tax({
      state: 'UT',
      filing_status: 'mfj',
      state_taxable_income: 20_000,
      social_security_income: 30_000,
    });
    expect([joint.social_security_taxed, joint.tax]).toEqual([1500, 0]);
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

describe('tax/state-income: Maine 2025 (36 M.R.S. 5111, 5124-C, 5126-A, 5122(2)(M-2), (M-3); 2025 Form 1040ME)', () => {
  // Rate schedules of 36 M.R.S. 5111 indexed for 2025 (MRS 2025 tax rate schedules): 5.8% / 6.75% / 7.15%
  // over 26,800 / 63,450 single and separate, 40,200 / 95,150 head of household, 53,600 / 126,900 joint.
  // The schedules print rounded base amounts ($1,554 at 26,800, $4,028 at 63,450); the engine keeps the cents.
  it('single 60,000: TI 60,000 - 15,000 - 5,150 = 39,850 -> 1,554.40 + 6.75% x 13,050 = 2,435.28', () => {
    // 26,800 x 5.8% = 1,554.40; 13,050 x 6.75% = 880.875 -> 2,435.275 -> 2,435.28 (the schedule: 2,434.88)
    const r = single('ME', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      15_000, 5150, 39_850, 2435.28,
    ]);
    expect(tax({ state: 'ME', filing_status: 'mfs', state_taxable_income: 60_000 }).tax).toBe(2435.28);
  });
  it('bracket edges: TI 26,800 and 63,450 (income + 20,150 of deduction and exemption)', () => {
    expect([
      single('ME', 20_150 + 26_800).marginal_rate,
      single('ME', 20_150 + 26_799).marginal_rate,
    ]).toEqual([0.0675, 0.058]);
    expect([
      single('ME', 20_150 + 63_450).marginal_rate,
      single('ME', 20_150 + 63_449).marginal_rate,
    ]).toEqual([0.0715, 0.0675]);
    // TI 63,450: 1,554.40 + 6.75% x 36,650 = 2,473.875 -> 4,028.275 -> 4,028.28 (the schedule: $4,028)
    expect(single('ME', 20_150 + 63_450).tax).toBe(4028.28);
  });
  it('joint, surviving spouse and head of household schedules', () => {
    // joint 120,000: TI 120,000 - 30,000 - 10,300 = 79,700: 53,600 x 5.8% = 3,108.80 + 6.75% x 26,100
    // = 1,761.75 -> 4,870.55
    expect(tax({ state: 'ME', filing_status: 'mfj', state_taxable_income: 120_000 }).tax).toBe(4870.55);
    // surviving spouse: the joint schedule and deduction, one exemption: TI 84,850: 3,108.80 + 6.75% x 31,250
    // = 2,109.375 -> 5,218.175 -> 5,218.18
    expect(tax({ state: 'ME', filing_status: 'qss', state_taxable_income: 120_000 }).tax).toBe(5218.18);
    // head of household 80,000: TI 80,000 - 22,500 - 5,150 = 52,350: 40,200 x 5.8% = 2,331.60 + 6.75% x
    // 12,150 = 820.125 -> 3,151.725 -> 3,151.73; the edge at TI 95,150
    expect(tax({ state: 'ME', filing_status: 'hoh', state_taxable_income: 80_000 }).tax).toBe(3151.73);
    const hoh = (income: number) => tax({ state: 'ME', filing_status: 'hoh', state_taxable_income: income });
    expect([hoh(27_650 + 95_150).marginal_rate, hoh(27_650 + 95_149).marginal_rate]).toEqual([
      0.0715, 0.0675,
    ]);
  });
  it('standard deduction phase-out (5124-C(2)): (Maine AGI - 100,000) / 75,000 single, (- 200,050) / 150,000 joint', () => {
    // single 130,000: fraction 30,000 / 75,000 = 0.4: 15,000 x 0.6 = 9,000; TI 130,000 - 9,000 - 5,150 =
    // 115,850: 4,028.275 + 7.15% x 52,400 = 3,746.60 -> 7,774.875 -> 7,774.88
    const r = single('ME', 130_000);
    expect([r.standard_deduction, r.taxable_income, r.tax]).toEqual([9000, 115_850, 7774.88]);
    // at 100,000 the whole deduction; at 175,000 none
    expect([single('ME', 100_000).standard_deduction, single('ME', 175_000).standard_deduction]).toEqual([
      15_000, 0,
    ]);
    // joint 275,050: fraction 75,000 / 150,000 = 0.5: 15,000; TI 275,050 - 15,000 - 10,300 = 249,750:
    // 8,056.55 at 126,900 + 7.15% x 122,850 = 8,783.775 -> 16,840.325 -> 16,840.33
    const joint = tax({ state: 'ME', filing_status: 'mfj', state_taxable_income: 275_050 });
    expect([joint.standard_deduction, joint.tax]).toEqual([15_000, 16_840.33]);
  });
  it('personal exemption phase-out (5126-A(2)): (Maine AGI - 333,450) / 125,000 single', () => {
    // 395,950: fraction 62,500 / 125,000 = 0.5: 2,575; no standard deduction (over 175,000); TI 393,375:
    // 4,028.275 + 7.15% x 329,925 = 23,589.6375 -> 27,617.9125 -> 27,617.91
    const r = single('ME', 395_950);
    expect([r.personal_exemptions, r.standard_deduction, r.tax]).toEqual([2575, 0, 27_617.91]);
    expect([single('ME', 333_450).personal_exemptions, single('ME', 458_450).personal_exemptions]).toEqual([
      5150, 0,
    ]);
  });
  it('the additional standard deduction at 65 (2,000 unmarried), phased out with the standard deduction', () => {
    // 70: 40,000 - (15,000 + 2,000) - 5,150 = 17,850 x 5.8% = 1,035.30; 64: 19,850 x 5.8% = 1,151.30
    const old = single('ME', 40_000, { age: 70 });
    expect([old.age_deductions, old.tax]).toEqual([2000, 1035.3]);
    expect(single('ME', 40_000, { age: 64 }).tax).toBe(1151.3);
    // 137,500 at 65: fraction 0.5: 7,500 + 1,000; TI 137,500 - 8,500 - 5,150 = 123,850: 4,028.275 + 7.15% x
    // 60,400 = 4,318.60 -> 8,346.875 -> 8,346.88
    const phased = single('ME', 137_500, { age: 65 });
    expect([phased.standard_deduction, phased.age_deductions, phased.tax]).toEqual([7500, 1000, 8346.88]);
  });
  it('pension deduction (5122(2)(M-2)): up to 48,216 less all Social Security received, at any age; benefits exempt', () => {
    // 70: 20,000 + 40,000 pension + 24,000 benefits: 48,216 - 24,000 = 24,216 out; Maine AGI 35,784;
    // TI 35,784 - 17,000 - 5,150 = 13,634 x 5.8% = 790.772 -> 790.77 (benefits subtracted in full)
    const r = single('ME', 20_000, { pension_income: 40_000, social_security_income: 24_000, age: 70 });
    expect([r.pension_excluded, r.social_security_taxed, r.tax]).toEqual([24_216, 0, 790.77]);
    // no age test: the same deduction at 40 and without an age (no additional deduction at 65):
    // TI 15,634 x 5.8% = 906.772 -> 906.77
    const young = single('ME', 20_000, { pension_income: 40_000, social_security_income: 24_000, age: 40 });
    expect([young.pension_excluded, young.tax]).toEqual([24_216, 906.77]);
    expect(single('ME', 0, { pension_income: 60_000 }).pension_excluded).toBe(48_216);
    // benefits over the cap leave nothing
    expect(single('ME', 0, { pension_income: 10_000, social_security_income: 50_000 }).pension_excluded).toBe(
      0,
    );
  });
  it('pension deduction phase-out (5122(2)(M-3), from 2025): (federal AGI - 125,000) / 100,000 single', () => {
    // single 150,000 + 20,000 pension: federal AGI 170,000: fraction 0.45: 20,000 x 0.55 = 11,000
    expect(single('ME', 150_000, { pension_income: 20_000 }).pension_excluded).toBe(11_000);
    expect(single('ME', 205_000, { pension_income: 20_000 }).pension_excluded).toBe(0);
  });
});

describe('tax/state-income: Maryland 2025 (Tax-General 10-105, 10-209, 10-211, 10-217 as amended by ch. 604 of 2025)', () => {
  // Schedules (10-105(a), ch. 604; 2025 Resident Booklet p. 22): 2% / 3% / 4% to 1,000 / 2,000 / 3,000, then 4.75%,
  // 5%, 5.25%, 5.5%, 5.75%, 6.25%, 6.5% over 3,000 / 100,000 / 125,000 / 150,000 / 250,000 / 500,000 / 1,000,000
  // single and separate; over 3,000 / 150,000 / 175,000 / 225,000 / 300,000 / 600,000 / 1,200,000 joint, head of
  // household and surviving spouse. Tax at 3,000: 20 + 30 + 40 = 90. Standard deduction 3,350 / 6,700 (10-217);
  // exemptions 3,200 each by federal AGI (10-211(c)).
  const md = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'MD', filing_status, state_taxable_income: income, ...extra });
  it('single 60,000: TI 60,000 - 3,350 - 3,200 = 53,450 -> 90 + 4.75% x 50,450 = 2,486.38', () => {
    // 4.75% x 50,450 = 2,396.375 -> 2,486.375 -> 2,486.38; state only (county tax not modeled)
    const r = md('single', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      3350, 3200, 53_450, 2486.38,
    ]);
    expect(r.notes.join(' ')).toContain('county');
  });
  it('exemption steps by federal AGI (10-211(c)): 3,200 to 100,000, 1,600 to 125,000, 800 to 150,000 single', () => {
    // 100,000: TI 93,450: 90 + 4.75% x 90,450 = 4,386.375 -> 4,386.38; 100,001: 1,600: TI 95,051: 90 +
    // 4.75% x 92,051 = 4,462.4225 -> 4,462.42 (a cliff of 76.04: the exemption's step)
    expect([md('single', 100_000).tax, md('single', 100_001).tax]).toEqual([4386.38, 4462.42]);
    // 110,000: TI 110,000 - 3,350 - 1,600 = 105,050: 4,697.50 at 100,000 + 5% x 5,050 = 4,950
    const r = md('single', 110_000);
    expect([r.personal_exemptions, r.tax]).toEqual([1600, 4950]);
    expect([125_000, 125_001, 150_000, 150_001].map((i) => md('single', i).personal_exemptions)).toEqual([
      1600, 800, 800, 0,
    ]);
    // joint: 3,200 x 2 to 150,000, 1,600 x 2 to 175,000, 800 x 2 to 200,000; head of household one exemption
    // on the joint steps; separate on the single steps
    expect([150_000, 160_000, 200_000, 200_001].map((i) => md('mfj', i).personal_exemptions)).toEqual([
      6400, 3200, 1600, 0,
    ]);
    expect([md('hoh', 160_000).personal_exemptions, md('mfs', 160_000).personal_exemptions]).toEqual([
      1600, 0,
    ]);
  });
  it('joint, head of household, separate 160,000', () => {
    // joint: TI 160,000 - 6,700 - 3,200 = 150,100: 90 + 4.75% x 147,000 = 7,072.50 + 5% x 100 = 7,077.50
    expect(md('mfj', 160_000).tax).toBe(7077.5);
    // head of household (joint schedule and deduction): TI 151,700: 7,072.50 + 5% x 1,700 = 7,157.50
    expect(md('hoh', 160_000).tax).toBe(7157.5);
    // separate (single schedule): TI 156,650: 4,697.50 + 1,250 + 1,312.50 = 7,260 at 150,000 + 5.5% x 6,650
    // = 365.75 -> 7,625.75
    expect(md('mfs', 160_000).tax).toBe(7625.75);
    expect(md('qss', 160_000).schedule).toBe('joint');
  });
  it('bracket edges of the 2025 top brackets (ch. 604): 500,000 and 1,000,000 single, 600,000 and 1,200,000 joint', () => {
    // over the exemption limits: TI = income - the standard deduction; the next dollar over an edge is taxed
    // at the rate above it
    const s = (ti: number) => md('single', 3350 + ti);
    const j = (ti: number) => md('mfj', 6700 + ti);
    expect([s(500_000).marginal_rate, s(499_999).marginal_rate]).toEqual([0.0625, 0.0575]);
    expect([s(1_000_000).marginal_rate, s(999_999).marginal_rate]).toEqual([0.065, 0.0625]);
    expect([j(600_000).marginal_rate, j(599_999).marginal_rate]).toEqual([0.0625, 0.0575]);
    expect([j(1_200_000).marginal_rate, j(1_199_999).marginal_rate]).toEqual([0.065, 0.0625]);
    // single TI 500,000: 4,697.50 + 1,250 + 1,312.50 + 5,500 + 5.75% x 250,000 = 14,375 -> 27,135;
    // 1,000,000: + 6.25% x 500,000 = 31,250 -> 58,385
    expect([s(500_000).tax, s(1_000_000).tax]).toEqual([27_135, 58_385]);
    // joint TI 600,000: 90 + 6,982.50 + 1,250 + 2,625 + 4,125 + 5.75% x 300,000 = 17,250 -> 32,322.50;
    // 1,200,000: + 6.25% x 600,000 = 37,500 -> 69,822.50
    expect([j(600_000).tax, j(1_200_000).tax]).toEqual([32_322.5, 69_822.5]);
  });
  it('pension exclusion at 65 (10-209; Worksheet 13A): up to 41,200 less all Social Security received; benefits exempt', () => {
    // 70: 10,000 + 50,000 pension + 20,000 benefits. Federal AGI: IRC 86 taxes min(85% x 20,000, 85% x
    // (70,000 - 34,000) + 4,500) = 17,000 -> 77,000: exemption 3,200. Exclusion min(50,000, 41,200 - 20,000)
    // = 21,200; Maryland AGI 38,800; TI 38,800 - 3,350 - 3,200 - 1,000 (65 or older) = 31,250:
    // 90 + 4.75% x 28,250 = 1,341.875 -> 1,431.875 -> 1,431.88
    const old = md('single', 10_000, { pension_income: 50_000, social_security_income: 20_000, age: 70 });
    expect([old.pension_excluded, old.social_security_taxed, old.age_deductions, old.taxable_income]).toEqual(
      [21_200, 0, 1000, 31_250],
    );
    expect(old.tax).toBe(1431.88);
    // 64: no exclusion, no additional exemption: TI 60,000 - 3,350 - 3,200 = 53,450 -> 2,486.38
    const young = md('single', 10_000, { pension_income: 50_000, social_security_income: 20_000, age: 64 });
    expect([young.pension_excluded, young.tax]).toEqual([0, 2486.38]);
    // without benefits the cap is 41,200; benefits of 41,200 or more leave nothing
    expect(md('single', 0, { pension_income: 60_000, age: 65 }).pension_excluded).toBe(41_200);
    expect(
      md('single', 0, { pension_income: 10_000, social_security_income: 41_200, age: 66 }).pension_excluded,
    ).toBe(0);
    // no age given: not applied, and the notes say so
    expect(md('single', 0, { pension_income: 10_000 }).pension_excluded).toBe(0);
  });
});

describe('tax/state-income: Rhode Island 2025 (R.I. Gen. Laws 44-30-2.6, 44-30-12(c)(8), (9); ADV 2024-26, ADV 2025-22)', () => {
  // One schedule for every status (ADV 2024-26): 3.75% to 79,900, 4.75% to 181,650 (tax 2,996.25 and
  // 7,829.38 there), 5.99% above. Standard deduction 10,900 / 21,800 joint / 16,350 head of household;
  // exemption 5,100 each; both less 20% per 7,250 or part of it over 254,250 (RI-1040ES worksheets).
  const ri = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'RI', filing_status, state_taxable_income: income, ...extra });
  it('single 60,000: TI 60,000 - 10,900 - 5,100 = 44,000 x 3.75% = 1,650', () => {
    const r = ri('single', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      10_900, 5100, 44_000, 1650,
    ]);
    // joint 100,000: TI 100,000 - 21,800 - 10,200 = 68,000 x 3.75% = 2,550; head of household 60,000: TI
    // 60,000 - 16,350 - 5,100 = 38,550 x 3.75% = 1,445.625 -> 1,445.63
    expect([ri('mfj', 100_000).tax, ri('hoh', 60_000).tax]).toEqual([2550, 1445.63]);
  });
  it('bracket edges: TI 79,900 and 181,650 (income + 16,000 of deduction and exemption); the printed tax there', () => {
    expect([
      ri('single', 16_000 + 79_900).marginal_rate,
      ri('single', 16_000 + 79_899).marginal_rate,
    ]).toEqual([0.0475, 0.0375]);
    expect([
      ri('single', 16_000 + 181_650).marginal_rate,
      ri('single', 16_000 + 181_649).marginal_rate,
    ]).toEqual([0.0599, 0.0475]);
    // ADV 2024-26 schedule: 2,996.25 at 79,900; 2,996.25 + 4.75% x 101,750 = 7,829.375 -> 7,829.38
    expect([ri('single', 16_000 + 79_900).tax, ri('single', 16_000 + 181_650).tax]).toEqual([
      2996.25, 7829.38,
    ]);
    expect(ri('mfs', 16_000 + 181_650).schedule).toBe('all');
  });
  it('deduction and exemption phase-out: 20% per 7,250 or part of it over 254,250, none over 283,250', () => {
    // 260,000: 5,750 over: one step: 80% of 16,000 = 12,800; TI 247,200: 7,829.375 + 5.99% x 65,550 =
    // 3,926.445 -> 11,755.82
    const r = ri('single', 260_000);
    expect([r.standard_deduction, r.personal_exemptions, r.tax]).toEqual([8720, 4080, 11_755.82]);
    // 283,250: 29,000 over: four steps: 20% = 3,200; TI 280,050: 7,829.375 + 5.99% x 98,400 = 5,894.16 ->
    // 13,723.535 -> 13,723.54; one dollar more: five steps, nothing: TI 283,251: + 5.99% x 101,601 =
    // 6,085.8999 -> 13,915.2749 -> 13,915.27
    expect([ri('single', 283_250).tax, ri('single', 283_251).tax]).toEqual([13_723.54, 13_915.27]);
    expect(ri('single', 283_251).standard_deduction).toBe(0);
    expect(ri('single', 254_250).standard_deduction).toBe(10_900);
  });
  it('Social Security and pension modifications (44-30-12(c)(8), (9)): full retirement age, federal AGI under 107,000', () => {
    // 70: 20,000 + 60,000 pension + 24,000 benefits. IRC 86: min(85% x 24,000, 85% x (92,000 - 34,000) +
    // 4,500) = 20,400; federal AGI 100,400 < 107,000: the 20,400 and 50,000 of the pension are subtracted;
    // RI AGI 30,000; TI 30,000 - 16,000 = 14,000 x 3.75% = 525
    const old = ri('single', 20_000, { pension_income: 60_000, social_security_income: 24_000, age: 70 });
    expect([old.social_security_taxed, old.pension_excluded, old.taxable_income, old.tax]).toEqual([
      0, 50_000, 14_000, 525,
    ]);
    // 66 (taken as under full retirement age): nothing subtracted: RI AGI 100,400; TI 84,400: 2,996.25 +
    // 4.75% x 4,500 = 213.75 -> 3,210
    const young = ri('single', 20_000, { pension_income: 60_000, social_security_income: 24_000, age: 66 });
    expect([young.social_security_taxed, young.pension_excluded, young.tax]).toEqual([20_400, 0, 3210]);
    // 30,000 of other income: federal AGI 110,400, at or over 107,000: nothing subtracted: TI 94,400:
    // 2,996.25 + 4.75% x 14,500 = 688.75 -> 3,685
    const over = ri('single', 30_000, { pension_income: 60_000, social_security_income: 24_000, age: 70 });
    expect([over.social_security_taxed, over.pension_excluded, over.tax]).toEqual([20_400, 0, 3685]);
    // joint limit 133,750: federal AGI 133,749 keeps the modification, 133,750 loses it
    expect(ri('mfj', 83_749, { pension_income: 50_000, age: 67 }).pension_excluded).toBe(50_000);
    expect(ri('mfj', 83_750, { pension_income: 50_000, age: 67 }).pension_excluded).toBe(0);
  });
});

describe('tax/state-income: Alabama 2025 (Ala. Code 40-18-5, 40-18-15; 2025 Form 40 Booklet)', () => {
  // Form 40: taxable income = Alabama AGI - standard deduction (chart p. 9) - federal tax deduction
  // (Federal Tax Deduction Worksheet) - personal exemption (lines 1-4); tax: 2% / 4% / 5% (40-18-5).
  it('single 50,000 with 4,000 of federal tax given: TI 50,000 - 2,500 - 4,000 - 1,500 = 42,000 -> 2,060', () => {
    // AGI 50,000 is over 35,500: the 2,500 minimum. 2% x 500 = 10; 4% x 2,500 = 100; 5% x 39,000 = 1,950
    const r = single('AL', 50_000, { federal_income_tax: 4000 });
    expect([
      r.standard_deduction,
      r.personal_exemptions,
      r.federal_tax_deduction,
      r.taxable_income,
      r.tax,
    ]).toEqual([2500, 1500, 4000, 42_000, 2060]);
    expect(r.notes.join(' ')).not.toContain('computed by the federal engine');
  });
  it('single 50,000, federal tax computed: 10% x 11,925 + 12% x 22,325 = 3,871.50 on 34,250 (50,000 - 15,750)', () => {
    // 2025 federal (Rev. Proc. 2024-40 brackets, Pub. L. 119-21 standard deduction 15,750): 1,192.50 + 2,679
    // = 3,871.50. TI 50,000 - 2,500 - 1,500 - 3,871.50 = 42,128.50: 110 + 5% x 39,128.50 = 1,956.425 -> 2,066.43
    const r = single('AL', 50_000);
    expect([r.federal_tax_deduction, r.taxable_income, r.tax]).toEqual([3871.5, 42_128.5, 2066.43]);
    expect(r.notes.join(' ')).toContain(
      'Federal income tax not given: 3,871.50 computed by the federal engine',
    );
  });
  it('standard deduction chart (p. 9): reduced per full 500 of AGI over 25,500 (250 over 12,750 separate)', () => {
    const sd = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'AL', filing_status, state_taxable_income: income, federal_income_tax: 0 })
        .standard_deduction;
    // joint: $0-$25,999 -> 8,500; $26,000-$26,499 -> 8,325; $35,500 and above -> 5,000
    expect([
      sd('mfj', 25_999),
      sd('mfj', 26_000),
      sd('mfj', 26_499),
      sd('mfj', 35_500),
      sd('mfj', 90_000),
    ]).toEqual([8500, 8325, 8325, 5000, 5000]);
    // separate: $0-$12,999 -> 4,250; $13,000-$13,249 -> 4,162; $17,750 and above -> 2,500 (4,250 - 20 x 88 < 2,500)
    expect([sd('mfs', 12_999), sd('mfs', 13_000), sd('mfs', 17_750)]).toEqual([4250, 4162, 2500]);
    // single 3,000 - 25 per 500; head of family 5,200 - 135 per 500; both 2,500 from 35,500
    expect([sd('single', 25_999), sd('single', 30_000), sd('single', 35_500)]).toEqual([3000, 2775, 2500]);
    expect([sd('hoh', 26_000), sd('hoh', 35_499), sd('hoh', 35_500)]).toEqual([5065, 2635, 2500]);
  });
  it('phase-out floor 25,500 (Act 2022-297), not 26,000: the chart’s first reduced row starts at 26,000 (whole $500 steps)', () => {
    // Ala. Code 40-18-15(b) as amended by Act 2022-297 (LSA fiscal note on H.B. 163: AGI floor $25,500,
    // $12,750 separate): the reduction counts each full $500 ($250 separate) over the floor. 2025 Form 40
    // Booklet, Standard Deduction Chart, p. 9 (rows as quoted by PolicyEngine-US issue 7190 and the same in
    // the 2024 booklet): joint $0-$25,999 -> $8,500, $26,000-$26,499 -> $8,325; separate $0-$12,999 ->
    // $4,250, $13,000-$13,249 -> $4,162. A floor of 26,000 / 13,000 (PolicyEngine-US 8914f89) would give
    // 8,500 at 26,000 and 4,250 at 13,000.
    const sd = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'AL', filing_status, state_taxable_income: income, federal_income_tax: 0 })
        .standard_deduction;
    expect([sd('mfj', 25_500), sd('mfj', 25_999), sd('mfj', 26_000), sd('mfj', 26_500)]).toEqual([
      8500, 8500, 8325, 8150,
    ]);
    expect([sd('mfs', 12_999), sd('mfs', 13_000), sd('mfs', 13_249), sd('mfs', 13_250)]).toEqual([
      4250, 4162, 4162, 4074,
    ]);
    expect([sd('single', 25_999), sd('single', 26_000), sd('qss', 26_000)]).toEqual([3000, 2975, 8325]);
  });
  it('bracket edges: single 500 / 3,000, joint 1,000 / 6,000 of taxable income', () => {
    // single, no federal tax: income = TI + 3,000 + 1,500 below 25,500
    const s = (ti: number) => single('AL', ti + 4500, { federal_income_tax: 0 });
    expect([
      s(499).marginal_rate,
      s(500).marginal_rate,
      s(2999).marginal_rate,
      s(3000).marginal_rate,
    ]).toEqual([0.02, 0.04, 0.04, 0.05]);
    expect([s(500).tax, s(3000).tax]).toEqual([10, 110]); // 2% x 500; + 4% x 2,500
    const j = (ti: number) =>
      tax({ state: 'AL', filing_status: 'mfj', state_taxable_income: ti + 11_500, federal_income_tax: 0 });
    expect([j(999).marginal_rate, j(1000).marginal_rate, j(6000).marginal_rate, j(6000).tax]).toEqual([
      0.02, 0.04, 0.05, 220,
    ]); // 2% x 1,000 + 4% x 5,000 = 220
  });
  it('defined-benefit pension excluded at every age; Social Security exempt', () => {
    // 70: 20,000 + 30,000 pension (out) + 24,000 benefits (exempt), federal tax given 500:
    // AGI 20,000 -> 3,000; TI 20,000 - 3,000 - 1,500 - 500 = 15,000: 110 + 5% x 12,000 = 710
    const r = single('AL', 20_000, {
      pension_income: 30_000,
      social_security_income: 24_000,
      age: 70,
      federal_income_tax: 500,
    });
    expect([r.pension_excluded, r.social_security_taxed, r.tax]).toEqual([30_000, 0, 710]);
    expect(single('AL', 20_000, { pension_income: 30_000, age: 40, federal_income_tax: 500 }).tax).toBe(710);
  });
  it('the computed federal tax counts the pension and the benefits as the federal return does', () => {
    // 70, 20,000 + 30,000 pension + 24,000 benefits: provisional income 50,000 + 12,000 = 62,000; IRC 86:
    // min(0.85 x 24,000, 0.85 x (62,000 - 34,000) + min(4,500, 4,500)) = min(20,400, 28,300) = 20,400.
    // Federal AGI 70,400; deductions 15,750 + 2,000 (65) + 6,000 senior (AGI under 75,000) = 23,750;
    // taxable 46,650: 1,192.50 + 12% x 34,725 = 4,167 -> 5,359.50.
    // Alabama TI 20,000 - 3,000 - 1,500 - 5,359.50 = 10,140.50: 110 + 5% x 7,140.50 = 357.025 -> 467.03
    const r = single('AL', 20_000, { pension_income: 30_000, social_security_income: 24_000, age: 70 });
    expect([r.federal_tax_deduction, r.tax]).toEqual([5359.5, 467.03]);
  });
});

describe('tax/state-income: Missouri 2025 (RSMo 143.011, 143.131, 143.171; 2025 MO-1040)', () => {
  // MO-1040: taxable income = Missouri AGI - standard deduction (the federal one, 143.131) - federal tax
  // deduction (line 13: the liability x 35/25/15/5/0% by AGI, at most 5,000 / 10,000 joint, 143.171.2).
  // Schedule: 0% to 1,313, then 2% ... 4.5% on 1,313 each (256.035 at 9,191), 4.7% above.
  it('single 60,000 with 5,000 of federal tax given: 15% -> 750; TI 60,000 - 15,750 - 750 = 43,500 -> 1,868.56', () => {
    // 256.035 + 4.7% x (43,500 - 9,191 = 34,309) = 1,612.523 -> 1,868.558 (the chart: 256 + 1,612.52)
    const r = single('MO', 60_000, { federal_income_tax: 5000 });
    expect([r.standard_deduction, r.federal_tax_deduction, r.taxable_income, r.tax]).toEqual([
      15_750, 750, 43_500, 1868.56,
    ]);
  });
  it('single 60,000, federal tax computed: 5,071.50 x 15% = 760.725; TI 43,489.275 -> 1,868.05', () => {
    // federal: 60,000 - 15,750 = 44,250: 1,192.50 + 12% x 32,325 = 3,879 -> 5,071.50.
    // 256.035 + 4.7% x 34,298.275 = 1,612.018925 -> 1,868.053925
    const r = single('MO', 60_000);
    expect([r.federal_tax_deduction, r.taxable_income, r.tax]).toEqual([760.73, 43_489.28, 1868.05]);
    expect(r.notes.join(' ')).toContain(
      'Federal income tax not given: 5,071.50 computed by the federal engine',
    );
  });
  it('the share by AGI (25,000 or less 35%; 25,001 25%; 50,001 15%; 100,001 5%; 125,001 0%) and the cap', () => {
    const ded = (income: number, fed = 1000, filing_status: FilingStatus = 'single') =>
      tax({ state: 'MO', filing_status, state_taxable_income: income, federal_income_tax: fed })
        .federal_tax_deduction;
    expect([25_000, 25_001, 50_000, 50_001, 100_000, 100_001, 125_000, 125_001].map((i) => ded(i))).toEqual([
      350, 250, 250, 150, 150, 50, 50, 0,
    ]);
    // 15% x 40,000 = 6,000 -> 5,000 on a single return (head of household, separate too); joint 12,000 -> 10,000
    expect([ded(90_000, 40_000), ded(90_000, 40_000, 'hoh'), ded(90_000, 40_000, 'mfs')]).toEqual([
      5000, 5000, 5000,
    ]);
    expect(ded(90_000, 80_000, 'mfj')).toBe(10_000);
  });
  it('bracket edges: 1,313 (first taxed dollar) and 9,191 (4.7%) of taxable income', () => {
    const s = (ti: number) => single('MO', ti + 15_750, { federal_income_tax: 0 });
    expect([
      s(1312).marginal_rate,
      s(1313).marginal_rate,
      s(9190).marginal_rate,
      s(9191).marginal_rate,
    ]).toEqual([0, 0.02, 0.045, 0.047]);
    expect([s(1313).tax, s(9191).tax]).toEqual([0, 256.04]); // 1,313 x 19.5% = 256.035 (chart: $256)
  });
  it('Social Security out in full from 62 (143.124, S.B. 190); taxed as in federal AGI under 62; 65+ deduction; pensions taxed', () => {
    // 30,000 + 24,000 benefits: provisional 42,000; IRC 86: min(20,400, 0.85 x 8,000 + 4,500 = 11,300) = 11,300;
    // federal AGI 41,300 -> 25% x 1,000 = 250.
    const mo = (age: number) =>
      single('MO', 30_000, { social_security_income: 24_000, age, federal_income_tax: 1000 });
    // 62: TI 30,000 - 15,750 - 250 = 14,000: 256.035 + 4.7% x 4,809 = 226.023 -> 482.06
    expect([mo(62).social_security_taxed, mo(62).federal_tax_deduction, mo(62).tax]).toEqual([
      0, 250, 482.06,
    ]);
    // 61: 11,300 taxed: TI 25,300: 256.035 + 4.7% x 16,109 = 757.123 -> 1,013.16
    expect([mo(61).social_security_taxed, mo(61).tax]).toEqual([11_300, 1013.16]);
    // 66: 2,000 more deduction: TI 12,000: 256.035 + 4.7% x 2,809 = 132.023 -> 388.06
    expect([mo(66).age_deductions, mo(66).tax]).toEqual([2000, 388.06]);
    // pension 40,000 at 70 is taxed: TI 40,000 - 15,750 - 2,000 = 22,250: 256.035 + 4.7% x 13,059 -> 869.81
    const p = single('MO', 0, { pension_income: 40_000, age: 70, federal_income_tax: 0 });
    expect([p.pension_excluded, p.tax]).toEqual([0, 869.81]);
  });
});

describe('tax/state-income: Oregon 2025 (ORS 316.037, 316.085, 316.685, 316.695; 2025 OR-40 instructions)', () => {
  // OR-40: taxable income = income - standard deduction (Table 5, with 1,200 / 1,000 at 65) - federal tax
  // liability subtraction (line 10, at most 8,500 / 4,250 separate, Table 4 bands by federal AGI); tax by
  // Column S (single, separate: 4.75% to 4,400, 6.75% to 11,100, 8.75% to 125,000, 9.9%) or Column J (joint,
  // head of household, surviving spouse: 8,800 / 22,200 / 250,000), less 256 per exemption (none over federal
  // AGI 100,000 single and separate, 200,000 others). Bases: 4,400 -> 209; 11,100 -> 661.25; 125,000 -> 10,627.50;
  // joint 8,800 -> 418; 22,200 -> 1,322.50.
  const or = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'OR', filing_status, state_taxable_income: income, ...extra });
  it('single 60,000 with 5,000 of federal tax given: TI 60,000 - 2,835 - 5,000 = 52,165 -> 4,254.44 - 256', () => {
    // 661.25 + 8.75% x 41,065 = 3,593.1875 -> 4,254.4375 (the rate chart: 4,065 + 8.75% x 2,165 = 4,254.44)
    const r = or('single', 60_000, { federal_income_tax: 5000 });
    expect([r.standard_deduction, r.federal_tax_deduction, r.taxable_income, r.bracket_tax]).toEqual([
      2835, 5000, 52_165, 4254.44,
    ]);
    expect([r.exemption_credits, r.tax, r.schedule]).toEqual([256, 3998.44, 'single']);
  });
  it('joint 140,000, 66, 14,000 of federal tax: cap 8,500; TI 140,000 - 5,670 - 1,000 - 8,500 = 124,830', () => {
    // 1,322.50 + 8.75% x 102,630 = 8,980.125 -> 10,302.625; two credits 512 (AGI under 200,000) -> 9,790.625
    const r = or('mfj', 140_000, { federal_income_tax: 14_000, age: 66 });
    expect([r.age_deductions, r.federal_tax_deduction, r.taxable_income, r.bracket_tax]).toEqual([
      1000, 8500, 124_830, 10_302.63,
    ]);
    expect([r.exemption_credits, r.tax]).toEqual([512, 9790.63]);
  });
  it('head of household 50,000 (Column J, deduction 4,560) and separate 60,000 (cap 4,250)', () => {
    // hoh: TI 50,000 - 4,560 - 3,000 = 42,440: 1,322.50 + 8.75% x 20,240 = 1,771 -> 3,093.50 - 256
    expect(or('hoh', 50_000, { federal_income_tax: 3000 }).tax).toBe(2837.5);
    // mfs: TI 60,000 - 2,835 - 4,250 = 52,915: 661.25 + 8.75% x 41,815 = 3,658.8125 -> 4,320.0625 - 256
    const s = or('mfs', 60_000, { federal_income_tax: 6000 });
    expect([s.federal_tax_deduction, s.tax]).toEqual([4250, 4064.06]);
  });
  it('the subtraction falls by 1,700 per 5,000 of federal AGI over 125,000 (Table 4); the credit stops over 100,000', () => {
    const ded = (income: number, filing_status: FilingStatus = 'single') =>
      or(filing_status, income, { federal_income_tax: 20_000 }).federal_tax_deduction;
    expect([124_999, 125_000, 130_000, 135_000, 140_000, 144_999, 145_000].map((i) => ded(i))).toEqual([
      8500, 6800, 5100, 3400, 1700, 1700, 0,
    ]);
    expect([ded(249_999, 'mfj'), ded(250_000, 'mfj'), ded(289_999, 'hoh'), ded(290_000, 'qss')]).toEqual([
      8500, 6800, 1700, 0,
    ]);
    expect([ded(125_000, 'mfs'), ded(140_000, 'mfs')]).toEqual([3400, 850]);
    // 132,000: cap 5,100; TI 124,065: 661.25 + 8.75% x 112,965 = 9,884.4375 -> 10,545.6875, no credit
    const r = or('single', 132_000, { federal_income_tax: 20_000 });
    expect([r.taxable_income, r.exemption_credits, r.tax]).toEqual([124_065, 0, 10_545.69]);
    // 100,000: TI 97,165 -> 8,191.9375 - 256; 100,001: the whole credit goes (a cliff)
    expect([
      or('single', 100_000, { federal_income_tax: 0 }).tax,
      or('single', 100_001, { federal_income_tax: 0 }).tax,
    ]).toEqual([7935.94, 8192.03]);
    expect([
      or('mfj', 200_000, { federal_income_tax: 0 }).exemption_credits,
      or('mfj', 200_001, { federal_income_tax: 0 }).exemption_credits,
    ]).toEqual([512, 0]);
  });
  it('the credit limit is on federal AGI (OR-40 instructions): the taxable benefits take it away', () => {
    // 67, 90,000 and 30,000 of benefits (exempt in Oregon), 10,000 of federal tax given: federal AGI 90,000 +
    // 0.85 x 30,000 = 115,500, over 100,000: no credit. TI 90,000 - 2,835 - 1,200 - 8,500 = 77,465:
    // 661.25 + 8.75% x 66,365 = 5,806.9375 -> 6,468.1875. Without the benefits the credit stays: - 256.
    const r = or('single', 90_000, { age: 67, social_security_income: 30_000, federal_income_tax: 10_000 });
    expect([r.taxable_income, r.exemption_credits, r.tax]).toEqual([77_465, 0, 6468.19]);
    expect(or('single', 90_000, { age: 67, federal_income_tax: 10_000 }).tax).toBe(6212.19);
  });
  it('9.9% over 125,000: single 300,000 with 80,000 of federal tax (no subtraction from 145,000)', () => {
    // TI 297,165: 10,627.50 + 9.9% x 172,165 = 17,044.335 -> 27,671.835
    const r = or('single', 300_000, { federal_income_tax: 80_000 });
    expect([r.federal_tax_deduction, r.tax, r.marginal_rate]).toEqual([0, 27_671.84, 0.099]);
  });
  it('the 2025 OR-40 Example 2 (joint, taxable 75,500): the schedule 5,986.25, the rate chart 5,987', () => {
    // 1,322.50 + 8.75% x 53,300 = 4,663.75 -> 5,986.25; the chart's 3,756 + 8.75% x 25,500 = 5,987.25 starts
    // from the rounded 1,323 (not modeled: the notes say so)
    const r = or('mfj', 75_500 + 5670, { federal_income_tax: 0 });
    expect([r.taxable_income, r.bracket_tax, r.tax]).toEqual([75_500, 5986.25, 5474.25]);
    expect(r.notes.join(' ')).toContain('$4,065 plus 8.75%');
  });
  it('Social Security exempt (ORS 316.054); bracket edges 4,400 and 11,100 (single), 22,200 (joint)', () => {
    // 40,000 + 20,000 benefits, 2,000 of federal tax: TI 35,165: 661.25 + 8.75% x 24,065 -> 2,766.9375 - 256
    const r = or('single', 40_000, { social_security_income: 20_000, federal_income_tax: 2000 });
    expect([r.social_security_taxed, r.tax]).toEqual([0, 2510.94]);
    const s = (ti: number, filing_status: FilingStatus = 'single') =>
      or(filing_status, ti + (filing_status === 'single' ? 2835 : 5670), { federal_income_tax: 0 });
    // 4.75% x 4,400 = 209 (under the 256 credit: no tax, marginal 0); 209 + 6.75% x 1 = 209.0675
    expect([s(4400).bracket_tax, s(4401).bracket_tax, s(4400).tax, s(4400).marginal_rate]).toEqual([
      209, 209.07, 0, 0,
    ]);
    expect([s(11_100).bracket_tax, s(22_200, 'mfj').bracket_tax]).toEqual([661.25, 1322.5]);
    expect([s(11_099), s(11_100), s(22_199, 'mfj'), s(22_200, 'mfj')].map((x) => x.marginal_rate)).toEqual([
      0.0675, 0.0875, 0.0675, 0.0875,
    ]);
  });
  it('pensions taxed at any age (the retirement income credit is not modeled)', () => {
    const p = or('single', 0, { pension_income: 40_000, age: 70, federal_income_tax: 0 });
    // TI 40,000 - 2,835 - 1,200 = 35,965: 661.25 + 8.75% x 24,865 = 2,175.6875 -> 2,836.9375 - 256
    expect([p.pension_excluded, p.age_deductions, p.tax]).toEqual([0, 1200, 2580.94]);
  });
});

describe('tax/state-income: Wisconsin 2025 (Wis. Stat. 71.05(22), 71.05(23), 71.06, 2025 Act 15; 2025 Form 1 instructions)', () => {
  // Form 1: taxable income = Wisconsin income - sliding standard deduction (lines 8-9) - exemptions (line 10:
  // 700 each, 250 more at 65). Standard deduction: 13,560 less 12% over 19,550 (single); 25,110 less 19.778%
  // over 28,210 (joint); 11,930 less 19.778% over 13,390 (separate); 17,520 less 22.515% over 19,550 (head of
  // household), at least the single amount. Schedules: 3.5% / 4.4% / 5.3% / 7.65% over 14,680 / 50,480 /
  // 323,290 (single, head of household); 19,580 / 67,300 / 431,060 (joint); 9,790 / 33,650 / 215,530
  // (separate). Bases: single 513.80 at 14,680, 2,089 at 50,480, 16,547.93 at 323,290; joint 685.30 / 2,784.98
  // / 22,064.26; separate 342.65 / 1,392.49 / 11,032.13.
  const wi = (filing_status: FilingStatus, income: number, extra: Partial<StateIncomeInput> = {}) =>
    tax({ state: 'WI', filing_status, state_taxable_income: income, ...extra });
  it('single 60,000: deduction 13,560 - 12% x 40,450 = 8,706; TI 60,000 - 8,706 - 700 = 50,594 -> 2,095.04', () => {
    // 2,089 + 5.3% x 114 = 2,095.042
    const r = wi('single', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      8706, 700, 50_594, 2095.04,
    ]);
  });
  it('joint 100,000: deduction 25,110 - 19.778% x 71,790 = 10,911.37; TI 87,688.63 -> 3,865.58', () => {
    // 25,110 - 14,198.6262 = 10,911.3738; TI 100,000 - 10,911.3738 - 1,400 = 87,688.6262:
    // 2,784.98 + 5.3% x 20,388.6262 = 1,080.597189 -> 3,865.577189
    const r = wi('mfj', 100_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax, r.schedule]).toEqual([
      10_911.37,
      1400,
      87_688.63,
      3865.58,
      'joint',
    ]);
  });
  it('head of household: 22.515% off 17,520 until it meets the single amount (57,210), then the single one', () => {
    // 40,000: 17,520 - 22.515% x 20,450 = 12,915.6825 (single: 11,106); TI 26,384.3175:
    // 513.80 + 4.4% x 11,704.3175 = 514.98997 -> 1,028.78997
    const h = wi('hoh', 40_000);
    expect([h.standard_deduction, h.tax, h.schedule]).toEqual([12_915.68, 1028.79, 'single']);
    // 70,000: HOH 17,520 - 11,358.8175 = 6,161.18 < single 13,560 - 6,054 = 7,506; TI 61,794: 2,089 + 5.3% x 11,314
    expect([wi('hoh', 70_000).standard_deduction, wi('hoh', 70_000).tax]).toEqual([7506, 2688.64]);
    // a federal qualifying surviving spouse files as head of household in Wisconsin
    expect(wi('qss', 70_000).tax).toBe(2688.64);
  });
  it('separate 40,000: deduction 11,930 - 19.778% x 26,610 = 6,667.07; TI 32,632.93 -> 1,347.74', () => {
    // 342.65 + 4.4% x (32,632.9258 - 9,790) = 1,005.088735 -> 1,347.738735
    const r = wi('mfs', 40_000);
    expect([r.standard_deduction, r.tax, r.schedule]).toEqual([6667.07, 1347.74, 'separate']);
  });
  it('the Standard Deduction Table rows at their midpoints (2025 Form 1 instructions pp. 35-37)', () => {
    // single 42,500-43,000: 13,560 - 12% x 23,200 = 10,776; joint 48,000-48,500: 25,110 - 19.778% x 20,040 =
    // 21,146.49 (table 21,146); separate 44,000-44,500: 11,930 - 19.778% x 30,860 = 5,826.51 (table 5,827);
    // head of household 93,500-94,000: the single 13,560 - 12% x 74,200 = 4,656; none from 132,550 single
    expect([
      wi('single', 42_750).standard_deduction,
      wi('mfj', 48_250).standard_deduction,
      wi('mfs', 44_250).standard_deduction,
      wi('hoh', 93_750).standard_deduction,
      wi('single', 132_550).standard_deduction,
    ]).toEqual([10_776, 21_146.49, 5826.51, 4656, 0]);
  });
  it('over 100,000 the Tax Computation Worksheet: 5.3% x TI - 586.44, 7.65% x TI - 8,183.76 / 10,911.83 joint', () => {
    // single 150,000: no deduction; TI 149,300: 0.053 x 149,300 - 586.44 = 7,326.46
    expect(wi('single', 150_000).tax).toBe(7326.46);
    // joint 500,000: TI 498,600: 0.0765 x 498,600 - 10,911.83 = 27,231.07
    expect(wi('mfj', 500_000).tax).toBe(27_231.07);
    // single 400,000: TI 399,300: 16,547.93 + 7.65% x 76,010 = 22,362.695 -> 22,362.70 (the worksheet's
    // rounded 8,183.76 gives 22,362.69)
    expect([wi('single', 400_000).tax, wi('single', 400_000).marginal_rate]).toEqual([22_362.7, 0.0765]);
  });
  it('retirement income subtraction at 67 (Act 15): up to 24,000; Social Security exempt', () => {
    // 70: 30,000 pension - 24,000 + 20,000 = 26,000; deduction 13,560 - 12% x 6,450 = 12,786; exemptions
    // 700 + 250; TI 12,264 x 3.5% = 429.24
    const r = wi('single', 20_000, { pension_income: 30_000, age: 70 });
    expect([
      r.pension_excluded,
      r.standard_deduction,
      r.personal_exemptions + r.age_deductions,
      r.tax,
    ]).toEqual([24_000, 12_786, 950, 429.24]);
    // 66: nothing excluded; deduction 9,906; TI 39,144: 513.80 + 4.4% x 24,464 = 1,590.216
    expect(wi('single', 20_000, { pension_income: 30_000, age: 66 }).tax).toBe(1590.22);
    const ss = wi('single', 30_000, { social_security_income: 20_000 });
    expect([ss.social_security_taxed, ss.tax]).toEqual([0, wi('single', 30_000).tax]);
  });
  it('the 4.4% bracket ends at 50,480 / 67,300 / 33,650 (2025 Act 15), not PolicyEngine-US’s 51,130 / 68,170 / 34,090', () => {
    // 2025 Form 1 instructions, Tax Table, row 67,300-67,400 (the tax at the row's midpoint, 67,350, in
    // whole dollars; as transcribed by an independent project): single and head of household $2,983,
    // married filing jointly $2,788, married filing separately $3,179. With the 51,130 / 68,170 / 34,090
    // tops the rows would read 2,977 / 2,787 / 3,175.
    // single: 513.80 + 4.4% x 35,800 = 2,089 at 50,480; + 5.3% x 16,870 = 894.11 -> 2,983.11
    // joint: 685.30 + 4.4% x 47,720 = 2,784.98 at 67,300; + 5.3% x 50 = 2.65 -> 2,787.63
    // separate: 342.65 + 4.4% x 23,860 = 1,392.49 at 33,650; + 5.3% x 33,700 = 1,786.10 -> 3,178.59
    const covered = stateTaxTables.get(2025).WI;
    if (covered === undefined) throw new Error('WI is covered');
    const table = toLegacy(covered);
    const row = (name: string) => {
      const rows = table.brackets?.schedules[name];
      if (rows === undefined) throw new Error(`no schedule ${name}`);
      return Math.round(ordinaryTax(scheduleFrom(rows.rates, rows.thresholds), 67_350).toNumber());
    };
    expect([row('single'), row('joint'), row('separate')]).toEqual([2983, 2788, 3179]);
    // the same tops through the operation: the 4.4% row of a return past the standard deduction's end
    const fills = wi('single', 200_000).brackets;
    expect([fills[1]?.from, fills[1]?.to, fills[1]?.tax]).toEqual([14_680, 50_480, 1575.2]);
    expect(wi('mfj', 200_000).brackets[1]?.to).toBe(67_300);
    expect(wi('mfs', 200_000).brackets[1]?.to).toBe(33_650);
  });
  it('bracket edges 14,680 / 50,480 / 323,290 (single) and 67,300 (joint) of taxable income', () => {
    const at = (filing_status: FilingStatus, ti: number) => {
      // income with no standard deduction left (over its end) and the exemptions added back
      const income = ti + (filing_status === 'mfj' ? 1400 : 700);
      return wi(filing_status, income);
    };
    expect([at('single', 323_289).marginal_rate, at('single', 323_290).marginal_rate]).toEqual([
      0.053, 0.0765,
    ]);
    expect([at('mfj', 431_059).marginal_rate, at('mfj', 431_060).marginal_rate]).toEqual([0.053, 0.0765]);
    expect(at('single', 323_290).tax).toBe(16_547.93);
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

describe('tax/state-income: Arkansas 2025 (Ark. Code 26-51-201(a)(3), (d); DFA 2025 Indexed Tax Brackets; 2025 AR1000F)', () => {
  // One schedule for all statuses: 0% / 2% / 3% / 3.4% / 3.9% from 5,600 / 11,200 / 16,000 / 26,400 (3.9% of net
  // income less 420) to 94,700; above, 3.9% less 89.30 less the bracket adjustment (310 for 94,701-94,800, -10
  // per 100, none from 97,801). Standard deduction 2,470 (4,940 joint); personal tax credits 29 each (line 7A).
  it('single 60,000: TI 57,530 x 3.9% - 420 = 1,823.67, less the 29 credit = 1,794.67', () => {
    // fills: 5,600 x 2% = 112 + 4,800 x 3% = 144 + 10,400 x 3.4% = 353.60 + 31,130 x 3.9% = 1,214.07
    const r = single('AR', 60_000);
    expect([r.standard_deduction, r.taxable_income, r.bracket_tax, r.exemption_credits, r.tax]).toEqual([
      2470, 57_530, 1823.67, 29, 1794.67,
    ]);
  });
  it('bracket edges: net income 5,600, 11,200, 16,000 and 26,400 (income + 2,470)', () => {
    const at = (ti: number) => single('AR', 2470 + ti);
    // under 5,600 nothing; 5,601: 2% of 1 (the 29 credit still covers the tax, so the marginal rate is 0)
    expect([at(5600).bracket_tax, at(5601).bracket_tax]).toEqual([0, 0.02]);
    expect([at(11_200).marginal_rate, at(11_199).marginal_rate]).toEqual([0.03, 0.02]);
    expect([at(16_000).marginal_rate, at(15_999).marginal_rate]).toEqual([0.034, 0.03]);
    expect([at(26_400).marginal_rate, at(26_399).marginal_rate]).toEqual([0.039, 0.034]);
    // DFA example 1: 75,950 x 3.9% - 419.96 = 2,542.09 (table 2,542); here 2,962.05 - 420 = 2,542.05
    expect(at(75_950).bracket_tax).toBe(2542.05);
  });
  it('the bracket adjustment over 94,700: steps of 20.70, then 10 per 100 to 97,800 (tax never falls)', () => {
    const at = (ti: number) => single('AR', 2470 + ti).bracket_tax;
    // 94,700: 3,693.30 - 420 = 3,273.30; 94,701: 3,693.339 - (89.30 + 310) = 3,294.039 -> 3,294.04
    expect([at(94_700), at(94_701)]).toEqual([3273.3, 3294.04]);
    // 94,800: 3,697.20 - 399.30 = 3,297.90; 94,801: 3,697.239 - 389.30 = 3,307.939 -> 3,307.94
    expect([at(94_800), at(94_801)]).toEqual([3297.9, 3307.94]);
    // 97,800: 3,814.20 - 99.30 = 3,714.90; 97,801: 3,814.239 - 89.30 = 3,724.939 -> 3,724.94
    expect([at(97_800), at(97_801)]).toEqual([3714.9, 3724.94]);
    // 100,000: 3,900 - 89.30 = 3,810.70 (the booklet's note: 3,809 + 3.9% over 100,000; see not_modeled)
    expect(at(100_000)).toBe(3810.7);
    expect(single('AR', 2470 + 96_000).marginal_rate).toBe(0.039);
  });
  it('joint, head of household, surviving spouse and separate: the same schedule, their credits', () => {
    const run = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'AR', filing_status, state_taxable_income: income });
    // joint 100,000: TI 95,060: 3,707.34 - 420 + 20.70 + 3 x 10 = 3,338.04 (3.9% less 369.30), less 58 = 3,280.04
    const joint = run('mfj', 100_000);
    expect([joint.standard_deduction, joint.bracket_tax, joint.tax]).toEqual([4940, 3338.04, 3280.04]);
    // head of household and surviving spouse 50,000: TI 47,530: 1,853.67 - 420 = 1,433.67, less 2 x 29
    expect([run('hoh', 50_000).tax, run('qss', 50_000).tax]).toEqual([1375.67, 1375.67]);
    // separate: one credit
    expect(run('mfs', 50_000).tax).toBe(1404.67);
  });
  it('retirement exemption 6,000 at any age (26-51-307); Social Security exempt', () => {
    // 20,000 + 10,000 pension: 6,000 out; TI 24,000 - 2,470 = 21,530: 112 + 144 + 5,530 x 3.4% = 188.02
    // -> 444.02, less 29 = 415.02
    const r = single('AR', 20_000, { pension_income: 10_000, age: 70 });
    expect([r.pension_excluded, r.tax]).toEqual([6000, 415.02]);
    expect(single('AR', 20_000, { pension_income: 10_000, age: 40 }).tax).toBe(415.02);
    // 20,000 + 30,000 benefits: TI 17,530: 112 + 144 + 1,530 x 3.4% = 52.02 -> 308.02, less 29 = 279.02
    const ss = single('AR', 20_000, { social_security_income: 30_000 });
    expect([ss.social_security_taxed, ss.tax]).toEqual([0, 279.02]);
  });
});

describe('tax/state-income: Vermont 2025 (32 V.S.A. 5822, 5811(21)(C), 5830e as amended by S.51 of 2025; 2025 IN-111)', () => {
  // 2025 Vermont Tax Rate Schedules: 3.35% / 6.6% / 7.6% / 8.75% over 49,400 / 119,700 / 249,700 single (X),
  // 82,500 / 199,450 / 304,000 joint and surviving spouse (Y-1), 41,250 / 99,725 / 152,000 separate (Y-2),
  // 66,200 / 171,000 / 276,850 head of household (Z). IN-111 lines 4-5: standard deduction 7,650 / 15,300 /
  // 11,450 (+1,250 at 65), personal exemption 5,300 each.
  it('single 60,000: TI 60,000 - 7,650 - 5,300 = 47,050 x 3.35% = 1,576.175 -> 1,576.18', () => {
    const r = single('VT', 60_000);
    expect([r.standard_deduction, r.personal_exemptions, r.taxable_income, r.tax]).toEqual([
      7650, 5300, 47_050, 1576.18,
    ]);
  });
  it('bracket edges (single): TI 49,400, 119,700 and 249,700 (income + 12,950 of deduction and exemption)', () => {
    const at = (ti: number) => single('VT', 12_950 + ti);
    expect([at(49_400).marginal_rate, at(49_399).marginal_rate]).toEqual([0.066, 0.0335]);
    expect([at(119_700).marginal_rate, at(119_699).marginal_rate]).toEqual([0.076, 0.066]);
    expect([at(249_700).marginal_rate, at(249_699).marginal_rate]).toEqual([0.0875, 0.076]);
    // 49,400 x 3.35% = 1,654.90; + 70,300 x 6.6% = 4,639.80 -> 6,294.70; + 130,000 x 7.6% = 9,880 -> 16,174.70
    expect([at(49_400).tax, at(119_700).tax, at(249_700).tax]).toEqual([1654.9, 6294.7, 16_174.7]);
  });
  it('joint, surviving spouse, separate and head of household schedules', () => {
    const run = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'VT', filing_status, state_taxable_income: income });
    // joint 120,000: TI 120,000 - 15,300 - 10,600 = 94,100: 82,500 x 3.35% = 2,763.75 + 11,600 x 6.6% = 765.60
    expect(run('mfj', 120_000).tax).toBe(3529.35);
    // surviving spouse: Y-1 and the joint deduction, one exemption: TI 99,400: 2,763.75 + 16,900 x 6.6% = 1,115.40
    expect(run('qss', 120_000).tax).toBe(3879.15);
    // separate 60,000: TI 47,050: 41,250 x 3.35% = 1,381.875 + 5,800 x 6.6% = 382.80 -> 1,764.675 -> 1,764.68
    expect(run('mfs', 60_000).tax).toBe(1764.68);
    // head of household 80,000: TI 80,000 - 11,450 - 5,300 = 63,250 x 3.35% = 2,118.875 -> 2,118.88
    expect(run('hoh', 80_000).tax).toBe(2118.88);
    // top edges: joint TI 304,000 (+25,900), head of household 276,850 (+16,750), separate 152,000 (+12,950)
    expect([run('mfj', 25_900 + 304_000).marginal_rate, run('mfj', 25_900 + 303_999).marginal_rate]).toEqual([
      0.0875, 0.076,
    ]);
    expect([run('hoh', 16_750 + 276_850).marginal_rate, run('hoh', 16_750 + 276_849).marginal_rate]).toEqual([
      0.0875, 0.076,
    ]);
    expect([run('mfs', 12_950 + 152_000).marginal_rate, run('mfs', 12_950 + 151_999).marginal_rate]).toEqual([
      0.0875, 0.076,
    ]);
  });
  it('the additional standard deduction at 65 (1,250); pensions taxed at any age', () => {
    // 70: TI 40,000 - 7,650 - 1,250 - 5,300 = 25,800 x 3.35% = 864.30; 64: 27,050 x 3.35% = 906.175 -> 906.18
    const old = single('VT', 40_000, { age: 70 });
    expect([old.age_deductions, old.tax]).toEqual([1250, 864.3]);
    expect(single('VT', 40_000, { age: 64 }).tax).toBe(906.18);
    // 20,000 + 20,000 pension at 70: the same 864.30 (no pension exclusion modeled)
    const pension = single('VT', 20_000, { pension_income: 20_000, age: 70 });
    expect([pension.pension_excluded, pension.tax]).toEqual([0, 864.3]);
  });
  it('Social Security exemption (5830e(a)(1)): all of it at federal AGI up to 55,000 single', () => {
    // 30,000 + 20,000 benefits at 70: provisional 40,000: IRC 86 taxable min(17,000, 5,100 + 4,500) = 9,600;
    // federal AGI 39,600 <= 55,000: all 9,600 excluded; TI 30,000 - 14,200 = 15,800 x 3.35% = 529.30
    const r = single('VT', 30_000, { social_security_income: 20_000, age: 70 });
    expect([r.social_security_taxed, r.tax]).toEqual([0, 529.3]);
  });
  it('Social Security exemption phase-out: (65,000 - AGI) / 10,000 single, (80,000 - AGI) / 10,000 joint', () => {
    // 43,000 + 20,000 benefits: provisional 53,000: taxable min(17,000, 16,150 + 4,500) = 17,000; federal AGI
    // 60,000: (65,000 - 60,000) / 10,000 = 0.5 excluded, 8,500 taxed; TI 51,500 - 14,200 = 37,300 x 3.35% = 1,249.55
    const half = single('VT', 43_000, { social_security_income: 20_000, age: 70 });
    expect([half.social_security_taxed, half.tax]).toEqual([8500, 1249.55]);
    // federal AGI 65,000 (48,000 + 17,000): nothing excluded
    expect(single('VT', 48_000, { social_security_income: 20_000, age: 70 }).social_security_taxed).toBe(
      17_000,
    );
    // joint 49,000 + 30,000: provisional 64,000: taxable min(25,500, 17,000 + 6,000) = 23,000; AGI 72,000:
    // 0.8 excluded, 4,600 taxed; TI 53,600 - 15,300 - 10,600 = 27,700 x 3.35% = 927.95
    const joint = tax({
      state: 'VT',
      filing_status: 'mfj',
      state_taxable_income: 49_000,
      social_security_income: 30_000,
    });
    expect([joint.social_security_taxed, joint.tax]).toEqual([4600, 927.95]);
  });
});

describe('tax/state-income: PolicyEngine-US test cases whose inputs map', () => {
  it('ar_income_tax_before_non_refundable_credits_indiv.yaml 2025 cases 9-13 (tax on net income, before credits)', () => {
    // PE's input is net taxable income: here the income is that plus the 2,470 standard deduction
    const preCredit = (ti: number) => single('AR', 2470 + ti).bracket_tax;
    // 5,000 -> 0; 10,000 x 2% - 112 = 88; 20,000 x 3.4% - 288 = 392; 50,000 x 3.9% - 420 = 1,530
    expect([preCredit(5000), preCredit(10_000), preCredit(20_000), preCredit(50_000)]).toEqual([
      0, 88, 392, 1530,
    ]);
    // case 13, 100,000: PE 100,000 x 3.9% - 89 = 3,811 (margin 1); here 3.9% less 89.30 = 3,810.70
    expect(Math.abs(preCredit(100_000) - 3811)).toBeLessThanOrEqual(1);
  });
  it('vt_retirement_income_exemption.yaml S.51 cases (2025): full at AGI 54,000 single, half at 60,000; half at 75,000 joint', () => {
    // PE's inputs are AGI and taxable benefits; here the same AGI and share: 38,000 + 20,000 benefits: taxable
    // min(17,000, 0.85 x 14,000 + 4,500 = 16,400) = 16,400, AGI 54,400 <= 55,000: all out
    expect(single('VT', 38_000, { social_security_income: 20_000 }).social_security_taxed).toBe(0);
    // AGI 60,000 (43,000 + 17,000): (65,000 - 60,000) / 10,000 = 0.5 of the benefits excluded (PE: 1,000 -> 500)
    expect(single('VT', 43_000, { social_security_income: 20_000 }).social_security_taxed).toBe(8500);
    // joint 58,000 + 20,000: taxable min(17,000, 0.85 x 24,000 + 6,000) = 17,000, AGI 75,000: 0.5 excluded
    const joint = tax({
      state: 'VT',
      filing_status: 'mfj',
      state_taxable_income: 58_000,
      social_security_income: 20_000,
    });
    expect(joint.social_security_taxed).toBe(8500);
  });
  it('vt_retirement_income_exemption.yaml "VT single SS filer in 2025 partial band" (taxsim #999): 1,284.12 vs 1,281.20', () => {
    // other income 29,333.33 + 3.64 + 10,880 = 40,216.97, benefits 25,742.70, age 74: taxable benefits
    // 0.85 x (53,088.32 - 34,000) + 4,500 = 20,725.072 (PE: 20,725.08), AGI 60,942.042. The statute's share
    // (65,000 - 60,942.042) / 10,000 = 0.4057958 excludes 8,410.150, 12,314.922 taxed; the IN-112 worksheet
    // (PE) rounds the share to 0.41: 8,497.28 excluded and a tax of 1,281.20. Here:
    // TI 60,942.042 - 8,410.150 - 7,650 - 1,250 - 5,300 = 38,331.892 x 3.35% = 1,284.118 -> 1,284.12
    const r = single('VT', 40_216.97, { social_security_income: 25_742.7, age: 74 });
    expect([r.social_security_taxed, r.tax]).toEqual([12_314.92, 1284.12]);
  });
  // policyengine_us/tests/policy/baseline/gov/states/<st>/tax/income/... (commit 8914f89). Their inputs are the
  // state's taxable income: ours adds back the standard deduction and exemptions the engine subtracts.
  it('ma_income_tax_before_credits.yaml "2025 surtax threshold at $1,083,150": 1,200,000 -> 64,674', () => {
    // the input is Part B taxable income, after the exemption: 1,200,000 + 4,400 of income
    expect(single('MA', 1_204_400).tax).toBe(64_674);
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
  it('al_income_tax_before_non_refundable_credits.yaml (2025): taxable 5,000 single -> 210, joint and surviving spouse -> 180', () => {
    // federal_income_tax 0 so that the taxable income is the income less the deduction (under 25,500) and exemption
    expect(single('AL', 5000 + 4500, { federal_income_tax: 0 }).tax).toBe(210);
    for (const filing_status of ['mfj', 'qss'] as const) {
      const r = tax({
        state: 'AL',
        filing_status,
        state_taxable_income: 5000 + 11_500,
        federal_income_tax: 0,
      });
      expect(r.tax).toBe(180);
    }
  });
  it('al_standard_deduction.yaml (2022 figures, the 2025 ones): single 6,000 -> 3,000; joint 30,001 -> 6,925; joint 50,000 -> 5,000', () => {
    const sd = (filing_status: FilingStatus, income: number) =>
      tax({ state: 'AL', filing_status, state_taxable_income: income, federal_income_tax: 0 })
        .standard_deduction;
    expect([sd('single', 6000), sd('mfj', 30_001), sd('mfj', 50_000)]).toEqual([3000, 6925, 5000]);
  });
  it('mo_federal_income_tax_deduction.yaml (143.171.2 unchanged since 2019): 30,000 / 1,840 -> 460; 105,000 -> 5,000; 200,000 -> 0; joint 51,000 / 45,000 -> 6,750', () => {
    // (the file's case of AGI 100,000 -> 5% is not used: the statute gives 15% from 50,001 to 100,000)
    const ded = (filing_status: FilingStatus, agi: number, fed: number) =>
      tax({ state: 'MO', filing_status, state_taxable_income: agi, federal_income_tax: fed })
        .federal_tax_deduction;
    expect([
      ded('single', 30_000, 1840),
      ded('single', 105_000, 100_000),
      ded('single', 200_000, 40_087),
      ded('mfj', 51_000, 45_000),
    ]).toEqual([460, 5000, 0, 6750]);
  });
  it('va_income_tax_before_non_refundable_credits.yaml (rates unchanged): 2,000 -> 40; 4,000 -> 90; 10,000 -> 370', () => {
    expect([2000, 4000, 10_000].map((ti) => single('VA', 9680 + ti).tax)).toEqual([40, 90, 370]);
  });
  it('integration_md.yaml "Maryland 2025 new high income tax bracket test": single 750,000 -> 42,550.625; single 1,500,000 -> 90,667.25', () => {
    // md_income_tax_before_credits; employment income only: federal AGI over 150,000, so no exemption; TI =
    // income - 3,350 (the engine rounds 42,550.625 half up to cents once)
    expect([single('MD', 750_000).tax, single('MD', 1_500_000).tax]).toEqual([42_550.63, 90_667.25]);
  });
  it('integration_md.yaml "Maryland 2025 ... Joint filer at $900,000": 50,578.75', () => {
    // two earners of 450,000: PolicyEngine subtracts the two-income married couple subtraction (1,200), not
    // modeled here, so it is taken out of the income given: TI 898,800 - 6,700 = 892,100
    expect(tax({ state: 'MD', filing_status: 'mfj', state_taxable_income: 898_800 }).tax).toBe(50_578.75);
  });
  it('md_income_tax_before_credits.yaml (2025, new brackets): taxable 1,000,000 single -> 58,385, joint -> 57,322.50', () => {
    expect(single('MD', 1_003_350).tax).toBe(58_385);
    expect(tax({ state: 'MD', filing_status: 'mfj', state_taxable_income: 1_006_700 }).tax).toBe(57_322.5);
  });
  it('ri_exemptions.yaml (2025): two exemptions at RI AGI 254,250 -> 10,200; at 261,500 (one increment) -> 8,160', () => {
    const ex = (income: number) =>
      tax({ state: 'RI', filing_status: 'mfj', state_taxable_income: income }).personal_exemptions;
    expect([ex(250_000), ex(254_250), ex(261_500)]).toEqual([10_200, 10_200, 8160]);
  });
  it('ri_standard_deduction.yaml (2025): single at 80% -> 8,720; surviving spouse in full -> 21,800', () => {
    expect(single('RI', 261_500).standard_deduction).toBe(8720);
    expect(tax({ state: 'RI', filing_status: 'qss', state_taxable_income: 100_000 }).standard_deduction).toBe(
      21_800,
    );
  });
  it('me_pension_income_deduction.yaml "Maine 2025 MFS pension deduction with mid-phaseout AGI": 24,108', () => {
    // federal AGI 90,000 + 60,000 = 150,000: (150,000 - 125,000) / 50,000 = 0.5 of 48,216
    const r = tax({
      state: 'ME',
      filing_status: 'mfs',
      state_taxable_income: 90_000,
      pension_income: 60_000,
      age: 67,
    });
    expect(r.pension_excluded).toBe(24_108);
  });
  it('me_pension_income_deduction.yaml "Maine 2025 HoH pension income deduction phased out by federal AGI": about 392', () => {
    // 48,216 - 30,000 = 18,216; federal AGI 259,848 + 85% x 30,000 = 285,348: fraction 0.97848;
    // 18,216 x 0.02152 = 392.00832 -> 392.01
    const r = tax({
      state: 'ME',
      filing_status: 'hoh',
      state_taxable_income: 0,
      pension_income: 259_848,
      social_security_income: 30_000,
      age: 65,
    });
    expect(r.pension_excluded).toBe(392.01);
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
  it('a tax_year beyond every table is unsupported_year', () => {
    const error = errorOf(() =>
      tax({ state: 'IL', tax_year: 2027, filing_status: 'single', state_taxable_income: 1 }),
    );
    expect(error.code).toBe('unsupported_year');
    expect(error.message).toContain('supported: 2024, 2025, 2026');
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

  it('a flat state never takes more than its rate on the income it taxes (plus a surtax), nor less than 0', () => {
    // deductions, exemptions and credits only lower the tax: tax <= top rate x (income after the exclusions)
    // + surtax, compared after rounding both to cents (rounding keeps the order)
    const flat = COVERED_STATES.filter((code) => stateTaxTables.get(2025)[code]?.kind === 'flat');
    expect(flat).toHaveLength(15);
    fc.assert(
      fc.property(
        fc.constantFrom(...flat),
        status,
        amount,
        optional,
        optional,
        ages,
        (state, filing_status, income, ss, pension, age) => {
          const r = tax({
            state,
            filing_status,
            state_taxable_income: income,
            social_security_income: ss,
            pension_income: pension,
            age,
          });
          const covered = stateTaxTables.get(2025)[state];
          const table = covered && toLegacy(covered);
          const top = Math.max(
            ...Object.values(table?.brackets?.schedules ?? {}).flatMap((row) => row.rates),
          );
          const taxed = new Dec(income)
            .plus(pension ?? 0)
            .minus(r.pension_excluded)
            .plus(r.social_security_taxed);
          const bound = roundMoney(taxed.times(top).plus(r.surtax));
          expect(r.tax).toBeGreaterThanOrEqual(0);
          expect(r.tax).toBeLessThanOrEqual(bound);
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
        const covered = stateTaxTables.get(2025)[r.state];
        const table = covered && toLegacy(covered);
        if (
          table?.standard_deduction_limitation !== undefined &&
          r.standard_deduction < (table.standard_deduction?.[filing_status] ?? 0)
        ) {
          return;
        }
        // Utah's taxpayer tax credit loses its phase-out rate on each dollar while it is phasing out (tested above)
        const shareCredit = table?.deduction_credit;
        if (shareCredit !== undefined && r.exemption_credits > 0 && r.exemption_credits < r.bracket_tax) {
          expect(r.marginal_rate).toBeCloseTo((row?.rate ?? 0) + surtax + shareCredit.phaseout_rate, 9);
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
