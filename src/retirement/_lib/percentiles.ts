/**
 * The percentile groups the retirement simulations report: `{ p5, p10, p25, p50, p75, p90, p95 }` in
 * dollars, from the simulation module's type-7 quantiles at `STANDARD_PERCENTILES`.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { roundMoney } from '../../core/rounding';
import { quantiles, STANDARD_PERCENTILES } from '../../core/simulation/index';

/** The result schema of a percentile group, with its description. */
export function percentilesSchema(description: string) {
  return z
    .object({
      p5: z.number(),
      p10: z.number(),
      p25: z.number(),
      p50: z.number(),
      p75: z.number(),
      p90: z.number(),
      p95: z.number(),
    })
    .check(z.describe(`${description} Percentiles across the paths (type 7), dollars to the cent.`));
}

/** A percentile group. */
export type Percentiles = z.infer<ReturnType<typeof percentilesSchema>>;

/**
 * The group from quantiles at `STANDARD_PERCENTILES` (in that order), each divided by `divisor` (a
 * deflator for real dollars; 1 for nominal) and rounded to cents.
 */
export function percentileGroup(q: readonly number[], divisor = 1): Percentiles {
  const money = (i: number) => roundMoney((q[i] as number) / divisor);
  return {
    p5: money(0),
    p10: money(1),
    p25: money(2),
    p50: money(3),
    p75: money(4),
    p90: money(5),
    p95: money(6),
  };
}

/** Type-7 quantiles of `values` at `STANDARD_PERCENTILES` (reorders `values`). */
export function standardQuantiles(values: Float64Array): number[] {
  return quantiles(values, STANDARD_PERCENTILES);
}
