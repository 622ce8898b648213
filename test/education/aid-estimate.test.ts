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
// -1,500 in 2024-25 and not below 0 from 2025-26: HEA sec. 475(g)(1), 20 U.S.C. 1087oo(g)(1)), 34 student's
// net worth, 36 student's contribution from assets (20%), 37 SAI.
describe('education/aid-estimate: 2025-26 worksheets (award_year 2025, 2023 income)', () => {
  // 2025-26 tables: IPA 28,530 / 35,510 / 43,870 / 51,750 / 60,540 (+6,840); student IPA 11,510;
  // employment expense allowance 35% up to 4,890; Table A1 1.45% to 200,000 (250,000 joint), 2.35% above,
  // 6.2% to 160,200 (320,400 joint); Table A4 $0; Table A5 22% to 21,300, then 4,686 + 25% to 26,700,
  // 6,036 + 29% to 32,000, 7,573 + 34% to 37,500, 9,443 + 40% to 42,900, 11,603 + 47% above; -1,826 below
  // AAI -8,300. The student's contribution from income is never below 0 (HEA sec. 475(g)(1): "not less
  // than zero for award year 2025-2026"; ED's 2025-26 test ISIRs also stop it at 0), not the AVG's -1,500.

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
    // 28   5,000 - 11,893 = -6,893;  30  50% = -3,446.50 -> -3,447, not below 0: 0
    // 36   0
    // 37   SAI 11,079 + 0 + 0 = 11,079;  need 30,000 - 11,079 = 18,921
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
      student_contribution_from_income: 0,
      student_contribution_from_assets: 0,
      income_protection_allowance: 43_870,
      sai: 11_079,
      financial_need: 18_921,
    });
  });

  it('family B: one parent (head of household), family of 2, $38,000 AGI: no income, no negative contribution', () => {
    // 1-3  38,000;  4  500
    // 5    5a 1.45% x 38,000 = 551; 5b 6.2% x 38,000 = 2,356: 2,907
    // 6    IPA, family of 2 28,530
    // 7    EEA 35% x 38,000 = 13,300 > 4,890: 4,890
    // 8    500 + 2,907 + 28,530 + 4,890 = 36,827
    // 9    38,000 - 36,827 = 1,173
    // 17   12% x 3,000 = 360;  18  AAI 1,533
    // 19   22% x 1,533 = 337.26 -> 337
    // 28   0 - 11,510 = -11,510;  30  -5,755 -> 0 (not below 0 from 2025-26)
    // 37   337 + 0 + 0 = 337;  need 25,000 - 337 = 24,663
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
      student_contribution_from_income: 0,
      student_contribution_from_assets: 0,
      income_protection_allowance: 28_530,
      sai: 337,
      financial_need: 24_663,
    });
  });

  it("family C: family of 6, negative AAI: Table A5's minimum, the student's allowance for it, a negative SAI", () => {
    // 1-3  45,000;  4  0
    // 5    5a 1.45% x 45,000 = 652.50 -> 653; 5b 6.2% x 45,000 = 2,790: 3,443
    // 6    IPA, family of 6 60,540;  7  EEA 35% x 45,000 = 15,750 > 4,890: 4,890
    // 8    3,443 + 60,540 + 4,890 = 68,873;  9  45,000 - 68,873 = -23,873
    // 17   12% x 1,000 = 120;  18  AAI -23,753
    // 19   AAI below -8,300: -1,826
    // 22   12,000;  24  5a 174, 5b 744: 918;  25  11,510;  26  23,753;  27  36,181
    // 28   12,000 - 36,181 = -24,181;  30  -12,090.50 -> 0
    // 36   20% x 2,000 = 400
    // 37   -1,826 + 0 + 400 = -1,426 (above -1,500);  need 20,000 (a negative SAI counts as 0)
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
      student_contribution_from_income: 0,
      student_contribution_from_assets: 400,
      income_protection_allowance: 60_540,
      sai: -1_426,
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

describe("education/aid-estimate: ED's 2025-26 test ISIR records, parents' side (award_year 2025)", () => {
  // U.S. Department of Education, FAFSA test ISIRs 2025-26 (github.com/usedgov/fafsa-test-isirs-2025-26,
  // test-isir-files/applications_2526 ISIR test file_09182024.txt and _10232024.txt), read with the
  // repository's js/isir-module-2025-2026.js field positions: 114 of the 130 distinct Formula A records with
  // parents' tax data map onto this operation's inputs as for 2026-27 above (9 whose earnings fields the
  // payroll allowance does not match and 7 without a family size of 2 to 6 or a filing status are left
  // out; unmarried parents living together, marital status 2, are entered with their own status, single,
  // and the second parent's earnings). The parents' side (available income, AAI, contribution: the 2025-26 income protection, payroll
  // and employment expense allowances, 12% of net worth and Table A5, AAI -51,201 to 203,831) agrees to the
  // dollar. The student's side is not listed here: every record with a negative student available income
  // carries a contribution from income of 0, as sai/2025.json now does after HEA sec. 475(g)(1) (see
  // data/education/README.md). Columns: file date and line, status, family size, parents' total income,
  // tax, earnings of parent 1 and 2, net worth; ED's parents' available income, AAI, parents' contribution.
  const records: [string, 'single' | 'mfj' | 'mfs' | 'hoh' | 'qss', ...number[]][] = [
    ['Oct 23:13', 'single', 2, 60000, 15000, 75000, 0, 285000, 5842, 40042, 10460],
    ['Oct 23:16', 'single', 2, 40000, 0, 40000, 0, 0, 3520, 3520, 774],
    ['Oct 23:18', 'mfs', 3, 86000, 3000, 40000, 43000, 3000, 36250, 36610, 9140],
    ['Oct 23:24', 'mfj', 5, 47058, 1936, 46047, 0, 0, -15041, -15041, -1826],
    ['Oct 23:25', 'hoh', 3, 91625, 9500, 89000, 0, 6000, 34916, 35636, 8809],
    ['Oct 23:27', 'hoh', 3, 90880, 2745, 98000, 0, 1000, 40238, 40358, 10586],
    ['Oct 23:28', 'hoh', 3, 151600, 19346, 135000, 0, 74700, 81526, 90490, 33970],
    ['Oct 23:29', 'hoh', 3, 83198, 10987, 82521, 0, 600, 25498, 25570, 5754],
    ['Oct 23:30', 'qss', 2, 52958, 4770, 55111, 0, 0, 10552, 10552, 2321],
    ['Oct 23:31', 'mfj', 5, 205000, 29621, 199999, 0, 115200, 103439, 117263, 46554],
    ['Oct 23:32', 'single', 3, 65895, 6757, 64999, 0, 0, 13766, 13766, 3029],
    ['Oct 23:33', 'qss', 2, 111700, 14100, 112023, 0, 74700, 55611, 64575, 21790],
    ['Oct 23:35', 'mfj', 5, 74125, 5611, 76589, 0, 15500, 6014, 7874, 1732],
    ['Oct 23:36', 'hoh', 3, 176532, 32568, 155895, 0, 50000, 91639, 97639, 37330],
    ['Oct 23:39', 'mfj', 3, 62213, 134, 8500, 0, 0, 22944, 22944, 5097],
    ['Oct 23:71', 'mfj', 4, 80344, 7500, 90000, 0, 81200, 17199, 26943, 6106],
    ['Oct 23:75', 'mfs', 6, 23442, 7900, 21865, 0, 3000, -51561, -51201, -1826],
    ['Oct 23:77', 'mfs', 4, 105445, 14700, 56000, 40000, 28504, 34641, 38061, 9667],
    ['Oct 23:109', 'mfs', 3, 125000, 25000, 65000, 85000, 275000, 48125, 81125, 29569],
    ['Oct 23:111', 'single', 2, 37000, 3000, 33000, 0, 0, -1945, -1945, -428],
    ['Oct 23:127', 'mfs', 3, 75250, 0, 40000, 35250, 0, 29093, 29093, 6730],
    ['Oct 23:139', 'single', 2, 14482, 4500, 13750, 0, 0, -24413, -24413, -1826],
    ['Oct 23:150', 'mfs', 3, 132381, 12000, 65000, 77777, 2222, 69059, 69326, 24023],
    ['Oct 23:154', 'mfs', 3, 160000, 25000, 60210, 60211, 5000, 85388, 85988, 31854],
    ['Oct 23:155', 'mfs', 3, 120000, 20000, 75000, 65000, 220000, 48890, 75290, 26826],
    ['Oct 23:156', 'mfs', 3, 164911, 26230, 96000, 65147, 214815, 85953, 111731, 43954],
    ['Oct 23:162', 'mfs', 3, 126988, 17999, 90000, 89000, 0, 54895, 54895, 17241],
    ['Oct 23:159', 'mfj', 3, 65907, 4589, 62007, 0, 0, 16175, 16175, 3559],
    ['Oct 23:167', 'single', 2, 59000, 5900, 59000, 0, 0, 15166, 15166, 3337],
    ['Oct 23:170', 'mfs', 3, 141000, 0, 55000, 68000, 1420, 91190, 91360, 34379],
    ['Oct 23:184', 'mfs', 3, 85000, 2526, 90000, 0, 106556, 35189, 47976, 13989],
    ['Oct 23:192', 'mfj', 3, 80000, 5000, 80000, 0, 10000, 28480, 29680, 6900],
    ['Oct 23:196', 'mfs', 3, 98929, 3907, 80000, 60000, 0, 43912, 43912, 12079],
    ['Oct 23:197', 'mfs', 3, 78000, 9000, 37000, 50000, 3000, 21944, 22304, 4937],
    ['Oct 23:202', 'single', 3, 59009, 4000, 20000, 22222, 0, 11379, 11379, 2503],
    ['Oct 23:211', 'mfs', 5, 29999, 3000, 39999, 0, 0, -32701, -32701, -1826],
    ['Oct 23:213', 'mfs', 3, 200000, 30000, 100000, 100000, 0, 114300, 114300, 45161],
    ['Oct 23:228', 'qss', 3, 58248, 12000, 59478, 0, 0, 1298, 1298, 286],
    ['Oct 23:231', 'single', 2, 89000, 900, 79000, 0, 72800, 48636, 57372, 18405],
    ['Oct 23:236', 'mfj', 3, 80000, 5000, 80000, 0, 10000, 28480, 29680, 6900],
    ['Oct 23:239', 'qss', 2, 33000, 2000, 35000, 0, 0, -5098, -5098, -1122],
    ['Oct 23:241', 'mfs', 3, 63523, 6379, 39458, 26045, 9000, 11733, 12813, 2819],
    ['Oct 23:248', 'mfj', 3, 89020, 4567, 78625, 0, 0, 38038, 38038, 9658],
    ['Oct 23:264', 'single', 2, 45000, 450, 40000, 0, 500, 8070, 8130, 1789],
    ['Oct 23:265', 'mfj', 3, 95000, 0, 85000, 0, 0, 48097, 48097, 14046],
    ['Oct 23:269', 'single', 2, 85000, 5000, 90000, 0, 0, 39695, 39695, 10321],
    ['Oct 23:271', 'mfs', 5, 15000, 1000, 10000, 0, 0, -42015, -42015, -1826],
    ['Oct 23:280', 'mfj', 3, 83612, 5600, 80000, 0, 5000, 31492, 32092, 7604],
    ['Oct 23:281', 'mfj', 3, 163141, 18000, 136456, 0, 13234, 94302, 95890, 36508],
    ['Oct 23:285', 'single', 2, 65000, 6120, 60000, 0, 0, 20870, 20870, 4591],
    ['Oct 23:288', 'single', 3, 0, 0, 60000, 0, 0, -44990, -44990, -1826],
    ['Oct 23:289', 'single', 2, 62820, 3000, 65900, 0, 2400, 21358, 21646, 4773],
    ['Oct 23:299', 'single', 5, 40500, 9447, 32569, 0, 0, -28078, -28078, -1826],
    ['Oct 23:302', 'single', 2, 37800, 8489, 34949, 0, 0, -6783, -6783, -1492],
    ['Oct 23:307', 'mfj', 3, 66990, 5000, 75000, 0, 10000, 15852, 17052, 3751],
    ['Oct 23:309', 'single', 2, 155307, 84191, 384878, 0, 0, 20519, 20519, 4514],
    ['Oct 23:311', 'single', 3, 0, 0, 0, 0, 0, -35510, -35510, -1826],
    ['Oct 23:312', 'single', 2, 55690, 16000, 56000, 0, 0, 1986, 1986, 437],
    ['Oct 23:313', 'single', 2, 0, 0, 0, 0, 0, -28530, -28530, -1826],
    ['Oct 23:314', 'single', 2, 70000, 10000, 10, 0, 6160, 31465, 32204, 7642],
    ['Oct 23:317', 'mfj', 3, 4000, 0, 10000, 0, 0, -35775, -35775, -1826],
    ['Oct 23:323', 'mfs', 3, 112000, 10200, 26000, 80000, 0, 53291, 53291, 16487],
    ['Oct 23:324', 'single', 2, 30000, 5000, 35000, 0, 0, -11098, -11098, -1826],
    ['Oct 23:326', 'single', 2, 67000, 6700, 65000, 0, 24000, 21907, 24787, 5558],
    ['Oct 23:339', 'mfj', 4, 123300, 9000, 82000, 52000, 51000, 55289, 61409, 20302],
    ['Oct 23:341', 'mfs', 4, 120105, 15500, 80000, 45260, 53260, 46263, 52654, 16187],
    ['Oct 23:342', 'single', 2, 173000, 15000, 190000, 0, 150000, 111893, 129893, 52490],
    ['Oct 23:343', 'mfj', 3, 72400, 5600, 78000, 0, 6200, 20433, 21177, 4659],
    ['Oct 23:344', 'mfj', 3, 67886, 14500, 62147, 0, 0, 8232, 8232, 1811],
    ['Oct 23:350', 'mfs', 3, 112607, 5512, 45078, 60000, 0, 58656, 58656, 19008],
    ['Oct 23:368', 'single', 2, 32000, 200, 30000, 0, 0, -3915, -3915, -861],
    ['Oct 23:369', 'single', 3, 236538, 11056, 125489, 0, 600, 175482, 175554, 73950],
    ['Oct 23:371', 'single', 3, 29917, 2545, 800, 30000, 0, -15385, -15385, -1826],
    ['Oct 23:373', 'mfs', 5, 215365, 14000, 80456, 41000, 60000, 135434, 142634, 58478],
    ['Oct 23:374', 'mfs', 5, 215365, 14000, 80456, 41000, 60000, 135434, 142634, 58478],
    ['Oct 23:375', 'mfs', 5, 215365, 14000, 80456, 41000, 60000, 135434, 142634, 58478],
    ['Oct 23:377', 'qss', 2, 90637, 9500, 84000, 0, 511892, 41291, 102718, 39717],
    ['Oct 23:380', 'mfs', 3, 150200, 200, 80000, 75000, 5000, 97742, 98342, 37661],
    ['Oct 23:383', 'mfj', 3, 87000, 8000, 80000, 0, 0, 32480, 32480, 7736],
    ['Oct 23:385', 'single', 2, 62845, 15463, 57890, 0, 0, 9534, 9534, 2097],
    ['Oct 23:390', 'single', 3, 96010, 3000, 49999, 50000, 1000, 44960, 45080, 12628],
    ['Oct 23:392', 'mfj', 3, 80081, 7000, 80000, 0, 0, 26561, 26561, 6001],
    ['Oct 23:396', 'mfs', 3, 39668, 4500, 48000, 375, 14000, -8932, -7252, -1595],
    ['Oct 23:397', 'single', 2, 100003, 1003, 150000, 0, 2962, 54105, 54460, 17036],
    ['Oct 23:402', 'mfj', 3, 162579, 32734, 132450, 33050, 100000, 76784, 88784, 33168],
    ['Oct 23:403', 'single', 2, 56072, 800, 54000, 0, 0, 17721, 17721, 3899],
    ['Oct 23:404', 'single', 2, 400000, 151000, 153600, 0, 5, 203830, 203831, 87241],
    ['Oct 23:409', 'qss', 2, 22659, 1630, 25000, 0, 0, -14304, -14304, -1826],
    ['Oct 23:410', 'hoh', 2, 27656, 1300, 29145, 0, 0, -9294, -9294, -1826],
    ['Oct 23:418', 'mfs', 3, 55000, 2626, 45000, 18000, 0, 7154, 7154, 1574],
    ['Sep 18:8', 'hoh', 3, 110500, 14425, 114000, 0, 56500, 46954, 53734, 16695],
    ['Sep 18:14', 'mfj', 5, 86643, 8990, 83425, 0, 10000, 14631, 15831, 3483],
    ['Sep 18:23', 'hoh', 2, 64599, 9568, 58000, 0, 0, 17174, 17174, 3778],
    ['Sep 18:24', 'mfs', 3, 80452, 2745, 68987, 0, 1000, 32030, 32150, 7624],
    ['Sep 18:25', 'mfs', 5, 57101, 3089, 28958, 27047, 0, -6912, -6912, -1521],
    ['Sep 18:27', 'hoh', 3, 102538, 11500, 103895, 0, 35700, 42691, 46975, 13518],
    ['Sep 18:30', 'mfs', 4, 65876, 3410, 50001, 14941, 0, 8738, 8738, 1922],
    ['Sep 18:33', 'hoh', 3, 104058, 12018, 102047, 0, 75000, 43833, 52833, 16272],
    ['Sep 18:34', 'mfs', 3, 94315, 10042, 94999, 0, 0, 36606, 36606, 9139],
    ['Sep 18:36', 'mfs', 3, 69047, 7231, 68880, 0, 85000, 16146, 26346, 5948],
    ['Sep 18:48', 'mfs', 4, 158360, 27996, 158000, 0, 56500, 69220, 76000, 27160],
    ['Sep 18:51', 'mfs', 5, 88021, 7210, 59234, 35175, 0, 16949, 16949, 3729],
    ['Sep 18:53', 'hoh', 4, 86756, 10816, 85496, 0, 1250, 20639, 20789, 4574],
    ['Sep 18:55', 'hoh', 3, 75125, 6205, 75000, 0, 7500, 22782, 23682, 5282],
    ['Sep 18:56', 'mfj', 5, 39078, 1208, 38009, 0, 0, -21678, -21678, -1826],
    ['Sep 18:57', 'hoh', 3, 52589, 3921, 55000, 0, 0, 4060, 4060, 893],
    ['Sep 18:66', 'single', 3, 145200, 24924, 144999, 0, 56500, 68784, 75564, 26955],
    ['Sep 18:69', 'mfj', 5, 69500, 4936, 72000, 0, 0, 2416, 2416, 532],
    ['Sep 18:70', 'single', 3, 7800, 0, 7799, 0, 0, -31037, -31037, -1826],
    ['Sep 18:71', 'mfj', 5, 59000, 15078, 49500, 0, 0, -16505, -16505, -1826],
    ['Sep 18:72', 'mfj', 5, 155325, 14932, 150017, 0, 150000, 72277, 90277, 33870],
    ['Sep 18:75', 'mfj', 5, 54025, 2719, 53999, 0, 0, -9465, -9465, -1826],
    ['Sep 18:76', 'mfj', 5, 216565, 71568, 210110, 0, 80000, 72283, 81883, 29925],
    ['Sep 18:77', 'mfj', 5, 106125, 9211, 107568, 0, 56500, 32045, 38825, 9973],
  ];
  it.each(records)('%s (%s, family of %i)', (_line, status, ...values) => {
    const [size, agi, tax, e1, e2, cash, pai, aai, pc] = values as number[];
    const r = estimate({
      award_year: 2025,
      family_size: size as number,
      parent_filing_status: status,
      parent_agi: agi as number,
      parent_income_tax_paid: tax as number,
      parent_earned_income: e1 as number,
      parent2_earned_income: e2 as number,
      parent_cash_savings: cash as number,
      cost_of_attendance: 25_000,
    });
    expect([r.parent_available_income, r.parent_adjusted_available_income, r.parent_contribution]).toEqual([
      pai,
      aai,
      pc,
    ]);
  });
});

describe('education/aid-estimate: parents who do not file jointly (Table A1 earner by earner)', () => {
  // ED's FAFSA Processing System computes the payroll tax allowance of parents who do not file a joint
  // return on each parent's own earnings: step 2 (Social Security, 6.2%) against one wage base per parent,
  // step 1 (Medicare) on the column of the parent's own filing status (separate return: 1.45% up to
  // 125,000, IRC 3101(b)(2); single, head of household, surviving spouse: 200,000), each step summed over
  // the parents and then rounded to the dollar. A joint return stays one figure on the joint column. See
  // docs/education.md ("Two parents who do not file jointly") for the statute's and the guide's wording.

  it('ED test ISIR 00cb9de0 (2025-26): parents married filing separately, 90,000 and 89,000 earned: SAI 30,768', () => {
    // U.S. Department of Education, FAFSA test ISIRs 2025-26 (github.com/usedgov/fafsa-test-isirs-2025-26,
    // test-isir-files/applications_2526 ISIR test file_10232024.txt, line 162, transaction UUID
    // 00cb9de0-61dc-4bb8-aa47-61528cb955a7), read with js/isir-module-2025-2026.js: parent (remarried, filed
    // separately) AGI 80,000, tax 9,000, earned 90,000; the parent's spouse (filed separately) AGI 46,988, tax
    // 8,999, earned 89,000; family of 3; no assets; student AGI 40,000, earned 7,000, tax 900. ED's outputs
    // (fields 306-328 and the SAI) on every line below.
    // 1-3  total income 80,000 + 46,988                                  126,988 (ED "Parent total income")
    // 4    income tax 9,000 + 8,999                                        17,999
    // 5    5a 1.45% x 90,000 + 1.45% x 89,000 = 1,305 + 1,290.50 = 2,595.50 -> 2,596 (each under 125,000)
    //      5b 6.2% x 90,000 + 6.2% x 89,000 = 5,580 + 5,518 = 11,098 (each parent under the 160,200 wage base)
    //      = 13,694 (ED 13,694; one wage base on the combined 179,000 would be 9,932 + 2,596 = 12,528)
    // 6    IPA, family of 3                                                35,510
    // 7    EEA: 35% x 179,000 > 4,890                                       4,890
    // 8    17,999 + 13,694 + 35,510 + 4,890 = 72,093 (ED 72,093);  9  126,988 - 72,093 = 54,895 (ED 54,895)
    // 17   0;  18  AAI 54,895
    // 19   11,603 + 47% x (54,895 - 42,900) = 11,603 + 5,637.65 = 17,240.65 -> 17,241 (ED 17,241)
    // 24   5a 1.45% x 7,000 = 101.50 -> 102; 5b 434: 536 (ED 536);  25  11,510;  26  0
    // 27   900 + 536 + 11,510 = 12,946 (ED 12,946);  28  40,000 - 12,946 = 27,054 (ED 27,054)
    // 30   50% = 13,527 (ED 13,527);  36  0
    // 37   SAI 17,241 + 13,527 = 30,768 (ED 30,768; finplan before this rule: 31,316)
    expect(
      estimate({
        award_year: 2025,
        family_size: 3,
        parent_filing_status: 'mfs',
        parent_agi: 126_988,
        parent_income_tax_paid: 17_999,
        parent_earned_income: 90_000,
        parent2_earned_income: 89_000,
        student_agi: 40_000,
        student_earned_income: 7_000,
        student_income_tax_paid: 900,
        cost_of_attendance: 40_000,
      }),
    ).toEqual({
      parent_available_income: 54_895,
      parent_contribution_from_assets: 0,
      parent_adjusted_available_income: 54_895,
      parent_contribution: 17_241,
      student_contribution_from_income: 13_527,
      student_contribution_from_assets: 0,
      income_protection_allowance: 35_510,
      sai: 30_768,
      financial_need: 9_232,
    });
  });

  it('ED 2025-26 Oct 23 line 213: married filing separately, 100,000 each: 12,400 of Social Security, not 9,932', () => {
    // 5a 1.45% x 100,000 x 2 = 2,900; 5b 6.2% x 100,000 x 2 = 12,400: 15,300 (ED 15,300; one wage base on
    // the combined 200,000: 9,932 + 2,900 = 12,832). 8  30,000 + 15,300 + 35,510 + 4,890 = 85,700 (ED);
    // 9  200,000 - 85,700 = 114,300 (ED);  19  11,603 + 47% x 71,400 = 45,161 (ED);  SAI 45,161 (ED).
    const r = estimate({
      award_year: 2025,
      family_size: 3,
      parent_filing_status: 'mfs',
      parent_agi: 200_000,
      parent_income_tax_paid: 30_000,
      parent_earned_income: 100_000,
      parent2_earned_income: 100_000,
      cost_of_attendance: 40_000,
    });
    expect([r.parent_available_income, r.parent_contribution, r.sai]).toEqual([114_300, 45_161, 45_161]);
  });

  it('ED 2025-26 Sep 18 line 48: one separated parent filing separately, 158,000: the 125,000 Medicare column', () => {
    // 5a 1.45% x 125,000 + 2.35% x 33,000 = 1,812.50 + 775.50 = 2,588; 5b 6.2% x 158,000 = 9,796: 12,384
    // (ED 12,384; on the 200,000 column: 2,291 + 9,796 = 12,087). 8  27,996 + 12,384 + 43,870 + 4,890 =
    // 89,140 (ED);  9  158,360 - 89,140 = 69,220 (ED);  17  12% x 56,500 = 6,780;  18  76,000 (ED);
    // 19  11,603 + 47% x 33,100 = 27,160 (ED).
    const r = estimate({
      award_year: 2025,
      family_size: 4,
      parent_filing_status: 'mfs',
      parent_agi: 158_360,
      parent_income_tax_paid: 27_996,
      parent_earned_income: 158_000,
      parent_cash_savings: 56_500,
      cost_of_attendance: 40_000,
    });
    expect([r.parent_available_income, r.parent_adjusted_available_income, r.parent_contribution]).toEqual([
      69_220, 76_000, 27_160,
    ]);
  });

  it('ED 2025-26 Oct 23 line 390: unmarried parents living together, each filing single (49,999 and 50,000)', () => {
    // 5a 1.45% x (49,999 + 50,000) = 1,449.99 -> 1,450; 5b 6.2% x 99,999 = 6,199.94 -> 6,200: 7,650 (ED);
    // 8  3,000 + 7,650 + 35,510 + 4,890 = 51,050 (ED);  9  96,010 - 51,050 = 44,960 (ED);  17  12% x 1,000 =
    // 120;  18  45,080 (ED);  19  11,603 + 47% x 2,180 = 12,627.60 -> 12,628 (ED);  36  20% x 500 = 100;
    // 37  SAI 12,728 (ED 12,728).
    const r = estimate({
      award_year: 2025,
      family_size: 3,
      parent_filing_status: 'single',
      parent_agi: 96_010,
      parent_income_tax_paid: 3_000,
      parent_earned_income: 49_999,
      parent2_earned_income: 50_000,
      parent_cash_savings: 1_000,
      student_cash_savings: 500,
      cost_of_attendance: 40_000,
    });
    expect([
      r.parent_available_income,
      r.parent_adjusted_available_income,
      r.parent_contribution,
      r.sai,
    ]).toEqual([44_960, 45_080, 12_628, 12_728]);
  });

  it('above the wage base, by hand (2025-26): 200,000 and 30,000 earned, jointly, separately, unmarried', () => {
    // The same rule where one parent earns more than the 160,200 wage base (no ED test record has such a
    // family). Available income = 300,000 - 20,000 tax - 35,510 IPA - 4,890 EEA - payroll.
    // mfj (one figure, joint column): 1.45% x 230,000 = 3,335; 6.2% x 230,000 = 14,260: 17,595 -> 222,005
    // mfs: 1.45% x 125,000 + 2.35% x 75,000 + 1.45% x 30,000 = 1,812.50 + 1,762.50 + 435 = 4,010;
    //      6.2% x 160,200 + 6.2% x 30,000 = 9,932.40 + 1,860 = 11,792.40 -> 11,792: 15,802 -> 223,798
    // single + second parent (200,000 column): 1.45% x 230,000 = 3,335; 11,792: 15,127 -> 224,473
    const pai = (status: 'mfj' | 'mfs' | 'single') =>
      estimate({
        award_year: 2025,
        family_size: 3,
        parent_filing_status: status,
        parent_agi: 300_000,
        parent_income_tax_paid: 20_000,
        parent_earned_income: 200_000,
        parent2_earned_income: 30_000,
        cost_of_attendance: 40_000,
      }).parent_available_income;
    expect([pai('mfj'), pai('mfs'), pai('single')]).toEqual([222_005, 223_798, 224_473]);
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

  // ED lines 42 and 65 are reference cases beside the table: data/education/sai/2024.cases.json
  // (test/data/cases.test.ts).
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
  // U.S. Department of Education, 2024-25 test ISIR file IDSA25OP (March 8, 2024), from ED's repository
  // github.com/usedgov/fafsa-test-isirs-2024-25, test-isir-files/IDSA25OP-20240308.txt (the same file is
  // bundled in github.com/jwalin-shah/fafsa-engine as data/IDSA25OP-20240308.txt): the FAFSA Processing
  // System's own Formula A outputs. 34 of its 42 dependent records map onto this operation's inputs: parent_agi is the
  // record's parents' total income (AGI plus untaxed income, less offsets), the income tax is the record's
  // total allowances less its payroll, income protection and employment expense allowances, the family
  // size is read from its income protection allowance, net worth (cash, investments and child support
  // received) goes in parent_cash_savings; records whose parents file single or hoh with two earners are
  // entered as mfs (each parent's earnings on their own, as the record computes them; every such earner is
  // under 125,000, where the separate and the 200,000 columns agree). The student's tax
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

describe('education/aid-estimate: 2026-27 worksheets (award_year 2026, 2024 income)', () => {
  // 2026-27 tables: IPA 29,190 / 36,330 / 44,880 / 52,950 / 61,930 (+6,990); student IPA 11,770; employment
  // expense allowance 35% up to 5,000; Table A1 on a 168,600 wage base (337,200 joint); Table A4 $0; Table
  // A5 22% to 21,800, 4,796 + 25% to 27,300, 6,171 + 29% to 32,800, 7,766 + 34% to 38,400, 9,670 + 40% to
  // 43,900, 11,870 + 47% above; -1,870 below AAI -8,500; the student's contribution from income is not
  // below 0. Each family is a record of ED's 2026-27 test ISIR files (github.com/usedgov/
  // fafsa-test-isirs-2026-27, test-isir-files/; file date and line below), filled in by hand; ED's outputs
  // agree on every line shown.
  const run = (input: Omit<AidEstimateInput, 'award_year' | 'cost_of_attendance'>) =>
    estimate({ award_year: 2026, cost_of_attendance: 25_000, ...input });

  it('ED Jul 14 line 26: one parent (single), family of 2, $7,800 income: AAI below the minimum, SAI -1,500', () => {
    // 1-3  7,800;  4  0
    // 5    5a 1.45% x 7,799 = 113.09 -> 113; 5b 6.2% x 7,799 = 483.54 -> 484: 597 (ED: 597)
    // 6    29,190;  7  35% x 7,799 = 2,729.65 -> 2,730, below the 5,000 maximum (ED: 2,730)
    // 8    0 + 597 + 29,190 + 2,730 = 32,517 (ED: 32,517);  9  7,800 - 32,517 = -24,717
    // 17   0;  18  AAI -24,717, below -8,500:  19  -1,870
    // 22   2,289;  24  5a 1.45% x 2,200 = 31.90 -> 32, 5b 6.2% x 2,200 = 136.40 -> 136: 168 (ED: 168)
    // 25   11,770;  26  24,717;  27  168 + 11,770 + 24,717 = 36,655;  28  2,289 - 36,655 = -34,366 (ED)
    // 30   50% of a negative available income: 0 (ED: 0)
    // 37   -1,870 + 0 + 0 = -1,870 -> -1,500;  need 25,000 (a negative SAI counts as 0)
    expect(
      run({
        family_size: 2,
        parent_filing_status: 'single',
        parent_agi: 7_800,
        parent_income_tax_paid: 0,
        parent_earned_income: 7_799,
        student_agi: 2_289,
        student_earned_income: 2_200,
      }),
    ).toEqual({
      parent_available_income: -24_717,
      parent_contribution_from_assets: 0,
      parent_adjusted_available_income: -24_717,
      parent_contribution: -1_870,
      student_contribution_from_income: 0,
      student_contribution_from_assets: 0,
      income_protection_allowance: 29_190,
      sai: -1_500,
      financial_need: 25_000,
    });
  });

  it('ED Dec 8 line 12: two parents (mfj), family of 3, AAI just under the first bracket', () => {
    // 1-3  73,000;  4  5,000
    // 5    5a 1.45% x 72,000 = 1,044; 5b 6.2% x 72,000 = 4,464 (joint base 337,200): 5,508 (ED: 5,508)
    // 6    36,330;  7  35% x 72,000 = 25,200 > 5,000: 5,000
    // 8    5,000 + 5,508 + 36,330 + 5,000 = 51,838 (ED: 51,838);  9  73,000 - 51,838 = 21,162
    // 17   0;  18  21,162, below 21,800:  19  22% x 21,162 = 4,655.64 -> 4,656 (ED: 4,656)
    // 28   0 - 11,770 = -11,770;  30  0
    // 37   4,656;  need 25,000 - 4,656 = 20,344
    expect(
      run({
        family_size: 3,
        parent_filing_status: 'mfj',
        parent_agi: 73_000,
        parent_income_tax_paid: 5_000,
        parent_earned_income: 72_000,
      }),
    ).toEqual({
      parent_available_income: 21_162,
      parent_contribution_from_assets: 0,
      parent_adjusted_available_income: 21_162,
      parent_contribution: 4_656,
      student_contribution_from_income: 0,
      student_contribution_from_assets: 0,
      income_protection_allowance: 36_330,
      sai: 4_656,
      financial_need: 20_344,
    });
  });

  it('ED Aug 4 line 17: one parent (hoh), family of 3, the 34% bracket', () => {
    // 1-3  91,625;  4  9,500
    // 5    5a 1.45% x 89,000 = 1,290.50 -> 1,291; 5b 6.2% x 89,000 = 5,518: 6,809 (ED: 6,809)
    // 6    36,330;  7  5,000;  8  9,500 + 6,809 + 36,330 + 5,000 = 57,639 (ED: 57,639);  9  33,986
    // 17   12% x 6,000 = 720;  18  34,706
    // 19   7,766 + 34% x (34,706 - 32,800) = 7,766 + 648.04 = 8,414.04 -> 8,414 (ED: 8,414)
    // 22   5,000;  24  5a 1.45% x 3,899 = 56.54 -> 57, 5b 6.2% x 3,899 = 241.74 -> 242: 299 (ED: 299)
    // 27   299 + 11,770 = 12,069;  28  5,000 - 12,069 = -7,069 (ED);  30  0
    // 36   20% x 1,500 = 300;  37  8,414 + 0 + 300 = 8,714 (ED: 8,714);  need 25,000 - 8,714 = 16,286
    expect(
      run({
        family_size: 3,
        parent_filing_status: 'hoh',
        parent_agi: 91_625,
        parent_income_tax_paid: 9_500,
        parent_earned_income: 89_000,
        parent_cash_savings: 6_000,
        student_agi: 5_000,
        student_earned_income: 3_899,
        student_cash_savings: 1_500,
      }),
    ).toEqual({
      parent_available_income: 33_986,
      parent_contribution_from_assets: 720,
      parent_adjusted_available_income: 34_706,
      parent_contribution: 8_414,
      student_contribution_from_income: 0,
      student_contribution_from_assets: 300,
      income_protection_allowance: 36_330,
      sai: 8_714,
      financial_need: 16_286,
    });
  });

  it('ED Jul 14 line 52: two parents (mfj), family of 3, $216,565 income, the 47% bracket, no need', () => {
    // 1-3  216,565;  4  71,568
    // 5    5a 1.45% x 210,110 = 3,046.60 -> 3,047 (below the 250,000 joint threshold);
    //      5b 6.2% x 210,110 = 13,026.82 -> 13,027 (below 337,200): 16,074 (ED: 16,074)
    // 6    36,330;  7  5,000;  8  71,568 + 16,074 + 36,330 + 5,000 = 128,972 (ED);  9  87,593
    // 17   12% x 80,000 = 9,600;  18  97,193
    // 19   11,870 + 47% x (97,193 - 43,900) = 11,870 + 25,047.71 = 36,917.71 -> 36,918 (ED: 36,918)
    // 28   -11,770;  30  0;  36  20% x 11,000 = 2,200
    // 37   36,918 + 0 + 2,200 = 39,118 (ED: 39,118);  need 25,000 - 39,118 < 0: 0
    expect(
      run({
        family_size: 3,
        parent_filing_status: 'mfj',
        parent_agi: 216_565,
        parent_income_tax_paid: 71_568,
        parent_earned_income: 210_110,
        parent_cash_savings: 80_000,
        student_cash_savings: 11_000,
      }),
    ).toEqual({
      parent_available_income: 87_593,
      parent_contribution_from_assets: 9_600,
      parent_adjusted_available_income: 97_193,
      parent_contribution: 36_918,
      student_contribution_from_income: 0,
      student_contribution_from_assets: 2_200,
      income_protection_allowance: 36_330,
      sai: 39_118,
      financial_need: 0,
    });
  });

  it("a family of 7 adds the notice's 6,990 per member (61,930 + 6,990 = 68,920); Table A1's wage base is 2024's 168,600", () => {
    const base = {
      parent_filing_status: 'single' as const,
      parent_agi: 200_000,
      parent_income_tax_paid: 0,
      parent_earned_income: 200_000,
    };
    expect(run({ ...base, family_size: 7 }).income_protection_allowance).toBe(68_920);
    // family of 2, one earner of 200,000: 5a 1.45% x 200,000 = 2,900; 5b 6.2% x 168,600 = 10,453.20 ->
    // 10,453; 6 29,190; 7 5,000; 9 200,000 - 47,543 = 152,457
    expect(run({ ...base, family_size: 2 }).parent_available_income).toBe(152_457);
  });
});

describe("education/aid-estimate: ED's 2026-27 test ISIR records (award_year 2026, 2024 income)", () => {
  // U.S. Department of Education, FAFSA test ISIRs 2026-27 (github.com/usedgov/fafsa-test-isirs-2026-27,
  // test-isir-files/applications_2627 ISIR test file_<date>.txt: July 14, Aug. 4 and Dec. 8, 2025, April 1,
  // 2026), read with the repository's own field positions (js/isir-module-2026-2027.js): the FAFSA
  // Processing System's own Formula A outputs. 69 of the 83 distinct Formula A records with parents' tax
  // data map onto this operation's inputs as for 2024-25 below (parent_agi = parents' total income; tax =
  // total allowances less the payroll, income protection and employment expense allowances; family size
  // from the income protection allowance; earnings from the IRS-retrieved or manual fields; net worth in
  // parent_cash_savings; single or hoh parents with two earners entered as mfs, each parent's earnings on
  // their own, every such earner under 125,000 where the columns agree; the student's tax = the
  // student's allowances less payroll, 11,770 and the negative-AAI allowance; the student's net worth).
  // Left out: 10 records whose payroll allowance is 0 though earnings are reported (the processor did not
  // use those earnings), 3 whose earnings fields the payroll allowance does not match and 1 without a
  // filing status. Columns: file date
  // and line, status, family size, parents' total income, tax, earnings of parent 1 and 2, net worth,
  // student's total income, earnings, tax, net worth; ED's parents' available income, AAI, parents'
  // contribution, student's contribution from income, SAI.
  const records: [string, 'single' | 'mfj' | 'mfs' | 'hoh' | 'qss', ...number[]][] = [
    ['Jul 14:24', 'single', 2, 65895, 6757, 64999, 0, 0, 2565, 2500, 0, 0, 19976, 19976, 4395, 0, 4395],
    ['Jul 14:26', 'single', 2, 7800, 0, 7799, 0, 0, 2289, 2200, 0, 0, -24717, -24717, -1870, 0, -1500],
    [
      'Jul 14:27',
      'single',
      4,
      145200,
      24924,
      144999,
      0,
      56500,
      9500,
      9400,
      0,
      1500,
      59304,
      66084,
      22296,
      0,
      22596,
    ],
    [
      'Jul 14:28',
      'hoh',
      3,
      151600,
      19346,
      135000,
      0,
      74700,
      16500,
      5350,
      0,
      6000,
      80596,
      89560,
      33330,
      2160,
      36690,
    ],
    [
      'Jul 14:29',
      'hoh',
      3,
      110500,
      14425,
      114000,
      0,
      56500,
      7250,
      7000,
      0,
      7500,
      46024,
      52804,
      16055,
      0,
      17555,
    ],
    ['Jul 14:30', 'hoh', 2, 51500, 3790, 54200, 0, 0, -3715, 3700, 0, 0, 9374, 9374, 2062, 0, 2062],
    ['Jul 14:31', 'hoh', 3, 90880, 2745, 98000, 0, 1000, 0, 0, 0, 150, 39308, 39428, 10081, 0, 10111],
    [
      'Jul 14:32',
      'hoh',
      3,
      83198,
      10987,
      82521,
      0,
      600,
      14681,
      12348,
      1532,
      0,
      24568,
      24640,
      5506,
      217,
      5723,
    ],
    ['Jul 14:33', 'hoh', 3, 60500, 2458, 64256, 0, 21000, 0, 0, 0, 0, 11796, 14316, 3150, 0, 3150],
    ['Jul 14:35', 'hoh', 3, 86625, 9500, 89000, 0, 6000, 5000, 3899, 0, 1500, 28986, 29706, 6869, 0, 7169],
    ['Jul 14:36', 'qss', 2, 111700, 14100, 112023, 0, 74700, 0, 0, 0, 31250, 54841, 63805, 21225, 0, 27475],
    ['Jul 14:38', 'qss', 2, 52958, 4770, 55111, 0, 0, 0, 0, 0, 0, 9782, 9782, 2152, 0, 2152],
    ['Jul 14:39', 'hoh', 2, 176532, 32568, 155895, 0, 50000, 0, 0, 0, 1000, 97849, 103849, 40046, 0, 40246],
    ['Jul 14:40', 'mfs', 3, 94315, 10042, 94999, 0, 0, 0, 0, 0, 0, 35676, 35676, 8744, 0, 8744],
    ['Jul 14:41', 'hoh', 2, 52236, 1884, 49125, 0, 2500, 3054, 3200, 205, 100, 12404, 12704, 2795, 0, 2815],
    ['Jul 14:42', 'hoh', 2, 75125, 6205, 75000, 0, 7500, 3512, 3500, 0, 1500, 28992, 29892, 6923, 0, 7223],
    ['Jul 14:43', 'hoh', 2, 52589, 3921, 55000, 0, 0, -3000, 1980, 0, 0, 10270, 10270, 2259, 0, 2259],
    [
      'Jul 14:44',
      'mfj',
      3,
      205000,
      29621,
      199999,
      0,
      115200,
      6050,
      6000,
      0,
      1500,
      118749,
      132573,
      53546,
      0,
      53846,
    ],
    ['Jul 14:45', 'mfj', 3, 86643, 8990, 83425, 0, 10000, 4950, 8756, 1126, 0, 29941, 31141, 7285, 0, 7285],
    ['Jul 14:46', 'mfj', 3, 39078, 1208, 38009, 0, 0, 0, 0, 0, 0, -6368, -6368, -1401, 0, -1401],
    ['Jul 14:47', 'mfj', 5, 54025, 2719, 53999, 0, 0, 0, 0, 0, 0, -10775, -10775, -1870, 0, -1500],
    ['Jul 14:48', 'mfj', 4, 155325, 14932, 150017, 0, 150000, 0, 0, 0, 0, 79037, 97037, 36844, 0, 36844],
    ['Jul 14:49', 'mfj', 3, 59000, 15078, 49500, 0, 0, 11056, 9656, 825, 0, -1195, -1195, -263, 0, -263],
    ['Jul 14:50', 'mfj', 4, 74125, 5611, 76589, 0, 15500, 0, 0, 0, 1000, 12774, 14634, 3219, 0, 3419],
    ['Jul 14:51', 'mfj', 6, 106125, 9211, 107568, 0, 56500, 0, 0, 0, 1500, 21755, 28535, 6529, 0, 6829],
    ['Jul 14:52', 'mfj', 3, 216565, 71568, 210110, 0, 80000, 0, 0, 0, 11000, 87593, 97193, 36918, 0, 39118],
    ['Jul 14:54', 'mfj', 3, 69500, 4936, 72000, 0, 0, 6050, 6000, 0, 0, 17726, 17726, 3900, 0, 3900],
    ['Jul 14:56', 'mfj', 5, 47057, 1936, 46047, 0, 0, 0, 0, 0, 0, -16352, -16352, -1870, 0, -1500],
    ['Aug 4:3', 'mfs', 5, 57105, 3089, 28958, 27047, 0, 0, 0, 0, 0, -8218, -8218, -1808, 0, -1500],
    ['Aug 4:11', 'single', 3, 61000, 3000, 42000, 0, 2500, 2800, 3000, 0, 500, 13457, 13757, 3027, 0, 3127],
    ['Aug 4:12', 'hoh', 2, 64599, 9568, 58000, 0, 0, 0, 0, 0, 0, 16404, 16404, 3609, 0, 3609],
    ['Aug 4:17', 'hoh', 3, 91625, 9500, 89000, 0, 6000, 5000, 3899, 0, 1500, 33986, 34706, 8414, 0, 8714],
    ['Aug 4:22', 'mfs', 2, 80452, 2745, 68987, 0, 1000, 0, 0, 0, 150, 38240, 38360, 9656, 0, 9686],
    ['Aug 4:51', 'mfs', 3, 87589, 8834, 89125, 0, 7500, 0, 0, 0, 900, 30607, 31507, 7391, 0, 7571],
    ['Aug 4:52', 'mfs', 3, 96580, 10042, 94999, 0, 0, 0, 0, 0, 0, 37941, 37941, 9514, 0, 9514],
    ['Aug 4:67', 'hoh', 3, 83198, 10987, 82521, 0, 600, 15681, 12348, 1532, 0, 24568, 24640, 5506, 717, 6223],
    ['Aug 4:72', 'hoh', 3, 104058, 12018, 102047, 0, 75000, 0, 0, 0, 2000, 42903, 51903, 15631, 0, 16031],
    ['Aug 4:74', 'mfs', 2, 69047, 7231, 68880, 0, 85000, 0, 0, 0, 5000, 22356, 32556, 7695, 0, 8695],
    ['Aug 4:80', 'hoh', 3, 63000, 2458, 64256, 0, 21000, 0, 0, 0, 0, 14296, 16816, 3700, 0, 3700],
    ['Aug 4:156', 'mfj', 4, 73800, 7800, 82000, 0, 51000, 5775, 5000, 50, 1330, 9847, 15967, 3513, 0, 3779],
    [
      'Aug 4:158',
      'mfs',
      4,
      123300,
      9000,
      82000,
      52000,
      51000,
      5775,
      5000,
      50,
      1330,
      54169,
      60289,
      19573,
      0,
      19839,
    ],
    [
      'Aug 4:172',
      'single',
      3,
      65101,
      5000,
      66000,
      0,
      1617,
      5775,
      5000,
      50,
      1260,
      13722,
      13916,
      3062,
      0,
      3314,
    ],
    ['Aug 4:177', 'mfj', 3, 65101, 5000, 36000, 0, 1617, 5775, 5000, 50, 1260, 16017, 16211, 3566, 0, 3818],
    ['Aug 4:178', 'mfj', 4, 73800, 7800, 66000, 0, 51000, 5775, 5000, 50, 1330, 11071, 17191, 3782, 0, 4048],
    ['Dec 8:2', 'hoh', 2, 48000, 3000, 48000, 0, 0, 0, 0, 0, 0, 7138, 7138, 1570, 0, 1570],
    ['Dec 8:4', 'mfj', 3, 46000, 300, 45000, 0, 0, 0, 0, 0, 0, 927, 927, 204, 0, 204],
    ['Dec 8:5', 'mfj', 3, 35500, 3000, 35000, 0, 0, 0, 0, 0, 0, -11508, -11508, -1870, 0, -1500],
    ['Dec 8:10', 'hoh', 2, 68000, 3000, 65000, 0, 0, 0, 0, 0, 0, 25837, 25837, 5805, 0, 5805],
    ['Dec 8:11', 'hoh', 2, 64000, 3000, 65000, 0, 160000, 0, 0, 0, 0, 21837, 41037, 10725, 0, 10725],
    ['Dec 8:12', 'mfj', 3, 73000, 5000, 72000, 0, 0, 0, 0, 0, 0, 21162, 21162, 4656, 0, 4656],
    ['Dec 8:13', 'mfj', 3, 65000, 5000, 65000, 0, 160000, 0, 0, 0, 0, 13697, 32897, 7799, 0, 7799],
    ['Dec 8:21', 'hoh', 2, 40000, 5000, 40000, 0, 0, 0, 0, 0, 0, -2250, -2250, -495, 0, -495],
    ['Apr 1:3', 'qss', 2, 111700, 14100, 112023, 0, 74700, 0, 0, 0, 0, 54841, 63805, 21225, 0, 21225],
    ['Apr 1:24', 'mfj', 3, 0, 0, 0, 0, 0, 100, 0, 0, 0, -36330, -36330, -1870, 0, -1500],
    ['Apr 1:25', 'mfj', 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, -36330, -36330, -1870, 0, -1500],
    ['Apr 1:26', 'mfj', 3, 100, 0, 0, 0, 0, 0, 0, 0, 0, -36230, -36230, -1870, 0, -1500],
    ['Apr 1:47', 'mfj', 3, 62000, 3562, 61047, 0, 0, 0, 0, 0, 0, 12438, 12438, 2736, 0, 2736],
    ['Apr 1:52', 'hoh', 2, 69047, 7231, 68880, 0, 85000, 0, 0, 0, 5000, 22356, 32556, 7695, 0, 8695],
    ['Apr 1:66', 'hoh', 4, 86756, 10816, 85496, 0, 1250, 0, 0, 0, 0, 19519, 19669, 4327, 0, 4327],
    ['Apr 1:86', 'hoh', 2, 102538, 11500, 103895, 0, 35700, -2000, 0, 0, 0, 48901, 53185, 16234, 0, 16234],
    ['Apr 1:107', 'hoh', 2, 11600, 0, 0, 0, 0, 0, 0, 0, 0, -17590, -17590, -1870, 0, -1500],
    ['Apr 1:117', 'mfs', 3, 61000, 3000, 42000, 19000, 2500, 2800, 3000, 0, 500, 12003, 12303, 2707, 0, 2807],
    ['Apr 1:124', 'mfs', 5, 88251, 7210, 59234, 35175, 0, 0, 0, 0, 0, 15869, 15869, 3491, 0, 3491],
    ['Apr 1:154', 'hoh', 2, 64599, 9568, 58000, 0, 0, 0, 0, 0, 0, 16404, 16404, 3609, 0, 3609],
    ['Apr 1:176', 'mfs', 5, 88021, 7210, 59234, 35175, 0, 0, 0, 0, 0, 15639, 15639, 3441, 0, 3441],
    ['Apr 1:198', 'mfj', 3, 216568, 71568, 210110, 0, 80000, 0, 0, 0, 11000, 87596, 97196, 36919, 0, 39119],
    ['Apr 1:225', 'mfs', 3, 61000, 3000, 42000, 19000, 0, 2800, 3000, 0, 0, 12003, 12003, 2641, 0, 2641],
    ['Apr 1:243', 'mfj', 3, 86643, 8990, 83425, 0, 10000, 6450, 8756, 1126, 0, 29941, 31141, 7285, 0, 7285],
    ['Apr 1:248', 'mfj', 5, 47058, 1936, 46047, 0, 0, 0, 0, 0, 0, -16351, -16351, -1870, 0, -1500],
  ];
  it.each(records)('%s (%s, family of %i)', (_line, status, ...values) => {
    const [size, agi, tax, e1, e2, cash, sagi, se, stax, snw, pai, aai, pc, sci, sai] = values as number[];
    const r = estimate({
      award_year: 2026,
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
      student_cash_savings: snw as number,
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

  it('the student contribution from income floor: -1,500 for 2024-25, 0 from 2025-26 (HEA sec. 475(g)(1))', () => {
    // 20 U.S.C. 1087oo(g)(1): "not less than -$1,500 for award year 2024-2025 and not less than zero for award
    // year 2025-2026 and each award year thereafter".
    expect(
      saiTables.years.map((y) => [y, saiTables.get(y).student_income_assessment.minimum_contribution]),
    ).toEqual(saiTables.years.map((y) => [y, y === 2024 ? -1_500 : 0]));
  });

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

  it('refuses a family of 1, a negative cost and an unknown field', () => {
    expect(calculationErrorOf(aidEstimate, { ...valid, family_size: 1 }).issues[0]?.path).toBe('family_size');
    expect(calculationErrorOf(aidEstimate, { ...valid, cost_of_attendance: -1 }).issues[0]?.path).toBe(
      'cost_of_attendance',
    );
    expect(calculationErrorOf(aidEstimate, { ...valid, state: 'CA' }).issues[0]?.path).toBe('state');
  });

  it('a second earner with a single, hoh or qss status is an unmarried parent living with the other (sai-1.3.0)', () => {
    // Before sai-1.3.0 this was refused; now the other parent's earnings count, earner by earner: 1 dollar
    // more adds 0.0145 + 0.062 (-> 0) to the payroll allowance and 0.35 (-> 0) to the expense allowance.
    for (const status of ['single', 'hoh', 'qss'] as const) {
      const one = estimate({ ...valid, parent_filing_status: status } as AidEstimateInput);
      const two = estimate({
        ...valid,
        parent_filing_status: status,
        parent_earned_income: 50_000,
        parent2_earned_income: 30_000,
      } as AidEstimateInput);
      // 80,000 earned either way: 1.45% x 80,000 = 1,160 and 6.2% x 80,000 = 4,960, both under one wage base
      expect(two.parent_available_income).toBe(one.parent_available_income);
    }
  });

  it('envelope: engine sai-1.3.0, prefix sai', () => {
    const envelope = aidEstimate(valid as AidEstimateInput);
    expect(envelope.engine_version).toBe('sai-1.3.0');
    expect(envelope.result_id).toMatch(/^sai_[0-9a-f]{16}$/);
  });
});

describe('education/aid-estimate: properties', () => {
  const status = fc.constantFrom('mfj', 'mfs', 'single', 'hoh', 'qss' as const);
  const family = fc.record({
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
  });

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

  it('parents who do not file jointly: swapping their earnings changes nothing (each is an earner of their own)', () => {
    fc.assert(
      fc.property(
        family.filter((input) => input.parent_filing_status !== 'mfj'),
        (input) => {
          const swapped = {
            ...input,
            parent_earned_income: input.parent2_earned_income,
            parent2_earned_income: input.parent_earned_income,
          };
          expect(estimate(swapped)).toEqual(estimate(input));
        },
      ),
    );
  });

  it('under the wage base and every Medicare threshold, the filing status does not change the allowances', () => {
    // Table A1 is then linear: 1.45% + 6.2% of the combined earnings whoever earns them and whatever the
    // column; only the rounding of each step to the dollar could differ, and it is taken on the sums.
    fc.assert(
      fc.property(
        family,
        fc.integer({ min: 0, max: 62_000 }),
        fc.integer({ min: 0, max: 62_000 }),
        (input, e1, e2) => {
          const at = (status: 'mfj' | 'mfs' | 'single') =>
            estimate({
              ...input,
              parent_filing_status: status,
              parent_earned_income: e1,
              parent2_earned_income: e2,
            }).parent_available_income;
          expect(at('mfs')).toBe(at('mfj'));
          expect(at('single')).toBe(at('mfj'));
        },
      ),
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
