import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { type AssetLocationInput, afterTaxMultiple, assetLocation } from '../../src/tax/asset-location';

const ACCOUNTS = ['taxable', 'tax_deferred', 'tax_free'] as const;
const rates = { ordinary: 0.24, ltcg: 0.15, withdrawal: 0.24 };
const stock = { expected_return: 0.07, yield: 0, qualified_share_of_yield: 0, turnover: 0 };

describe('tax/asset-location: after-tax multiples by hand', () => {
  it('growth stock, 10 years: Roth 1.07^10; deferred less 24%; taxable gain taxed once at 15%', () => {
    const g = 1.07 ** 10; // 1.967151
    expect(afterTaxMultiple(stock, 'tax_free', rates, 10)).toBeCloseTo(g, 12);
    expect(afterTaxMultiple(stock, 'tax_deferred', rates, 10)).toBeCloseTo(g * 0.76, 12); // 1.495035
    expect(afterTaxMultiple(stock, 'taxable', rates, 10)).toBeCloseTo(1 + (g - 1) * 0.85, 12); // 1.822079
    // basis step-up: no final tax
    expect(afterTaxMultiple(stock, 'taxable', rates, 10, false)).toBeCloseTo(g, 12);
  });
  it('bond paying 4% ordinary income at 30%: compounds at 2.8% in a taxable account, no gain left at the end', () => {
    const bond = { expected_return: 0.04, yield: 0.04, qualified_share_of_yield: 0, turnover: 0 };
    expect(afterTaxMultiple(bond, 'taxable', { ordinary: 0.3, ltcg: 0.15, withdrawal: 0.3 }, 10)).toBeCloseTo(
      1.028 ** 10,
      12,
    );
  });
  it('full turnover at 20%: compounds at 8% x 0.8', () => {
    const trader = { expected_return: 0.08, yield: 0, qualified_share_of_yield: 0, turnover: 1 };
    expect(
      afterTaxMultiple(trader, 'taxable', { ordinary: 0.37, ltcg: 0.2, withdrawal: 0.37 }, 15),
    ).toBeCloseTo(1.064 ** 15, 12);
  });
  it('qualified dividends at the long-term rate', () => {
    const dividend = { expected_return: 0.03, yield: 0.03, qualified_share_of_yield: 1, turnover: 0 };
    expect(afterTaxMultiple(dividend, 'taxable', rates, 5)).toBeCloseTo((1 + 0.03 * 0.85) ** 5, 12);
  });
});

describe('tax/asset-location: placements', () => {
  it('bonds go to the tax-deferred account, stocks to the taxable one (docs/tax.md example)', () => {
    const r = assetLocation({
      taxable_balance: 500_000,
      tax_deferred_balance: 500_000,
      tax_free_balance: 0,
      horizon_years: 20,
      ordinary_rate: 0.32,
      ltcg_rate: 0.15,
      assets: [
        { name: 'stocks', weight: 0.5, expected_return: 0.07, yield: 0.015, qualified_share_of_yield: 1 },
        { name: 'bonds', weight: 0.5, expected_return: 0.045, yield: 0.045 },
      ],
    }).result;
    expect(r.placements.map((p) => [p.name, p.taxable, p.tax_deferred, p.tax_free])).toEqual([
      ['stocks', 500000, 0, 0],
      ['bonds', 0, 500000, 0],
    ]);
    expect(r.gain_over_pro_rata).toBeGreaterThan(0);
    expect(r.gain_over_pro_rata).toBe(
      new Dec(r.after_tax_wealth).minus(r.pro_rata_after_tax_wealth).toNumber(),
    );
  });

  it('the highest-return asset goes to the Roth (a deferred dollar is a Roth dollar times 1 - withdrawal rate)', () => {
    const r = assetLocation({
      taxable_balance: 0,
      tax_deferred_balance: 300_000,
      tax_free_balance: 100_000,
      horizon_years: 25,
      ordinary_rate: 0.24,
      ltcg_rate: 0.15,
      assets: [
        { name: 'bonds', weight: 0.75, expected_return: 0.04, yield: 0.04 },
        { name: 'small value', weight: 0.25, expected_return: 0.09, yield: 0.02 },
      ],
    }).result;
    expect(r.placements[1]).toMatchObject({ tax_free: 100000, tax_deferred: 0 });
    expect(r.placements[0]).toMatchObject({ tax_free: 0, tax_deferred: 300000 });
  });

  it('identical assets: no gain over pro rata; weights are normalized', () => {
    const asset = {
      weight: 2,
      expected_return: 0.06,
      yield: 0.02,
      qualified_share_of_yield: 0.5,
      turnover: 0.1,
    };
    const r = assetLocation({
      taxable_balance: 123_456.78,
      tax_deferred_balance: 50_000,
      tax_free_balance: 10_000,
      horizon_years: 30,
      ordinary_rate: 0.22,
      ltcg_rate: 0.15,
      assets: [
        { name: 'a', ...asset },
        { name: 'b', ...asset },
      ],
    }).result;
    expect(r.gain_over_pro_rata).toBe(0);
    expect(r.placements.map((p) => p.target_amount)).toEqual([91728.39, 91728.39]);
  });
});

