/**
 * Guess-free search for every rate r that zeroes a present-value function: the one mechanism behind
 * tvm's `rate` and the IRR / XIRR of `/v1/cashflow/npv-irr`.
 *
 * The search runs in x = ln(1 + r) over [{@link RATE_SEARCH_MIN}, {@link RATE_SEARCH_MAX}]. Descartes'
 * rule of signs (which holds for real exponents too) bounds the number of roots by the number of sign
 * changes in the flows ordered by time: with none there is no root; with one there is at most one,
 * bracketed by the ends of the range (split at r = 0) and refined by Brent's method; otherwise, or when
 * the ends do not bracket it, a fixed grid ({@link RATE_GRID}) is scanned for sign changes and each
 * bracket refined by Brent's method (fixed iteration cap, `ROOT_MAX_ITERATIONS`).
 * @module
 */
import { brent, rootsOnGrid } from './roots';

/** Lowest rate searched (per period, or per year for dated flows). */
export const RATE_SEARCH_MIN = -0.9999;
/** Highest rate searched (per period, or per year for dated flows). */
export const RATE_SEARCH_MAX = 10_000;

const X_MIN = Math.log1p(RATE_SEARCH_MIN);
const X_MAX = Math.log1p(RATE_SEARCH_MAX);
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
 * RATE_GRID.map(Math.expm1); // the scanned rates, from -0.9999 to 10,000
 * ```
 */
export const RATE_GRID: readonly number[] = (() => {
  const edge = FINE_STEP * FINE_HALF_WIDTH;
  const coarse = Math.ceil((edge - X_MIN) / COARSE_STEP);
  const low = Array.from({ length: coarse }, (_, i) => X_MIN + ((-edge - X_MIN) * i) / coarse);
  const fine = Array.from({ length: 2 * FINE_HALF_WIDTH + 1 }, (_, i) => (i - FINE_HALF_WIDTH) * FINE_STEP);
  const upper = Math.ceil((X_MAX - edge) / COARSE_STEP);
  const high = Array.from({ length: upper }, (_, i) => edge + ((X_MAX - edge) * (i + 1)) / upper);
  return [...low, ...fine, ...high];
})();

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
 * About how many times {@link rateRoots} evaluates its function for flows with `changes` sign changes
 * (what the cost of an IRR request is figured from): none without a change; with one, the three ends
 * and Brent's refinement (14-25 evaluations measured on 10 to 1,000 flows); with several, the whole grid
 * and a refinement of each root found (651-663 measured). One change whose root lies outside the
 * searched range (a rate below -99.99% or above 1,000,000%) also scans the grid.
 *
 * @example
 * ```ts
 * rateSearchEvaluations(0); // 0
 * rateSearchEvaluations(1); // 30
 * rateSearchEvaluations(4); // 671 (the 651-point grid + 20)
 * ```
 */
export function rateSearchEvaluations(changes: number): number {
  if (changes === 0) return 0;
  return changes === 1 ? 30 : RATE_GRID.length + 20;
}

/**
 * Every rate r (ascending) in the searched range with `f(ln(1 + r)) = 0`, given the number of sign
 * changes of the flows behind `f`. `f` takes x = ln(1 + r) and should be scaled to stay finite over
 * the whole range (a positive factor changes no root).
 *
 * @example
 * ```ts
 * // -100 now, +110 in a year: r = 10%
 * rateRoots((x) => -100 + 110 * Math.exp(-x), 1).map((r) => r.toFixed(12)); // ['0.100000000000']
 * ```
 */
export function rateRoots(f: (x: number) => number, changes: number): number[] {
  if (changes === 0) return [];
  if (changes === 1) {
    const flo = f(X_MIN);
    const fhi = f(X_MAX);
    const fmid = f(0);
    if (fmid === 0) return [0];
    if (flo === 0 || flo > 0 !== fmid > 0) return [Math.expm1(brent(f, X_MIN, 0, flo, fmid))];
    if (fhi === 0 || fhi > 0 !== fmid > 0) return [Math.expm1(brent(f, 0, X_MAX, fmid, fhi))];
  }
  return rootsOnGrid(f, RATE_GRID).map(Math.expm1);
}
