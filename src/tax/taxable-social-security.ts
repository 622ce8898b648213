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
import type { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import {
  add,
  type DecimalForm,
  decAt,
  decimalOf,
  type Int,
  inUnits,
  min,
  mul,
  mulDivExact,
  pow10,
  refine,
  sub,
} from './_lib/exact';
import { SS_TAXATION } from './_lib/social-security-taxation';

const HALF_OF_BENEFITS = decimalOf(SS_TAXATION.provisional_income.benefits_fraction);
const FIRST = decimalOf(SS_TAXATION.inclusion_rates.first_tier);
const SECOND = decimalOf(SS_TAXATION.inclusion_rates.second_tier);
/** Decimal places the rates add to the inputs' (one-half of the benefits, then 50% or 85% of that). */
const RATE_PLACES = HALF_OF_BENEFITS.places + Math.max(FIRST.places, SECOND.places);

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
 * The IRC §86 computation in exact integers: provisional income and the taxable part as whole numbers
 * of `1 / unit` dollars; the decimal fields of {@link SocialSecurityTaxation} are built from them when
 * read.
 *
 * @internal
 */
export class ScaledSocialSecurity implements SocialSecurityTaxation {
  constructor(
    /** The unit: amounts are whole numbers of `1 / unit` dollars (a power of ten). */
    readonly unit: Int,
    readonly provisional: Int,
    readonly taxableUnits: Int,
    readonly base_amount: number,
    readonly adjusted_base_amount: number,
    readonly marginal_inclusion: number,
  ) {}
  get provisional_income(): Dec {
    return decAt(this.provisional, this.unit);
  }
  get taxable(): Dec {
    return decAt(this.taxableUnits, this.unit);
  }
}

/** `x x rate` at `unit` (exact, or a finer unit). */
const times = (x: Int, rate: { m: Int; places: number }) => mulDivExact(x, rate.m, pow10(rate.places));

/**
 * Taxable Social Security benefits under IRC §86 (IRS Publication 915, Worksheet 1): provisional income
 * = other income + tax-exempt interest + half the benefits. At or below the base amount nothing is
 * taxable. Up to the adjusted base amount the taxable part is the lesser of 50% of the benefits and 50%
 * of the excess over the base amount. Above it, the lesser of 85% of the benefits and 85% of the excess
 * over the adjusted base amount plus the smaller of that 50% amount and half the gap between the two
 * amounts ($4,500; $6,000 joint). A married person filing separately who lived with the spouse at any
 * time in the year has base amounts of zero: the lesser of 85% of provisional income and 85% of the
 * benefits. Exact (in integers at a unit finer than every input's decimal places: `_lib/exact.ts`);
 * nothing is rounded. Not modeled: the lump-sum election for benefits of earlier years (Pub. 915
 * Worksheets 2-4) and repayments exceeding the benefits.
 *
 * @example
 * ```ts
 * import { taxableSocialSecurity } from 'finplan/tax';
 * // Pub. 915 (2001), Example 1 (George White, single): 5,980 of benefits, 28,990 of pension, wages, interest.
 * taxableSocialSecurity({ filing_status: 'single', benefits: 5_980, other_income: 28_990 }).taxable.toNumber(); // 2990
 * ```
 */
export function taxableSocialSecurity(input: SocialSecurityIncome): SocialSecurityTaxation {
  return scaledSocialSecurity(input);
}

/**
 * {@link taxableSocialSecurity} with its exact integer figures.
 *
 * @internal
 */
export function scaledSocialSecurity(input: SocialSecurityIncome): ScaledSocialSecurity {
  const { base, adjusted } = amountsFor(input.filing_status, input.lived_apart_all_year === true);
  const benefits = decimalOf(input.benefits > 0 ? input.benefits : 0);
  const other = decimalOf(input.other_income);
  const exempt = decimalOf(input.tax_exempt_interest ?? 0);
  const places = Math.max(benefits.places, other.places, exempt.places) + RATE_PLACES;
  let unit = pow10(places);
  for (;;) {
    try {
      return atScale(unit, benefits, other, exempt, base, adjusted);
    } catch (error) {
      unit = refine(unit, error);
    }
  }
}

/** A figure of the table at `unit`. */
const dollarsIn = (x: number, unit: Int) =>
  Number.isSafeInteger(x) ? mul(x, unit) : inUnits(decimalOf(x), unit);

/** {@link scaledSocialSecurity} at `unit` (a power of ten at least as fine as the inputs and rates). */
function atScale(
  unit: Int,
  benefits: DecimalForm,
  other: DecimalForm,
  exempt: DecimalForm,
  base: number,
  adjusted: number,
): ScaledSocialSecurity {
  const b = inUnits(benefits, unit);
  const provisional = add(add(inUnits(other, unit), inUnits(exempt, unit)), times(b, HALF_OF_BENEFITS));
  const baseU = dollarsIn(base, unit);
  if (b === 0 || provisional < baseU)
    return new ScaledSocialSecurity(unit, provisional, 0, base, adjusted, 0);
  // §86(a)(1): the lesser of half the benefits and half the excess over the base amount.
  const halfBenefits = times(b, FIRST);
  const firstTier = min(halfBenefits, times(sub(provisional, baseU), FIRST));
  const adjustedU = dollarsIn(adjusted, unit);
  if (provisional < adjustedU) {
    const marginal = firstTier < halfBenefits ? SS_TAXATION.inclusion_rates.first_tier : 0;
    return new ScaledSocialSecurity(unit, provisional, firstTier, base, adjusted, marginal);
  }
  // §86(a)(2): 85% of the excess over the adjusted base amount plus the smaller of the paragraph (1)
  // amount and half the gap between the amounts; at most 85% of the benefits.
  const cap = times(b, SECOND);
  const uncapped = add(
    times(sub(provisional, adjustedU), SECOND),
    min(firstTier, times(sub(adjustedU, baseU), FIRST)),
  );
  const marginal = uncapped < cap ? SS_TAXATION.inclusion_rates.second_tier : 0;
  return new ScaledSocialSecurity(unit, provisional, min(uncapped, cap), base, adjusted, marginal);
}
