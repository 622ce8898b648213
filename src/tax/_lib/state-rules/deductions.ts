/**
 * The deduction kinds: the standard deduction (the state's own or the federal one) and its reductions,
 * the personal exemptions, the reductions any of these amounts can take (`phaseout`, `step_reduction`),
 * the age deductions and the deduction of federal income tax.
 *
 * @internal
 * @module
 */
import { Dec, dollars } from '../../../core/money';
import type { FilingStatus } from '../../../core/schema';
import { SENIOR_AGE, seniorDeduction, standardDeduction } from '../../deductions';
import { householdTax } from '../../engine';
import { federalTable } from '../../federal-tables';
import type { FederalTax } from '../../federal-tax';
import { ordinaryTax, scheduleFrom } from '../../ordinary-tax';
import { scaledSocialSecurity } from '../../taxable-social-security';
import {
  add,
  type DecimalForm,
  decAt,
  decimalOfDec,
  divFloor,
  type Int,
  max,
  min,
  mul,
  mulDivExact,
  sub,
} from '../exact';
import { Federal } from '../federal';
import type { Reducible, RuleOf, StateRuleKind } from '../state-rule-schemas';
import type { StateTaxTable } from '../state-table';
import { bracketIndexOf, scheduleOf, type Units } from '../state-units';
import type { Fold, RuleKind } from './fold';
import { phaseoutLimits, steps, stepsToRemove } from './limit-helpers';

/** The stage of the amount a reduction applies to (base amounts x.0, reductions x.1, additions x.2). */
export const AMOUNT_STAGE: Readonly<Record<Reducible, number>> = {
  standard_deduction: 3,
  personal_exemption: 4,
  exemption_credit: 8,
};

/** The federal standard deduction of `year`, with the additional amount of one person at `age`. */
export function federalStandardDeduction(year: number, status: FilingStatus, age?: number): number {
  return standardDeduction(federalTable(year), status, { age }).total;
}

/** The first rule of `kind` in `table`. */
export function ruleOf<K extends StateRuleKind>(table: StateTaxTable, kind: K): RuleOf<K> | undefined {
  return table.rules.find((rule): rule is RuleOf<K> => rule.kind === kind);
}

/** `standard_deduction`: the state's own, by status. */
export const ownStandardDeduction: RuleKind<'standard_deduction'> = {
  stage: () => 3,
  apply(f, rule) {
    const amount = f.c.of(rule[f.status]);
    f.standardDeductionByStatus = rule;
    f.fullStandardDeduction = amount;
    f.amounts.standard_deduction = amount;
  },
};

/**
 * `standard_deduction_percent`: `rate` of the state's AGI, within a minimum and a maximum. Between them
 * each further dollar of income adds `rate` to the deduction (at the minimum itself too: the next dollar
 * lifts it; at the maximum no longer).
 */
export const standardDeductionPercent: RuleKind<'standard_deduction_percent'> = {
  stage: () => 3,
  apply(f, rule) {
    const { c, status } = f;
    const share = c.times(f.income, rule.rate);
    const minimum = c.of(rule.minimum[status]);
    const maximum = c.of(rule.maximum[status]);
    const amount = min(max(share, minimum), maximum);
    f.fullStandardDeduction = amount;
    f.amounts.standard_deduction = amount;
    f.standardDeductionSlope = share >= minimum && share < maximum ? rule.rate : 0;
  },
  limits(lx, rule) {
    // the share reaches the minimum at minimum / rate and the maximum at maximum / rate of state AGI
    if (rule.rate <= 0) return;
    const block = 'standard_deduction_percent';
    const at = (amount: number) => new Dec(amount).div(rule.rate).toNumber();
    lx.add(block, 'standard_deduction_percent_start', 'state_agi', at(rule.minimum[lx.status]), true);
    lx.add(block, 'standard_deduction_percent_end', 'state_agi', at(rule.maximum[lx.status]), true);
  },
};

