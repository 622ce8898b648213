import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng, rngFromState } from '../../src/rng';
import { fmix32, SPLITMIX32_GAMMA, splitmix32 } from '../../src/rng/splitmix32';
import { NONZERO_FALLBACK_STATE, nonZeroState, reduceSeed, seedState } from '../../src/rng/xoshiro128';
import vectors from './fixtures/reference-vectors.json';

function take(rng: Rng, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rng.next());
  return out;
}

describe('splitmix32 (reference vectors from the C program)', () => {
  it.each(vectors.splitmix32)('seed $seed: first 8 outputs', ({ seed, outputs }) => {
    let state = seed;
    const got: number[] = [];
    for (let i = 0; i < outputs.length; i++) {
      const [next, out] = splitmix32(state);
      state = next;
      got.push(out);
    }
    expect(got).toEqual(outputs);
  });

  it('is the golden-ratio Weyl step followed by fmix32', () => {
    expect(SPLITMIX32_GAMMA).toBe(0x9e3779b9);
    expect(splitmix32(0)).toEqual([0x9e3779b9, fmix32(0x9e3779b9)]);
    expect(splitmix32(0xffffffff)).toEqual([0x9e3779b8, fmix32(0x9e3779b8)]);
    expect(fmix32(0)).toBe(0);
  });

  it('fmix32 returns uint32 and is injective on a sample', () => {
    const seen = new Set<number>();
    let allUint32 = true;
    for (let i = 0; i < 100_000; i++) {
      const v = fmix32(Math.imul(i, 0x9e3779b9));
      allUint32 &&= v >>> 0 === v;
      seen.add(v);
    }
    expect(allUint32).toBe(true);
    expect(seen.size).toBe(100_000);
  });
});

describe('xoshiro128** (reference vectors from the C program)', () => {
  it('first 100 outputs from state [1, 2, 3, 4]', () => {
    const rng = rngFromState([1, 2, 3, 4]);
    expect(take(rng, 100)).toEqual(vectors.xoshiro128starstar_from_state_1_2_3_4);
    expect(rng.getState()).toEqual(vectors.state_after_100_from_1_2_3_4);
  });

  it('matches the published rand_xoshiro test vector', () => {
    expect(take(rngFromState([1, 2, 3, 4]), 10)).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597, 4258142804,
    ]);
  });

  it.each(vectors.seeded)(
    'createRng($seed): derived state and first 20 outputs',
    ({ seed, state, outputs }) => {
      expect(seedState(seed)).toEqual(state);
      const rng = createRng(seed);
      expect(rng.getState()).toEqual(state);
      expect(take(rng, 20)).toEqual(outputs);
    },
  );
});

describe('seeding', () => {
  it('takes the seed modulo 2^32 (non-negative residue)', () => {
    expect(reduceSeed(0)).toBe(0);
    expect(reduceSeed(-0)).toBe(0);
    expect(reduceSeed(-1)).toBe(2 ** 32 - 1);
    expect(reduceSeed(2 ** 32)).toBe(0);
    expect(reduceSeed(2 ** 32 + 5)).toBe(5);
    expect(reduceSeed(-(2 ** 32) - 5)).toBe(2 ** 32 - 5);
    expect(reduceSeed(Number.MAX_SAFE_INTEGER)).toBe(2 ** 32 - 1);
    expect(reduceSeed(Number.MIN_SAFE_INTEGER)).toBe(1);
    expect(take(createRng(-1), 20)).toEqual(take(createRng(2 ** 32 - 1), 20));
    expect(take(createRng(2 ** 40 + 42), 20)).toEqual(take(createRng(42), 20));
  });

  it('rejects seeds that are not safe integers', () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53), 1e300]) {
      expect(() => createRng(bad)).toThrow(RangeError);
    }
  });

  it('is deterministic: equal seeds give equal streams, and the stream is uint32', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (seed) => {
        const a = take(createRng(seed), 16);
        expect(take(createRng(seed), 16)).toEqual(a);
        for (const v of a) expect(Number.isInteger(v) && v >= 0 && v < 2 ** 32).toBe(true);
      }),
    );
  });

  it('never derives the all-zero state, and guards it anyway', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const s = seedState(seed);
        expect(s.some((w) => w !== 0)).toBe(true);
      }),
    );
    expect(nonZeroState([0, 0, 0, 0])).toEqual([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x6a09e667]);
    expect(nonZeroState([0, 0, 0, 1])).toEqual([0, 0, 0, 1]);
    expect(Object.isFrozen(NONZERO_FALLBACK_STATE)).toBe(true);
  });
});

describe('clone, getState, rngFromState', () => {
  it('clone() continues identically and independently', () => {
    const rng = createRng(2024);
    take(rng, 7);
    const copy = rng.clone();
    const fromCopy = take(copy, 50);
    expect(take(rng, 50)).toEqual(fromCopy);
    // advancing one does not move the other: c2 still starts after output 57
    const c2 = rng.clone();
    take(rng, 1000);
    expect(c2.getState()).not.toEqual(rng.getState());
    expect(take(c2, 1000)).toEqual(take(createRngAfter(2024, 57), 1000));
  });

  it('getState() round-trips through rngFromState()', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.nat({ max: 300 }), (seed, skip) => {
        const rng = createRng(seed);
        take(rng, skip);
        const state = rng.getState();
        const restored = rngFromState(state);
        expect(restored.getState()).toEqual(state);
        expect(take(restored, 10)).toEqual(take(rng, 10));
      }),
    );
  });

  it('getState() returns a copy', () => {
    const rng = createRng(1);
    const state = rng.getState();
    state[0] = 123;
    expect(rng.getState()).toEqual(vectors.seeded.find((s) => s.seed === 1)?.state);
  });

  it('rejects invalid states', () => {
    expect(() => rngFromState([0, 0, 0, 0])).toThrow(RangeError);
    expect(() => rngFromState([1, 2, 3, -1])).toThrow(RangeError);
    expect(() => rngFromState([1, 2, 3, 2 ** 32])).toThrow(RangeError);
    expect(() => rngFromState([1, 2, 3, 0.5])).toThrow(RangeError);
    expect(() => rngFromState([1, 2, 3] as unknown as [number, number, number, number])).toThrow(RangeError);
  });
});

function createRngAfter(seed: number, skip: number): Rng {
  const rng = createRng(seed);
  take(rng, skip);
  return rng;
}
