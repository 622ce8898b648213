/**
 * Present-value helpers shared by the insurance operations, built on the money primitives
 * (`annuityCertainFactor`): the real rate of a growing stream and the present value of a stream that
 * grows each year.
 *
 * @internal
 * @module
 */
import { annuityCertainFactor } from '../../core/rounding';

/**
 * The rate at which a stream growing by `growth` a year is discounted when money earns `rate`:
 * (1 + rate) / (1 + growth) - 1.
 *
 * @example
 * ```ts
 * realRate(0.071, 0.02).toFixed(12); // '0.050000000000'
 * ```
 */
export function realRate(rate: number, growth: number): number {
  return (rate - growth) / (1 + growth);
}

/**
 * Present value of 1 a year paid at the start of each of `years` years, the payment growing by
 * `growth` a year, discounted at `rate`: sum over t = 0..years-1 of ((1 + growth) / (1 + rate))^t,
 * that is the annuity-due factor at the real rate r divided by (1 + r)^years.
 *
 * @example
 * ```ts
 * growingAnnuityDue(0.1, 0, 2).toFixed(6); // '1.909091' (1 + 1/1.1)
 * growingAnnuityDue(0.03, 0.03, 20); // 20
 * ```
 */
export function growingAnnuityDue(rate: number, growth: number, years: number): number {
  if (years === 0) return 0;
  const r = realRate(rate, growth);
  return annuityCertainFactor(r, years, 'begin') / Math.exp(years * Math.log1p(r));
}
