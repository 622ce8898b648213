/**
 * Net present values and internal rates of return of a cash-flow list: NPV of periodic and dated
 * flows, and every IRR / XIRR found by the guess-free search of `core/rate-roots` (no guess, negative
 * roots found, fixed iteration cap). Used by `/v1/cashflow/npv-irr` and the insurance area's
 * cash-value returns.
 * @module
 */
import { RATE_SEARCH_MAX, RATE_SEARCH_MIN, rateRoots, signChanges } from './rate-roots';

/** Lowest rate searched for an IRR (per period, or per year for dated flows). */
export const IRR_RATE_MIN = RATE_SEARCH_MIN;
/** Highest rate searched for an IRR (per period, or per year for dated flows). */
export const IRR_RATE_MAX = RATE_SEARCH_MAX;

/** How the IRR search ended. */
export type IrrStatus = 'unique' | 'multiple' | 'no_sign_change' | 'no_root_found';

/** Every root found (ascending) and how the search ended. */
export interface IrrRoots {
  readonly roots: number[];
  readonly status: IrrStatus;
}

/**
 * Net present value of periodic flows at `rate` (> -1), the first flow at t = 0, by Horner's rule in
 * v = 1 / (1 + rate).
 *
 * @example
 * ```ts
 * periodicNpv(0.1, [-100, 110]); // 0 (to rounding)
 * ```
 */
export function periodicNpv(rate: number, flows: ArrayLike<number>): number {
  const v = 1 / (1 + rate);
  let acc = 0;
  for (let t = flows.length - 1; t >= 0; t--) acc = acc * v + (flows[t] as number);
  return acc;
}

/**
 * Net present value of flows at times `years` (years from the start) at annual `rate` (> -1).
 *
 * @example
 * ```ts
 * datedNpv(0.1, [0, 1], [-100, 110]); // 0 (to rounding)
 * ```
 */
export function datedNpv(rate: number, years: ArrayLike<number>, amounts: ArrayLike<number>): number {
  const lg = Math.log1p(rate);
  let sum = 0;
  for (let i = 0; i < amounts.length; i++)
    sum += (amounts[i] as number) * Math.exp(-(years[i] as number) * lg);
  return sum;
}

/**
 * The periodic NPV as a function of x = ln(1 + r), scaled by the positive factor (1 + r)^n when
 * r < 0 so that it never overflows (same sign, same roots): sum c_t e^(-t x) for x >= 0,
 * sum c_t e^((n - t) x) for x < 0.
 */
function periodicScaled(flows: readonly number[]): (x: number) => number {
  const n = flows.length - 1;
  return (x) => {
    let acc = 0;
    if (x >= 0) {
      // periodicNpv(expm1(x), flows), written out (the same operations).
      const v = 1 / (1 + Math.expm1(x));
      for (let t = n; t >= 0; t--) acc = acc * v + (flows[t] as number);
      return acc;
    }
    const g = Math.exp(x);
    for (let t = 0; t <= n; t++) acc = acc * g + (flows[t] as number);
    return acc;
  };
}

/** The dated NPV in x = ln(1 + r), scaled by (1 + r)^T (T = the last time) when r < 0. */
function datedScaled(years: readonly number[], amounts: readonly number[]): (x: number) => number {
  const last = years.length > 0 ? (years[years.length - 1] as number) : 0;
  return (x) => {
    const shift = x >= 0 ? 0 : last;
    let sum = 0;
    for (let i = 0; i < amounts.length; i++) {
      sum += (amounts[i] as number) * Math.exp((shift - (years[i] as number)) * x);
    }
    return sum;
  };
}

/** `values` as an array of numbers: an array as is (read only, never copied), anything else copied. */
function numbers(values: ArrayLike<number>): readonly number[] {
  return Array.isArray(values) ? values : Array.from(values);
}

function search(f: (x: number) => number, changes: number): IrrRoots {
  if (changes === 0) return { roots: [], status: 'no_sign_change' };
  const roots = rateRoots(f, changes);
  const status = roots.length === 0 ? 'no_root_found' : roots.length === 1 ? 'unique' : 'multiple';
  return { roots, status };
}

/**
 * Every IRR of periodic flows (first flow at t = 0) in the searched range, ascending.
 *
 * @example
 * ```ts
 * irrRoots([-100, 230, -132]).roots.map((r) => r.toFixed(12)); // ['0.100000000000', '0.200000000000']
 * ```
 */
export function irrRoots(flows: ArrayLike<number>): IrrRoots {
  return search(periodicScaled(numbers(flows)), signChanges(flows));
}

/**
 * Every XIRR of flows at times `years` (ascending, distinct, years from the first) in the searched
 * range, ascending.
 *
 * @example
 * ```ts
 * xirrRoots([0, 1], [-100, 110]).roots.map((r) => r.toFixed(12)); // ['0.100000000000']
 * ```
 */
export function xirrRoots(years: ArrayLike<number>, amounts: ArrayLike<number>): IrrRoots {
  return search(datedScaled(numbers(years), numbers(amounts)), signChanges(amounts));
}

/**
 * The reported IRR among several roots: the one closest to `rate` (the caller's discount rate); on a
 * tie, the lower. Undefined for no roots.
 *
 * @example
 * ```ts
 * pickIrr([0.1, 0.2], 0.08); // 0.1
 * ```
 */
export function pickIrr(roots: readonly number[], rate: number): number | undefined {
  let best: number | undefined;
  for (const root of roots) {
    if (best === undefined || Math.abs(root - rate) < Math.abs(best - rate)) best = root;
  }
  return best;
}
