/**
 * Order statistics of simulated outcomes: quantiles by linear interpolation (Hyndman and Fan type 7,
 * numpy's default), computed with a multiselect so that a percentile summary of n values costs O(n)
 * instead of a full sort, with branch-free partitions (no misprediction on random data).
 *
 * @module
 */

/** The percentiles every stochastic result reports by default, as fractions. */
export const STANDARD_PERCENTILES = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95] as const;

/**
 * The `q`-quantile of ascending `sorted` values by linear interpolation between order statistics
 * (Hyndman and Fan type 7): `h = (n - 1) q`, `x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])`.
 * Monotone in q.
 *
 * @example
 * ```ts
 * import { quantile } from 'finplan';
 * quantile(Float64Array.of(1, 2, 3, 4), 0.5); // 2.5
 * quantile(Float64Array.of(1, 2, 3, 4, 5), 0.25); // 2
 * ```
 */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const x = sorted[lo] as number;
  if (lo + 1 >= sorted.length) return x;
  return x + (h - lo) * ((sorted[lo + 1] as number) - x);
}

/**
 * Partition `a[lo..hi]` around the median of its first, middle and last values, without data-dependent
 * branches (Lomuto passes whose comparisons become 0/1 increments, so random data costs no branch
 * misprediction): on return `a[lo..bounds[0])` < pivot and `a[bounds[1]..hi]` >= pivot, with
 * `a[bounds[0]..bounds[1])` === pivot. The middle part is gathered (a second pass) only when the lower
 * part is under an eighth of the range; then runs of equal values (the zeros of depleted paths) end up
 * in it at once instead of degrading the selection. Either way the range shrinks.
 */
function partition3(a: Float64Array, lo: number, hi: number, bounds: Int32Array): void {
  const x = a[lo] as number;
  const y = a[(lo + hi) >>> 1] as number;
  const z = a[hi] as number;
  const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
  const lt = moveBelow(a, lo, hi, pivot);
  // a[lt..hi] >= pivot. A lower part of at least an eighth leaves an upper part small enough to go on
  // with; otherwise gather the values equal to the pivot (there is one at least), so runs of ties end.
  bounds[0] = lt;
  bounds[1] = (lt - lo) * 8 >= hi - lo + 1 ? lt : gatherEqual(a, lt, hi, pivot);
}

// Both passes are functions of their own whose loop has nothing after it but a return. A long loop is
// compiled while it runs (on-stack replacement), before any code after it has run once; V8 keeps that
// compiled loop, and it gave up (deoptimized) at the unseen code after it on every later call: hundreds
// of times a simulation when the passes sat inside partition3.

/** Move the values of `a[lo..hi]` below `pivot` to its front; returns the end of that run. */
function moveBelow(a: Float64Array, lo: number, hi: number, pivot: number): number {
  let lt = lo;
  for (let i = lo; i <= hi; i++) {
    const v = a[i] as number;
    const below = +(v < pivot);
    a[i] = a[lt] as number;
    a[lt] = v;
    lt += below;
  }
  return lt;
}

/** Move the values of `a[lo..hi]` equal to `pivot` to its front; returns the end of that run. */
function gatherEqual(a: Float64Array, lo: number, hi: number, pivot: number): number {
  let gt = lo;
  for (let i = lo; i <= hi; i++) {
    const v = a[i] as number;
    const equal = +(v === pivot);
    a[i] = a[gt] as number;
    a[gt] = v;
    gt += equal;
  }
  return gt;
}

/** Sort `a[lo..hi]` in place by insertion: small ranges finish faster this way. */
function insertionSort(a: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= lo && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Put the order statistics at every index of `ranks[rlo..rhi]` (ascending) in place: quickselect that
 * follows every rank at once. A range whose partitions keep going badly (more rounds than a balanced
 * run needs, twice over) is sorted instead, so no input makes it quadratic.
 */
function multiselect(
  a: Float64Array,
  lo: number,
  hi: number,
  ranks: Int32Array,
  rlo: number,
  rhi: number,
  bounds: Int32Array,
  budget: number,
): void {
  while (rlo <= rhi) {
    if (hi - lo < 24) {
      insertionSort(a, lo, hi);
      return;
    }
    if (budget-- <= 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    partition3(a, lo, hi, bounds);
    const lt = bounds[0] as number;
    const gt = bounds[1] as number;
    // Ranks below lt go left, ranks from gt go right; ranks in between hold the pivot: done.
    let split = rlo;
    while (split <= rhi && (ranks[split] as number) < lt) split++;
    let right = split;
    while (right <= rhi && (ranks[right] as number) < gt) right++;
    // Recurse into the smaller list of ranks, loop on the other.
    if (split - rlo < rhi - right + 1) {
      multiselect(a, lo, lt - 1, ranks, rlo, split - 1, bounds, budget);
      lo = gt;
      rlo = right;
    } else {
      multiselect(a, gt, hi, ranks, right, rhi, bounds, budget);
      hi = lt - 1;
      rhi = split - 1;
    }
  }
}

function ranksFor(n: number, qs: readonly number[]): Int32Array {
  const wanted = new Set<number>();
  for (const q of qs) {
    const lo = Math.floor((n - 1) * q);
    wanted.add(lo);
    if (lo + 1 < n) wanted.add(lo + 1);
  }
  return Int32Array.from([...wanted].sort((x, y) => x - y));
}

/**
 * Type-7 quantiles of `values` at each of `qs` (fractions in [0, 1]), in the order of `qs`. Reorders
 * `values` in place (a multiselect: only the order statistics needed are put in their places); pass a
 * copy to keep the original order.
 *
 * @example
 * ```ts
 * import { quantiles } from 'finplan';
 * quantiles(Float64Array.of(5, 1, 4, 2, 3), [0, 0.25, 0.5, 1]); // [1, 2, 3, 5]
 * ```
 */
export function quantiles(values: Float64Array, qs: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) throw new RangeError('quantiles of no values');
  const ranks = ranksFor(n, qs);
  // A balanced run needs about log2(n) rounds along any path of ranks; four times that is the budget.
  multiselect(values, 0, n - 1, ranks, 0, ranks.length - 1, new Int32Array(2), 4 * (32 - Math.clz32(n)));
  return qs.map((q) => {
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    const x = values[lo] as number;
    return lo + 1 >= n ? x : x + (h - lo) * ((values[lo + 1] as number) - x);
  });
}
