/**
 * The federal income tax rules, written once, in exact integers: the ordinary rate schedule (IRC
 * §1(j)), the Qualified Dividends and Capital Gain Tax Worksheet (§1(h)), the standard deduction
 * (§63(c), (f)) and the senior deduction (§151(d)(5)(C)), the NIIT (§1411), the additional Medicare
 * tax (§3101(b)(2)) and Form 6251 (§55). Every operation and every decimal-typed function of the tax
 * area computes through these functions; nothing is rounded until the caller rounds a result.
 *
 * Units. A computation runs at a money unit of 10^-P dollars, P the most decimal places of any money
 * figure it reads (its inputs and the table's; at least 2, so whole cents are P = 2: the usual case),
 * and the table's rates are whole multiples of 10^-R (R = 2 for whole-percent rates) and 10^-R2 (3
 * for the per-mille NIIT and Medicare rates). Each amount is an integer count of one of these units:
 * - `c` = 10^-P dollars: money inputs, gross income, the NIIT and Medicare bases.
 * - `h` = c x 10^-R: deductions and taxable income (a `c` amount times a rate, as the senior
 *   deduction's phase-out), bracket and band edges.
 * - `t` = h x 10^-R: the ordinary and capital gains taxes (`h` times a rate), the AMT exemption and
 *   taxable excess.
 * - `m` = c x 10^-R2: the NIIT and the additional Medicare tax.
 * - `e` = t x 10^-R: the Form 6251 rate taxes.
 * Sums and products are exact: every count is an {@link Int} (a float64 below 2^53, a bigint beyond:
 * see `exact.ts`), so any accepted input is computed exactly, and the cent amounts of real returns stay
 * in float64.
 *
 * @internal
 * @module
 */
import type * as z from 'zod/mini';
import cg from '../../../data/tax/capital-gains-rates.json';
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { defineTable } from '../../core/year-tables';
import {
  add,
  decimalOf,
  divRound,
  EXACT_LIMIT,
  type Int,
  inUnits,
  MAX_SCALED,
  min,
  mul,
  pow10,
  roundDiv,
  sub,
} from './exact';
import { STATUTORY_AGES } from './statutory-ages';
import type { CapitalGainsRatesSchema, FederalTaxTable } from './tables';

/**
 * IRC §1(h)(1)(B)-(D): the 0%, 15% and 20% rates on qualified dividends and long-term gains
 * (`data/tax/capital-gains-rates.json`).
 *
 * @example
 * ```ts
 * import { LTCG_RATES } from 'finplan/tax';
 * LTCG_RATES; // [0, 0.15, 0.2]
 * ```
 */
export const LTCG_RATES: readonly [number, number, number] =
  defineTable<z.output<typeof CapitalGainsRatesSchema>>(cg).rates;

/**
 * Age at which the §63(f) additional standard deduction and the §151(d)(5)(C) senior deduction apply
 * (`data/tax/statutory-ages.json`).
 */
export const SENIOR_AGE = STATUTORY_AGES.senior.age;

// ---------------------------------------------------------------------------------------------------
// Inputs and results (the one household-input interface of the tax area)

/**
 * Who is 65 or older (at the end of the tax year) or blind. The spouse counts only on a joint return
 * (`mfj`): a separate return's spousal amounts (§63(f)(1)(B), (2)(B)) are not modeled.
 */
export interface Household {
  readonly age?: number | undefined;
  readonly spouse_age?: number | undefined;
  readonly blind?: boolean | undefined;
  readonly spouse_blind?: boolean | undefined;
}

/**
 * One return's income and deductions for the federal computation, in plain numbers (dollars): the
 * fields every entry point of the engine shares (`federalTax` adds the table, `householdTax` the tax
 * year and the Social Security benefits, `/v1/tax/estimate` the state rate).
 */
export interface HouseholdIncome extends Household {
  readonly filing_status: FilingStatus;
  /**
   * Ordinary income in AGI: wages, interest, non-qualified dividends, pensions, IRA withdrawals, ...,
   * after above-the-line adjustments.
   */
  readonly ordinary_income: number;
  /** Qualified dividends and net long-term capital gain (in AGI); default 0. */
  readonly qualified_income?: number | undefined;
  /** Used instead of the standard deduction when given. */
  readonly itemized_deductions?: number | undefined;
  /** Wages plus self-employment income for the additional Medicare tax; default `ordinary_income`. */
  readonly earned_income?: number | undefined;
  /** Net investment income for the NIIT; default `qualified_income`. */
  readonly net_investment_income?: number | undefined;
  /** Modified AGI for the NIIT and the senior deduction; default ordinary + qualified income. */
  readonly magi?: number | undefined;
  /**
   * When given (even 0), the AMT is computed: AMTI = taxable income before the floor at zero + the
   * standard deduction (when not itemizing) + `amt_itemized_addback` (itemized deductions the AMT
   * disallows, such as state and local taxes) + these preferences (an ISO bargain element, ...).
   */
  readonly amt_preferences?: number | undefined;
  /** Itemized deductions not allowed for the AMT (Form 6251 line 2a when itemizing); default 0. */
  readonly amt_itemized_addback?: number | undefined;
}

/** The standard deduction: the §63(c)(2) basic amount plus the §63(f) additional amounts. */
export interface StandardDeduction {
  readonly basic: number;
  /** Number of additional amounts (65+ and blind, taxpayer and, on a joint return, spouse). */
  readonly additional_count: number;
  readonly additional: number;
  readonly total: number;
}

