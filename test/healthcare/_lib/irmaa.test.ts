// The IRMAA engine against the CMS fact sheets: every tier of every table and year, the cliff at each
// threshold exactly as the fact sheet words it, and the headroom / distance-back arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../../src/core/schema';
import { irmaaFor, irmaaSchedule, irmaaTableFor } from '../../../src/healthcare/_lib/irmaa';
import { irmaaTables } from '../../../src/healthcare/_lib/year-tables';

describe('the cliffs, as the 2026 CMS fact sheet words them', () => {
  // CMS, "2026 Medicare Parts A & B Premiums and Deductibles", Part B table for individual returns:
  //   "Less than or equal to $109,000"                          $0.00
  //   "Greater than $109,000 and less than or equal to $137,000" $81.20
  //   "Greater than $205,000 and less than $500,000"             $446.30
  //   "Greater than or equal to $500,000"                        $487.00
  it('"Less than or equal to $109,000": 109,000 pays no surcharge; one cent or one dollar more pays tier 1', () => {
    expect(irmaaFor(2026, 'single', 109_000).part_b_irmaa).toBe(0);
    expect(irmaaFor(2026, 'single', 109_000.01).part_b_irmaa).toBe(81.2);
    expect(irmaaFor(2026, 'single', 109_001).part_b_irmaa).toBe(81.2);
  });
  it('"...less than or equal to $137,000": 137,000 stays in tier 1; 137,000.01 is tier 2', () => {
    expect(irmaaFor(2026, 'single', 137_000).tier).toBe(1);
    expect(irmaaFor(2026, 'single', 137_000.01).tier).toBe(2);
  });
  it('"...less than $500,000" / "Greater than or equal to $500,000": 499,999.99 is tier 4, 500,000 is tier 5', () => {
    expect(irmaaFor(2026, 'single', 499_999.99).part_b_irmaa).toBe(446.3);
    expect(irmaaFor(2026, 'single', 500_000).part_b_irmaa).toBe(487);
    expect(irmaaFor(2026, 'mfj', 749_999.99).tier).toBe(4);
    expect(irmaaFor(2026, 'mfj', 750_000).tier).toBe(5);
  });
  // Married and lived with the spouse, separate returns: "Less than or equal to $109,000" $0.00;
  // "Greater than $109,000 and less than $391,000" $446.30; "Greater than or equal to $391,000" $487.00.
  it('married filing separately: 109,000 none; 109,000.01 tier 4; 390,999.99 tier 4; 391,000 tier 5', () => {
    expect(irmaaFor(2026, 'mfs', 109_000).tier).toBe(0);
    expect(irmaaFor(2026, 'mfs', 109_000.01).part_b_irmaa).toBe(446.3);
    expect(irmaaFor(2026, 'mfs', 390_999.99).tier).toBe(4);
    expect(irmaaFor(2026, 'mfs', 391_000).part_b_irmaa).toBe(487);
  });
  it('the same wording holds at every threshold of every year and table', () => {
    for (const year of irmaaTables.years) {
      for (const status of ['single', 'mfj', 'mfs'] as const) {
        for (const row of irmaaSchedule(year, status).slice(1)) {
          const from = row.from!;
          const below = from.inclusive ? from.magi - 0.01 : from.magi;
          const at = from.inclusive ? from.magi : from.magi + 0.01;
          expect(irmaaFor(year, status, below).tier).toBeLessThan(row.tier);
          expect(irmaaFor(year, status, at).tier).toBe(row.tier);
        }
      }
    }
  });
});

