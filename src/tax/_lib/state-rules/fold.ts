/**
 * What a state rule kind is in the engine: its place in the order of the computation, what it does to
 * the running computation ({@link Fold}), and the income limits it offers the cliff map. Each kind is
 * defined once, in this folder; `index.ts` lists them.
 *
 * @internal
 * @module
 */
import type { Dec } from '../../../core/money';
import type { FilingStatus } from '../../../core/schema';
import type { DecimalForm, Int } from '../exact';
import type { Reducible, RuleOf, StateRuleKind } from '../state-rule-schemas';
import type { StateTaxTable } from '../state-table';
import type { StateMeasure, StateTax, StateTaxInput } from '../state-tax-types';
import type { Fraction, Note, Schedule, Units } from '../state-units';

/** A surtax's threshold and amounts, in units. */
export interface SurtaxUnits {
  readonly name: string;
  readonly rate: number;
  readonly threshold: number;
  readonly taxed: Int;
  readonly tax: Int;
}

/** The schedule a filing status uses. */
export interface ChosenSchedule {
  readonly name: string;
  readonly rows: { thresholds: number[]; rates: number[]; jumps?: number[] | undefined };
  readonly schedule: Schedule;
}

/**
 * One computation in progress: the request's amounts in units and what the rules applied so far have
 * made of them. The engine fills the income measures between stages (the table of stages in `index.ts`).
 */
export interface Fold {
  readonly c: Units;
  readonly table: StateTaxTable;
  readonly input: StateTaxInput;
  readonly status: FilingStatus;
  readonly age: number | undefined;
  readonly notes: Note[];
  /** The federal income tax given, where the table deducts it. */
  readonly federalIncomeTax: DecimalForm | undefined;
  /** The income given other than the benefits, and the pension, in units. */
  readonly otherAndPension: Int;
  readonly pension: Int;
  /** All the Social Security benefits received. */
  readonly benefits: Int;
  /** The part of the benefits IRC 86 includes in federal AGI. */
  readonly included: Int;
  /** Provisional income over the IRC 86 base amount (zero below it, and without benefits). */
  readonly provisionalExcess: Int;
  /** Federal AGI: the income given with the part of the benefits IRC 86 includes. */
  readonly federalAgi: Int;

  /** Whether the state taxes the benefits federal AGI includes (`social_security`). */
  socialSecurityIsTaxed: boolean;
  socialSecurityExcluded: Int;
  /** Whether a Social Security exclusion rule applied (its age gate passed). */
  socialSecurityRuleApplied: boolean;
  socialSecurityTaxed: Int;
  /** The state's income before its pension exclusion (the benefits it taxes in, none it exempts). */
  stateGross: Int;
  pensionExcluded: Int;
  pensionRuleApplied: boolean;
  /** The state's AGI: the income after its exclusions. */
  income: Int;

  /** The standard deduction before any reduction. */
  fullStandardDeduction: Int;
  /** The state's own standard deduction by status (`standard_deduction`), for the sliding scale's floor. */
  standardDeductionByStatus: Readonly<Record<FilingStatus, number>> | undefined;
  /** The standard deduction, personal exemptions and exemption credits so far. */
  readonly amounts: Record<Reducible, Int>;
  /** The standard deduction's linear phase-out fraction (its additional amounts at 65 share it). */
  standardDeductionFraction: Fraction;
  /** The share of the next dollar of federal AGI the standard deduction's limitation takes off it. */
  limitationSlope: number;
  /** The share of the next dollar of the state's AGI the standard deduction grows by (`standard_deduction_percent`). */
  standardDeductionSlope: number;
  /** Age deductions (the senior deduction among them), one person's. */
  ageDeductions: Int;
  /** Each `age_deduction`'s amount before its phase-out, in table order (0 where it does not apply). */
  readonly ageDeductionsBeforePhaseout: Int[];
  /** The share of the next dollar of federal AGI the senior deduction's phase-out takes off it. */
  seniorSlope: number;
  federalTaxDeduction: Int;
  deductsFederalTax: boolean;
  /** Income less the deductions, before the floor at zero. */
  beforeFloor: Int;
  taxableIncome: Int;

  schedule: ChosenSchedule | undefined;
  bracketTax: Int;
  /** The `deduction_credit` before its phase-out (0 without one). */
  deductionCreditFull: Int;
  /** The share of the next dollar of income the deduction credit's phase-out takes off it. */
  shareSlope: number;
  addbacks: Int;
  creditRate: number;
  readonly surtaxes: SurtaxUnits[];
  surtax: Int;
  /** The recapture of the lower brackets' benefit (without the add-backs). */
  recapture: Int;
  recaptureMarginal: number;
  /** No tax at all (`no_tax_at_or_below`). */
  untaxed: boolean;
}

/** What a kind's limits are figured from. */
export interface LimitContext {
  readonly table: StateTaxTable;
  readonly status: FilingStatus;
  readonly input: Pick<StateTaxInput, 'filing_status' | 'age' | 'social_security_income' | 'pension_income'>;
  readonly tax: StateTax;
  /** The standard deduction before any reduction, the personal exemptions and the exemption credits of the table. */
  readonly full: Readonly<Record<Reducible, Dec>>;
  /** Whether the table taxes the benefits federal AGI includes. */
  readonly socialSecurityIsTaxed: boolean;
  /** Adds a limit (ignored unless the threshold is finite). */
  add(block: string, name: string, measure: StateMeasure, threshold: number, inclusive?: boolean): void;
}

/** One kind of rule: where it applies, what it does, and its limits. */
export interface RuleKind<K extends StateRuleKind> {
  /** Its place in the computation (the table of stages in `index.ts`); a table lists its rules in this order. */
  readonly stage: (rule: RuleOf<K>) => number;
  /** Applies the rule to the computation. */
  readonly apply: (f: Fold, rule: RuleOf<K>) => void;
  /**
   * The rule's income limits for one request (`index` counts the rules of its kind in the table). Their
   * `block` names the rule in the cliff map's `source` (`<file>#<block>`).
   */
  readonly limits?: (lx: LimitContext, rule: RuleOf<K>, index: number) => void;
}
