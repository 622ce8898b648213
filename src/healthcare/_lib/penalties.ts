/**
 * The Medicare late-enrollment penalty rules (`data/healthcare/medicare-rules.json`), as functions of a
 * premium and a number of months.
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import { MEDICARE_RULES } from './year-tables';

/** `value` to the nearest multiple of `step`, half up. */
export function toNearest(value: Dec, step: number): Dec {
  return value.div(step).toDecimalPlaces(0, Dec.ROUND_HALF_UP).times(step);
}

/**
 * The Part B late-enrollment penalty rate: 10% per full 12-month period late.
 */
export function partBPenaltyRate(monthsLate: number): Dec {
  const rule = MEDICARE_RULES.part_b_penalty;
  return new Dec(rule.rate_per_period).times(Math.floor(monthsLate / rule.period_months));
}

/**
 * The monthly Part B penalty on a standard premium: rate x premium to the nearest $0.10.
 */
export function partBMonthlyPenalty(standardPremium: number | Dec, monthsLate: number): Dec {
  return toNearest(
    partBPenaltyRate(monthsLate).times(standardPremium),
    MEDICARE_RULES.part_b_penalty.rounding,
  );
}

/**
 * The monthly Part D penalty on a base beneficiary premium: 1% per uncovered month, to the nearest $0.10.
 */
export function partDMonthlyPenalty(basePremium: number | Dec, monthsUncovered: number): Dec {
  const rule = MEDICARE_RULES.part_d_penalty;
  return toNearest(new Dec(rule.rate_per_month).times(monthsUncovered).times(basePremium), rule.rounding);
}
