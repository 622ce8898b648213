/**
 * The income limits of a state's rules for one request: where a deduction, exemption, credit, exclusion,
 * add-back or recapture starts, steps or stops changing as income rises. The cliff map offers them as
 * thresholds (besides the bracket tops and surtaxes) and keeps those where the cost actually changes.
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { SENIOR_AGE } from '../deductions';
import { federalTable } from '../federal-tables';
import { ordinaryTax, scheduleFrom } from '../ordinary-tax';
import { decAt, type Int } from './exact';
import {
  exclusionRule,
  fullStandardDeduction,
  type StateTax,
  type StateTaxInput,
  type StateTaxUnits,
} from './state-tax';
import type { StateTaxTable } from './tables';

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

/** The value of `measure` in a state tax result, in the result's units (`units.unit`). */
export function stateMeasure(units: StateTaxUnits, measure: StateMeasure): Int {
  switch (measure) {
    case 'state_agi':
      return units.stateAgi;
    case 'federal_agi':
      return units.federalAgi;
    case 'state_gross_income':
      return units.stateGrossIncome;
    case 'taxable_income':
      return units.taxableIncome;
  }
}

/** Where each of `count` steps of `step` past `start` begins: start, start + step, ... */
function steps(start: number, step: number, count: number, from = 0): number[] {
  const out: number[] = [];
  for (let k = from; k < from + count; k++) out.push(new Dec(step).times(k).plus(start).toNumber());
  return out;
}

/** How many reductions of `by` it takes to remove `amount` (0 when there is nothing to remove). */
function stepsToRemove(amount: Dec | number, by: number): number {
  const total = new Dec(amount);
  return total.lte(0) || by <= 0 ? 0 : total.div(by).ceil().toNumber();
}

type Phaseout = { start: Record<FilingStatus, number>; width: Record<FilingStatus, number> } & {
  step?: Record<FilingStatus, number> | undefined;
};

/**
 * The limits of `table`'s rules for `input`, whose state tax is `tax`: only the rules that can apply to
 * it (its filing status, its age, income of the kind a rule excludes).
 */
