import { describe, expect, it } from 'vitest';
import { seniorDeductionApplies } from '../../src/plan/_lib/projection';
import { piecewiseTax, taxPieces } from '../../src/plan/_lib/tax-pieces';
import type { PersonYear, TimelineYear } from '../../src/plan/_lib/types';
import { householdTax } from '../../src/tax/engine';

function person(age: number): PersonYear {
  return { alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined };
}

function yearOf(year: number, filingStatus: 'single' | 'mfj', ages: number[], priceIndex = 1): TimelineYear {
  return {
    index: 0,
    year,
    people: ages.map(person),
    filingStatus,
    spendingFactor: 1,
    growth: 1,
    priceIndex,
    aca: false,
  };
}

const cents = (dollars: number): number => Math.round(dollars * 100);

describe('taxPieces: the federal figures of a plan year (Rev. Proc. 2025-32 for 2026)', () => {
  it('2026 mfj, both 65 or older: 32,200 + 2 x 1,650 (IRC 63(f)) + 2 x 6,000 (IRC 151(d)(5)(C)) = 47,500', () => {
    const p = taxPieces(yearOf(2026, 'mfj', [66, 70]), 0.03);
    expect(p.standardDeduction).toBe(35_500);
    expect(p.seniorDeduction).toBe(12_000);
    expect(p.deduction).toBe(47_500);
    expect(p.brackets.map((b) => b.to)).toEqual([
      24_800,
      100_800,
      211_400,
      403_550,
      512_450,
      768_700,
      Infinity,
    ]);
    expect([p.zeroRateTop, p.fifteenRateTop]).toEqual([98_900, 613_700]);
  });

  it('a single person under 65 has the basic standard deduction only', () => {
    const p = taxPieces(yearOf(2026, 'single', [50]), 0);
    expect([p.standardDeduction, p.seniorDeduction]).toEqual([16_100, 0]);
  });

  it('deflates a table year by its price index: 2026 seen from a 2024 start at 3% inflation', () => {
    const p = taxPieces({ ...yearOf(2026, 'single', [50], 1.03 ** 2), index: 2 }, 0.03);
    expect(p.scale).toBe(1 / 1.03 ** 2);
    expect(p.brackets[1]?.from).toBeCloseTo(12_400 / 1.0609, 9);
  });

  it('projects a year past the last table: 2026 figures indexed at the plan inflation, no senior deduction after 2028', () => {
    // Start 2026, year 2029 at 3%: nominal thresholds 2026 x 1.03^3, deflated by priceIndex 1.03^3.
    const p = taxPieces({ ...yearOf(2029, 'single', [70], 1.03 ** 3), index: 3 }, 0.03);
    expect(p.taxYear).toBe(2026);
    expect(p.scale).toBeCloseTo(1, 12);
    expect(p.standardDeduction).toBeCloseTo(16_100 + 2_050, 6);
    expect(p.seniorDeduction).toBe(0);
    expect(seniorDeductionApplies(2029)).toBe(false);
    expect(seniorDeductionApplies(2025)).toBe(true);
  });
});

describe('piecewiseTax equals the regular tax of householdTax (to the cent)', () => {
  // Each case keeps the MAGI at or under the senior deduction's phase-out start (75,000 single,
  // 150,000 joint), where the pieces' full senior deduction is the return's.
  const cases: {
    name: string;
    status: 'single' | 'mfj';
    ages: number[];
    ordinary: number;
    gains: number;
    tax: number;
  }[] = [
    // 60,000 - 16,100 = 43,900 taxable: 10% x 12,400 + 12% x 31,500 = 1,240 + 3,780
    {
      name: 'single 50, ordinary only',
      status: 'single',
      ages: [50],
      ordinary: 60_000,
      gains: 0,
      tax: 5_020,
    },
    // Deduction 47,500; ordinary taxable 72,500: 2,480 + 12% x 47,700 = 8,204; gains stack to 102,500:
    // 26,400 at 0% under 98,900, 3,600 at 15% = 540
    {
      name: 'mfj 66/70, gains over the 0% top',
      status: 'mfj',
      ages: [66, 70],
      ordinary: 120_000,
      gains: 30_000,
      tax: 8_744,
    },
    // Deduction 24,150 exceeds the ordinary 10,000: the rest offsets gains, 25,850 taxable, all at 0%
    {
      name: 'single 70, deduction left for the gains',
      status: 'single',
      ages: [70],
      ordinary: 10_000,
      gains: 40_000,
      tax: 0,
    },
    // 683,900 ordinary taxable: 1,240 + 4,560 + 12,166 + 23,058 + 17,424 + 134,531.25 (35% of 384,375)
    // + 16,021 (37% of 43,300) = 209,000.25; gains 100,000 all over the 545,500 15% top: 20,000
    {
      name: 'single 50, the 20% band',
      status: 'single',
      ages: [50],
      ordinary: 700_000,
      gains: 100_000,
      tax: 229_000.25,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pieces = taxPieces(yearOf(2026, c.status, c.ages), 0);
      const exact = householdTax({
        tax_year: 2026,
        filing_status: c.status,
        age: c.ages[0],
        spouse_age: c.ages[1],
        ordinary_income: c.ordinary,
        qualified_income: c.gains,
      });
      const tax = cents(piecewiseTax(pieces, c.ordinary, c.gains));
      expect(tax).toBe(Math.round(c.tax * 100));
      expect(tax).toBe(exact.regular_tax.times(100).toNumber());
    });
  }
});
