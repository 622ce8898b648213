import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import {
  absent,
  age,
  crossFieldRules,
  fieldIssue,
  filingStatus,
  nonNegativeMoney,
  rate,
  when,
} from '../core/schema';
import {
  add,
  type DecimalForm,
  decimalOf,
  divRound,
  type Int,
  mul,
  pow10,
  sub,
  toNumber,
} from './_lib/exact';
import { type FederalParams, federalOf, fillOf, toCents } from './_lib/federal';
import { TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';

const TaxEstimateObject = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  ordinary_income: nonNegativeMoney(
    'Ordinary income in AGI (wages, interest, non-qualified dividends, short-term gains, IRA and pension withdrawals), after above-the-line adjustments.',
  ),
  qualified_income: z._default(
    nonNegativeMoney('Qualified dividends plus net long-term capital gain (after losses). Default 0.'),
    0,
  ),
  state_tax_rate: z._default(
    rate('Flat state income tax rate applied to ordinary + qualified income (0-0.2). Default 0.', {
      min: 0,
      max: 0.2,
    }),
    0,
  ),
  itemized_deductions: z.optional(
    nonNegativeMoney(
      'Itemized deductions; when given they are used instead of the standard deduction (even if smaller).',
    ),
  ),
  earned_income: z.optional(
    nonNegativeMoney(
      'Wages plus self-employment income for the 0.9% additional Medicare tax. Default: ordinary_income.',
    ),
  ),
  net_investment_income: z.optional(
    nonNegativeMoney('Net investment income for the 3.8% NIIT. Default: qualified_income.'),
  ),
  magi: z.optional(
    nonNegativeMoney(
      'Modified AGI for the NIIT and the senior-deduction phase-out. Default: ordinary_income + qualified_income.',
    ),
  ),
  age: z.optional(
    age(
      'Taxpayer age at the end of the tax year: 65+ adds the additional standard deduction and (2025+) the senior deduction.',
    ),
  ),
  spouse_age: z.optional(age('Spouse age at the end of the tax year (mfj only): as `age`, for the spouse.')),
  blind: z
    ._default(z.boolean(), false)
    .check(z.describe('Taxpayer is blind (additional standard deduction). Default false.')),
  spouse_blind: z
    ._default(z.boolean(), false)
    .check(z.describe('Spouse is blind (mfj only). Default false.')),
});

/** `/v1/tax/estimate` request. */
export const TaxEstimateInput = TaxEstimateObject.check(
  crossFieldRules(
    when(
      'filing_status',
      ['mfj'],
      {},
      { ...absent('spouse_age'), properties: { spouse_blind: { const: false } } },
    ),
  ),
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.filing_status === 'mfj') return;
    for (const name of ['spouse_age', 'spouse_blind'] as const) {
      if (name === 'spouse_age' ? input.spouse_age !== undefined : input.spouse_blind) {
        issue(name, 'applies only to a joint return (filing_status mfj)');
      }
    }
  }),
);
export type TaxEstimateInput = z.input<typeof TaxEstimateInput>;

const Bracket = z.object({
  rate: z.number(),
  from: z.number(),
  to: z.optional(z.number()).check(z.describe('Top of the bracket; omitted for the top bracket.')),
  taxed_amount: z.number(),
  tax: z.number(),
});

export const TaxEstimateResult = z.object({
  gross_income: z.number().check(z.describe('ordinary_income + qualified_income.')),
  deduction_type: z.enum(['standard', 'itemized']),
  deduction: z
    .number()
    .check(z.describe('Standard deduction (with 65+/blind amounts) or the itemized override.')),
  standard_deduction: z.number().check(z.describe('The standard deduction that applies, used or not.')),
  senior_deduction: z.number().check(z.describe('OBBBA deduction for seniors (2025+), after its phase-out.')),
  taxable_income: z.number(),
  ordinary_taxable_income: z.number(),
  qualified_taxable_income: z.number(),
  ordinary_tax: z.number().check(z.describe('Tax on ordinary taxable income from the rate schedule.')),
  capital_gains_tax: z.number().check(z.describe('Regular tax attributable to qualified income (0/15/20%).')),
  income_tax: z.number().check(z.describe('Regular federal income tax: ordinary_tax + capital_gains_tax.')),
  niit: z.number(),
  additional_medicare_tax: z.number(),
  state_tax: z.number(),
  total_tax: z.number(),
  effective_rate: z.number().check(z.describe('total_tax / gross_income (0 when there is no income).')),
  marginal_ordinary_rate: z.number(),
  marginal_capital_gains_rate: z.number(),
  brackets: z.array(Bracket).check(z.describe('Ordinary brackets filled by ordinary taxable income.')),
});
/** The `result` of the envelope: the type of the `TaxEstimateResult` schema. */
export type TaxEstimateResult = z.infer<typeof TaxEstimateResult>;

