/**
 * The state income tax computation shared by `/v1/tax/state-income`: retirement-income exclusions,
 * the state's standard deduction and exemptions, its rate schedule by filing status, exemption
 * credits and surtaxes, all exact (cents are rounded once, in the result). The rules are the table's
 * `rules`, each of a kind defined once (`state-rule-schemas.ts`, `state-rules/`): the computation is a
 * fold over them in stage order, the income measures figured between stages ({@link AFTER}).
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
import type { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
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
  divExact,
  type Int,
  inUnits,
  max,
  min,
  minus,
  mul,
  mulDivExact,
  plus,
  pow10,
  refine,
  sub,
  timesNumber,
  ZERO_AMOUNT,
} from './exact';
import type { Reducible } from './state-rule-schemas';
import { unusedFederalTaxNote } from './state-rules/deductions';
import { noRuleNote } from './state-rules/exclusions';
import type { ChosenSchedule, Fold, SurtaxUnits } from './state-rules/fold';
import { planOf, STAGE_COUNT, type Step } from './state-rules/index';
import type { StateTaxTable } from './state-table';
import type {
  StateBracketAmounts,
  StateTax,
  StateTaxInput,
  StateTaxUnits,
  SurtaxAmounts,
  SurtaxFill,
} from './state-tax-types';
import { bracketIndexOf, type Fraction, form, NO_FRACTION, type Note, Units } from './state-units';

/**
 * The state tax engine's name and version: the computation of this module and the state tables it
 * reads (`data/tax/state/<code>/<year>.json`). An operation that calls {@link stateTax} lists it in its `uses`;
 * bump it whenever any result changes for any input (a jurisdiction added, a figure or rule changed),
 * and each operation that uses it bumps its own version (`test/goldens/engine-dependencies.json`).
 */
export const STATE_TAX_ENGINE = { name: 'state-tax', version: '1.1.1' } as const;

export type { StateBracketAmounts, StateTax, StateTaxInput, StateTaxUnits, SurtaxAmounts, SurtaxFill };

const deducting = new WeakMap<StateTaxTable, boolean>();

/** Whether `table` deducts federal income tax (a `federal_tax_deduction` rule). */
function deductsFederalTax(table: StateTaxTable): boolean {
  let deducts = deducting.get(table);
  if (deducts === undefined) {
    deducts = table.rules.some((rule) => rule.kind === 'federal_tax_deduction');
    deducting.set(table, deducts);
  }
  return deducts;
}

/** The request's amounts as exact decimals. */
interface Amounts {
  readonly other: DecimalForm;
  readonly pension: DecimalForm;
  readonly benefits: DecimalForm;
  /** The federal income tax given, where the table deducts it. */
  readonly federalIncomeTax: DecimalForm | undefined;
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

/** The computation before any rule: the request's amounts and federal AGI, in units. */
function start(c: Units, table: StateTaxTable, input: StateTaxInput, a: Amounts): Fold {
  const status = input.filing_status;
  const pension = c.input(a.pension);
  const benefits = c.input(a.benefits);
  const otherAndPension = add(c.input(a.other), pension);
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
  return new FoldState(
    c,
    table,
    input,
    a.federalIncomeTax,
    otherAndPension,
    pension,
    benefits,
    included,
    provisionalExcess,
  );
}

/**
 * The running computation: a class, so that every computation's object has the one shape its
 * constructor gives (a literal of this size was measured about 3 times slower once the fields had
 * changed representation in a process computing many states).
 */
class FoldState implements Fold {
  readonly status: FilingStatus;
  readonly age: number | undefined;
  readonly notes: Note[] = [];
  readonly federalAgi: Int;
  socialSecurityIsTaxed = false;
  socialSecurityExcluded: Int = 0;
  socialSecurityRuleApplied = false;
  socialSecurityTaxed: Int = 0;
  stateGross: Int = 0;
  pensionExcluded: Int = 0;
  pensionRuleApplied = false;
  income: Int = 0;
  fullStandardDeduction: Int = 0;
  standardDeductionByStatus: Readonly<Record<FilingStatus, number>> | undefined = undefined;
  readonly amounts: Record<Reducible, Int> = {
    standard_deduction: 0,
    personal_exemption: 0,
    exemption_credit: 0,
  };
  standardDeductionFraction: Fraction = NO_FRACTION;
  limitationSlope = 0;
  standardDeductionSlope = 0;
  ageDeductions: Int = 0;
  readonly ageDeductionsBeforePhaseout: Int[] = [];
  seniorSlope = 0;
  federalTaxDeduction: Int = 0;
  deductsFederalTax = false;
  beforeFloor: Int = 0;
  taxableIncome: Int = 0;
  schedule: ChosenSchedule | undefined = undefined;
  bracketTax: Int = 0;
  deductionCreditFull: Int = 0;
  shareSlope = 0;
  addbacks: Int = 0;
  creditRate = 0;
  readonly surtaxes: SurtaxUnits[] = [];
  surtax: Int = 0;
  recapture: Int = 0;
  recaptureMarginal = 0;
  untaxed = false;

