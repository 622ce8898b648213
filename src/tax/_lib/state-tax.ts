/**
 * The state income tax computation shared by `/v1/tax/state-income`: retirement-income exclusions,
 * the state's standard deduction and exemptions, its rate schedule by filing status, exemption
 * credits and surtaxes, all exact (cents are rounded once, in the result).
 *
 * Exact integers (`exact.ts`): every amount of one computation is a whole number of a unit `1 / u`
 * dollars, `u` = 10^p x f, where p is the most decimal places of the request's amounts (as
 * `new Decimal(x)` reads them: 2 for cents, 4 for 1234.5678, 17 for 0.1 + 0.2) and f a factor learned
 * per table and filing status (10^3 where a rate of 0.093 applies to cents, 75,000 where a phase-out
 * divides by a width of 75,000, ...). Sums, differences, comparisons and products of integers are
 * exact (float64 below 2^53, BigInt beyond); a product by a rate (m / 10^k) or a phase-out fraction
 * (excess / width) is divided back to the unit exactly or not at all: a quotient that is not a whole
 * number of units throws `Rescale` and the whole computation reruns at the unit refined by the
 * quotient's denominator. A result is therefore the exact value of the rules below for the decimal
 * inputs, whatever unit it was reached at; roundings are the rules' own (the steps counted whole,
 * New York's fraction to 4 places, half up) and the doubles the result exposes (`marginalRate`, the
 * bracket choice of a taxable income, the amounts in notes) are the doubles nearest the exact values,
 * as the decimal implementation's `toNumber()` gave. The decimal implementation this replaced is kept
 * in `test/tax/state-tax-oracle.ts` as the oracle of a differential test.
 *
 * @internal
 * @module
 */
import { Dec, dollars, roundRate } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { seniorDeduction, standardDeduction } from '../deductions';
import { householdTax } from '../engine';
import { federalTable } from '../federal-tables';
import type { FederalTax } from '../federal-tax';
import type { BracketFill } from '../ordinary-tax';
import { scaledSocialSecurity } from '../taxable-social-security';
import {
  Amount,
  add,
  amountDec,
  amountOf,
  compare,
  compareTo,
  type DecimalForm,
  decAt,
  decimalOf,
  decimalOfDec,
  divCeil,
  divExact,
  divFloor,
  divRound,
  type Int,
  inUnits,
  max,
  min,
  minus,
  mul,
  mulDivExact,
  negForm,
  plus,
  plusForm,
  pow10,
  refine,
  sub,
  timesForm,
  timesNumber,
  toNumber,
  ZERO_AMOUNT,
} from './exact';
import { Federal } from './federal';
import type { StateTaxTable } from './tables';

/**
 * The state tax engine's name and version: the computation of this module and the state tables it
 * reads (`data/tax/state-<year>/`). An operation that calls {@link stateTax} lists it in its `uses`;
 * bump it whenever any result changes for any input (a jurisdiction added, a figure or rule changed),
 * and each operation that uses it bumps its own version (`test/goldens/engine-dependencies.json`).
 */
export const STATE_TAX_ENGINE = { name: 'state-tax', version: '1.1.0' } as const;

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
  /** Each of `table.age_deductions`' amount before its phase-out (0 for a rule that does not apply). */
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

// ---------------------------------------------------------------------------------------------------
// Table figures as exact decimals

/** The decimal forms of the tables' figures (a few hundred distinct numbers). */
const forms = new Map<number, DecimalForm>();

function form(x: number): DecimalForm {
  let f = forms.get(x);
  if (f === undefined) {
    f = decimalOf(x);
    if (forms.size < 4096) forms.set(x, f);
  }
  return f;
}

/** A rate schedule with the exact tax at each threshold. */
interface Schedule {
  readonly rates: readonly number[];
  readonly thresholds: readonly number[];
  /** Tax on income of exactly `thresholds[i]`, as a decimal. */
  readonly base: readonly DecimalForm[];
}

const schedules = new WeakMap<object, Schedule>();

/** The schedule of `rows`, built once per `key` (the rows object itself unless given). */
function scheduleOf(rows: { thresholds: number[]; rates: number[] }, key: object = rows): Schedule {
  let schedule = schedules.get(key);
  if (schedule === undefined) {
    // base[i] = sum over j < i of (thresholds[j + 1] - thresholds[j]) x rates[j], in exact decimals
    const base: DecimalForm[] = [{ m: 0, places: 0 }];
    for (let i = 1; i < rows.thresholds.length; i++) {
      const width = plusForm(
        form(rows.thresholds[i] as number),
        negForm(form(rows.thresholds[i - 1] as number)),
      );
      base.push(plusForm(base[i - 1] as DecimalForm, timesForm(width, form(rows.rates[i - 1] as number))));
    }
    schedule = { rates: rows.rates, thresholds: rows.thresholds, base };
    schedules.set(key, schedule);
  }
  return schedule;
}

type Exclusion = NonNullable<StateTaxTable['retirement_exclusions']>[number];
type AgeDeduction = NonNullable<StateTaxTable['age_deductions']>[number];

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

