// The decimal (decimal.js) implementation of the federal computation that src/tax/_lib/federal.ts
// replaced: kept here, and only here, as the oracle of the differential test (test/tax/exact-engine.test.ts).
import { Dec } from '../../../src/core/money';
import type { HouseholdIncome } from '../../../src/tax/_lib/federal';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';
import { additionalMedicareTax } from './additional-medicare';
import { type Amt, alternativeMinimumTax } from './amt';
import { marginalRegularGainRate, type PreferentialBands, regularTax } from './capital-gains-tax';
import { type StandardDeduction, seniorDeduction, standardDeduction } from './deductions';
import { netInvestmentIncomeTax } from './niit';
import { type BracketSchedule, bracketSchedule, marginalOrdinaryRate } from './ordinary-tax';

/**
 * The inputs of {@link federalTax}: the product's one household-input type (a type only: the oracle's
 * arithmetic stays its own) and the year's table.
 */
export interface FederalTaxInput extends HouseholdIncome {
  readonly table: FederalTaxTable;
}

/** Every figure of a federal computation, exact in decimal (round at the edge). */
export interface FederalTax {
  readonly gross_income: Dec;
  readonly deduction_type: 'standard' | 'itemized';
  readonly standard_deduction: StandardDeduction;
  /** The deduction used: the standard deduction or the itemized override. */
  readonly deduction: Dec;
  readonly senior_deduction: Dec;
  /** Deductions not absorbed by income (taxable income is floored at zero). */
  readonly unused_deduction: Dec;
  readonly taxable_income: Dec;
  readonly ordinary_taxable_income: Dec;
  readonly qualified_taxable_income: Dec;
  readonly bands: PreferentialBands;
  readonly ordinary_tax: Dec;
  readonly capital_gains_tax: Dec;
  readonly regular_tax: Dec;
  readonly niit: Dec;
  readonly additional_medicare_tax: Dec;
  /** Present when `amt_preferences` was given. */
  readonly amt?: Amt;
  /** Regular tax + NIIT + additional Medicare tax (+ AMT when computed). */
  readonly total: Dec;
  /** Bracket rate on the next dollar of ordinary income (0 while deductions exceed income). */
  readonly marginal_ordinary_rate: number;
  /** Rate on the next dollar of qualified income: 0/15/20% (or the ordinary rate, see worksheet line 25). */
  readonly marginal_capital_gains_rate: number;
  readonly schedule: BracketSchedule;
}

/**
 * The federal computation in decimal arithmetic throughout (decimal.js, 40 digits): the oracle of
 * test/tax/exact-engine.test.ts.
 */
export function federalTaxExact(input: FederalTaxInput): FederalTax {
  const { table, filing_status: status } = input;
  const schedule = bracketSchedule(table, status);
  const ordinaryIncome = new Dec(input.ordinary_income);
  const qualifiedIncome = new Dec(input.qualified_income ?? 0);
  const gross = ordinaryIncome.plus(qualifiedIncome);
  const magi = input.magi === undefined ? gross : new Dec(input.magi);

  const standard = standardDeduction(table, status, input);
  const itemized = input.itemized_deductions !== undefined;
  const deduction = new Dec(itemized ? (input.itemized_deductions as number) : standard.total);
  const senior = seniorDeduction(table, status, input, magi);
  const beforeFloor = gross.minus(deduction).minus(senior);
  const taxable = Dec.max(beforeFloor, 0);
  const unused = Dec.max(beforeFloor.negated(), 0);

  const regular = regularTax(table, status, taxable, qualifiedIncome, schedule);
  const qualifiedTaxable = Dec.min(Dec.max(qualifiedIncome, 0), taxable);
  const ordinaryTaxable = taxable.minus(qualifiedTaxable);

  const niit = netInvestmentIncomeTax(table, status, input.net_investment_income ?? qualifiedIncome, magi);
  const medicare = additionalMedicareTax(table, status, input.earned_income ?? ordinaryIncome);
  let total = regular.regular_tax.plus(niit).plus(medicare);

  let amt: Amt | undefined;
  if (input.amt_preferences !== undefined) {
    const addback = itemized ? new Dec(input.amt_itemized_addback ?? 0) : deduction;
    amt = alternativeMinimumTax(table, status, {
      amti: beforeFloor.plus(addback).plus(input.amt_preferences),
      qualified: qualifiedIncome,
      ordinary_taxable: Dec.max(taxable.minus(qualifiedIncome), 0),
      regular_tax: regular.regular_tax,
    });
    total = total.plus(amt.amt);
  }

  const sheltered = unused.gt(0);
  const result: FederalTax = {
    gross_income: gross,
    deduction_type: itemized ? 'itemized' : 'standard',
    standard_deduction: standard,
    deduction,
    senior_deduction: senior,
    unused_deduction: unused,
    taxable_income: taxable,
    ordinary_taxable_income: ordinaryTaxable,
    qualified_taxable_income: qualifiedTaxable,
    bands: regular.bands,
    ordinary_tax: regular.ordinary_tax,
    capital_gains_tax: regular.capital_gains_tax,
    regular_tax: regular.regular_tax,
    niit,
    additional_medicare_tax: medicare,
    total,
    marginal_ordinary_rate: sheltered ? 0 : marginalOrdinaryRate(schedule, ordinaryTaxable),
    marginal_capital_gains_rate: sheltered ? 0 : marginalRegularGainRate(table, status, taxable, regular),
    schedule,
  };
  return amt === undefined ? result : { ...result, amt };
}
