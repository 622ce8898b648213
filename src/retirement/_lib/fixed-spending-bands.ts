/**
 * Percentile bands of the withdrawals of inflation-indexed (fixed real) spending, without storing them
 * path by path: in a given year every path still paying pays the same planned amount, the paths
 * depleted that year pay what they had left (less than planned), and the paths depleted earlier pay 0.
 * So each year's column in ascending order is known from the depletions alone, built in O(paths), and
 * its type-7 quantiles read off directly.
 *
 * @internal
 * @module
 */
import { quantile, STANDARD_PERCENTILES } from '../../core/simulation/index';

/**
 * Bands at `STANDARD_PERCENTILES` for the steps `from` to `planned.length - 1`.
 *
 * @param planned - the planned withdrawal of each step
 * @param paths - number of paths
 * @param from - the first step with a withdrawal
 * @param depletionSteps - for each depleted path, the step it could not pay in full
 * @param lastPayments - what each depleted path paid in that step (same order)
 * @returns one row of quantiles per step from `from`
 */
export function fixedSpendingBands(
  planned: Float64Array,
  paths: number,
  from: number,
  depletionSteps: Int32Array,
  lastPayments: Float64Array,
): number[][] {
  const lastByStep: number[][] = [];
  for (let t = 0; t < planned.length; t++) lastByStep.push([]);
  for (let i = 0; i < depletionSteps.length; i++) {
    lastByStep[depletionSteps[i] as number]!.push(lastPayments[i] as number);
  }
  const column = new Float64Array(paths);
  const bands: number[][] = [];
  let before = 0;
  for (let t = from; t < planned.length; t++) {
    const last = lastByStep[t]!.sort((a, b) => a - b);
    column.fill(0, 0, before);
    column.set(last, before);
    column.fill(planned[t] as number, before + last.length);
    bands.push(STANDARD_PERCENTILES.map((q) => quantile(column, q)));
    before += last.length;
  }
  return bands;
}
