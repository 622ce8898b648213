// The decimal implementations the exact integer ones replaced (issue 28), kept as the oracle of the
// differential tests (test/tax/state-tax-exact.test.ts):
// `stateTaxOracle` is src/tax/_lib/state-tax.ts's `stateTax` and `taxableSocialSecurityOracle`
// src/tax/taxable-social-security.ts's `taxableSocialSecurity` (and `householdTaxOracle` src/tax/engine.ts's
// `householdTax`, which calls it) as they stood at state tax 1.1.0, in
// decimal.js arithmetic (40 significant digits: exact for every input whose figures span fewer digits).
// Not product code: the product has one rule set, the exact one.
import type * as z from 'zod/mini';
import { Dec, dollars, roundMoney, roundRate } from '../../src/core/money';
import type { FilingStatus } from '../../src/core/schema';
import { SS_TAXATION } from '../../src/tax/_lib/social-security-taxation';
import type { StateTaxTable as RuleListTable } from '../../src/tax/_lib/state-table';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { seniorDeduction, standardDeduction } from '../../src/tax/deductions';
import { type HouseholdYear, type HouseholdYearTax, householdTax } from '../../src/tax/engine';
import { federalTable } from '../../src/tax/federal-tables';
import { type FederalTax, federalTax } from '../../src/tax/federal-tax';
import {
  type BracketFill,
  type BracketSchedule,
  bracketIndex,
  scheduleFrom,
} from '../../src/tax/ordinary-tax';
import type { StateIncomeInput, StateIncomeResult } from '../../src/tax/state-income';
import type { SocialSecurityIncome, SocialSecurityTaxation } from '../../src/tax/taxable-social-security';
import { type LegacyStateTaxTable as StateTaxTable, toLegacy } from './legacy-state-table';

const HALF_OF_BENEFITS = new Dec(SS_TAXATION.provisional_income.benefits_fraction);
const FIRST = new Dec(SS_TAXATION.inclusion_rates.first_tier);
const SECOND = new Dec(SS_TAXATION.inclusion_rates.second_tier);

/** The §86(c) amounts that apply: joint, separate-and-living-together, or the general case. */
function amountsFor(status: FilingStatus, livedApart: boolean): { base: number; adjusted: number } {
  const key =
    status === 'mfj' ? 'joint' : status === 'mfs' && !livedApart ? 'separate_lived_with_spouse' : 'other';
  return { base: SS_TAXATION.base_amount[key], adjusted: SS_TAXATION.adjusted_base_amount[key] };
}

/**
 * Taxable Social Security benefits under IRC §86 (IRS Publication 915, Worksheet 1): provisional income
 * = other income + tax-exempt interest + half the benefits. At or below the base amount nothing is
 * taxable. Up to the adjusted base amount the taxable part is the lesser of 50% of the benefits and 50%
 * of the excess over the base amount. Above it, the lesser of 85% of the benefits and 85% of the excess
 * over the adjusted base amount plus the smaller of that 50% amount and half the gap between the two
 * amounts ($4,500; $6,000 joint). A married person filing separately who lived with the spouse at any
 * time in the year has base amounts of zero: the lesser of 85% of provisional income and 85% of the
 * benefits. Exact in decimal; nothing is rounded. Not modeled: the lump-sum election for benefits of
 * earlier years (Pub. 915 Worksheets 2-4) and repayments exceeding the benefits.
 *
 * @example
 * ```ts
 * import { taxableSocialSecurity } from 'finplan/tax';
 * // Pub. 915 (2001), Example 1 (George White, single): 5,980 of benefits, 28,990 of pension, wages, interest.
 * taxableSocialSecurity({ filing_status: 'single', benefits: 5_980, other_income: 28_990 }).taxable.toNumber(); // 2990
 * ```
 */
export function taxableSocialSecurityOracle(input: SocialSecurityIncome): SocialSecurityTaxation {
  const { base, adjusted } = amountsFor(input.filing_status, input.lived_apart_all_year === true);
  const benefits = Dec.max(new Dec(input.benefits), 0);
  const provisional = new Dec(input.other_income)
    .plus(input.tax_exempt_interest ?? 0)
    .plus(benefits.times(HALF_OF_BENEFITS));
  const result = { provisional_income: provisional, base_amount: base, adjusted_base_amount: adjusted };
  if (benefits.isZero() || provisional.lt(base)) {
    return { ...result, taxable: new Dec(0), marginal_inclusion: 0 };
  }
  // §86(a)(1): the lesser of half the benefits and half the excess over the base amount.
  const halfBenefits = benefits.times(FIRST);
  const firstTier = Dec.min(halfBenefits, provisional.minus(base).times(FIRST));
  if (provisional.lt(adjusted)) {
    return {
      ...result,
      taxable: firstTier,
      marginal_inclusion: firstTier.lt(halfBenefits) ? FIRST.toNumber() : 0,
    };
  }
  // §86(a)(2): 85% of the excess over the adjusted base amount plus the smaller of the paragraph (1)
  // amount and half the gap between the amounts; at most 85% of the benefits.
  const cap = benefits.times(SECOND);
  const uncapped = provisional
    .minus(adjusted)
    .times(SECOND)
    .plus(Dec.min(firstTier, new Dec(adjusted - base).times(FIRST)));
  return {
    ...result,
    taxable: Dec.min(uncapped, cap),
    marginal_inclusion: uncapped.lt(cap) ? SECOND.toNumber() : 0,
  };
}

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

