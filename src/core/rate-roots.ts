/**
 * Guess-free search for every rate r that zeroes a present-value function: the one mechanism behind
 * tvm's `rate` and the IRR / XIRR of `/v1/cashflow/npv-irr`.
 *
 * The search runs in x = ln(1 + r) over [{@link RATE_SEARCH_MIN}, {@link RATE_SEARCH_MAX}] on a
 * {@link RateFunction}: the present value f (scaled by a positive factor on x < 0 so that it never
 * overflows: same sign, same roots), its derivatives, and a bound E on its evaluation error.
 * Descartes' rule of signs (which holds for real exponents too) bounds the number of roots, counted
 * with multiplicity, by the number V of sign changes of the flows in time order, and V minus that
 * number is even.
 *
 * - V = 0: no root.
 * - V = 1: at most one root, a simple one: the ends of the range, split at r = 0, bracket it and
 *   Brent's method refines it (fixed iteration cap, `ROOT_MAX_ITERATIONS`).
 * - Otherwise (or when V = 1 and the ends bracket nothing), f is scanned on a fixed grid
 *   ({@link RATE_GRID}):
 *   1. Every sign change between neighbouring points is refined by Brent's method. A point where f is
 *      zero (exactly, or within E at the end of a sign change, where its sign is noise) is a root, and
 *      a root just beside it is sought with the sign f takes there (that of its first derivative clear
 *      of its own bound), on f divided by (x - p)^m: a root at r = 0, a grid point, hides no neighbour.
 *   2. If the roots found (with multiplicity) leave fewer than two to V, no pair can hide between grid
 *      points: done. Otherwise every grid cell where f keeps its sign is tested: f cannot reach zero
 *      inside [a, b] when |f(a)| + |f(b)| exceeds (b - a) times a bound on |f'| over the cell (the sum
 *      of the magnitudes of its terms), or, with f' evaluated at the ends and a bound M on |f''|, when
 *      the distances d_a, d_b f needs to reach zero from either end (|f(a)| <= |f'(a)| d + M d^2 / 2)
 *      add up to more than b - a, the computed values taken as off by their error bounds. In the cells
 *      left, the extrema of f are found the same way, as the zeros of f' (computed from the flows;
 *      Descartes bounds them too, by the sign changes of the derivative's coefficients on each side of
 *      r = 0; f' is searched with f'' the same way, and f'' with f'''). With them as extra points f is
 *      monotone between points, and the scan is repeated.
 *   3. An extremum where f touches zero within rounding, between points of one sign clear of zero
 *      (beyond their bounds), is a double root; two neighbouring roots with f within E at their
 *      midpoint are one.
 *
 * Touching zero within rounding: |f(x)| <= E(x), E bounding the difference between the computed and
 * the exact f(x) from the magnitudes of its terms: E = K u sum |c_t| e^(-t x) for flows c_t at times t,
 * u = 2^-53, K = 6n + 8 for n periods, n + 2 T |x| + 8 for n dated flows spanning T years, and
 * N |x| + 16 for tvm's closed form over its three terms (each {@link RateFunction} derives its own).
 * The exact f is then within 2E of zero: no double-precision evaluation tells it from a double root.
 * Two roots are told apart when f dips beyond E between them: for the flows c, -c (2 + r1 + r2),
 * c (1 + r1)(1 + r2) (IRRs r1 and r2), when ln(1 + r2) - ln(1 + r1) > sqrt(320 u) = 1.9e-7.
 *
 * Completeness: f''' is the deepest derivative used, so a miss needs f''' to have two zeros within one
 * grid step and no sign change across it (some five roots, real or complex near the real axis, packed
 * that close). tvm's equation (for a whole nper) has at most one extremum on each side of r = 0, so f'
 * settles it.
 * @module
 */
import { brent } from './roots';

/** Lowest rate searched (per period, or per year for dated flows). */
export const RATE_SEARCH_MIN = -0.9999;
/** Highest rate searched (per period, or per year for dated flows). */
export const RATE_SEARCH_MAX = 10_000;

/** Unit roundoff of a double: the relative error of one correctly rounded operation. */
export const UNIT_ROUNDOFF = 2 ** -53;

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

