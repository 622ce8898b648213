/**
 * The Social Security retirement benefit at a claiming age (`data/social-security/retirement-benefit-rules.json`):
 * full retirement age by birth year, the early-retirement reduction, delayed retirement credits and
 * SSA's dime rounding, computed with SSA's exact fractions (never their decimals, POMS RS 00615.692C.2).
 * Exported from `finplan/social-security` for engines that need the benefit of a claiming month.
 *
 * @module
 */
import rules from '../../../data/social-security/retirement-benefit-rules.json';
import { calculationError } from '../../core/errors';
import { Dec } from '../../core/money';
import { defineTable } from '../../core/year-tables';
import type { RetirementBenefitRules } from './tables';

/** The retirement benefit rules (`data/social-security/retirement-benefit-rules.json`, with their sources). */
export const RETIREMENT_BENEFIT_RULES = defineTable<RetirementBenefitRules>(rules);

const { claiming, full_retirement_age, early_reduction, delayed_credit, rounding } = RETIREMENT_BENEFIT_RULES;

/** Earliest claiming age (62), in months. */
export const EARLIEST_CLAIMING_MONTHS = claiming.earliest_age * 12;
/** Age at which delayed retirement credits stop (70), in months. */
export const LATEST_CREDIT_MONTHS = claiming.latest_credit_age * 12;
/** Earliest birth year covered (as SSA counts it): the first with the 8% delayed retirement credit. */
export const EARLIEST_BIRTH_YEAR = Math.max(
  delayed_credit.from_birth_year,
  full_retirement_age.by_birth_year[0]!.from,
);

/**
 * The birth year as SSA counts it: a person attains an age the day before the birthday (20 CFR
 * 404.102), so one born on January 1 belongs to the previous year.
 *
 * @example
 * ```ts
 * import { ssaBirthYear } from 'finplan/social-security';
 * ssaBirthYear(1960, true); // 1959
 * ```
 */
export function ssaBirthYear(birthYear: number, bornOnJanuary1 = false): number {
  return bornOnJanuary1 ? birthYear - 1 : birthYear;
}

/**
 * Full retirement age in months (66 and 10 months = 802) of an SSA birth year (see {@link ssaBirthYear}),
 * 20 CFR 404.409(a). A year before the earliest covered birth year (the first with the 8% delayed retirement credit) is an `invalid_input` error on `birth_year`.
 *
 * @example
 * ```ts
 * import { fullRetirementAgeMonths } from 'finplan/social-security';
 * fullRetirementAgeMonths(1959); // 802
 * fullRetirementAgeMonths(1960); // 804
 * ```
 */
export function fullRetirementAgeMonths(year: number): number {
  const row = full_retirement_age.by_birth_year.find(
    (r) => year >= r.from && (r.to === undefined || year <= r.to),
  );
  if (row === undefined || year < EARLIEST_BIRTH_YEAR) {
    throw calculationError(
      'invalid_input',
      'birth_year',
      `birth year ${year} (as SSA counts it: born on January 1 counts as the previous year) is not covered; supported: ${EARLIEST_BIRTH_YEAR} and later`,
    );
  }
  return row.years * 12 + row.months;
}

/** The benefit at one claiming month. */
export interface ClaimingBenefit {
  /** Months from full retirement age to the first month of entitlement (negative: early). */
  readonly monthsFromFra: number;
  /** Months of reduction (early) or of delayed retirement credit (late; none after 70). */
  readonly reductionMonths: number;
  readonly creditMonths: number;
  /** The benefit as a fraction of the PIA before rounding (0.7 at 60 months early), exact to float. */
  readonly fractionOfPia: number;
  /** The monthly benefit in dollars, a multiple of $0.10. */
  readonly monthlyBenefit: Dec;
}

/** The PIA in dimes, rounded down to a multiple of $0.10 (a PIA is always one). */
export function piaDimes(pia: number | Dec): Dec {
  return new Dec(pia).times(10).floor();
}

/**
 * The monthly retirement benefit of a primary insurance amount `pia` when entitlement begins at
 * `claimingMonths` (age in months, 62 x 12 = 744 at the earliest) for a full retirement age of
 * `fraMonths`:
 * - before full retirement age, the money amount of reduction `PIA x (5/9 of 1% x the first 36 months +
 *   5/12 of 1% x the rest)` is rounded **up** to a dime and subtracted (20 CFR 404.410(a) and its example);
 * - after it, the credit `PIA x 2/3 of 1% x months` (months up to age 70) is rounded **down** to a
 *   dime and added (POMS RS 00615.692C);
 * - the PIA itself is first rounded down to a dime.
 *
 * @example
 * ```ts
 * import { claimingBenefit } from 'finplan/social-security';
 * // 20 CFR 404.410(a): PIA $980.50, full retirement age 65 and 8 months, benefits at 62 (44 months early):
 * // reduction 196.10 + 32.68 = 228.78 -> 228.80; 980.50 - 228.80 = 751.70
 * claimingBenefit(980.5, 62 * 12, 65 * 12 + 8).monthlyBenefit.toNumber(); // 751.7
 * ```
 */
export function claimingBenefit(
  pia: number | Dec,
  claimingMonths: number,
  fraMonths: number,
): ClaimingBenefit {
  const dimes = piaDimes(pia);
  const monthsFromFra = claimingMonths - fraMonths;
  if (monthsFromFra < 0) {
    const months = -monthsFromFra;
    const first = Math.min(months, early_reduction.first_months);
    const later = months - first;
    const a = early_reduction.first_rate;
    const b = early_reduction.later_rate;
    // reduction = first x a + later x b, as one exact fraction num / den
    const num = first * a.numerator * b.denominator + later * b.numerator * a.denominator;
    const den = a.denominator * b.denominator;
    const reduction = dimes.times(num).div(den).ceil();
    return {
      monthsFromFra,
      reductionMonths: months,
      creditMonths: 0,
      fractionOfPia: 1 - num / den,
      monthlyBenefit: dimes.minus(reduction).times(rounding.step),
    };
  }
  const creditMonths = Math.max(0, Math.min(claimingMonths, LATEST_CREDIT_MONTHS) - fraMonths);
  const rate = delayed_credit.monthly_rate;
  const credit = dimes
    .times(creditMonths * rate.numerator)
    .div(rate.denominator)
    .floor();
  return {
    monthsFromFra,
    reductionMonths: 0,
    creditMonths,
    fractionOfPia: 1 + (creditMonths * rate.numerator) / rate.denominator,
    monthlyBenefit: dimes.plus(credit).times(rounding.step),
  };
}

/** The annual delayed retirement credit (2/3 of 1% a month x 12 = 0.08). */
export const DELAYED_CREDIT_ANNUAL =
  (12 * delayed_credit.monthly_rate.numerator) / delayed_credit.monthly_rate.denominator;