/** `federal_standard_deduction`: the federal one of the year, and the senior deduction with the age deductions. */
export const federalStandardDeductionKind: RuleKind<'federal_standard_deduction'> = {
  stage: () => 3,
  apply(f, rule) {
    const { c, status, age } = f;
    const amount = c.of(
      federalStandardDeduction(f.table.tax_year, status, rule.additional_at_65 ? age : undefined),
    );
    f.fullStandardDeduction = amount;
    f.amounts.standard_deduction = amount;
    if (!rule.senior_deduction) return;
    // The IRC 151(d)(5)(C) deduction for seniors a state takes from federal taxable income: one
    // person's, at `age`, phased out on federal AGI; each further dollar of AGI takes its rate off it.
    const fedTable = federalTable(f.table.tax_year);
    const senior = c.input(
      decimalOfDec(seniorDeduction(fedTable, status, { age }, decAt(f.federalAgi, c.u))),
    );
    f.ageDeductions = add(f.ageDeductions, senior);
    const seniorRule = fedTable.senior_deduction;
    f.seniorSlope =
      senior > 0 && f.federalAgi > c.of(seniorRule?.phaseout_start[status] ?? 0)
        ? (seniorRule?.phaseout_rate ?? 0)
        : 0;
  },
  limits(lx, rule) {
    const senior = federalTable(lx.table.tax_year).senior_deduction;
    const start = senior?.phaseout_start[lx.status];
    const age = lx.input.age;
    if (!rule.senior_deduction || senior === undefined || start === null || start === undefined) return;
    if (age === undefined || age < SENIOR_AGE) return;
    // one person's 6,000 less 6% of federal AGI over the start: gone at start + 6,000 / 6%
    const end = new Dec(senior.amount_per_person).div(senior.phaseout_rate).plus(start);
    lx.add('federal_standard_deduction', 'senior_deduction_phaseout_start', 'federal_agi', start);
    lx.add('federal_standard_deduction', 'senior_deduction_phaseout_end', 'federal_agi', end.toNumber());
  },
};

/** `phaseout`: a linear phase-out of the amount `of` on the state's AGI. */
export const phaseout: RuleKind<'phaseout'> = {
  stage: (rule) => AMOUNT_STAGE[rule.of] + 0.1,
  apply(f, rule) {
    const fraction = f.c.fraction(rule, f.status, f.income);
    f.amounts[rule.of] = f.c.less(f.amounts[rule.of], fraction);
    if (rule.of === 'standard_deduction') f.standardDeductionFraction = fraction;
  },
  limits(lx, rule) {
    if (lx.full[rule.of].lte(0)) return;
    phaseoutLimits(lx, `${rule.of}_phaseout`, rule, 'state_agi');
  },
};

/** The names the cliff map gives a `step_reduction`'s limits, by the amount it reduces. */
const STEP_NAMES: Readonly<Record<Reducible, { block: string; step: string }>> = {
  standard_deduction: { block: 'standard_deduction_steps', step: 'standard_deduction_steps_' },
  personal_exemption: { block: 'personal_exemption_steps', step: 'personal_exemption_steps_' },
  exemption_credit: { block: 'exemption_credit_phaseout', step: 'exemption_credit_phaseout_step_' },
};

/** How many steps of `rule` `measure` is past (see `step_reduction`). */
function stepCount(c: Units, rule: RuleOf<'step_reduction'>, status: FilingStatus, measure: Int): Int {
  const start = rule.start[status];
  const step = rule.step?.[status];
  if (step === undefined) return measure > c.of(start) ? 1 : 0;
  if (rule.whole_steps) return divFloor(max(sub(measure, c.of(start)), 0), c.of(step));
  return c.stepsOver(measure, start, step);
}

/** `step_reduction`: the amount `of` less a reduction per step of income over the start. */
export const stepReduction: RuleKind<'step_reduction'> = {
  stage: (rule) => AMOUNT_STAGE[rule.of] + 0.1,
  apply(f, rule) {
    const { c, status } = f;
    const measure = rule.measured_on_federal_agi ? f.federalAgi : f.income;
    const count = stepCount(c, rule, status, measure);
    const amount = f.amounts[rule.of];
    f.amounts[rule.of] = max(
      sub(amount, mul(count, c.of(rule.reduction[status]))),
      min(c.of(rule.minimum?.[status] ?? 0), amount),
    );
  },
  limits(lx, rule) {
    const { status } = lx;
    const full = lx.full[rule.of];
    if (full.lte(0)) return;
    const names = STEP_NAMES[rule.of];
    const measure = rule.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
    const start = rule.start[status];
    const step = rule.step?.[status];
    if (step === undefined) {
      lx.add(names.block, `${rule.of}_limit`, measure, start);
      return;
    }
    const removable = full.minus(Dec.min(rule.minimum?.[status] ?? 0, full));
    const count = stepsToRemove(removable, rule.reduction[status]);
    // whole steps: one reduction once the income reaches start + k x step; started steps: once it is
    // over start + (k - 1) x step
    const whole = rule.whole_steps === true;
    steps(start, step, count, whole ? 1 : 0).forEach((at, k) => {
      lx.add(names.block, `${names.step}${k + 1}`, measure, at, whole);
    });
  },
};