/** A state's tax on one request, exact. */
export interface StateTax {
  readonly schedule?: string;
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

/**
 * A schedule in decimal: its thresholds and rates, each full row's width and tax, and the tax of the
 * rows below each row (all full). The oracle's own reading of a schedule, exact (whole-dollar or cent
 * thresholds and rates of a few places: far fewer than 40 digits), independent of the federal
 * engine's integer `ordinaryTax` and `bracketFills`, which it gives the same values as.
 */
interface DecimalSchedule {
  readonly thresholds: readonly Dec[];
  readonly rates: readonly Dec[];
  readonly widths: readonly Dec[];
  readonly fullTaxes: readonly Dec[];
  readonly below: readonly Dec[];
}

const decimalSchedules = new WeakMap<BracketSchedule, DecimalSchedule>();

function decimalSchedule(schedule: BracketSchedule): DecimalSchedule {
  let d = decimalSchedules.get(schedule);
  if (d === undefined) {
    const thresholds = schedule.thresholds.map((t) => new Dec(t));
    const rates = schedule.rates.map((r) => new Dec(r));
    const widths = thresholds.slice(1).map((to, i) => to.minus(thresholds[i] as Dec));
    const fullTaxes = widths.map((width, i) => width.times(rates[i] as Dec));
    const below = [new Dec(0)];
    for (const tax of fullTaxes) below.push((below[below.length - 1] as Dec).plus(tax));
    d = { thresholds, rates, widths, fullTaxes, below };
    decimalSchedules.set(schedule, d);
  }
  return d;
}

/** The row `taxable` (above zero) reaches into: the last whose threshold it is over. */
function rowOf(d: DecimalSchedule, taxable: Dec): number {
  let k = d.thresholds.length - 1;
  while (k > 0 && !taxable.gt(d.thresholds[k] as Dec)) k--;
  return k;
}

/**
 * Tax on `taxable` through `schedule`, exact in decimal: the full rows below its row and the rate of
 * its row on the rest; zero for zero or less.
 */
function scheduleTax(schedule: BracketSchedule, taxable: Dec): Dec {
  if (!taxable.gt(0)) return new Dec(0);
  const d = decimalSchedule(schedule);
  const k = rowOf(d, taxable);
  return (d.below[k] as Dec).plus(taxable.minus(d.thresholds[k] as Dec).times(d.rates[k] as Dec));
}

/** How `taxable` fills each row of `schedule`, lowest first (rows above it hold zero). */
function scheduleFills(schedule: BracketSchedule, taxable: Dec): BracketFill[] {
  const d = decimalSchedule(schedule);
  const k = taxable.gt(0) ? rowOf(d, taxable) : -1;
  const zero = new Dec(0);
  return schedule.thresholds.map((from, i) => {
    const rate = schedule.rates[i] as number;
    const to = schedule.thresholds[i + 1];
    const taxed_amount =
      i < k ? (d.widths[i] as Dec) : i === k ? taxable.minus(d.thresholds[i] as Dec) : zero;
    const tax = i < k ? (d.fullTaxes[i] as Dec) : i === k ? taxed_amount.times(d.rates[i] as Dec) : zero;
    return to === undefined ? { rate, from, taxed_amount, tax } : { rate, from, to, taxed_amount, tax };
  });
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
 * The linear phase-out fraction of `rule` at `measure`: (measure - start) / width, within 0 and 1; with
 * `step`, the excess counted in whole steps (each step or part of one).
 */
function phaseoutFraction(
  rule:
    | {
        start: Record<FilingStatus, number>;
        width: Record<FilingStatus, number>;
        step?: Record<FilingStatus, number> | undefined;
      }
    | undefined,
  status: FilingStatus,
  measure: Dec,
): Dec {
  if (rule === undefined) return new Dec(0);
  const step = rule.step?.[status];
  const excess =
    step === undefined
      ? Dec.max(measure.minus(rule.start[status]), 0)
      : stepsOver(measure, rule.start[status], step).times(step);
  return Dec.min(excess.div(rule.width[status]), 1);
}

/**
 * The exclusion rules of `kind` in `table`, and the one that applies at `age`: the first whose age gate
 * it passes (rules of one kind cover disjoint ages).
 */
export function exclusionRule(
  table: StateTaxTable,
  kind: 'pension' | 'social_security',
  age: number | undefined,
): { rules: Exclusion[]; rule: Exclusion | undefined } {
  const rules = (table.retirement_exclusions ?? []).filter(
    (rule) => rule.applies_to === kind || rule.applies_to === 'pension_and_social_security',
  );
  return { rules, rule: rules.find((r) => ageQualifies(r, age)) };
}

/** What an exclusion depends on besides the amount. */
interface ExclusionContext {
  readonly age: number | undefined;
  readonly status: FilingStatus;
  /** The income the rule's income limits are measured on. */
  readonly income: Dec;
  /** Federal AGI: the income given with the part of the benefits IRC 86 includes (phase-outs). */
  readonly federalAgi: Dec;
  /** All the Social Security benefits received. */
  readonly benefits: Dec;
  /** Provisional income over the IRC 86 base amount (zero below it, and without benefits). */
  readonly provisionalExcess: Dec;
  /** The Social Security benefits the table's own rules exclude (taken first). */
  readonly socialSecurityExcluded: Dec;
  readonly notes: string[];
}

/**
 * The part of `amount` of the kind `kind` that the state's exclusions take out: the first rule whose
 * kind and age gate match (rules of one kind cover disjoint ages), up to its cap, less its phase-out.
 */
function excluded(
  table: StateTaxTable,
  kind: 'pension' | 'social_security',
  amount: Dec,
  ctx: ExclusionContext,
): Dec {
  const { age, status, income, notes } = ctx;
  if (amount.lte(0)) return new Dec(0);
  const { rules, rule } = exclusionRule(table, kind, age);
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
  if (rule.full_exclusion_below !== undefined) {
    const limit = rule.full_exclusion_below[status];
    if (ctx.federalAgi.lt(limit)) return amount;
    const kept = Dec.min(
      amount,
      Dec.min(ctx.benefits, ctx.provisionalExcess).times(rule.taxed_share_above ?? 1),
    );
    notes.push(
      `federal AGI of ${dollars(ctx.federalAgi.toNumber())} is at or over ${dollars(limit)}: at most ${roundRate((rule.taxed_share_above ?? 1) * 100)}% of the benefits (or of provisional income over the base amount) stays taxed`,
    );
    return amount.minus(kept);
  }
  const measure = rule.measured_on_federal_agi ? ctx.federalAgi : income;
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
  let capped = base;
  if (rule.max_amount !== undefined) {
    if (rule.uncapped_up_to !== undefined && income.lte(rule.uncapped_up_to[status])) {
      notes.push(
        `income of ${dollars(income.toNumber())} is at or below ${dollars(rule.uncapped_up_to[status])}: the Social Security exclusion is not capped`,
      );
      return base;
    }
    let room = new Dec(typeof rule.max_amount === 'number' ? rule.max_amount : rule.max_amount[status]);
    if (rule.cap_reduced_by_social_security) room = Dec.max(room.minus(ctx.socialSecurityExcluded), 0);
    if (rule.cap_reduced_by_benefits_received) room = Dec.max(room.minus(ctx.benefits), 0);
    capped = Dec.min(base, room);
  }
  const fraction = phaseoutFraction(rule.phaseout, status, ctx.federalAgi);
  if (fraction.lte(0)) return capped;
  notes.push(
    `federal AGI of ${dollars(ctx.federalAgi.toNumber())} is over ${dollars(rule.phaseout?.start[status] ?? 0)}: the ${kind === 'pension' ? 'pension' : 'Social Security'} exclusion is reduced by ${roundRate(fraction.times(100).toNumber())}%`,
  );
  return capped.minus(capped.times(fraction));
}

type AgeDeduction = NonNullable<StateTaxTable['age_deductions']>[number];

/** Whether `measure` has passed an age deduction's income limit (see `income_limit`). */
export function pastIncomeLimit(
  limit: NonNullable<AgeDeduction['income_limit']>,
  status: FilingStatus,
  measure: Dec,
): boolean {
  const amount = limit.amount[status];
  return limit.below ? measure.gte(amount) : measure.gt(amount);
}

/**
 * One person's age-gated deduction: zero under `min_age` or past its income limit, less its phase-out on
 * income over the start.
 */
function ageDeduction(
  rule: AgeDeduction,
  status: FilingStatus,
  income: Dec,
  federalAgi: Dec,
  age: number | undefined,
  excludedRetirement: { socialSecurity: Dec; pension: Dec },
): Dec {
  if (age === undefined || age < rule.min_age) return new Dec(0);
  const limit = rule.income_limit;
  if (
    limit !== undefined &&
    pastIncomeLimit(limit, status, limit.measured_on_federal_agi ? federalAgi : income)
  ) {
    return new Dec(0);
  }
  const full = ageDeductionBeforePhaseout(rule, status, excludedRetirement);
  if (rule.phaseout_start === undefined || rule.phaseout_rate === undefined) return full;
  if (rule.no_phaseout_from_age !== undefined && age >= rule.no_phaseout_from_age) return full;
  const excess = Dec.max(income.minus(rule.phaseout_start[status]), 0);
  return Dec.max(full.minus(excess.times(rule.phaseout_rate)), 0);
}

/** One person's age-gated deduction before its phase-out: its amount less the retirement income excluded. */
export function ageDeductionBeforePhaseout(
  rule: AgeDeduction,
  status: FilingStatus,
  excludedRetirement: { socialSecurity: Dec; pension: Dec },
): Dec {
  let full = new Dec(typeof rule.amount === 'number' ? rule.amount : rule.amount[status]);
  if (rule.reduced_by_social_security) full = Dec.max(full.minus(excludedRetirement.socialSecurity), 0);
  if (rule.reduced_by_pension_excluded) full = Dec.max(full.minus(excludedRetirement.pension), 0);
  return full;
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
  const uncapped = scheduleTax(schedule, federalAgi);
  const cap = deduction.times(rule.max_fraction);
  if (uncapped.gte(cap)) return { reduction: cap, slope: 0 };
  return {
    reduction: uncapped,
    slope: schedule.rates[bracketIndex(schedule, federalAgi.toNumber())] as number,
  };
}

/**
 * The standard deduction before any phase-out: the state's own, or the federal one it adopts (with the
 * IRC 63(f) additional amount at `age` 65 or older where the table says so).
 */
export function fullStandardDeduction(table: StateTaxTable, status: FilingStatus, age?: number): Dec {
  const own = table.standard_deduction?.[status];
  if (own !== undefined) return new Dec(own);
  const federal = table.federal_standard_deduction;
  if (!federal?.applies) return new Dec(0);
  return new Dec(federalStandardDeduction(table, status, federal.additional_at_65 ? age : undefined));
}

/** The federal standard deduction of the table's year, with the additional amount of one person at `age`. */
export function federalStandardDeduction(table: StateTaxTable, status: FilingStatus, age?: number): number {
  return standardDeduction(federalTable(table.tax_year), status, { age }).total;
}

/**
 * The IRC 151(d)(5)(C) deduction for seniors a state takes from federal taxable income
 * (`federal_standard_deduction.senior_deduction`): one person's, at `age`, phased out on federal AGI.
 */
export function stateSeniorDeduction(
  table: StateTaxTable,
  status: FilingStatus,
  age: number | undefined,
  federalAgi: Dec,
): Dec {
  if (!table.federal_standard_deduction?.senior_deduction) return new Dec(0);
  return seniorDeduction(federalTable(table.tax_year), status, { age }, federalAgi);
}

/**
 * The credit of a share of the federal standard deduction (see `deduction_credit`): before its phase-out
 * (`full`) and after it, on the state's AGI `income`.
 */
export function deductionCredit(
  table: StateTaxTable,
  status: FilingStatus,
  age: number | undefined,
  income: Dec,
): { full: Dec; credit: Dec } {
  const rule = table.deduction_credit;
  if (rule === undefined) return { full: new Dec(0), credit: new Dec(0) };
  const full = new Dec(federalStandardDeduction(table, status, age)).times(rule.rate);
  const reduction = Dec.max(income.minus(rule.phaseout_start[status]), 0).times(rule.phaseout_rate);
  return { full, credit: Dec.max(full.minus(reduction), 0) };
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
 * taken as continuous). New York's worksheets are chosen by AGI and taxable income together (2025
 * IT-201-I, e.g. worksheet 3: AGI over $323,200 and taxable income over $323,200); a tier applies once
 * both exceed its start, which, taxable income never exceeding AGI, is the tier of the taxable income.
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
  const rate = schedule.rates[bracketIndex(schedule, taxable.toNumber())] as number;
  if (agi.gt(rule.flat_above_agi)) {
    const top = schedule.rates[schedule.rates.length - 1] as number;
    return { tax: taxable.times(top).minus(main), marginal: top - rate };
  }
  const tiers = rule.tiers[scheduleName] ?? [];
  const tier = tiers.filter((row) => taxable.gt(row.over) && agi.gt(row.over)).at(-1) ?? tiers[0];
  if (tier === undefined) return none;
  const start = Math.max(rule.min_agi, tier.over);
  // the worksheet's fraction: AGI over the start (at most phase_in) / phase_in, rounded
  const raw = Dec.max(agi.minus(start), 0).div(rule.phase_in);
  const fraction = Dec.min(raw.toDecimalPlaces(rule.fraction_places), 1);
  const phasing = raw.lt(1);
  if (tier.increment !== undefined) {
    // schedule tax + recapture base + fraction x incremental benefit (NY worksheets 2-5, 8-10, 13-15)
    const tax = new Dec(tier.base).plus(fraction.times(tier.increment));
    return { tax, marginal: phasing ? tier.increment / rule.phase_in : 0 };
  }
  // schedule tax + fraction x (rate x taxable income - schedule tax - base) (NY worksheets 1, 7, 12)
  const gap = taxable.times(tier.rate).minus(main).minus(tier.base);
  const tax = new Dec(tier.base).plus(gap.times(fraction));
  const marginal = phasing
    ? new Dec(tier.rate - rate).times(fraction).plus(gap.div(rule.phase_in)).toNumber()
    : tier.rate - rate;
  return { tax, marginal };
}