export function stateLimits(
  table: StateTaxTable,
  input: Pick<StateTaxInput, 'filing_status' | 'age' | 'social_security_income' | 'pension_income'>,
  tax: StateTax,
): StateLimit[] {
  if (table.kind === 'none') return [];
  const status = input.filing_status;
  const limits: StateLimit[] = [];
  const add = (block: string, name: string, measure: StateMeasure, threshold: number, inclusive = false) => {
    if (Number.isFinite(threshold)) limits.push({ name, measure, threshold, inclusive, block });
  };
  /** A linear phase-out's start and end, or each of its steps. */
  const phaseout = (block: string, rule: Phaseout, measure: StateMeasure, name = block) => {
    const start = rule.start[status];
    const width = rule.width[status];
    const step = rule.step?.[status];
    if (step === undefined) {
      add(block, `${name}_start`, measure, start);
      add(block, `${name}_end`, measure, start + width);
      return;
    }
    steps(start, step, stepsToRemove(width, step)).forEach((at, k) => {
      add(block, `${name}_step_${k + 1}`, measure, at);
    });
  };

  const standard = fullStandardDeduction(table, status, input.age);
  if (table.standard_deduction_phaseout !== undefined) {
    phaseout('standard_deduction_phaseout', table.standard_deduction_phaseout, 'state_agi');
  }
  const sliding = table.standard_deduction_sliding;
  if (sliding !== undefined) {
    // max(own line, the floor status's line), each amount - rate x (income - start), not below 0: the
    // corners are the starts, the zeros and where the two lines meet.
    const line = (s: FilingStatus) => ({
      amount: table.standard_deduction?.[s] ?? 0,
      start: sliding.start[s],
      rate: sliding.rate[s],
    });
    const own = line(status);
    const floor = line(sliding.at_least_as[status]);
    const zero = (l: typeof own) =>
      l.rate > 0 ? new Dec(l.amount).div(l.rate).plus(l.start).toNumber() : Number.NaN;
    add('standard_deduction_sliding', 'standard_deduction_sliding_start', 'state_agi', own.start);
    add('standard_deduction_sliding', 'standard_deduction_sliding_end', 'state_agi', zero(own));
    if (sliding.at_least_as[status] !== status) {
      if (floor.start !== own.start) {
        add('standard_deduction_sliding', 'standard_deduction_sliding_floor_start', 'state_agi', floor.start);
      }
      add('standard_deduction_sliding', 'standard_deduction_sliding_floor_end', 'state_agi', zero(floor));
      if (own.rate !== floor.rate) {
        const meet = new Dec(own.amount)
          .minus(floor.amount)
          .plus(new Dec(own.rate).times(own.start))
          .minus(new Dec(floor.rate).times(floor.start))
          .div(new Dec(own.rate).minus(floor.rate));
        add('standard_deduction_sliding', 'standard_deduction_sliding_floor', 'state_agi', meet.toNumber());
      }
    }
  }
  const deductionSteps = table.standard_deduction_steps;
  if (deductionSteps !== undefined) {
    // one reduction per full step over the start (income - start >= k x step), down to the minimum
    const removable = standard.minus(Dec.min(deductionSteps.minimum[status], standard));
    const count = stepsToRemove(removable, deductionSteps.reduction[status]);
    steps(deductionSteps.start[status], deductionSteps.step[status], count, 1).forEach((at, k) => {
      add('standard_deduction_steps', `standard_deduction_steps_${k + 1}`, 'state_agi', at, true);
    });
  }
  const cap = table.standard_deduction_cap;
  if (cap !== undefined && standard.gt(cap.amount[status])) {
    add('standard_deduction_cap', 'standard_deduction_cap', 'federal_agi', cap.from, true);
  }
  const senior = federalTable(table.tax_year).senior_deduction;
  const seniorStart = senior?.phaseout_start[status];
  if (
    table.federal_standard_deduction?.senior_deduction &&
    senior !== undefined &&
    seniorStart !== null &&
    seniorStart !== undefined &&
    input.age !== undefined &&
    input.age >= SENIOR_AGE
  ) {
    // one person's 6,000 less 6% of federal AGI over the start: gone at start + 6,000 / 6%
    const end = new Dec(senior.amount_per_person).div(senior.phaseout_rate).plus(seniorStart);
    add('federal_standard_deduction', 'senior_deduction_phaseout_start', 'federal_agi', seniorStart);
    add('federal_standard_deduction', 'senior_deduction_phaseout_end', 'federal_agi', end.toNumber());
  }
  const limitation = table.standard_deduction_limitation;
  if (limitation !== undefined) {
    const thresholds = limitation.thresholds[status];
    thresholds.forEach((at, i) => {
      if (at > 0)
        add('standard_deduction_limitation', `standard_deduction_limitation_${i}`, 'federal_agi', at);
    });
    // where the reduction reaches its cap: the AGI whose tax on the limitation's schedule is the cap
    const cap = standard.times(limitation.max_fraction);
    const schedule = scheduleFrom(limitation.rates, thresholds);
    for (let i = 0; i < thresholds.length; i++) {
      const from = thresholds[i] as number;
      const rate = limitation.rates[i] as number;
      const next = thresholds[i + 1];
      const below = cap.minus(ordinaryTax(schedule, new Dec(from)));
      if (rate <= 0 || below.lt(0)) continue;
      const at = below.div(rate).plus(from);
      if (next === undefined || at.lte(next)) {
        add(
          'standard_deduction_limitation',
          'standard_deduction_limitation_cap',
          'federal_agi',
          at.toNumber(),
          true,
        );
        break;
      }
    }
  }
  const exemption = table.personal_exemption?.[status] ?? 0;
  if (table.personal_exemption_phaseout !== undefined && exemption > 0) {
    phaseout('personal_exemption_phaseout', table.personal_exemption_phaseout, 'state_agi');
  }
  const exemptionSteps = table.personal_exemption_steps;
  if (exemptionSteps !== undefined) {
    // one reduction per step or part of one over the start (income > start + k x step)
    const count = stepsToRemove(exemption, exemptionSteps.reduction);
    steps(exemptionSteps.start[status], exemptionSteps.step, count).forEach((at, k) => {
      add('personal_exemption_steps', `personal_exemption_steps_${k + 1}`, 'state_agi', at);
    });
  }
  const tiered = table.personal_exemption_tiers;
  if (tiered !== undefined && tiered.persons[status] > 0) {
    const rows = Array.isArray(tiered.tiers) ? tiered.tiers : tiered.tiers[status];
    const measure = tiered.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
    rows.forEach((row, i) => {
      // a `below` row ends once the measure reaches it; an `up_to` row once the measure is over it
      const name = `personal_exemption_tier_${i + 1}_end`;
      if ('below' in row) add('personal_exemption_tiers', name, measure, row.below, true);
      else add('personal_exemption_tiers', name, measure, row.up_to);
    });
  }
  const share = table.deduction_credit;
  if (share !== undefined) {
    // the credit less phaseout_rate per dollar over the start: gone at start + credit / phaseout_rate
    const full = decAt(tax.units.deductionCreditFull, tax.units.unit);
    const start = share.phaseout_start[status];
    add('deduction_credit', 'deduction_credit_phaseout_start', 'state_agi', start);
    add(
      'deduction_credit',
      'deduction_credit_phaseout_end',
      'state_agi',
      full.div(share.phaseout_rate).plus(start).toNumber(),
    );
  }
  const floor = table.no_tax_at_or_below?.[status];
  if (floor !== undefined) add('no_tax_at_or_below', 'no_tax_limit', 'state_agi', floor);
  const credit = table.exemption_credit?.[status] ?? 0;
  const creditPhaseout = table.exemption_credit_phaseout;
  if (creditPhaseout !== undefined && credit > 0) {
    const start = creditPhaseout.start[status];
    const step = creditPhaseout.step?.[status];
    const measure = creditPhaseout.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
    if (step === undefined) add('exemption_credit_phaseout', 'exemption_credit_limit', measure, start);
    else {
      const count = stepsToRemove(credit, creditPhaseout.reduction[status]);
      steps(start, step, count).forEach((at, k) => {
        add('exemption_credit_phaseout', `exemption_credit_phaseout_step_${k + 1}`, measure, at);
      });
    }
  }
  (table.tax_addbacks ?? []).forEach((rule, j) => {
    const count = stepsToRemove(rule.max[status], rule.amount[status]);
    steps(rule.start[status], rule.step[status], count).forEach((at, k) => {
      add('tax_addbacks', `tax_addback_${j + 1}_step_${k + 1}`, 'state_agi', at);
    });
  });
  (table.tax_credit_rate?.tiers[status] ?? []).forEach((row, i) => {
    add('tax_credit_rate', `tax_credit_rate_${i + 1}`, 'state_agi', row.over);
  });
  // New York's recapture phases in by the worksheets' fraction rounded to 4 places: lumps of cents every
  // $5 of AGI from min_agi and from each tier's start (a bracket top, offered with the brackets), which
  // no one dollar shows as a change of rate. Its flat top-rate limit is a threshold.
  if (table.recapture !== undefined) {
    add('recapture', 'recapture_flat', 'state_agi', table.recapture.flat_above_agi);
  }
  const federal = table.federal_tax_deduction;
  if (federal !== undefined) {
    (federal.fraction_tiers ?? []).forEach((row, i) => {
      if (row.from > 0)
        add(
          'federal_tax_deduction',
          `federal_tax_deduction_fraction_${i + 1}`,
          'federal_agi',
          row.from,
          true,
        );
    });
    (federal.cap_tiers ?? []).forEach((row, i) => {
      const from = row.from[status];
      if (from > 0)
        add('federal_tax_deduction', `federal_tax_deduction_cap_${i + 1}`, 'federal_agi', from, true);
    });
  }
  const kinds = [
    ['social_security', table.social_security.taxed && (input.social_security_income ?? 0) > 0],
    ['pension', (input.pension_income ?? 0) > 0],
  ] as const;
  for (const [kind, present] of kinds) {
    const rule = present ? exclusionRule(table, kind, input.age).rule : undefined;
    if (rule === undefined) continue;
    const name = `${kind}_exclusion`;
    // the measures of `excluded` in state-tax.ts: federal AGI for Social Security, the state's gross
    // income for pensions unless the rule says federal AGI
    const income: StateMeasure = kind === 'social_security' ? 'federal_agi' : 'state_gross_income';
    const tiersOn: StateMeasure = rule.measured_on_federal_agi ? 'federal_agi' : income;
    const full = rule.full_exclusion_below?.[status];
    if (full !== undefined) add('retirement_exclusions', `${name}_full_below`, 'federal_agi', full, true);
    (rule.income_tiers ?? []).forEach((row, i) => {
      add(
        'retirement_exclusions',
        `${name}_tier_${i + 1}`,
        tiersOn,
        row.over[status],
        rule.tiers_at_or_over === true,
      );
    });
    const stepped = rule.step_phaseout;
    if (stepped !== undefined) {
      steps(stepped.start[status], stepped.step[status], stepsToRemove(1, stepped.rate)).forEach((at, k) => {
        add('retirement_exclusions', `${name}_phaseout_step_${k + 1}`, tiersOn, at);
      });
    }
    const uncapped = rule.uncapped_up_to?.[status];
    if (uncapped !== undefined) add('retirement_exclusions', `${name}_cap_applies`, income, uncapped);
    if (rule.phaseout !== undefined)
      phaseout('retirement_exclusions', rule.phaseout, 'federal_agi', `${name}_phaseout`);
  }
  (table.age_deductions ?? []).forEach((rule, i) => {
    if (input.age === undefined || input.age < rule.min_age) return;
    const limit = rule.income_limit;
    if (limit !== undefined) {
      const measure = limit.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
      add(
        'age_deductions',
        `age_deduction_${i + 1}_limit`,
        measure,
        limit.amount[status],
        limit.below === true,
      );
    }
    if (rule.phaseout_start === undefined || rule.phaseout_rate === undefined) return;
    if (rule.no_phaseout_from_age !== undefined && input.age >= rule.no_phaseout_from_age) return;
    const amount = decAt(tax.units.ageDeductionsBeforePhaseout[i] ?? 0, tax.units.unit);
    if (amount.lte(0)) return;
    const start = rule.phaseout_start[status];
    add('age_deductions', `age_deduction_${i + 1}_phaseout_start`, 'state_agi', start);
    add(
      'age_deductions',
      `age_deduction_${i + 1}_phaseout_end`,
      'state_agi',
      amount.div(rule.phaseout_rate).plus(start).toNumber(),
    );
  });
  return limits;
}
