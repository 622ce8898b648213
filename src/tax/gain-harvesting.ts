import * as z from 'zod/mini';
import { roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { filingStatus, nonNegativeMoney } from '../core/schema';
import { add, divRound, type Int, max, mul, pow10, sub, toNumber } from './_lib/exact';
import { Bands, federalParams, incrementalNiitOf, marginalGainOf, placesFor, unitsOf } from './_lib/federal';
import { TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';

/** `/v1/tax/gain-harvesting` request. */
export const GainHarvestingInput = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  taxable_income: nonNegativeMoney(
    'Federal taxable income before the realization (any gains already in it included).',
  ),
  magi: nonNegativeMoney('Modified AGI before the realization (for the 3.8% NIIT).'),
  realize_amount: nonNegativeMoney('Long-term capital gain to realize.'),
});
export type GainHarvestingInput = z.input<typeof GainHarvestingInput>;

export const GainHarvestingResult = z.object({
  ltcg_zero_room: z.number().check(z.describe('Gain that fits in the 0% band above taxable_income.')),
  ltcg_fifteen_room: z.number().check(z.describe('Remaining width of the 15% band above taxable_income.')),
  realization: z.object({
    amount_at_0: z.number(),
    amount_at_15: z.number(),
    amount_at_20: z.number(),
    ltcg_tax: z.number().check(z.describe('15% and 20% of the amounts in those bands.')),
    niit: z
      .number()
      .check(z.describe('3.8% of the part of the gain that lifts MAGI over the NIIT threshold.')),
    total_tax: z.number().check(z.describe('ltcg_tax + niit.')),
    marginal_rate: z
      .number()
      .check(z.describe('Rate (band rate + NIIT) on the next dollar of gain after the realization.')),
  }),
});
/** The `result` of the envelope: the type of the `GainHarvestingResult` schema. */
export type GainHarvestingResult = z.infer<typeof GainHarvestingResult>;

/** `x` (in 10^-places dollars, places >= 2) rounded half up to whole cents. */
const cents = (x: Int, places: number): Int => divRound(x, pow10(places - 2));
/** Whole cents as dollars. */
const dollars = (c: Int): number => toNumber(c, 100);

/** roundRate of the few marginal rates (band rate + NIIT rate, added in float). */
const roundedRates = new Map<number, number>();

function roundedRate(rate: number): number {
  let r = roundedRates.get(rate);
  if (r === undefined) {
    r = roundRate(rate);
    if (roundedRates.size < 64) roundedRates.set(rate, r);
  }
  return r;
}

function compute(input: z.output<typeof GainHarvestingInput>): GainHarvestingResult {
  const table = federalTable(input.tax_year);
  const P = placesFor(table, input.taxable_income, input.realize_amount, input.magi);
  const p = federalParams(table, input.filing_status, P);
  const { hP, tP, mP } = p;
  const tiC = unitsOf(input.taxable_income, P);
  const gainC = unitsOf(input.realize_amount, P);
  const magiC = unitsOf(input.magi, P);
  const ti = mul(tiC, p.r);
  const gain = mul(gainC, p.r);
  const bands = new Bands(p, ti, gain);
  const ltcgTaxC = cents(bands.tax(p), tP);
  // The part of the gain that lifts MAGI over the NIIT threshold, at the NIIT rate.
  const niitC = cents(incrementalNiitOf(p, magiC, gainC), mP);
  const niitApplies = add(magiC, gainC) >= p.niitThr;
  const marginal = marginalGainOf(p, add(ti, gain)) + (niitApplies ? table.niit.rate : 0);
  return {
    ltcg_zero_room: dollars(cents(max(sub(p.zero, ti), 0), hP)),
    ltcg_fifteen_room: dollars(cents(max(sub(p.fifteen, max(ti, p.zero)), 0), hP)),
    realization: {
      amount_at_0: dollars(cents(bands.at0, hP)),
      amount_at_15: dollars(cents(bands.at15, hP)),
      amount_at_20: dollars(cents(bands.at20, hP)),
      ltcg_tax: dollars(ltcgTaxC),
      niit: dollars(niitC),
      total_tax: dollars(add(ltcgTaxC, niitC)),
      marginal_rate: roundedRate(marginal),
    },
  };
}

/**
 * Tax on realizing a long-term gain on top of a given taxable income: how much lands in the 0%, 15%
 * and 20% bands (edges measured on total taxable income, §1(j)(5)(B)), the tax on it, and the 3.8%
 * NIIT on the part that lifts MAGI over the threshold (3.8% x (max(0, MAGI + gain - threshold) -
 * max(0, MAGI - threshold)), which holds whatever the return's other investment income). Effects of
 * the extra AGI elsewhere (senior-deduction phase-out, IRMAA, credits) are not included; the worksheet's
 * all-ordinary comparison (line 25) is not applied because the composition of taxable_income is not
 * known.
 *
 * @example
 * ```ts
 * import { gainHarvesting } from 'finplan/tax';
 * // 2025 mfj with 80,000 of taxable income: 16,700 of gain fits at 0%
 * gainHarvesting({ tax_year: 2025, filing_status: 'mfj', taxable_income: 80_000, magi: 110_000, realize_amount: 20_000 })
 *   .result.realization.ltcg_tax; // 495 = 15% x 3,300
 * ```
 */
export const gainHarvesting = defineOperation({
  path: '/v1/tax/gain-harvesting',
  engine: 'gain-harvesting',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'gh',
  summary: 'Tax on realizing long-term gains: 0/15/20% band split, NIIT, and the room left at 0% and 15%.',
  description:
    'Stacks realize_amount on taxable_income: amounts in the 0%, 15% and 20% bands, the gain tax, the 3.8% NIIT ' +
    'on the part of the gain that lifts MAGI over the threshold, and the marginal rate after the realization. ' +
    'Tax years 2024-2026.',
  example: {
    tax_year: 2025,
    filing_status: 'mfj',
    taxable_income: 80000,
    magi: 112000,
    realize_amount: 30000,
  },
  input: GainHarvestingInput,
  output: GainHarvestingResult,
  compute,
});