/**
 * The deduction of federal income tax (see `federal_tax_deduction` in the table schema): the federal
 * tax given, or the regular income tax the federal engine computes on the same income (ordinary
 * income = the income given with the pension, the benefits under IRC 86, the age's additional
 * deductions; no credits), times the fraction of the AGI's tier, within the cap of the AGI's tier.
 */
function federalTaxDeduction(
  table: StateTaxTable,
  input: StateTaxInput,
  ordinary: Dec,
  benefits: Dec,
  notes: string[],
): Dec {
  const rule = table.federal_tax_deduction;
  if (rule === undefined) {
    if (input.federal_income_tax !== undefined) {
      notes.push(`federal_income_tax is not used: ${table.name} does not deduct federal income tax`);
    }
    return new Dec(0);
  }
  const status = input.filing_status;
  let federal: Dec;
  let agi: Dec;
  if (input.federal_income_tax === undefined) {
    const fed = householdTax({
      tax_year: table.tax_year,
      filing_status: status,
      ordinary_income: ordinary.toNumber(),
      social_security_benefits: benefits.toNumber(),
      age: input.age,
    });
    federal = fed.regular_tax;
    agi = fed.gross_income;
    notes.push(
      `federal income tax not given: ${dollars(federal)} computed by the federal engine ` +
        `(${table.tax_year} regular income tax on the same income, standard deduction${input.age === undefined ? '' : ' with the age given'}, no credits)`,
    );
  } else {
    federal = new Dec(input.federal_income_tax);
    agi = benefits.gt(0)
      ? ordinary.plus(
          taxableSocialSecurityOracle({
            filing_status: status,
            benefits: benefits.toNumber(),
            other_income: ordinary.toNumber(),
          }).taxable,
        )
      : ordinary;
  }
  const fraction = (rule.fraction_tiers ?? []).filter((row) => agi.gte(row.from)).at(-1)?.fraction ?? 1;
  let deduction = federal.times(fraction);
  const cap = (rule.cap_tiers ?? []).filter((row) => agi.gte(row.from[status])).at(-1);
  if (cap !== undefined) deduction = Dec.min(deduction, cap.amount[status]);
  return Dec.max(deduction, 0);
}

