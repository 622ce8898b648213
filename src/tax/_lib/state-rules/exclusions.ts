/**
 * The income kinds: whether Social Security is taxed, and the exclusions of Social Security benefits and
 * pension income (age-gated; of the rules of one kind the first whose gate the age passes applies).
 *
 * @internal
 * @module
 */
import { dollars, roundRate } from '../../../core/money';
import { type Int, max, min, mul, mulDivExact, pow10, sub, toNumber } from '../exact';
import type { RuleOf } from '../state-rule-schemas';
import type { StateTaxTable } from '../state-table';
import type { StateMeasure } from '../state-tax-types';
import { form } from '../state-units';
import type { Fold, LimitContext, RuleKind } from './fold';
import { phaseoutLimits, steps, stepsToRemove } from './limit-helpers';

type ExclusionKind = 'social_security_exclusion' | 'pension_exclusion';
type Exclusion = RuleOf<'social_security_exclusion'> | RuleOf<'pension_exclusion'>;

/** Whether `age` passes the rule's age gate (none: every age, the age not given included). */
export function ageQualifies(rule: Exclusion, age: number | undefined): boolean {
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

const byKind = new WeakMap<StateTaxTable, Record<ExclusionKind, Exclusion[]>>();

/** The exclusion rules of `kind` in `table`, in table order. */
export function exclusionRules(table: StateTaxTable, kind: ExclusionKind): Exclusion[] {
  let rules = byKind.get(table);
  if (rules === undefined) {
    rules = {
      social_security_exclusion: table.rules.filter((r) => r.kind === 'social_security_exclusion'),
      pension_exclusion: table.rules.filter((r) => r.kind === 'pension_exclusion'),
    };
    byKind.set(table, rules);
  }
  return rules[kind];
}

/** The rule of `kind` that applies at `age`: the first whose age gate it passes. */
export function exclusionRule(table: StateTaxTable, kind: ExclusionKind, age: number | undefined) {
  return exclusionRules(table, kind).find((rule) => ageQualifies(rule, age));
}

/**
 * The part of `amount` the rule takes out: up to its cap, less its phase-out (see the
 * fields of the exclusion kinds in `state-rule-schemas.ts`).
 */
function excluded(
  f: Fold,
  rule: Exclusion,
  amount: Int,
  /** The income the rule's income limits are measured on (before `measured_on_federal_agi`). */
  income: Int,
): Int {
  const { c, status, notes, federalAgi } = f;
  const pension = rule.kind === 'pension_exclusion';
  if (rule.kind === 'social_security_exclusion' && rule.full_exclusion_below !== undefined) {
    const limit = rule.full_exclusion_below[status];
    if (federalAgi < c.of(limit)) return amount;
    const share = rule.taxed_share_above ?? 1;
    const kept = min(amount, c.times(min(f.benefits, f.provisionalExcess), share));
    notes.push(
      () =>
        `federal AGI of ${dollars(c.num(federalAgi))} is at or over ${dollars(limit)}: at most ${roundRate(share * 100)}% of the benefits (or of provisional income over the base amount) stays taxed`,
    );
    return sub(amount, kept);
  }
  const measure = rule.measured_on_federal_agi ? federalAgi : income;
  const named = pension ? 'pension' : 'benefits';
  let base = amount;
  let tier: NonNullable<Exclusion['income_tiers']>[number] | undefined;
  for (const row of rule.income_tiers ?? []) {
    const over = c.of(row.over[status]);
    if (rule.tiers_at_or_over ? measure >= over : measure > over) tier = row;
  }
  if (tier !== undefined) {
    const fraction = tier.fraction[status];
    const over = tier.over[status];
    base = c.times(amount, fraction);
    notes.push(
      () =>
        `income ${rule.tiers_at_or_over ? 'at or over' : 'over'} ${dollars(over)}: ${roundRate(fraction * 100)}% of the ${named} may be excluded`,
    );
  }
  const stepped = rule.step_phaseout;
  if (stepped !== undefined) {
    const count = c.stepsOver(measure, stepped.start[status], stepped.step[status]);
    // kept = max(1 - steps x rate, 0), as a decimal of the rate's places
    const rate = form(stepped.rate);
    const scale = pow10(rate.places);
    const kept = max(sub(scale, mul(count, rate.m)), 0);
    if (count > 0) {
      const start = stepped.start[status];
      notes.push(
        () =>
          `income over ${dollars(start)}: ${roundRate(toNumber(kept, scale) * 100)}% of the ${named} may be excluded`,
      );
    }
    base = mulDivExact(base, kept, scale);
  }
  let capped = base;
  if (rule.max_amount !== undefined) {
    const uncapped = rule.kind === 'social_security_exclusion' ? rule.uncapped_up_to?.[status] : undefined;
    if (uncapped !== undefined && income <= c.of(uncapped)) {
      notes.push(
        () =>
          `income of ${dollars(c.num(income))} is at or below ${dollars(uncapped)}: the Social Security exclusion is not capped`,
      );
      return base;
    }
    let room = c.of(typeof rule.max_amount === 'number' ? rule.max_amount : rule.max_amount[status]);
    if (rule.kind === 'pension_exclusion') {
      if (rule.cap_reduced_by_social_security) room = max(sub(room, f.socialSecurityExcluded), 0);
      if (rule.cap_reduced_by_benefits_received) room = max(sub(room, f.benefits), 0);
    }
    capped = min(base, room);
  }
  const fraction = c.fraction(rule.phaseout, status, federalAgi);
  if (fraction.n <= 0) return capped;
  const start = rule.phaseout?.start[status] ?? 0;
  notes.push(
    () =>
      `federal AGI of ${dollars(c.num(federalAgi))} is over ${dollars(start)}: the ${pension ? 'pension' : 'Social Security'} exclusion is reduced by ${roundRate(toNumber(mul(fraction.n, 100), fraction.d))}%`,
  );
  return c.less(capped, fraction);
}

/** The note when no rule of `kind` passes its age gate (the engine adds it after the kind's rules). */
export function noRuleNote(f: Fold, kind: ExclusionKind): void {
  const rules = exclusionRules(f.table, kind);
  if (rules.length === 0) return;
  const age = f.age;
  const what = kind === 'pension_exclusion' ? 'retirement-income' : 'Social Security';
  const gates = rules.map(ageText).join(', ');
  f.notes.push(() =>
    age === undefined
      ? `age not given: the ${what} exclusion (${gates}) is not applied`
      : `age ${age} does not qualify for the ${what} exclusion (${gates})`,
  );
}

/**
 * The limits of the exclusion that applies to the request (its kind of income present, its age gate
 * passed); named `<social_security|pension>_exclusion_...`.
 */
function exclusionLimits(kind: ExclusionKind) {
  return (lx: LimitContext, rule: Exclusion): void => {
    const { table, input, status } = lx;
    const present =
      kind === 'social_security_exclusion'
        ? lx.socialSecurityIsTaxed && (input.social_security_income ?? 0) > 0
        : (input.pension_income ?? 0) > 0;
    if (!present || exclusionRule(table, kind, input.age) !== rule) return;
    const name = kind === 'social_security_exclusion' ? 'social_security_exclusion' : 'pension_exclusion';
    const block = 'retirement_exclusions';
    // the measures of the evaluation: federal AGI for Social Security, the state's gross income for
    // pensions unless the rule says federal AGI
    const income: StateMeasure = kind === 'social_security_exclusion' ? 'federal_agi' : 'state_gross_income';
    const tiersOn: StateMeasure = rule.measured_on_federal_agi ? 'federal_agi' : income;
    if (rule.kind === 'social_security_exclusion') {
      const full = rule.full_exclusion_below?.[status];
      if (full !== undefined) lx.add(block, `${name}_full_below`, 'federal_agi', full, true);
    }
    (rule.income_tiers ?? []).forEach((row, i) => {
      lx.add(block, `${name}_tier_${i + 1}`, tiersOn, row.over[status], rule.tiers_at_or_over === true);
    });
    const stepped = rule.step_phaseout;
    if (stepped !== undefined) {
      steps(stepped.start[status], stepped.step[status], stepsToRemove(1, stepped.rate)).forEach((at, k) => {
        lx.add(block, `${name}_phaseout_step_${k + 1}`, tiersOn, at);
      });
    }
    if (rule.kind === 'social_security_exclusion') {
      const uncapped = rule.uncapped_up_to?.[status];
      if (uncapped !== undefined) lx.add(block, `${name}_cap_applies`, income, uncapped);
    }
    if (rule.phaseout !== undefined)
      phaseoutLimits(lx, block, rule.phaseout, 'federal_agi', `${name}_phaseout`);
  };
}

/** `social_security`: whether the benefits federal AGI includes are taxed. */
export const socialSecurity: RuleKind<'social_security'> = {
  stage: () => 0,
  apply(f, rule) {
    f.socialSecurityIsTaxed = rule.taxed;
  },
};

/** `social_security_exclusion`: taken before the pension exclusions, its limits on federal AGI. */
export const socialSecurityExclusion: RuleKind<'social_security_exclusion'> = {
  stage: () => 1,
  apply(f, rule) {
    if (f.socialSecurityRuleApplied || !f.socialSecurityIsTaxed || f.benefits <= 0) return;
    if (!ageQualifies(rule, f.age)) return;
    f.socialSecurityRuleApplied = true;
    if (f.included <= 0) return;
    f.socialSecurityExcluded = excluded(f, rule, f.included, f.federalAgi);
  },
  limits: exclusionLimits('social_security_exclusion'),
};

/** `pension_exclusion`: its limits on the state's gross income (or federal AGI). */
export const pensionExclusion: RuleKind<'pension_exclusion'> = {
  stage: () => 2,
  apply(f, rule) {
    if (f.pensionRuleApplied || !ageQualifies(rule, f.age)) return;
    f.pensionRuleApplied = true;
    if (f.pension <= 0) return;
    f.pensionExcluded = excluded(f, rule, f.pension, f.stateGross);
  },
  limits: exclusionLimits('pension_exclusion'),
};
