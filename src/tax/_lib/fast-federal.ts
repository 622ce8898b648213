/**
 * The federal computation of `federal-tax.ts` (regular tax with the qualified-income worksheet, the
 * deductions, NIIT, additional Medicare tax, Form 6251) in exact scaled integers held in float64:
 * the same figures as the decimal implementation, to the last digit, about 100 times faster.
 *
 * Units (every one an integer count):
 * - `c`: cents. The money inputs, the NIIT and Medicare bases.
 * - `h`: 1/100 of a cent (10^-4 dollars). Incomes, deductions, taxable income, bracket amounts: the
 *   senior deduction's 6% phase-out of a cent amount is a multiple of 10^-4.
 * - `t`: 10^-6 dollars. Ordinary and capital gains taxes (`h` x a whole-percent rate), the AMT
 *   exemption and taxable excess (`h` x the whole-percent phase-out rate).
 * - `m`: 10^-5 dollars. NIIT and additional Medicare tax (`c` x a per-mille rate: 3.8%, 0.9%).
 * - `e`: 10^-8 dollars. Form 6251 rate taxes (`t` x 26% / 28% / 15% / 20%).
 *
 * Proved exact (all integers below 2^53) when: every money input is a cent amount (see `centsOf`),
 * |ordinary| + |qualified| <= $2e10 (taxable income <= 2e14 h, times 37 < 2^53), itemized deductions
 * in [0, $2e10], the other inputs below $1e12 (the schemas' bound); and for the AMT, AMTI, qualified
 * income and taxable income within $2e8 (taxable excess <= 2e14 t, times 28 < 2^53). Each table is
 * checked once: whole-dollar thresholds and amounts, whole-percent bracket, gain, phase-out and AMT
 * rates, per-mille NIIT and Medicare rates (every 2024-2026 table qualifies). Anything else goes to
 * the decimal implementation (`fastFederal` returns undefined; the AMT alone may fall back).
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { type Amt, alternativeMinimumTax } from '../amt';
import { LTCG_RATES, type PreferentialBands } from '../capital-gains-tax';
import { SENIOR_AGE, type StandardDeduction } from '../deductions';
import type { FederalTaxTable } from '../federal-tables';
import type { FederalTax, FederalTaxInput } from '../federal-tax';
import { type BracketSchedule, bracketSchedule } from '../ordinary-tax';
import { centsOf, decOf, scaledOf } from './cents';

/** Bound on |ordinary| + |qualified| and on itemized deductions, in cents ($2e10). */
const GROSS_LIMIT_C = 2e12;
/** Bound on MAGI, earned income and net investment income, in cents ($1e12, the schemas' bound). */
const OTHER_LIMIT_C = 1e14;
/** Bound on AMTI, qualified and taxable income for the fast AMT, in cents ($2e8). */
const AMT_LIMIT_C = 2e10;

/** Form 6251 figures of one table and status, scaled. */
interface AmtParams {
  /** Exemption, in t. */
  readonly exemption: number;
  /** Phase-out start, in h. */
  readonly start: number;
  /** Phase-out rate, whole percent. */
  readonly phaseout: number;
  /** 26/28% breakpoint, in t. */
  readonly breakpoint: number;
  readonly low: number;
  readonly high: number;
  /** zero_rate_max and fifteen_rate_max, in t. */
  readonly zero: number;
  readonly fifteen: number;
  /** The 15% and 20% gain rates, whole percent. */
  readonly pct15: number;
  readonly pct20: number;
}

/** One table and status, scaled for the fast path (built once, cached). */
export interface FastParams {
  readonly table: FederalTaxTable;
  readonly status: FilingStatus;
  readonly schedule: BracketSchedule;
  /** Bracket starts, in h. */
  readonly thr: readonly number[];
  /** Bracket rates, whole percent. */
  readonly pct: readonly number[];
  /** Tax on income of exactly `thr[i]`, in t. */
  readonly base: readonly number[];
  /** zero_rate_max and fifteen_rate_max, in h. */
  readonly zero: number;
  readonly fifteen: number;
  readonly pct15: number;
  readonly pct20: number;
  /** Start of the first bracket at 15% or more / 20% or more, capped as in `lineTwentyFiveCanBind`, in h. */
  readonly cheap15: number;
  readonly cheap20: number;
  readonly stdBasic: number;
  readonly stdEach: number;
  /** Senior deduction: amount per person in h, phase-out rate in whole percent, start in cents (NaN: none). */
  readonly seniorAmount: number;
  readonly seniorPct: number;
  readonly seniorStart: number;
  /** NIIT and Medicare: thresholds in cents, rates per mille. */
  readonly niitThr: number;
  readonly niitPm: number;
  readonly medThr: number;
  readonly medPm: number;
  readonly amt: AmtParams | undefined;
}

