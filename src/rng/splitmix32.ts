/**
 * splitmix32: the 32-bit seed expander that turns an integer seed into a xoshiro128** state.
 *
 * One step adds the 32-bit golden-ratio increment `0x9E3779B9` (= floor(2^32 / phi), the Weyl
 * sequence constant used by SplitMix, Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
 * generators", OOPSLA) to the state, then scrambles the new state with the MurmurHash3 `fmix32`
 * finalizer (Austin Appleby, MurmurHash3, public domain: multipliers `0x85EBCA6B` and `0xC2B2AE35`,
 * shifts 16, 13, 16). This is the 32-bit analogue of Vigna's splitmix64, which the xoshiro authors
 * recommend for seeding; the 32-bit form keeps every operation in `Math.imul` and 32-bit bit
 * operations, which are exact on every JavaScript engine.
 *
 * @module
 */

/**
 * The SplitMix Weyl increment for 32 bits: floor(2^32 / golden ratio), odd.
 *
 * @example
 * ```ts
 * SPLITMIX32_GAMMA === 0x9e3779b9; // true
 * ```
 */
export const SPLITMIX32_GAMMA = 0x9e3779b9;

/**
 * MurmurHash3's 32-bit finalizer `fmix32`, a bijection on uint32.
 *
 * @param h - any number; only its low 32 bits are used
 * @returns the mixed value as a uint32
 * @example
 * ```ts
 * fmix32(0); // 0 (the only fixed point at zero: fmix32 is a bijection)
 * fmix32(0x9e3779b9); // 2462723854
 * ```
 */
export function fmix32(h: number): number {
  let z = h | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * One pure splitmix32 step: `state = (state + 0x9E3779B9) >>> 0`, `output = fmix32(state)`.
 *
 * @param state - the current splitmix32 state (uint32; other numbers are reduced with `>>> 0`)
 * @returns `[nextState, output]`, both uint32
 * @example
 * ```ts
 * let state = 42;
 * const words: number[] = [];
 * for (let i = 0; i < 4; i++) {
 *   const [next, out] = splitmix32(state);
 *   state = next;
 *   words.push(out);
 * }
 * // words = [939911724, 3948730756, 321366731, 3317318717]
 * ```
 */
export function splitmix32(state: number): [nextState: number, output: number] {
  const next = ((state >>> 0) + SPLITMIX32_GAMMA) >>> 0;
  return [next, fmix32(next)];
}