  constructor(
    readonly c: Units,
    readonly table: StateTaxTable,
    readonly input: StateTaxInput,
    readonly federalIncomeTax: DecimalForm | undefined,
    readonly otherAndPension: Int,
    readonly pension: Int,
    readonly benefits: Int,
    readonly included: Int,
    readonly provisionalExcess: Int,
  ) {
    this.status = input.filing_status;
    this.age = input.age;
    this.federalAgi = add(otherAndPension, included);
  }
}

/** What the engine figures after a stage's rules (by whole stage; see `state-rules/index.ts`). */
const AFTER: Readonly<Record<number, (f: Fold) => void>> = {
  // the benefits taxed, less their exclusion; the state's gross income: its income before the pension
  // exclusion (the benefits it taxes, none it exempts: New Jersey gross income, N.J.S.A. 54A:6-2)
  1: (f) => {
    if (f.socialSecurityIsTaxed && f.benefits > 0) {
      if (!f.socialSecurityRuleApplied && f.included > 0) noRuleNote(f, 'social_security_exclusion');
      f.socialSecurityTaxed = sub(f.included, f.socialSecurityExcluded);
    }
    f.stateGross = add(f.otherAndPension, f.socialSecurityTaxed);
  },
  // the state's AGI: the income after its exclusions, the measure of its deduction and exemption limits
  2: (f) => {
    if (!f.pensionRuleApplied && f.pension > 0) noRuleNote(f, 'pension_exclusion');
    f.income = add(sub(f.otherAndPension, f.pensionExcluded), f.socialSecurityTaxed);
  },
  6: (f) => {
    unusedFederalTaxNote(f);
    f.beforeFloor = sub(
      sub(sub(sub(f.income, f.amounts.standard_deduction), f.amounts.personal_exemption), f.ageDeductions),
      f.federalTaxDeduction,
    );
    f.taxableIncome = max(f.beforeFloor, 0);
  },
};

/** {@link AFTER} as a list by stage. */
const AFTER_STAGE: readonly ((f: Fold) => void)[] = Array.from(
  { length: STAGE_COUNT },
  (_, stage) => AFTER[stage] ?? (() => {}),
);

/** One computation at the unit of `c`: the table's rules folded in stage order, then the tax. */
function compute(c: Units, table: StateTaxTable, input: StateTaxInput, a: Amounts): ExactStateTax {
  if (table.kind === 'none') return untaxed(c, a);
  const f = start(c, table, input, a);
  const plan = planOf(table);
  for (let stage = 0; stage < STAGE_COUNT; stage++) {
    for (const step of plan[stage] as readonly Step[]) step(f);
    (AFTER_STAGE[stage] as (f: Fold) => void)(f);
  }
  const chosen = f.schedule;
  if (chosen === undefined) throw new TypeError(`${table.state}: no schedule`);
  const { bracketTax, taxableIncome } = f;
  const credit = f.amounts.exemption_credit;
  const rateCredit = c.times(add(bracketTax, f.addbacks), f.creditRate);
  const exemptionCredits = add(min(credit, bracketTax), rateCredit);
  const recaptureTax = add(f.recapture, f.addbacks);
  const tax = f.untaxed ? 0 : add(sub(add(bracketTax, recaptureTax), exemptionCredits), f.surtax);
  // The next dollar: taxed once income reaches the deductions; the bracket rate counts only once the
  // exemption credits are used up; each surtax counts once its threshold is reached.
  let marginal = 0;
  if (f.beforeFloor >= 0 && !f.untaxed) {
    const schedule = chosen.schedule;
    const rate = schedule.rates[bracketIndexOf(schedule, c.num(taxableIncome))] as number;
    if (bracketTax >= credit) {
      marginal +=
        (rate * (1 + f.limitationSlope + f.seniorSlope - f.standardDeductionSlope) + f.recaptureMarginal) *
        (1 - f.creditRate);
      marginal += f.shareSlope;
    }
    for (const s of f.surtaxes) if (taxableIncome >= c.of(s.threshold)) marginal += s.rate;
  }
  const units: StateTaxUnits = {
    unit: c.u,
    income: add(f.otherAndPension, f.benefits),
    stateAgi: f.income,
    federalAgi: f.federalAgi,
    stateGrossIncome: f.stateGross,
    socialSecurityTaxed: f.socialSecurityTaxed,
    socialSecurityExcluded: f.socialSecurityExcluded,
    pensionExcluded: f.pensionExcluded,
    standardDeduction: f.amounts.standard_deduction,
    personalExemptions: f.amounts.personal_exemption,
    ageDeductions: f.ageDeductions,
    federalTaxDeduction: f.federalTaxDeduction,
    taxableIncome,
    bracketTax,
    recaptureTax,
    exemptionCredits,
    surtax: f.surtax,
    tax,
    ageDeductionsBeforePhaseout: f.ageDeductionsBeforePhaseout,
    deductionCreditFull: f.deductionCreditFull,
  };
  return new ExactStateTax(units, marginal, chosen.name, chosen.rows, f.surtaxes, f.notes);
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
      input.federal_income_tax === undefined || !deductsFederalTax(table)
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
