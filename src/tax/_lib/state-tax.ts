/**
 * The state income tax computation shared by `/v1/tax/state-income`: retirement-income exclusions,
 * the state's standard deduction and exemptions, its rate schedule by filing status, exemption
 * credits and surtaxes, all in exact decimal arithmetic (cents are rounded once, in the result).
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import {
  type BracketFill,
  type BracketSchedule,
  bracketFills,
  bracketIndex,
  ordinaryTax,
  scheduleFrom,
} from '../ordinary-tax';
import type { StateTaxTable } from './tables';

/** What the computation needs from a request. */
export interface StateTaxInput {
  readonly filing_status: FilingStatus;
  /** Income other than Social Security benefits and pension income, before the state's deductions. */
  readonly state_taxable_income: number;
  readonly social_security_income?: number | undefined;
  readonly pension_income?: number | undefined;
  readonly age?: number | undefined;
}

/** One surtax's share. */
export interface SurtaxFill {
  readonly name: string;
  readonly rate: number;
  readonly threshold: number;
  readonly taxed_amount: Dec;
  readonly tax: Dec;
}

/** A state's tax on one request, exact. */
export interface StateTax {
  readonly schedule?: string;
  readonly income: Dec;
  readonly socialSecurityTaxed: Dec;
  readonly pensionExcluded: Dec;
  readonly standardDeduction: Dec;
  readonly personalExemptions: Dec;
  readonly taxableIncome: Dec;
  readonly bracketTax: Dec;
  readonly exemptionCredits: Dec;
  readonly surtax: Dec;
  readonly tax: Dec;
  /** Tax on the next dollar of `state_taxable_income`. */
  readonly marginalRate: number;
  readonly brackets: readonly BracketFill[];
  readonly surtaxes: readonly SurtaxFill[];
  /** Why an age-gated exclusion was or was not applied, when it matters. */
  readonly exclusionNotes: readonly string[];
}

const schedules = new WeakMap<object, BracketSchedule>();

function scheduleOf(rows: { thresholds: number[]; rates: number[] }): BracketSchedule {
  let schedule = schedules.get(rows);
  if (schedule === undefined) {
    schedule = scheduleFrom(rows.rates, rows.thresholds);
    schedules.set(rows, schedule);
  }
  return schedule;
}

type Exclusion = NonNullable<StateTaxTable['retirement_exclusions']>[number];

function ageQualifies(rule: Exclusion, age: number | undefined): boolean {
  if (rule.min_age === undefined && rule.max_age === undefined) return true;
  if (age === undefined) return false;
  return (
    (rule.min_age === undefined || age >= rule.min_age) && (rule.max_age === undefined || age <= rule.max_age)
  );
}

function ageText(rule: Exclusion): string {
  if (rule.min_age !== undefined && rule.max_age !== undefined) return `ages ${rule.min_age}-${rule.max_age}`;
  if (rule.min_age !== undefined) return `age ${rule.min_age} and over`;
  return `age ${rule.max_age} and under`;
}

/**
 * The part of `amount` of the kind `kind` that the state's exclusions take out: the first rule whose
 * kind and age gate match (rules of one kind cover disjoint ages), up to its cap.
 */
function excluded(
  table: StateTaxTable,
  kind: 'pension' | 'social_security',
  amount: Dec,
  age: number | undefined,
  notes: string[],
): Dec {
  if (amount.lte(0)) return new Dec(0);
  const rules = (table.retirement_exclusions ?? []).filter(
    (rule) => rule.applies_to === kind || rule.applies_to === 'pension_and_social_security',
  );
  const rule = rules.find((r) => ageQualifies(r, age));
  if (rule === undefined) {
    if (rules.length > 0) {
      const gates = rules.map(ageText).join(', ');
      notes.push(
        age === undefined
          ? `age not given: the ${kind === 'pension' ? 'retirement-income' : 'Social Security'} exclusion (${gates}) is not applied`
          : `age ${age} does not qualify for the ${kind === 'pension' ? 'retirement-income' : 'Social Security'} exclusion (${gates})`,
      );
    }
    return new Dec(0);
  }
  return rule.max_amount === undefined ? amount : Dec.min(amount, rule.max_amount);
}