const GRID = Float64Array.from(RATE_GRID);
const ZERO_INDEX = RATE_GRID.indexOf(0);
/** The grid points on each side of x = 0, both including 0. */
const LEFT_GRID = GRID.subarray(0, ZERO_INDEX + 1);
const RIGHT_GRID = GRID.subarray(ZERO_INDEX);

/** Which side of x = 0 a derivative belongs to: the scaled function differs on each side. */
export type Side = -1 | 1;

/**
 * A present value as a function of x = ln(1 + r), for {@link rateRoots}. On x < 0 it may be scaled by
 * a positive factor e^(L x) (a different function on each side, equal at 0): `derivative` and
 * `magnitudes` then take the side.
 */
export interface RateFunction {
  /** Sign changes of the flows in time order: Descartes' bound on the roots of `value`. */
  readonly changes: number;
  /** Highest derivative order `derivative` accepts (at least 1). */
  readonly maxOrder: number;
  /** f(x). */
  readonly value: (x: number) => number;
  /** The derivative of order `order` (1 to `maxOrder`) of the side's function at x. */
  derivative(x: number, order: number, side: Side): number;
  /**
   * K u, the factor of the evaluation-error bound of f^(order) (order 0: `value`): |computed - exact|
   * <= K u M_order(x), M from `magnitudes`. Never decreasing in |x|.
   */
  errorFactor(x: number, order: number): number;
  /**
   * [M_order, M_(order+1), M_(order+2)] at x: each the sum of the magnitudes of the terms of that
   * derivative, so a bound on its absolute value, and never increasing in |x| on the side (so that its
   * value at the end of a cell nearer x = 0 bounds it over the cell). Infinity where unknown.
   */
  magnitudes(x: number, order: number, side: Side): readonly [number, number, number];
  /** Descartes' bound on the zeros of every derivative (order >= 1) of the side's function. */
  derivativeChanges(side: Side): number;
}

/** The evaluation-error bound E of f^(order) at x (order 0: `value`). */
function boundOf(fn: RateFunction, x: number, order: number, side: Side): number {
  return fn.errorFactor(x, order) * (fn.magnitudes(x, order, side)[0] as number);
}

/**
 * Number of sign changes in `values` (from index `start` to before `end`), zeros skipped.
 *
 * @example
 * ```ts
 * signChanges([-100, 230, -132]); // 2
 * ```
 */
export function signChanges(values: ArrayLike<number>, start = 0, end = values.length): number {
  let changes = 0;
  let last = 0;
  for (let i = start; i < end; i++) {
    const v = values[i] as number;
    if (v === 0) continue;
    if (last !== 0 && v > 0 !== last > 0) changes++;
    last = v;
  }
  return changes;
}

/** How {@link rateRoots} searches a function (see {@link rateSearchKind}). */
export type RateSearchKind = 'none' | 'bracketed' | 'grid';

/**
 * How {@link rateRoots} searches `fn` (what the cost of an IRR request is figured from, before it runs):
 * `none` without a sign change; `bracketed` when one sign change's root is bracketed by the ends of the
 * range (Brent's method alone: 17-29 evaluations of f measured on 10 to 10,000 flows); `grid` otherwise
 * (several changes, or one whose root lies outside the range): the whole grid of {@link RATE_GRID}, the
 * cell tests and the extrema of each derivative level (measured on up to 10,000 flows: 651-690
 * evaluations of f, up to about 400 of its derivatives and 205 of its magnitudes). Evaluates f at most
 * three times.
 *
 * @example
 * ```ts
 * import { periodicRateFunction } from './irr';
 * rateSearchKind(periodicRateFunction([100, 200])); // 'none'
 * rateSearchKind(periodicRateFunction([-100, 110])); // 'bracketed'
 * rateSearchKind(periodicRateFunction([-100, 230, -132])); // 'grid'
 * ```
 */
export function rateSearchKind(fn: RateFunction): RateSearchKind {
  if (fn.changes === 0) return 'none';
  return fn.changes === 1 && endBracket(fn.value) !== undefined ? 'bracketed' : 'grid';
}

/**
 * For a function with one sign change: x = 0 when f is zero there, else the piece of the range (split at
 * x = 0) whose ends bracket its root, with f at them; undefined when neither does (the root, if any, lies
 * outside the range).
 */
