/**
 * The state rule kinds, each defined once (its block's schema in `state-rule-schemas.ts`, its evaluation
 * and limits in this folder), and the order the engine applies them in.
 *
 * Stages (a rule's `stage`; a table lists its rules in stage order, and within a stage in the order they
 * apply; the engine figures the income measures between stages):
 *
 * | stage | kinds |
 * | --- | --- |
 * | 0 | `social_security` |
 * | 1 | `social_security_exclusion` (then: the benefits taxed, the state's gross income) |
 * | 2 | `pension_exclusion` (then: the state's AGI) |
 * | 3 | `standard_deduction`, `standard_deduction_percent` or `federal_standard_deduction`; 3.1 its reductions |
 * | 4 | `personal_exemption`; 4.1 its reductions; 4.2 `personal_exemption_tiers` |
 * | 5 | `age_deduction` |
 * | 6 | `federal_tax_deduction` (then: taxable income) |
 * | 7 | `schedule` |
 * | 8 | `exemption_credit`; 8.1 its reductions; 8.2 `age_credit`, `deduction_credit` |
 * | 9 | `tax_addback` |
 * | 10 | `tax_credit_rate` |
 * | 11 | `surtax` |
 * | 12 | `recapture` |
 * | 13 | `no_tax_at_or_below` |
 *
 * A reduction (`phaseout`, `step_reduction` and the `standard_deduction_*` kinds) takes the stage of the
 * amount it reduces plus 0.1.
 *
 * @internal
 * @module
 */
import type { StateRule, StateRuleKind } from '../state-rule-schemas';
import type { StateTaxTable } from '../state-table';
import {
  ageDeduction,
  federalStandardDeductionKind,
  federalTaxDeduction,
  ownStandardDeduction,
  personalExemption,
  personalExemptionTiers,
  phaseout,
  standardDeductionCap,
  standardDeductionLimitation,
  standardDeductionPercent,
  standardDeductionSliding,
  stepReduction,
} from './deductions';
import { pensionExclusion, socialSecurity, socialSecurityExclusion } from './exclusions';
import type { Fold, LimitContext, RuleKind } from './fold';
import {
  ageCredit,
  deductionCredit,
  exemptionCredit,
  noTaxAtOrBelow,
  recapture,
  schedule,
  surtax,
  taxAddback,
  taxCreditRate,
} from './tax';

/** Every kind of rule, by its name in the tables. */
export const KINDS: { readonly [K in StateRuleKind]: RuleKind<K> } = {
  social_security: socialSecurity,
  social_security_exclusion: socialSecurityExclusion,
  pension_exclusion: pensionExclusion,
  standard_deduction: ownStandardDeduction,
  standard_deduction_percent: standardDeductionPercent,
  federal_standard_deduction: federalStandardDeductionKind,
  phaseout,
  step_reduction: stepReduction,
  standard_deduction_sliding: standardDeductionSliding,
  standard_deduction_limitation: standardDeductionLimitation,
  standard_deduction_cap: standardDeductionCap,
  personal_exemption: personalExemption,
  personal_exemption_tiers: personalExemptionTiers,
  age_deduction: ageDeduction,
  federal_tax_deduction: federalTaxDeduction,
  schedule,
  exemption_credit: exemptionCredit,
  age_credit: ageCredit,
  deduction_credit: deductionCredit,
  tax_addback: taxAddback,
  tax_credit_rate: taxCreditRate,
  surtax,
  recapture,
  no_tax_at_or_below: noTaxAtOrBelow,
};

/** The number of whole stages. */
export const STAGE_COUNT = 14;

/** The kind of `rule`, typed for any rule. */
function kindOf(rule: StateRule): RuleKind<StateRuleKind> {
  return KINDS[rule.kind] as unknown as RuleKind<StateRuleKind>;
}

/** The stage of `rule` (see the table above). */
export function ruleStage(rule: StateRule): number {
  return kindOf(rule).stage(rule as never);
}

/** Adds the limits of `rule`, the `index`-th rule of its kind in the table. */
export function ruleLimits(lx: LimitContext, rule: StateRule, index: number): void {
  kindOf(rule).limits?.(lx, rule as never, index);
}

/** One rule bound to its kind's evaluation. */
export type Step = (f: Fold) => void;

const plans = new WeakMap<StateTaxTable, readonly (readonly Step[])[]>();

/** The table's rules by whole stage, each bound to its kind's `apply`, in table order (built once). */
export function planOf(table: StateTaxTable): readonly (readonly Step[])[] {
  let plan = plans.get(table);
  if (plan === undefined) {
    const out: Step[][] = Array.from({ length: STAGE_COUNT }, () => []);
    for (const rule of table.rules) {
      const apply = kindOf(rule).apply;
      out[Math.floor(ruleStage(rule))]?.push((f) => apply(f, rule as never));
    }
    plan = out;
    plans.set(table, plan);
  }
  return plan;
}