function whole(x: number | null | undefined): number {
  return typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= 1e9 ? x : Number.NaN;
}

function pctOf(rate: number): number {
  const p = scaledOf(rate, 2);
  return p >= 0 && p <= 100 ? p : Number.NaN;
}

function pmOf(rate: number): number {
  const p = scaledOf(rate, 3);
  return p >= 0 && p <= 1000 ? p : Number.NaN;
}

function allFinite(values: readonly number[]): boolean {
  for (const v of values) if (Number.isNaN(v)) return false;
  return true;
}

function amtParams(
  table: FederalTaxTable,
  status: FilingStatus,
  zero: number,
  fifteen: number,
): AmtParams | undefined {
  const a = table.amt;
  const [low, high] = a.rates as [number, number];
  const values = [
    whole(a.exemption[status]),
    whole(a.phaseout_start[status]),
    pctOf(a.phaseout_rate),
    whole(a.rate_breakpoint[status]),
    pctOf(low),
    pctOf(high),
  ] as const;
  if (a.rates.length !== 2 || !allFinite(values)) return undefined;
  return {
    exemption: values[0] * 1e6,
    start: values[1] * 1e4,
    phaseout: values[2],
    breakpoint: values[3] * 1e6,
    low: values[4],
    high: values[5],
    zero: zero * 1e6,
    fifteen: fifteen * 1e6,
    pct15: pctOf(LTCG_RATES[1]),
    pct20: pctOf(LTCG_RATES[2]),
  };
}

function buildParams(table: FederalTaxTable, status: FilingStatus): FastParams | undefined {
  const rates = table.ordinary_brackets.rates;
  const thresholds = table.ordinary_brackets.thresholds[status];
  const pct = rates.map(pctOf);
  const thrDollars = thresholds.map(whole);
  if (rates.length !== thresholds.length || rates.length === 0 || thresholds[0] !== 0) return undefined;
  if (!allFinite(pct) || !allFinite(thrDollars)) return undefined;
  for (let i = 1; i < thrDollars.length; i++) {
    if ((thrDollars[i] as number) <= (thrDollars[i - 1] as number)) return undefined;
  }
  const base = [0];
  for (let i = 1; i < thrDollars.length; i++) {
    const width = (thrDollars[i] as number) - (thrDollars[i - 1] as number);
    base.push((base[i - 1] as number) + width * (pct[i - 1] as number) * 1e4);
  }
  const zero = whole(table.ltcg.zero_rate_max[status]);
  const fifteen = whole(table.ltcg.fifteen_rate_max[status]);
  const pct15 = pctOf(LTCG_RATES[1]);
  const pct20 = pctOf(LTCG_RATES[2]);
  const senior = table.senior_deduction;
  const start = senior?.phaseout_start[status];
  // null (or no senior deduction in the table): none for this status; a non-whole start: no fast path.
  const seniorStart = start === null || start === undefined ? Number.NaN : whole(start);
  if (start !== null && start !== undefined && Number.isNaN(seniorStart)) return undefined;
  const seniorAmount = senior === undefined ? 0 : whole(senior.amount_per_person);
  const seniorPct = senior === undefined ? 0 : pctOf(senior.phaseout_rate);
  const scalars = [
    zero,
    fifteen,
    pct15,
    pct20,
    LTCG_RATES[0] === 0 ? 0 : Number.NaN,
    whole(table.standard_deduction[status]),
    whole(table.additional_standard_deduction.unmarried),
    whole(table.additional_standard_deduction.married),
    seniorAmount,
    seniorPct,
    whole(table.niit.threshold[status]),
    pmOf(table.niit.rate),
    whole(table.additional_medicare.threshold[status]),
    pmOf(table.additional_medicare.rate),
  ];
  if (!allFinite(scalars)) return undefined;
  const firstAtLeast = (rate: number) => {
    const k = rates.findIndex((r) => r >= rate);
    return k < 0 ? Number.POSITIVE_INFINITY : (thrDollars[k] as number) * 1e4;
  };
  return {
    table,
    status,
    schedule: bracketSchedule(table, status),
    thr: thrDollars.map((t) => t * 1e4),
    pct,
    base,
    zero: zero * 1e4,
    fifteen: fifteen * 1e4,
    pct15,
    pct20,
    cheap15: Math.min(fifteen * 1e4, firstAtLeast(LTCG_RATES[1])),
    cheap20: firstAtLeast(LTCG_RATES[2]),
    stdBasic: table.standard_deduction[status],
    stdEach:
      status === 'single' || status === 'hoh'
        ? table.additional_standard_deduction.unmarried
        : table.additional_standard_deduction.married,
    seniorAmount: seniorAmount * 1e4,
    seniorPct,
    seniorStart: seniorStart * 100,
    niitThr: table.niit.threshold[status] * 100,
    niitPm: pmOf(table.niit.rate),
    medThr: table.additional_medicare.threshold[status] * 100,
    medPm: pmOf(table.additional_medicare.rate),
    amt: amtParams(table, status, zero, fifteen),
  };
}

