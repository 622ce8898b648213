import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { federalTable, SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import {
  bracketFills,
  bracketIndex,
  bracketSchedule,
  marginalOrdinaryRate,
  ordinaryTax,
} from '../../src/tax/ordinary-tax';

const tax = (year: number, status: FilingStatus, income: number) =>
  ordinaryTax(bracketSchedule(federalTable(year), status), income).toNumber();

/** The tax on exactly each threshold equals the base amount the Rev. Proc. prints for that row. */
function expectBases(year: number, statuses: FilingStatus[], thresholds: number[], bases: number[]) {
  for (const status of statuses) {
    for (const [i, threshold] of thresholds.entries()) expect(tax(year, status, threshold)).toBe(bases[i]);
  }
}

describe('ordinary tax: the base amounts printed in the Rev. Proc. rate tables', () => {
  // Each row of a Rev. Proc. table reads "Over $Y ... $X plus r% of the excess over $Y": X is the tax on
  // exactly Y. The engine builds X from the thresholds and rates alone, so matching the printed X checks
  // the thresholds, the rates and the arithmetic at once.
  it('2024, Rev. Proc. 2023-34 §3.01 Tables 1-4', () => {
    // Table 1 (mfj, qss): $2,320 / $10,852 / $34,337 / $78,221 / $111,357 / $196,669.50.
    expectBases(
      2024,
      ['mfj', 'qss'],
      [23200, 94300, 201050, 383900, 487450, 731200],
      [2320, 10852, 34337, 78221, 111357, 196669.5],
    );
    // Table 2 (hoh): $1,655 / $7,241 / $15,469 / $37,417 / $53,977 / $181,954.50.
    expectBases(
      2024,
      ['hoh'],
      [16550, 63100, 100500, 191950, 243700, 609350],
      [1655, 7241, 15469, 37417, 53977, 181954.5],
    );
    // Table 3 (single): $1,160 / $5,426 / $17,168.50 / $39,110.50 / $55,678.50 / $183,647.25.
    expectBases(
      2024,
      ['single'],
      [11600, 47150, 100525, 191950, 243725, 609350],
      [1160, 5426, 17168.5, 39110.5, 55678.5, 183647.25],
    );
    // Table 4 (mfs): "$98,334.75 plus 37% of the excess over $365,600".
    expectBases(2024, ['mfs'], [365600], [98334.75]);
  });

  it('2025, Rev. Proc. 2024-40 §2.01 Tables 1-4', () => {
    // Table 1: $2,385 / $11,157 / $35,302 / $80,398 / $114,462 / $202,154.50.
    expectBases(
      2025,
      ['mfj', 'qss'],
      [23850, 96950, 206700, 394600, 501050, 751600],
      [2385, 11157, 35302, 80398, 114462, 202154.5],
    );
    // Table 2: $1,700 / $7,442 / $15,912 / $38,460 / $55,484 / $187,031.50.
    expectBases(
      2025,
      ['hoh'],
      [17000, 64850, 103350, 197300, 250500, 626350],
      [1700, 7442, 15912, 38460, 55484, 187031.5],
    );
    // Table 3: $1,192.50 / $5,578.50 / $17,651 / $40,199 / $57,231 / $188,769.75.
    expectBases(
      2025,
      ['single'],
      [11925, 48475, 103350, 197300, 250525, 626350],
      [1192.5, 5578.5, 17651, 40199, 57231, 188769.75],
    );
    // Table 4: as Table 3 to $250,525, then "$101,077.25 plus 37% of the excess over $375,800".
    expectBases(2025, ['mfs'], [250525, 375800], [57231, 101077.25]);
  });

  it('2026, Rev. Proc. 2025-32 §4.01 Tables 1-4 (corrected Oct. 17, 2025 text)', () => {
    // 37% rows: mfj "$206,583.50 ... over $768,700"; hoh "$191,171 ... over $640,600";
    // single "$192,979.25 ... over $640,600"; mfs "$103,291.75 ... over $384,350".
    expect(tax(2026, 'mfj', 768700)).toBe(206583.5);
    expect(tax(2026, 'qss', 768700)).toBe(206583.5);
    expect(tax(2026, 'hoh', 640600)).toBe(191171);
    expect(tax(2026, 'single', 640600)).toBe(192979.25);
    expect(tax(2026, 'mfs', 384350)).toBe(103291.75);
    // Table 4's 24% row: "$17,966 plus 24% of the excess over $105,700" (the first release misprinted
    // $17,996; data/tax/README.md): 1,240 + 12% x 38,000 + 22% x 55,300 = 17,966.
    expect(tax(2026, 'mfs', 105700)).toBe(17966);
  });
});

describe('ordinary tax: hand calculations at 150,000 of taxable income', () => {
  // Each: the brackets filled, rate x amount, summed (tables as cited above).
  const cases: [number, FilingStatus, number][] = [
    // 10% x 11,600 + 12% x 35,550 + 22% x 53,375 + 24% x 49,475 = 1,160 + 4,266 + 11,742.50 + 11,874
    [2024, 'single', 29042.5],
    // 10% x 23,200 + 12% x 71,100 + 22% x 55,700 = 2,320 + 8,532 + 12,254
    [2024, 'mfj', 23106],
    [2024, 'qss', 23106],
    [2024, 'mfs', 29042.5],
    // 10% x 16,550 + 12% x 46,550 + 22% x 37,400 + 24% x 49,500 = 1,655 + 5,586 + 8,228 + 11,880
    [2024, 'hoh', 27349],
    // 10% x 11,925 + 12% x 36,550 + 22% x 54,875 + 24% x 46,650 = 1,192.50 + 4,386 + 12,072.50 + 11,196
    [2025, 'single', 28847],
    [2025, 'mfs', 28847],
    // 10% x 23,850 + 12% x 73,100 + 22% x 53,050 = 2,385 + 8,772 + 11,671
    [2025, 'mfj', 22828],
    [2025, 'qss', 22828],
    // 10% x 17,000 + 12% x 47,850 + 22% x 38,500 + 24% x 46,650 = 1,700 + 5,742 + 8,470 + 11,196
    [2025, 'hoh', 27108],
    // 10% x 12,400 + 12% x 38,000 + 22% x 55,300 + 24% x 44,300 = 1,240 + 4,560 + 12,166 + 10,632
    [2026, 'single', 28598],
    [2026, 'mfs', 28598],
    // 10% x 24,800 + 12% x 76,000 + 22% x 49,200 = 2,480 + 9,120 + 10,824
    [2026, 'mfj', 22424],
    [2026, 'qss', 22424],
    // 10% x 17,700 + 12% x 49,750 + 22% x 38,250 + 24% x 44,300 = 1,770 + 5,970 + 8,415 + 10,632
    [2026, 'hoh', 26787],
  ];
  it.each(cases)('%i %s', (year, status, expected) => {
    expect(tax(year, status, 150_000)).toBe(expected);
  });
});

describe('ordinary tax: bracket edges ("Over X but not over Y")', () => {
  it('hand examples: exactly at a bracket top, and one dollar above', () => {
    // 2025 single, top of 10%: 10% x 11,925 = 1,192.50; one more dollar at 12%: 1,192.62.
    expect(tax(2025, 'single', 11925)).toBe(1192.5);
    expect(tax(2025, 'single', 11926)).toBe(1192.62);
    // 2024 mfj, top of 12%: $10,852; +1 at 22%: 10,852.22.
    expect(tax(2024, 'mfj', 94300)).toBe(10852);
    expect(tax(2024, 'mfj', 94301)).toBe(10852.22);
    // 2026 hoh, top of 10%: 1,770; +1 at 12%.
    expect(tax(2026, 'hoh', 17700)).toBe(1770);
    expect(tax(2026, 'hoh', 17701)).toBe(1770.12);
    // 2025 single, into 37%: 188,769.75 + 0.37.
    expect(tax(2025, 'single', 626351)).toBe(188770.12);
  });

  it('at every threshold of every table: the dollar below is at the lower rate, the dollar above at the higher', () => {
    for (const year of SUPPORTED_TAX_YEARS) {
      for (const status of FILING_STATUSES) {
        const s = bracketSchedule(federalTable(year), status);
        for (let k = 1; k < s.thresholds.length; k++) {
          const t = s.thresholds[k] as number;
          const at = ordinaryTax(s, t);
          expect(
            ordinaryTax(s, t + 1)
              .minus(at)
              .toNumber(),
          ).toBe(s.rates[k]);
          expect(at.minus(ordinaryTax(s, t - 1)).toNumber()).toBe(s.rates[k - 1]);
          expect(marginalOrdinaryRate(s, t)).toBe(s.rates[k]);
          expect(marginalOrdinaryRate(s, t - 1)).toBe(s.rates[k - 1]);
          expect(bracketIndex(s, t)).toBe(k);
        }
      }
    }
  });

  it('zero or negative income owes nothing', () => {
    const s = bracketSchedule(federalTable(2025), 'single');
    expect(ordinaryTax(s, 0).toNumber()).toBe(0);
    expect(ordinaryTax(s, -5).toNumber()).toBe(0);
  });

  it('cent-exact: a half-cent of tax is kept exactly (0.1 x 0.05)', () => {
    expect(ordinaryTax(bracketSchedule(federalTable(2025), 'single'), 0.05).toString()).toBe('0.005');
  });
});

const year = fc.constantFrom(...SUPPORTED_TAX_YEARS);
const status = fc.constantFrom(...FILING_STATUSES);
const cents = fc.integer({ min: 0, max: 200_000_000 }).map((c) => c / 100);

describe('ordinary tax: properties', () => {
  it('never decreases as income rises', () => {
    fc.assert(
      fc.property(year, status, cents, cents, (y, st, a, b) => {
        const s = bracketSchedule(federalTable(y), st);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(ordinaryTax(s, hi).gte(ordinaryTax(s, lo))).toBe(true);
      }),
    );
  });

  it('inside a bracket, one more dollar costs exactly the bracket rate (the marginal rate)', () => {
    fc.assert(
      fc.property(
        year,
        status,
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (y, st, k, u) => {
          const s = bracketSchedule(federalTable(y), st);
          const from = s.thresholds[k] as number;
          const to = s.thresholds[k + 1] ?? from + 1_000_000;
          const x = Math.round((from + u * (to - 1 - from)) * 100) / 100;
          expect(
            ordinaryTax(s, x + 1)
              .minus(ordinaryTax(s, x))
              .toNumber(),
          ).toBe(s.rates[k]);
          expect(marginalOrdinaryRate(s, x)).toBe(s.rates[k]);
        },
      ),
    );
  });

  it('the bracket fills add up to the income and their taxes to the tax', () => {
    fc.assert(
      fc.property(year, status, cents, (y, st, x) => {
        const s = bracketSchedule(federalTable(y), st);
        const rows = bracketFills(s, x);
        const amount = rows.reduce((sum, r) => sum.plus(r.taxed_amount), new Dec(0));
        const total = rows.reduce((sum, r) => sum.plus(r.tax), new Dec(0));
        expect(amount.toNumber()).toBe(x);
        expect(total.eq(ordinaryTax(s, x))).toBe(true);
      }),
    );
  });
});