describe('every tier of every year (CMS fact sheets 2024, 2025, 2026)', () => {
  // [year, status, MAGI inside the tier, tier, Part B adjustment, Part D adjustment]
  const rows: [number, FilingStatus, number, number, number, number][] = [
    [2024, 'single', 103_000, 0, 0, 0],
    [2024, 'single', 120_000, 1, 69.9, 12.9],
    [2024, 'single', 150_000, 2, 174.7, 33.3],
    [2024, 'single', 180_000, 3, 279.5, 53.8],
    [2024, 'single', 300_000, 4, 384.3, 74.2],
    [2024, 'single', 600_000, 5, 419.3, 81],
    [2024, 'mfj', 206_000, 0, 0, 0],
    [2024, 'mfj', 250_000, 1, 69.9, 12.9],
    [2024, 'mfj', 300_000, 2, 174.7, 33.3],
    [2024, 'mfj', 350_000, 3, 279.5, 53.8],
    [2024, 'mfj', 500_000, 4, 384.3, 74.2],
    [2024, 'mfj', 800_000, 5, 419.3, 81],
    [2024, 'mfs', 103_000, 0, 0, 0],
    [2024, 'mfs', 200_000, 4, 384.3, 74.2],
    [2024, 'mfs', 397_000, 5, 419.3, 81],
    [2025, 'single', 106_000, 0, 0, 0],
    [2025, 'single', 120_000, 1, 74, 13.7],
    [2025, 'single', 150_000, 2, 185, 35.3],
    [2025, 'single', 190_000, 3, 295.9, 57],
    [2025, 'single', 300_000, 4, 406.9, 78.6],
    [2025, 'single', 600_000, 5, 443.9, 85.8],
    [2025, 'mfj', 212_000, 0, 0, 0],
    [2025, 'mfj', 250_000, 1, 74, 13.7],
    [2025, 'mfj', 300_000, 2, 185, 35.3],
    [2025, 'mfj', 380_000, 3, 295.9, 57],
    [2025, 'mfj', 500_000, 4, 406.9, 78.6],
    [2025, 'mfj', 800_000, 5, 443.9, 85.8],
    [2025, 'mfs', 106_000, 0, 0, 0],
    [2025, 'mfs', 200_000, 4, 406.9, 78.6],
    [2025, 'mfs', 394_000, 5, 443.9, 85.8],
    [2026, 'single', 109_000, 0, 0, 0],
    [2026, 'single', 120_000, 1, 81.2, 14.5],
    [2026, 'single', 150_000, 2, 202.9, 37.5],
    [2026, 'single', 190_000, 3, 324.6, 60.4],
    [2026, 'single', 300_000, 4, 446.3, 83.3],
    [2026, 'single', 600_000, 5, 487, 91],
    [2026, 'mfj', 218_000, 0, 0, 0],
    [2026, 'mfj', 250_000, 1, 81.2, 14.5],
    [2026, 'mfj', 300_000, 2, 202.9, 37.5],
    [2026, 'mfj', 400_000, 3, 324.6, 60.4],
    [2026, 'mfj', 500_000, 4, 446.3, 83.3],
    [2026, 'mfj', 800_000, 5, 487, 91],
    [2026, 'mfs', 109_000, 0, 0, 0],
    [2026, 'mfs', 200_000, 4, 446.3, 83.3],
    [2026, 'mfs', 391_000, 5, 487, 91],
  ];
  it.each(rows)('%i %s MAGI %d: tier %i, Part B +%d, Part D +%d', (year, status, magi, tier, b, d) => {
    const result = irmaaFor(year, status, magi);
    expect([result.tier, result.part_b_irmaa, result.part_d_irmaa]).toEqual([tier, b, d]);
    expect(result.magi_tax_year).toBe(year - 2);
  });
  it('head of household and qualifying surviving spouse use the individual table', () => {
    for (const year of irmaaTables.years) {
      for (const magi of [100_000, 110_000, 140_000, 199_000, 499_000, 500_000]) {
        expect(irmaaFor(year, 'hoh', magi)).toEqual(irmaaFor(year, 'single', magi));
        expect(irmaaFor(year, 'qss', magi)).toEqual(irmaaFor(year, 'single', magi));
      }
    }
  });
  it('married filing separately after living apart all year uses the individual table', () => {
    expect(irmaaTableFor('mfs', { livedApartAllYear: true })).toBe('individual');
    expect(irmaaFor(2026, 'mfs', 150_000, { livedApartAllYear: true }).tier).toBe(2);
    expect(irmaaFor(2026, 'mfs', 150_000).tier).toBe(4);
  });
});

