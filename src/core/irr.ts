/**
 * Net present values and internal rates of return of a cash-flow list: NPV of periodic and dated
 * flows, and every IRR / XIRR found by the guess-free search of `core/rate-roots` (no guess, negative
 * roots found, fixed iteration cap). Used by `/v1/cashflow/npv-irr` and the insurance area's
 * cash-value returns.
 * @module
 */
import {
  RATE_SEARCH_MAX,
  RATE_SEARCH_MIN,
  type RateFunction,
  rateRoots,
  type Side,
  signChanges,
  UNIT_ROUNDOFF,
} from './rate-roots';

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

/** t^k for k = 0 to 3: the factor the k-th derivative of e^(-t x) carries, up to sign. */
function power(t: number, k: number): number {
  return k === 0 ? 1 : k === 1 ? t : k === 2 ? t * t : t * t * t;
}

/** Derivatives up to this order are available to the search (f' to f'''). */
const MAX_ORDER = 3;

/**
 * The periodic NPV as a function of x = ln(1 + r), with leading and trailing zero flows dropped (a
 * positive factor e^(-k x), or no term: same sign, same roots), scaled by the positive factor
 * (1 + r)^n when r < 0 so that it never overflows: f(x) = sum c_t e^(-t x) for x >= 0, F(x) =
 * sum c_t e^((n - t) x) for x < 0, each evaluated by Horner's rule.
 *
 * Evaluation error (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., eq. 5.3: Horner's
 * rule is off by at most gamma_2n sum |c_t| v^t; here v = e^(-x) or e^x itself carries up to 4u, which
 * moves the term of degree t by up to 4 t u): at most (6n + 8) u sum |c_t| v^t, u = 2^-53, and 2u more
 * per derivative order for the factors t^k.
 */
export function periodicRateFunction(all: readonly number[]): RateFunction {
  let lo = 0;
  let hi = all.length - 1;
  while (lo < hi && all[lo] === 0) lo++;
  while (hi > lo && all[hi] === 0) hi--;
  const flows = lo === 0 && hi === all.length - 1 ? all : all.slice(lo, hi + 1);
  const n = flows.length - 1;
  const rightChanges = signChanges(flows.slice(1));
  const leftChanges = signChanges(flows.slice(0, n));
  const k0 = (6 * n + 8) * UNIT_ROUNDOFF;
  /** Coefficients of f^(k), by order and side: (-t)^k c_t for x >= 0, (n - t)^k c_t for x < 0. */
  const coefficients: number[][][] = [[], []];
  const coefficientsOf = (k: number, side: Side): number[] => {
    const bySide = coefficients[side > 0 ? 1 : 0] as number[][];
    let cached = bySide[k];
    if (cached === undefined) {
      const sign = side > 0 && k % 2 === 1 ? -1 : 1;
      cached = flows.map((c, t) => sign * c * power(side > 0 ? t : n - t, k));
      bySide[k] = cached;
    }
    return cached;
  };
  /** Horner's rule for `coefficients` at v = e^(-x) (x >= 0, t descending) or g = e^x (x < 0, t ascending). */
  const horner = (x: number, side: Side, coefficients: readonly number[]): number => {
    let acc = 0;
    if (side > 0) {
      const v = 1 / (1 + Math.expm1(x));
      for (let t = n; t >= 0; t--) acc = acc * v + (coefficients[t] as number);
      return acc;
    }
    const g = Math.exp(x);
    for (let t = 0; t <= n; t++) acc = acc * g + (coefficients[t] as number);
    return acc;
  };
  /** The same sum with every term's magnitude: the scale of the evaluation error. */
  const magnitude = (x: number, side: Side, coefficients: readonly number[]): number => {
    let acc = 0;
    const v = side > 0 ? 1 / (1 + Math.expm1(x)) : Math.exp(x);
    for (let i = 0; i <= n; i++) acc = acc * v + Math.abs(coefficients[side > 0 ? n - i : i] as number);
    return acc;
  };
  return {
    changes: signChanges(flows),
    maxOrder: MAX_ORDER,
    value: (x) => {
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
    },
    derivative: (x, k, side) => horner(x, side, coefficientsOf(k, side)),
    bound: (x, k, side) => (k0 + 2 * k * UNIT_ROUNDOFF) * magnitude(x, side, coefficientsOf(k, side)),
    derivativeChanges: (side) => (side > 0 ? rightChanges : leftChanges),
  };
}

/**
 * The dated NPV in x = ln(1 + r), zero amounts dropped and times counted from the first flow left,
 * scaled by (1 + r)^T (T = the last time) when r < 0: sum a_i e^((s - y_i) x), s = 0 or T.
 *
 * Evaluation error: each exponent (s - y_i) x carries two roundings (2u T |x| at most), exp one ulp
 * (2u), the product one rounding, and the sum of n terms gamma_(n-1) times the sum of the terms'
 * magnitudes (Higham, eq. 4.4): at most (n + 2 T |x| + 8) u sum |a_i| e^((s - y_i) x), and 2u more per
 * derivative order for the factors (s - y_i)^k.
 */
export function datedRateFunction(allYears: readonly number[], allAmounts: readonly number[]): RateFunction {
  const keep = allAmounts.map((a, i) => (a === 0 ? -1 : i)).filter((i) => i >= 0);
  const first = keep.length > 0 ? (allYears[keep[0] as number] as number) : 0;
  const whole = keep.length === allAmounts.length && first === 0;
  const years = whole ? allYears : keep.map((i) => (allYears[i] as number) - first);
  const amounts = whole ? allAmounts : keep.map((i) => allAmounts[i] as number);
  const count = amounts.length;
  const last = count > 0 ? (years[count - 1] as number) : 0;
  const rightChanges = signChanges(amounts.slice(1));
  const leftChanges = signChanges(amounts.slice(0, count - 1));
  const sum = (x: number, k: number, side: Side, abs: boolean): number => {
    const shift = side > 0 ? 0 : last;
    let acc = 0;
    for (let i = 0; i < count; i++) {
      const e = shift - (years[i] as number);
      const a = amounts[i] as number;
      acc += (abs ? Math.abs(a * power(e, k)) : a * power(e, k)) * Math.exp(e * x);
    }
    return acc;
  };
  return {
    changes: signChanges(amounts),
    maxOrder: MAX_ORDER,
    value: (x) => {
      const shift = x >= 0 ? 0 : last;
      let acc = 0;
      for (let i = 0; i < count; i++) {
        acc += (amounts[i] as number) * Math.exp((shift - (years[i] as number)) * x);
      }
      return acc;
    },
    derivative: (x, k, side) => sum(x, k, side, false),
    bound: (x, k, side) =>
      (count + 2 * last * Math.abs(x) + 8 + 2 * k) * UNIT_ROUNDOFF * sum(x, k, side, true),
    derivativeChanges: (side) => (side > 0 ? rightChanges : leftChanges),
  };
}

/** `values` as an array of numbers: an array as is (read only, never copied), anything else copied. */
function numbers(values: ArrayLike<number>): readonly number[] {
  return Array.isArray(values) ? values : Array.from(values);
}

function search(fn: RateFunction): IrrRoots {
  if (fn.changes === 0) return { roots: [], status: 'no_sign_change' };
  const roots = rateRoots(fn);
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
  return search(periodicRateFunction(numbers(flows)));
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
  return search(datedRateFunction(numbers(years), numbers(amounts)));
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
