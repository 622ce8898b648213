/**
 * xoshiro128** (Blackman & Vigna 2018, "Scrambled linear pseudorandom number generators",
 * https://prng.di.unimi.it/): the one pseudorandom generator of finplan. 128 bits of state as four
 * uint32 words, period 2^128 - 1, 32-bit outputs. Every operation is a 32-bit integer operation
 * (`Math.imul`, shifts, xor), so the stream is bit-identical on every JavaScript engine.
 *
 * @module
 */

import { splitmix32 } from './splitmix32';

/**
 * A xoshiro128** state: four uint32 words `[s0, s1, s2, s3]`, not all zero.
 *
 * @example
 * ```ts
 * import { createRng } from 'finplan/rng';
 * const state: RngState = createRng(42).getState(); // [939911724, 3948730756, 321366731, 3317318717]
 * ```
 */
export type RngState = [number, number, number, number];

/**
 * A deterministic 32-bit pseudorandom generator.
 *
 * @example
 * ```ts
 * import { createRng } from 'finplan/rng';
 * const rng: Rng = createRng(42);
 * const word = rng.next(); // uint32 in [0, 2^32)
 * const fork = rng.clone(); // continues exactly like rng, independently
 * const saved = rng.getState(); // restore later with rngFromState(saved)
 * ```
 */
export interface Rng {
  /** Advances the generator and returns the next output, a uint32 in [0, 2^32). */
  next(): number;
  /** A new generator with the same state: it yields the same outputs as this one, independently. */
  clone(): Rng;
  /** A copy of the current state, four uint32 words; {@link rngFromState} restores it. */
  getState(): [number, number, number, number];
}

/**
 * The state that replaces an all-zero state (xoshiro's one forbidden state): the first 32
 * fractional bits of phi, pi, e and sqrt(2) (`0x9E3779B9`, `0x243F6A88`, `0xB7E15162`,
 * `0x6A09E667`). Seeding never produces an all-zero state (see `seedState`); this is a guard.
 *
 * @example
 * ```ts
 * nonZeroState([0, 0, 0, 0]); // a copy of NONZERO_FALLBACK_STATE
 * ```
 */
export const NONZERO_FALLBACK_STATE: Readonly<RngState> = Object.freeze([
  0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x6a09e667,
]) as Readonly<RngState>;

const TWO_POW_32 = 4294967296;

/**
 * Reduces a safe-integer seed to a uint32: `((seed % 2^32) + 2^32) % 2^32`, i.e. the seed modulo
 * 2^32 as a mathematical (non-negative) residue. So `-1` and `2^32 - 1` give the same generator, and
 * `2^32 + 5` equals `5`. Every step is exact for safe integers.
 *
 * @param seed - a safe integer (`Number.isSafeInteger`)
 * @returns the seed modulo 2^32, in [0, 2^32)
 * @throws RangeError when `seed` is not a safe integer
 * @example
 * ```ts
 * reduceSeed(-1); // 4294967295
 * reduceSeed(2 ** 32 + 5); // 5
 * ```
 */
export function reduceSeed(seed: number): number {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`seed must be a safe integer, got ${String(seed)}`);
  }
  return ((seed % TWO_POW_32) + TWO_POW_32) % TWO_POW_32;
}

/**
 * The xoshiro128** state for a seed: four successive splitmix32 outputs, starting from splitmix32
 * state `reduceSeed(seed)`. The result cannot be all zero (fmix32 is a bijection with fmix32(0) = 0
 * and the four splitmix32 states are distinct, so at most one word is zero); if it ever were, it
 * would be replaced by {@link NONZERO_FALLBACK_STATE}.
 *
 * @param seed - a safe integer
 * @returns the initial state, four uint32 words
 * @throws RangeError when `seed` is not a safe integer
 * @example
 * ```ts
 * seedState(42); // [939911724, 3948730756, 321366731, 3317318717]
 * ```
 */
export function seedState(seed: number): RngState {
  let sm = reduceSeed(seed);
  const words: RngState = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    const [next, out] = splitmix32(sm);
    sm = next;
    words[i] = out;
  }
  return nonZeroState(words);
}

/**
 * Returns `state` unchanged unless all four words are zero, in which case it returns a copy of
 * {@link NONZERO_FALLBACK_STATE}.
 *
 * @param state - four uint32 words
 * @returns a state that is not all zero
 * @example
 * ```ts
 * nonZeroState([0, 0, 0, 0]); // [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x6a09e667]
 * nonZeroState([1, 2, 3, 4]); // [1, 2, 3, 4]
 * ```
 */
export function nonZeroState(state: RngState): RngState {
  if ((state[0] | state[1] | state[2] | state[3]) === 0) {
    return [...NONZERO_FALLBACK_STATE] as RngState;
  }
  return state;
}

/** xoshiro128** over four int32 fields; returned outputs and states are uint32. */
class Xoshiro128StarStar implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(s0: number, s1: number, s2: number, s3: number) {
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
  }

  next(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    const s2 = this.s2 ^ s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = s0 ^ s3;
    this.s2 = s2 ^ t;
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  clone(): Rng {
    return new Xoshiro128StarStar(this.s0, this.s1, this.s2, this.s3);
  }

  getState(): [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }
}

/**
 * Creates the xoshiro128** generator for an integer seed. The seed is reduced modulo 2^32
 * (`reduceSeed`) and expanded to four words by splitmix32 (`seedState`).
 *
 * @param seed - any safe integer; seeds congruent modulo 2^32 give the same generator
 * @returns a fresh generator
 * @throws RangeError when `seed` is not a safe integer
 * @example
 * ```ts
 * import { createRng } from 'finplan/rng';
 * const rng = createRng(42);
 * rng.next(); // 2837322924, the same on every engine and platform
 * ```
 */
export function createRng(seed: number): Rng {
  const [a, b, c, d] = seedState(seed);
  return new Xoshiro128StarStar(a, b, c, d);
}

/**
 * Restores a generator from a state returned by {@link Rng.getState}.
 *
 * @param state - four integers in [0, 2^32), not all zero
 * @returns a generator that continues from `state`
 * @throws RangeError when a word is not an integer in [0, 2^32) or all four are zero
 * @example
 * ```ts
 * import { createRng, rngFromState } from 'finplan/rng';
 * const rng = createRng(7);
 * const copy = rngFromState(rng.getState());
 * copy.next() === rng.next(); // true
 * rngFromState([1, 2, 3, 4]).next(); // 11520
 * ```
 */
export function rngFromState(state: readonly [number, number, number, number]): Rng {
  if (!Array.isArray(state) || state.length !== 4) {
    throw new RangeError('rng state must be an array of four uint32 words');
  }
  for (const word of state) {
    if (!Number.isInteger(word) || word < 0 || word >= TWO_POW_32) {
      throw new RangeError(`rng state words must be integers in [0, 2^32), got ${String(word)}`);
    }
  }
  const [a, b, c, d] = state;
  if (a === 0 && b === 0 && c === 0 && d === 0) {
    throw new RangeError('rng state must not be all zero (xoshiro128** would output zeros forever)');
  }
  return new Xoshiro128StarStar(a, b, c, d);
}
