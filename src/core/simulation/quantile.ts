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
 * Partition `a[lo..hi]` around a pivot, without data-dependent branches (Lomuto passes whose
 * comparisons become 0/1 increments, so random data costs no branch misprediction): on return
 * `a[lo..bounds[0])` < pivot and `a[bounds[1]..hi]` >= pivot, with `a[bounds[0]..bounds[1])` === pivot.
 * A long range takes a pivot aimed at the wanted rank `target` ({@link pivotNear}); a short one the
 * median of its first, middle and last values. The middle part is gathered (a second pass) only when
 * the lower part is empty (aimed pivot) or under an eighth of the range (median of three); then runs of
 * equal values (the zeros of depleted paths) end up in it at once instead of degrading the selection.
 * Either way the range shrinks.
 */
function partition3(a: Float64Array, lo: number, hi: number, target: number, bounds: Int32Array): void {
  const short = hi - lo < TARGETED_FROM;
  const pivot = short ? medianOfThree(a, lo, hi) : pivotNear(a, lo, hi, target);
  const lt = moveBelow(a, lo, hi, pivot);
  // a[lt..hi] >= pivot. Gather the values equal to the pivot (one at least) when the lower part is empty
  // (aimed pivot) or under an eighth of the range (median of three), so that runs of ties end.
  bounds[0] = lt;
  bounds[1] = (short ? (lt - lo) * 8 >= hi - lo + 1 : lt > lo) ? lt : gatherEqual(a, lt, hi, pivot);
}

/** The median of the first, middle and last values of `a[lo..hi]`. */
function medianOfThree(a: Float64Array, lo: number, hi: number): number {
  const x = a[lo] as number;
  const y = a[(lo + hi) >>> 1] as number;
  const z = a[hi] as number;
  return x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
}

/** Ranges at least this long take a pivot aimed at a wanted rank ({@link pivotNear}). */
const TARGETED_FROM = 256;
/** Values sampled to aim a pivot. */
const SAMPLED = 15;
const sampled = new Float64Array(SAMPLED);

/**
 * A pivot aimed just past `target` (a wanted rank in `a[lo..hi]`) on the side of the nearer end, read
 * from `SAMPLED` values at equal strides: the part that keeps the rank is then about as small as the
 * rank's distance from that end, instead of half the range.
 */
function pivotNear(a: Float64Array, lo: number, hi: number, target: number): number {
  const stride = Math.floor((hi - lo) / (SAMPLED - 1));
  for (let j = 0; j < SAMPLED; j++) sampled[j] = a[lo + j * stride] as number;
  insertionSort(sampled, 0, SAMPLED - 1);
  const at = ((target - lo) / (hi - lo)) * (SAMPLED - 1);
  // at is in [0, SAMPLED - 1], so the index is in [1, SAMPLED - 2].
  return sampled[at < (SAMPLED - 1) / 2 ? Math.ceil(at) + 1 : Math.floor(at) - 1] as number;
}

// Both passes are functions of their own whose loop has nothing after it but a return. A long loop is
// compiled while it runs (on-stack replacement), before any code after it has run once; V8 keeps that
// compiled loop, and it gave up (deoptimized) at the unseen code after it on every later call: hundreds
// of times a simulation when the passes sat inside partition3. So the few values that do not fill a group
// of four go first, and the long loop takes four values a turn: the typed array's checks and the loop's
// own overhead, which V8 repeats every turn, are paid once for four values (about 40% faster here).

/** Swap `a[i]` to `a[lt]`; the end of the run grows when the value is below `pivot`. */
function moveIfBelow(a: Float64Array, i: number, lt: number, pivot: number): number {
  const v = a[i] as number;
  a[i] = a[lt] as number;
  a[lt] = v;
  return lt + +(v < pivot);
}

/** Swap `a[i]` to `a[gt]`; the end of the run grows when the value equals `pivot`. */
function moveIfEqual(a: Float64Array, i: number, gt: number, pivot: number): number {
  const v = a[i] as number;
  a[i] = a[gt] as number;
  a[gt] = v;
  return gt + +(v === pivot);
}

/** Move the values of `a[lo..hi]` below `pivot` to its front; returns the end of that run. */
function moveBelow(a: Float64Array, lo: number, hi: number, pivot: number): number {
  let lt = lo;
  let i = lo;
  for (const head = lo + ((hi - lo + 1) & 3); i < head; i++) lt = moveIfBelow(a, i, lt, pivot);
  for (; i <= hi; i += 4) {
    lt = moveIfBelow(a, i, lt, pivot);
    lt = moveIfBelow(a, i + 1, lt, pivot);
    lt = moveIfBelow(a, i + 2, lt, pivot);
    lt = moveIfBelow(a, i + 3, lt, pivot);
  }
  return lt;
}

/** Move the values of `a[lo..hi]` equal to `pivot` to its front; returns the end of that run. */
function gatherEqual(a: Float64Array, lo: number, hi: number, pivot: number): number {
  let gt = lo;
  let i = lo;
  for (const head = lo + ((hi - lo + 1) & 3); i < head; i++) gt = moveIfEqual(a, i, gt, pivot);
  for (; i <= hi; i += 4) {
    gt = moveIfEqual(a, i, gt, pivot);
    gt = moveIfEqual(a, i + 1, gt, pivot);
    gt = moveIfEqual(a, i + 2, gt, pivot);
    gt = moveIfEqual(a, i + 3, gt, pivot);
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
    partition3(a, lo, hi, ranks[(rlo + rhi) >>> 1] as number, bounds);
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