/** `standard_deduction_sliding`: replaces the standard deduction by the sliding scale's. */
export const standardDeductionSliding: RuleKind<'standard_deduction_sliding'> = {
  stage: () => 3.1,
  apply(f, rule) {
    const { c } = f;
    const amounts = f.standardDeductionByStatus;
    const slid = (s: FilingStatus) =>
      max(sub(c.of(amounts?.[s] ?? 0), c.times(max(sub(f.income, c.of(rule.start[s])), 0), rule.rate[s])), 0);
    f.amounts.standard_deduction = max(slid(f.status), slid(rule.at_least_as[f.status]));
  },
  limits(lx, rule) {
    // max(own line, the floor status's line), each amount - rate x (income - start), not below 0: the
    // corners are the starts, the zeros and where the two lines meet.
    const { status } = lx;
    const amounts = ruleOf(lx.table, 'standard_deduction');
    const block = 'standard_deduction_sliding';
    const line = (s: FilingStatus) => ({
      amount: amounts?.[s] ?? 0,
      start: rule.start[s],
      rate: rule.rate[s],
    });
    const own = line(status);
    const floor = line(rule.at_least_as[status]);
    const zero = (l: typeof own) =>
      l.rate > 0 ? new Dec(l.amount).div(l.rate).plus(l.start).toNumber() : Number.NaN;
    lx.add(block, 'standard_deduction_sliding_start', 'state_agi', own.start);
    lx.add(block, 'standard_deduction_sliding_end', 'state_agi', zero(own));
    if (rule.at_least_as[status] === status) return;
    if (floor.start !== own.start)
      lx.add(block, 'standard_deduction_sliding_floor_start', 'state_agi', floor.start);
    lx.add(block, 'standard_deduction_sliding_floor_end', 'state_agi', zero(floor));
    if (own.rate !== floor.rate) {
      const meet = new Dec(own.amount)
        .minus(floor.amount)
        .plus(new Dec(own.rate).times(own.start))
        .minus(new Dec(floor.rate).times(floor.start))
        .div(new Dec(own.rate).minus(floor.rate));
      lx.add(block, 'standard_deduction_sliding_floor', 'state_agi', meet.toNumber());
    }
  },
};

/** `standard_deduction_limitation`: the deduction less a schedule of federal AGI, capped. */
export const standardDeductionLimitation: RuleKind<'standard_deduction_limitation'> = {
  stage: () => 3.1,
  apply(f, rule) {
    const { c } = f;
    const thresholds = rule.thresholds[f.status];
    const schedule = scheduleOf({ thresholds, rates: rule.rates }, thresholds);
    const uncapped = c.tax(schedule, f.federalAgi);
    const cap = c.times(f.fullStandardDeduction, rule.max_fraction);
    const capped = uncapped >= cap;
    f.amounts.standard_deduction = sub(f.amounts.standard_deduction, capped ? cap : uncapped);
    // while not capped, the deduction loses the schedule's rate of the next dollar of federal AGI
    f.limitationSlope = capped
      ? 0
      : (schedule.rates[bracketIndexOf(schedule, c.num(f.federalAgi))] as number);
  },
  limits(lx, rule) {
    const block = 'standard_deduction_limitation';
    const thresholds = rule.thresholds[lx.status];
    thresholds.forEach((at, i) => {
      if (at > 0) lx.add(block, `standard_deduction_limitation_${i}`, 'federal_agi', at);
    });
    // where the reduction reaches its cap: the AGI whose tax on the limitation's schedule is the cap
    const cap = lx.full.standard_deduction.times(rule.max_fraction);
    const schedule = scheduleFrom(rule.rates, thresholds);
    for (let i = 0; i < thresholds.length; i++) {
      const from = thresholds[i] as number;
      const rate = rule.rates[i] as number;
      const next = thresholds[i + 1];
      const below = cap.minus(ordinaryTax(schedule, new Dec(from)));
      if (rate <= 0 || below.lt(0)) continue;
      const at = below.div(rate).plus(from);
      if (next === undefined || at.lte(next)) {
        lx.add(block, 'standard_deduction_limitation_cap', 'federal_agi', at.toNumber(), true);
        break;
      }
    }
  },
};

