/**
 * The retirement spending rules, as pure functions of one year's state: the Guyton-Klinger decision
 * rules, the variable percentage withdrawal (VPW) percentage and the floor-and-ceiling clamp. The
 * simulations call them once per path and year; docs/retirement.md states each rule and its source.
 *
 * @internal
 * @module
 */

/** The thresholds of the Guyton-Klinger decision rules (Guyton and Klinger 2006); all overridable. */
export interface GuytonKlingerRules {
  /**
   * The withdrawal rule: after a year whose portfolio return was negative, the inflation raise is
   * skipped when the raised withdrawal would be a larger share of the portfolio than the initial
   * withdrawal rate.
   */
  readonly withdrawalRule: boolean;
  /** The capital preservation rule triggers when the current rate exceeds the initial one by more than this share (0.2). */
  readonly capitalPreservationThreshold: number;
  /** The capital preservation cut (0.1 = the withdrawal falls by 10%). */
  readonly capitalPreservationCut: number;
  /** The prosperity rule triggers when the current rate is below the initial one by more than this share (0.2). */
  readonly prosperityThreshold: number;
  /** The prosperity raise (0.1 = the withdrawal rises by 10%). */
  readonly prosperityRaise: number;
  /** The capital preservation rule is not applied in the final this-many years of the plan (15). */
  readonly capitalPreservationFinalYears: number;
}

/** The rules as Guyton and Klinger (2006) tested them. */
export const GUYTON_KLINGER_DEFAULTS: GuytonKlingerRules = Object.freeze({
  withdrawalRule: true,
  capitalPreservationThreshold: 0.2,
  capitalPreservationCut: 0.1,
  prosperityThreshold: 0.2,
  prosperityRaise: 0.1,
  capitalPreservationFinalYears: 15,
});

/**
 * The withdrawal of a retirement year after the first under the Guyton-Klinger decision rules.
 *
 * 1. Inflation adjustment: `w = previous x inflationFactor`.
 * 2. Withdrawal rule (when on): if last year's portfolio return was negative (`priorGross < 1`) and
 *    `w / balance > initialRate`, the raise is skipped: `w = previous` (and never made up).
 * 3. With the current rate `rate = w / balance` (this year's withdrawal after step 2, over the
 *    portfolio at the start of the year, before the withdrawal):
 *    - capital preservation: if `rate > initialRate x (1 + capitalPreservationThreshold)` and more than
 *      `capitalPreservationFinalYears` years remain (counting this one), `w = w x (1 - cut)`;
 *    - otherwise prosperity: if `rate < initialRate x (1 - prosperityThreshold)`, `w = w x (1 + raise)`.
 *
 * Comparisons are strict: a rate exactly at a threshold triggers nothing. The result is the new basis
 * for next year's inflation adjustment.
 *
 * @param rules - the thresholds
 * @param initialRate - the initial withdrawal rate: first year's withdrawal / portfolio at retirement
 * @param previous - last year's withdrawal (nominal dollars)
 * @param balance - the portfolio at the start of this year, before this year's withdrawal
 * @param priorGross - last year's gross portfolio return (1 + total return)
 * @param inflationFactor - 1 + inflation
 * @param yearsRemaining - years left in the plan, counting this one (1 in the final year)
 * @returns this year's withdrawal (nominal dollars)
 */
export function guytonKlingerWithdrawal(
  rules: GuytonKlingerRules,
  initialRate: number,
  previous: number,
  balance: number,
  priorGross: number,
  inflationFactor: number,
  yearsRemaining: number,
): number {
  let w = previous * inflationFactor;
  if (rules.withdrawalRule && priorGross < 1 && w / balance > initialRate) w = previous;
  const rate = w / balance;
  if (
    rate > initialRate * (1 + rules.capitalPreservationThreshold) &&
    yearsRemaining > rules.capitalPreservationFinalYears
  ) {
    return w * (1 - rules.capitalPreservationCut);
  }
  if (rate < initialRate * (1 - rules.prosperityThreshold)) return w * (1 + rules.prosperityRaise);
  return w;
}

/**
 * The variable percentage withdrawal (VPW) percentages, by years remaining: `rates[n]` is the share of
 * the portfolio withdrawn at the start of a year with `n` years left (counting that year), for `n`
 * from 1 to `maxYears` (`rates[0]` is unused). It is the payment of an annuity due that spends 1 over
 * `n` years at the real return `realReturn`, the spreadsheet `PMT(realReturn, n, -1, 0, 1)`,
 * computed as `1 / (v^0 + v^1 + ... + v^(n-1))` with `v = 1 / (1 + realReturn)`: a sum of positive
 * terms, exact in form for any return (no cancellation near 0, where the rate tends to 1/n) and free
 * of `Math.pow` (whose last bit differs between engines). `rates[1] = 1`: the final year spends what
 * is left.
 *
 * @param realReturn - the assumed real return (> -1)
 * @param maxYears - the longest horizon needed
 * @returns the percentages, index = years remaining
 */
export function vpwRates(realReturn: number, maxYears: number): Float64Array {
  const rates = new Float64Array(maxYears + 1);
  const v = 1 / (1 + realReturn);
  let annuityDue = 0;
  let discount = 1;
  for (let n = 1; n <= maxYears; n++) {
    annuityDue += discount;
    discount *= v;
    rates[n] = 1 / annuityDue;
  }
  return rates;
}

/**
 * The floor-and-ceiling withdrawal: `rate x balance`, raised to the floor or lowered to the ceiling,
 * both given in this year's dollars (`floor x first withdrawal` and `ceiling x first withdrawal`,
 * grown with inflation).
 *
 * @param rate - the share of the current portfolio withdrawn
 * @param balance - the portfolio at the start of the year, before the withdrawal
 * @param floor - the lowest withdrawal this year (nominal dollars)
 * @param ceiling - the highest withdrawal this year (nominal dollars, >= floor)
 * @returns this year's withdrawal (nominal dollars)
 */
export function floorAndCeilingWithdrawal(
  rate: number,
  balance: number,
  floor: number,
  ceiling: number,
): number {
  const w = rate * balance;
  return w < floor ? floor : w > ceiling ? ceiling : w;
}
