import { quantiles } from './quantile';

/**
 * Year-by-year percentile bands of simulated values stored year-major: `values[t * paths + p]` is path
 * `p`'s value at step `t`. Returns, for each step, the type-7 quantiles at `qs` (in the order of `qs`).
 * Each step's column is reordered in place (a multiselect per step, O(paths) each): pass a copy to keep
 * path order.
 *
 * @example
 * ```ts
 * import { yearlyBands } from 'finplan';
 * // two steps of three paths: step 0 = [3, 1, 2], step 1 = [6, 4, 5]
 * const bands = yearlyBands(Float64Array.of(3, 1, 2, 6, 4, 5), 3, [0, 0.5, 1]);
 * bands[0]; // [1, 2, 3]
 * bands[1]; // [4, 5, 6]
 * ```
 */
export function yearlyBands(values: Float64Array, paths: number, qs: readonly number[]): number[][] {
  if (paths < 1 || values.length % paths !== 0) {
    throw new RangeError(`yearlyBands: ${values.length} values are not whole steps of ${paths} paths`);
  }
  const bands: number[][] = [];
  for (let start = 0; start < values.length; start += paths) {
    bands.push(quantiles(values.subarray(start, start + paths), qs));
  }
  return bands;
}
