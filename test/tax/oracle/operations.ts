// The decimal (decimal.js) implementations of /v1/tax/estimate, /v1/tax/bracket-room,
// /v1/tax/gain-harvesting and /v1/tax/tlh-benefit that the operations computed before they were written
// once over the exact integer engine (src/tax/_lib/federal.ts): the oracles of
// test/tax/exact-engine.test.ts, on the decimal rules of this folder.
import type * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../../../src/core/money';
import type { BracketRoomInput, BracketRoomResult } from '../../../src/tax/bracket-room';
import { federalTable } from '../../../src/tax/federal-tables';
import type { GainHarvestingInput, GainHarvestingResult } from '../../../src/tax/gain-harvesting';
import type { TaxEstimateInput, TaxEstimateResult } from '../../../src/tax/tax-estimate';
import { type TlhBenefitInput, type TlhBenefitResult, WASH_SALE_CAVEAT } from '../../../src/tax/tlh-benefit';
import { marginalGainRate, preferentialBands, preferentialTax, regularTax } from './capital-gains-tax';
import { federalTaxExact } from './federal-tax';
import { incrementalNiit } from './niit';
import { bracketFills, bracketIndex, bracketSchedule, ordinaryTax } from './ordinary-tax';

export function taxEstimateExact(input: z.output<typeof TaxEstimateInput>): TaxEstimateResult {
  const table = federalTable(input.tax_year);
  const fed = federalTaxExact({
    table,
    filing_status: input.filing_status,
    ordinary_income: input.ordinary_income,
    qualified_income: input.qualified_income,
    itemized_deductions: input.itemized_deductions,
    earned_income: input.earned_income,
    net_investment_income: input.net_investment_income,
    magi: input.magi,
    age: input.age,
    spouse_age: input.spouse_age,
    blind: input.blind,
    spouse_blind: input.spouse_blind,
  });
  const state = fed.gross_income.times(input.state_tax_rate);
  const ordinaryTax = roundMoney(fed.ordinary_tax);
  const incomeTax = new Dec(roundMoney(fed.regular_tax));
  const capitalGainsTax = roundMoney(incomeTax.minus(ordinaryTax));
  const niit = roundMoney(fed.niit);
  const medicare = roundMoney(fed.additional_medicare_tax);
  const stateTax = roundMoney(state);
  const total = incomeTax.plus(niit).plus(medicare).plus(stateTax);
  const gross = new Dec(roundMoney(fed.gross_income));
  const brackets = bracketFills(fed.schedule, fed.ordinary_taxable_income)
    .filter((row) => row.taxed_amount.gt(0))
    .map((row) => ({
      rate: row.rate,
      from: row.from,
      ...(row.to === undefined ? {} : { to: row.to }),
      taxed_amount: roundMoney(row.taxed_amount),
      tax: roundMoney(row.tax),
    }));
  return {
    gross_income: gross.toNumber(),
    deduction_type: fed.deduction_type,
    deduction: roundMoney(fed.deduction),
    standard_deduction: fed.standard_deduction.total,
    senior_deduction: roundMoney(fed.senior_deduction),
    taxable_income: roundMoney(fed.taxable_income),
    ordinary_taxable_income: roundMoney(fed.ordinary_taxable_income),
    qualified_taxable_income: roundMoney(fed.qualified_taxable_income),
    ordinary_tax: ordinaryTax,
    capital_gains_tax: capitalGainsTax,
    income_tax: roundMoney(incomeTax),
    niit,
    additional_medicare_tax: medicare,
    state_tax: stateTax,
    total_tax: roundMoney(total),
    effective_rate: gross.gt(0) ? roundRate(total.div(gross)) : 0,
    marginal_ordinary_rate: fed.marginal_ordinary_rate,
    marginal_capital_gains_rate: fed.marginal_capital_gains_rate,
    brackets,
  };
}

export function bracketRoomExact(input: z.output<typeof BracketRoomInput>): BracketRoomResult {
  const table = federalTable(input.tax_year);
  const status = input.filing_status;
  const schedule = bracketSchedule(table, status);
  const ti = new Dec(input.taxable_income);
  const index = bracketIndex(schedule, Math.max(input.taxable_income, 0));
  const ceiling = schedule.thresholds[index + 1];
  const brackets = bracketFills(schedule, ti).map((row) => ({
    rate: row.rate,
    from: row.from,
    ...(row.to === undefined
      ? {}
      : { to: row.to, room_to_top: roundMoney(Dec.max(new Dec(row.to).minus(ti), 0)) }),
    filled: roundMoney(row.taxed_amount),
    tax: roundMoney(row.tax),
  }));
  const zero = table.ltcg.zero_rate_max[status];
  const fifteen = table.ltcg.fifteen_rate_max[status];
  return {
    taxable_income: roundMoney(ti),
    current_rate: schedule.rates[index] as number,
    ...(ceiling === undefined
      ? {}
      : { room_in_current_bracket: roundMoney(new Dec(ceiling).minus(Math.max(input.taxable_income, 0))) }),
    ordinary_tax: roundMoney(ordinaryTax(schedule, ti)),
    brackets,
    ltcg_rate: marginalGainRate(table, status, input.taxable_income),
    ltcg_zero_room: roundMoney(Dec.max(new Dec(zero).minus(ti), 0)),
    ltcg_fifteen_room: roundMoney(Dec.max(new Dec(fifteen).minus(Dec.max(ti, zero)), 0)),
  };
}

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

export function tlhBenefitExact(input: z.output<typeof TlhBenefitInput>): TlhBenefitResult {
  const table = federalTable(input.tax_year);
  const status = input.filing_status;
  const ti = new Dec(input.taxable_income);
  const loss = new Dec(input.harvestable_loss);
  const gains = new Dec(input.offsettable_gains);
  const gainsOffset = Dec.min(loss, gains);
  const allowed = Dec.min(loss.minus(gainsOffset), table.capital_loss_limit[status]);
  const ordinaryOffset = Dec.min(allowed, Dec.max(ti.minus(gainsOffset), 0));
  const carryforward = loss.minus(gainsOffset).minus(ordinaryOffset);

  const before = regularTax(table, status, ti, gains).regular_tax;
  const tiAfter = Dec.max(ti.minus(gainsOffset).minus(ordinaryOffset), 0);
  const after = regularTax(table, status, tiAfter, gains.minus(gainsOffset)).regular_tax;
  const saving = roundMoney(before.minus(after));

  const recapturedGain = gainsOffset.plus(ordinaryOffset);
  const recapture = roundMoney(preferentialTax(preferentialBands(table, status, ti, recapturedGain)));
  const discount = new Dec(1 + input.growth_rate).pow(input.reinvestment_years);
  return {
    gains_offset: roundMoney(gainsOffset),
    ordinary_offset: roundMoney(ordinaryOffset),
    carryforward: roundMoney(carryforward),
    immediate_tax_saving: saving,
    future_tax_recapture: recapture,
    net_present_value: roundMoney(new Dec(saving).minus(new Dec(recapture).div(discount))),
    wash_sale_caveat: WASH_SALE_CAVEAT,
  };
}
