/**
 * The federal tax engine's entry point for every other area (equity compensation, retirement, Social
 * Security, healthcare, ...): import from here, never from the modules behind it. Plain numbers in,
 * exact decimals out (round once, at the edge), no parsing and no envelope, so it can run in loops.
 *
 * - {@link householdTax}: the federal tax of a household-year (what `/v1/tax/estimate` computes, less
 *   the state tax), Social Security benefits included under IRC §86.
 * - {@link bracketCeilings} and {@link bracketRoomAt}: the top of each ordinary bracket, and the room
 *   left in the bracket of a taxable income.
 * - {@link grossUp}: the ordinary income (an IRA withdrawal, ...) that nets a target after its tax.
 * - {@link taxableSocialSecurity}: IRC §86 on its own.
 * - {@link TAX_ENGINE}: the engine's name and version, for the `uses` of an operation that calls it.
 * - {@link STATUTORY_AGES}: the ages the Code attaches to deductions, catch-ups and RMDs (four areas
 *   read them).
 *
 * Not an operation: `@internal` marks the module's role (the engine's shared functions); the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import { Dec } from '../core/money';
import { brent } from '../core/roots';
import type { FilingStatus } from '../core/schema';
import {
  Amount,
  add,
  amountOf,
  amountToNumber,
  decimalOf,
  type Int,
  inUnits,
  mul,
  plus,
  pow10,
  toNumber,
} from './_lib/exact';
import { type Amt, Federal as FederalClass, type HouseholdIncome } from './_lib/federal';
import { type FederalTaxTable, federalTable } from './federal-tables';
import { type FederalTax, federalTax } from './federal-tax';
import { type BracketSchedule, bracketIndex, bracketSchedule } from './ordinary-tax';
import {
  type ScaledSocialSecurity,
  type SocialSecurityTaxation,
  scaledSocialSecurity,
} from './taxable-social-security';

// The lower-level pieces other areas need, so that they import this one module.
export { SS_TAXATION } from './_lib/social-security-taxation';
export { stateTaxCodes, stateTaxYears } from './_lib/state-tables';
export { STATUTORY_AGES } from './_lib/statutory-ages';
export { amtPreferenceCapacity } from './amt';
export { LTCG_RATES } from './capital-gains-tax';
export { type Household, seniorDeduction, standardDeduction } from './deductions';
export { type FederalTaxTable, federalTable, SUPPORTED_TAX_YEARS, taxYearField } from './federal-tables';
export { type FederalTax, type FederalTaxInput, federalTax, type HouseholdIncome } from './federal-tax';
export {
  type SocialSecurityIncome,
  type SocialSecurityTaxation,
  taxableSocialSecurity,
} from './taxable-social-security';

/**
 * The federal tax engine's name and version: everything this module computes (brackets, deductions,
 * capital gains, NIIT, additional Medicare tax, AMT, taxable Social Security and the data behind
 * them). An operation that calls the engine lists it in its `uses`; when this version changes, each of
 * those operations must bump its own version (`test/goldens/engine-dependencies.json` checks it).
 * Bump it whenever any result of this module changes for any input.
 *
 * @example
 * ```ts
 * import { TAX_ENGINE } from 'finplan/tax';
 * `${TAX_ENGINE.name}-${TAX_ENGINE.version}`; // 'federal-tax-1.0.1'
 * ```
 */
export const TAX_ENGINE = { name: 'federal-tax', version: '1.0.1' } as const;

/**
 * One household's income for one tax year, in plain numbers: the input of {@link householdTax} and,
 * with `target_net`, of {@link grossUp}. The income fields are {@link HouseholdIncome}'s (the one
 * household-input interface of the tax area); `ordinary_income` leaves out the Social Security
 * benefits, whose taxable part `householdTax` adds to it (and so to the default MAGI, the AGI).
 *
 * @example
 * ```ts
 * import { householdTax, type HouseholdYear } from 'finplan/tax';
 * const year: HouseholdYear = { tax_year: 2026, filing_status: 'single', ordinary_income: 60_000, qualified_income: 10_000 };
 * householdTax(year).regular_tax.toNumber(); // 5687.5
 * ```
 */