describe('PolicyEngine-US cases (tests/policy/baseline/gov/hhs/medicare/eligibility/*.yaml)', () => {
  // Each case gives an annual amount; ours is monthly x 12.
  const annual = (x: number) => new Dec(x).times(12).toNumber();
  const b = (year: number, status: FilingStatus, magi: number) => {
    const r = irmaaFor(year, status, magi);
    return annual(new Dec(r.part_b_standard_premium).plus(r.part_b_irmaa).toNumber());
  };
  const d = (year: number, status: FilingStatus, magi: number) =>
    annual(irmaaFor(year, status, magi).part_d_irmaa);
  it('medicare_part_b_premium.yaml', () => {
    expect(b(2025, 'qss', 80_000)).toBe(2220); // unit test 1
    expect(b(2025, 'mfj', 266_001)).toBe(4440); // unit test 2
    expect(b(2025, 'single', 500_000)).toBe(7546.8); // unit test 3
    expect(b(2025, 'qss', 106_002)).toBe(3108); // unit test 4
    expect(b(2025, 'mfj', 200_000)).toBe(2220); // unit test 5
    expect(b(2025, 'mfj', 1_000_000)).toBe(7546.8); // unit test 6
    expect(b(2026, 'single', 109_000)).toBe(2434.8); // case 9
    expect(b(2026, 'single', 109_001)).toBe(3409.2); // case 10
    expect(b(2026, 'mfj', 274_001)).toBe(4869.6); // case 11
    expect(b(2026, 'mfs', 200_000)).toBe(7790.4); // case 12
    expect(b(2026, 'mfs', 391_000)).toBe(8278.8); // case 13
  });
  it('income_adjusted_part_d_premium_surcharge.yaml', () => {
    expect(d(2025, 'single', 80_000)).toBe(0); // unit test 1
    expect(d(2025, 'mfj', 266_001)).toBe(423.6); // unit test 2
    expect(d(2024, 'mfs', 397_000)).toBe(972); // unit test 3
    expect(d(2026, 'single', 109_000)).toBe(0); // case 5
    expect(d(2026, 'single', 109_001)).toBe(174); // case 6
    expect(d(2026, 'mfj', 342_001)).toBe(724.8); // case 7
    expect(d(2026, 'mfs', 200_000)).toBe(999.6); // case 8
    expect(d(2026, 'mfs', 391_000)).toBe(1092); // case 9
  });
});

describe('headroom and distance back', () => {
  it('2026 single at 150,000 (tier 2, up to and including 171,000; over 137,000)', () => {
    const r = irmaaFor(2026, 'single', 150_000);
    expect(r.headroom).toBe(21_000); // 171,000 - 150,000: at 171,000 still tier 2
    expect(r.distance_back).toBe(13_000); // 150,000 - 137,000: at 137,000 tier 1
  });
  it('tier 4 ends one cent below the "greater than or equal to" threshold; tier 5 is one cent above the last tier-4 MAGI', () => {
    const r = irmaaFor(2026, 'single', 499_000);
    expect(new Dec(r.headroom!).toDecimalPlaces(2).toNumber()).toBe(999.99);
    const top = irmaaFor(2026, 'single', 500_100);
    expect(new Dec(top.distance_back!).toDecimalPlaces(2).toNumber()).toBe(100.01);
    expect(top.headroom).toBeUndefined();
    expect(irmaaFor(2026, 'single', 50_000).distance_back).toBeUndefined();
  });
});

const years = fc.constantFrom(...irmaaTables.years);
const statuses = fc.constantFrom(...FILING_STATUSES);
const cents = fc.integer({ min: -10_000_000, max: 150_000_000 }).map((c) => c / 100);

describe('properties', () => {
  it('the surcharge never decreases as MAGI rises', () => {
    fc.assert(
      fc.property(years, statuses, cents, cents, (year, status, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const low = irmaaFor(year, status, lo);
        const high = irmaaFor(year, status, hi);
        expect(high.tier).toBeGreaterThanOrEqual(low.tier);
        expect(high.part_b_irmaa).toBeGreaterThanOrEqual(low.part_b_irmaa);
        expect(high.part_d_irmaa).toBeGreaterThanOrEqual(low.part_d_irmaa);
      }),
    );
  });
  it('MAGI + headroom stays in the tier and one cent more reaches the next; MAGI - distance back reaches the previous', () => {
    fc.assert(
      fc.property(years, statuses, cents, (year, status, magi) => {
        const r = irmaaFor(year, status, magi);
        if (r.headroom !== undefined) {
          const edge = new Dec(magi).plus(new Dec(r.headroom).toDecimalPlaces(2)).toNumber();
          expect(irmaaFor(year, status, edge).tier).toBe(r.tier);
          expect(irmaaFor(year, status, new Dec(edge).plus(0.01).toNumber()).tier).toBe(r.next!.tier);
        }
        if (r.distance_back !== undefined) {
          const back = new Dec(magi).minus(new Dec(r.distance_back).toDecimalPlaces(2)).toNumber();
          expect(irmaaFor(year, status, back).tier).toBeLessThan(r.tier);
          expect(irmaaFor(year, status, new Dec(back).plus(0.01).toNumber()).tier).toBe(r.tier);
        }
      }),
    );
  });
});