const exclusionRules = new WeakMap<StateTaxTable, Record<'pension' | 'social_security', Exclusion[]>>();

/**
 * The exclusion rules of `kind` in `table`, and the one that applies at `age`: the first whose age gate
 * it passes (rules of one kind cover disjoint ages).
 */
export function exclusionRule(
  table: StateTaxTable,
  kind: 'pension' | 'social_security',
  age: number | undefined,
): { rules: Exclusion[]; rule: Exclusion | undefined } {
  let byKind = exclusionRules.get(table);
  if (byKind === undefined) {
    const of = (k: typeof kind) =>
      (table.retirement_exclusions ?? []).filter(
        (rule) => rule.applies_to === k || rule.applies_to === 'pension_and_social_security',
      );
    byKind = { pension: of('pension'), social_security: of('social_security') };
    exclusionRules.set(table, byKind);
  }
  const rules = byKind[kind];
  return { rules, rule: rules.find((r) => ageQualifies(r, age)) };
}

/**
 * The standard deduction before any phase-out, in dollars: the state's own, or the federal one it
 * adopts (with the IRC 63(f) additional amount at `age` 65 or older where the table says so).
 */
function fullStandardDeductionAmount(table: StateTaxTable, status: FilingStatus, age?: number): number {
  const own = table.standard_deduction?.[status];
  if (own !== undefined) return own;
  const federal = table.federal_standard_deduction;
  if (!federal?.applies) return 0;
  return federalStandardDeduction(table, status, federal.additional_at_65 ? age : undefined);
}

/**
 * The standard deduction before any phase-out: the state's own, or the federal one it adopts (with the
 * IRC 63(f) additional amount at `age` 65 or older where the table says so).
 */
export function fullStandardDeduction(table: StateTaxTable, status: FilingStatus, age?: number): Dec {
  return new Dec(fullStandardDeductionAmount(table, status, age));
}

/** The federal standard deduction of the table's year, with the additional amount of one person at `age`. */
export function federalStandardDeduction(table: StateTaxTable, status: FilingStatus, age?: number): number {
  return standardDeduction(federalTable(table.tax_year), status, { age }).total;
}

// ---------------------------------------------------------------------------------------------------
// One computation at one unit

/** A linear phase-out's fraction as `n / d` (0 <= n <= d). */
interface Fraction {
  readonly n: Int;
  readonly d: Int;
}

const NO_FRACTION: Fraction = { n: 0, d: 1 };

/** The figures of a phase-out rule (`phaseoutShape` in the table schema). */
type Phaseout =
  | {
      start: Record<FilingStatus, number>;
      width: Record<FilingStatus, number>;
      step?: Record<FilingStatus, number> | undefined;
    }
  | undefined;

/** Exact arithmetic at the unit `1 / u` dollars. */
class Units {
  constructor(readonly u: Int) {}

  /** A figure (a double, read as its decimal form) in units. */
  of(x: number): Int {
    return Number.isSafeInteger(x) ? mul(x, this.u) : inUnits(form(x), this.u);
  }

  /** `v x rate`, exact. */
  times(v: Int, rate: number): Int {
    if (v === 0 || rate === 0) return 0;
    const r = form(rate);
    return r.places === 0 ? mul(v, r.m) : mulDivExact(v, r.m, pow10(r.places));
  }

  /** The double nearest `v` dollars. */
  num(v: Int): number {
    return toNumber(v, this.u);
  }

  /** The number of `step`s (a part of one counting as one) by which `measure` is over `start`. */
  stepsOver(measure: Int, start: number, step: number): Int {
    return divCeil(max(sub(measure, this.of(start)), 0), this.of(step));
  }

  /**
   * The linear phase-out fraction of `rule` at `measure`: (measure - start) / width, within 0 and 1;
   * with `step`, the excess counted in whole steps (each step or part of one).
   */
  fraction(rule: Phaseout, status: FilingStatus, measure: Int): Fraction {
    if (rule === undefined) return NO_FRACTION;
    const step = rule.step?.[status];
    const excess =
      step === undefined
        ? max(sub(measure, this.of(rule.start[status])), 0)
        : mul(this.stepsOver(measure, rule.start[status], step), this.of(step));
    const d = this.of(rule.width[status]);
    return { n: min(excess, d), d };
  }

  /** `amount` less its `fraction`. */
  less(amount: Int, fraction: Fraction): Int {
    return fraction.n === 0 ? amount : sub(amount, mulDivExact(amount, fraction.n, fraction.d));
  }

  /** Tax on `x` through `schedule`: `base[k] + rate[k] x (x - threshold[k])`, zero at or below zero. */
  tax(schedule: Schedule, x: Int): Int {
    if (x <= 0) return 0;
    const k = bracketIndexOf(schedule, this.num(x));
    const over = sub(x, this.of(schedule.thresholds[k] as number));
    return add(
      inUnits(schedule.base[k] as DecimalForm, this.u),
      this.times(over, schedule.rates[k] as number),
    );
  }

  /** A request amount in units. */
  input(x: DecimalForm): Int {
    return inUnits(x, this.u);
  }
}