/** How much of a stack of qualified income falls in each of the 0%, 15% and 20% bands. */
export interface PreferentialBands {
  readonly at_0: Dec;
  readonly at_15: Dec;
  readonly at_20: Dec;
}

/** A Form 6251 computation, exact in decimal. */
export interface Amt {
  readonly amti: Dec;
  /** Line 5, after the phase-out. */
  readonly exemption: Dec;
  /** Line 6: AMTI less the exemption, not below zero. */
  readonly taxable_excess: Dec;
  /** Line 9 (line 7 with no AMT foreign tax credit): the smaller of Part III line 38 and line 39. */
  readonly tentative_minimum_tax: Dec;
  readonly regular_tax: Dec;
  /** Line 11: tentative minimum tax over regular tax, not below zero. */
  readonly amt: Dec;
}

/**
 * One filing status's ordinary rate schedule, ready for repeated use: `rates[i]` applies to taxable
 * income over `thresholds[i]` up to and including `thresholds[i + 1]` ("Over X but not over Y"), and
 * `baseTax[i]` is the exact tax on income of exactly `thresholds[i]`.
 */
export interface BracketSchedule {
  readonly rates: readonly number[];
  readonly thresholds: readonly number[];
  readonly rateDec: readonly Dec[];
  readonly baseTax: readonly Dec[];
}

/** Every figure of a federal computation, exact in decimal (round at the edge). */
export interface FederalTax {
  readonly gross_income: Dec;
  readonly deduction_type: 'standard' | 'itemized';
  readonly standard_deduction: StandardDeduction;
  /** The deduction used: the standard deduction or the itemized override. */
  readonly deduction: Dec;
  readonly senior_deduction: Dec;
  /** Deductions not absorbed by income (taxable income is floored at zero). */
  readonly unused_deduction: Dec;
  readonly taxable_income: Dec;
  readonly ordinary_taxable_income: Dec;
  readonly qualified_taxable_income: Dec;
  readonly bands: PreferentialBands;
  readonly ordinary_tax: Dec;
  readonly capital_gains_tax: Dec;
  readonly regular_tax: Dec;
  readonly niit: Dec;
  readonly additional_medicare_tax: Dec;
  /** Present when `amt_preferences` was given. */
  readonly amt?: Amt;
  /** Regular tax + NIIT + additional Medicare tax (+ AMT when computed). */
  readonly total: Dec;
  /** Bracket rate on the next dollar of ordinary income (0 while deductions exceed income). */
  readonly marginal_ordinary_rate: number;
  /** Rate on the next dollar of qualified income: 0/15/20% (or the ordinary rate, see worksheet line 25). */
  readonly marginal_capital_gains_rate: number;
  readonly schedule: BracketSchedule;
}

// ---------------------------------------------------------------------------------------------------
// Decimal helpers

/** The exact decimal `n / 10^places`. */
export function decimal(n: Int, places: number): Dec {
  return places === 0 ? new Dec(n.toString()) : new Dec(`${n}e-${places}`);
}

/** The count of 10^-places units in `x` (a double read as its decimal form), exactly. */
export function unitsOf(x: number, places: number): Int {
  if (places === 2) {
    const c = Math.round(x * 100) + 0;
    if (c / 100 === x && c <= MAX_SCALED && c >= -MAX_SCALED) return c;
  }
  return inUnits(decimalOf(x), pow10(places));
}

/**
 * The decimal places a money amount needs at least 2 (cents): 2 for a cent amount, its decimal form's
 * places otherwise. Throws a RangeError for a value that is not a finite number.
 */
export function placesOf(x: number): number {
  const c = Math.round(x * 100);
  if (c / 100 === x && c <= MAX_SCALED && c >= -MAX_SCALED) return 2;
  if (!Number.isFinite(x)) throw new RangeError(`federal tax: an amount must be a finite number (got ${x})`);
  return Math.max(2, decimalOf(x).places);
}

/** `places` of a Dec or number amount, at least 2. */
export function placesOfAny(x: Dec | number): number {
  return typeof x === 'number' ? placesOf(x) : Math.max(2, x.decimalPlaces());
}

/** The count of 10^-places units in a Dec or number amount, exactly. */
export function unitsOfAny(x: Dec | number, places: number): Int {
  if (typeof x === 'number') return unitsOf(x, places);
  // toFixed at places at least the value's own is exact (no rounding): its digits are the count
  const text = x.toFixed(places).replace('.', '');
  const n = Number(text);
  return Number.isSafeInteger(n) ? n + 0 : BigInt(text);
}

/**
 * The money places of a computation on Dec or number amounts with `table`: at least 2, the table's
 * own places and each amount's.
 */
export function placesFor(table: FederalTaxTable, ...amounts: readonly (Dec | number | undefined)[]): number {
  let places = entryOf(table).shape.places;
  for (const a of amounts) if (a !== undefined) places = Math.max(places, placesOfAny(a));
  return places;
}

const max0 = (a: Int): Int => (a > 0 ? a : 0);

// ---------------------------------------------------------------------------------------------------
// The table, scaled

/** What a table needs of every computation: its money places and rate places. */
interface TableShape {
  /** Most decimal places of a money figure of the table, at least 2. */
  readonly places: number;
  /** Places of the bracket, gain, senior phase-out and AMT rates. */
  readonly R: number;
  /** Places of the NIIT and additional Medicare tax rates. */
  readonly R2: number;
}

const shapes = new WeakMap<FederalTaxTable, TableShape>();

