// The premium tax credit engine, Form 8962 style: hand-worked cases either side of 100, 150, 200, 250,
// 300 and 400% of the poverty line in each coverage year, the PolicyEngine-US contribution-percentage
// cases, and the invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/core/money';
import { applicableFigure, fplPercent, premiumTaxCredit } from '../../../src/healthcare/_lib/ptc';
import { applicablePercentageTables } from '../../../src/healthcare/_lib/year-tables';

const BENCHMARK = 8_000;
const ptc = (coverageYear: number, householdIncome: number, householdSize = 1) =>
  premiumTaxCredit({ coverageYear, householdSize, householdIncome, benchmarkAnnualPremium: BENCHMARK });

describe('Form 8962 line 5: decimals dropped, 401 above 400% (Instructions for Form 8962, Worksheet 2)', () => {
  it('the worksheet examples: 0.9984 -> 99, 1.8565 -> 185, 3.997 -> 399', () => {
    expect(fplPercent(9_984, 10_000)).toBe(99);
    expect(fplPercent(18_565, 10_000)).toBe(185);
    expect(fplPercent(39_970, 10_000)).toBe(399);
  });
  it('exactly 400% is 400; one cent more is 401', () => {
    expect(fplPercent(62_600, 15_650)).toBe(400);
    expect(fplPercent(62_600.01, 15_650)).toBe(401);
  });
});

describe('applicable figure (Form 8962 line 7) against PolicyEngine-US aca_required_contribution_percentage.yaml', () => {
  const figure = (year: number, percent: number) =>
    applicableFigure(applicablePercentageTables.get(year), percent).toNumber();
  it('2026 (Rev. Proc. 2025-25): flat 2.10% at 100 and 120, a jump to 3.14% at 133, 9.96% at 400', () => {
    expect([figure(2026, 100), figure(2026, 120), figure(2026, 133), figure(2026, 400)]).toEqual([
      0.021, 0.021, 0.0314, 0.0996,
    ]);
  });
  it('the ARPA/IRA table (PolicyEngine checks it in 2022; the same statutory table applies in 2024 and 2025)', () => {
    for (const year of [2024, 2025]) {
      // 140% -> 0; 190% -> 2% x 40/50 = 1.60%; 240% -> 2% + 2% x 40/50 = 3.60%; 290% -> 5.60%;
      // 340% -> 6% + 2.5% x 40/100 = 7.00%; 390% -> 8.25%; 440% -> 8.50%; 400% (PE's 2025 case) -> 8.50%
      expect([140, 190, 240, 290, 340, 390, 440, 400].map((p) => figure(year, p))).toEqual([
        0, 0.016, 0.036, 0.056, 0.07, 0.0825, 0.085, 0.085,
      ]);
    }
  });
  it('rounds to the nearest one-hundredth of one percent, half up (26 CFR 1.36B-3(g)(1))', () => {
    expect(figure(2025, 301)).toBe(0.0603); // 6% + 2.5% x 1/100 = 6.025%
    expect(figure(2026, 149)).toBe(0.0413); // 3.14% + 1.05% x 16/17 = 4.1282%
  });
});

// [MAGI, line 5, applicable figure, contribution (line 8a), credit] for one person, benchmark $8,000.
type Case = [number, number, number | undefined, number | undefined, number];

describe('coverage year 2024 (2023 guideline $14,580; Rev. Proc. 2023-29 table, no cliff)', () => {
  const cases: Case[] = [
    [14_579, 99, undefined, undefined, 0], // 14,579 / 14,580 = 99.99% -> 99: below 100%, no credit
    [14_580, 100, 0, 0, 8_000], // 100%: 0% -> the whole benchmark
    [21_725, 149, 0, 0, 8_000], // 149.005% -> 149: up to 150% pays 0%
    [22_016, 151, 0.0004, 9, 7_991], // 151.001% -> 151: 2% x 1/50 = 0.04%; 22,016 x 0.0004 = 8.81 -> 9
    [29_015, 199, 0.0196, 569, 7_431], // 2% x 49/50 = 1.96%; 29,015 x 0.0196 = 568.69 -> 569
    [29_306, 201, 0.0204, 598, 7_402], // 2% + 2% x 1/50 = 2.04%; 597.84 -> 598
    [36_305, 249, 0.0396, 1_438, 6_562], // 2% + 2% x 49/50 = 3.96%; 1,437.68 -> 1,438
    [36_596, 251, 0.0404, 1_478, 6_522], // 4% + 2% x 1/50 = 4.04%; 1,478.48 -> 1,478
    [43_595, 299, 0.0596, 2_598, 5_402], // 4% + 2% x 49/50 = 5.96%; 2,598.26 -> 2,598
    [43_886, 301, 0.0603, 2_646, 5_354], // 6% + 2.5% x 1/100 = 6.025% -> 6.03%; 2,646.33 -> 2,646
    [58_175, 399, 0.0848, 4_933, 3_067], // 6% + 2.5% x 99/100 = 8.475% -> 8.48%; 4,933.24 -> 4,933
    [58_320, 400, 0.085, 4_957, 3_043], // exactly 4 x 14,580: 8.5%; 4,957.20 -> 4,957
    [58_466, 401, 0.085, 4_970, 3_030], // over 400%: 401, still 8.5% (no cliff); 4,969.61 -> 4,970
  ];
  it.each(cases)(
    'MAGI %d: line 5 = %i, figure %s, contribution %s, credit %d',
    (magi, p, fig, contribution, credit) => {
      const r = ptc(2024, magi);
      expect(r.poverty_guideline).toBe(14_580);
      expect(r.fpl_percent).toBe(p);
      expect(r.applicable_percentage?.toNumber()).toBe(fig);
      expect(r.expected_contribution?.toNumber()).toBe(contribution);
      expect(r.premium_tax_credit.toNumber()).toBe(credit);
      expect(r.cliff_income).toBeUndefined();
    },
  );
});

