/**
 * The regular tax with qualified dividends and long-term gains (IRC §1(h), the Qualified Dividends
 * and Capital Gain Tax Worksheet): the 0/15/20% bands and the marginal rate of the next gain dollar.
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import type { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import { type Int, sub } from './_lib/exact';
import {
  Bands,
  type BracketSchedule,
  decimal,
  type FederalParams,
  federalParams,
  gainTaxOf,
  LTCG_RATES,
  marginalGainOf,
  marginalRegularGainOf,
  maxPlaces,
  type PreferentialBands,
  placesFor,
  placesOfAny,
  Regular,
  unitsOfAny,
} from './_lib/federal';
import type { FederalTaxTable } from './federal-tables';

export { LTCG_RATES, type PreferentialBands } from './_lib/federal';

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

/** The table's params at the places the amounts need, and the amounts in h. */
function inH(table: FederalTaxTable, status: FilingStatus, ...amounts: (Dec | number)[]) {
  const p = federalParams(table, status, placesFor(table, ...amounts));
  return { p, h: amounts.map((a) => unitsOfAny(a, p.hP)) };
}

function bandsDec(p: FederalParams, b: Bands): PreferentialBands {
  return { at_0: decimal(b.at0, p.hP), at_15: decimal(b.at15, p.hP), at_20: decimal(b.at20, p.hP) };
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
  const { p, h } = inH(table, status, base, gain);
  return bandsDec(p, new Bands(p, h[0] as Int, h[1] as Int));
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
  const places = Math.max(placesOfAny(bands.at_15), placesOfAny(bands.at_20));
  const R = maxPlaces(LTCG_RATES, 0);
  const rate = (x: number) => unitsOfAny(x, R);
  const tax = gainTaxOf(
    unitsOfAny(bands.at_15, places),
    unitsOfAny(bands.at_20, places),
    rate(LTCG_RATES[1]),
    rate(LTCG_RATES[2]),
  );
  return decimal(tax, places + R);
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
  const { p, h } = inH(table, status, taxable);
  return marginalGainOf(p, h[0] as Int);
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
  _schedule?: BracketSchedule,
): RegularTax {
  const { p, h } = inH(table, status, taxable, qualified);
  const reg = new Regular(p, h[0] as Int, h[1] as Int);
  return {
    ordinary_tax: decimal(reg.ordinary, p.tP),
    capital_gains_tax: decimal(sub(reg.regular, reg.ordinary), p.tP),
    regular_tax: decimal(reg.regular, p.tP),
    bands: bandsDec(p, reg.bands),
    ordinary_on_all: reg.ordinaryOnAll,
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
  const { p, h } = inH(table, status, taxable);
  return marginalRegularGainOf(p, h[0] as Int, regular.ordinary_on_all);
}
