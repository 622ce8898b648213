import { calculationError } from '../../core/errors';
import { Dec, floorCents } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { bracketCeilings, type HouseholdYear, householdTax, SUPPORTED_TAX_YEARS } from '../../tax/engine';

/**
 * The rates of a tax year's ordinary brackets below the top one (those a "fill the bracket" field
 * accepts: the top bracket has no ceiling to fill to), for a request schema's cross-field rule;
 * `undefined` for a year without tables (the tax year field reports it).
 *
 * @internal
 * @example
 * ```ts
 * fillableBracketRates(2025, 'single'); // [0.1, 0.12, 0.22, 0.24, 0.32, 0.35]
 * ```
 */
export function fillableBracketRates(taxYear: number, status: FilingStatus): readonly number[] | undefined {
  if (!SUPPORTED_TAX_YEARS.includes(taxYear)) return undefined;
  return bracketCeilings(taxYear, status).flatMap((b) => (b.ceiling === undefined ? [] : [b.rate]));
}

/**
 * The message for a rate that is not one of {@link fillableBracketRates}.
 *
 * @internal
 * @example
 * ```ts
 * notFillableMessage(2025, 'single', [0.1, 0.12]); // 'must be the rate of a 2025 single bracket below the top one: one of 0.1, 0.12'
 * ```
 */
export function notFillableMessage(taxYear: number, status: FilingStatus, rates: readonly number[]): string {
  return `must be the rate of a ${taxYear} ${status} bracket below the top one: one of ${rates.join(', ')}`;
}

/**
 * The ceiling (top, inclusive, in taxable income) of the ordinary bracket taxed at `rate` for a tax
 * year and filing status, from {@link bracketCeilings}. A rate that is not one of the year's bracket
 * rates, or the top bracket's (which has no ceiling), is a 400 naming `field`.
 *
 * @internal
 * @example
 * ```ts
 * bracketCeilingOf(2025, 'single', 0.12, 'target_bracket'); // 48475
 * ```
 */
export function bracketCeilingOf(taxYear: number, status: FilingStatus, rate: number, field: string): number {
  const rows = bracketCeilings(taxYear, status);
  const row = rows.find((b) => b.rate === rate);
  if (row?.ceiling === undefined) {
    const fillable = rows.flatMap((b) => (b.ceiling === undefined ? [] : [b.rate]));
    throw calculationError('invalid_input', field, notFillableMessage(taxYear, status, fillable));
  }
  return row.ceiling;
}

/**
 * The most ordinary income (whole cents) that can be added to a household-year before its ordinary
 * taxable income passes `ceiling`: what "fill the bracket" converts or withdraws. Exact through the tax
 * engine: the deduction's unused part is filled first, and where the deduction shrinks with income (the
 * senior deduction's phase-out) the answer is the largest cent that still keeps ordinary taxable income
 * at or below the ceiling. 0 when the household is already past it.
 *
 * @internal
 * @example
 * ```ts
 * // 2025 single under 65 with 20,000 of pension: 48,475 + 15,750 - 20,000
 * ordinaryRoomTo({ tax_year: 2025, filing_status: 'single', ordinary_income: 20_000 }, 48_475); // 44225
 * ```
 */
export function ordinaryRoomTo(base: HouseholdYear, ceiling: number): number {
  const ordinaryTaxable = (added: number) =>
    householdTax({ ...base, ordinary_income: Dec.add(base.ordinary_income, added).toNumber() })
      .ordinary_taxable_income;
  const before = householdTax(base);
  if (before.ordinary_taxable_income.gt(ceiling)) return 0;
  // Ordinary taxable income rises at least one for one with ordinary income once the deduction is used
  // (a phase-out only makes it rise faster), so this guess is an upper bound, exact without a phase-out.
  const slack = before.ordinary_taxable_income.isZero()
    ? Dec.max(0, before.deduction.plus(before.senior_deduction).minus(base.ordinary_income))
    : new Dec(0);
  const guess = floorCents(new Dec(ceiling).minus(before.ordinary_taxable_income).plus(slack).toNumber());
  if (ordinaryTaxable(guess).lte(ceiling)) return guess;
  // Largest whole cent in [0, guess) still at or below the ceiling, by bisection.
  let lo = 0;
  let hi = Math.round(guess * 100);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ordinaryTaxable(mid / 100).lte(ceiling)) lo = mid;
    else hi = mid;
  }
  return lo / 100;
}