function bracketIndexOf(schedule: Schedule, income: number): number {
  const t = schedule.thresholds;
  let k = 0;
  while (k + 1 < t.length && income >= (t[k + 1] as number)) k++;
  return k;
}

/** Notes, built when read (a computation in a loop rarely reads them). */
type Note = () => string;

/** What an exclusion depends on besides the amount and the income its limits are measured on. */
interface ExclusionContext {
  readonly age: number | undefined;
  readonly status: FilingStatus;
  /** Federal AGI: the income given with the part of the benefits IRC 86 includes (phase-outs). */
  readonly federalAgi: Int;
  /** All the Social Security benefits received. */
  readonly benefits: Int;
  /** Provisional income over the IRC 86 base amount (zero below it, and without benefits). */
  readonly provisionalExcess: Int;
  readonly notes: Note[];
}

/**
 * The part of `amount` of the kind `kind` that the state's exclusions take out: the first rule whose
 * kind and age gate match (rules of one kind cover disjoint ages), up to its cap, less its phase-out.
 */
function excluded(
  c: Units,
  table: StateTaxTable,
  kind: 'pension' | 'social_security',
  amount: Int,
  ctx: ExclusionContext,
  /** The income the rule's income limits are measured on. */
  income: Int,
  /** The Social Security benefits the table's own rules exclude (taken first). */
  socialSecurityExcluded: Int,
): Int {
  const { age, status, notes } = ctx;
  if (amount <= 0) return 0;
  const { rules, rule } = exclusionRule(table, kind, age);
  const what = kind === 'pension' ? 'retirement-income' : 'Social Security';
  if (rule === undefined) {
    if (rules.length > 0) {
      const gates = rules.map(ageText).join(', ');
      notes.push(() =>
        age === undefined
          ? `age not given: the ${what} exclusion (${gates}) is not applied`
          : `age ${age} does not qualify for the ${what} exclusion (${gates})`,
      );
    }
    return 0;
  }
  const federalAgi = ctx.federalAgi;
  if (rule.full_exclusion_below !== undefined) {
    const limit = rule.full_exclusion_below[status];
    if (federalAgi < c.of(limit)) return amount;
    const share = rule.taxed_share_above ?? 1;
    const kept = min(amount, c.times(min(ctx.benefits, ctx.provisionalExcess), share));
    notes.push(
      () =>
        `federal AGI of ${dollars(c.num(federalAgi))} is at or over ${dollars(limit)}: at most ${roundRate(share * 100)}% of the benefits (or of provisional income over the base amount) stays taxed`,
    );
    return sub(amount, kept);
  }
  const measure = rule.measured_on_federal_agi ? federalAgi : income;
  const named = kind === 'pension' ? 'pension' : 'benefits';
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
    const steps = c.stepsOver(measure, stepped.start[status], stepped.step[status]);
    // kept = max(1 - steps x rate, 0), as a decimal of the rate's places
    const rate = form(stepped.rate);
    const scale = pow10(rate.places);
    const kept = max(sub(scale, mul(steps, rate.m)), 0);
    if (steps > 0) {
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
    const uncapped = rule.uncapped_up_to?.[status];
    if (uncapped !== undefined && income <= c.of(uncapped)) {
      notes.push(
        () =>
          `income of ${dollars(c.num(income))} is at or below ${dollars(uncapped)}: the Social Security exclusion is not capped`,
      );
      return base;
    }
    let room = c.of(typeof rule.max_amount === 'number' ? rule.max_amount : rule.max_amount[status]);
    if (rule.cap_reduced_by_social_security) room = max(sub(room, socialSecurityExcluded), 0);
    if (rule.cap_reduced_by_benefits_received) room = max(sub(room, ctx.benefits), 0);
    capped = min(base, room);
  }
  const fraction = c.fraction(rule.phaseout, status, federalAgi);
  if (fraction.n <= 0) return capped;
  const start = rule.phaseout?.start[status] ?? 0;
  notes.push(
    () =>
      `federal AGI of ${dollars(c.num(federalAgi))} is over ${dollars(start)}: the ${kind === 'pension' ? 'pension' : 'Social Security'} exclusion is reduced by ${roundRate(toNumber(mul(fraction.n, 100), fraction.d))}%`,
  );
  return c.less(capped, fraction);
}

/** Whether `measure` has passed an age deduction's income limit (see `income_limit`). */
function pastIncomeLimit(
  c: Units,
  limit: NonNullable<AgeDeduction['income_limit']>,
  status: FilingStatus,
  measure: Int,
): boolean {
  const amount = c.of(limit.amount[status]);
  return limit.below ? measure >= amount : measure > amount;
}

/** One person's age-gated deduction before its phase-out: its amount less the retirement income excluded. */
function ageDeductionBeforePhaseout(
  c: Units,
  rule: AgeDeduction,
  status: FilingStatus,
  excludedRetirement: { socialSecurity: Int; pension: Int },
): Int {
  let full = c.of(typeof rule.amount === 'number' ? rule.amount : rule.amount[status]);
  if (rule.reduced_by_social_security) full = max(sub(full, excludedRetirement.socialSecurity), 0);
  if (rule.reduced_by_pension_excluded) full = max(sub(full, excludedRetirement.pension), 0);
  return full;
}