function tableShape(table: FederalTaxTable): TableShape {
  let shape = shapes.get(table);
  if (shape === undefined) {
    const moneyPlaces = (values: Iterable<number | null | undefined>) => {
      let p = 2;
      for (const v of values) if (typeof v === 'number') p = Math.max(p, decimalOf(v).places);
      return p;
    };
    const ratePlaces = (values: Iterable<number>) => {
      let p = 0;
      for (const v of values) p = Math.max(p, decimalOf(v).places);
      return p;
    };
    const statuses = (o: Readonly<Record<FilingStatus, number | null>>) => Object.values(o);
    const s = table.senior_deduction;
    shape = {
      places: moneyPlaces([
        ...Object.values(table.ordinary_brackets.thresholds).flat(),
        ...statuses(table.ltcg.zero_rate_max),
        ...statuses(table.ltcg.fifteen_rate_max),
        ...statuses(table.standard_deduction),
        table.additional_standard_deduction.unmarried,
        table.additional_standard_deduction.married,
        ...(s === undefined ? [] : [s.amount_per_person, ...statuses(s.phaseout_start)]),
        ...statuses(table.niit.threshold),
        ...statuses(table.additional_medicare.threshold),
        ...statuses(table.amt.exemption),
        ...statuses(table.amt.phaseout_start),
        ...statuses(table.amt.rate_breakpoint),
        ...statuses(table.capital_loss_limit),
      ]),
      R: ratePlaces([
        ...table.ordinary_brackets.rates,
        ...LTCG_RATES,
        ...(s === undefined ? [] : [s.phaseout_rate]),
        table.amt.phaseout_rate,
        ...table.amt.rates,
      ]),
      R2: ratePlaces([table.niit.rate, table.additional_medicare.rate]),
    };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * `x` (a count of units, `perCent` of them to the cent) rounded half up to whole cents.
 *
 * @example
 * ```ts
 * toCents(123_456_789, 1e4); // 12346 (123.456789 dollars)
 * ```
 */
export function toCents(x: Int, perCent: Int): Int {
  // (a unit of a cent, perCent 1, is returned as it is by either division)
  if (typeof x === 'number' && typeof perCent === 'number' && (x < 0 ? -x : x) + perCent <= EXACT_LIMIT) {
    return roundDiv(x, perCent);
  }
  return divRound(x, perCent);
}

/** Form 6251 figures of one table and status, scaled. */
interface AmtParams {
  /** Exemption, in t. */
  readonly exemption: Int;
  /** Phase-out start, in h. */
  readonly start: Int;
  /** Phase-out rate, in 10^-R. */
  readonly phaseout: Int;
  /** 26/28% breakpoint, in t. */
  readonly breakpoint: Int;
  /** The two rates, in 10^-R. */
  readonly low: Int;
  readonly high: Int;
  /** zero_rate_max and fifteen_rate_max, in t. */
  readonly zero: Int;
  readonly fifteen: Int;
}

/**
 * A rate schedule in integers: `pct[i]` (the rate in 10^-R) applies over `thr[i]` (in some unit u), and
 * `base[i]` is the tax on income of exactly `thr[i]` (in u x 10^-R).
 */
export interface ScaledSchedule {
  readonly thr: readonly Int[];
  readonly pct: readonly Int[];
  readonly base: readonly Int[];
}

/** A schedule's thresholds (dollars) at 10^-`places` and rates at 10^-`R`, with the base taxes. */
export function scaledSchedule(
  rates: readonly number[],
  thresholds: readonly number[],
  places: number,
  R: number,
): ScaledSchedule {
  if (rates.length !== thresholds.length || thresholds[0] !== 0) {
    throw new TypeError('a rate schedule starts at 0 and has one rate per threshold');
  }
  const thr = thresholds.map((x) => unitsOf(x, places));
  const pct = rates.map((x) => unitsOf(x, R));
  const base: Int[] = [0];
  for (let i = 1; i < thr.length; i++) {
    base.push(add(base[i - 1] as Int, mul(sub(thr[i] as Int, thr[i - 1] as Int), pct[i - 1] as Int)));
  }
  return { thr, pct, base };
}

/** One table and status at one money unit, scaled (built once, cached). */
export interface FederalParams extends ScaledSchedule {
  readonly table: FederalTaxTable;
  readonly status: FilingStatus;
  readonly schedule: BracketSchedule;
  /** Places of the units: c, h, t, m, e. */
  readonly cP: number;
  readonly hP: number;
  readonly tP: number;
  readonly mP: number;
  readonly eP: number;
  /** 10^R: h per c, t per h, e per t. */
  readonly r: Int;
  /** Units per cent of c, h, t and m (for rounding to cents). */
  readonly perCent: { readonly c: Int; readonly h: Int; readonly t: Int; readonly m: Int };
  /** zero_rate_max and fifteen_rate_max, in h (the schedule's `thr` are in h, `base` in t). */
  readonly zero: Int;
  readonly fifteen: Int;
  /** The 15% and 20% gain rates, in 10^-R. */
  readonly pct15: Int;
  readonly pct20: Int;
  /** Start of the first bracket at 15% or more / 20% or more (the 15% one capped at `fifteen`), in h. */
  readonly cheap15: Int | number;
  readonly cheap20: Int | number;
  /** The standard deduction's basic and additional amounts, in dollars and in h. */
  readonly stdBasic: number;
  readonly stdEach: number;
  readonly stdBasicH: Int;
  readonly stdEachH: Int;
  /** Senior deduction: amount per person in h, phase-out rate in 10^-R, start in c (undefined: none). */
  readonly seniorAmount: Int;
  readonly seniorPct: Int;
  readonly seniorStart: Int | undefined;
  /** NIIT and Medicare: thresholds in c, rates in 10^-R2. */
  readonly niitThr: Int;
  readonly niitRate: Int;
  readonly medThr: Int;
  readonly medRate: Int;
  /** The capital loss limit of §1211(b), in c. */
  readonly lossLimit: Int;
  readonly amt: AmtParams;
}

function buildParams(table: FederalTaxTable, status: FilingStatus, P: number): FederalParams {
  const { R, R2 } = tableShape(table);
  const r = pow10(R);
  const at = (dollars: number, places: number) => unitsOf(dollars, places);
  const hP = P + R;
  const tP = P + 2 * R;
  const rate = (x: number) => at(x, R);
  const rates = table.ordinary_brackets.rates;
  const { thr, pct, base } = scaledSchedule(rates, table.ordinary_brackets.thresholds[status], hP, R);
  const zeroD = table.ltcg.zero_rate_max[status];
  const fifteenD = table.ltcg.fifteen_rate_max[status];
  const zero = at(zeroD, hP);
  const fifteen = at(fifteenD, hP);
  const firstAtLeast = (x: number): Int | number => {
    const k = rates.findIndex((q) => q >= x);
    return k < 0 ? Number.POSITIVE_INFINITY : (thr[k] as Int);
  };
  const first15 = firstAtLeast(LTCG_RATES[1]);
  const stdEach =
    status === 'single' || status === 'hoh'
      ? table.additional_standard_deduction.unmarried
      : table.additional_standard_deduction.married;
  const senior = table.senior_deduction;
  const start = senior?.phaseout_start[status];
  const a = table.amt;
  const [low, high] = a.rates as [number, number];
  if (a.rates.length !== 2) throw new TypeError(`federal table ${table.tax_year}: two AMT rates expected`);
  return {
    table,
    status,
    schedule: bracketSchedule(table, status),
    cP: P,
    hP,
    tP,
    mP: P + R2,
    eP: P + 3 * R,
    r,
    perCent: { c: pow10(P - 2), h: pow10(hP - 2), t: pow10(tP - 2), m: pow10(P + R2 - 2) },
    thr,
    pct,
    base,
    zero,
    fifteen,
    pct15: rate(LTCG_RATES[1]),
    pct20: rate(LTCG_RATES[2]),
    cheap15: first15 < fifteen ? first15 : fifteen,
    cheap20: firstAtLeast(LTCG_RATES[2]),
    stdBasic: table.standard_deduction[status],
    stdEach,
    stdBasicH: at(table.standard_deduction[status], hP),
    stdEachH: at(stdEach, hP),
    seniorAmount: senior === undefined ? 0 : at(senior.amount_per_person, hP),
    seniorPct: senior === undefined ? 0 : rate(senior.phaseout_rate),
    seniorStart: start === null || start === undefined ? undefined : at(start, P),
    niitThr: at(table.niit.threshold[status], P),
    niitRate: at(table.niit.rate, R2),
    medThr: at(table.additional_medicare.threshold[status], P),
    medRate: at(table.additional_medicare.rate, R2),
    lossLimit: at(table.capital_loss_limit[status], P),
    amt: {
      exemption: at(a.exemption[status], tP),
      start: at(a.phaseout_start[status], hP),
      phaseout: rate(a.phaseout_rate),
      breakpoint: at(a.rate_breakpoint[status], tP),
      low: rate(low),
      high: rate(high),
      zero: at(zeroD, tP),
      fifteen: at(fifteenD, tP),
    },
  };
}

const STATUS_INDEX: Readonly<Record<FilingStatus, number>> = { single: 0, mfj: 1, mfs: 2, hoh: 3, qss: 4 };

/** Per table: its shape, the params of each status at its own places (the common case), then others. */
interface CacheEntry {
  readonly shape: TableShape;
  readonly common: FederalParams[];
  readonly other: Map<string, FederalParams>;
}
const cache = new WeakMap<FederalTaxTable, CacheEntry>();

function entryOf(table: FederalTaxTable): CacheEntry {
  let entry = cache.get(table);
  if (entry === undefined) {
    entry = { shape: tableShape(table), common: [], other: new Map() };
    cache.set(table, entry);
  }
  return entry;
}

function paramsIn(
  entry: CacheEntry,
  table: FederalTaxTable,
  status: FilingStatus,
  places: number,
): FederalParams {
  const P = Math.max(places, entry.shape.places);
  if (P === entry.shape.places) {
    const i = STATUS_INDEX[status];
    let p = entry.common[i];
    if (p === undefined) {
      p = buildParams(table, status, P);
      entry.common[i] = p;
    }
    return p;
  }
  const key = `${status}:${P}`;
  let p = entry.other.get(key);
  if (p === undefined) {
    p = buildParams(table, status, P);
    if (entry.other.size < 256) entry.other.set(key, p);
  }
  return p;
}

/**
 * The scaled figures of `table` for `status` at a money unit of 10^-`places` dollars (at least the
 * table's own places; the default), built once and cached.
 */
export function federalParams(table: FederalTaxTable, status: FilingStatus, places = 0): FederalParams {
  return paramsIn(entryOf(table), table, status, places);
}

// ---------------------------------------------------------------------------------------------------
// The rate schedule

const schedules = new WeakMap<FederalTaxTable, Map<FilingStatus, BracketSchedule>>();

/**
 * The ordinary rate schedule of `status` in `table` (built once per table and status, then cached).
 *
 * @example
 * ```ts
 * import { bracketSchedule, federalTable } from 'finplan/tax';
 * bracketSchedule(federalTable(2025), 'single').thresholds[1]; // 11925
 * ```
 */
export function bracketSchedule(table: FederalTaxTable, status: FilingStatus): BracketSchedule {
  let byStatus = schedules.get(table);
  if (byStatus === undefined) {
    byStatus = new Map();
    schedules.set(table, byStatus);
  }
  const cached = byStatus.get(status);
  if (cached !== undefined) return cached;
  const schedule = scheduleFrom(table.ordinary_brackets.rates, table.ordinary_brackets.thresholds[status]);
  byStatus.set(status, schedule);
  return schedule;
}

/**
 * A rate schedule from its rates and thresholds (`rates[i]` over `thresholds[i]`, the first threshold
 * 0), with the exact base tax at each threshold: the federal schedules and the states' share it.
 *
 * @example
 * ```ts
 * import { ordinaryTax, scheduleFrom } from 'finplan/tax';
 * ordinaryTax(scheduleFrom([0, 0.044], [0, 10_000]), 20_000).toNumber(); // 440
 * ```
 */
export function scheduleFrom(rates: readonly number[], thresholds: readonly number[]): BracketSchedule {
  const places = maxPlaces(thresholds, 0);
  const R = maxPlaces(rates, 0);
  const baseTax = scaledSchedule(rates, thresholds, places, R).base.map((b) => decimal(b, places + R));
  return { rates, thresholds, rateDec: rates.map((rate) => new Dec(rate)), baseTax };
}

/** The most decimal places among `values` (doubles read as their decimal forms), at least `least`. */
export function maxPlaces(values: Iterable<number>, least: number): number {
  let p = least;
  for (const v of values) p = Math.max(p, decimalOf(v).places);
  return p;
}

const scaledSchedules = new WeakMap<BracketSchedule, Map<number, ScaledSchedule>>();

/**
 * `schedule` in integers with thresholds at 10^-`places` (at least their own places) and rates at
 * their own places R (returned), cached.
 */
export function scaledOf(schedule: BracketSchedule, places: number): { s: ScaledSchedule; R: number } {
  let byPlaces = scaledSchedules.get(schedule);
  if (byPlaces === undefined) {
    byPlaces = new Map();
    scaledSchedules.set(schedule, byPlaces);
  }
  const R = maxPlaces(schedule.rates, 0);
  let s = byPlaces.get(places);
  if (s === undefined) {
    s = scaledSchedule(schedule.rates, schedule.thresholds, places, R);
    if (byPlaces.size < 64) byPlaces.set(places, s);
  }
  return { s, R };
}

/**
 * Index of the bracket of the next dollar above `x` among thresholds `thr` (any one unit): income
 * exactly at a threshold has filled the lower bracket, so its next dollar is in the higher one.
 */
export function bracketIndexIn(thr: readonly (Int | number)[], x: Int | number): number {
  let k = 0;
  while (k + 1 < thr.length && x >= (thr[k + 1] as Int)) k++;
  return k;
}

/** Index of the bracket of the next dollar above `x` (h). */
export function bracketAt(p: FederalParams, x: Int): number {
  return bracketIndexIn(p.thr, x);
}

/**
 * Tax on `x` of ordinary income (in the schedule's threshold unit), in that unit x 10^-R: the base tax
 * of its bracket + the rate x the excess over the bracket's start (the IRS Tax Computation Worksheet
 * form; the Tax Table's $50 bands under $100,000 are not used). Zero for x <= 0.
 */
export function ordinaryTaxOf(s: ScaledSchedule, x: Int): Int {
  if (x <= 0) return 0;
  const k = bracketIndexIn(s.thr, x);
  return add(s.base[k] as Int, mul(sub(x, s.thr[k] as Int), s.pct[k] as Int));
}

/**
 * How much of `x` of ordinary income (in the threshold unit) bracket `i` holds: the income over its
 * start, up to its width (the top bracket has none). Its tax is this times `pct[i]`.
 */
export function fillOf(s: ScaledSchedule, x: Int, i: number): Int {
  const from = s.thr[i] as Int;
  const amount = max0(sub(x, from));
  const next = s.thr[i + 1];
  return next === undefined ? amount : min(amount, sub(next, from));
}

/** How much of [lo, hi] lies in [bandLo, bandHi] (any unit). */
export function overlap(lo: Int, hi: Int, bandLo: Int, bandHi: Int | number): Int {
  const top = hi < bandHi ? hi : (bandHi as Int);
  return max0(sub(top, lo > bandLo ? lo : bandLo));
}

/** Ordinary rate of the next dollar above `x` (h), floored at zero. */
export function marginalOrdinaryOf(p: FederalParams, x: Int): number {
  return p.schedule.rates[bracketAt(p, x > 0 ? x : 0)] as number;
}

/** Rate of the next dollar of gain stacked on `x` (h) of taxable income: 0, 15 or 20%. */
export function marginalGainOf(p: FederalParams, x: Int): number {
  if (x < p.zero) return LTCG_RATES[0];
  if (x < p.fifteen) return LTCG_RATES[1];
  return LTCG_RATES[2];
}

/** The tax on qualified income in the 15% and 20% bands: each amount times its rate (in 10^-R). */
export function gainTaxOf(at15: Int, at20: Int, pct15: Int, pct20: Int): Int {
  return add(mul(at15, pct15), mul(at20, pct20));
}

/** The 0/15/20 bands of `gain` (h) stacked on `base` (h), both floored at zero: band edges on total income. */
export class Bands {
  readonly at0: Int;
  readonly at15: Int;
  readonly at20: Int;
  constructor(p: FederalParams, base: Int, gain: Int) {
    const lo = max0(base);
    const hi = add(lo, max0(gain));
    this.at0 = overlap(lo, hi, 0, p.zero);
    this.at15 = overlap(lo, hi, p.zero, p.fifteen);
    this.at20 = overlap(lo, hi, p.fifteen, Number.POSITIVE_INFINITY);
  }
  /** 15% and 20% of the amounts in those bands, in t. */
  tax(p: FederalParams): Int {
    return gainTaxOf(this.at15, this.at20, p.pct15, p.pct20);
  }
}

/**
 * The regular tax of `taxable` (h) income of which `qualified` (h) is qualified dividends and net
 * long-term gain, by the Qualified Dividends and Capital Gain Tax Worksheet: the qualified part (capped
 * at taxable income, floored at zero) stacked on the ordinary part at 0/15/20%, the ordinary part
 * through the rate schedule; the smaller of that and the tax on all taxable income as ordinary (lines
 * 23-25). The 25% and 28% gain categories are not modeled.
 */
export class Regular {
  /** Taxable income (floored at zero) and its qualified and ordinary parts, in h. */
  readonly taxable: Int;
  readonly qualified: Int;
  readonly ordinaryPart: Int;
  readonly bands: Bands;
  /** Tax on the ordinary part, and the regular tax, in t. */
  readonly ordinary: Int;
  readonly regular: Int;
  /** Whether taxing everything as ordinary income was lower (worksheet line 25 takes line 24). */
  readonly ordinaryOnAll: boolean;

  constructor(p: FederalParams, taxable: Int, qualified: Int) {
    const ti = max0(taxable);
    const q = min(max0(qualified), ti);
    const ordinaryPart = sub(ti, q);
    const ordinary = ordinaryTaxOf(p, ordinaryPart);
    const bands = new Bands(p, ordinaryPart, q);
    this.taxable = ti;
    this.qualified = q;
    this.ordinaryPart = ordinaryPart;
    this.bands = bands;
    this.ordinary = ordinary;
    const preferential = add(ordinary, bands.tax(p));
    let regular = preferential;
    let onAll = false;
    // Line 25 binds only where a gain dollar's band rate exceeds the ordinary rate at its place in the
    // stack: the stack reaches into the 15% band below the first 15%+ bracket, or into the 20% band
    // below the first 20%+ bracket. Skipping the second schedule lookup otherwise changes nothing.
    if (
      q !== 0 &&
      ((ti > p.zero && ordinaryPart < p.cheap15) || (ti > p.fifteen && ordinaryPart < p.cheap20))
    ) {
      const all = ordinaryTaxOf(p, ti);
      if (all < preferential) {
        regular = all;
        onAll = true;
      }
    }
    this.regular = regular;
    this.ordinaryOnAll = onAll;
  }
}

/**
 * The rate of regular tax on one more dollar of qualified income at `taxable` (h): the band rate, or
 * the bracket rate when the worksheet taxed everything as ordinary income (line 25).
 */
export function marginalRegularGainOf(p: FederalParams, taxable: Int, ordinaryOnAll: boolean): number {
  return ordinaryOnAll ? marginalOrdinaryOf(p, taxable) : marginalGainOf(p, taxable);
}

// ---------------------------------------------------------------------------------------------------
// Deductions, NIIT, additional Medicare tax

function isSenior(age: number | undefined): boolean {
  return age !== undefined && age >= SENIOR_AGE;
}

/**
 * The number of §63(f) additional amounts: taxpayer 65 or older, taxpayer blind, and on a joint return
 * spouse 65 or older, spouse blind.
 */
export function additionalCount(status: FilingStatus, household: Household): number {
  let count = (isSenior(household.age) ? 1 : 0) + (household.blind ? 1 : 0);
  if (status === 'mfj') count += (isSenior(household.spouse_age) ? 1 : 0) + (household.spouse_blind ? 1 : 0);
  return count;
}

/** The standard deduction of `count` additional amounts, in dollars. */
export function standardDeductionOf(p: FederalParams, count: number): StandardDeduction {
  return {
    basic: p.stdBasic,
    additional_count: count,
    additional: count * p.stdEach,
    total: standardTotalOf(p, count),
  };
}

/** The standard deduction's total with `count` additional amounts, in dollars (without the object). */
export function standardTotalOf(p: FederalParams, count: number): number {
  return p.stdBasic + count * p.stdEach;
}

/**
 * The senior deduction (§151(d)(5)(C)), in h: for each qualified individual (the taxpayer 65 or older
 * and, on a joint return only, the spouse 65 or older) the amount less the phase-out rate x MAGI (c)
 * over the start, not below zero; none for a status the table gives no start (separate returns).
 */
export function seniorDeductionOf(p: FederalParams, household: Household, magi: Int): Int {
  if (p.seniorStart === undefined) return 0;
  const seniors =
    (isSenior(household.age) ? 1 : 0) + (p.status === 'mfj' && isSenior(household.spouse_age) ? 1 : 0);
  if (seniors === 0) return 0;
  const each = max0(sub(p.seniorAmount, mul(max0(sub(magi, p.seniorStart)), p.seniorPct)));
  return mul(each, seniors);
}

/** The NIIT (§1411(a)(1)) in m: the rate x the smaller of NII (c) and MAGI (c) over the threshold. */
export function niitOf(p: FederalParams, nii: Int, magi: Int): Int {
  return mul(min(max0(nii), max0(sub(magi, p.niitThr))), p.niitRate);
}

/** The NIIT added by `extra` (c) of investment income on a return with `magi` (c), in m. */
export function incrementalNiitOf(p: FederalParams, magi: Int, extra: Int): Int {
  const before = max0(sub(magi, p.niitThr));
  const after = max0(sub(add(magi, max0(extra)), p.niitThr));
  return mul(sub(after, before), p.niitRate);
}

/** The additional Medicare tax (§3101(b)(2), §1401(b)(2)) on `earned` (c) income, in m. */
export function additionalMedicareOf(p: FederalParams, earned: Int): Int {
  return mul(max0(sub(earned, p.medThr)), p.medRate);
}

// ---------------------------------------------------------------------------------------------------
// Form 6251

/** The §55(b)(1)(A) rate tax on `x` (t), in e: 26% up to the breakpoint, 28% above. */
export function amtRateTaxOf(a: AmtParams, x: Int): Int {
  const v = max0(x);
  const lowPart = v < a.breakpoint ? v : a.breakpoint;
  return add(mul(lowPart, a.low), mul(max0(sub(v, a.breakpoint)), a.high));
}

/** The AMT exemption (line 5) on `amti` (h), in t. */
export function amtExemptionOf(a: AmtParams, amti: Int): Int {
  return max0(sub(a.exemption, mul(max0(sub(amti, a.start)), a.phaseout)));
}

/**
 * Form 6251 on AMTI `amti` (h): exemption (line 5), taxable excess (line 6), Part III (lines 12-40:
 * qualified income `qualified` (h) keeps its 0/15/20% rates, stacked on `ordinaryTaxable` (h), the
 * QDCG worksheet line 5), tentative minimum tax (line 9) and AMT over `regular` (t) (line 11).
 */
export class AmtOf implements Amt {
  readonly places: { h: number; t: number; e: number };
  /** h */ readonly amtiH: Int;
  /** t */ readonly exemptionT: Int;
  /** t */ readonly excessT: Int;
  /** e */ readonly tmtE: Int;
  /** t */ readonly regularT: Int;
  /** e */ readonly amtE: Int;

  constructor(p: FederalParams, amti: Int, qualified: Int, ordinaryTaxable: Int, regular: Int) {
    const a = p.amt;
    const r = p.r;
    this.places = { h: p.hP, t: p.tP, e: p.eP };
    this.amtiH = amti;
    this.regularT = regular;
    const exemption = amtExemptionOf(a, amti);
    const e = max0(sub(mul(amti, r), exemption));
    this.exemptionT = exemption;
    this.excessT = e;
    const line13 = mul(max0(qualified), r); // QDCG worksheet line 4 (no unrecaptured §1250 gain)
    const line16 = min(e, line13);
    const line18 = amtRateTaxOf(a, sub(e, line16));
    const line20 = mul(max0(ordinaryTaxable), r); // QDCG worksheet line 5
    const line21 = max0(sub(a.zero, line20));
    const line22 = line16;
    const line23 = min(line21, line22); // at 0%
    const line24 = sub(line22, line23);
    const line29 = max0(sub(a.fifteen, add(line21, line20)));
    const line30 = min(line24, line29); // at 15%
    const line33 = sub(line22, add(line23, line30)); // at 20%
    // Line 36 = 0 without unrecaptured §1250 gain, so line 37 (25%) is 0.
    const line38 = add(line18, add(mul(line30, p.pct15), mul(line33, p.pct20)));
    const line39 = amtRateTaxOf(a, e);
    const tmt = min(line38, line39);
    this.tmtE = tmt;
    this.amtE = max0(sub(tmt, mul(regular, r)));
  }
  get amti(): Dec {
    return decimal(this.amtiH, this.places.h);
  }
  get exemption(): Dec {
    return decimal(this.exemptionT, this.places.t);
  }
  get taxable_excess(): Dec {
    return decimal(this.excessT, this.places.t);
  }
  get tentative_minimum_tax(): Dec {
    return decimal(this.tmtE, this.places.e);
  }
  get regular_tax(): Dec {
    return decimal(this.regularT, this.places.t);
  }
  get amt(): Dec {
    return decimal(this.amtE, this.places.e);
  }
}

// ---------------------------------------------------------------------------------------------------
// The return

/**
 * A federal computation in scaled integers (the unit of each field in its comment, the places in
 * `params`). It is also a {@link FederalTax}: the decimal fields are getters that build the exact
 * decimal on demand.
 */
export class Federal implements FederalTax {
  readonly params: FederalParams;
  readonly deduction_type: 'standard' | 'itemized';
  /** Number of §63(f) additional amounts. */
  readonly additionalCount: number;
  /** c */ readonly grossC: Int;
  /** h */ readonly deductionH: Int;
  /** h */ readonly seniorH: Int;
  /** h: gross - deduction - senior deduction, before the floor at zero. */
  readonly beforeFloorH: Int;
  readonly reg: Regular;
  /** m */ readonly niitM: Int;
  /** m */ readonly medicareM: Int;
  readonly marginal_ordinary_rate: number;
  readonly marginal_capital_gains_rate: number;
  declare readonly amt?: AmtOf;

  constructor(p: FederalParams, input: HouseholdIncome) {
    const P = p.cP;
    const r = p.r;
    this.params = p;
    const oc = unitsOf(input.ordinary_income, P);
    const qc = input.qualified_income === undefined ? 0 : unitsOf(input.qualified_income, P);
    const grossC = add(oc, qc);
    this.grossC = grossC;
    const itemized = input.itemized_deductions !== undefined;
    this.deduction_type = itemized ? 'itemized' : 'standard';
    const count = additionalCount(p.status, input);
    this.additionalCount = count;
    const deductionH = itemized
      ? mul(unitsOf(input.itemized_deductions as number, P), r)
      : add(p.stdBasicH, mul(p.stdEachH, count));
    this.deductionH = deductionH;
    const magi = input.magi === undefined ? grossC : unitsOf(input.magi, P);
    const seniorH = seniorDeductionOf(p, input, magi);
    this.seniorH = seniorH;
    const beforeFloor = sub(sub(mul(grossC, r), deductionH), seniorH);
    this.beforeFloorH = beforeFloor;
    // The deductions absorb ordinary income first: qualified taxable income = min(qualified, taxable).
    const qH = mul(qc, r);
    const reg = new Regular(p, beforeFloor, qH);
    this.reg = reg;
    const nii = input.net_investment_income === undefined ? qc : unitsOf(input.net_investment_income, P);
    this.niitM = niitOf(p, nii, magi);
    const earned = input.earned_income === undefined ? oc : unitsOf(input.earned_income, P);
    this.medicareM = additionalMedicareOf(p, earned);
    const sheltered = beforeFloor < 0;
    this.marginal_ordinary_rate = sheltered ? 0 : marginalOrdinaryOf(p, reg.ordinaryPart);
    this.marginal_capital_gains_rate = sheltered
      ? 0
      : marginalRegularGainOf(p, reg.taxable, reg.ordinaryOnAll);

    if (input.amt_preferences !== undefined) {
      // Line 2a: the standard deduction is not allowed; when itemizing, the disallowed itemized amounts.
      const addback = itemized ? mul(unitsOf(input.amt_itemized_addback ?? 0, P), r) : deductionH;
      const amti = add(add(beforeFloor, addback), mul(unitsOf(input.amt_preferences, P), r));
      (this as { amt?: AmtOf }).amt = new AmtOf(p, amti, qH, max0(sub(reg.taxable, qH)), reg.regular);
    }
  }

  /** h */
  get taxableH(): Int {
    return this.reg.taxable;
  }
  /** h */
  get qualifiedTaxableH(): Int {
    return this.reg.qualified;
  }
  get standard_deduction(): StandardDeduction {
    return standardDeductionOf(this.params, this.additionalCount);
  }
  /** The standard deduction's total, in dollars. */
  get standardTotal(): number {
    return standardTotalOf(this.params, this.additionalCount);
  }
  get schedule(): BracketSchedule {
    return this.params.schedule;
  }
  get gross_income(): Dec {
    return decimal(this.grossC, this.params.cP);
  }
  get deduction(): Dec {
    return decimal(this.deductionH, this.params.hP);
  }
  get senior_deduction(): Dec {
    return decimal(this.seniorH, this.params.hP);
  }
  get unused_deduction(): Dec {
    return decimal(max0(sub(0, this.beforeFloorH)), this.params.hP);
  }
  get taxable_income(): Dec {
    return decimal(this.reg.taxable, this.params.hP);
  }
  get ordinary_taxable_income(): Dec {
    return decimal(this.reg.ordinaryPart, this.params.hP);
  }
  get qualified_taxable_income(): Dec {
    return decimal(this.reg.qualified, this.params.hP);
  }
  get bands(): PreferentialBands {
    const b = this.reg.bands;
    const hP = this.params.hP;
    return { at_0: decimal(b.at0, hP), at_15: decimal(b.at15, hP), at_20: decimal(b.at20, hP) };
  }
  get ordinary_tax(): Dec {
    return decimal(this.reg.ordinary, this.params.tP);
  }
  get capital_gains_tax(): Dec {
    return decimal(sub(this.reg.regular, this.reg.ordinary), this.params.tP);
  }
  get regular_tax(): Dec {
    return decimal(this.reg.regular, this.params.tP);
  }
  get niit(): Dec {
    return decimal(this.niitM, this.params.mP);
  }
  get additional_medicare_tax(): Dec {
    return decimal(this.medicareM, this.params.mP);
  }
  get total(): Dec {
    const sum = this.regular_tax.plus(this.niit).plus(this.additional_medicare_tax);
    return this.amt === undefined ? sum : sum.plus(this.amt.amt);
  }
}

/** The larger of `places` and the places `x` needs (when given). */
function morePlaces(places: number, x: number | undefined): number {
  if (x === undefined) return places;
  const k = placesOf(x);
  return k > places ? k : places;
}

/** The money places of a return: at least `least` (the table's, 2 or more), and each money input's. */
function placesOfIncome(least: number, input: HouseholdIncome): number {
  let P = morePlaces(least, input.ordinary_income);
  P = morePlaces(P, input.qualified_income);
  P = morePlaces(P, input.itemized_deductions);
  P = morePlaces(P, input.earned_income);
  P = morePlaces(P, input.net_investment_income);
  P = morePlaces(P, input.magi);
  if (input.amt_preferences !== undefined) {
    P = morePlaces(P, input.amt_preferences);
    if (input.itemized_deductions !== undefined) P = morePlaces(P, input.amt_itemized_addback);
  }
  return P;
}

/** The federal computation of `input` under `table`, exactly. */
export function federalOf(table: FederalTaxTable, input: HouseholdIncome): Federal {
  const entry = entryOf(table);
  const places = placesOfIncome(entry.shape.places, input);
  return new Federal(paramsIn(entry, table, input.filing_status, places), input);
}
