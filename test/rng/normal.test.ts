import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, inverseNormalCdf, normal, uniformOpen } from '../../src/rng';
import quantiles from './fixtures/normal-quantiles.json';
import { ulpDistance } from './ulp';

describe('inverseNormalCdf (Wichura AS 241)', () => {
  it('matches well-known quantiles', () => {
    // 1.959963984540054: the 97.5% point of N(0, 1) to 16 digits (Wikipedia, "1.96"); the exact
    // quantile of the double 0.975 is 1.95996398454005385... (mpmath, 60 digits).
    // -6.361340902404056: the 1e-10 quantile as given in the brief; mpmath (60 digits) gives
    // -6.36134090240405620 for the double 1e-10.
    expect(inverseNormalCdf(0.5)).toBe(0);
    expect(inverseNormalCdf(0.975)).toBeCloseTo(1.959963984540054, 15);
    expect(inverseNormalCdf(0.025)).toBeCloseTo(-1.959963984540054, 15);
    expect(inverseNormalCdf(1e-10)).toBeCloseTo(-6.361340902404056, 14);
    // The classical 9-decimal percentage points (Abramowitz & Stegun, ch. 26): 0.95 -> 1.644853627,
    // 0.99 -> 2.326347874, 0.999 -> 3.090232306.
    expect(inverseNormalCdf(0.95)).toBeCloseTo(1.644853627, 9);
    expect(inverseNormalCdf(0.99)).toBeCloseTo(2.326347874, 9);
    expect(inverseNormalCdf(0.999)).toBeCloseTo(3.090232306, 9);
  });

  it('is within 4 ulp of the exact quantile (mpmath, 60 digits) at 620 probabilities from 1e-300 to 1 - 1e-15', () => {
    // Fixture: test/rng/fixtures/normal-quantiles.json, see its generated_by. 4 ulp is the largest
    // error AS 241's double-precision rational evaluation shows there (about 9e-16 relative).
    let max = 0;
    let worst = Number.NaN;
    for (const [p, z] of [...quantiles.named, ...quantiles.sample] as Array<[number, number]>) {
      const d = ulpDistance(inverseNormalCdf(p), z);
      if (d > max) {
        max = d;
        worst = p;
      }
    }
    expect(max, `worst p = ${worst}`).toBeLessThanOrEqual(4);
  });

  it('handles the edges of its domain', () => {
    expect(inverseNormalCdf(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(inverseNormalCdf(1)).toBe(Number.POSITIVE_INFINITY);
    expect(inverseNormalCdf(-0.1)).toBeNaN();
    expect(inverseNormalCdf(1.1)).toBeNaN();
    expect(inverseNormalCdf(Number.NaN)).toBeNaN();
    expect(inverseNormalCdf(5e-324)).toBeCloseTo(-38.4674, 3);
    expect(inverseNormalCdf(2 ** -53)).toBeCloseTo(-8.2095361516, 9);
  });

  it('is exactly antisymmetric on the uniformOpen grid: z(1 - p) = -z(p)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 27 - 1 }),
        fc.integer({ min: 0, max: 2 ** 25 - 1 }),
        (a, b) => {
          const p = (a * 2 ** 25 + b + 0.5) / 2 ** 52;
          expect(inverseNormalCdf(1 - p)).toBe(-inverseNormalCdf(p));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is antisymmetric to rounding for any p: |z(1 - p) + z(p)| is tiny', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (p) => {
        const z = inverseNormalCdf(p);
        // 1 - p is rounded when p < 0.5; its rounding moves the quantile by at most ulp(1)/phi(z).
        const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
        expect(Math.abs(inverseNormalCdf(1 - p) + z)).toBeLessThanOrEqual(
          2e-16 / density + 4e-15 * Math.abs(z),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('is non-decreasing along a fine grid through both branch points', () => {
    let prev = Number.NEGATIVE_INFINITY;
    for (let i = 1; i < 200_000; i++) {
      const p = i / 200_000;
      const z = inverseNormalCdf(p);
      expect(z >= prev).toBe(true);
      prev = z;
    }
    for (const split of [0.075, 0.925]) {
      for (let k = -2000; k <= 2000; k++) {
        const p = split + k * 2 ** -52;
        expect(inverseNormalCdf(p + 2 ** -52) >= inverseNormalCdf(p)).toBe(true);
      }
    }
  });
});

describe('normal', () => {
  it('is inverseNormalCdf(uniformOpen(rng)) and consumes exactly two outputs', () => {
    const rng = createRng(99);
    const copy = rng.clone();
    for (let i = 0; i < 1000; i++) expect(normal(rng)).toBe(inverseNormalCdf(uniformOpen(copy)));
    const ref = createRng(99);
    for (let i = 0; i < 2000; i++) ref.next();
    expect(rng.getState()).toEqual(ref.getState());
  });

  it('has mean 0 and standard deviation 1 within 0.005 over 1e6 draws', () => {
    // Seed 1, fixed before looking at the result. SE of the mean 0.001, of the sd 0.0007.
    const rng = createRng(1);
    const n = 1_000_000;
    let sum = 0;
    let sumSq = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const z = normal(rng);
      sum += z;
      sumSq += z * z;
      if (z < min) min = z;
      if (z > max) max = z;
    }
    const mean = sum / n;
    const sd = Math.sqrt((sumSq - n * mean * mean) / (n - 1));
    expect(Math.abs(mean)).toBeLessThan(0.005);
    expect(Math.abs(sd - 1)).toBeLessThan(0.005);
    expect(min).toBeGreaterThanOrEqual(-8.21);
    expect(max).toBeLessThanOrEqual(8.21);
  });

  it('puts the right mass in the tails (1e6 draws)', () => {
    const rng = createRng(2);
    const n = 1_000_000;
    let below = 0;
    let farAbove = 0;
    for (let i = 0; i < n; i++) {
      const z = normal(rng);
      if (z < -1.959963984540054) below++;
      if (z > 3.090232306167813) farAbove++;
    }
    expect(Math.abs(below / n - 0.025)).toBeLessThan(0.0008); // SE 0.000156
    expect(Math.abs(farAbove / n - 0.001)).toBeLessThan(0.00015); // SE 0.0000316
  });
});