/**
 * The standard deduction's limitation by federal AGI (see `standard_deduction_limitation`): the
 * reduction, and the share of the next dollar of AGI it takes off the deduction (zero once capped).
 */
function deductionLimitation(
  c: Units,
  table: StateTaxTable,
  status: FilingStatus,
  deduction: Int,
  federalAgi: Int,
): { reduction: Int; slope: number } {
  const rule = table.standard_deduction_limitation;
  if (rule === undefined) return NO_LIMITATION;
  const thresholds = rule.thresholds[status];
  const schedule = scheduleOf({ thresholds, rates: rule.rates }, thresholds);
  const uncapped = c.tax(schedule, federalAgi);
  const cap = c.times(deduction, rule.max_fraction);
  if (uncapped >= cap) return { reduction: cap, slope: 0 };
  return {
    reduction: uncapped,
    slope: schedule.rates[bracketIndexOf(schedule, c.num(federalAgi))] as number,
  };
}

const NO_LIMITATION = { reduction: 0, slope: 0 } as const;

/** The cliff amounts of a schedule that `taxable` is over, in total. */
function jumpsOver(
  c: Units,
  rows: { thresholds: number[]; jumps?: number[] | undefined },
  taxable: Int,
): Int {
  let total: Int = 0;
  const jumps = rows.jumps;
  if (jumps === undefined) return 0;
  for (let i = 0; i < jumps.length; i++) {
    const jump = jumps[i] as number;
    if (jump !== 0 && taxable > c.of(rows.thresholds[i] as number)) total = add(total, c.of(jump));
  }
  return total;
}

/**
 * The recapture of the lower brackets' benefit (see `recapture` in the table schema): the tax it adds
 * to the schedule's, and its share of the rate on the next dollar while it phases in (the fraction
 * taken as continuous). New York's worksheets are chosen by AGI and taxable income together (2025
 * IT-201-I, e.g. worksheet 3: AGI over $323,200 and taxable income over $323,200); a tier applies once
 * both exceed its start, which, taxable income never exceeding AGI, is the tier of the taxable income.
 */
function recaptureOf(
  c: Units,
  table: StateTaxTable,
  scheduleName: string,
  schedule: Schedule,
  agi: Int,
  taxable: Int,
  main: Int,
): { tax: Int; marginal: number } {
  const rule = table.recapture;
  if (rule === undefined || agi <= c.of(rule.min_agi)) return NO_RECAPTURE;
  const rate = schedule.rates[bracketIndexOf(schedule, c.num(taxable))] as number;
  if (agi > c.of(rule.flat_above_agi)) {
    const top = schedule.rates[schedule.rates.length - 1] as number;
    return { tax: sub(c.times(taxable, top), main), marginal: top - rate };
  }
  const tiers = rule.tiers[scheduleName] ?? [];
  let tier = tiers[0];
  for (const row of tiers) {
    const over = c.of(row.over);
    if (taxable > over && agi > over) tier = row;
  }
  if (tier === undefined) return NO_RECAPTURE;
  const start = Math.max(rule.min_agi, tier.over);
  // the worksheet's fraction: AGI over the start (at most phase_in) / phase_in, rounded half up to
  // `fraction_places` (as a whole number of 10^-places)
  const excess = max(sub(agi, c.of(start)), 0);
  const phaseIn = c.of(rule.phase_in);
  const scale = pow10(rule.fraction_places);
  const fraction = min(divRound(mul(excess, scale), phaseIn), scale);
  const phasing = excess < phaseIn;
  const base = c.of(tier.base);
  if (tier.increment !== undefined) {
    // schedule tax + recapture base + fraction x incremental benefit (NY worksheets 2-5, 8-10, 13-15)
    const tax = add(base, mulDivExact(c.of(tier.increment), fraction, scale));
    return { tax, marginal: phasing ? tier.increment / rule.phase_in : 0 };
  }
  // schedule tax + fraction x (rate x taxable income - schedule tax - base) (NY worksheets 1, 7, 12)
  const gap = sub(sub(c.times(taxable, tier.rate), main), base);
  const tax = add(base, mulDivExact(gap, fraction, scale));
  if (!phasing) return { tax, marginal: tier.rate - rate };
  // (tier rate - rate) x fraction + gap / phase_in, to the nearest double
  const difference = form(tier.rate - rate);
  const dScale = mul(scale, pow10(difference.places));
  const marginal = toNumber(
    add(mul(mul(difference.m, fraction), phaseIn), mul(gap, dScale)),
    mul(dScale, phaseIn),
  );
  return { tax, marginal };
}

const NO_RECAPTURE = { tax: 0, marginal: 0 } as const;

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
 * The deduction of federal income tax (see `federal_tax_deduction` in the table schema): the federal
 * tax given, or the regular income tax the federal engine computes on the same income (ordinary
 * income = the income given with the pension, the benefits under IRC 86, the age's additional
 * deductions; no credits), times the fraction of the AGI's tier, within the cap of the AGI's tier.
 */
