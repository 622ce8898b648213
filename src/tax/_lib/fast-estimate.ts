/**
 * `/v1/tax/estimate`'s result from the exact scaled-integer federal computation
 * (`fast-federal.ts`): every rounding is the decimal implementation's half-up rounding of the same
 * exact value, done with `%` on integers. Returns undefined when the fast path does not apply (the
 * operation then runs the decimal implementation).
 *
 * @internal
 * @module
 */
import { Dec, roundMoney } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { federalTable } from '../federal-tables';
import type { TaxEstimateResult } from '../tax-estimate';
import { decimalParts, dollars, mulRoundDiv, ratioRound, roundDiv } from './cents';
import { fastFederalOf, fastParams } from './fast-federal';

/** The parsed `/v1/tax/estimate` input (defaults applied). */
export interface ParsedEstimate {
  readonly tax_year: number;
  readonly filing_status: FilingStatus;
  readonly ordinary_income: number;
  readonly qualified_income: number;
  readonly state_tax_rate: number;
  readonly itemized_deductions?: number | undefined;
  readonly earned_income?: number | undefined;
  readonly net_investment_income?: number | undefined;
  readonly magi?: number | undefined;
  readonly age?: number | undefined;
  readonly spouse_age?: number | undefined;
  readonly blind: boolean;
  readonly spouse_blind: boolean;
}

type Bracket = TaxEstimateResult['brackets'][number];

let lastRate = Number.NaN;
let lastParts: [number, number] | undefined;

/** State tax in cents: gross (cents) x rate, rounded half up; exact for any rate. */
function stateTaxCents(grossC: number, rate: number): number {
  // Loops usually repeat one rate: its decimal form is worked out once.
  if (!Object.is(rate, lastRate)) {
    lastParts = decimalParts(rate, 15);
    lastRate = rate;
  }
  const parts = lastParts;
  if (parts !== undefined) return mulRoundDiv(grossC, parts[0], 10 ** parts[1]);
  // A rate with 16-17 significant digits: its decimal form as decimal.js reads it.
  return Math.round(roundMoney(new Dec(grossC).div(100).times(rate)) * 100) + 0;
}

/**
 * `/v1/tax/estimate`'s compute in exact scaled integers, or undefined outside the fast path.
 */
export function fastTaxEstimate(input: ParsedEstimate): TaxEstimateResult | undefined {
  const p = fastParams(federalTable(input.tax_year), input.filing_status);
  if (p === undefined) return undefined;
  const fed = fastFederalOf(p, input);
  if (fed === undefined) return undefined;
  const reg = fed.reg;
  const grossC = fed.grossC;
  // Each tax rounded to cents once (t = 10^-6 and m = 10^-5 dollars); the capital gains tax is the
  // rounded regular tax less the rounded ordinary tax.
  const ordinaryTaxC = roundDiv(reg.ordinary, 1e4);
  const incomeTaxC = roundDiv(reg.regular, 1e4);
  const niitC = roundDiv(fed.niitM, 1e3);
  const medicareC = roundDiv(fed.medicareM, 1e3);
  const stateTaxC = stateTaxCents(grossC, input.state_tax_rate);
  const totalC = incomeTaxC + niitC + medicareC + stateTaxC;

  const ordinaryTaxable = fed.taxableH - fed.qualifiedTaxableH;
  const brackets: Bracket[] = [];
  const x = ordinaryTaxable > 0 ? ordinaryTaxable : 0;
  const thr = p.thr;
  const rates = p.schedule.rates;
  const thresholds = p.schedule.thresholds;
  for (let i = 0; i < thr.length; i++) {
    const from = thr[i] as number;
    if (x <= from) break; // this and every higher bracket hold nothing
    const next = thr[i + 1];
    const amount = next === undefined || x < next ? x - from : next - from;
    const to = thresholds[i + 1];
    const tax = amount * (p.pct[i] as number);
    const rate = rates[i] as number;
    const fromDollars = thresholds[i] as number;
    const taxed = dollars(roundDiv(amount, 100));
    const taxD = dollars(roundDiv(tax, 1e4));
    brackets.push(
      to === undefined
        ? { rate, from: fromDollars, taxed_amount: taxed, tax: taxD }
        : { rate, from: fromDollars, to, taxed_amount: taxed, tax: taxD },
    );
  }
  return {
    gross_income: dollars(grossC),
    deduction_type: fed.deduction_type,
    deduction: dollars(roundDiv(fed.deductionH, 100)),
    standard_deduction: fed.standardTotal,
    senior_deduction: dollars(roundDiv(fed.seniorH, 100)),
    taxable_income: dollars(roundDiv(fed.taxableH, 100)),
    ordinary_taxable_income: dollars(roundDiv(ordinaryTaxable, 100)),
    qualified_taxable_income: dollars(roundDiv(fed.qualifiedTaxableH, 100)),
    ordinary_tax: dollars(ordinaryTaxC),
    capital_gains_tax: dollars(incomeTaxC - ordinaryTaxC),
    income_tax: dollars(incomeTaxC),
    niit: dollars(niitC),
    additional_medicare_tax: dollars(medicareC),
    state_tax: dollars(stateTaxC),
    total_tax: dollars(totalC),
    effective_rate: grossC > 0 ? ratioRound(totalC, grossC, 6) : 0,
    marginal_ordinary_rate: fed.marginal_ordinary_rate,
    marginal_capital_gains_rate: fed.marginal_capital_gains_rate,
    brackets,
  };
}