/**
 * The tax of one jurisdiction on one request, exact: income (with Social Security benefits only where
 * the state taxes them, and pension income less the age-gated exclusion), less the standard deduction
 * and personal exemptions, through the state's schedule for the filing status, less exemption credits
 * (not below zero), plus surtaxes on taxable income above their thresholds.
 *
 * @example
 * ```ts
 * stateTax(stateTaxTables.get(2025).IL!, { filing_status: 'single', state_taxable_income: 50_000 }).tax.toNumber(); // 2475
 * ```
 */
export function stateTax(table: StateTaxTable, input: StateTaxInput): StateTax {
  const status = input.filing_status;
  const notes: string[] = [];
  const other = new Dec(input.state_taxable_income);
  const pension = new Dec(input.pension_income ?? 0);
  const benefits = new Dec(input.social_security_income ?? 0);
  const zero = new Dec(0);
  if (table.kind === 'none') {
    return {
      income: other.plus(pension).plus(benefits),
      socialSecurityTaxed: zero,
      pensionExcluded: zero,
      standardDeduction: zero,
      personalExemptions: zero,
      taxableIncome: zero,
      bracketTax: zero,
      exemptionCredits: zero,
      surtax: zero,
      tax: zero,
      marginalRate: 0,
      brackets: [],
      surtaxes: [],
      exclusionNotes: notes,
    };
  }
  const pensionExcluded = excluded(table, 'pension', pension, input.age, notes);
  // Only states whose table says `taxed: false` are covered so far: their benefits are all exempt.
  const socialSecurityTaxed = table.social_security.taxed
    ? benefits.minus(excluded(table, 'social_security', benefits, input.age, notes))
    : zero;
  const income = other.plus(pension).minus(pensionExcluded).plus(socialSecurityTaxed);
  const standardDeduction = new Dec(table.standard_deduction?.[status] ?? 0);
  const personalExemptions = new Dec(table.personal_exemption?.[status] ?? 0);
  const beforeFloor = income.minus(standardDeduction).minus(personalExemptions);
  const taxableIncome = Dec.max(beforeFloor, 0);
  const scheduleName = table.status_map?.[status] as string;
  const rows = table.brackets?.schedules[scheduleName];
  if (rows === undefined) throw new TypeError(`${table.state}: no schedule ${scheduleName}`);
  const schedule = scheduleOf(rows);
  const bracketTax = ordinaryTax(schedule, taxableIncome);
  const credit = new Dec(table.exemption_credit?.[status] ?? 0);
  const exemptionCredits = Dec.min(credit, bracketTax);
  const surtaxes: SurtaxFill[] = (table.surtaxes ?? []).map((s) => {
    const threshold = s.threshold[status];
    const taxed = Dec.max(taxableIncome.minus(threshold), 0);
    return { name: s.name, rate: s.rate, threshold, taxed_amount: taxed, tax: taxed.times(s.rate) };
  });
  const surtax = surtaxes.reduce((sum, s) => sum.plus(s.tax), zero);
  const tax = bracketTax.minus(exemptionCredits).plus(surtax);
  // The next dollar: taxed once income reaches the deductions; the bracket rate counts only once the
  // exemption credits are used up; each surtax counts once its threshold is reached.
  let marginal = 0;
  if (beforeFloor.gte(0)) {
    const rate = schedule.rates[bracketIndex(schedule, taxableIncome.toNumber())] as number;
    if (bracketTax.gte(credit)) marginal += rate;
    for (const s of surtaxes) if (taxableIncome.gte(s.threshold)) marginal += s.rate;
  }
  return {
    schedule: scheduleName,
    income: other.plus(pension).plus(benefits),
    socialSecurityTaxed,
    pensionExcluded,
    standardDeduction,
    personalExemptions,
    taxableIncome,
    bracketTax,
    exemptionCredits,
    surtax,
    tax,
    marginalRate: marginal,
    brackets: bracketFills(schedule, taxableIncome),
    surtaxes,
    exclusionNotes: notes,
  };
}