function federalTaxDeduction(
  c: Units,
  table: StateTaxTable,
  input: StateTaxInput,
  federalIncomeTax: DecimalForm | undefined,
  ordinary: Int,
  benefits: Int,
  notes: Note[],
): Int {
  const rule = table.federal_tax_deduction;
  if (rule === undefined) {
    if (input.federal_income_tax !== undefined) {
      notes.push(() => `federal_income_tax is not used: ${table.name} does not deduct federal income tax`);
    }
    return 0;
  }
  const status = input.filing_status;
  let federal: Int;
  let agi: Int;
  if (federalIncomeTax === undefined) {
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
    notes.push(
      () =>
        `federal income tax not given: ${dollars(decAt(computed, c.u))} computed by the federal engine ` +
        `(${table.tax_year} regular income tax on the same income, standard deduction${input.age === undefined ? '' : ' with the age given'}, no credits)`,
    );
  } else {
    federal = c.input(federalIncomeTax);
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
  return max(deduction, 0);
}

/** The request's amounts as exact decimals. */
interface Amounts {
  readonly other: DecimalForm;
  readonly pension: DecimalForm;
  readonly benefits: DecimalForm;
  /** The federal income tax given, where the table deducts it. */
  readonly federalIncomeTax: DecimalForm | undefined;
}

/** A surtax's threshold and amounts, in units. */
interface SurtaxUnits {
  readonly name: string;
  readonly rate: number;
  readonly threshold: number;
  readonly taxed: Int;
  readonly tax: Int;
}

/** The state tax of a kind-`none` jurisdiction: no tax; the income alone. */
function untaxed(c: Units, a: Amounts): ExactStateTax {
  const income = add(add(c.input(a.other), c.input(a.pension)), c.input(a.benefits));
  const units: StateTaxUnits = {
    unit: c.u,
    income,
    stateAgi: 0,
    federalAgi: 0,
    stateGrossIncome: 0,
    socialSecurityTaxed: 0,
    socialSecurityExcluded: 0,
    pensionExcluded: 0,
    standardDeduction: 0,
    personalExemptions: 0,
    ageDeductions: 0,
    federalTaxDeduction: 0,
    taxableIncome: 0,
    bracketTax: 0,
    recaptureTax: 0,
    exemptionCredits: 0,
    surtax: 0,
    tax: 0,
    ageDeductionsBeforePhaseout: [],
    deductionCreditFull: 0,
  };
  return new ExactStateTax(units, 0, undefined, undefined, [], []);
}

function compute(c: Units, table: StateTaxTable, input: StateTaxInput, a: Amounts): ExactStateTax {
  if (table.kind === 'none') return untaxed(c, a);
  const status = input.filing_status;
  const age = input.age;
  const notes: Note[] = [];
  const other = c.input(a.other);
  const pension = c.input(a.pension);
  const benefits = c.input(a.benefits);
  const otherAndPension = add(other, pension);
  // Federal AGI: the income given with the part of the benefits IRC 86 includes (the other income given
  // standing for modified AGI). A state that taxes benefits starts from it, less its own Social
  // Security exclusion, taken first; exclusion phase-outs are measured on it.
  let included: Int = 0;
  let provisionalExcess: Int = 0;
  if (benefits > 0) {
    const social = scaledSocialSecurity({
      filing_status: status,
      benefits: c.num(benefits),
      other_income: c.num(otherAndPension),
    });
    included = mulDivExact(social.taxableUnits, c.u, social.unit);
    const excess = sub(social.provisional, inUnits(form(social.base_amount), social.unit));
    provisionalExcess = excess > 0 ? mulDivExact(excess, c.u, social.unit) : 0;
  }
  const federalAgi = add(otherAndPension, included);
  const context: ExclusionContext = { age, status, federalAgi, benefits, provisionalExcess, notes };
  let socialSecurityTaxed: Int = 0;
  let socialSecurityExcluded: Int = 0;
  if (table.social_security.taxed && benefits > 0) {
    socialSecurityExcluded = excluded(c, table, 'social_security', included, context, federalAgi, 0);
    socialSecurityTaxed = sub(included, socialSecurityExcluded);
  }
  // The state's gross income: its income before the pension exclusion (the benefits it taxes, none it
  // exempts: New Jersey gross income, N.J.S.A. 54A:6-2), the measure of the pension exclusion's limits.
  const stateGross = add(otherAndPension, socialSecurityTaxed);
  const pensionExcluded = excluded(c, table, 'pension', pension, context, stateGross, socialSecurityExcluded);
  const income = add(sub(otherAndPension, pensionExcluded), socialSecurityTaxed);
  // The deduction and exemption phase-outs are measured on the state's AGI: the income after its
  // exclusions (the limitation of the standard deduction on federal AGI).
  const fullDeduction = c.of(fullStandardDeductionAmount(table, status, age));
  let standardDeduction = c.less(
    fullDeduction,
    c.fraction(table.standard_deduction_phaseout, status, income),
  );
  const sliding = table.standard_deduction_sliding;
  if (sliding !== undefined) {
    const slid = (s: FilingStatus) =>
      max(
        sub(
          c.of(table.standard_deduction?.[s] ?? 0),
          c.times(max(sub(income, c.of(sliding.start[s])), 0), sliding.rate[s]),
        ),
        0,
      );
    standardDeduction = max(slid(status), slid(sliding.at_least_as[status]));
  }
  const steps = table.standard_deduction_steps;
  if (steps !== undefined) {
    const count = divFloor(max(sub(income, c.of(steps.start[status])), 0), c.of(steps.step[status]));
    standardDeduction = max(
      sub(standardDeduction, mul(count, c.of(steps.reduction[status]))),
      min(c.of(steps.minimum[status]), standardDeduction),
    );
  }
  const limitation = deductionLimitation(c, table, status, fullDeduction, federalAgi);
  standardDeduction = sub(standardDeduction, limitation.reduction);
  const cap = table.standard_deduction_cap;
  if (cap !== undefined && federalAgi >= c.of(cap.from)) {
    standardDeduction = min(standardDeduction, c.of(cap.amount[status]));
  }
  let personalExemptions = c.less(
    c.of(table.personal_exemption?.[status] ?? 0),
    c.fraction(table.personal_exemption_phaseout, status, income),
  );
  const exemptionSteps = table.personal_exemption_steps;
  if (exemptionSteps !== undefined) {
    const count = c.stepsOver(income, exemptionSteps.start[status], exemptionSteps.step);
    personalExemptions = max(sub(personalExemptions, mul(count, c.of(exemptionSteps.reduction))), 0);
  }
  const tiered = table.personal_exemption_tiers;
  if (tiered !== undefined) {
    const rows = Array.isArray(tiered.tiers) ? tiered.tiers : tiered.tiers[status];
    const measure = tiered.measured_on_federal_agi ? federalAgi : income;
    const tier = rows.find((row) =>
      'below' in row ? measure < c.of(row.below) : measure <= c.of(row.up_to),
    );
    personalExemptions = add(personalExemptions, mul(c.of(tier?.amount ?? 0), tiered.persons[status]));
  }
  // The IRC 151(d)(5)(C) deduction for seniors a state takes from federal taxable income
  // (`federal_standard_deduction.senior_deduction`): one person's, at `age`, phased out on federal AGI.
  const fedTable = federalTable(table.tax_year);
  const senior = table.federal_standard_deduction?.senior_deduction
    ? c.input(decimalOfDec(seniorDeduction(fedTable, status, { age }, decAt(federalAgi, c.u))))
    : 0;
  const excludedRetirement = { socialSecurity: socialSecurityExcluded, pension: pensionExcluded };
  const beforePhaseout: Int[] = [];
  let ageDeductions: Int = senior;
  for (const rule of table.age_deductions ?? []) {
    // One person's age-gated deduction: zero under `min_age` or past its income limit, less its
    // phase-out on income over the start.
    let amount: Int = 0;
    let full: Int = 0;
    if (age !== undefined && age >= rule.min_age) {
      full = ageDeductionBeforePhaseout(c, rule, status, excludedRetirement);
      const limit = rule.income_limit;
      const measure = limit?.measured_on_federal_agi ? federalAgi : income;
      if (limit === undefined || !pastIncomeLimit(c, limit, status, measure)) {
        amount = full;
        const start = rule.phaseout_start?.[status];
        const rate = rule.phaseout_rate;
        const exempt = rule.no_phaseout_from_age !== undefined && age >= rule.no_phaseout_from_age;
        if (start !== undefined && rate !== undefined && !exempt) {
          amount = max(sub(full, c.times(max(sub(income, c.of(start)), 0), rate)), 0);
        }
      }
    }
    beforePhaseout.push(full);
    ageDeductions = add(
      ageDeductions,
      rule.part_of_standard_deduction
        ? c.less(amount, c.fraction(table.standard_deduction_phaseout, status, income))
        : amount,
    );
  }
  // the senior deduction's phase-out takes its rate of each further dollar of federal AGI off it
  const seniorRule = fedTable.senior_deduction;
  const seniorSlope =
    senior > 0 && federalAgi > c.of(seniorRule?.phaseout_start[status] ?? 0)
      ? (seniorRule?.phaseout_rate ?? 0)
      : 0;
  const federalDeduction = federalTaxDeduction(
    c,
    table,
    input,
    a.federalIncomeTax,
    otherAndPension,
    benefits,
    notes,
  );
  const beforeFloor = sub(
    sub(sub(sub(income, standardDeduction), personalExemptions), ageDeductions),
    federalDeduction,
  );
  const taxableIncome = max(beforeFloor, 0);
  const scheduleName = table.status_map?.[status] as string;
  const rows = table.brackets?.schedules[scheduleName];
  if (rows === undefined) throw new TypeError(`${table.state}: no schedule ${scheduleName}`);
  const schedule = scheduleOf(rows);
  const bracketTax = add(c.tax(schedule, taxableIncome), jumpsOver(c, rows, taxableIncome));
  let credit = c.of(table.exemption_credit?.[status] ?? 0);
  const phaseout = table.exemption_credit_phaseout;
  if (phaseout !== undefined) {
    const step = phaseout.step?.[status];
    const start = phaseout.start[status];
    const measure = phaseout.measured_on_federal_agi ? federalAgi : income;
    const count = step === undefined ? (measure > c.of(start) ? 1 : 0) : c.stepsOver(measure, start, step);
    credit = max(sub(credit, mul(count, c.of(phaseout.reduction[status]))), 0);
  }
  for (const rule of table.age_exemption_credits ?? []) {
    if (age !== undefined && age >= rule.min_age) credit = add(credit, c.of(rule.amount));
  }
  // The credit of a share of the federal standard deduction (see `deduction_credit`), less its
  // phase-out on the state's AGI.
  const share = table.deduction_credit;
  let shareFull: Int = 0;
  let shareCredit: Int = 0;
  if (share !== undefined) {
    shareFull = c.times(c.of(federalStandardDeduction(table, status, age)), share.rate);
    const reduction = c.times(max(sub(income, c.of(share.phaseout_start[status])), 0), share.phaseout_rate);
    shareCredit = max(sub(shareFull, reduction), 0);
  }
  credit = add(credit, shareCredit);
  // while it phases out, each dollar of income takes `phaseout_rate` off the credit
  const shareSlope =
    shareCredit > 0 && income > c.of(share?.phaseout_start[status] ?? 0) ? (share?.phaseout_rate ?? 0) : 0;
  let addbacks: Int = 0;
  for (const rule of table.tax_addbacks ?? []) {
    const count = c.stepsOver(income, rule.start[status], rule.step[status]);
    addbacks = add(addbacks, min(mul(count, c.of(rule.amount[status])), c.of(rule.max[status])));
  }
  let creditRate = 0;
  for (const row of table.tax_credit_rate?.tiers[status] ?? [])
    if (income > c.of(row.over)) creditRate = row.rate;
  const rateCredit = c.times(add(bracketTax, addbacks), creditRate);
  const exemptionCredits = add(min(credit, bracketTax), rateCredit);
  const surtaxes: SurtaxUnits[] = [];
  let surtax: Int = 0;
  for (const s of table.surtaxes ?? []) {
    const threshold = s.threshold[status];
    const taxed = max(sub(taxableIncome, c.of(threshold)), 0);
    const tax = c.times(taxed, s.rate);
    surtaxes.push({ name: s.name, rate: s.rate, threshold, taxed, tax });
    surtax = add(surtax, tax);
  }
  const recapture = recaptureOf(c, table, scheduleName, schedule, income, taxableIncome, bracketTax);
  const recaptureTax = add(recapture.tax, addbacks);
  const floor = table.no_tax_at_or_below?.[status];
  const untaxedHere = floor !== undefined && income <= c.of(floor);
  if (untaxedHere)
    notes.push(() => `income of ${dollars(c.num(income))} is at or below ${dollars(floor)}: no tax`);
  const tax = untaxedHere ? 0 : add(sub(add(bracketTax, recaptureTax), exemptionCredits), surtax);
  // The next dollar: taxed once income reaches the deductions; the bracket rate counts only once the
  // exemption credits are used up; each surtax counts once its threshold is reached.
  let marginal = 0;
  if (beforeFloor >= 0 && !untaxedHere) {
    const rate = schedule.rates[bracketIndexOf(schedule, c.num(taxableIncome))] as number;
    if (bracketTax >= credit) {
      marginal += (rate * (1 + limitation.slope + seniorSlope) + recapture.marginal) * (1 - creditRate);
      marginal += shareSlope;
    }
    for (const s of surtaxes) if (taxableIncome >= c.of(s.threshold)) marginal += s.rate;
  }
  const units: StateTaxUnits = {
    unit: c.u,
    income: add(otherAndPension, benefits),
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
    ageDeductionsBeforePhaseout: beforePhaseout,
    deductionCreditFull: shareFull,
  };
  return new ExactStateTax(units, marginal, scheduleName, rows, surtaxes, notes);
}

/** A {@link StateTax} over its exact integers: the decimal fields are built when read. */
class ExactStateTax implements StateTax {
  #notes: readonly string[] | undefined;
  #bracketAmounts: readonly StateBracketAmounts[] | undefined;

  constructor(
    readonly units: StateTaxUnits,
    readonly marginalRate: number,
    readonly schedule: string | undefined,
    private readonly rows:
      | { thresholds: number[]; rates: number[]; jumps?: number[] | undefined }
      | undefined,
    private readonly surtaxRows: readonly SurtaxUnits[],
    private readonly notes: readonly Note[],
  ) {}

  private dec(n: Int): Dec {
    return decAt(n, this.units.unit);
  }
  get income(): Dec {
    return this.dec(this.units.income);
  }
  get stateAgi(): Dec {
    return this.dec(this.units.stateAgi);
  }
  get federalAgi(): Dec {
    return this.dec(this.units.federalAgi);
  }
  get stateGrossIncome(): Dec {
    return this.dec(this.units.stateGrossIncome);
  }
  get socialSecurityTaxed(): Dec {
    return this.dec(this.units.socialSecurityTaxed);
  }
  get socialSecurityExcluded(): Dec {
    return this.dec(this.units.socialSecurityExcluded);
  }
  get pensionExcluded(): Dec {
    return this.dec(this.units.pensionExcluded);
  }
  get standardDeduction(): Dec {
    return this.dec(this.units.standardDeduction);
  }
  get personalExemptions(): Dec {
    return this.dec(this.units.personalExemptions);
  }
  get ageDeductions(): Dec {
    return this.dec(this.units.ageDeductions);
  }
  get federalTaxDeduction(): Dec {
    return this.dec(this.units.federalTaxDeduction);
  }
  get taxableIncome(): Dec {
    return this.dec(this.units.taxableIncome);
  }
  get bracketTax(): Dec {
    return this.dec(this.units.bracketTax);
  }
  get recaptureTax(): Dec {
    return this.dec(this.units.recaptureTax);
  }
  get exemptionCredits(): Dec {
    return this.dec(this.units.exemptionCredits);
  }
  get surtax(): Dec {
    return this.dec(this.units.surtax);
  }
  get tax(): Dec {
    return this.dec(this.units.tax);
  }
  /** How taxable income fills each row of the schedule, with the row's cliff amount in its tax. */
  get bracketAmounts(): readonly StateBracketAmounts[] {
    if (this.#bracketAmounts === undefined) {
      const rows = this.rows;
      const out: StateBracketAmounts[] = [];
      if (rows !== undefined) {
        const taxable = new Amount(this.units.taxableIncome, this.units.unit);
        const t = rows.thresholds;
        for (let i = 0; i < t.length; i++) {
          const from = t[i] as number;
          const to = t[i + 1];
          const rate = rows.rates[i] as number;
          let taxed = minus(taxable, amountOf(from));
          if (taxed.n < 0) taxed = ZERO_AMOUNT;
          if (to !== undefined) {
            const width = minus(amountOf(to), amountOf(from));
            if (compare(taxed, width) > 0) taxed = width;
          }
          let tax = timesNumber(taxed, rate);
          const jump = rows.jumps?.[i];
          if (jump !== undefined && jump !== 0 && compareTo(taxable, from) > 0)
            tax = plus(tax, amountOf(jump));
          out.push(to === undefined ? { rate, from, taxed, tax } : { rate, from, to, taxed, tax });
        }
      }
      this.#bracketAmounts = out;
    }
    return this.#bracketAmounts;
  }
  get brackets(): readonly BracketFill[] {
    return this.bracketAmounts.map(({ taxed, tax, ...row }) => ({
      ...row,
      taxed_amount: amountDec(taxed),
      tax: amountDec(tax),
    }));
  }
  get surtaxAmounts(): readonly SurtaxAmounts[] {
    const unit = this.units.unit;
    return this.surtaxRows.map((s) => ({
      name: s.name,
      rate: s.rate,
      threshold: s.threshold,
      taxed: new Amount(s.taxed, unit),
      tax: new Amount(s.tax, unit),
    }));
  }
  get surtaxes(): readonly SurtaxFill[] {
    return this.surtaxAmounts.map(({ taxed, tax, ...row }) => ({
      ...row,
      taxed_amount: amountDec(taxed),
      tax: amountDec(tax),
    }));
  }
  get exclusionNotes(): readonly string[] {
    if (this.#notes === undefined) this.#notes = this.notes.map((note) => note());
    return this.#notes;
  }
}

// ---------------------------------------------------------------------------------------------------
// The entry point

const STATUS_INDEX: Readonly<Record<FilingStatus, number>> = { single: 0, mfj: 1, mfs: 2, hoh: 3, qss: 4 };

/**
 * The unit factor each table and status last needed beyond the request's decimal places (starting from
 * it saves the reruns; any factor gives the same, exact, result).
 */
const factors = new WeakMap<StateTaxTable, Int[]>();

/** Factors above this are not kept (a request with extreme figures does not slow the next ones). */
const MAX_KEPT_FACTOR = 1e12;

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
export function stateTax(table: StateTaxTable, input: StateTaxInput): StateTax {
  const a: Amounts = {
    other: decimalOf(input.state_taxable_income),
    pension: decimalOf(input.pension_income ?? 0),
    benefits: decimalOf(input.social_security_income ?? 0),
    federalIncomeTax:
      input.federal_income_tax === undefined || table.federal_tax_deduction === undefined
        ? undefined
        : decimalOf(input.federal_income_tax),
  };
  const places = Math.max(
    a.other.places,
    a.pension.places,
    a.benefits.places,
    a.federalIncomeTax?.places ?? 0,
  );
  let byStatus = factors.get(table);
  if (byStatus === undefined) {
    byStatus = [];
    factors.set(table, byStatus);
  }
  const i = STATUS_INDEX[input.filing_status];
  const factor = byStatus[i] ?? 1;
  const scale = pow10(places);
  const start = mul(scale, factor);
  let unit = start;
  for (;;) {
    try {
      const result = compute(new Units(unit), table, input, a);
      if (unit !== start) {
        const needed = divExact(unit, scale);
        if (needed <= MAX_KEPT_FACTOR) byStatus[i] = needed;
      }
      return result;
    } catch (error) {
      unit = refine(unit, error);
    }
  }
}
