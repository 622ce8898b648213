/**
 * Order statistics of simulated outcomes: quantiles by linear interpolation (Hyndman and Fan type 7,
 * numpy's default), computed with a multiselect so that a percentile summary of n values costs O(n)
 * instead of a full sort.
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

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/**
 * Partition `a[lo..hi]` around the median of three and return the pivot's final index: everything
 * left of it is <= the pivot, everything right of it is >= it.
 */
function partition(a: Float64Array, lo: number, hi: number): number {
  const mid = (lo + hi) >>> 1;
  if ((a[mid] as number) < (a[lo] as number)) swap(a, mid, lo);
  if ((a[hi] as number) < (a[lo] as number)) swap(a, hi, lo);
  if ((a[hi] as number) < (a[mid] as number)) swap(a, hi, mid);
  const pivot = a[mid] as number;
  swap(a, mid, hi - 1);
  let i = lo;
  let j = hi - 1;
  for (;;) {
    do i++;
    while ((a[i] as number) < pivot);
    do j--;
    while ((a[j] as number) > pivot);
    if (i >= j) break;
    swap(a, i, j);
  }
  swap(a, i, hi - 1);
  return i;
}

/**
 * Reorder `a[lo..hi]` so that each rank of `ranks[rlo..rhi]` (ascending, within lo..hi) holds its order
 * statistic: the multiselect of Dobkin and Munro, a quickselect that recurses only into the sides that
 * still hold a wanted rank.
 */
function multiselect(
  a: Float64Array,
  lo: number,
  hi: number,
  ranks: Int32Array,
  rlo: number,
  rhi: number,
): void {
  while (rlo <= rhi) {
    if (hi - lo < 16) {
      // Insertion sort: small ranges finish faster this way.
      for (let i = lo + 1; i <= hi; i++) {
        const v = a[i] as number;
        let j = i - 1;
        while (j >= lo && (a[j] as number) > v) {
          a[j + 1] = a[j] as number;
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    const p = partition(a, lo, hi);
    // Ranks below p go left, above p go right; a rank equal to p is done.
    let split = rlo;
    while (split <= rhi && (ranks[split] as number) < p) split++;
    let right = split;
    while (right <= rhi && (ranks[right] as number) === p) right++;
    // Recurse into the smaller list of ranks, loop on the other.
    if (split - rlo < rhi - right + 1) {
      multiselect(a, lo, p - 1, ranks, rlo, split - 1);
      lo = p + 1;
      rlo = right;
    } else {
      multiselect(a, p + 1, hi, ranks, right, rhi);
      hi = p - 1;
      rhi = split - 1;
    }
  }
}

/** The order-statistic ranks type-7 interpolation reads for `qs` over `n` values, ascending and distinct. */
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
  multiselect(values, 0, n - 1, ranks, 0, ranks.length - 1);
  return qs.map((q) => {
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    const x = values[lo] as number;
    return lo + 1 >= n ? x : x + (h - lo) * ((values[lo + 1] as number) - x);
  });
}
