/**
 * The state income tax computation shared by `/v1/tax/state-income`: retirement-income exclusions,
 * the state's standard deduction and exemptions, its rate schedule by filing status, exemption
 * credits and surtaxes, all in exact decimal arithmetic (cents are rounded once, in the result).
 *
 * @internal
 * @module
 */
import { Dec, dollars, roundRate } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { federalTable } from '../federal-tables';
import {
  type BracketFill,
  type BracketSchedule,
  bracketFills,
  bracketIndex,
  ordinaryTax,
  scheduleFrom,
} from '../ordinary-tax';
import { taxableSocialSecurity } from '../taxable-social-security';
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
  /** Age-gated deductions from income (one person's). */
  readonly ageDeductions: Dec;
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
}

const schedules = new WeakMap<object, BracketSchedule>();

/** The schedule of `rows`, built once per `key` (the rows object itself unless given). */
function scheduleOf(rows: { thresholds: number[]; rates: number[] }, key: object = rows): BracketSchedule {
  let schedule = schedules.get(key);
  if (schedule === undefined) {
    schedule = scheduleFrom(rows.rates, rows.thresholds);
    schedules.set(key, schedule);
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

/** What some exclusion rules measure besides the income: federal AGI, and the benefits' IRC 86 figures. */
interface ExclusionContext {
  /** Other income, pension and the part of the benefits IRC 86 includes. */
  readonly federalAgi: Dec;
  /** All the benefits received. */
  readonly benefits: Dec;
  /** Provisional income over the IRC 86 base amount (zero below it). */
  readonly provisionalExcess: Dec;
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
  status: FilingStatus,
  income: Dec,
  notes: string[],
  socialSecurityExcluded: Dec = new Dec(0),
  context?: ExclusionContext,
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
  if (rule.full_exclusion_below !== undefined && context !== undefined) {
    const limit = rule.full_exclusion_below[status];
    if (context.federalAgi.lt(limit)) return amount;
    const kept = Dec.min(
      amount,
      Dec.min(context.benefits, context.provisionalExcess).times(rule.taxed_share_above ?? 1),
    );
    notes.push(
      `federal AGI of ${dollars(context.federalAgi.toNumber())} is at or over ${dollars(limit)}: at most ${roundRate((rule.taxed_share_above ?? 1) * 100)}% of the benefits (or of provisional income over the base amount) stays taxed`,
    );
    return amount.minus(kept);
  }
  const measure = rule.measured_on_federal_agi && context !== undefined ? context.federalAgi : income;
  let base = amount;
  const tier = (rule.income_tiers ?? [])
    .filter((row) => (rule.tiers_at_or_over ? measure.gte(row.over[status]) : measure.gt(row.over[status])))
    .at(-1);
  if (tier !== undefined) {
    const fraction = tier.fraction[status];
    base = amount.times(fraction);
    notes.push(
      `income ${rule.tiers_at_or_over ? 'at or over' : 'over'} ${dollars(tier.over[status])}: ${roundRate(fraction * 100)}% of the ${kind === 'pension' ? 'pension' : 'benefits'} may be excluded`,
    );
  }
  const stepped = rule.step_phaseout;
  if (stepped !== undefined) {
    const steps = stepsOver(measure, stepped.start[status], stepped.step[status]);
    const kept = Dec.max(new Dec(1).minus(steps.times(stepped.rate)), 0);
    if (steps.gt(0)) {
      notes.push(
        `income over ${dollars(stepped.start[status])}: ${roundRate(kept.toNumber() * 100)}% of the ${kind === 'pension' ? 'pension' : 'benefits'} may be excluded`,
      );
    }
    base = base.times(kept);
  }
  if (rule.max_amount === undefined) return base;
  if (rule.uncapped_up_to !== undefined && income.lte(rule.uncapped_up_to[status])) {
    notes.push(
      `income of ${dollars(income.toNumber())} is at or below ${dollars(rule.uncapped_up_to[status])}: the Social Security exclusion is not capped`,
    );
    return base;
  }
  const cap = new Dec(typeof rule.max_amount === 'number' ? rule.max_amount : rule.max_amount[status]);
  const room = rule.cap_reduced_by_social_security ? Dec.max(cap.minus(socialSecurityExcluded), 0) : cap;
  return Dec.min(base, room);
}

type AgeDeduction = NonNullable<StateTaxTable['age_deductions']>[number];

/** One person's age-gated deduction: zero under `min_age`, less its phase-out on income over the start. */
function ageDeduction(
  rule: AgeDeduction,
  status: FilingStatus,
  income: Dec,
  age: number | undefined,
  excludedRetirement: { socialSecurity: Dec; pension: Dec },
): Dec {
  if (age === undefined || age < rule.min_age) return new Dec(0);
  let full = new Dec(typeof rule.amount === 'number' ? rule.amount : rule.amount[status]);
  if (rule.reduced_by_social_security) full = Dec.max(full.minus(excludedRetirement.socialSecurity), 0);
  if (rule.reduced_by_pension_excluded) full = Dec.max(full.minus(excludedRetirement.pension), 0);
  if (rule.phaseout_start === undefined || rule.phaseout_rate === undefined) return full;
  if (rule.no_phaseout_from_age !== undefined && age >= rule.no_phaseout_from_age) return full;
  const excess = Dec.max(income.minus(rule.phaseout_start[status]), 0);
  return Dec.max(full.minus(excess.times(rule.phaseout_rate)), 0);
}

/**
 * The standard deduction's limitation by federal AGI (see `standard_deduction_limitation`): the
 * reduction, and the share of the next dollar of AGI it takes off the deduction (zero once capped).
 */
function deductionLimitation(
  table: StateTaxTable,
  status: FilingStatus,
  deduction: Dec,
  federalAgi: Dec,
): { reduction: Dec; slope: number } {
  const rule = table.standard_deduction_limitation;
  if (rule === undefined) return { reduction: new Dec(0), slope: 0 };
  const thresholds = rule.thresholds[status];
  const schedule = scheduleOf({ thresholds, rates: rule.rates }, thresholds);
  const uncapped = ordinaryTax(schedule, federalAgi);
  const cap = deduction.times(rule.max_fraction);
  if (uncapped.gte(cap)) return { reduction: cap, slope: 0 };
  return {
    reduction: uncapped,
    slope: schedule.rates[bracketIndex(schedule, federalAgi.toNumber())] as number,
  };
}

/** The number of `step`s (a part of one counting as one) by which `income` is over `start`. */
function stepsOver(income: Dec, start: number, step: number): Dec {
  return Dec.max(income.minus(start), 0).div(step).ceil();
}

/** The cliff amounts of a schedule that `taxable` is over, in total and by bracket row. */
function jumpsOver(
  rows: { thresholds: number[]; jumps?: number[] | undefined },
  taxable: Dec,
): { total: Dec; byRow: (Dec | undefined)[] } {
  const byRow: (Dec | undefined)[] = [];
  let total = new Dec(0);
  (rows.jumps ?? []).forEach((jump, i) => {
    if (jump !== 0 && taxable.gt(rows.thresholds[i] as number)) {
      byRow[i] = new Dec(jump);
      total = total.plus(jump);
    }
  });
  return { total, byRow };
}

/**
 * The recapture of the lower brackets' benefit (see `recapture` in the table schema): the tax it adds
 * to the schedule's, and its share of the rate on the next dollar while it phases in (the fraction
 * taken as continuous).
 */
function recaptureOf(
  table: StateTaxTable,
  scheduleName: string,
  schedule: BracketSchedule,
  agi: Dec,
  taxable: Dec,
  main: Dec,
): { tax: Dec; marginal: number } {
  const rule = table.recapture;
  const none = { tax: new Dec(0), marginal: 0 };
  if (rule === undefined || agi.lte(rule.min_agi)) return none;
  if (agi.gt(rule.flat_above_agi)) {
    const top = schedule.rates[schedule.rates.length - 1] as number;
    const rate = schedule.rates[bracketIndex(schedule, taxable.toNumber())] as number;
    return { tax: taxable.times(top).minus(main), marginal: top - rate };
  }
  const tiers = rule.tiers[scheduleName] ?? [];
  const tier = tiers.filter((row) => taxable.gt(row.over)).at(-1) ?? tiers[0];
  if (tier === undefined) return none;
  const start = Math.max(rule.min_agi, tier.over);
  const raw = Dec.max(agi.minus(start), 0).div(rule.phase_in);
  const fraction = Dec.min(raw.toDecimalPlaces(rule.fraction_places), 1);
  const flat = taxable.times(tier.rate);
  const gap = flat.minus(main).minus(tier.base);
  const tax = new Dec(tier.base).plus(gap.times(fraction));
  const rate = schedule.rates[bracketIndex(schedule, taxable.toNumber())] as number;
  const marginal = raw.gte(1)
    ? tier.rate - rate
    : new Dec(tier.rate - rate).times(fraction).plus(gap.div(rule.phase_in)).toNumber();
  return { tax, marginal };
}

/**
 * The tax of one jurisdiction on one request, exact: income (with Social Security benefits only where
 * the state taxes them, and pension income less the age-gated exclusion), less the standard deduction
 * and personal exemptions, through the state's schedule for the filing status, plus recaptures and
 * add-backs, less exemption credits (not below zero) and a credit of a share of the tax by income,
 * plus surtaxes on taxable income above their thresholds.
 *
 * @example
 * ```ts
 * import { stateTaxTables } from './state-tables';
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
      ageDeductions: zero,
      taxableIncome: zero,
      bracketTax: zero,
      recaptureTax: zero,
      exemptionCredits: zero,
      surtax: zero,
      tax: zero,
      marginalRate: 0,
      brackets: [],
      surtaxes: [],
      exclusionNotes: notes,
    };
  }
  // Income before any exclusion or deduction: the measure of the income limits and phase-outs (the
  // states measure them on their own AGI or gross income; this is the nearest figure the request has).
  const gross = other.plus(pension).plus(benefits);
  // A state that taxes benefits starts from federal AGI: the part IRC 86 includes (the other income
  // given standing for modified AGI), less the state's own Social Security exclusion, taken first.
  let socialSecurityTaxed = zero;
  let socialSecurityExcluded = zero;
  let context: ExclusionContext = { federalAgi: other.plus(pension), benefits, provisionalExcess: zero };
  if (table.social_security.taxed && benefits.gt(0)) {
    const federal = taxableSocialSecurity({
      filing_status: status,
      benefits: benefits.toNumber(),
      other_income: other.plus(pension).toNumber(),
    });
    const included = federal.taxable;
    const agi = other.plus(pension).plus(included);
    context = {
      federalAgi: agi,
      benefits,
      provisionalExcess: Dec.max(federal.provisional_income.minus(federal.base_amount), 0),
    };
    socialSecurityExcluded = excluded(
      table,
      'social_security',
      included,
      input.age,
      status,
      agi,
      notes,
      zero,
      context,
    );
    socialSecurityTaxed = included.minus(socialSecurityExcluded);
  }
  const pensionExcluded = excluded(
    table,
    'pension',
    pension,
    input.age,
    status,
    gross,
    notes,
    socialSecurityExcluded,
    context,
  );
  const income = other.plus(pension).minus(pensionExcluded).plus(socialSecurityTaxed);
  const fullStandardDeduction = new Dec(
    table.standard_deduction?.[status] ??
      (table.federal_standard_deduction?.applies
        ? federalTable(table.tax_year).standard_deduction[status]
        : 0),
  );
  const limitation = deductionLimitation(table, status, fullStandardDeduction, context.federalAgi);
  const standardDeduction = fullStandardDeduction.minus(limitation.reduction);
  let personalExemptions = new Dec(table.personal_exemption?.[status] ?? 0);
  const exemptionPhaseout = table.personal_exemption_phaseout;
  if (exemptionPhaseout !== undefined) {
    const steps = stepsOver(income, exemptionPhaseout.start[status], exemptionPhaseout.step);
    personalExemptions = Dec.max(personalExemptions.minus(steps.times(exemptionPhaseout.reduction)), 0);
  }
  const tiered = table.personal_exemption_tiers;
  if (tiered !== undefined) {
    const tier = tiered.tiers.find((row) => gross.lte(row.up_to));
    personalExemptions = personalExemptions.plus(new Dec(tier?.amount ?? 0).times(tiered.persons[status]));
  }
  const ageDeductions = (table.age_deductions ?? []).reduce(
    (sum, rule) =>
      sum.plus(
        ageDeduction(rule, status, income, input.age, {
          socialSecurity: socialSecurityExcluded,
          pension: pensionExcluded,
        }),
      ),
    new Dec(0),
  );
  const beforeFloor = income.minus(standardDeduction).minus(personalExemptions).minus(ageDeductions);
  const taxableIncome = Dec.max(beforeFloor, 0);
  const scheduleName = table.status_map?.[status] as string;
  const rows = table.brackets?.schedules[scheduleName];
  if (rows === undefined) throw new TypeError(`${table.state}: no schedule ${scheduleName}`);
  const schedule = scheduleOf(rows);
  const jumps = jumpsOver(rows, taxableIncome);
  const bracketTax = ordinaryTax(schedule, taxableIncome).plus(jumps.total);
  let credit = new Dec(table.exemption_credit?.[status] ?? 0);
  const phaseout = table.exemption_credit_phaseout;
  if (phaseout !== undefined) {
    const excess = Dec.max(income.minus(phaseout.start[status]), 0);
    const steps = excess.div(phaseout.step[status]).ceil();
    credit = Dec.max(credit.minus(steps.times(phaseout.reduction[status])), 0);
  }
  const addbacks = (table.tax_addbacks ?? []).reduce((sum, rule) => {
    const steps = stepsOver(income, rule.start[status], rule.step[status]);
    return sum.plus(Dec.min(steps.times(rule.amount[status]), rule.max[status]));
  }, zero);
  const creditRate =
    table.tax_credit_rate?.tiers[status].filter((row) => income.gt(row.over)).at(-1)?.rate ?? 0;
  const rateCredit = bracketTax.plus(addbacks).times(creditRate);
  const exemptionCredits = Dec.min(credit, bracketTax).plus(rateCredit);
  const surtaxes: SurtaxFill[] = (table.surtaxes ?? []).map((s) => {
    const threshold = s.threshold[status];
    const taxed = Dec.max(taxableIncome.minus(threshold), 0);
    return { name: s.name, rate: s.rate, threshold, taxed_amount: taxed, tax: taxed.times(s.rate) };
  });
  const surtax = surtaxes.reduce((sum, s) => sum.plus(s.tax), zero);
  const recapture = recaptureOf(table, scheduleName, schedule, income, taxableIncome, bracketTax);
  const recaptureTax = recapture.tax.plus(addbacks);
  const tax = bracketTax.plus(recaptureTax).minus(exemptionCredits).plus(surtax);
  // The next dollar: taxed once income reaches the deductions; the bracket rate counts only once the
  // exemption credits are used up; each surtax counts once its threshold is reached.
  let marginal = 0;
  if (beforeFloor.gte(0)) {
    const rate = schedule.rates[bracketIndex(schedule, taxableIncome.toNumber())] as number;
    if (bracketTax.gte(credit)) {
      marginal += (rate * (1 + limitation.slope) + recapture.marginal) * (1 - creditRate);
    }
    for (const s of surtaxes) if (taxableIncome.gte(s.threshold)) marginal += s.rate;
  }
  return {
    schedule: scheduleName,
    income: other.plus(pension).plus(benefits),
    socialSecurityTaxed,
    pensionExcluded,
    standardDeduction,
    personalExemptions,
    ageDeductions,
    taxableIncome,
    bracketTax,
    recaptureTax,
    exemptionCredits,
    surtax,
    tax,
    marginalRate: marginal,
    brackets: bracketFills(schedule, taxableIncome).map((row, i) => {
      const jump = jumps.byRow[i];
      return jump === undefined ? row : { ...row, tax: row.tax.plus(jump) };
    }),
    surtaxes,
    exclusionNotes: notes,
  };
}
