/**
 * What the two ISO operations share: their tax request fields, the year's regular tax and Form 6251
 * with an ISO bargain element (through the tax engine's entry point), and the spread rule.
 *
 * @internal
 * @module
 */
import type * as core from 'zod/v4/core';
import type { FilingStatus } from '../../core/schema';
import { fieldIssue, filingStatus, nonNegativeMoney, withDefault } from '../../core/schema';
import { type FederalTax, federalTable, federalTax, taxYearField } from '../../tax/engine';

/** Request fields shared by the two ISO operations. */
export const isoTaxFields = {
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  strike_price: nonNegativeMoney('Exercise (strike) price per share.'),
  fmv_at_exercise: nonNegativeMoney('Fair market value per share on the exercise date.'),
  ordinary_income: nonNegativeMoney(
    'Wages and other ordinary income for the year, before the standard deduction (which is applied here).',
  ),
  qualified_income: withDefault(
    nonNegativeMoney(
      'Qualified dividends and net long-term gains for the year (0/15/20% in both regular tax and AMT). Default 0.',
    ),
    0,
  ),
};

/** The regular tax and Form 6251 of the year with `preference` dollars of ISO bargain element. */
export function isoYearTax(
  input: { tax_year: number; filing_status: FilingStatus; ordinary_income: number; qualified_income: number },
  preference: number,
): FederalTax & { amt: NonNullable<FederalTax['amt']> } {
  const fed = federalTax({
    table: federalTable(input.tax_year),
    filing_status: input.filing_status,
    ordinary_income: input.ordinary_income,
    qualified_income: input.qualified_income,
    amt_preferences: preference,
  });
  return fed as FederalTax & { amt: NonNullable<FederalTax['amt']> };
}

/** Smallest per-share spread for a capacity in shares (a millionth of a dollar). */
export const MIN_SPREAD = 1e-6;

/** `fmv_at_exercise` must not be below `strike_price` (`strict`: must exceed it by {@link MIN_SPREAD}). */
export function spreadRule(strict: boolean) {
  type Prices = { strike_price: number; fmv_at_exercise: number };
  return (input: Prices, ctx: core.$RefinementCtx<Prices>) => {
    const issue = fieldIssue(ctx, input);
    const spread = input.fmv_at_exercise - input.strike_price;
    const bad = strict ? !(spread >= MIN_SPREAD) : spread < 0;
    if (bad) {
      issue(
        'fmv_at_exercise',
        strict
          ? `must exceed strike_price by at least ${MIN_SPREAD} (the capacity in shares is capacity / spread)`
          : 'must not be below strike_price (an ISO is not exercised under water)',
      );
    }
  };
}
