/**
 * The federal income tax of a year from plain numbers: regular tax, NIIT, additional Medicare tax and
 * AMT (the fast path, and the exact decimal computation it agrees with).
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import { fastFederal } from './_lib/fast-federal';
import { additionalMedicareTax } from './additional-medicare';
import { type Amt, alternativeMinimumTax } from './amt';
import { marginalRegularGainRate, type PreferentialBands, regularTax } from './capital-gains-tax';
import { type Household, type StandardDeduction, seniorDeduction, standardDeduction } from './deductions';
import type { FederalTaxTable } from './federal-tables';
import { netInvestmentIncomeTax } from './niit';
import { type BracketSchedule, bracketSchedule, marginalOrdinaryRate } from './ordinary-tax';

/** Plain-number inputs of {@link federalTax} (no parsing: callers in loops pass numbers straight in). */
export interface FederalTaxInput extends Household {
  readonly table: FederalTaxTable;
  readonly filing_status: FilingStatus;
  /** Ordinary income in AGI: wages, interest, non-qualified dividends, IRA withdrawals, ... */
  readonly ordinary_income: number;
  /** Qualified dividends and net long-term capital gain (in AGI). */
  readonly qualified_income: number;
  /** Used instead of the standard deduction when given. */
  readonly itemized_deductions?: number | undefined;
  /** Wages plus self-employment income for the additional Medicare tax; default `ordinary_income`. */
  readonly earned_income?: number | undefined;
  /** Net investment income for the NIIT; default `qualified_income`. */
  readonly net_investment_income?: number | undefined;
  /** Modified AGI for the NIIT and the senior deduction; default ordinary + qualified income. */
  readonly magi?: number | undefined;
  /**
   * When given (even 0), the AMT is computed: AMTI = taxable income before the floor at zero + the
   * standard deduction (when not itemizing) + `amt_itemized_addback` (itemized deductions the AMT
   * disallows, such as state and local taxes) + these preferences (an ISO bargain element, ...).
   */
  readonly amt_preferences?: number | undefined;
  /** Itemized deductions not allowed for the AMT (Form 6251 line 2a when itemizing); default 0. */
  readonly amt_itemized_addback?: number | undefined;
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
 * Federal tax of one return: standard deduction (65+/blind amounts) or itemized override, the OBBBA
 * senior deduction, regular tax with qualified income stacked on ordinary income (0/15/20%), NIIT,
 * additional Medicare tax and, on request, the AMT. Pure, plain numbers in, exact decimals out.
 *
 * Taxable income = ordinary + qualified income - deduction - senior deduction, floored at zero; the
 * deductions absorb ordinary income first (qualified taxable income = min(qualified, taxable)).
 *
 * Cent amounts (incomes up to $2e10) are computed in exact scaled integers (`_lib/fast-federal.ts`) and
 * the decimal fields are built when read (getters); anything else in decimal arithmetic. The figures
 * are the same either way, to the last digit.
 *
 * @example
 * ```ts
 * import { federalTable, federalTax } from 'finplan/tax';
 * const t = federalTax({ table: federalTable(2026), filing_status: 'single', ordinary_income: 60_000, qualified_income: 10_000 });
 * t.regular_tax.toNumber(); // 5687.5 (PolicyEngine-US non_sch_d_capital_gains.yaml, case 1b)
 * ```
 */
export function federalTax(input: FederalTaxInput): FederalTax {
  return fastFederal(input) ?? federalTaxExact(input);
}

/**
 * {@link federalTax} in decimal arithmetic throughout: the reference implementation, used for inputs
 * outside the exact integer fast path (non-cent amounts, incomes over $2e10) and as the oracle of the
 * differential test (`test/tax/fast-path.test.ts`).
 *
 * @example
 * ```ts
 * import { federalTable } from 'finplan/tax';
 * federalTaxExact({ table: federalTable(2026), filing_status: 'single', ordinary_income: 60_000, qualified_income: 10_000 })
 *   .regular_tax.toNumber(); // 5687.5, as federalTax
 * ```
 * @internal
 */
export function federalTaxExact(input: FederalTaxInput): FederalTax {
  const { table, filing_status: status } = input;
  const schedule = bracketSchedule(table, status);
  const ordinaryIncome = new Dec(input.ordinary_income);
  const qualifiedIncome = new Dec(input.qualified_income);
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