/** `standard_deduction_cap`: at most an amount from a federal AGI on. */
export const standardDeductionCap: RuleKind<'standard_deduction_cap'> = {
  stage: () => 3.1,
  apply(f, rule) {
    if (f.federalAgi >= f.c.of(rule.from))
      f.amounts.standard_deduction = min(f.amounts.standard_deduction, f.c.of(rule.amount[f.status]));
  },
  limits(lx, rule) {
    if (lx.full.standard_deduction.gt(rule.amount[lx.status]))
      lx.add('standard_deduction_cap', 'standard_deduction_cap', 'federal_agi', rule.from, true);
  },
};

/** `personal_exemption`: by status. */
export const personalExemption: RuleKind<'personal_exemption'> = {
  stage: () => 4,
  apply(f, rule) {
    f.amounts.personal_exemption = f.c.of(rule[f.status]);
  },
};

/** `personal_exemption_tiers`: exemptions of the amount of the income's tier, added. */
export const personalExemptionTiers: RuleKind<'personal_exemption_tiers'> = {
  stage: () => 4.2,
  apply(f, rule) {
    const { c, status } = f;
    const rows = Array.isArray(rule.tiers) ? rule.tiers : rule.tiers[status];
    const measure = rule.measured_on_federal_agi ? f.federalAgi : f.income;
    const tier = rows.find((row) =>
      'below' in row ? measure < c.of(row.below) : measure <= c.of(row.up_to),
    );
    f.amounts.personal_exemption = add(
      f.amounts.personal_exemption,
      mul(c.of(tier?.amount ?? 0), rule.persons[status]),
    );
  },
  limits(lx, rule) {
    if (rule.persons[lx.status] <= 0) return;
    const rows = Array.isArray(rule.tiers) ? rule.tiers : rule.tiers[lx.status];
    const measure = rule.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
    rows.forEach((row, i) => {
      // a `below` row ends once the measure reaches it; an `up_to` row once the measure is over it
      const name = `personal_exemption_tier_${i + 1}_end`;
      if ('below' in row) lx.add('personal_exemption_tiers', name, measure, row.below, true);
      else lx.add('personal_exemption_tiers', name, measure, row.up_to);
    });
  },
};

/** `age_deduction`: one person's, from `min_age`, within its income limit, less its phase-out. */
export const ageDeduction: RuleKind<'age_deduction'> = {
  stage: () => 5,
  apply(f, rule) {
    const { c, status, age } = f;
    let amount: Int = 0;
    let full: Int = 0;
    if (age !== undefined && age >= rule.min_age) {
      // its amount less the retirement income excluded, where it says so
      full = c.of(typeof rule.amount === 'number' ? rule.amount : rule.amount[status]);
      if (rule.reduced_by_social_security) full = max(sub(full, f.socialSecurityExcluded), 0);
      if (rule.reduced_by_pension_excluded) full = max(sub(full, f.pensionExcluded), 0);
      const limit = rule.income_limit;
      const measure = limit?.measured_on_federal_agi ? f.federalAgi : f.income;
      // past the limit: over it, or with `below` at it already
      const past =
        limit !== undefined &&
        (limit.below ? measure >= c.of(limit.amount[status]) : measure > c.of(limit.amount[status]));
      if (!past) {
        amount = full;
        const start = rule.phaseout_start?.[status];
        const rate = rule.phaseout_rate;
        const exempt = rule.no_phaseout_from_age !== undefined && age >= rule.no_phaseout_from_age;
        if (start !== undefined && rate !== undefined && !exempt) {
          amount = max(sub(full, c.times(max(sub(f.income, c.of(start)), 0), rate)), 0);
        }
      }
    }
    f.ageDeductionsBeforePhaseout.push(full);
    f.ageDeductions = add(
      f.ageDeductions,
      rule.part_of_standard_deduction ? c.less(amount, f.standardDeductionFraction) : amount,
    );
  },
  limits(lx, rule, i) {
    const { status } = lx;
    const age = lx.input.age;
    if (age === undefined || age < rule.min_age) return;
    const limit = rule.income_limit;
    if (limit !== undefined) {
      const measure = limit.measured_on_federal_agi ? 'federal_agi' : 'state_agi';
      lx.add(
        'age_deductions',
        `age_deduction_${i + 1}_limit`,
        measure,
        limit.amount[status],
        limit.below === true,
      );
    }
    if (rule.phaseout_start === undefined || rule.phaseout_rate === undefined) return;
    if (rule.no_phaseout_from_age !== undefined && age >= rule.no_phaseout_from_age) return;
    const units = lx.tax.units;
    const amount = decAt(units.ageDeductionsBeforePhaseout[i] ?? 0, units.unit);
    if (amount.lte(0)) return;
    const start = rule.phaseout_start[status];
    lx.add('age_deductions', `age_deduction_${i + 1}_phaseout_start`, 'state_agi', start);
    lx.add(
      'age_deductions',
      `age_deduction_${i + 1}_phaseout_end`,
      'state_agi',
      amount.div(rule.phaseout_rate).plus(start).toNumber(),
    );
  },
};

