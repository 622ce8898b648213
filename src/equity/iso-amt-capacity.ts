import * as z from 'zod/mini';
import { Dec, roundMoney, roundTo } from '../core/money';
import { defineOperation } from '../core/operation';

import { amtPreferenceCapacity, federalTable, TAX_ENGINE } from '../tax/engine';
import { isoTaxFields, isoYearTax, spreadRule } from './_lib/iso-common';

/** Decimal places of `shares_capacity`. */
const SHARE_PLACES = 6;

/** `/v1/equity-comp/iso-amt-capacity` request. */
export const IsoAmtCapacityInput = z.strictObject({ ...isoTaxFields }).check(z.superRefine(spreadRule(true)));
export type IsoAmtCapacityInput = z.input<typeof IsoAmtCapacityInput>;

export const IsoAmtCapacityResult = z.object({
  bargain_element_capacity: z
    .number()
    .check(z.describe('Largest bargain element with no incremental AMT (rounded down to the cent).')),
  shares_capacity: z
    .number()
    .check(
      z.describe('bargain_element_capacity / (fmv_at_exercise - strike_price), rounded down to 6 decimals.'),
    ),
  bargain_element_per_share: z.number(),
  regular_tax: z.number(),
  amt_without_exercise: z
    .number()
    .check(z.describe('AMT before any exercise (when positive, the capacity is usually 0).')),
  tentative_minimum_tax_without_exercise: z.number(),
});
/** The `result` of the envelope: the type of the `IsoAmtCapacityResult` schema. */
export type IsoAmtCapacityResult = z.infer<typeof IsoAmtCapacityResult>;

function floorTo(value: number | Dec, places: number): number {
  const n = new Dec(value).toDecimalPlaces(places, Dec.ROUND_DOWN).toNumber();
  return n === 0 ? 0 : n;
}

function compute(input: z.output<typeof IsoAmtCapacityInput>): IsoAmtCapacityResult {
  const table = federalTable(input.tax_year);
  const base = isoYearTax(input, 0);
  const capacity = amtPreferenceCapacity(table, input.filing_status, {
    amti: base.amt.amti,
    qualified: input.qualified_income,
    ordinary_taxable: Dec.max(base.taxable_income.minus(input.qualified_income), 0),
    regular_tax: base.regular_tax,
  });
  const perShare = new Dec(input.fmv_at_exercise).minus(input.strike_price);
  const bargain = floorTo(Math.max(0, capacity), 2);
  return {
    bargain_element_capacity: bargain,
    shares_capacity: floorTo(new Dec(bargain).div(perShare), SHARE_PLACES),
    bargain_element_per_share: roundTo(perShare, 6),
    regular_tax: roundMoney(base.regular_tax),
    amt_without_exercise: roundMoney(base.amt.amt),
    tentative_minimum_tax_without_exercise: roundMoney(base.amt.tentative_minimum_tax),
  };
}

/**
 * The largest ISO exercise that creates no AMT: the bargain element (and the shares) that lift the
 * tentative minimum tax up to the regular tax and no further. The tentative minimum tax is piecewise
 * linear in the bargain element (exemption phase-out, 26%/28% breakpoint, the 0/15/20% gain bands of
 * Form 6251 Part III), so the capacity is solved exactly on those pieces, not by a search. When the year
 * already owes AMT, any further preference adds AMT and the capacity is 0 (or the flat stretch where the
 * tentative minimum tax does not rise). Same return model as `/v1/equity-comp/iso`.
 *
 * @example
 * ```ts
 * import { isoAmtCapacity } from 'finplan/equity';
 * // 2025 single, 150,000 of wages: 26% x (150,000 + B - 88,100) = 25,067 -> B = 34,511.53
 * isoAmtCapacity({ tax_year: 2025, filing_status: 'single', strike_price: 10, fmv_at_exercise: 110,
 *   ordinary_income: 150_000 }).result.bargain_element_capacity; // 34511.53
 * ```
 */
export const isoAmtCapacity = defineOperation({
  path: '/v1/equity-comp/iso-amt-capacity',
  engine: 'equity-comp',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'eqc-iso-cap',
  summary: 'Largest ISO exercise (bargain element and shares) that creates no AMT.',
  description:
    'Solves exactly, on the linear pieces of the tentative minimum tax, for the largest bargain element whose AMT ' +
    'preference leaves the AMT unchanged; shares_capacity = that / (FMV - strike), fractional. Tax years 2024-2026.',
  example: {
    tax_year: 2025,
    filing_status: 'mfj',
    strike_price: 5,
    fmv_at_exercise: 45,
    ordinary_income: 250000,
  },
  input: IsoAmtCapacityInput,
  output: IsoAmtCapacityResult,
  compute,
});
