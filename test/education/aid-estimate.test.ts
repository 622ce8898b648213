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

describe('education/aid-estimate: 2024-25 worksheets (award_year 2024, 2022 income)', () => {
  // 2024-25 tables: IPA 27,600 / 34,350 / 42,430 / 50,060 / 58,560 (+6,610); student IPA 11,130; employment
  // expense allowance 35% up to 4,730; Table A1 on a 147,000 wage base (294,000 joint); Table A4 $0; Table
  // A5 22% to 20,600, 4,532 + 25% to 25,800, 5,832 + 29% to 31,000, 7,340 + 34% to 36,300, 9,142 + 40% to
  // 41,500, 11,222 + 47% above; -1,500 below AAI -6,820. Each family is one of ED's test ISIR records
  // (file lines 42, 65, 90 of IDSA25OP, below), filled in by hand; ED's outputs agree on every line shown.
  const run = (input: Omit<AidEstimateInput, 'award_year' | 'cost_of_attendance'>) =>
    estimate({ award_year: 2024, cost_of_attendance: 25_000, ...input });

  it('ED line 42: one parent (hoh), family of 2, $75,125 total income, $7,500 saved', () => {
    // 1-3  75,125;  4  6,205
    // 5    5a 1.45% x 75,000 = 1,087.50 -> 1,088; 5b 6.2% x 75,000 = 4,650: 5,738
    // 6    27,600;  7  35% x 75,000 = 26,250 > 4,730: 4,730
    // 8    6,205 + 5,738 + 27,600 + 4,730 = 44,273 (ED: 44,273);  9  75,125 - 44,273 = 30,852
    // 17   12% x 7,500 = 900;  18  31,752
    // 19   7,340 + 34% x 752 = 7,595.68 -> 7,596
    // 24   5a 50.75 -> 51, 5b 217: 268;  25  11,130;  27  11,398;  28  3,512 - 11,398 = -7,886
    // 30   -3,943 -> -1,500;  37  7,596 - 1,500 = 6,096;  need 25,000 - 6,096 = 18,904
    expect(
      run({
        family_size: 2,
        parent_filing_status: 'hoh',
        parent_agi: 75_125,
        parent_income_tax_paid: 6_205,
        parent_earned_income: 75_000,
        parent_cash_savings: 7_500,
        student_agi: 3_512,
        student_earned_income: 3_500,
      }),
    ).toEqual({
      parent_available_income: 30_852,
      parent_contribution_from_assets: 900,
      parent_adjusted_available_income: 31_752,
      parent_contribution: 7_596,
      student_contribution_from_income: -1_500,
      student_contribution_from_assets: 0,
      income_protection_allowance: 27_600,
      sai: 6_096,
      financial_need: 18_904,
    });
  });

  it('ED line 65: one parent (single), family of 4, $145,200 total income, top bracket', () => {
    // 1-3  145,200;  4  24,924
    // 5    5a 1.45% x 144,999 = 2,102.49 -> 2,102; 5b 6.2% x 144,999 = 8,989.94 -> 8,990: 11,092
    // 6    42,430;  7  4,730;  8  24,924 + 11,092 + 42,430 + 4,730 = 83,176;  9  62,024
    // 17   12% x 56,500 = 6,780;  18  68,804
    // 19   11,222 + 47% x (68,804 - 41,500) = 11,222 + 12,832.88 = 24,054.88 -> 24,055
    // 24   5a 136.30 -> 136, 5b 582.80 -> 583: 719;  25  11,130;  27  11,849;  28  9,500 - 11,849 = -2,349
    // 30   -1,174.50 -> -1,175 (half away from zero, as ED);  37  24,055 - 1,175 = 22,880;  need 2,120
    expect(
      run({
        family_size: 4,
        parent_filing_status: 'single',
        parent_agi: 145_200,
        parent_income_tax_paid: 24_924,
        parent_earned_income: 144_999,
        parent_cash_savings: 56_500,
        student_agi: 9_500,
        student_earned_income: 9_400,
      }),
    ).toEqual({
      parent_available_income: 62_024,
      parent_contribution_from_assets: 6_780,
      parent_adjusted_available_income: 68_804,
      parent_contribution: 24_055,
      student_contribution_from_income: -1_175,
      student_contribution_from_assets: 0,
      income_protection_allowance: 42_430,
      sai: 22_880,
      financial_need: 2_120,
    });
  });

  it('ED line 90: two parents (mfj), family of 3, negative AAI: the student allowance and the floor', () => {
    // 1-3  39,078;  4  1,208
    // 5    5a 1.45% x 38,009 = 551.13 -> 551; 5b 6.2% x 38,009 = 2,356.56 -> 2,357: 2,908
    // 6    34,350;  7  35% x 38,009 = 13,303.15 > 4,730: 4,730
    // 8    1,208 + 2,908 + 34,350 + 4,730 = 43,196;  9  39,078 - 43,196 = -4,118;  17  0;  18  -4,118
    // 19   22% x -4,118 = -905.96 -> -906 (above AAI -6,820, so not yet the -1,500 minimum)
    // 26   4,118;  27  11,130 + 4,118 = 15,248;  28  -15,248;  30  -7,624 -> -1,500
    // 37   -906 - 1,500 = -2,406 -> -1,500;  need 25,000
    expect(
      run({
        family_size: 3,
        parent_filing_status: 'mfj',
        parent_agi: 39_078,
        parent_income_tax_paid: 1_208,
        parent_earned_income: 38_009,
      }),
    ).toEqual({
      parent_available_income: -4_118,
      parent_contribution_from_assets: 0,
      parent_adjusted_available_income: -4_118,
      parent_contribution: -906,
      student_contribution_from_income: -1_500,
      student_contribution_from_assets: 0,
      income_protection_allowance: 34_350,
      sai: -1_500,
      financial_need: 25_000,
    });
  });
});

