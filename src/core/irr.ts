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
  type RateSearchKind,
  rateRoots,
  rateSearchKind,
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

/** t^k (k >= 0, small): the factor the k-th derivative of e^(-t x) carries, up to sign. */
function power(t: number, k: number): number {
  if (k === 1) return t;
  if (k === 2) return t * t;
  let p = 1;
  for (let i = 0; i < k; i++) p *= t;
  return p;
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
 *
 * @example
 * ```ts
 * const fn = periodicRateFunction([-100, 230, -132]);
 * fn.changes; // 2
 * fn.value(0); // -2 (the flows' sum: the NPV at r = 0)
 * fn.derivativeChanges(1); // 1 (230, -132: at most one extremum for r >= 0)
 * ```
 */
export function periodicRateFunction(all: readonly number[]): RateFunction {
  let lo = 0;
  let hi = all.length - 1;
  while (lo < hi && all[lo] === 0) lo++;
  while (hi > lo && all[hi] === 0) hi--;
  const flows = lo === 0 && hi === all.length - 1 ? all : all.slice(lo, hi + 1);
  const n = flows.length - 1;
  const k0 = (6 * n + 8) * UNIT_ROUNDOFF;
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
    // f^(k) = sum (-t)^k c_t v^t on the right, sum (n - t)^k c_t g^(n - t) on the left, by Horner's rule.
    derivative: (x, k, side) => {
      let acc = 0;
      if (side > 0) {
        const v = 1 / (1 + Math.expm1(x));
        for (let t = n; t >= 0; t--) acc = acc * v + (flows[t] as number) * power(t, k);
        return k % 2 === 1 ? -acc : acc;
      }
      const g = Math.exp(x);
      for (let t = 0; t <= n; t++) acc = acc * g + (flows[t] as number) * power(n - t, k);
      return acc;
    },
    errorFactor: (_x, k) => k0 + 2 * k * UNIT_ROUNDOFF,
    magnitudes: (x, k, side) => {
      const right = side > 0;
      const v = right ? 1 / (1 + Math.expm1(x)) : Math.exp(x);
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      for (let i = 0; i <= n; i++) {
        const t = right ? n - i : i;
        const e = right ? t : n - t;
        const m = Math.abs(flows[t] as number) * power(e, k);
        a0 = a0 * v + m;
        a1 = a1 * v + m * e;
        a2 = a2 * v + m * e * e;
      }
      return [a0, a1, a2];
    },
    derivativeChanges: (side) => (side > 0 ? signChanges(flows, 1, n + 1) : signChanges(flows, 0, n)),
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
 *
 * @example
 * ```ts
 * const fn = datedRateFunction([0, 1, 2], [-100, 230, -132]);
 * fn.changes; // 2
 * fn.value(0); // -2
 * ```
 */
export function datedRateFunction(allYears: readonly number[], allAmounts: readonly number[]): RateFunction {
  const trimmed = allAmounts.indexOf(0) >= 0 || allYears[0] !== 0;
  const keep = trimmed ? allAmounts.map((a, i) => (a === 0 ? -1 : i)).filter((i) => i >= 0) : [];
  const first = keep.length > 0 ? (allYears[keep[0] as number] as number) : 0;
  const years = trimmed ? keep.map((i) => (allYears[i] as number) - first) : allYears;
  const amounts = trimmed ? keep.map((i) => allAmounts[i] as number) : allAmounts;
  const count = amounts.length;
  const last = count > 0 ? (years[count - 1] as number) : 0;
  /** f^(k) on the side: sum (s - y_i)^k a_i e^((s - y_i) x). */
  const derivative = (x: number, k: number, side: Side): number => {
    const shift = side > 0 ? 0 : last;
    let acc = 0;
    for (let i = 0; i < count; i++) {
      const e = shift - (years[i] as number);
      acc += (amounts[i] as number) * power(e, k) * Math.exp(e * x);
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
    derivative,
    errorFactor: (x, k) => (count + 2 * last * Math.abs(x) + 8 + 2 * k) * UNIT_ROUNDOFF,
    magnitudes: (x, k, side) => {
      const shift = side > 0 ? 0 : last;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      for (let i = 0; i < count; i++) {
        const e = Math.abs(shift - (years[i] as number));
        const term =
          Math.abs(amounts[i] as number) * power(e, k) * Math.exp((shift - (years[i] as number)) * x);
        a0 += term;
        a1 += term * e;
        a2 += term * e * e;
      }
      return [a0, a1, a2];
    },
    derivativeChanges: (side) =>
      side > 0 ? signChanges(amounts, 1, count) : signChanges(amounts, 0, count - 1),
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
 * How the IRR search of periodic flows goes ({@link rateSearchKind}), for figuring its cost before it runs.
 *
 * @example
 * ```ts
 * irrSearchKind([-100, 230, -132]); // 'grid'
 * ```
 */
export function irrSearchKind(flows: ArrayLike<number>): RateSearchKind {
  return rateSearchKind(periodicRateFunction(numbers(flows)));
}

/**
 * How the XIRR search of dated flows goes ({@link rateSearchKind}), for figuring its cost before it runs.
 *
 * @example
 * ```ts
 * xirrSearchKind([0, 1], [-100, 110]); // 'bracketed'
 * ```
 */
export function xirrSearchKind(years: ArrayLike<number>, amounts: ArrayLike<number>): RateSearchKind {
  return rateSearchKind(datedRateFunction(numbers(years), numbers(amounts)));
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
