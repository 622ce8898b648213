/**
 * The year-by-year series of an evaluated plan, ready for charts and the result: one array per
 * quantity, entry t for plan year t, snake_case names, money rounded to cents (start-year dollars).
 *
 * @internal
 * @module
 */
import { roundMoney } from '../../core/rounding';
import type { AccountKind, Timeline, YearRecord } from './types';

/** One amount per account kind. */
export interface ByKind<T> {
  readonly taxable: T;
  readonly tax_deferred: T;
  readonly roth: T;
  readonly hsa: T;
}

/** The account kinds in the order charts stack them (the balancing order of the accounting). */
export const ACCOUNT_KINDS: readonly AccountKind[] = ['taxable', 'tax_deferred', 'roth', 'hsa'];

/** The plan year by year (start-year dollars, to the cent). */
export interface PlanSeries {
  /** Calendar year of each plan year. */
  readonly year: number[];
  /** `ages[p][t]`: person p's age at the end of year t (year - birth year, also after a death). */
  readonly ages: number[][];
  /** `alive[p][t]`: person p is alive in year t. */
  readonly alive: boolean[][];
  /** Balances at the start of each year, before its flows, summed by account kind. */
  readonly balances: ByKind<number[]>;
  /** Withdrawals made in each year (RMDs and the balancing draw included), by account kind. */
  readonly withdrawals: ByKind<number[]>;
  /** Roth conversions of each year, all people. */
  readonly conversions: number[];
  /** Income by source. */
  readonly income: {
    readonly wages: number[];
    readonly pensions: number[];
    readonly social_security: number[];
  };
  /** Federal income tax + NIIT + additional Medicare tax. */
  readonly federal_tax: number[];
  readonly state_tax: number[];
  /** IRMAA surcharges paid in the year. */
  readonly irmaa: number[];
  /** Benchmark premium - premium tax credit (0 without Marketplace coverage). */
  readonly aca_net_premium: number[];
  /** Spending met. */
  readonly spending: number[];
  /** Spending the accounts could not pay. */
  readonly shortfall: number[];
}

/** An evaluation's records (`Evaluation` of `evaluate.ts` has them). */
export interface EvaluatedYears {
  readonly years: readonly YearRecord[];
}

const money = (values: readonly number[]) => values.map((v) => roundMoney(v));

/** Each year's sum of `amounts` (one per account) by account kind, to the cent. */
function byKind(
  timeline: Timeline,
  records: readonly YearRecord[],
  amounts: (r: YearRecord) => readonly number[],
) {
  const sums = {
    taxable: new Array<number>(records.length).fill(0),
    tax_deferred: new Array<number>(records.length).fill(0),
    roth: new Array<number>(records.length).fill(0),
    hsa: new Array<number>(records.length).fill(0),
  };
  records.forEach((record, t) => {
    amounts(record).forEach((amount, i) => {
      const column = sums[timeline.accounts[i]!.kind];
      column[t] = (column[t] as number) + amount;
    });
  });
  return {
    taxable: money(sums.taxable),
    tax_deferred: money(sums.tax_deferred),
    roth: money(sums.roth),
    hsa: money(sums.hsa),
  };
}

/**
 * The series of an evaluated plan: the evaluation's records read year by year, accounts summed by kind,
 * ages from the timeline. Each amount is rounded to the cent once (a sum by kind is summed first).
 *
 * @param timeline - the plan's timeline (the one evaluated)
 * @param evaluation - its evaluation (one record per timeline year)
 * @returns the arrays, entry t for plan year t
 * @example
 * ```ts
 * const series = planSeries(timeline, evaluate(timeline, policy));
 * series.year[0] === timeline.startYear; // true
 * series.balances.tax_deferred[0]; // the start-of-year tax-deferred total, to the cent
 * ```
 */
export function planSeries(timeline: Timeline, evaluation: EvaluatedYears): PlanSeries {
  const records = evaluation.years;
  if (records.length !== timeline.years.length) {
    throw new RangeError(
      `planSeries: ${records.length} evaluated years for a timeline of ${timeline.years.length}`,
    );
  }
  const column = (pick: (r: YearRecord) => number) => money(records.map(pick));
  const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  return {
    year: records.map((r) => r.year),
    ages: timeline.people.map((_, p) => timeline.years.map((y) => y.people[p]!.age)),
    alive: timeline.people.map((_, p) => timeline.years.map((y) => y.people[p]!.alive)),
    balances: byKind(timeline, records, (r) => r.balances),
    withdrawals: byKind(timeline, records, (r) => r.withdrawals),
    conversions: column((r) => total(r.conversions)),
    income: {
      wages: column((r) => r.wages),
      pensions: column((r) => r.pensions),
      social_security: column((r) => r.socialSecurity),
    },
    federal_tax: column((r) => r.federalTax),
    state_tax: column((r) => r.stateTax),
    irmaa: column((r) => r.irmaa),
    aca_net_premium: column((r) => r.acaNetPremium),
    spending: column((r) => r.spending),
    shortfall: column((r) => r.shortfall),
  };
}
