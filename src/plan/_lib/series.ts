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
  /** Required minimum distributions of each year. */
  readonly rmd: number[];
  /** Social Security benefits included in income (IRC 86). */
  readonly taxable_social_security: number[];
  /** Long-term gains realized by taxable withdrawals. */
  readonly capital_gains: number[];
  /** AGI in dollars of the year itself (the MAGI that sets IRMAA two years on). */
  readonly agi_nominal: number[];
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
  /** Income left after spending and taxes, deposited in the taxable account. */
  readonly deposit: number[];
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
 * import type { Timeline, YearRecord } from './types';
 * const alive = { alive: true, age: 66, wages: 0, pension: 0, socialSecurity: 24_000, rmdDivisor: undefined };
 * const timeline: Timeline = {
 *   startYear: 2026, people: [{ birthYear: 1960, lastYear: 2026, sex: 'female' }],
 *   accounts: [
 *     { owner: 0, kind: 'taxable', balance: 50_000, basis: 50_000 },
 *     { owner: 0, kind: 'tax_deferred', balance: 300_000, basis: 0 },
 *   ],
 *   years: [{ index: 0, year: 2026, people: [alive], filingStatus: 'single', spendingFactor: 1, growth: 1, priceIndex: 1, aca: false }],
 *   state: undefined, inflation: 0.03, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0,
 * };
 * const record: YearRecord = {
 *   year: 2026, balances: [50_000, 300_000], withdrawals: [0, 20_000.004], conversions: [0], rmd: 0, wages: 0,
 *   pensions: 0, socialSecurity: 24_000, taxableSocialSecurity: 0, capitalGains: 0, agiNominal: 20_000,
 *   federalTax: 455.555, niit: 0, stateTax: 0, irmaa: 0, acaNetPremium: 0, premiumTaxCredit: 0,
 *   spending: 40_000, shortfall: 0, deposit: 3_544.45,
 * };
 * const series = planSeries(timeline, { years: [record] });
 * series.withdrawals.tax_deferred; // [20000]
 * series.federal_tax; // [455.56]
 * series.ages[0]; // [66]
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
    rmd: column((r) => r.rmd),
    taxable_social_security: column((r) => r.taxableSocialSecurity),
    capital_gains: column((r) => r.capitalGains),
    agi_nominal: column((r) => r.agiNominal),
    federal_tax: column((r) => r.federalTax),
    state_tax: column((r) => r.stateTax),
    irmaa: column((r) => r.irmaa),
    aca_net_premium: column((r) => r.acaNetPremium),
    spending: column((r) => r.spending),
    shortfall: column((r) => r.shortfall),
    deposit: column((r) => r.deposit),
  };
}