function endBracket(f: (x: number) => number): 0 | readonly [number, number, number, number] | undefined {
  const flo = f(X_MIN);
  const fhi = f(X_MAX);
  const fmid = f(0);
  if (fmid === 0) return 0;
  if (flo === 0 || flo > 0 !== fmid > 0) return [X_MIN, 0, flo, fmid];
  if (fhi === 0 || fhi > 0 !== fmid > 0) return [0, X_MAX, fmid, fhi];
  return undefined;
}

/**
 * Every rate r (ascending) in the searched range with f(ln(1 + r)) = 0, counting a point where f
 * touches zero within rounding (see the module documentation) as a root.
 *
 * @example
 * ```ts
 * // -100 now, +110 in a year: r = 10% (finplan's own functions: periodicRateFunction in core/irr)
 * const later = (x: number) => 110 * Math.exp(-x);
 * const fn = {
 *   changes: 1,
 *   maxOrder: 1,
 *   value: (x: number) => -100 + later(x),
 *   derivative: (x: number) => -later(x),
 *   errorFactor: () => 10 * 2 ** -53,
 *   magnitudes: (x: number) => [100 + later(x), later(x), later(x)] as const,
 *   derivativeChanges: () => 0,
 * };
 * rateRoots(fn).map((r) => r.toFixed(12)); // ['0.100000000000']
 * ```
 */
export function rateRoots(fn: RateFunction): number[] {
  if (fn.changes === 0) return [];
  const f = fn.value;
  if (fn.changes === 1) {
    // At most one root, and a simple one: bracketed by the ends of the range when it lies inside.
    const bracket = endBracket(f);
    if (bracket === 0) return [0];
    if (bracket !== undefined) return [Math.expm1(brent(f, ...bracket))];
  }
  const values = new Float64Array(GRID.length);
  for (let i = 0; i < GRID.length; i++) values[i] = f(GRID[i] as number);
  // Neighbouring roots between which f stays within rounding of zero (checked at the midpoint) are
  // one multiple root: a double root that rounding split in two.
  const xs: number[] = [];
  for (const zero of levelZeros(fn, 0, 1, GRID, values)) {
    const previous = xs[xs.length - 1];
    if (previous !== undefined) {
      const mid = (previous + zero.x) / 2;
      if (zero.x === previous) continue;
      if (Math.abs(f(mid)) <= boundOf(fn, mid, 0, mid < 0 ? -1 : 1)) {
        xs[xs.length - 1] = mid;
        continue;
      }
    }
    xs.push(zero.x);
  }
  return xs.map(Math.expm1);
}

/** A zero of f^(order): where, and how many roots it stands for in Descartes' count. */
interface Zero {
  readonly x: number;
  readonly multiplicity: number;
}

/**
 * The breakpoints of a scan, ascending: grid points and extrema of f^(order) (zeros of the next
 * derivative), with the values of f^(order) there.
 */
interface Points {
  readonly x: ArrayLike<number>;
  readonly fx: ArrayLike<number>;
  /** Which points are extrema, 1 (none in a first scan). */
  readonly extremum?: Uint8Array;
}

/** Brent's roots of a first scan by the left end of their piece, for a second scan to reuse. */
type Refined = Map<number, { readonly b: number; readonly x: number }>;

/**
 * Zeros of f^(order) over `grid` (the whole grid for order 0, one side's half for order >= 1), given
 * the values there (NaN where not needed: pieces with a NaN end are not scanned). For order 0, `side`
 * is ignored (each piece takes the side it lies on).
 */
function levelZeros(
  fn: RateFunction,
  order: number,
  side: Side,
  grid: Float64Array,
  values: Float64Array,
): Zero[] {
  const first: Points = { x: grid, fx: values };
  const refined: Refined = new Map();
  const zeros = scan(fn, order, side, first, refined);
  const budget = order === 0 ? fn.changes : fn.derivativeChanges(side);
  let found = 0;
  for (const zero of zeros) found += zero.multiplicity;
  // Roots beyond those found come in pairs hidden between grid points (V minus the count is even).
  if (budget - found < 2 || order >= fn.maxOrder) return zeros;
  const extrema: Zero[] = [];
  for (const s of order === 0 ? ([-1, 1] as const) : [side]) {
    const sideGrid = s < 0 ? LEFT_GRID : RIGHT_GRID;
    const offset = order === 0 && s > 0 ? ZERO_INDEX : 0;
    const next = nextLevel(fn, order, s, sideGrid, values.subarray(offset, offset + sideGrid.length));
    if (next !== undefined) extrema.push(...levelZeros(fn, order + 1, s, sideGrid, next));
  }
  if (extrema.length === 0) return zeros;
  return scan(fn, order, side, withExtrema(fn, order, side, first, extrema), refined);
}

