import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng, uniform, uniformOpen } from '../../src/rng';

/** A stand-in generator that always returns the same word. */
const constant = (word: number): Rng => ({
  next: () => word,
  clone: () => constant(word),
  getState: () => [word, word, word, word],
});

describe('uniform', () => {
  it('is k / 2^53 with k = (a >>> 5) * 2^26 + (b >>> 6) from two successive outputs', () => {
    const rng = createRng(42);
    const copy = rng.clone();
    const a = copy.next();
    const b = copy.next();
    expect(uniform(rng)).toBe(((a >>> 5) * 2 ** 26 + (b >>> 6)) / 2 ** 53);
    expect(rng.getState()).toEqual(copy.getState());
  });

  it('spans [0, 1) exactly at the extremes', () => {
    expect(uniform(constant(0))).toBe(0);
    expect(uniform(constant(0xffffffff))).toBe(1 - 2 ** -53);
  });

  it('is in [0, 1) and a multiple of 2^-53 (property over seeds)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (seed) => {
        const rng = createRng(seed);
        for (let i = 0; i < 64; i++) {
          const x = uniform(rng);
          expect(x >= 0 && x < 1).toBe(true);
          expect(Number.isInteger(x * 2 ** 53)).toBe(true);
        }
      }),
    );
  });

  it('has mean 1/2 and variance 1/12 over 1e6 draws', () => {
    const rng = createRng(7);
    const n = 1_000_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const x = uniform(rng);
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / n;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.0015); // SE = 0.00029
    expect(Math.abs(sumSq / n - mean * mean - 1 / 12)).toBeLessThan(0.0005); // SE = 0.000075
  });
});

describe('uniformOpen', () => {
  it('is (floor(k / 2) + 0.5) / 2^52 for the same 53-bit k as uniform', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (seed) => {
        const k = uniform(createRng(seed)) * 2 ** 53;
        expect(uniformOpen(createRng(seed))).toBe((Math.floor(k / 2) + 0.5) / 2 ** 52);
      }),
    );
  });

  it('stays strictly inside (0, 1) at the extremes', () => {
    expect(uniformOpen(constant(0))).toBe(2 ** -53);
    expect(uniformOpen(constant(0xffffffff))).toBe(1 - 2 ** -53);
    // Why not (k + 0.5) / 2^53: for the largest k that rounds to exactly 1.
    expect((2 ** 53 - 1 + 0.5) / 2 ** 53).toBe(1);
  });

  it('is in (0, 1), symmetric grid: 1 - u is exact and also on the grid (property over seeds)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (seed) => {
        const rng = createRng(seed);
        for (let i = 0; i < 64; i++) {
          const x = uniformOpen(rng);
          expect(x > 0 && x < 1).toBe(true);
          expect(Number.isInteger(x * 2 ** 52 - 0.5)).toBe(true);
          expect(Number.isInteger((1 - x) * 2 ** 52 - 0.5)).toBe(true);
        }
      }),
    );
  });

  it('consumes exactly two outputs', () => {
    const rng = createRng(3);
    const ref = rng.clone();
    for (let i = 0; i < 10; i++) uniformOpen(rng);
    for (let i = 0; i < 20; i++) ref.next();
    expect(rng.getState()).toEqual(ref.getState());
  });
});