type Bracket = TaxEstimateResult['brackets'][number];

/** Whole cents as dollars (the double nearest). */
const dollars = (c: Int): number => (typeof c === 'number' ? c / 100 + 0 : toNumber(c, 100));

/** The decimal form of the last state rate (loops repeat one rate). */
let lastRate = Number.NaN;
let lastForm = decimalOf(0);

function rateForm(rate: number): DecimalForm {
  if (!Object.is(rate, lastRate)) {
    lastForm = decimalOf(rate);
    lastRate = rate;
  }
  return lastForm;
}

function compute(input: z.output<typeof TaxEstimateInput>): TaxEstimateResult {
  const fed = federalOf(federalTable(input.tax_year), input);
  const p = fed.params;
  const reg = fed.reg;
  const { c: perC, h: perH, t: perT, m: perM } = p.perCent;
  // Each tax rounded to cents once; the capital gains tax is the rounded regular tax less the rounded
  // ordinary tax, so that the printed pieces add up.
  const ordinaryTaxC = toCents(reg.ordinary, perT);
  const incomeTaxC = toCents(reg.regular, perT);
  const niitC = toCents(fed.niitM, perM);
  const medicareC = toCents(fed.medicareM, perM);
  // The state tax: the exact gross income times the rate (read as its decimal form), to the cent.
  const rate = rateForm(input.state_tax_rate);
  const stateTaxC = toCents(mul(fed.grossC, rate.m), mul(perC, pow10(rate.places)));
  const totalC = add(add(incomeTaxC, niitC), add(medicareC, stateTaxC));
  // Against the income in cents: a sub-cent income would make the ratio explode.
  const grossC = toCents(fed.grossC, perC);

  return {
    gross_income: dollars(grossC),
    deduction_type: fed.deduction_type,
    deduction: dollars(toCents(fed.deductionH, perH)),
    standard_deduction: fed.standardTotal,
    senior_deduction: dollars(toCents(fed.seniorH, perH)),
    taxable_income: dollars(toCents(reg.taxable, perH)),
    ordinary_taxable_income: dollars(toCents(reg.ordinaryPart, perH)),
    qualified_taxable_income: dollars(toCents(reg.qualified, perH)),
    ordinary_tax: dollars(ordinaryTaxC),
    capital_gains_tax: dollars(sub(incomeTaxC, ordinaryTaxC)),
    income_tax: dollars(incomeTaxC),
    niit: dollars(niitC),
    additional_medicare_tax: dollars(medicareC),
    state_tax: dollars(stateTaxC),
    total_tax: dollars(totalC),
    // total / gross rounded half up to 6 places
    effective_rate: grossC > 0 ? toNumber(divRound(mul(totalC, 1e6), grossC), 1e6) : 0,
    marginal_ordinary_rate: fed.marginal_ordinary_rate,
    marginal_capital_gains_rate: fed.marginal_capital_gains_rate,
    brackets: bracketRows(p, reg.ordinaryPart),
  };
}

/** One bracket's row when income fills it: its figures and its whole width's amounts, in dollars. */
interface FullRow {
  readonly rate: number;
  readonly from: number;
  readonly to: number | undefined;
  readonly taxed_amount: number;
  readonly tax: number;
}

/** The rows of `p`'s brackets as income fills them (the top one unfilled: never used), built once per params. */
const fullRows = new WeakMap<FederalParams, readonly FullRow[]>();