/** Grid points per block sharing the magnitudes of their end nearest x = 0 (a bound over the block). */
const BLOCK = 4;

/**
 * The smallest d >= 0 with p d + m d^2 / 2 >= q: how far from a point where |g| >= q and |g'| <= p,
 * with |g''| <= m, g can first reach zero (0 when q <= 0 or m is infinite).
 */
function reach(p: number, m: number, q: number): number {
  return q <= 0 ? 0 : (2 * q) / (p + Math.sqrt(p * p + 2 * m * q));
}

/**
 * f^(order + 1) on one side's grid where f^(order) may have zeros the scan did not see, NaN
 * elsewhere; undefined when there is no such place. Given g = f^(order) at the grid points (NaN: no
 * candidate), a cell [a, b] is ruled out when g keeps one sign at its ends and cannot reach zero
 * inside: a zero at a + d needs |g(a)| <= |g'(a)| d + M d^2 / 2 (M bounding |g''| over the cell), and
 * b - d likewise from b, so d_a + d_b <= b - a; first tried with |g'| <= M_(order+1) (no derivative
 * evaluated), then with g' at the ends. The magnitudes come from the block's end nearest x = 0, the
 * computed values are taken as off by their error bounds.
 */
function nextLevel(
  fn: RateFunction,
  order: number,
  side: Side,
  grid: Float64Array,
  values: Float64Array,
): Float64Array | undefined {
  const last = grid.length - 1;
  // Magnitudes [M_order, M_(order+1), M_(order+2)] of each block, at its end nearest x = 0 (index 0
  // on the right, `last` on the left), computed when first needed.
  const magnitudes = new Float64Array(3 * (Math.floor(last / BLOCK) + 1)).fill(Number.NaN);
  const derivatives = new Float64Array(grid.length).fill(Number.NaN);
  const derivativeAt = (k: number) => {
    if (Number.isNaN(derivatives[k] as number)) {
      derivatives[k] = fn.derivative(grid[k] as number, order + 1, side);
    }
    return derivatives[k] as number;
  };
  const slack = 1 + 64 * UNIT_ROUNDOFF;
  let next: Float64Array | undefined;
  for (let j = 0; j < last; j++) {
    const fa = values[j] as number;
    const fb = values[j + 1] as number;
    if (!Number.isFinite(fa) || !Number.isFinite(fb)) continue;
    if (fa * fb > 0) {
      const block = side > 0 ? Math.floor(j / BLOCK) : Math.floor((last - j - 1) / BLOCK);
      const at = 3 * block;
      if (Number.isNaN(magnitudes[at] as number)) {
        const anchor = side > 0 ? block * BLOCK : last - block * BLOCK;
        const m = fn.magnitudes(grid[anchor] as number, order, side);
        magnitudes[at] = m[0];
        magnitudes[at + 1] = m[1];
        magnitudes[at + 2] = m[2];
      }
      const far = grid[side > 0 ? j + 1 : j] as number;
      const error = fn.errorFactor(far, order) * (magnitudes[at] as number);
      const slope = magnitudes[at + 1] as number;
      const h = (grid[j + 1] as number) - (grid[j] as number);
      const qa = Math.abs(fa) - error;
      const qb = Math.abs(fb) - error;
      if (qa + qb > h * slope * slack) continue;
      const curvature = magnitudes[at + 2] as number;
      const slopeError = fn.errorFactor(far, order + 1) * slope;
      const da = reach(Math.abs(derivativeAt(j)) + slopeError, curvature, qa);
      const db = reach(Math.abs(derivativeAt(j + 1)) + slopeError, curvature, qb);
      if (da + db > h * slack) continue;
    }
    next ??= new Float64Array(grid.length).fill(Number.NaN);
    next[j] = derivativeAt(j);
    next[j + 1] = derivativeAt(j + 1);
  }
  return next;
}

