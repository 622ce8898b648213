/**
 * The ordinary rate schedules (IRC §1(j)): the tax on taxable income, the marginal rate and how income
 * fills each bracket.
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import type { Dec } from '../core/money';
import { type Int, mul } from './_lib/exact';
import {
  type BracketSchedule,
  bracketIndexIn,
  decimal,
  fillOf,
  maxPlaces,
  ordinaryTaxOf,
  placesOfAny,
  scaledOf,
  unitsOfAny,
} from './_lib/federal';

export { type BracketSchedule, bracketSchedule, scheduleFrom } from './_lib/federal';

/** One bracket's share of a tax computation. `to` is omitted for the top (unbounded) bracket. */
export interface BracketFill {
  readonly rate: number;
  readonly from: number;
  readonly to?: number;
  /** Taxable income taxed at `rate` (cent-exact decimal). */
  readonly taxed_amount: Dec;
  /** `rate x taxed_amount`, exact. */
  readonly tax: Dec;
}

/**
 * Index of the bracket whose rate applies to the next dollar above `income`: income exactly at a
 * threshold has filled the lower bracket, so its next dollar is in the higher one.
 *
 * @example
 * ```ts
 * import { bracketIndex, bracketSchedule, federalTable } from 'finplan/tax';
 * const s = bracketSchedule(federalTable(2025), 'single');
 * s.rates[bracketIndex(s, 11_925)]; // 0.12 (11,925 is the top of the 10% bracket)
 * s.rates[bracketIndex(s, 11_924)]; // 0.1
 * ```
 */
export function bracketIndex(schedule: BracketSchedule, income: number): number {
  return bracketIndexIn(schedule.thresholds, income);
}

/** `taxable` and the schedule in integers at the places both need (the tax at `places + R`). */
function scaled(schedule: BracketSchedule, taxable: Dec | number) {
  const places = Math.max(placesOfAny(taxable), maxPlaces(schedule.thresholds, 0));
  const { s, R } = scaledOf(schedule, places);
  return { s, places, R, x: unitsOfAny(taxable, places) };
}

/**
 * Tax on `taxable` ordinary income, exact in decimal: `baseTax[k] + rate[k] x (taxable - threshold[k])`
 * (the IRS Tax Computation Worksheet form; the Tax Table's $50 bands under $100,000 are not used).
 * Zero for zero or negative income.
 *
 * @example
 * ```ts
 * import { bracketSchedule, federalTable, ordinaryTax } from 'finplan/tax';
 * const s = bracketSchedule(federalTable(2025), 'single');
 * ordinaryTax(s, 50_000).toNumber(); // 5914: 1,192.50 + 12% x 36,550 + 22% x 1,525
 * ```
 */
export function ordinaryTax(schedule: BracketSchedule, taxable: Dec | number): Dec {
  const { s, places, R, x } = scaled(schedule, taxable);
  return decimal(ordinaryTaxOf(s, x), places + R);
}

/**
 * The rate on the next dollar of ordinary taxable income above `taxable` (the bracket rate; phase-outs
 * are not included).
 *
 * @example
 * ```ts
 * import { bracketSchedule, federalTable, marginalOrdinaryRate } from 'finplan/tax';
 * marginalOrdinaryRate(bracketSchedule(federalTable(2025), 'mfj'), 100_000); // 0.22
 * ```
 */
export function marginalOrdinaryRate(schedule: BracketSchedule, taxable: Dec | number): number {
  const x = typeof taxable === 'number' ? taxable : taxable.toNumber();
  return schedule.rates[bracketIndex(schedule, Math.max(0, x))] as number;
}

/**
 * How `taxable` ordinary income fills every bracket, lowest first (brackets above the income have a
 * zero `taxed_amount`). The fills' taxes add up exactly to {@link ordinaryTax}.
 *
 * @example
 * ```ts
 * import { bracketFills, bracketSchedule, federalTable } from 'finplan/tax';
 * const rows = bracketFills(bracketSchedule(federalTable(2025), 'single'), 50_000);
 * rows[2]?.taxed_amount.toNumber(); // 1525 (22% bracket from 48,475)
 * ```
 */
export function bracketFills(schedule: BracketSchedule, taxable: Dec | number): BracketFill[] {
  const { s, places, R, x } = scaled(schedule, taxable);
  const t = schedule.thresholds;
  const rows: BracketFill[] = [];
  for (let i = 0; i < t.length; i++) {
    const from = t[i] as number;
    const to = t[i + 1];
    const amount = fillOf(s, x, i);
    const rate = schedule.rates[i] as number;
    const taxed_amount = decimal(amount, places);
    const tax = decimal(mul(amount, s.pct[i] as Int), places + R);
    rows.push(to === undefined ? { rate, from, taxed_amount, tax } : { rate, from, to, taxed_amount, tax });
  }
  return rows;
}