const STATUS_INDEX: Readonly<Record<FilingStatus, number>> = { single: 0, mfj: 1, mfs: 2, hoh: 3, qss: 4 };
const cache = new WeakMap<FederalTaxTable, (FastParams | null)[]>();

/**
 * The scaled figures of `table` for `status`, or undefined when the table has a figure the fast path
 * cannot hold exactly (a non-whole-dollar threshold, a rate finer than a percent, ...).
 */
export function fastParams(table: FederalTaxTable, status: FilingStatus): FastParams | undefined {
  let byStatus = cache.get(table);
  if (byStatus === undefined) {
    byStatus = [];
    cache.set(table, byStatus);
  }
  const i = STATUS_INDEX[status];
  let params = byStatus[i];
  if (params === undefined) {
    params = buildParams(table, status) ?? null;
    byStatus[i] = params;
  }
  return params ?? undefined;
}

/** Index of the bracket of the next dollar above `x` (h): as `bracketIndex`. */
export function fastBracketIndex(p: FastParams, x: number): number {
  const t = p.thr;
  let k = 0;
  while (k + 1 < t.length && x >= (t[k + 1] as number)) k++;
  return k;
}

/** Tax on `x` (h) of ordinary income, in t: as `ordinaryTax`. */
export function fastOrdinaryTax(p: FastParams, x: number): number {
  if (x <= 0) return 0;
  const k = fastBracketIndex(p, x);
  return (p.base[k] as number) + (x - (p.thr[k] as number)) * (p.pct[k] as number);
}

function overlap(lo: number, hi: number, bandLo: number, bandHi: number): number {
  const top = hi < bandHi ? hi : bandHi;
  const d = top - (lo > bandLo ? lo : bandLo);
  return d > 0 ? d : 0;
}

/** The regular tax of `taxable` (h, >= 0) with `q` (h, in [0, taxable]) of qualified income. */
export class FastRegular {
  /** Ordinary part of taxable income, in h. */
  readonly ordinaryPart: number;
  /** 0/15/20 bands of the qualified part, in h. */
  readonly at0: number;
  readonly at15: number;
  readonly at20: number;
  /** In t. */
  readonly ordinary: number;
  readonly regular: number;
  readonly ordinaryOnAll: boolean;

