/**
 * `/v1/tax/bracket-room`, `/v1/tax/gain-harvesting` and `/v1/tax/tlh-benefit` on the exact
 * scaled-integer federal figures of `fast-federal.ts` (units: `c` cents, `h` 10^-4, `t` 10^-6, `m`
 * 10^-5 dollars). Each returns undefined outside the fast path (a non-cent amount, an amount over
 * $2e10, a table figure the fast path cannot hold), and the operation then runs its decimal
 * implementation; inside it the result is the decimal implementation's, to the last digit.
 *
 * @internal
 * @module
 */
import { Dec, roundMoney, roundRate } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import type { BracketRoomResult } from '../bracket-room';
import { federalTable } from '../federal-tables';
import type { GainHarvestingResult } from '../gain-harvesting';
import type { TlhBenefitResult } from '../tlh-benefit';
import { centsOf, dollars, roundDiv } from './cents';
import {
  type FastParams,
  FastRegular,
  fastBracketIndex,
  fastMarginalGain,
  fastOrdinaryTax,
  fastParams,
} from './fast-federal';

/** Bound on each money input, in cents ($2e10): band and bracket products stay below 2^53. */
const LIMIT_C = 2e12;
/** Bound on MAGI, in cents ($1e12, the schemas' bound). */
const MAGI_LIMIT_C = 1e14;

/** `x` in cents if it is a cent amount in [0, limit], else NaN. */
function boundedCents(x: number, limit = LIMIT_C): number {
  const c = centsOf(x);
  return c >= 0 && c <= limit ? c : Number.NaN;
}

/** h (10^-4 dollars) to dollars, rounded half up to cents. */
const hToDollars = (h: number) => dollars(roundDiv(h, 100));
/** t (10^-6 dollars) to dollars, rounded half up to cents. */
const tToDollars = (t: number) => dollars(roundDiv(t, 1e4));
const max0 = (a: number) => (a > 0 ? a : 0);
const min = (a: number, b: number) => (a < b ? a : b);

function overlap(lo: number, hi: number, bandLo: number, bandHi: number): number {
  const top = hi < bandHi ? hi : bandHi;
  const d = top - (lo > bandLo ? lo : bandLo);
  return d > 0 ? d : 0;
}

/** 15% and 20% of `gain` (h) stacked on `base` (h), in t: `preferentialTax(preferentialBands(...))`. */
function stackedGainTax(p: FastParams, base: number, gain: number): number {
  const lo = max0(base);
  const hi = lo + max0(gain);
  return overlap(lo, hi, p.zero, p.fifteen) * p.pct15 + overlap(lo, hi, p.fifteen, Infinity) * p.pct20;
}

/** The parsed `/v1/tax/bracket-room` input. */
interface BracketRoomParsed {
  readonly tax_year: number;
  readonly filing_status: FilingStatus;
  readonly taxable_income: number;
}

/** `/v1/tax/bracket-room`'s compute in exact scaled integers, or undefined outside the fast path. */
export function fastBracketRoom(input: BracketRoomParsed): BracketRoomResult | undefined {
  const p = fastParams(federalTable(input.tax_year), input.filing_status);
  const tiC = boundedCents(input.taxable_income);
  if (p === undefined || Number.isNaN(tiC)) return undefined;
  const ti = tiC * 100;
  const { rates, thresholds } = p.schedule;
  const thr = p.thr;
  const brackets: BracketRoomResult['brackets'] = [];
  for (let i = 0; i < thr.length; i++) {
    const from = thr[i] as number;
    const next = thr[i + 1];
    let amount = max0(ti - from);
    if (next !== undefined) amount = min(amount, next - from);
    const rate = rates[i] as number;
    const filled = hToDollars(amount);
    const tax = tToDollars(amount * (p.pct[i] as number));
    const fromDollars = thresholds[i] as number;
    brackets.push(
      next === undefined
        ? { rate, from: fromDollars, filled, tax }
        : {
            rate,
            from: fromDollars,
            to: thresholds[i + 1] as number,
            room_to_top: hToDollars(max0(next - ti)),
            filled,
            tax,
          },
    );
  }
  const current = fastBracketIndex(p, ti);
  const top = thr[current + 1];
  return {
    taxable_income: dollars(tiC),
    current_rate: rates[current] as number,
    ...(top === undefined ? {} : { room_in_current_bracket: hToDollars(top - ti) }),
    ordinary_tax: tToDollars(fastOrdinaryTax(p, ti)),
    brackets,
    ltcg_rate: fastMarginalGain(p, ti),
    ltcg_zero_room: hToDollars(max0(p.zero - ti)),
    ltcg_fifteen_room: hToDollars(max0(p.fifteen - (ti > p.zero ? ti : p.zero))),
  };
}

/** The parsed `/v1/tax/gain-harvesting` input. */
interface GainHarvestingParsed {
  readonly tax_year: number;
  readonly filing_status: FilingStatus;
  readonly taxable_income: number;
  readonly magi: number;
  readonly realize_amount: number;
}