export interface HouseholdYear extends HouseholdIncome {
  /** A year with federal tables (2024-2026); another is an `unsupported_year` error. */
  readonly tax_year: number;
  /** Social Security benefits of the year (box 5 of Form SSA-1099); their taxable part is figured here. */
  readonly social_security_benefits?: number | undefined;
  /** Tax-exempt interest: not taxed, but counted in provisional income for the benefits; default 0. */
  readonly tax_exempt_interest?: number | undefined;
  /** Married filing separately: lived apart from the spouse all year (IRC §86(c)); default false. */
  readonly lived_apart_all_year?: boolean | undefined;
}

/**
 * Every figure of a household-year's federal computation ({@link FederalTax}), with the Social
 * Security benefits included in income. `gross_income` is the AGI: ordinary income + taxable benefits +
 * qualified income.
 *
 * @example
 * ```ts
 * import { householdTax } from 'finplan/tax';
 * const t = householdTax({ tax_year: 2025, filing_status: 'single', ordinary_income: 28_990, social_security_benefits: 5_980 });
 * t.gross_income.toNumber(); // 31980
 * ```
 */
export interface HouseholdYearTax extends FederalTax {
  readonly tax_year: number;
  /** Benefits included in income (0 without benefits). */
  readonly taxable_social_security: Dec;
  /** The IRC §86 computation; absent without benefits. */
  readonly social_security?: SocialSecurityTaxation;
}

const ZERO = new Dec(0);

/** A decimal as the number that prints it (exact for amounts of up to 15 significant digits). */
const num = (value: Dec): number => value.toNumber();

/**
 * The federal tax of one household-year from plain numbers: the computation of `/v1/tax/estimate`
 * (standard or itemized deduction with the 65+/blind amounts, OBBBA senior deduction, ordinary brackets,
 * qualified income at 0/15/20%, NIIT, additional Medicare tax; the AMT when `amt_preferences` is given),
 * without the state tax, the parsing, the rounding or the envelope. Social Security benefits are
 * included under IRC §86 ({@link taxableSocialSecurity}) on the provisional income of ordinary and
 * qualified income plus tax-exempt interest; they never count as earned income. `total` is exact:
 * the estimate's `income_tax + niit + additional_medicare_tax` is each piece rounded to cents.
 * `table` replaces the year's federal table (default `federalTable(input.tax_year)`): a projection past
 * the last table year computes with the last table, and may drop a provision that has expired.
 *
 * @example
 * ```ts
 * import { householdTax } from 'finplan/tax';
 * // Pub. 915's George White: 2,990 of his 5,980 benefits are taxable. 2025 single, 65: deductions of
 * // 15,750 + 2,000 + 6,000 leave 8,230 of taxable income, taxed at 10%.
 * const t = householdTax({ tax_year: 2025, filing_status: 'single', age: 67, ordinary_income: 28_990, social_security_benefits: 5_980 });
 * t.taxable_social_security.toNumber(); // 2990
 * t.total.toNumber(); // 823
 * ```
 */