  constructor(p: FastParams, taxable: number, q: number) {
    const ordinaryPart = taxable - q;
    const ordinary = fastOrdinaryTax(p, ordinaryPart);
    const lo = ordinaryPart > 0 ? ordinaryPart : 0;
    const hi = lo + q;
    this.ordinaryPart = ordinaryPart;
    this.at0 = overlap(lo, hi, 0, p.zero);
    this.at15 = overlap(lo, hi, p.zero, p.fifteen);
    this.at20 = overlap(lo, hi, p.fifteen, Number.POSITIVE_INFINITY);
    this.ordinary = ordinary;
    const preferential = ordinary + this.at15 * p.pct15 + this.at20 * p.pct20;
    let regular = preferential;
    let onAll = false;
    if (q !== 0) {
      const canBind =
        (taxable > p.zero && ordinaryPart < p.cheap15) || (taxable > p.fifteen && ordinaryPart < p.cheap20);
      if (canBind) {
        const all = fastOrdinaryTax(p, taxable);
        if (all < preferential) {
          regular = all;
          onAll = true;
        }
      }
    }
    this.regular = regular;
    this.ordinaryOnAll = onAll;
  }
}

/** Ordinary rate of the next dollar above `x` (h): as `marginalOrdinaryRate`. */
function marginalOrdinary(p: FastParams, x: number): number {
  return p.schedule.rates[fastBracketIndex(p, x > 0 ? x : 0)] as number;
}

/** Rate of the next dollar of gain above `x` (h): as `marginalGainRate`. */
export function fastMarginalGain(p: FastParams, x: number): number {
  if (x < p.zero) return LTCG_RATES[0];
  if (x < p.fifteen) return LTCG_RATES[1];
  return LTCG_RATES[2];
}

function rateTax(a: AmtParams, x: number): number {
  const v = x > 0 ? x : 0;
  const lowPart = v < a.breakpoint ? v : a.breakpoint;
  const highPart = v - a.breakpoint;
  return lowPart * a.low + (highPart > 0 ? highPart * a.high : 0);
}

const min = (a: number, b: number) => (a < b ? a : b);
const max0 = (a: number) => (a > 0 ? a : 0);

/** Form 6251 in scaled integers; the decimal views are built on demand. */
class FastAmt implements Amt {
  /** h */ readonly _amti: number;
  /** t */ readonly _exemption: number;
  /** t */ readonly _excess: number;
  /** e */ readonly _tmt: number;
  /** t */ readonly _regular: number;
  /** e */ readonly amtE: number;

  constructor(a: AmtParams, amti: number, qualified: number, ordinaryTaxable: number, regular: number) {
    this._amti = amti;
    this._regular = regular;
    const over = max0(amti - a.start);
    const exemption = max0(a.exemption - over * a.phaseout);
    const e = max0(amti * 100 - exemption);
    this._exemption = exemption;
    this._excess = e;
    // Part III (see amt.ts partIII), in t; taxes in e.
    const line13 = qualified * 100;
    const line16 = min(e, line13);
    const line18 = rateTax(a, e - line16);
    const line20 = ordinaryTaxable * 100;
    const line21 = max0(a.zero - line20);
    const line22 = line16;
    const line23 = min(line21, line22);
    const line24 = line22 - line23;
    const line29 = max0(a.fifteen - (line21 + line20));
    const line30 = min(line24, line29);
    const line33 = line22 - (line23 + line30);
    const line38 = line18 + line30 * a.pct15 + line33 * a.pct20;
    const line39 = rateTax(a, e);
    const tmt = min(line38, line39);
    this._tmt = tmt;
    this.amtE = max0(tmt - regular * 100);
  }
  get amti(): Dec {
    return decOf(this._amti, 4);
  }
  get exemption(): Dec {
    return decOf(this._exemption, 6);
  }
  get taxable_excess(): Dec {
    return decOf(this._excess, 6);
  }
  get tentative_minimum_tax(): Dec {
    return decOf(this._tmt, 8);
  }
  get regular_tax(): Dec {
    return decOf(this._regular, 6);
  }
  get amt(): Dec {
    return decOf(this.amtE, 8);
  }
}

/**
 * A federal computation in scaled integers (the unit of each field is in its name's comment). It is
 * also a {@link FederalTax}: the decimal fields are getters that build the exact decimal on demand.
 */
