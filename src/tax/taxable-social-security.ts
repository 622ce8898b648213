/**
 * The part of Social Security benefits included in income (IRC §86).
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import { SS_TAXATION } from './_lib/social-security-taxation';

const HALF_OF_BENEFITS = new Dec(SS_TAXATION.provisional_income.benefits_fraction);
const FIRST = new Dec(SS_TAXATION.inclusion_rates.first_tier);
const SECOND = new Dec(SS_TAXATION.inclusion_rates.second_tier);

/**
 * Plain-number inputs of {@link taxableSocialSecurity}.
 *
 * @example
 * ```ts
 * import { type SocialSecurityIncome, taxableSocialSecurity } from 'finplan/tax';
 * // PolicyEngine-US taxable_social_security_tier_1.yaml: single, 20,000 of benefits, 20,000 of wages.
 * const year: SocialSecurityIncome = { filing_status: 'single', benefits: 20_000, other_income: 20_000 };
 * taxableSocialSecurity(year).taxable.toNumber(); // 2500
 * ```
 */
export interface SocialSecurityIncome {
  readonly filing_status: FilingStatus;
  /** Net benefits of the year: box 5 of every Form SSA-1099 and RRB-1099 (Pub. 915 Worksheet 1 line 1). */
  readonly benefits: number;
  /**
   * Modified AGI without the benefits: adjusted gross income figured without any Social Security, with
   * the exclusions and deductions IRC §86(b)(2)(A) adds back (§135 savings bond interest, §137 adoption
   * assistance, §221 student loan interest, §§911, 931, 933 foreign and possession income). Ordinary and
   * qualified income alike.
   */
  readonly other_income: number;
  /** Tax-exempt interest received or accrued in the year (§86(b)(2)(B)); default 0. */
  readonly tax_exempt_interest?: number | undefined;
  /**
   * Married filing separately only: whether the spouses lived apart at all times during the year
   * (then the single base amounts apply). Default false: the base amounts are zero.
   */
  readonly lived_apart_all_year?: boolean | undefined;
}

/**
 * The IRC §86 computation of one year: see {@link taxableSocialSecurity}.
 *
 * @example
 * ```ts
 * import { taxableSocialSecurity } from 'finplan/tax';
 * // Pub. 915 (2001), Example 3, Joe and Betty Johnson (joint): 10,000 of benefits, 40,500 of modified AGI.
 * const r = taxableSocialSecurity({ filing_status: 'mfj', benefits: 10_000, other_income: 40_500 });
 * [r.provisional_income.toNumber(), r.taxable.toNumber(), r.marginal_inclusion]; // [45500, 6275, 0.85]
 * ```
 */
export interface SocialSecurityTaxation {
  /**
   * Other income + tax-exempt interest + one-half of the benefits: Pub. 915 Worksheet 1 line 8 (the
   * 19-line worksheet; line 7 of the 18-line worksheet of the 2001 edition).
   */
  readonly provisional_income: Dec;
  /** §86(c)(1): 25,000; 32,000 joint; 0 married filing separately and not living apart all year. */
  readonly base_amount: number;
  /** §86(c)(2): 34,000; 44,000 joint; 0 married filing separately and not living apart all year. */
  readonly adjusted_base_amount: number;
  /** Benefits included in gross income (exact, unrounded). */
  readonly taxable: Dec;
  /**
   * Taxable benefits added by the next dollar of other income: 0 (below the base amount, or with the
   * taxable part at its cap), 0.5 (between the base and the adjusted base amounts) or 0.85 (above the
   * adjusted base amount). As with brackets, provisional income exactly at an amount has its next dollar
   * in the tier above.
   */
  readonly marginal_inclusion: number;
}

/** The §86(c) amounts that apply: joint, separate-and-living-together, or the general case. */
function amountsFor(status: FilingStatus, livedApart: boolean): { base: number; adjusted: number } {
  const key =
    status === 'mfj' ? 'joint' : status === 'mfs' && !livedApart ? 'separate_lived_with_spouse' : 'other';
  return { base: SS_TAXATION.base_amount[key], adjusted: SS_TAXATION.adjusted_base_amount[key] };
}

/**
 * Taxable Social Security benefits under IRC §86 (IRS Publication 915, Worksheet 1): provisional income
 * = other income + tax-exempt interest + half the benefits. At or below the base amount nothing is
 * taxable. Up to the adjusted base amount the taxable part is the lesser of 50% of the benefits and 50%
 * of the excess over the base amount. Above it, the lesser of 85% of the benefits and 85% of the excess
 * over the adjusted base amount plus the smaller of that 50% amount and half the gap between the two
 * amounts ($4,500; $6,000 joint). A married person filing separately who lived with the spouse at any
 * time in the year has base amounts of zero: the lesser of 85% of provisional income and 85% of the
 * benefits. Exact in decimal; nothing is rounded. Not modeled: the lump-sum election for benefits of
 * earlier years (Pub. 915 Worksheets 2-4) and repayments exceeding the benefits.
 *
 * @example
 * ```ts
 * import { taxableSocialSecurity } from 'finplan/tax';
 * // Pub. 915 (2001), Example 1 (George White, single): 5,980 of benefits, 28,990 of pension, wages, interest.
 * taxableSocialSecurity({ filing_status: 'single', benefits: 5_980, other_income: 28_990 }).taxable.toNumber(); // 2990
 * ```
 */
export function taxableSocialSecurity(input: SocialSecurityIncome): SocialSecurityTaxation {
  const { base, adjusted } = amountsFor(input.filing_status, input.lived_apart_all_year === true);
  const benefits = Dec.max(new Dec(input.benefits), 0);
  const provisional = new Dec(input.other_income)
    .plus(input.tax_exempt_interest ?? 0)
    .plus(benefits.times(HALF_OF_BENEFITS));
  const result = { provisional_income: provisional, base_amount: base, adjusted_base_amount: adjusted };
  if (benefits.isZero() || provisional.lt(base)) {
    return { ...result, taxable: new Dec(0), marginal_inclusion: 0 };
  }
  // §86(a)(1): the lesser of half the benefits and half the excess over the base amount.
  const halfBenefits = benefits.times(FIRST);
  const firstTier = Dec.min(halfBenefits, provisional.minus(base).times(FIRST));
  if (provisional.lt(adjusted)) {
    return {
      ...result,
      taxable: firstTier,
      marginal_inclusion: firstTier.lt(halfBenefits) ? FIRST.toNumber() : 0,
    };
  }
  // §86(a)(2): 85% of the excess over the adjusted base amount plus the smaller of the paragraph (1)
  // amount and half the gap between the amounts; at most 85% of the benefits.
  const cap = benefits.times(SECOND);
  const uncapped = provisional
    .minus(adjusted)
    .times(SECOND)
    .plus(Dec.min(firstTier, new Dec(adjusted - base).times(FIRST)));
  return {
    ...result,
    taxable: Dec.min(uncapped, cap),
    marginal_inclusion: uncapped.lt(cap) ? SECOND.toNumber() : 0,
  };
}
