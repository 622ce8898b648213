/**
 * The shapes of the state tax engine: what it takes from a request, what it returns, and the income
 * measures its limits are set on. They sit below the engine (`state-tax.ts`), its limits
 * (`state-limits.ts`) and its rule kinds (`state-rules/`), which all read them, so that none of those
 * imports another for a type.
 *
 * @internal
 * @module
 */
import type { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import type { BracketFill } from '../ordinary-tax';
import type { Amount, Int } from './exact';

/** What the computation needs from a request. */
export interface StateTaxInput {
  readonly filing_status: FilingStatus;
  /** Income other than Social Security benefits and pension income, before the state's deductions. */
  readonly state_taxable_income: number;
  readonly social_security_income?: number | undefined;
  readonly pension_income?: number | undefined;
  readonly age?: number | undefined;
  /**
   * Federal income tax for the year, for the states that deduct it (`federal_tax_deduction`); omitted:
   * computed by the federal engine on the same income.
   */
  readonly federal_income_tax?: number | undefined;
}

/** One surtax's share. */
export interface SurtaxFill {
  readonly name: string;
  readonly rate: number;
  readonly threshold: number;
  readonly taxed_amount: Dec;
  readonly tax: Dec;
}

/**
 * The amounts of a {@link StateTax} as exact integers: whole numbers of `1 / unit` dollars (the
 * decimal fields of the StateTax are these, divided by the unit).
 */
export interface StateTaxUnits {
  readonly unit: Int;
  readonly income: Int;
  readonly stateAgi: Int;
  readonly federalAgi: Int;
  readonly stateGrossIncome: Int;
  readonly socialSecurityTaxed: Int;
  readonly socialSecurityExcluded: Int;
  readonly pensionExcluded: Int;
  readonly standardDeduction: Int;
  readonly personalExemptions: Int;
  readonly ageDeductions: Int;
  readonly federalTaxDeduction: Int;
  readonly taxableIncome: Int;
  readonly bracketTax: Int;
  readonly recaptureTax: Int;
  readonly exemptionCredits: Int;
  readonly surtax: Int;
  readonly tax: Int;
  /** Each `age_deduction` rule's amount before its phase-out, in table order (0 for a rule that does not apply). */
  readonly ageDeductionsBeforePhaseout: readonly Int[];
  /** The credit of `deduction_credit` before its phase-out (0 without one). */
  readonly deductionCreditFull: Int;
}

/** One bracket's share of the tax, exact: `taxed` x `rate` (with the row's cliff amount, if any). */
export interface StateBracketAmounts {
  readonly rate: number;
  readonly from: number;
  /** Omitted for the top bracket. */
  readonly to?: number;
  readonly taxed: Amount;
  readonly tax: Amount;
}

/** One surtax's share, exact. */
export interface SurtaxAmounts {
  readonly name: string;
  readonly rate: number;
  readonly threshold: number;
  readonly taxed: Amount;
  readonly tax: Amount;
}

/** A state's tax on one request, exact. */
export interface StateTax {
  readonly schedule?: string | undefined;
  readonly income: Dec;
  /**
   * The state's AGI: the income after its exclusions, the measure of its deduction, exemption, credit
   * and recapture limits.
   */
  readonly stateAgi: Dec;
  /** Federal AGI: the income given with the part of the benefits IRC 86 includes. */
  readonly federalAgi: Dec;
  /** The state's income before its pension exclusion (the benefits it taxes included, none it exempts). */
  readonly stateGrossIncome: Dec;
  readonly socialSecurityTaxed: Dec;
  /** The Social Security benefits included in federal AGI that the state's exclusions take out. */
  readonly socialSecurityExcluded: Dec;
  readonly pensionExcluded: Dec;
  readonly standardDeduction: Dec;
  readonly personalExemptions: Dec;
  /** Age-gated deductions from income (one person's). */
  readonly ageDeductions: Dec;
  /** The deduction of federal income tax (AL, MO, OR); zero elsewhere. */
  readonly federalTaxDeduction: Dec;
  readonly taxableIncome: Dec;
  readonly bracketTax: Dec;
  /** Recapture of the lower brackets' benefit (NY supplemental tax, CT add-backs); zero elsewhere. */
  readonly recaptureTax: Dec;
  readonly exemptionCredits: Dec;
  readonly surtax: Dec;
  readonly tax: Dec;
  /** Tax on the next dollar of `state_taxable_income`. */
  readonly marginalRate: number;
  readonly brackets: readonly BracketFill[];
  readonly surtaxes: readonly SurtaxFill[];
  /** Why an age-gated exclusion was or was not applied, when it matters. */
  readonly exclusionNotes: readonly string[];
  /** The same amounts as exact integers (what a caller comparing many results reads). */
  readonly units: StateTaxUnits;
  /** {@link StateTax.brackets} as exact amounts. */
  readonly bracketAmounts: readonly StateBracketAmounts[];
  /** {@link StateTax.surtaxes} as exact amounts. */
  readonly surtaxAmounts: readonly SurtaxAmounts[];
}

/** The income a limit is set on (see {@link StateTax}). */
export type StateMeasure = 'state_agi' | 'federal_agi' | 'state_gross_income' | 'taxable_income';

/** One income limit of a state rule. */
export interface StateLimit {
  /** What changes there, e.g. `exemption_credit_phaseout_start`, `standard_deduction_steps_3`. */
  readonly name: string;
  readonly measure: StateMeasure;
  readonly threshold: number;
  /** Crossed once the measure reaches the threshold (`true`) or once it is over it (`false`). */
  readonly inclusive: boolean;
  /** The table block the rule is in, e.g. `exemption_credit_phaseout`. */
  readonly block: string;
}