export class FastFederal implements FederalTax {
  readonly params: FastParams;
  /** c */ readonly grossC: number;
  readonly deduction_type: 'standard' | 'itemized';
  /** Number of §63(f) additional amounts. */
  readonly additionalCount: number;
  /** The standard deduction, in dollars. */
  readonly standardTotal: number;
  /** h */ readonly deductionH: number;
  /** h */ readonly seniorH: number;
  /** h: gross - deduction - senior deduction, before the floor at zero. */
  readonly beforeFloorH: number;
  /** h */ readonly taxableH: number;
  /** h */ readonly qualifiedTaxableH: number;
  readonly reg: FastRegular;
  /** m */ readonly niitM: number;
  /** m */ readonly medicareM: number;
  readonly marginal_ordinary_rate: number;
  readonly marginal_capital_gains_rate: number;
  declare readonly amt?: Amt;

  constructor(
    p: FastParams,
    grossC: number,
    itemizedC: number,
    additionalCount: number,
    seniorH: number,
    qc: number,
    niitM: number,
    medicareM: number,
  ) {
    this.params = p;
    this.grossC = grossC;
    const itemized = !Number.isNaN(itemizedC);
    this.deduction_type = itemized ? 'itemized' : 'standard';
    this.additionalCount = additionalCount;
    const standardTotal = p.stdBasic + additionalCount * p.stdEach;
    this.standardTotal = standardTotal;
    const deductionH = itemized ? itemizedC * 100 : standardTotal * 1e4;
    this.deductionH = deductionH;
    this.seniorH = seniorH;
    const beforeFloor = grossC * 100 - deductionH - seniorH;
    this.beforeFloorH = beforeFloor;
    const taxable = max0(beforeFloor);
    this.taxableH = taxable;
    const q = min(max0(qc * 100), taxable);
    this.qualifiedTaxableH = q;
    const reg = new FastRegular(p, taxable, q);
    this.reg = reg;
    this.niitM = niitM;
    this.medicareM = medicareM;
    const sheltered = beforeFloor < 0;
    this.marginal_ordinary_rate = sheltered ? 0 : marginalOrdinary(p, taxable - q);
    this.marginal_capital_gains_rate = sheltered
      ? 0
      : reg.ordinaryOnAll
        ? marginalOrdinary(p, taxable)
        : fastMarginalGain(p, taxable);
  }

  get standard_deduction(): StandardDeduction {
    const p = this.params;
    const additional = this.additionalCount * p.stdEach;
    return {
      basic: p.stdBasic,
      additional_count: this.additionalCount,
      additional,
      total: p.stdBasic + additional,
    };
  }
  get schedule(): BracketSchedule {
    return this.params.schedule;
  }
  get gross_income(): Dec {
    return decOf(this.grossC, 2);
  }
  get deduction(): Dec {
    return decOf(this.deductionH, 4);
  }
  get senior_deduction(): Dec {
    return decOf(this.seniorH, 4);
  }
  get unused_deduction(): Dec {
    return decOf(max0(-this.beforeFloorH), 4);
  }
  get taxable_income(): Dec {
    return decOf(this.taxableH, 4);
  }
  get ordinary_taxable_income(): Dec {
    return decOf(this.taxableH - this.qualifiedTaxableH, 4);
  }
  get qualified_taxable_income(): Dec {
    return decOf(this.qualifiedTaxableH, 4);
  }
  get bands(): PreferentialBands {
    return { at_0: decOf(this.reg.at0, 4), at_15: decOf(this.reg.at15, 4), at_20: decOf(this.reg.at20, 4) };
  }
  get ordinary_tax(): Dec {
    return decOf(this.reg.ordinary, 6);
  }
  get capital_gains_tax(): Dec {
    return decOf(this.reg.regular - this.reg.ordinary, 6);
  }
  get regular_tax(): Dec {
    return decOf(this.reg.regular, 6);
  }
  get niit(): Dec {
    return decOf(this.niitM, 5);
  }
  get additional_medicare_tax(): Dec {
    return decOf(this.medicareM, 5);
  }
  get total(): Dec {
    const sum = this.regular_tax.plus(this.niit).plus(this.additional_medicare_tax);
    return this.amt === undefined ? sum : sum.plus(this.amt.amt);
  }
}

function optionalCents(x: number | undefined, fallback: number): number {
  return x === undefined ? fallback : centsOf(x);
}

/** The inputs of {@link fastFederalOf}: a {@link FederalTaxInput} without the table and status. */
export type FastFederalInput = Omit<FederalTaxInput, 'table' | 'filing_status'>;