export function householdTax(
  input: HouseholdYear,
  table: FederalTaxTable = federalTable(input.tax_year),
): HouseholdYearTax {
  const qualified = input.qualified_income ?? 0;
  const benefits = input.social_security_benefits ?? 0;
  let ordinary = input.ordinary_income;
  let social: ScaledSocialSecurity | undefined;
  if (benefits > 0) {
    social = scaledSocialSecurity({
      filing_status: input.filing_status,
      benefits,
      other_income: sumToNumber(input.ordinary_income, qualified),
      tax_exempt_interest: input.tax_exempt_interest,
      lived_apart_all_year: input.lived_apart_all_year,
    });
    if (social.taxableUnits !== 0) {
      // the ordinary income with the taxable benefits, as the double nearest the exact sum
      ordinary = amountToNumber(plus(new Amount(social.taxableUnits, social.unit), amountOf(ordinary)));
    }
  }
  const fed = federalTax({
    table,
    filing_status: input.filing_status,
    ordinary_income: ordinary,
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
  return new HouseholdTax(fed, input.tax_year, social);
}

/**
 * A {@link HouseholdYearTax} over the federal computation `federal`, whose fields it reads through
 * (the fast path's decimal fields are getters built when read: they stay lazy). One class for every
 * result, so that code reading many results sees one shape.
 *
 * @internal
 */
export class HouseholdTax implements HouseholdYearTax {
  declare readonly amt?: Amt;
  declare readonly social_security?: SocialSecurityTaxation;

  constructor(
    /** The federal computation on the ordinary income with the taxable benefits. */
    readonly federal: FederalTax,
    readonly tax_year: number,
    social: ScaledSocialSecurity | undefined,
  ) {
    if (federal.amt !== undefined) (this as { amt?: Amt }).amt = federal.amt;
    if (social !== undefined) (this as { social_security?: SocialSecurityTaxation }).social_security = social;
  }
  /** Benefits included in income (0 without benefits). */
  get taxable_social_security(): Dec {
    const social = this.social_security as ScaledSocialSecurity | undefined;
    return social === undefined || social.taxableUnits === 0 ? ZERO : taxableDec(social);
  }
  get gross_income(): Dec {
    return this.federal.gross_income;
  }
  get deduction_type(): FederalTax['deduction_type'] {
    return this.federal.deduction_type;
  }
  get standard_deduction(): FederalTax['standard_deduction'] {
    return this.federal.standard_deduction;
  }
  get deduction(): Dec {
    return this.federal.deduction;
  }
  get senior_deduction(): Dec {
    return this.federal.senior_deduction;
  }
  get unused_deduction(): Dec {
    return this.federal.unused_deduction;
  }
  get taxable_income(): Dec {
    return this.federal.taxable_income;
  }
  get ordinary_taxable_income(): Dec {
    return this.federal.ordinary_taxable_income;
  }
  get qualified_taxable_income(): Dec {
    return this.federal.qualified_taxable_income;
  }
  get bands(): FederalTax['bands'] {
    return this.federal.bands;
  }
  get ordinary_tax(): Dec {
    return this.federal.ordinary_tax;
  }
  get capital_gains_tax(): Dec {
    return this.federal.capital_gains_tax;
  }
  get regular_tax(): Dec {
    return this.federal.regular_tax;
  }
  get niit(): Dec {
    return this.federal.niit;
  }
  get additional_medicare_tax(): Dec {
    return this.federal.additional_medicare_tax;
  }
  get total(): Dec {
    return this.federal.total;
  }
  get marginal_ordinary_rate(): number {
    return this.federal.marginal_ordinary_rate;
  }
  get marginal_capital_gains_rate(): number {
    return this.federal.marginal_capital_gains_rate;
  }
  get schedule(): FederalTax['schedule'] {
    return this.federal.schedule;
  }
}

/**
 * The figures of a {@link householdTax} result a loop reads, as the doubles nearest their exact values,
 * without building a decimal (what `toNumber()` of the decimal fields gives, at a fraction of the
 * cost): the lifetime plan reads them for every year of every path.
 *
 * @example
 * ```ts
 * import { householdTax } from 'finplan/tax';
 * // 2026 single, 60,000: taxable 43,900; 1,240 + 12% x (43,900 - 12,400) = 5,020
 * householdTaxNumbers(householdTax({ tax_year: 2026, filing_status: 'single', ordinary_income: 60_000 })).total; // 5020
 * ```
 */
export interface HouseholdTaxNumbers {
  /** AGI: ordinary income + taxable benefits + qualified income. */
  readonly agi: number;
  readonly taxableIncome: number;
  readonly ordinaryTaxableIncome: number;
  readonly regularTax: number;
  readonly niit: number;
  readonly additionalMedicareTax: number;
  /** Regular tax + NIIT + additional Medicare tax (+ AMT when computed), summed exactly. */
  readonly total: number;
  readonly taxableSocialSecurity: number;
  readonly seniorDeduction: number;
}

/**
 * {@link HouseholdTaxNumbers} of a {@link householdTax} result.
 *
 * @example
 * ```ts
 * import { householdTax } from 'finplan/tax';
 * const t = householdTaxNumbers(householdTax({ tax_year: 2025, filing_status: 'single', age: 67, ordinary_income: 28_990, social_security_benefits: 5_980 }));
 * // Pub. 915's George White: 2,990 of the 5,980 benefits taxable
 * [t.agi, t.total]; // [31980, 823]
 * ```
 */
export function householdTaxNumbers(tax: HouseholdYearTax): HouseholdTaxNumbers {
  const f = tax instanceof HouseholdTax ? tax.federal : undefined;
  if (!(f instanceof FederalClass) || f.amt !== undefined) {
    return {
      agi: num(tax.gross_income),
      taxableIncome: num(tax.taxable_income),
      ordinaryTaxableIncome: num(tax.ordinary_taxable_income),
      regularTax: num(tax.regular_tax),
      niit: num(tax.niit),
      additionalMedicareTax: num(tax.additional_medicare_tax),
      total: num(tax.total),
      taxableSocialSecurity: num(tax.taxable_social_security),
      seniorDeduction: num(tax.senior_deduction),
    };
  }
  const p = f.params;
  // the regular tax (t) and the NIIT and Medicare tax (m) summed at the finer of the two units
  const d = Math.max(p.tP, p.mP);
  const total = add(mul(f.reg.regular, pow10(d - p.tP)), mul(add(f.niitM, f.medicareM), pow10(d - p.mP)));
  const social = tax.social_security as ScaledSocialSecurity | undefined;
  return {
    agi: toNumber(f.grossC, pow10(p.cP)),
    taxableIncome: toNumber(f.reg.taxable, pow10(p.hP)),
    ordinaryTaxableIncome: toNumber(f.reg.ordinaryPart, pow10(p.hP)),
    regularTax: toNumber(f.reg.regular, pow10(p.tP)),
    niit: toNumber(f.niitM, pow10(p.mP)),
    additionalMedicareTax: toNumber(f.medicareM, pow10(p.mP)),
    total: toNumber(total, pow10(d)),
    taxableSocialSecurity: social === undefined ? 0 : toNumber(social.taxableUnits, social.unit),
    seniorDeduction: toNumber(f.seniorH, pow10(p.hP)),
  };
}

/** The double nearest `a + b` (the sum of their decimal forms), exactly. */
function sumToNumber(a: number, b: number): number {
  if (b === 0) return a;
  const x = decimalOf(a);
  const y = decimalOf(b);
  const places = Math.max(x.places, y.places);
  const unit = pow10(places);
  return toNumber(add(inUnits(x, unit), inUnits(y, unit)), unit);
}

/** The last taxable part built as a decimal, reused while it repeats (a loop over nearby incomes). */
let lastTaxable: { units: Int; unit: Int; value: Dec } | undefined;

function taxableDec(social: ScaledSocialSecurity): Dec {
  const last = lastTaxable;
  if (last !== undefined && last.units === social.taxableUnits && last.unit === social.unit)
    return last.value;
  const value = social.taxable;
  lastTaxable = { units: social.taxableUnits, unit: social.unit, value };
  return value;
}

/**
 * One ordinary bracket of a tax year and filing status: the rate applies to taxable income over `from`
 * and up to and including `ceiling`.
 *
 * @example
 * ```ts
 * import { bracketCeilings } from 'finplan/tax';
 * const b = bracketCeilings(2026, 'mfj')[2];
 * [b?.rate, b?.from, b?.ceiling]; // [0.22, 100800, 211400]
 * ```
 */
export interface BracketCeiling {
  readonly rate: number;
  /** Taxable income where the bracket starts (its rate applies above it). */
  readonly from: number;
  /** Top of the bracket (inclusive): the taxable income that fills it. Absent for the top bracket. */
  readonly ceiling?: number;
}

const ceilingsBySchedule = new WeakMap<BracketSchedule, readonly BracketCeiling[]>();

function ceilingsOf(schedule: BracketSchedule): readonly BracketCeiling[] {
  let rows = ceilingsBySchedule.get(schedule);
  if (rows === undefined) {
    const t = schedule.thresholds;
    rows = schedule.rates.map((rate, i) => {
      const ceiling = t[i + 1];
      return ceiling === undefined ? { rate, from: t[i] as number } : { rate, from: t[i] as number, ceiling };
    });
    ceilingsBySchedule.set(schedule, rows);
  }
  return rows;
}

/**
 * The ordinary brackets of a tax year and filing status, lowest first, each with its ceiling: the
 * taxable income at which it is full (the top bracket has none). "Fill the 22% bracket" means taxable
 * income up to that bracket's `ceiling`. An unsupported year is an `unsupported_year` error.
 *
 * @example
 * ```ts
 * import { bracketCeilings } from 'finplan/tax';
 * bracketCeilings(2025, 'single').map((b) => b.ceiling ?? null); // [11925, 48475, 103350, 197300, 250525, 626350, null]
 * ```
 */
export function bracketCeilings(taxYear: number, status: FilingStatus): readonly BracketCeiling[] {
  return ceilingsOf(bracketSchedule(federalTable(taxYear), status));
}

/**
 * The bracket of a taxable income's next dollar: see {@link bracketRoomAt}.
 *
 * @example
 * ```ts
 * import { bracketRoomAt } from 'finplan/tax';
 * const p = bracketRoomAt(2024, 'single', 40_000);
 * [p.index, p.rate, p.ceiling, p.room?.toNumber()]; // [1, 0.12, 47150, 7150]
 * ```
 */
export interface BracketPosition extends BracketCeiling {
  /** Index of the bracket in {@link bracketCeilings}. */
  readonly index: number;
  /** `ceiling - taxable income` (exact); absent in the top bracket. */
  readonly room?: Dec;
}

/**
 * The bracket containing a taxable income and the room left in it: how much more ordinary taxable
 * income it takes to reach its ceiling. Income exactly at a ceiling has filled that bracket; the
 * bracket returned is the one its next dollar falls in (the convention of `/v1/tax/bracket-room`,
 * which is computed with this function). Negative income counts as zero.
 *
 * @example
 * ```ts
 * import { bracketRoomAt } from 'finplan/tax';
 * // 2025 mfj at 150,000: 22% bracket up to 206,700
 * bracketRoomAt(2025, 'mfj', 150_000).room?.toNumber(); // 56700
 * bracketRoomAt(2025, 'single', 11_925).rate; // 0.12
 * ```
 */
export function bracketRoomAt(taxYear: number, status: FilingStatus, taxableIncome: number): BracketPosition {
  return positionIn(bracketSchedule(federalTable(taxYear), status), taxableIncome);
}

function positionIn(schedule: BracketSchedule, taxableIncome: number): BracketPosition {
  const income = Math.max(taxableIncome, 0);
  const index = bracketIndex(schedule, income);
  const row = ceilingsOf(schedule)[index] as BracketCeiling;
  return row.ceiling === undefined
    ? { ...row, index }
    : { ...row, index, room: new Dec(row.ceiling).minus(income) };
}

/**
 * What {@link grossUp} solves: the household-year before the added income, and the net wanted.
 *
 * @example
 * ```ts
 * import { grossUp, type GrossUpInput } from 'finplan/tax';
 * const want: GrossUpInput = { tax_year: 2026, filing_status: 'single', ordinary_income: 0, target_net: 10_000 };
 * grossUp(want).gross; // 10000
 * ```
 */
export interface GrossUpInput extends HouseholdYear {
  /** Net wanted after the added federal tax (dollars, at least 0). */
  readonly target_net: number;
}

/**
 * The result of {@link grossUp}.
 *
 * @example
 * ```ts
 * import { grossUp } from 'finplan/tax';
 * // 2024 mfj, no other income: 29,200 sheltered by the standard deduction, then 10,800 / 0.9 = 12,000 at 10%.
 * const r = grossUp({ tax_year: 2024, filing_status: 'mfj', ordinary_income: 0, target_net: 40_000 });
 * [r.gross, r.added_tax.toNumber(), r.net.toNumber()]; // [41200, 1200, 40000]
 * ```
 */
export interface GrossUp {
  /** The smallest whole-cent gross whose net meets the target. */
  readonly gross: number;
  /** Federal tax with the gross added less the tax without it (exact). */
  readonly added_tax: Dec;
  /** `gross - added_tax`: at least `target_net`, by less than a cent's net. */
  readonly net: Dec;
  /** The household-year without the added income. */
  readonly before: HouseholdYearTax;
  /** The household-year with `gross` added to ordinary income. */
  readonly after: HouseholdYearTax;
}

/** Doublings of the upper bound tried before giving up (2^64 times the target). */
const MAX_DOUBLINGS = 64;

/**
 * The after-tax gross-up: how much ordinary income (an IRA or 401(k) withdrawal, a pension payment,
 * ...) to add on top of a household-year's other income so that the gross less the federal tax it adds
 * nets `target_net`. The added income is ordinary, in AGI and in MAGI; it is neither earned income (no
 * additional Medicare tax) nor net investment income, and it raises the taxable part of any Social
 * Security benefits (the "tax torpedo"), which the solve includes.
 *
 * The rule: `gross` is the smallest whole number of cents G with G - (tax(income + G) - tax(income))
 * at least `target_net`, the taxes compared exactly (unrounded decimals). Net is continuous and rises
 * with G (every marginal rate is below 100%), so G is unique: Brent's method (`src/core/roots.ts`)
 * brackets and refines the real root, then G is rounded up to the cent and checked on both sides.
 *
 * @example
 * ```ts
 * import { grossUp } from 'finplan/tax';
 * // 2026 single with 60,000 of wages (taxable 43,900, 12% bracket to 50,400): the first 6,500 added
 * // nets 88% (5,720), the rest 78%: 6,500 + (20,000 - 5,720) / 0.78 = 24,807.6923..., up to the cent:
 * grossUp({ tax_year: 2026, filing_status: 'single', ordinary_income: 60_000, target_net: 20_000 }).gross; // 24807.7
 * ```
 */
export function grossUp(input: GrossUpInput): GrossUp {
  const target = new Dec(input.target_net);
  if (!target.isFinite() || target.lt(0)) throw new RangeError('grossUp: target_net must be a number >= 0');
  const before = householdTax(input);
  const earned = input.earned_income ?? input.ordinary_income;
  const nii = input.net_investment_income ?? input.qualified_income ?? 0;
  const withAdded = (gross: Dec): HouseholdYearTax =>
    householdTax({
      ...input,
      ordinary_income: num(gross.plus(input.ordinary_income)),
      earned_income: earned,
      net_investment_income: nii,
      magi: input.magi === undefined ? undefined : num(gross.plus(input.magi)),
    });
  const netOf = (after: HouseholdYearTax, gross: Dec): Dec => gross.minus(after.total.minus(before.total));
  const atCents = (cents: number) => {
    const gross = new Dec(cents).div(100);
    const after = withAdded(gross);
    return { gross, after, net: netOf(after, gross) };
  };

  // The real root, then the smallest whole cent at or above it.
  const f = (dollars: number) => num(netOf(withAdded(new Dec(dollars)), new Dec(dollars)).minus(target));
  let root = 0;
  if (target.gt(0)) {
    let hi = Math.max(input.target_net, 1);
    let fHi = f(hi);
    for (let i = 0; fHi < 0; i++) {
      if (i === MAX_DOUBLINGS) throw new RangeError('grossUp: the target net cannot be reached');
      hi *= 2;
      fHi = f(hi);
    }
    root = brent(f, 0, hi, num(target.negated()), fHi, 1e-4);
  }
  let cents = Math.max(0, Math.ceil(root * 100));
  let at = atCents(cents);
  while (at.net.lt(target)) at = atCents(++cents);
  while (cents > 0) {
    const below = atCents(cents - 1);
    if (below.net.lt(target)) break;
    cents -= 1;
    at = below;
  }
  return {
    gross: num(at.gross),
    added_tax: at.after.total.minus(before.total),
    net: at.net,
    before,
    after: at.after,
  };
}