/** A federal figure (a decimal of the federal engine) as an exact decimal form. */
function federalForm(fed: FederalTax, figure: 'regular_tax' | 'gross_income'): DecimalForm {
  if (fed instanceof Federal) {
    return figure === 'regular_tax'
      ? { m: fed.reg.regular, places: fed.params.tP }
      : { m: fed.grossC, places: fed.params.cP };
  }
  return decimalOfDec(fed[figure]);
}

/**
 * `federal_tax_deduction`: the federal tax given, or the regular income tax the federal engine computes
 * on the same income (ordinary income = the income given with the pension, the benefits under IRC 86,
 * the age's additional deductions; no credits), times the fraction of the AGI's tier, within the cap of
 * the AGI's tier.
 */
export const federalTaxDeduction: RuleKind<'federal_tax_deduction'> = {
  stage: () => 6,
  apply(f, rule) {
    const { c, status, input, table } = f;
    const ordinary = f.otherAndPension;
    const benefits = f.benefits;
    let federal: Int;
    let agi: Int;
    if (f.federalIncomeTax === undefined) {
      const fed = householdTax({
        tax_year: table.tax_year,
        filing_status: status,
        ordinary_income: c.num(ordinary),
        social_security_benefits: c.num(benefits),
        age: input.age,
      });
      const computed = c.input(federalForm(fed, 'regular_tax'));
      federal = computed;
      agi = c.input(federalForm(fed, 'gross_income'));
      f.notes.push(
        () =>
          `federal income tax not given: ${dollars(decAt(computed, c.u))} computed by the federal engine ` +
          `(${table.tax_year} regular income tax on the same income, standard deduction${input.age === undefined ? '' : ' with the age given'}, no credits)`,
      );
    } else {
      federal = c.input(f.federalIncomeTax);
      if (benefits > 0) {
        const social = scaledSocialSecurity({
          filing_status: status,
          benefits: c.num(benefits),
          other_income: c.num(ordinary),
        });
        agi = add(ordinary, mulDivExact(social.taxableUnits, c.u, social.unit));
      } else agi = ordinary;
    }
    let fraction = 1;
    for (const row of rule.fraction_tiers ?? []) if (agi >= c.of(row.from)) fraction = row.fraction;
    let deduction = c.times(federal, fraction);
    let cap: NonNullable<typeof rule.cap_tiers>[number] | undefined;
    for (const row of rule.cap_tiers ?? []) if (agi >= c.of(row.from[status])) cap = row;
    if (cap !== undefined) deduction = min(deduction, c.of(cap.amount[status]));
    f.federalTaxDeduction = add(f.federalTaxDeduction, max(deduction, 0));
    f.deductsFederalTax = true;
  },
  limits(lx, rule) {
    const block = 'federal_tax_deduction';
    (rule.fraction_tiers ?? []).forEach((row, i) => {
      if (row.from > 0)
        lx.add(block, `federal_tax_deduction_fraction_${i + 1}`, 'federal_agi', row.from, true);
    });
    (rule.cap_tiers ?? []).forEach((row, i) => {
      const from = row.from[lx.status];
      if (from > 0) lx.add(block, `federal_tax_deduction_cap_${i + 1}`, 'federal_agi', from, true);
    });
  },
};

/** The engine's note when a federal tax is given to a state that does not deduct it. */
export function unusedFederalTaxNote(f: Fold): void {
  if (!f.deductsFederalTax && f.input.federal_income_tax !== undefined) {
    const name = f.table.name;
    f.notes.push(() => `federal_income_tax is not used: ${name} does not deduct federal income tax`);
  }
}
