// The simulation module: type-7 quantiles (numpy's default), the multiselect that computes them without
// a full sort, year-by-year bands, and the path driver's fixed draw order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearlyBands } from '../../src/core/simulation/bands';
import { createPathDriver } from '../../src/core/simulation/paths';
import { quantile, quantiles, STANDARD_PERCENTILES } from '../../src/core/simulation/quantile';
import { normal } from '../../src/rng/normal';
import { grossReturn, returnModel } from '../../src/rng/return-model';
import { createRng } from '../../src/rng/xoshiro128';

describe('quantile (Hyndman and Fan type 7)', () => {
  it('interpolates linearly between order statistics, as numpy.percentile does', () => {
    expect(quantile(Float64Array.of(1, 2, 3, 4), 0.5)).toBe(2.5);
    expect(quantile(Float64Array.of(1, 2, 3, 4, 5), 0.25)).toBe(2);
    // numpy.percentile([10, 20, 30, 40], 5) = 11.5 (h = 3 x 0.05 = 0.15: 10 + 0.15 x 10); 95 -> 38.5
    expect(quantile(Float64Array.of(10, 20, 30, 40), 0.05)).toBeCloseTo(11.5, 12);
    expect(quantile(Float64Array.of(10, 20, 30, 40), 0.95)).toBeCloseTo(38.5, 12);
    expect(quantile(Float64Array.of(7), 0.95)).toBe(7);
  });
});

describe('quantiles (multiselect)', () => {
  it('returns the values in the order of qs', () => {
    expect(quantiles(Float64Array.of(5, 1, 4, 2, 3), [1, 0, 0.5, 0.25])).toEqual([5, 1, 3, 2]);
  });
  it('equals sorting then interpolating, for any values (duplicates included) and any qs', () => {
    const values = fc.array(
      fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, min: -1e9, max: 1e9 })),
      {
        minLength: 1,
        maxLength: 300,
      },
    );
    const qs = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(values, qs, (list, probabilities) => {
        const sorted = Float64Array.from(list).sort();
        // -0 and 0 are one value: which of them lands at a rank among equal keys is not defined.
        const expected = probabilities.map((q) => quantile(sorted, q) + 0);
        expect(quantiles(Float64Array.from(list), probabilities).map((v) => v + 0)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
  it('equals sorting on long columns: heavy ties (the zeros of depleted paths), sorted, reversed, organ-pipe, all equal', () => {
    const n = 20_000;
    const columns: [string, (i: number) => number][] = [
      ['ties', (i) => (i % 3 === 0 ? 0 : ((i * 7919) % 1000) / 7)],
      ['sorted', (i) => i],
      ['reversed', (i) => n - i],
      ['organ pipe', (i) => Math.min(i, n - i)],
      ['all equal', () => 42],
      ['sawtooth', (i) => i % 17],
    ];
    for (const [, value] of columns) {
      const column = Float64Array.from({ length: n }, (_, i) => value(i));
      const sorted = column.slice().sort();
      const expected = STANDARD_PERCENTILES.map((q) => quantile(sorted, q));
      expect(quantiles(column, STANDARD_PERCENTILES)).toEqual(expected);
    }
  });
  it('equals sorting on long arrays, where pivots are aimed at the wanted ranks (ties, runs, spikes)', () => {
    // Ranges of 256 values or more take a pivot aimed from a sample (pivotNear); these lengths keep that
    // path in use through several rounds, with values from a few distinct ones (long runs of ties) to
    // all distinct, and any percentiles.
    const values = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    const column = fc.tuple(
      fc.array(values, { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 256, max: 3000 }),
    );
    const qs = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(column, qs, fc.integer({ min: 1, max: 2 ** 31 - 1 }), ([pool, n], probabilities, seed) => {
        let state = seed;
        const list = Float64Array.from({ length: n }, () => {
          state = (state * 48271) % 2147483647;
          return pool[state % pool.length] as number;
        });
        const sorted = list.slice().sort();
        const expected = probabilities.map((q) => quantile(sorted, q) + 0);
        expect(quantiles(list, probabilities).map((v) => v + 0)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
  it('refuses an empty list', () => {
    expect(() => quantiles(new Float64Array(0), [0.5])).toThrow(RangeError);
  });
});

describe('yearlyBands', () => {
  it('takes the quantiles of each step across paths (values stored step-major)', () => {
    expect(yearlyBands(Float64Array.of(3, 1, 2, 6, 4, 5), 3, [0, 0.5, 1])).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });
  it('agrees with a sort of each column, and the bands are ordered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        (paths, steps, seed) => {
          const rng = createRng(seed >>> 0);
          const values = Float64Array.from({ length: paths * steps }, () => normal(rng));
          const bands = yearlyBands(values.slice(), paths, STANDARD_PERCENTILES);
          for (let t = 0; t < steps; t++) {
            const column = values.slice(t * paths, (t + 1) * paths).sort();
            expect(bands[t]).toEqual(STANDARD_PERCENTILES.map((q) => quantile(column, q)));
            for (let k = 1; k < STANDARD_PERCENTILES.length; k++) {
              expect(bands[t]![k]!).toBeGreaterThanOrEqual(bands[t]![k - 1]!);
            }
          }
        },
      ),
    );
  });
  it('refuses values that are not whole steps', () => {
    expect(() => yearlyBands(new Float64Array(5), 2, [0.5])).toThrow(RangeError);
  });
});

describe('createPathDriver', () => {
  it('draws path after path, step after step, from one generator (the documented order)', () => {
    const driver = createPathDriver({
      seed: 7,
      expectedReturn: 0.07,
      returnVolatility: 0.15,
      periodsPerYear: 12,
      steps: 4,
    });
    const rng = createRng(7);
    const model = returnModel(0.07, 0.15, 12);
    for (let p = 0; p < 3; p++) {
      const path = Array.from(driver.next());
      expect(path).toEqual(Array.from({ length: 4 }, () => grossReturn(model, normal(rng))));
    }
  });
  it('with zero volatility every step grows by the same exp(m)', () => {
    const driver = createPathDriver({
      seed: 1,
      expectedReturn: 0.05,
      returnVolatility: 0,
      periodsPerYear: 1,
      steps: 5,
    });
    const path = Array.from(driver.next());
    expect(new Set(path).size).toBe(1);
    expect(path[0]).toBeCloseTo(1.05, 15);
  });
});