/** The side a point of a scan of f^(order) belongs to (order 0: by its sign; 0 counts as right). */
function sideAt(order: number, levelSide: Side, x: number): Side {
  return order === 0 ? (x < 0 ? -1 : 1) : levelSide;
}

/** `points` with the extrema of f^(order) inserted in order (a grid point that is one is marked). */
function withExtrema(
  fn: RateFunction,
  order: number,
  side: Side,
  points: Points,
  extrema: readonly Zero[],
): Points {
  const size = points.x.length + extrema.length;
  const x = new Float64Array(size);
  const fx = new Float64Array(size);
  const extremum = new Uint8Array(size);
  let count = 0;
  let j = 0;
  for (let i = 0; i < points.x.length; i++) {
    const p = points.x[i] as number;
    let atPoint = 0;
    while (j < extrema.length && (extrema[j] as Zero).x <= p) {
      const e = (extrema[j] as Zero).x;
      j++;
      if (e === p) atPoint = 1;
      else if (count === 0 || x[count - 1] !== e) {
        x[count] = e;
        fx[count] = order === 0 ? fn.value(e) : fn.derivative(e, order, sideAt(order, side, e));
        extremum[count++] = 1;
      }
    }
    x[count] = p;
    fx[count] = points.fx[i] as number;
    extremum[count++] = atPoint;
  }
  return { x: x.subarray(0, count), fx: fx.subarray(0, count), extremum: extremum.subarray(0, count) };
}

/**
 * How f^(order) leaves a point p where it is zero (exactly, or within rounding), towards `direction`
 * (+1 right, -1 left): the multiplicity m (the order of its first derivative there clear of its own
 * bound, minus `order`), the sign f takes just beside p, and that derivative / m! (the limit of
 * f / (x - p)^m at p). A zero whose derivatives up to `maxOrder` are all within rounding of zero gives
 * sign 0 (unknown: no root is looked for beside it).
 */
function leaving(fn: RateFunction, order: number, side: Side, p: number, direction: 1 | -1) {
  let factorial = 1;
  for (let k = order + 1; k <= fn.maxOrder; k++) {
    const m = k - order;
    factorial *= m;
    const d = fn.derivative(p, k, side);
    if (Number.isFinite(d) && Math.abs(d) > boundOf(fn, p, k, side)) {
      const sign = Math.sign(d) * (direction < 0 && m % 2 === 1 ? -1 : 1);
      return { multiplicity: m, sign, limit: d / factorial };
    }
  }
  return { multiplicity: fn.maxOrder - order + 1, sign: 0, limit: 0 };
}

/**
 * Zeros of f^(order) over consecutive `points`: exact zeros at points, extrema within rounding of
 * zero (|f| <= bound: a touch, no other root in the monotone pieces beside it), and one Brent-refined
 * root in each piece whose ends differ in sign (at an exact zero, the sign just beside it, with f
 * deflated by (x - p)^m so that Brent's method never sees the zero at p).
 */