/**
 * {@link FastFederal} for `input`, or undefined when an input or the table is outside what the fast
 * path proves exact (the caller then runs the decimal implementation).
 */
export function fastFederal(input: FederalTaxInput): FastFederal | undefined {
  const p = fastParams(input.table, input.filing_status);
  return p === undefined ? undefined : fastFederalOf(p, input);
}

/** {@link fastFederal} with the table and status already resolved to their {@link FastParams}. */
export function fastFederalOf(p: FastParams, input: FastFederalInput): FastFederal | undefined {
  const oc = centsOf(input.ordinary_income);
  const qc = centsOf(input.qualified_income);
  const grossC = oc + qc;
  // NaN fails every comparison: a non-cent input lands here.
  if (!(Math.abs(oc) + Math.abs(qc) <= GROSS_LIMIT_C)) return undefined;
  const itemizedC = input.itemized_deductions === undefined ? Number.NaN : centsOf(input.itemized_deductions);
  if (input.itemized_deductions !== undefined && !(itemizedC >= 0 && itemizedC <= GROSS_LIMIT_C)) {
    return undefined;
  }
  const magiC = optionalCents(input.magi, grossC);
  const earnedC = optionalCents(input.earned_income, oc);
  const niiC = optionalCents(input.net_investment_income, qc);
  // Below $1e12 (the schemas' bound): the NIIT and Medicare products stay below 2^53.
  if (
    !(Math.abs(magiC) < OTHER_LIMIT_C && Math.abs(earnedC) < OTHER_LIMIT_C && Math.abs(niiC) < OTHER_LIMIT_C)
  ) {
    return undefined;
  }

  const status = p.status;
  const senior65 = input.age !== undefined && input.age >= SENIOR_AGE;
  const spouse65 = status === 'mfj' && input.spouse_age !== undefined && input.spouse_age >= SENIOR_AGE;
  let count = (senior65 ? 1 : 0) + (input.blind ? 1 : 0);
  if (status === 'mfj') count += (spouse65 ? 1 : 0) + (input.spouse_blind ? 1 : 0);

  let seniorH = 0;
  const seniors = (senior65 ? 1 : 0) + (spouse65 ? 1 : 0);
  if (seniors > 0 && !Number.isNaN(p.seniorStart)) {
    const each = max0(p.seniorAmount - max0(magiC - p.seniorStart) * p.seniorPct);
    seniorH = each * seniors;
  }
  const niitBase = min(max0(niiC), max0(magiC - p.niitThr));
  const medBase = max0(earnedC - p.medThr);
  const fed = new FastFederal(
    p,
    grossC,
    itemizedC,
    count,
    seniorH,
    qc,
    niitBase * p.niitPm,
    medBase * p.medPm,
  );

  if (input.amt_preferences !== undefined) {
    const itemized = input.itemized_deductions !== undefined;
    const addbackC = itemized ? centsOf(input.amt_itemized_addback ?? 0) : Number.NaN;
    const addbackH = itemized ? addbackC * 100 : fed.deductionH;
    const prefC = centsOf(input.amt_preferences);
    const amtiH = fed.beforeFloorH + addbackH + prefC * 100;
    const ordinaryTaxableH = max0(fed.taxableH - qc * 100);
    const a = p.amt;
    const limitH = AMT_LIMIT_C * 100;
    const amt =
      a !== undefined && Math.abs(amtiH) <= limitH && Math.abs(qc * 100) <= limitH && fed.taxableH <= limitH
        ? new FastAmt(a, amtiH, max0(qc * 100), ordinaryTaxableH, fed.reg.regular)
        : alternativeMinimumTax(p.table, status, {
            amti: decOf(fed.beforeFloorH, 4)
              .plus(itemized ? new Dec(input.amt_itemized_addback ?? 0) : fed.deduction)
              .plus(input.amt_preferences),
            qualified: input.qualified_income,
            ordinary_taxable: Dec.max(fed.taxable_income.minus(input.qualified_income), 0),
            regular_tax: fed.regular_tax,
          });
    (fed as { amt?: Amt }).amt = amt;
  }
  return fed;
}
