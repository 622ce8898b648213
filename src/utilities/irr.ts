/**
 * Guess-free internal-rate-of-return search shared by the NPV/IRR operation: every rate r in
 * [{@link IRR_RATE_MIN}, {@link IRR_RATE_MAX}] with `sum c_i (1 + r)^(-t_i) = 0`, for periodic
 * (t_i = 0, 1, 2, ...) or dated (t_i in years) flows.
 *
 * The search runs in x = ln(1 + r). Descartes' rule of signs (which holds for real exponents too)
 * bounds the number of roots by the number of sign changes in the flows ordered by time: with one
 * change there is at most one root, bracketed by the two ends of the range and refined by Brent's
 * method; with more, a fixed grid ({@link IRR_GRID}) is scanned for sign changes and each bracket is
 * refined by Brent's method (fixed iteration cap, `ROOT_MAX_ITERATIONS` in `core/roots`).
 * @module
 */
import { brent, rootsOnGrid } from '../core/roots';

/** Lowest rate searched for an IRR (per period, or per year for dated flows). */
export const IRR_RATE_MIN = -0.9999;
/** Highest rate searched for an IRR (per period, or per year for dated flows). */
export const IRR_RATE_MAX = 10_000;

const X_MIN = Math.log1p(IRR_RATE_MIN);
const X_MAX = Math.log1p(IRR_RATE_MAX);
/** Grid steps in x = ln(1 + r): fine where rates are plausible (|x| <= 0.7, r from -50% to +101%). */
const FINE_STEP = 0.005;
const FINE_HALF_WIDTH = 140; // 140 * 0.005 = 0.7
const COARSE_STEP = 0.05;

/**
 * The scan grid in x = ln(1 + r), ascending: steps of 0.005 for |x| <= 0.7 (x = 0, r = 0, is a grid
 * point), about 0.05 beyond, out to the ends of the range (651 points).
 *
 * @example
 * ```ts
 * IRR_GRID.map(Math.expm1); // the scanned rates, from -0.9999 to 10,000
 * ```
 */
export const IRR_GRID: readonly number[] = (() => {
  const edge = FINE_STEP * FINE_HALF_WIDTH;
  const coarse = Math.ceil((edge - X_MIN) / COARSE_STEP);
  const low = Array.from({ length: coarse }, (_, i) => X_MIN + ((-edge - X_MIN) * i) / coarse);
  const fine = Array.from({ length: 2 * FINE_HALF_WIDTH + 1 }, (_, i) => (i - FINE_HALF_WIDTH) * FINE_STEP);
  const upper = Math.ceil((X_MAX - edge) / COARSE_STEP);
  const high = Array.from({ length: upper }, (_, i) => edge + ((X_MAX - edge) * (i + 1)) / upper);
  return [...low, ...fine, ...high];
})();

/** How the IRR search ended. */
export type IrrStatus = 'unique' | 'multiple' | 'no_sign_change' | 'no_root_found';

/** Every root found (ascending) and how the search ended. */
export interface IrrRoots {
  readonly roots: number[];
  readonly status: IrrStatus;
}

/**
 * Number of sign changes in `values`, zeros skipped.
 *
 * @example
 * ```ts
 * signChanges([-100, 230, -132]); // 2
 * ```
 */
export function signChanges(values: ArrayLike<number>): number {
  let changes = 0;
  let last = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v === 0) continue;
    if (last !== 0 && v > 0 !== last > 0) changes++;
    last = v;
  }
  return changes;
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
function periodicScaled(flows: ArrayLike<number>): (x: number) => number {
  const n = flows.length - 1;
  return (x) => {
    if (x >= 0) return periodicNpv(Math.expm1(x), flows);
    const g = Math.exp(x);
    let acc = 0;
    for (let t = 0; t <= n; t++) acc = acc * g + (flows[t] as number);
    return acc;
  };
}

/** The dated NPV in x = ln(1 + r), scaled by (1 + r)^T (T = the last time) when r < 0. */
function datedScaled(years: ArrayLike<number>, amounts: ArrayLike<number>): (x: number) => number {
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

function search(f: (x: number) => number, changes: number): IrrRoots {
  if (changes === 0) return { roots: [], status: 'no_sign_change' };
  let xs: number[];
  if (changes === 1) {
    // One root at most: bracket it by the ends of the range, split at r = 0 (the plain sum).
    const flo = f(X_MIN);
    const fhi = f(X_MAX);
    const fmid = f(0);
    if (fmid === 0) xs = [0];
    else if (flo !== 0 && fhi !== 0 && flo > 0 === fhi > 0) xs = [];
    else if (flo === 0 || flo > 0 !== fmid > 0) xs = [brent(f, X_MIN, 0, flo, fmid)];
    else xs = [brent(f, 0, X_MAX, fmid, fhi)];
  } else {
    xs = rootsOnGrid(f, IRR_GRID);
  }
  const roots = xs.map(Math.expm1);
  const status = roots.length === 0 ? 'no_root_found' : roots.length === 1 ? 'unique' : 'multiple';
  return { roots, status };
}

/**
 * Every IRR of periodic flows (first flow at t = 0) in the searched range, ascending.
 *
 * @example
 * ```ts
 * irrRoots([-100, 230, -132]).roots; // [0.1, 0.2] (to rounding)
 * ```
 */
export function irrRoots(flows: ArrayLike<number>): IrrRoots {
  return search(periodicScaled(Float64Array.from(flows)), signChanges(flows));
}

/**
 * Every XIRR of flows at times `years` (ascending, distinct, years from the first) in the searched
 * range, ascending.
 *
 * @example
 * ```ts
 * xirrRoots([0, 1], [-100, 110]).roots; // [0.1] (to rounding)
 * ```
 */
export function xirrRoots(years: ArrayLike<number>, amounts: ArrayLike<number>): IrrRoots {
  return search(datedScaled(Float64Array.from(years), Float64Array.from(amounts)), signChanges(amounts));
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