describe('coverage year 2025 (2024 guideline $15,060; Rev. Proc. 2024-35 table, no cliff)', () => {
  const cases: Case[] = [
    [15_059, 99, undefined, undefined, 0], // 99.99% -> 99
    [15_060, 100, 0, 0, 8_000],
    [22_440, 149, 0, 0, 8_000], // 149.003%
    [22_741, 151, 0.0004, 9, 7_991], // 151.001%: 22,741 x 0.0004 = 9.10 -> 9
    [29_970, 199, 0.0196, 587, 7_413], // 29,970 x 0.0196 = 587.41 -> 587
    [30_271, 201, 0.0204, 618, 7_382], // 617.53 -> 618
    [37_500, 249, 0.0396, 1_485, 6_515], // 37,500 / 15,060 = 249.00%: 1,485.00
    [37_801, 251, 0.0404, 1_527, 6_473], // 1,527.16 -> 1,527
    [45_030, 299, 0.0596, 2_684, 5_316], // 2,683.79 -> 2,684
    [45_331, 301, 0.0603, 2_733, 5_267], // 2,733.46 -> 2,733
    [60_090, 399, 0.0848, 5_096, 2_904], // 60,090 / 15,060 = 399.00%: 5,095.63 -> 5,096
    [60_240, 400, 0.085, 5_120, 2_880], // 4 x 15,060: 5,120.40 -> 5,120
    [60_241, 401, 0.085, 5_120, 2_880], // 5,120.49 -> 5,120
    [100_000, 401, 0.085, 8_500, 0], // 8,500 over the 8,000 benchmark: eligible, but no credit
  ];
  it.each(cases)(
    'MAGI %d: line 5 = %i, figure %s, contribution %s, credit %d',
    (magi, p, fig, contribution, credit) => {
      const r = ptc(2025, magi);
      expect(r.poverty_guideline).toBe(15_060);
      expect(r.fpl_percent).toBe(p);
      expect(r.applicable_percentage?.toNumber()).toBe(fig);
      expect(r.expected_contribution?.toNumber()).toBe(contribution);
      expect(r.premium_tax_credit.toNumber()).toBe(credit);
    },
  );
});

