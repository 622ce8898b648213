import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { filingStatus, nonNegativeMoney } from '../core/schema';
import { fastGainHarvesting } from './_lib/fast-ops';
import { marginalGainRate, preferentialBands, preferentialTax } from './capital-gains-tax';
import { TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';
import { incrementalNiit } from './niit';

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

function compute(input: z.output<typeof GainHarvestingInput>): GainHarvestingResult {
  return fastGainHarvesting(input) ?? gainHarvestingExact(input);
}

/**
 * `/v1/tax/gain-harvesting`'s computation in decimal arithmetic throughout: the reference implementation, used
 * for inputs outside the exact integer fast path (`_lib/fast-ops.ts`) and as the oracle of the
 * differential test (`test/tax/fast-path.test.ts`).
 *
 * @example
 * ```ts
 * gainHarvestingExact({ tax_year: 2025, filing_status: 'mfj', taxable_income: 80_000, magi: 110_000, realize_amount: 20_000 })
 *   .realization.ltcg_tax; // 495
 * ```
 * @internal
 */
export function gainHarvestingExact(input: z.output<typeof GainHarvestingInput>): GainHarvestingResult {
  const table = federalTable(input.tax_year);
  const status = input.filing_status;
  const ti = new Dec(input.taxable_income);
  const gain = new Dec(input.realize_amount);
  const zero = table.ltcg.zero_rate_max[status];
  const fifteen = table.ltcg.fifteen_rate_max[status];
  const bands = preferentialBands(table, status, ti, gain);
  const ltcgTax = roundMoney(preferentialTax(bands));
  const niit = roundMoney(incrementalNiit(table, status, input.magi, gain));
  const after = ti.plus(gain);
  const niitApplies = new Dec(input.magi).plus(gain).gte(table.niit.threshold[status]);
  const marginal = marginalGainRate(table, status, after) + (niitApplies ? table.niit.rate : 0);
  return {
    ltcg_zero_room: roundMoney(Dec.max(new Dec(zero).minus(ti), 0)),
    ltcg_fifteen_room: roundMoney(Dec.max(new Dec(fifteen).minus(Dec.max(ti, zero)), 0)),
    realization: {
      amount_at_0: roundMoney(bands.at_0),
      amount_at_15: roundMoney(bands.at_15),
      amount_at_20: roundMoney(bands.at_20),
      ltcg_tax: ltcgTax,
      niit,
      total_tax: roundMoney(new Dec(ltcgTax).plus(niit)),
      marginal_rate: roundRate(marginal),
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
  version: '1.0.0',
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
