// Oracle copy of the decimal implementation (see federal-tax.ts in this folder).
import type * as z from 'zod/mini';
import cg from '../../../data/tax/capital-gains-rates.json';
import { Dec } from '../../../src/core/money';
import type { FilingStatus } from '../../../src/core/schema';
import { defineTable } from '../../../src/core/year-tables';
import type { CapitalGainsRatesSchema } from '../../../src/tax/_lib/tables';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';
import { type BracketSchedule, bracketSchedule, marginalOrdinaryRate, ordinaryTax } from './ordinary-tax';

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
const RATE_15 = new Dec(LTCG_RATES[1]);
const RATE_20 = new Dec(LTCG_RATES[2]);

/** How much of a stack of qualified income falls in each of the 0%, 15% and 20% bands. */
export interface PreferentialBands {
  readonly at_0: Dec;
  readonly at_15: Dec;
  readonly at_20: Dec;
}

/** The regular income tax (Qualified Dividends and Capital Gain Tax Worksheet), exact in decimal. */
export interface RegularTax {
  /** Tax on the ordinary part of taxable income (worksheet line 5), from the rate schedule. */
  readonly ordinary_tax: Dec;
  /** `regular_tax - ordinary_tax`: the tax attributable to qualified income. */
  readonly capital_gains_tax: Dec;
  /** The smaller of the preferential computation and the tax on all taxable income as ordinary. */
  readonly regular_tax: Dec;
  /** The 0/15/20 split of the qualified part of taxable income. */
  readonly bands: PreferentialBands;
  /** True when taxing everything as ordinary income was lower (worksheet line 25 takes line 24). */
  readonly ordinary_on_all: boolean;
}

function overlap(lo: Dec, hi: Dec, bandLo: number, bandHi: number | undefined): Dec {
  const top = bandHi === undefined ? hi : Dec.min(hi, bandHi);
  return Dec.max(top.minus(Dec.max(lo, bandLo)), 0);
}

/**
 * Split `gain` of qualified income stacked on top of `base` taxable income into the 0%, 15% and 20%
 * bands. The band edges are the table's `zero_rate_max` and `fifteen_rate_max`, measured on total
 * taxable income (IRC §1(j)(5)(B)); a band includes its upper edge.
 *
 * @example
 * ```ts
 * import { federalTable, preferentialBands } from 'finplan/tax';
 * const b = preferentialBands(federalTable(2025), 'single', 40_000, 20_000);
 * [b.at_0.toNumber(), b.at_15.toNumber(), b.at_20.toNumber()]; // [8350, 11650, 0]
 * ```
 */
export function preferentialBands(
  table: FederalTaxTable,
  status: FilingStatus,
  base: Dec | number,
  gain: Dec | number,
): PreferentialBands {
  const lo = Dec.max(new Dec(base), 0);
  const hi = lo.plus(Dec.max(new Dec(gain), 0));
  const zero = table.ltcg.zero_rate_max[status];
  const fifteen = table.ltcg.fifteen_rate_max[status];
  return {
    at_0: overlap(lo, hi, 0, zero),
    at_15: overlap(lo, hi, zero, fifteen),
    at_20: overlap(lo, hi, fifteen, undefined),
  };
}

/**
 * Tax on qualified income split into bands: 15% and 20% of the amounts in those bands.
 *
 * @example
 * ```ts
 * import { federalTable, preferentialBands, preferentialTax } from 'finplan/tax';
 * preferentialTax(preferentialBands(federalTable(2025), 'single', 40_000, 20_000)).toNumber(); // 1747.5
 * ```
 */
export function preferentialTax(bands: PreferentialBands): Dec {
  return bands.at_15.times(RATE_15).plus(bands.at_20.times(RATE_20));
}

/**
 * The rate on the next dollar of qualified income stacked on `taxable` total taxable income: 0%, 15%
 * or 20% (a total exactly at a band's top puts the next dollar in the band above).
 *
 * @example
 * ```ts
 * import { federalTable, marginalGainRate } from 'finplan/tax';
 * marginalGainRate(federalTable(2025), 'single', 48_350); // 0.15
 * ```
 */
export function marginalGainRate(
  table: FederalTaxTable,
  status: FilingStatus,
  taxable: Dec | number,
): number {
  // on the exact value, never its nearest double (within 1e-11 of an edge the double can land on it)
  const x = new Dec(taxable);
  if (x.lt(table.ltcg.zero_rate_max[status])) return LTCG_RATES[0];
  if (x.lt(table.ltcg.fifteen_rate_max[status])) return LTCG_RATES[1];
  return LTCG_RATES[2];
}

