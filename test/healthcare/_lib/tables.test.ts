// The healthcare tables hold exactly the figures of their primary documents. Each row below is copied
// from the CMS fact sheet of that premium year ("YYYY Medicare Parts A & B Premiums and Deductibles"),
// with the fact sheet's "Total Monthly Premium Amount" column as a second check on every Part B row.
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/core/money';
import {
  applicablePercentageTables,
  irmaaTables,
  povertyGuidelineTables,
} from '../../../src/healthcare/_lib/year-tables';

const CMS = {
  2024: {
    standard: '174.70',
    individual: [103_000, 129_000, 161_000, 193_000, 500_000],
    joint: [206_000, 258_000, 322_000, 386_000, 750_000],
    separate: [103_000, 397_000],
    partB: ['69.90', '174.70', '279.50', '384.30', '419.30'],
    totals: ['244.60', '349.40', '454.20', '559.00', '594.00'],
    partD: ['12.90', '33.30', '53.80', '74.20', '81.00'],
    base: '34.70',
  },
  2025: {
    standard: '185.00',
    individual: [106_000, 133_000, 167_000, 200_000, 500_000],
    joint: [212_000, 266_000, 334_000, 400_000, 750_000],
    separate: [106_000, 394_000],
    partB: ['74.00', '185.00', '295.90', '406.90', '443.90'],
    totals: ['259.00', '370.00', '480.90', '591.90', '628.90'],
    partD: ['13.70', '35.30', '57.00', '78.60', '85.80'],
    base: '36.78',
  },
  2026: {
    standard: '202.90',
    individual: [109_000, 137_000, 171_000, 205_000, 500_000],
    joint: [218_000, 274_000, 342_000, 410_000, 750_000],
    separate: [109_000, 391_000],
    partB: ['81.20', '202.90', '324.60', '446.30', '487.00'],
    totals: ['284.10', '405.80', '527.50', '649.20', '689.90'],
    partD: ['14.50', '37.50', '60.40', '83.30', '91.00'],
    base: '38.99',
  },
} as const;

const floors = (tiers: readonly ({ magi_over: number } | { magi_at_least: number })[]) =>
  tiers.map((tier) => ('magi_over' in tier ? tier.magi_over : tier.magi_at_least));

describe.each(Object.entries(CMS))('medicare-%s.json', (yearText, cms) => {
  const year = Number(yearText);
  const table = irmaaTables.get(year);

  it('reads MAGI of the tax year two years before', () => {
    expect(table.magi_tax_year).toBe(year - 2);
  });

  it('holds the fact sheet standard premium, surcharges and totals of that year', () => {
    expect(new Dec(table.part_b.standard_premium).toFixed(2)).toBe(cms.standard);
    expect(table.part_b_irmaa.monthly.map((x) => new Dec(x).toFixed(2))).toEqual(cms.partB);
    expect(table.part_d_irmaa.monthly.map((x) => new Dec(x).toFixed(2))).toEqual(cms.partD);
    // standard premium + adjustment = the fact sheet's "Total Monthly Premium Amount", row by row
    expect(
      table.part_b_irmaa.monthly.map((x) => new Dec(x).plus(table.part_b.standard_premium).toFixed(2)),
    ).toEqual(cms.totals);
  });

  it('holds the fact sheet thresholds: individual, joint and married filing separately', () => {
    expect(floors(table.tiers.individual)).toEqual(cms.individual);
    expect(floors(table.tiers.joint)).toEqual(cms.joint);
    expect(floors(table.tiers.married_separate)).toEqual(cms.separate);
    expect(table.tiers.individual.map((t) => t.tier)).toEqual([1, 2, 3, 4, 5]);
    expect(table.tiers.married_separate.map((t) => t.tier)).toEqual([4, 5]);
  });

  it('starts every tier "greater than" its floor except the top one, "greater than or equal to"', () => {
    for (const tiers of [table.tiers.individual, table.tiers.joint, table.tiers.married_separate]) {
      expect(tiers.slice(0, -1).every((t) => 'magi_over' in t)).toBe(true);
      expect('magi_at_least' in (tiers[tiers.length - 1] as object)).toBe(true);
    }
  });

  it('Part D amounts are the base beneficiary premium x (p - 25.5%) / 25.5%, to the nearest $0.10 (42 CFR 423.286(d)(4))', () => {
    expect(new Dec(table.part_d_base_premium.monthly).toFixed(2)).toBe(cms.base);
    const derived = [35, 50, 65, 80, 85].map((p) =>
      new Dec(table.part_d_base_premium.monthly)
        .times(p - 25.5)
        .div(25.5)
        .toDecimalPlaces(1, Dec.ROUND_HALF_UP)
        .toFixed(2),
    );
    expect(derived).toEqual(cms.partD);
  });
});

