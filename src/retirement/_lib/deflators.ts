/**
 * The price level of each simulated year, shared by the retirement simulations that report real
 * (today's) dollars.
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';

/**
 * `(1 + inflation)^t` for t = 0..years, each exact in decimal then rounded once to a double.
 *
 * @example
 * ```ts
 * Array.from(deflatorsFor(0.1, 2)); // [1, 1.1, 1.21]
 * ```
 */
export function deflatorsFor(inflation: number, years: number): Float64Array {
  const out = new Float64Array(years + 1);
  const factor = new Dec(1).plus(inflation);
  let d = new Dec(1);
  for (let t = 0; t <= years; t++) {
    out[t] = d.toNumber();
    d = d.mul(factor);
  }
  return out;
}