function fullRowsOf(p: FederalParams): readonly FullRow[] {
  let rows = fullRows.get(p);
  if (rows === undefined) {
    const { rates, thresholds } = p.schedule;
    rows = rates.map((rate, i) => {
      const next = p.thr[i + 1];
      const width = next === undefined ? 0 : sub(next, p.thr[i] as Int);
      return row(p, i, rate, thresholds[i] as number, thresholds[i + 1], width);
    });
    fullRows.set(p, rows);
  }
  return rows;
}

/** Bracket `i`'s row holding `amount` (h) of income, in dollars. */
function row(p: FederalParams, i: number, rate: number, from: number, to: number | undefined, amount: Int) {
  const { h: perH, t: perT } = p.perCent;
  const taxed_amount = dollars(toCents(amount, perH));
  const tax = dollars(toCents(mul(amount, p.pct[i] as Int), perT));
  return { rate, from, to, taxed_amount, tax };
}

/**
 * The brackets `x` (h) of ordinary taxable income reaches (each holds some of it), in dollars: the
 * brackets below the one holding the last dollar are full (their rows figured once per params).
 */
function bracketRows(p: FederalParams, x: Int): Bracket[] {
  const rows: Bracket[] = [];
  const full = fullRowsOf(p);
  const thr = p.thr;
  for (let i = 0; i < thr.length && x > (thr[i] as Int); i++) {
    const next = thr[i + 1];
    const r = next !== undefined && x >= next ? (full[i] as FullRow) : partialRow(p, x, i);
    rows.push(bracketOf(r));
  }
  return rows;
}

/** A row of the result (a fresh object; `to` omitted for the top bracket). */
function bracketOf({ rate, from, to, taxed_amount, tax }: FullRow): Bracket {
  return to === undefined ? { rate, from, taxed_amount, tax } : { rate, from, to, taxed_amount, tax };
}

/** The row of the bracket holding the last dollar of `x` (h). */
function partialRow(p: FederalParams, x: Int, i: number): FullRow {
  const { rates, thresholds } = p.schedule;
  return row(p, i, rates[i] as number, thresholds[i] as number, thresholds[i + 1], fillOf(p, x, i));
}

/**
 * Federal (plus optional flat state) income tax estimate for one year: standard deduction with the
 * 65+/blind amounts (or an itemized override), the 2025+ OBBBA senior deduction with its 6% phase-out,
 * the ordinary rate schedule, qualified dividends and long-term gains stacked on ordinary income at
 * 0/15/20%, the 3.8% NIIT and the 0.9% additional Medicare tax. The state tax is `state_tax_rate` x
 * (ordinary + qualified income). Credits, AMT, QBI and the 25%/28% gain categories are not modeled.
 *
 * @example
 * ```ts
 * import { taxEstimate } from 'finplan/tax';
 * // 2026 single, 60,000 wages + 10,000 qualified: PolicyEngine-US non_sch_d_capital_gains.yaml case 1b
 * taxEstimate({ tax_year: 2026, filing_status: 'single', ordinary_income: 60_000, qualified_income: 10_000 })
 *   .result.income_tax; // 5687.5
 * ```
 */
export const taxEstimate = defineOperation({
  path: '/v1/tax/estimate',
  engine: 'tax-estimate',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'tax',
  summary: 'Federal income tax estimate with capital gains, NIIT, additional Medicare and a flat state rate.',
  description:
    'Standard deduction (65+/blind) or itemized override, OBBBA senior deduction (2025+), ordinary brackets, ' +
    'qualified income at 0/15/20% stacked on ordinary income, 3.8% NIIT, 0.9% additional Medicare tax, ' +
    'flat state rate on ordinary + qualified income. Tax years 2024-2026. Credits, AMT, QBI not modeled.',
  example: {
    tax_year: 2025,
    filing_status: 'single',
    ordinary_income: 120000,
    qualified_income: 15000,
    state_tax_rate: 0.05,
  },
  input: TaxEstimateInput,
  output: TaxEstimateResult,
  compute,
});