it('each base beneficiary premium is the previous one grown by the IRA 6% cap (34.70 -> 36.78 -> 38.99)', () => {
  for (const year of [2025, 2026]) {
    const previous = new Dec(irmaaTables.get(year - 1).part_d_base_premium.monthly);
    expect(previous.times(1.06).toDecimalPlaces(2).toNumber()).toBe(
      irmaaTables.get(year).part_d_base_premium.monthly,
    );
  }
});

describe('poverty guidelines (48 contiguous states and DC)', () => {
  const HHS = {
    2023: [14_580, 19_720, 24_860, 30_000, 35_140, 40_280, 45_420, 50_560, 5_140],
    2024: [15_060, 20_440, 25_820, 31_200, 36_580, 41_960, 47_340, 52_720, 5_380],
    2025: [15_650, 21_150, 26_650, 32_150, 37_650, 43_150, 48_650, 54_150, 5_500],
    // 91 FR 1797 (Jan. 15, 2026), as ASPE's 2026 page prints it: 15,960 + 5,680 per additional person.
    2026: [15_960, 21_640, 27_320, 33_000, 38_680, 44_360, 50_040, 55_720, 5_680],
  } as const;
  it.each(Object.entries(HHS))('%s matches the HHS notice', (year, figures) => {
    const table = povertyGuidelineTables.get(Number(year)).contiguous_states_and_dc;
    expect([...table.by_household_size, table.each_additional_person]).toEqual(figures);
  });
});

describe('applicable percentage tables', () => {
  it('coverage year Y reads the poverty guidelines of Y - 1, and they exist', () => {
    for (const year of applicablePercentageTables.years) {
      const guidelineYear = applicablePercentageTables.get(year).poverty_guideline.guideline_year;
      expect(guidelineYear).toBe(year - 1);
      expect(povertyGuidelineTables.has(guidelineYear)).toBe(true);
    }
  });
  it('2024 and 2025 have the ARPA/IRA table and no upper limit; 2026 the Rev. Proc. 2025-25 table and the 400% cliff', () => {
    const arpa = [
      [0, 150, 0, 0],
      [150, 200, 0, 0.02],
      [200, 250, 0.02, 0.04],
      [250, 300, 0.04, 0.06],
      [300, 400, 0.06, 0.085],
      [400, undefined, 0.085, 0.085],
    ];
    const rows = (year: number) =>
      applicablePercentageTables
        .get(year)
        .applicable_percentage.bands.map((b) => [b.from_percent, b.to_percent, b.initial, b.final]);
    expect(rows(2024)).toEqual(arpa);
    expect(rows(2025)).toEqual(arpa);
    expect(rows(2026)).toEqual([
      [0, 133, 0.021, 0.021],
      [133, 150, 0.0314, 0.0419],
      [150, 200, 0.0419, 0.066],
      [200, 250, 0.066, 0.0844],
      [250, 300, 0.0844, 0.0996],
      [300, 400, 0.0996, 0.0996],
    ]);
    expect(applicablePercentageTables.get(2024).eligibility).toMatchObject({ minimum_percent: 100 });
    expect(applicablePercentageTables.get(2025).eligibility.maximum_percent).toBeUndefined();
    expect(applicablePercentageTables.get(2026).eligibility).toMatchObject({
      minimum_percent: 100,
      maximum_percent: 400,
    });
  });
});
