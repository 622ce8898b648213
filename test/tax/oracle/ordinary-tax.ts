// Oracle copy of the decimal implementation (see federal-tax.ts in this folder).
import { Dec } from '../../../src/core/money';
import type { FilingStatus } from '../../../src/core/schema';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';

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
  const rateDec = rates.map((rate) => new Dec(rate));
  const baseTax: Dec[] = [new Dec(0)];
  for (let i = 1; i < thresholds.length; i++) {
    const width = new Dec(thresholds[i] as number).minus(thresholds[i - 1] as number);
    baseTax.push((baseTax[i - 1] as Dec).plus(width.times(rateDec[i - 1] as Dec)));
  }
  return { rates, thresholds, rateDec, baseTax };
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
/**
 * `bracketIndex` on the exact value (the decimal compared with the thresholds, never its nearest
 * double: within 1e-11 of a threshold the double can land on it).
 */
export function exactIndex(schedule: BracketSchedule, income: Dec): number {
  const t = schedule.thresholds;
  let k = 0;
  while (k + 1 < t.length && income.gte(t[k + 1] as number)) k++;
  return k;
}

export function bracketIndex(schedule: BracketSchedule, income: number): number {
  const t = schedule.thresholds;
  let k = 0;
  while (k + 1 < t.length && income >= (t[k + 1] as number)) k++;
  return k;
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
  const x = new Dec(taxable);
  if (x.lte(0)) return new Dec(0);
  const k = exactIndex(schedule, x);
  return (schedule.baseTax[k] as Dec).plus(
    x.minus(schedule.thresholds[k] as number).times(schedule.rateDec[k] as Dec),
  );
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
  return schedule.rates[exactIndex(schedule, Dec.max(new Dec(taxable), 0))] as number;
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
  const x = Dec.max(new Dec(taxable), 0);
  const t = schedule.thresholds;
  const rows: BracketFill[] = [];
  for (let i = 0; i < t.length; i++) {
    const from = t[i] as number;
    const to = t[i + 1];
    let amount = Dec.max(x.minus(from), 0);
    if (to !== undefined) amount = Dec.min(amount, to - from);
    const rate = schedule.rates[i] as number;
    const tax = amount.times(schedule.rateDec[i] as Dec);
    rows.push(
      to === undefined
        ? { rate, from, taxed_amount: amount, tax }
        : { rate, from, to, taxed_amount: amount, tax },
    );
  }
  return rows;
}