describe('coverage year 2026 (2025 guideline $15,650; Rev. Proc. 2025-25 table and the 400% cliff)', () => {
  const cases: Case[] = [
    [15_649, 99, undefined, undefined, 0], // 99.99% -> 99
    [15_650, 100, 0.021, 329, 7_671], // 2.10%: 328.65 -> 329
    [20_658, 132, 0.021, 434, 7_566], // exactly 132%: 2.10%; 433.82 -> 434
    [20_815, 133, 0.0314, 654, 7_346], // 133.003%: 3.14%; 653.59 -> 654
    [23_319, 149, 0.0413, 963, 7_037], // 3.14% + 1.05% x 16/17 = 4.128% -> 4.13%; 963.07 -> 963
    [23_632, 151, 0.0424, 1_002, 6_998], // 4.19% + 2.41% x 1/50 = 4.238% -> 4.24%; 1,002.00 -> 1,002
    [31_144, 199, 0.0655, 2_040, 5_960], // 4.19% + 2.41% x 49/50 = 6.5518% -> 6.55%; 2,039.93 -> 2,040
    [31_457, 201, 0.0664, 2_089, 5_911], // 6.60% + 1.84% x 1/50 = 6.6368% -> 6.64%; 2,088.74 -> 2,089
    [38_969, 249, 0.084, 3_273, 4_727], // 6.60% + 1.84% x 49/50 = 8.4032% -> 8.40%; 3,273.40 -> 3,273
    [39_282, 251, 0.0847, 3_327, 4_673], // 8.44% + 1.52% x 1/50 = 8.4704% -> 8.47%; 3,327.19 -> 3,327
    [46_794, 299, 0.0993, 4_647, 3_353], // 8.44% + 1.52% x 49/50 = 9.9296% -> 9.93%; 4,646.64 -> 4,647
    [47_107, 301, 0.0996, 4_692, 3_308], // 9.96%; 4,691.86 -> 4,692
    [62_444, 399, 0.0996, 6_219, 1_781], // 6,219.42 -> 6,219
    [62_600, 400, 0.0996, 6_235, 1_765], // exactly 400%: still eligible; 6,234.96 -> 6,235
    [62_601, 401, undefined, undefined, 0], // one dollar over: 401, no credit at all (the cliff)
  ];
  it.each(cases)(
    'MAGI %d: line 5 = %i, figure %s, contribution %s, credit %d',
    (magi, p, fig, contribution, credit) => {
      const r = ptc(2026, magi);
      expect(r.poverty_guideline).toBe(15_650);
      expect(r.fpl_percent).toBe(p);
      expect(r.applicable_percentage?.toNumber()).toBe(fig);
      expect(r.expected_contribution?.toNumber()).toBe(contribution);
      expect(r.premium_tax_credit.toNumber()).toBe(credit);
      expect(r.cliff_income).toBe(62_600);
    },
  );
  it('a family of four at 250%: 2025 guideline 32,150; 80,375 = 250.00% -> 8.44%; 6,783.65 -> 6,784', () => {
    const r = premiumTaxCredit({
      coverageYear: 2026,
      householdSize: 4,
      householdIncome: 80_375,
      benchmarkAnnualPremium: 20_000,
    });
    expect([r.fpl_percent, r.applicable_percentage?.toNumber(), r.expected_contribution?.toNumber()]).toEqual(
      [250, 0.0844, 6_784],
    );
    expect(r.premium_tax_credit.toNumber()).toBe(13_216);
  });
});

describe('who gets no credit', () => {
  it('below 100% of the guideline (the lawfully-present-alien and estimated-income exceptions are not modeled)', () => {
    expect(ptc(2025, 10_000)).toMatchObject({ eligible: false, ineligible_reason: 'below_100_percent' });
  });
  it('married filing separately (IRC §36B(c)(1)(C))', () => {
    const r = premiumTaxCredit({
      coverageYear: 2025,
      householdSize: 2,
      householdIncome: 40_000,
      benchmarkAnnualPremium: 9_000,
      filingStatus: 'mfs',
    });
    expect(r).toMatchObject({ eligible: false, ineligible_reason: 'married_filing_separately' });
    expect(r.net_premium.toNumber()).toBe(9_000);
  });
  it('over 400% in 2026 only', () => {
    expect(ptc(2026, 70_000)).toMatchObject({ eligible: false, ineligible_reason: 'above_400_percent' });
    expect(ptc(2025, 70_000).eligible).toBe(true);
  });
});

describe('properties', () => {
  const years = fc.constantFrom(2024, 2025, 2026);
  const income = fc.integer({ min: -1_000_000, max: 50_000_000 }).map((c) => c / 100);
  const benchmark = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);
  const size = fc.integer({ min: 1, max: 12 });
  it('the credit is never negative nor above the benchmark; the net premium is never negative', () => {
    fc.assert(
      fc.property(years, income, benchmark, size, (year, magi, bench, n) => {
        const r = premiumTaxCredit({
          coverageYear: year,
          householdSize: n,
          householdIncome: magi,
          benchmarkAnnualPremium: bench,
        });
        expect(r.premium_tax_credit.gte(0)).toBe(true);
        expect(r.premium_tax_credit.lte(bench)).toBe(true);
        expect(r.net_premium.gte(0)).toBe(true);
        expect(r.net_premium.plus(r.premium_tax_credit).eq(bench)).toBe(true);
      }),
    );
  });
  it('the contribution never falls as income rises (while eligible), and 2024-2025 credits never rise with income', () => {
    fc.assert(
      fc.property(years, income, income, benchmark, size, (year, a, b, bench, n) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const run = (magi: number) =>
          premiumTaxCredit({
            coverageYear: year,
            householdSize: n,
            householdIncome: magi,
            benchmarkAnnualPremium: bench,
          });
        const low = run(lo);
        const high = run(hi);
        if (low.eligible && high.eligible) {
          expect(high.expected_contribution!.gte(low.expected_contribution!)).toBe(true);
          expect(high.premium_tax_credit.lte(low.premium_tax_credit)).toBe(true);
        }
        if (year < 2026 && low.eligible) expect(high.eligible).toBe(true);
      }),
    );
  });
  it('the applicable figure never falls as the percentage rises', () => {
    fc.assert(
      fc.property(years, fc.integer({ min: 100, max: 401 }), (year, p) => {
        const table = applicablePercentageTables.get(year);
        expect(applicableFigure(table, p + 1).gte(applicableFigure(table, p))).toBe(true);
        expect(new Dec(applicableFigure(table, p)).decimalPlaces()).toBeLessThanOrEqual(4);
      }),
    );
  });
});