describe("education/aid-estimate: ED's 2024-25 test ISIR records (award_year 2024, 2022 income)", () => {
  // U.S. Department of Education, 2024-25 test ISIR file IDSA25OP (March 8, 2024; bundled in
  // github.com/jwalin-shah/fafsa-engine as data/IDSA25OP-20240308.txt): the FAFSA Processing System's own
  // Formula A outputs. 34 of its 42 dependent records map onto this operation's inputs: parent_agi is the
  // record's parents' total income (AGI plus untaxed income, less offsets), the income tax is the record's
  // total allowances less its payroll, income protection and employment expense allowances, the family
  // size is read from its income protection allowance, net worth (cash, investments and child support
  // received) goes in parent_cash_savings; records whose parents file single or hoh with two earners are
  // entered as mfs (two parents, Table A1's single column, as the record computes them). The student's tax
  // is the student's allowances less payroll tax, the 11,130 allowance and the negative-AAI allowance.
  // Left out: one record with an earnings field the allowances do not match, and the records without
  // parents' tax data. Columns: file line, status, family size, parents' total income, tax paid, earnings
  // of parent 1 and 2, net worth, student's total income, earnings, tax; ED's parents' available income,
  // AAI, parents' contribution, student's contribution from income, SAI.
  const records: [number, 'single' | 'mfj' | 'mfs' | 'hoh', ...number[]][] = [
    [42, 'hoh', 2, 75125, 6205, 75000, 0, 7500, 3512, 3500, 0, 30852, 31752, 7596, -1500, 6096],
    [43, 'mfs', 4, 88021, 7210, 59234, 35175, 0, 0, 0, 0, 26429, 26429, 6014, -1500, 4514],
    [48, 'hoh', 2, 52589, 3921, 55000, 0, 0, -3000, 1980, 0, 12130, 12130, 2669, -1500, 1169],
    [49, 'mfj', 4, 74125, 5611, 76589, 0, 15500, 0, 0, 0, 15494, 17354, 3818, -1500, 2318],
    [50, 'mfj', 4, 155325, 14932, 150017, 0, 150000, 0, 0, 0, 81757, 99757, 38603, -1500, 37103],
    [51, 'mfj', 3, 69500, 4936, 72000, 0, 0, 6050, 6000, 0, 19976, 19976, 4395, -1500, 2895],
    [53, 'single', 2, 7800, 0, 7799, 0, 0, 2289, 2200, 0, -23127, -23127, -1500, -1500, -1500],
    [54, 'mfj', 3, 205000, 29621, 199999, 0, 115200, 6050, 6000, 0, 120999, 134823, 55084, -1500, 53584],
    [56, 'mfj', 3, 216565, 71568, 210110, 0, 80000, 0, 0, 0, 89843, 99443, 38455, -1500, 36955],
    [57, 'mfj', 6, 106125, 9211, 107568, 0, 56500, 0, 0, 0, 25395, 32175, 7740, -1500, 6240],
    [58, 'hoh', 3, 90880, 2745, 98000, 0, 1000, 0, 0, 0, 41558, 41678, 11306, -1500, 9806],
    [59, 'hoh', 3, 151600, 19346, 135000, 0, 74700, 16500, 5350, 0, 82846, 91810, 34868, 2480, 37348],
    [61, 'hoh', 2, 56523, 2593, 44589, 0, 0, 2750, 2700, 0, 18188, 18188, 4001, -1500, 2501],
    [62, 'mfj', 3, 59000, 15078, 49500, 0, 0, 11056, 9656, 825, 1055, 1055, 232, -819, -587],
    [63, 'hoh', 2, 64599, 9568, 58000, 0, 0, 0, 0, 0, 18264, 18264, 4018, -1500, 2518],
    [64, 'mfs', 3, 57101, 3089, 28958, 27047, 0, 0, 0, 0, 10648, 10648, 2343, -1500, 843],
    [65, 'single', 4, 145200, 24924, 144999, 0, 56500, 9500, 9400, 0, 62024, 68804, 24055, -1175, 22880],
    [66, 'mfs', 2, 80452, 2745, 68987, 0, 1000, 0, 0, 0, 40100, 40220, 10710, -1500, 9210],
    [70, 'hoh', 3, 83198, 10987, 82521, 0, 600, 14681, 12348, 1532, 26818, 26890, 6148, 537, 6685],
    [73, 'mfs', 4, 65876, 3410, 50001, 14941, 0, 4747, 4747, 0, 10338, 10338, 2274, -1500, 774],
    [75, 'mfj', 3, 62000, 3562, 61047, 0, 0, 0, 0, 0, 14688, 14688, 3231, -1500, 1731],
    [76, 'hoh', 2, 51500, 3790, 54200, 0, 0, -3715, 3700, 0, 11234, 11234, 2471, -1500, 971],
    [80, 'single', 2, 65895, 6757, 64999, 0, 0, 2565, 2500, 0, 21836, 21836, 4841, -1500, 3341],
    [82, 'hoh', 3, 104058, 12018, 102047, 0, 75000, 0, 0, 0, 45153, 54153, 17169, -1500, 15669],
    [84, 'mfs', 2, 69047, 7231, 68880, 0, 85000, 0, 0, 0, 24216, 34416, 8501, -1500, 7001],
    [86, 'hoh', 2, 151532, 32568, 155895, 0, 50000, 0, 0, 0, 75260, 81260, 29909, -1500, 28409],
    [87, 'mfj', 3, 54025, 2719, 53999, 0, 0, 0, 0, 0, 8095, 8095, 1781, -1500, 281],
    [90, 'mfj', 3, 39078, 1208, 38009, 0, 0, 0, 0, 0, -4118, -4118, -906, -1500, -1500],
    [94, 'mfj', 3, 47057, 1936, 46047, 0, 0, 0, 0, 0, 2518, 2518, 554, -1500, -946],
    [95, 'hoh', 3, 110500, 14425, 114000, 0, 56500, 7250, 7000, 0, 48274, 55054, 17592, -1500, 16092],
    [96, 'hoh', 3, 86625, 9500, 89000, 0, 6000, 5000, 3899, 0, 31236, 31956, 7665, -1500, 6165],
    [98, 'hoh', 3, 51182, 4082, 50230, 0, 0, 6925, 6841, 961, 4178, 4178, 919, -1500, -581],
    [101, 'hoh', 2, 52236, 1884, 49125, 0, 2500, 3054, 3200, 205, 14264, 14564, 3204, -1500, 1704],
    [102, 'mfj', 3, 86643, 8990, 83425, 0, 10000, 4950, 8756, 1126, 32191, 33391, 8153, -1500, 6653],
  ];
  it.each(records)('line %i (%s, family of %i)', (_line, status, ...values) => {
    const [size, agi, tax, e1, e2, cash, sagi, se, stax, pai, aai, pc, sci, sai] = values as number[];
    const r = estimate({
      award_year: 2024,
      family_size: size as number,
      parent_filing_status: status,
      parent_agi: agi as number,
      parent_income_tax_paid: tax as number,
      parent_earned_income: e1 as number,
      parent2_earned_income: e2 as number,
      parent_cash_savings: cash as number,
      student_agi: sagi as number,
      student_earned_income: se as number,
      student_income_tax_paid: stax as number,
      cost_of_attendance: 25_000,
    });
    expect([
      r.parent_available_income,
      r.parent_adjusted_available_income,
      r.parent_contribution,
      r.student_contribution_from_income,
      r.sai,
    ]).toEqual([pai, aai, pc, sci, sai]);
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
      expect(first).toEqual({ aai_over: 0, base: 0, rate: 0.22 });
      // the minimum is 22% of the lowest AAI, to the dollar (2024-25: 22% x -6,820 = -1,500.40 -> -1,500)
      expect(new Dec(t.minimum_aai).times(0.22).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber()).toBe(
        t.minimum_contribution,
      );
      let previous = first as (typeof t.brackets)[number];
      for (const row of rest) {
        const base = new Dec(row.aai_over).minus(previous.aai_over).times(previous.rate).plus(previous.base);
        expect(base.toNumber()).toBe(row.base);
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