function scan(fn: RateFunction, order: number, levelSide: Side, points: Points, refined: Refined): Zero[] {
  const zeros: Zero[] = [];
  const { x: xs, fx: fs, extremum } = points;
  const left = order === 0 ? (x: number) => fn.value(x) : (x: number) => fn.derivative(x, order, -1);
  const right = order === 0 ? left : (x: number) => fn.derivative(x, order, 1);
  const last = xs.length - 1;
  // Whether f^(order) at point j is within its evaluation-error bound of zero (bounds computed once,
  // where needed).
  const bounds = new Map<number, number>();
  const within = (j: number) => {
    let bound = bounds.get(j);
    if (bound === undefined) {
      const x = xs[j] as number;
      bound = boundOf(fn, x, order, sideAt(order, levelSide, x));
      bounds.set(j, bound);
    }
    return Math.abs(fs[j] as number) <= bound;
  };
  // Touches: an extremum within rounding of zero, where the nearest points on either side that are
  // clear of zero (beyond their bounds) have one sign. The dip is a double root, reported once at the
  // extremum nearest zero; the pieces between those points hold no other root (any crossing there is
  // within rounding of the touch).
  let touch: Uint8Array | undefined;
  let inTouch: Uint8Array | undefined; // piece i = [x_i, x_(i+1)] lies between a touch's clear points
  if (extremum !== undefined) {
    touch = new Uint8Array(xs.length);
    inTouch = new Uint8Array(xs.length);
    for (let i = 1; i < last; i++) {
      if (extremum[i] !== 1 || inTouch[i] === 1 || !within(i)) continue;
      let lo = i - 1;
      while (lo >= 0 && within(lo)) lo--;
      let hi = i + 1;
      while (hi <= last && within(hi)) hi++;
      if (lo < 0 || hi > last) continue;
      const before = fs[lo] as number;
      const after = fs[hi] as number;
      if (!Number.isFinite(before) || !Number.isFinite(after) || before > 0 !== after > 0) continue;
      let best = i;
      for (let j = lo + 1; j < hi; j++) {
        if (extremum[j] === 1 && Math.abs(fs[j] as number) < Math.abs(fs[best] as number)) best = j;
      }
      touch[best] = 1;
      inTouch.fill(1, lo, hi);
    }
  }
  // An end of a sign change that is within rounding of zero is a zero: its sign is noise, and a root
  // just beside it is looked for with the sign of its derivative there, as at an exact zero.
  let values: ArrayLike<number> = fs;
  for (let i = 0; i < last; i++) {
    const fa = values[i] as number;
    const fb = values[i + 1] as number;
    if (!(fa * fb < 0) || fa === 0 || fb === 0 || inTouch?.[i] === 1) continue;
    for (const j of [i, i + 1]) {
      if (within(j)) {
        if (values === fs) values = Float64Array.from(fs);
        (values as Float64Array)[j] = 0;
      }
    }
  }
  for (let i = 0; i <= last; i++) {
    const fa = values[i] as number;
    const fb = i < last ? (values[i + 1] as number) : 0;
    // The common piece: both ends non-zero, of one sign, no touch.
    if (fa * fb > 0 && (touch === undefined || touch[i] !== 1)) continue;
    const touchA = touch !== undefined && touch[i] === 1;
    const skip = inTouch !== undefined && inTouch[i] === 1;
    const inside = skip && i > 0 && inTouch?.[i - 1] === 1;
    if (fa !== 0 && fb !== 0 && fa > 0 === fb > 0 && !touchA) continue;
    const a = xs[i] as number;
    if (touchA) zeros.push({ x: a, multiplicity: 2 });
    else if (fa === 0 && !inside) {
      const multiplicity = leaving(fn, order, sideAt(order, levelSide, a), a, 1).multiplicity;
      zeros.push({ x: a, multiplicity });
    }
    if (i === last || skip || !Number.isFinite(fa) || !Number.isFinite(fb)) continue;
    const b = xs[i + 1] as number;
    const side: Side = order === 0 ? (b <= 0 ? -1 : 1) : levelSide;
    const f = side < 0 ? left : right;
    if (fa !== 0 && fb !== 0) {
      const known = refined.get(a);
      const x = known !== undefined && known.b === b ? known.x : brent(f, a, b, fa, fb);
      refined.set(a, { b, x });
      zeros.push({ x, multiplicity: 1 });
    } else if (fa === 0 && fb !== 0) {
      const out = leaving(fn, order, side, a, 1);
      if (out.sign !== 0 && out.sign !== Math.sign(fb)) {
        const g = (x: number) => f(x) / (x - a) ** out.multiplicity;
        zeros.push({ x: brent(g, a, b, out.limit, g(b)), multiplicity: 1 });
      }
    } else if (fb === 0 && fa !== 0) {
      const out = leaving(fn, order, side, b, -1);
      if (out.sign !== 0 && out.sign !== Math.sign(fa)) {
        const g = (x: number) => f(x) / (b - x) ** out.multiplicity;
        const limit = out.multiplicity % 2 === 1 ? -out.limit : out.limit;
        zeros.push({ x: brent(g, a, b, g(a), limit), multiplicity: 1 });
      }
    }
  }
  return zeros;
}