/**
 * The tax of one jurisdiction on one request, exact: income (with Social Security benefits only where
 * the state taxes them, and pension income less the age-gated exclusion), less the standard deduction
 * and personal and age exemptions (the federal standard deduction and senior deduction for the states that
 * tax federal taxable income), through the state's schedule for the filing status, plus recaptures and
 * add-backs, less exemption credits (not below zero: age credits and a credit of a share of the federal
 * standard deduction among them) and a credit of a share of the tax by income, plus surtaxes on taxable
 * income above their thresholds.
 *
 * @example
 * ```ts
 * import { stateTaxTables } from './state-tables';
 * stateTax(stateTaxTables.get(2025).IL!, { filing_status: 'single', state_taxable_income: 50_000 }).tax.toNumber(); // 2333.925
 * ```
 */
export function stateTaxOracle(rules: RuleListTable, input: StateTaxInput): StateTax {
  return legacyStateTax(toLegacy(rules), input);
}

/** {@link stateTaxOracle} on the table in the keyed format it was written for. */
function legacyStateTax(table: StateTaxTable, input: StateTaxInput): StateTax {
  const status = input.filing_status;
  const notes: string[] = [];
  const other = new Dec(input.state_taxable_income);
  const pension = new Dec(input.pension_income ?? 0);
  const benefits = new Dec(input.social_security_income ?? 0);
  const zero = new Dec(0);
  if (table.kind === 'none') {
    return {
      income: other.plus(pension).plus(benefits),
      stateAgi: zero,
      federalAgi: zero,
      stateGrossIncome: zero,
      socialSecurityTaxed: zero,
      socialSecurityExcluded: zero,
      pensionExcluded: zero,
      standardDeduction: zero,
      personalExemptions: zero,
      ageDeductions: zero,
      federalTaxDeduction: zero,
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
  // Federal AGI: the income given with the part of the benefits IRC 86 includes (the other income given
  // standing for modified AGI). A state that taxes benefits starts from it, less its own Social
  // Security exclusion, taken first; exclusion phase-outs are measured on it.
  const federal = benefits.gt(0)
    ? taxableSocialSecurityOracle({
        filing_status: status,
        benefits: benefits.toNumber(),
        other_income: other.plus(pension).toNumber(),
      })
    : undefined;
  const included = federal?.taxable ?? zero;
  const federalAgi = other.plus(pension).plus(included);
  const context = {
    age: input.age,
    status,
    federalAgi,
    benefits,
    provisionalExcess:
      federal === undefined ? zero : Dec.max(federal.provisional_income.minus(federal.base_amount), 0),
    socialSecurityExcluded: zero,
    notes,
  };
  let socialSecurityTaxed = zero;
  let socialSecurityExcluded = zero;
  if (table.social_security.taxed && benefits.gt(0)) {
    socialSecurityExcluded = excluded(table, 'social_security', included, { ...context, income: federalAgi });
    socialSecurityTaxed = included.minus(socialSecurityExcluded);
  }
  // The state's gross income: its income before the pension exclusion (the benefits it taxes, none it
  // exempts: New Jersey gross income, N.J.S.A. 54A:6-2), the measure of the pension exclusion's limits.
  const stateGross = other.plus(pension).plus(socialSecurityTaxed);
  const pensionExcluded = excluded(table, 'pension', pension, {
    ...context,
    income: stateGross,
    socialSecurityExcluded,
  });
  const income = other.plus(pension).minus(pensionExcluded).plus(socialSecurityTaxed);
  // The deduction and exemption phase-outs are measured on the state's AGI: the income after its
  // exclusions (the limitation of the standard deduction on federal AGI).
  const kept = (rule: Parameters<typeof phaseoutFraction>[0], amount: Dec) =>
    amount.minus(amount.times(phaseoutFraction(rule, status, income)));
  // a percentage of the state's AGI within a minimum and a maximum (added with state tax 1.1.1): between
  // them each further dollar of income adds the rate to the deduction
  const percent = table.standard_deduction_percent;
  const share = percent === undefined ? zero : income.times(percent.rate);
  const fullDeduction =
    percent === undefined
      ? fullStandardDeduction(table, status, input.age)
      : Dec.min(Dec.max(share, percent.minimum[status]), percent.maximum[status]);
  const percentSlope =
    percent !== undefined && share.gte(percent.minimum[status]) && share.lt(percent.maximum[status])
      ? percent.rate
      : 0;
  let standardDeduction = kept(table.standard_deduction_phaseout, fullDeduction);
  const sliding = table.standard_deduction_sliding;
  if (sliding !== undefined) {
    const slid = (s: FilingStatus) =>
      Dec.max(
        new Dec(table.standard_deduction?.[s] ?? 0).minus(
          Dec.max(income.minus(sliding.start[s]), 0).times(sliding.rate[s]),
        ),
        0,
      );
    standardDeduction = Dec.max(slid(status), slid(sliding.at_least_as[status]));
  }
  const steps = table.standard_deduction_steps;
  if (steps !== undefined) {
    const count = Dec.max(income.minus(steps.start[status]), 0).div(steps.step[status]).floor();
    standardDeduction = Dec.max(
      standardDeduction.minus(count.times(steps.reduction[status])),
      Dec.min(steps.minimum[status], standardDeduction),
    );
  }
  const limitation = deductionLimitation(table, status, fullDeduction, federalAgi);
  standardDeduction = standardDeduction.minus(limitation.reduction);
  const cap = table.standard_deduction_cap;
  if (cap !== undefined && federalAgi.gte(cap.from)) {
    standardDeduction = Dec.min(standardDeduction, cap.amount[status]);
  }
  let personalExemptions = kept(
    table.personal_exemption_phaseout,
    new Dec(table.personal_exemption?.[status] ?? 0),
  );
  const exemptionSteps = table.personal_exemption_steps;
  if (exemptionSteps !== undefined) {
    const count = stepsOver(income, exemptionSteps.start[status], exemptionSteps.step);
    personalExemptions = Dec.max(personalExemptions.minus(count.times(exemptionSteps.reduction)), 0);
  }
  const tiered = table.personal_exemption_tiers;
  if (tiered !== undefined) {
    const rows = Array.isArray(tiered.tiers) ? tiered.tiers : tiered.tiers[status];
    const measure = tiered.measured_on_federal_agi ? federalAgi : income;
    const tier = rows.find((row) => ('below' in row ? measure.lt(row.below) : measure.lte(row.up_to)));
    personalExemptions = personalExemptions.plus(new Dec(tier?.amount ?? 0).times(tiered.persons[status]));
  }
  const senior = stateSeniorDeduction(table, status, input.age, federalAgi);
  const ageDeductions = (table.age_deductions ?? []).reduce((sum, rule) => {
    const amount = ageDeduction(rule, status, income, federalAgi, input.age, {
      socialSecurity: socialSecurityExcluded,
      pension: pensionExcluded,
    });
    return sum.plus(
      rule.part_of_standard_deduction ? kept(table.standard_deduction_phaseout, amount) : amount,
    );
  }, senior);
  // the senior deduction's phase-out takes its rate of each further dollar of federal AGI off it
  const seniorSlope =
    senior.gt(0) && federalAgi.gt(federalTable(table.tax_year).senior_deduction?.phaseout_start[status] ?? 0)
      ? (federalTable(table.tax_year).senior_deduction?.phaseout_rate ?? 0)
      : 0;
  const federalDeduction = federalTaxDeduction(table, input, other.plus(pension), benefits, notes);
  const beforeFloor = income
    .minus(standardDeduction)
    .minus(personalExemptions)
    .minus(ageDeductions)
    .minus(federalDeduction);
  const taxableIncome = Dec.max(beforeFloor, 0);
  const scheduleName = table.status_map?.[status] as string;
  const rows = table.brackets?.schedules[scheduleName];
  if (rows === undefined) throw new TypeError(`${table.state}: no schedule ${scheduleName}`);
  const schedule = scheduleOf(rows);
  const jumps = jumpsOver(rows, taxableIncome);
  const bracketTax = scheduleTax(schedule, taxableIncome).plus(jumps.total);
  let credit = new Dec(table.exemption_credit?.[status] ?? 0);
  const phaseout = table.exemption_credit_phaseout;
  if (phaseout !== undefined) {
    const step = phaseout.step?.[status];
    const start = phaseout.start[status];
    const measure = phaseout.measured_on_federal_agi ? federalAgi : income;
    const steps = step === undefined ? new Dec(+measure.gt(start)) : stepsOver(measure, start, step);
    credit = Dec.max(credit.minus(steps.times(phaseout.reduction[status])), 0);
  }
  for (const rule of table.age_exemption_credits ?? []) {
    if (input.age !== undefined && input.age >= rule.min_age) credit = credit.plus(rule.amount);
  }
  const shareCredit = deductionCredit(table, status, input.age, income);
  credit = credit.plus(shareCredit.credit);
  // while it phases out, each dollar of income takes `phaseout_rate` off the credit
  const shareSlope =
    shareCredit.credit.gt(0) && income.gt(table.deduction_credit?.phaseout_start[status] ?? 0)
      ? (table.deduction_credit?.phaseout_rate ?? 0)
      : 0;
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
  const floor = table.no_tax_at_or_below?.[status];
  const untaxed = floor !== undefined && income.lte(floor);
  if (untaxed) notes.push(`income of ${dollars(income.toNumber())} is at or below ${dollars(floor)}: no tax`);
  const tax = untaxed ? zero : bracketTax.plus(recaptureTax).minus(exemptionCredits).plus(surtax);
  // The next dollar: taxed once income reaches the deductions; the bracket rate counts only once the
  // exemption credits are used up; each surtax counts once its threshold is reached.
  let marginal = 0;
  if (beforeFloor.gte(0) && !untaxed) {
    const rate = schedule.rates[bracketIndex(schedule, taxableIncome.toNumber())] as number;
    if (bracketTax.gte(credit)) {
      marginal +=
        (rate * (1 + limitation.slope + seniorSlope - percentSlope) + recapture.marginal) * (1 - creditRate);
      marginal += shareSlope;
    }
    for (const s of surtaxes) if (taxableIncome.gte(s.threshold)) marginal += s.rate;
  }
  return {
    schedule: scheduleName,
    income: other.plus(pension).plus(benefits),
    stateAgi: income,
    federalAgi,
    stateGrossIncome: stateGross,
    socialSecurityTaxed,
    socialSecurityExcluded,
    pensionExcluded,
    standardDeduction,
    personalExemptions,
    ageDeductions,
    federalTaxDeduction: federalDeduction,
    taxableIncome,
    bracketTax,
    recaptureTax,
    exemptionCredits,
    surtax,
    tax,
    marginalRate: marginal,
    brackets: scheduleFills(schedule, taxableIncome).map((row, i) => {
      const jump = jumps.byRow[i];
      return jump === undefined ? row : { ...row, tax: row.tax.plus(jump) };
    }),
    surtaxes,
    exclusionNotes: notes,
  };
}

/**
 * `householdTax` (src/tax/engine.ts) as it stood before issue 28: IRC 86 and the sums in decimal, the
 * federal computation through `federalTax` (the engine's own, tested against its oracle apart).
 */
export function householdTaxOracle(input: HouseholdYear): HouseholdYearTax {
  const num = (value: Dec): number => value.toNumber();
  const qualified = input.qualified_income ?? 0;
  const benefits = input.social_security_benefits ?? 0;
  let taxable = new Dec(0);
  let social: SocialSecurityTaxation | undefined;
  if (benefits > 0) {
    social = taxableSocialSecurityOracle({
      filing_status: input.filing_status,
      benefits,
      other_income: num(new Dec(input.ordinary_income).plus(qualified)),
      tax_exempt_interest: input.tax_exempt_interest,
      lived_apart_all_year: input.lived_apart_all_year,
    });
    taxable = social.taxable;
  }
  const fed = federalTax({
    table: federalTable(input.tax_year),
    filing_status: input.filing_status,
    ordinary_income: taxable.isZero() ? input.ordinary_income : num(taxable.plus(input.ordinary_income)),
    qualified_income: qualified,
    itemized_deductions: input.itemized_deductions,
    earned_income: input.earned_income ?? input.ordinary_income,
    net_investment_income: input.net_investment_income,
    magi: input.magi,
    age: input.age,
    spouse_age: input.spouse_age,
    blind: input.blind,
    spouse_blind: input.spouse_blind,
    amt_preferences: input.amt_preferences,
    amt_itemized_addback: input.amt_itemized_addback,
  });
  const extra =
    social === undefined
      ? { tax_year: input.tax_year, taxable_social_security: taxable }
      : { tax_year: input.tax_year, taxable_social_security: taxable, social_security: social };
  return Object.assign(Object.create(fed) as FederalTax, extra);
}

const COMMON_NOTES = {
  flat: 'Flat rate applied after the state’s own standard deduction and exemptions, less its exemption credits; subtractions other than the retirement-income exclusions are not modeled.',
  graduated:
    'Computed with the rate schedule to the cent; the state’s tax tables (income bands) are not used, so results below their cutoffs can differ by a few dollars.',
} as const;

/**
 * `/v1/tax/state-income`'s compute as it stood at state-income 1.3.0, on the decimal oracle; `computed`:
 * {@link stateTaxOracle}'s result on the same request, when the caller has it.
 */
export function stateIncomeOracle(
  input: z.output<typeof StateIncomeInput>,
  computed?: StateTax,
): StateIncomeResult {
  const code = input.state.toUpperCase();
  const table = stateTaxTables.get(input.tax_year)[code];
  if (table === undefined) throw new TypeError(`state ${code} passed validation without a table`);
  const t = computed ?? stateTaxOracle(table, input);
  const notes = [
    ...(table.kind === 'none' ? [] : [COMMON_NOTES[table.kind]]),
    ...table.not_modeled.map((item) => `Not modeled: ${item}.`),
    ...t.exclusionNotes.map((item) => `${item[0]?.toUpperCase()}${item.slice(1)}.`),
  ];
  return {
    state: code,
    state_name: table.name,
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    rate_type: table.kind,
    ...(t.schedule === undefined ? {} : { schedule: t.schedule }),
    income: roundMoney(t.income),
    social_security_taxed: roundMoney(t.socialSecurityTaxed),
    pension_excluded: roundMoney(t.pensionExcluded),
    standard_deduction: roundMoney(t.standardDeduction),
    personal_exemptions: roundMoney(t.personalExemptions),
    age_deductions: roundMoney(t.ageDeductions),
    federal_tax_deduction: roundMoney(t.federalTaxDeduction),
    taxable_income: roundMoney(t.taxableIncome),
    bracket_tax: roundMoney(t.bracketTax),
    recapture_tax: roundMoney(t.recaptureTax),
    exemption_credits: roundMoney(t.exemptionCredits),
    surtax: roundMoney(t.surtax),
    tax: roundMoney(t.tax),
    marginal_rate: roundRate(t.marginalRate),
    effective_rate: t.income.gt(0) ? roundRate(t.tax.div(t.income)) : 0,
    brackets: t.brackets.map((row) => ({
      rate: row.rate,
      from: row.from,
      ...(row.to === undefined ? {} : { to: row.to }),
      taxed_amount: roundMoney(row.taxed_amount),
      tax: roundMoney(row.tax),
    })),
    surtaxes: t.surtaxes.map((s) => ({
      name: s.name,
      rate: s.rate,
      threshold: s.threshold,
      taxed_amount: roundMoney(s.taxed_amount),
      tax: roundMoney(s.tax),
    })),
    ...(table.reason === undefined ? {} : { reason: table.reason.text }),
    notes,
  };
}