/** Best objective over the vertices of the transportation polytope: every basis of n + 2 cells. */
function bruteForce(values: number[][], supply: number[], demand: number[]): number {
  const n = demand.length;
  const cells: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) cells.push([i, a]);
  let best = Number.NEGATIVE_INFINITY;
  const choose = (start: number, picked: number[]) => {
    if (picked.length === n + 2) {
      // equations: 3 account sums + n asset sums, unknowns: the picked cells
      const rows = [
        ...[0, 1, 2].map((a) => [...picked.map((c) => (cells[c]![1] === a ? 1 : 0)), supply[a]!]),
        ...demand.map((d, i) => [...picked.map((c) => (cells[c]![0] === i ? 1 : 0)), d]),
      ];
      const m = picked.length;
      let r = 0;
      const pivots: number[] = [];
      for (let col = 0; col < m && r < rows.length; col++) {
        let p = r;
        while (p < rows.length && Math.abs(rows[p]![col]!) < 1e-12) p++;
        if (p === rows.length) continue;
        [rows[r], rows[p]] = [rows[p]!, rows[r]!];
        const pivot = rows[r]![col]!;
        rows[r] = rows[r]!.map((x) => x / pivot);
        for (let k = 0; k < rows.length; k++) {
          if (k !== r) {
            const f = rows[k]![col]!;
            rows[k] = rows[k]!.map((x, j) => x - f * rows[r]![j]!);
          }
        }
        pivots.push(col);
        r++;
      }
      if (pivots.length < m) return; // singular: not a basis
      if (rows.slice(r).some((row) => Math.abs(row[m]!) > 1e-6)) return; // inconsistent
      const x = new Array<number>(m).fill(0);
      pivots.forEach((col, k) => {
        x[col] = rows[k]![m]!;
      });
      if (x.some((v) => v < -1e-6)) return;
      best = Math.max(
        best,
        x.reduce((s, v, k) => s + v * values[cells[picked[k]!]![0]]![cells[picked[k]!]![1]]!, 0),
      );
      return;
    }
    for (let c = start; c < cells.length; c++) choose(c + 1, [...picked, c]);
  };
  choose(0, []);
  return best;
}

const assetArb = fc.record({
  weight: fc.double({ min: 0.05, max: 1, noNaN: true }),
  expected_return: fc.double({ min: -0.1, max: 0.12, noNaN: true }),
  yield: fc.double({ min: 0, max: 0.06, noNaN: true }),
  qualified_share_of_yield: fc.double({ min: 0, max: 1, noNaN: true }),
  turnover: fc.double({ min: 0, max: 0.5, noNaN: true }),
});

describe('tax/asset-location: exact against brute force', () => {
  it('the min-cost-flow placement matches the best vertex of the LP (2-4 assets)', () => {
    fc.assert(
      fc.property(
        fc.array(assetArb, { minLength: 2, maxLength: 4 }),
        fc.tuple(
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.integer({ min: 0, max: 1_000_000 }),
        ),
        fc.double({ min: 0, max: 0.45, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (assets, [t, d, f], ordinary_rate, ltcg_rate, horizon_years) => {
          fc.pre(t + d + f > 0);
          const input: AssetLocationInput = {
            taxable_balance: t,
            tax_deferred_balance: d,
            tax_free_balance: f,
            ordinary_rate,
            ltcg_rate,
            horizon_years,
            assets: assets.map((a, i) => ({ name: `a${i}`, ...a })),
          };
          const r = assetLocation(input).result;
          const rr = { ordinary: ordinary_rate, ltcg: ltcg_rate, withdrawal: ordinary_rate };
          const values = assets.map((a) =>
            ACCOUNTS.map((acc) => afterTaxMultiple(a, acc, rr, horizon_years)),
          );
          const total = t + d + f;
          const wsum = assets.reduce((s, a) => s + a.weight, 0);
          const best = bruteForce(
            values,
            [t, d, f],
            assets.map((a) => (a.weight / wsum) * total),
          );
          const scale = Math.max(...values.flat());
          expect(Math.abs(r.after_tax_wealth - best)).toBeLessThanOrEqual(
            0.02 * assets.length * scale + 0.01,
          );
          // every account filled, every target met
          for (const [k, acc] of ACCOUNTS.entries()) {
            expect(r.placements.reduce((s, p) => s.plus(p[acc]), new Dec(0)).toNumber()).toBe([t, d, f][k]);
          }
          for (const p of r.placements) {
            expect(new Dec(p.taxable).plus(p.tax_deferred).plus(p.tax_free).toNumber()).toBe(p.target_amount);
          }
          expect(r.gain_over_pro_rata).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('tax/asset-location: contract', () => {
  const input: AssetLocationInput = {
    taxable_balance: 100_000,
    tax_deferred_balance: 100_000,
    tax_free_balance: 50_000,
    ordinary_rate: 0.24,
    ltcg_rate: 0.15,
    horizon_years: 15,
    assets: [
      { name: 'stocks', weight: 0.6, expected_return: 0.07, yield: 0.015, qualified_share_of_yield: 0.9 },
      { name: 'bonds', weight: 0.4, expected_return: 0.04, yield: 0.04 },
    ],
  };
  it('golden result_id', () => {
    expect(assetLocation(input).result_id).toBe('aloc_59a0008860f40695');
  });
  it('bad input names the field', () => {
    try {
      assetLocation.run({ ...input, assets: [{ ...input.assets[0], weight: 0 }] });
      throw new Error('expected a CalculationError');
    } catch (error) {
      expect(isCalculationError(error) && error.issues[0]?.path).toBe('assets');
    }
    try {
      assetLocation.run({ ...input, assets: [{ ...input.assets[0], yield: 0.5 }] });
      throw new Error('expected a CalculationError');
    } catch (error) {
      expect(isCalculationError(error) && error.issues[0]?.path).toBe('assets[0].yield');
    }
  });
});