/** roundRate of the few marginal rates (band rate + NIIT rate, added in float as the decimal path does). */
const roundedRates = new Map<number, number>();

function roundedRate(rate: number): number {
  let r = roundedRates.get(rate);
  if (r === undefined) {
    r = roundRate(rate);
    if (roundedRates.size < 64) roundedRates.set(rate, r);
  }
  return r;
}

/** `/v1/tax/gain-harvesting`'s compute in exact scaled integers, or undefined outside the fast path. */
export function fastGainHarvesting(input: GainHarvestingParsed): GainHarvestingResult | undefined {
  const table = federalTable(input.tax_year);
  const p = fastParams(table, input.filing_status);
  const tiC = boundedCents(input.taxable_income);
  const gainC = boundedCents(input.realize_amount);
  const magiC = boundedCents(input.magi, MAGI_LIMIT_C);
  if (p === undefined || Number.isNaN(tiC) || Number.isNaN(gainC) || Number.isNaN(magiC)) return undefined;
  const ti = tiC * 100;
  const gain = gainC * 100;
  const lo = ti;
  const hi = lo + gain;
  const at0 = overlap(lo, hi, 0, p.zero);
  const at15 = overlap(lo, hi, p.zero, p.fifteen);
  const at20 = overlap(lo, hi, p.fifteen, Infinity);
  const ltcgTaxC = roundDiv(at15 * p.pct15 + at20 * p.pct20, 1e4);
  // incrementalNiit: the part of the gain above the threshold, in cents, times the per-mille rate.
  const niitC = roundDiv((max0(magiC + gainC - p.niitThr) - max0(magiC - p.niitThr)) * p.niitPm, 1e3);
  const niitApplies = magiC + gainC >= p.niitThr;
  const marginal = fastMarginalGain(p, ti + gain) + (niitApplies ? table.niit.rate : 0);
  return {
    ltcg_zero_room: hToDollars(max0(p.zero - ti)),
    ltcg_fifteen_room: hToDollars(max0(p.fifteen - (ti > p.zero ? ti : p.zero))),
    realization: {
      amount_at_0: hToDollars(at0),
      amount_at_15: hToDollars(at15),
      amount_at_20: hToDollars(at20),
      ltcg_tax: dollars(ltcgTaxC),
      niit: dollars(niitC),
      total_tax: dollars(ltcgTaxC + niitC),
      marginal_rate: roundedRate(marginal),
    },
  };
}

/** The parsed `/v1/tax/tlh-benefit` input. */
interface TlhBenefitParsed {
  readonly tax_year: number;
  readonly filing_status: FilingStatus;
  readonly taxable_income: number;
  readonly harvestable_loss: number;
  readonly offsettable_gains: number;
  readonly growth_rate: number;
  readonly reinvestment_years: number;
}

/**
 * `/v1/tax/tlh-benefit`'s compute in exact scaled integers, or undefined outside the fast path. The
 * discounting of the recapture (a power of 1 + growth_rate) stays in decimal.
 */
export function fastTlhBenefit(input: TlhBenefitParsed, caveat: string): TlhBenefitResult | undefined {
  const p = fastParams(federalTable(input.tax_year), input.filing_status);
  const tiC = boundedCents(input.taxable_income);
  const lossC = boundedCents(input.harvestable_loss);
  const gainsC = boundedCents(input.offsettable_gains);
  if (p === undefined || Number.isNaN(tiC) || Number.isNaN(lossC) || Number.isNaN(gainsC)) return undefined;
  const limit = p.table.capital_loss_limit[p.status];
  if (!Number.isInteger(limit) || limit < 0 || limit > 1e9) return undefined;
  const gainsOffset = min(lossC, gainsC);
  const allowed = min(lossC - gainsOffset, limit * 100);
  const ordinaryOffset = min(allowed, max0(tiC - gainsOffset));
  const carryforward = lossC - gainsOffset - ordinaryOffset;

  const ti = tiC * 100;
  const before = new FastRegular(p, ti, min(gainsC * 100, ti)).regular;
  const tiAfter = max0(ti - (gainsOffset + ordinaryOffset) * 100);
  const after = new FastRegular(p, tiAfter, min((gainsC - gainsOffset) * 100, tiAfter)).regular;
  const savingC = roundDiv(before - after, 1e4);
  const recaptureC = roundDiv(stackedGainTax(p, ti, (gainsOffset + ordinaryOffset) * 100), 1e4);
  const saving = dollars(savingC);
  const recapture = dollars(recaptureC);
  // saving - recapture / (1 + g)^n, rounded: in decimal as before (no recapture: the saving itself).
  const npv =
    recaptureC === 0
      ? saving
      : roundMoney(
          new Dec(saving).minus(
            new Dec(recapture).div(new Dec(1 + input.growth_rate).pow(input.reinvestment_years)),
          ),
        );
  return {
    gains_offset: dollars(gainsOffset),
    ordinary_offset: dollars(ordinaryOffset),
    carryforward: dollars(carryforward),
    immediate_tax_saving: saving,
    future_tax_recapture: recapture,
    net_present_value: npv,
    wash_sale_caveat: caveat,
  };
}