/** Start of the first ordinary bracket whose rate is at least `rate` (Infinity if none). */
function firstBracketAtLeast(schedule: BracketSchedule, rate: number): number {
  const k = schedule.rates.findIndex((r) => r >= rate);
  return k < 0 ? Number.POSITIVE_INFINITY : (schedule.thresholds[k] as number);
}

/**
 * Whether taxing the gains as ordinary income could be cheaper (worksheet line 25): only where a gain
 * dollar's band rate exceeds the ordinary rate at its place in the stack, i.e. where the stack
 * [ordinary part, taxable income] reaches into the 15% band below the first 15%+ bracket, or into the
 * 20% band below the first 20%+ bracket. Skipping the second schedule lookup otherwise saves time in
 * loops; the result is the same.
 */
function lineTwentyFiveCanBind(
  table: FederalTaxTable,
  status: FilingStatus,
  schedule: BracketSchedule,
  ordinaryPart: Dec,
  taxable: Dec,
): boolean {
  const zero = table.ltcg.zero_rate_max[status];
  const fifteen = table.ltcg.fifteen_rate_max[status];
  const cheap15 = Math.min(fifteen, firstBracketAtLeast(schedule, LTCG_RATES[1]));
  const cheap20 = firstBracketAtLeast(schedule, LTCG_RATES[2]);
  return (taxable.gt(zero) && ordinaryPart.lt(cheap15)) || (taxable.gt(fifteen) && ordinaryPart.lt(cheap20));
}

/**
 * Regular income tax on `taxable` income of which `qualified` is qualified dividends and net long-term
 * capital gain, by the 2024-2026 Qualified Dividends and Capital Gain Tax Worksheet: the qualified part
 * (capped at taxable income) is stacked on the ordinary part and taxed at 0/15/20%; the ordinary part
 * goes through the rate schedule; the result is the smaller of that and the tax on all taxable income
 * as ordinary (worksheet lines 23-25). The 25% and 28% gain categories are not modeled.
 *
 * @example
 * ```ts
 * import { federalTable, regularTax } from 'finplan/tax';
 * // 2026 single, 70,000 of income (10,000 qualified) less the 16,100 standard deduction:
 * regularTax(federalTable(2026), 'single', 53_900, 10_000).regular_tax.toNumber(); // 5687.5
 * ```
 */
export function regularTax(
  table: FederalTaxTable,
  status: FilingStatus,
  taxable: Dec | number,
  qualified: Dec | number,
  schedule: BracketSchedule = bracketSchedule(table, status),
): RegularTax {
  const ti = Dec.max(new Dec(taxable), 0);
  const q = Dec.min(Dec.max(new Dec(qualified), 0), ti);
  const ordinaryPart = ti.minus(q);
  const ordinary = ordinaryTax(schedule, ordinaryPart);
  const bands = preferentialBands(table, status, ordinaryPart, q);
  const preferential = ordinary.plus(preferentialTax(bands));
  if (q.isZero()) {
    return {
      ordinary_tax: ordinary,
      capital_gains_tax: new Dec(0),
      regular_tax: ordinary,
      bands,
      ordinary_on_all: false,
    };
  }
  const allOrdinary = lineTwentyFiveCanBind(table, status, schedule, ordinaryPart, ti)
    ? ordinaryTax(schedule, ti)
    : undefined;
  const ordinaryOnAll = allOrdinary?.lt(preferential) === true;
  const regular = ordinaryOnAll ? (allOrdinary as Dec) : preferential;
  return {
    ordinary_tax: ordinary,
    capital_gains_tax: regular.minus(ordinary),
    regular_tax: regular,
    bands,
    ordinary_on_all: ordinaryOnAll,
  };
}

/**
 * The rate of regular tax on one more dollar of qualified income, given a {@link regularTax} result:
 * the 0/15/20 band rate at the top of taxable income, or the ordinary bracket rate there when the
 * worksheet taxed everything as ordinary income.
 *
 * @example
 * ```ts
 * import { federalTable, marginalRegularGainRate, regularTax } from 'finplan/tax';
 * const t = federalTable(2025);
 * marginalRegularGainRate(t, 'single', 100_000, regularTax(t, 'single', 100_000, 30_000)); // 0.15
 * ```
 */
export function marginalRegularGainRate(
  table: FederalTaxTable,
  status: FilingStatus,
  taxable: Dec | number,
  regular: RegularTax,
): number {
  return regular.ordinary_on_all
    ? marginalOrdinaryRate(bracketSchedule(table, status), taxable)
    : marginalGainRate(table, status, taxable);
}
