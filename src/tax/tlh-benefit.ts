import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { filingStatus, nonNegativeMoney, rate, wholeYears } from '../core/schema';
import { add, divRound, type Int, max, min, mul, pow10, sub, toNumber } from './_lib/exact';
import { Bands, federalParams, placesFor, Regular, unitsOf } from './_lib/federal';
import { TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';

/**
 * The fixed caveat of every `/v1/tax/tlh-benefit` result.
 *
 * @example
 * ```ts
 * import { WASH_SALE_CAVEAT, tlhBenefit } from 'finplan/tax';
 * const input = { tax_year: 2025, filing_status: 'single', taxable_income: 120_000, harvestable_loss: 10_000,
 *   offsettable_gains: 0, growth_rate: 0.06, reinvestment_years: 10 } as const;
 * tlhBenefit(input).result.wash_sale_caveat === WASH_SALE_CAVEAT; // true
 * ```
 */
export const WASH_SALE_CAVEAT =
  'The wash-sale rule (IRC §1091) is not checked: a loss is disallowed if substantially identical securities ' +
  'are bought within 30 days before or after the sale, including in an IRA or a spouse’s account.';

/** `/v1/tax/tlh-benefit` request. */
export const TlhBenefitInput = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  taxable_income: nonNegativeMoney(
    'Federal taxable income before the harvest, including offsettable_gains (taxed as long-term gains).',
  ),
  harvestable_loss: nonNegativeMoney('Capital loss that the sale would realize.'),
  offsettable_gains: z._default(
    nonNegativeMoney(
      'Capital gains realized this year (in taxable_income) that the loss offsets first; treated as long-term.',
    ),
    0,
  ),
  growth_rate: rate(
    'Annual growth of the reinvested position, also the discount rate of the recapture (-0.5..0.5).',
    {
      min: -0.5,
      max: 0.5,
    },
  ),
  reinvestment_years: wholeYears('Years until the replacement position is sold (0-100).', {
    min: 0,
    max: 100,
  }),
});
export type TlhBenefitInput = z.input<typeof TlhBenefitInput>;

export const TlhBenefitResult = z.object({
  gains_offset: z.number().check(z.describe('Loss used against this year’s gains.')),
  ordinary_offset: z
    .number()
    .check(z.describe('Loss deducted from ordinary income (up to 3,000; 1,500 mfs).')),
  carryforward: z.number().check(z.describe('Loss carried to later years.')),
  immediate_tax_saving: z
    .number()
    .check(z.describe('Regular federal income tax this year without the harvest minus with it.')),
  future_tax_recapture: z
    .number()
    .check(
      z.describe(
        'Tax, at sale, on the extra gain from the lowered basis (the loss used now), at long-term rates.',
      ),
    ),
  net_present_value: z
    .number()
    .check(z.describe('immediate_tax_saving - future_tax_recapture / (1 + growth_rate)^reinvestment_years.')),
  wash_sale_caveat: z.string(),
});
/** The `result` of the envelope: the type of the `TlhBenefitResult` schema. */
export type TlhBenefitResult = z.infer<typeof TlhBenefitResult>;

/** `x` (in 10^-places dollars, places >= 2) rounded half up to whole cents. */
const cents = (x: Int, places: number): Int => divRound(x, pow10(places - 2));

function compute(input: z.output<typeof TlhBenefitInput>): TlhBenefitResult {
  const table = federalTable(input.tax_year);
  const P = placesFor(table, input.taxable_income, input.harvestable_loss, input.offsettable_gains);
  const p = federalParams(table, input.filing_status, P);
  const { cP, tP, r } = p;
  const tiC = unitsOf(input.taxable_income, P);
  const loss = unitsOf(input.harvestable_loss, P);
  const gains = unitsOf(input.offsettable_gains, P);
  const gainsOffset = min(loss, gains);
  const allowed = min(sub(loss, gainsOffset), p.lossLimit);
  // Capital Loss Carryover Worksheet: the deduction only "uses" loss up to the taxable income it offsets.
  const ordinaryOffset = min(allowed, max(sub(tiC, gainsOffset), 0));
  const carryforward = sub(sub(loss, gainsOffset), ordinaryOffset);

  const used = add(gainsOffset, ordinaryOffset);
  const ti = mul(tiC, r);
  const before = new Regular(p, ti, mul(gains, r)).regular;
  const tiAfter = max(sub(ti, mul(used, r)), 0);
  const after = new Regular(p, tiAfter, mul(sub(gains, gainsOffset), r)).regular;
  const saving = toNumber(cents(sub(before, after), tP), 100);

  // The replacement's basis is lower by the whole loss; the carryforward (still unused) offsets that
  // much of the extra gain at the sale, so the recaptured gain is the loss used now.
  const recapture = toNumber(cents(new Bands(p, ti, mul(used, r)).tax(p), tP), 100);
  const discount = new Dec(1 + input.growth_rate).pow(input.reinvestment_years);
  const money = (x: Int) => toNumber(cents(x, cP), 100);
  return {
    gains_offset: money(gainsOffset),
    ordinary_offset: money(ordinaryOffset),
    carryforward: money(carryforward),
    immediate_tax_saving: saving,
    future_tax_recapture: recapture,
    net_present_value:
      recapture === 0 ? saving : roundMoney(new Dec(saving).minus(new Dec(recapture).div(discount))),
    wash_sale_caveat: WASH_SALE_CAVEAT,
  };
}

/**
 * Tax-loss harvesting benefit: the loss offsets this year's gains first, then up to the capital loss
 * limit (3,000; 1,500 mfs) of ordinary income, and the rest carries forward. The immediate saving is
 * the regular federal income tax without the harvest minus with it (gains treated as long-term, at the
 * taxpayer's own brackets). The replacement position's basis is lower by the loss, so the loss used now
 * comes back as extra long-term gain when it is sold after `reinvestment_years` (taxed on top of this
 * year's taxable income, under this year's table); the net present value discounts that recapture at
 * `growth_rate`: NPV = saving - recapture / (1 + growth_rate)^years. NIIT and state tax are not included.
 *
 * @example
 * ```ts
 * import { tlhBenefit } from 'finplan/tax';
 * const r = tlhBenefit({ tax_year: 2025, filing_status: 'single', taxable_income: 120_000, harvestable_loss: 10_000,
 *   offsettable_gains: 5_000, growth_rate: 0.06, reinvestment_years: 10 }).result;
 * [r.gains_offset, r.ordinary_offset, r.carryforward]; // [5000, 3000, 2000]
 * ```
 */
export const tlhBenefit = defineOperation({
  path: '/v1/tax/tlh-benefit',
  engine: 'tlh',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'tlh',
  summary: 'Tax-loss harvesting: offsets, carryforward, immediate saving, future recapture and NPV.',
  description:
    'The loss offsets gains, then up to 3,000 (1,500 mfs) of ordinary income; the rest carries forward. Saving = ' +
    'regular tax without minus with the harvest; recapture = long-term tax on the used loss when the replacement ' +
    'is sold; NPV discounts the recapture at growth_rate. The wash-sale rule is not checked. Tax years 2024-2026.',
  example: {
    tax_year: 2025,
    filing_status: 'single',
    taxable_income: 150000,
    harvestable_loss: 20000,
    offsettable_gains: 5000,
    growth_rate: 0.06,
    reinvestment_years: 10,
  },
  input: TlhBenefitInput,
  output: TlhBenefitResult,
  compute,
});
