/**
 * A stand-in for the plan's exact accounting (`evaluate.ts`), for the stress, series and chart tests
 * only: the same timing and accounts as docs/plan.md (flows at the start of the year, then growth;
 * average basis; the balancing order taxable, tax-deferred, Roth, HSA; spousal rollover at a death;
 * after-tax bequest), with flat stand-in tax rates instead of the tax engines. Its numbers are not
 * taxes: the tests only need an accounting that is deterministic, cheap and easy to check by hand.
 * No RMDs, IRMAA or ACA.
 */
import type {
  AccountKind,
  PersonYear,
  PlanAccount,
  PlanPerson,
  Timeline,
  TimelineYear,
  YearDecision,
  YearRecord,
} from '../../src/plan/_lib/types';

/** Flat stand-in rates: ordinary income (federal, state) and realized gains (federal). */
export const ORDINARY_RATE = 0.2;
export const STATE_RATE = 0.05;
export const GAIN_RATE = 0.15;

export interface YearState {
  readonly balances: readonly number[];
  readonly bases: readonly number[];
  readonly owners: readonly number[];
}
export type Policy = (year: TimelineYear, state: YearState) => YearDecision;

export interface Evaluation {
  readonly years: readonly YearRecord[];
  readonly bequest: number;
  readonly endBalances: readonly number[];
  readonly totals: {
    readonly spending: number;
    readonly federalTax: number;
    readonly stateTax: number;
    readonly irmaa: number;
    readonly acaNetPremium: number;
    readonly shortfall: number;
  };
  readonly pv: { readonly spending: number; readonly taxes: number; readonly bequest: number };
}

/** The plan's decision of each year, withdrawals capped to the balances. */
export function fixedPolicy(decisions: readonly YearDecision[]): Policy {
  return (year, state) => {
    const d = decisions[year.index]!;
    return { ...d, withdrawals: d.withdrawals.map((w, i) => Math.min(w, state.balances[i] ?? 0)) };
  };
}

const ORDER: readonly AccountKind[] = ['taxable', 'tax_deferred', 'roth', 'hsa'];

/** Evaluate `policy` on `timeline` (growth overridden by `options.growth`). */
export function evaluate(
  timeline: Timeline,
  policy: Policy,
  options: { growth?: ArrayLike<number> } = {},
): Evaluation {
  const accounts = timeline.accounts;
  const kinds = accounts.map((a) => a.kind);
  const balances = accounts.map((a) => a.balance);
  const bases = accounts.map((a) => (a.kind === 'taxable' ? a.basis : 0));
  const owners = accounts.map((a) => a.owner);
  const firstTaxable = kinds.indexOf('taxable');
  const years: YearRecord[] = [];
  const totals = { spending: 0, federalTax: 0, stateTax: 0, irmaa: 0, acaNetPremium: 0, shortfall: 0 };
  const pv = { spending: 0, taxes: 0, bequest: 0 };
  for (const year of timeline.years) {
    const start = balances.slice();
    const d = policy(year, { balances: start, bases: bases.slice(), owners: owners.slice() });
    const withdrawals = accounts.map((_, i) => Math.max(0, Math.min(d.withdrawals[i] ?? 0, balances[i]!)));
    let gains = 0;
    let ordinary = 0;
    const take = (i: number, amount: number) => {
      if (kinds[i] === 'taxable' && balances[i]! > 0) {
        const share = bases[i]! / balances[i]!;
        gains += amount * (1 - share);
        bases[i] = bases[i]! - amount * share;
      }
      if (kinds[i] === 'tax_deferred') ordinary += amount;
      balances[i] = balances[i]! - amount;
    };
    for (let i = 0; i < withdrawals.length; i++) take(i, withdrawals[i]!);
    const conversions = timeline.people.map((_, person) => {
      const from = accounts.findIndex((_, i) => kinds[i] === 'tax_deferred' && owners[i] === person);
      const to = kinds.indexOf('roth');
      if (from < 0 || to < 0) return 0;
      const c = Math.max(0, Math.min(d.conversions[person] ?? 0, balances[from]!));
      balances[from] = balances[from]! - c;
      balances[to] = balances[to]! + c;
      ordinary += c;
      return c;
    });
    const wages = sum(year.people.map((p) => p.wages));
    const pensions = sum(year.people.map((p) => p.pension));
    const socialSecurity = sum(year.people.map((p) => p.socialSecurity));
    ordinary += wages + pensions;
    const taxesOf = () => ({
      federal: ordinary * ORDINARY_RATE + gains * GAIN_RATE,
      state: ordinary * STATE_RATE,
    });
    let cash = wages + pensions + socialSecurity + sum(withdrawals) - d.spending;
    let t = taxesOf();
    cash -= t.federal + t.state;
    let deposit = 0;
    let shortfall = 0;
    if (cash >= 0) {
      deposit = cash;
      balances[firstTaxable] = balances[firstTaxable]! + cash;
      bases[firstTaxable] = bases[firstTaxable]! + cash;
    } else {
      let need = -cash;
      for (const kind of ORDER) {
        for (let i = 0; i < accounts.length && need > 0; i++) {
          if (kinds[i] !== kind || balances[i]! <= 0) continue;
          // Net cash per dollar drawn after the stand-in tax it adds.
          const net =
            kind === 'tax_deferred'
              ? 1 - ORDINARY_RATE - STATE_RATE
              : kind === 'taxable'
                ? 1 - GAIN_RATE * (1 - bases[i]! / balances[i]!)
                : 1;
          const draw = Math.min(balances[i]!, need / net);
          withdrawals[i] = withdrawals[i]! + draw;
          take(i, draw);
          need = Math.max(0, need - draw * net);
        }
      }
      t = taxesOf();
      shortfall = need < 1e-9 ? 0 : need;
    }
    const g = options.growth?.[year.index] ?? year.growth;
    for (let i = 0; i < balances.length; i++) balances[i] = balances[i]! * g;
    // Deaths at the end of the year: the survivor inherits.
    timeline.people.forEach((person, i) => {
      if (person.lastYear !== year.year) return;
      const heir = timeline.people.findIndex((other, j) => j !== i && other.lastYear > year.year);
      if (heir >= 0) for (let a = 0; a < owners.length; a++) if (owners[a] === i) owners[a] = heir;
    });
    const spending = d.spending - shortfall;
    const discount = (1 + timeline.discountRate) ** year.index;
    totals.spending += spending;
    totals.federalTax += t.federal;
    totals.stateTax += t.state;
    totals.shortfall += shortfall;
    pv.spending += spending / discount;
    pv.taxes += (t.federal + t.state) / discount;
    years.push({
      year: year.year,
      balances: start,
      withdrawals,
      conversions,
      rmd: 0,
      wages,
      pensions,
      socialSecurity,
      taxableSocialSecurity: 0,
      capitalGains: gains,
      agiNominal: (ordinary + gains) * year.priceIndex,
      federalTax: t.federal,
      niit: 0,
      stateTax: t.state,
      irmaa: 0,
      acaNetPremium: 0,
      premiumTaxCredit: 0,
      spending,
      shortfall,
      deposit,
    });
  }
  const h = timeline.heirsRate;
  let bequest = 0;
  balances.forEach((b, i) => {
    bequest += kinds[i] === 'tax_deferred' || kinds[i] === 'hsa' ? b * (1 - h) : b;
  });
  pv.bequest = bequest / (1 + timeline.discountRate) ** timeline.years.length;
  return { years, bequest, endBalances: balances, totals, pv };
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/** A household for the tests: people, accounts, a flat spending level and Social Security. */
export interface Household {
  readonly startYear: number;
  readonly people: readonly (PlanPerson & { readonly socialSecurity?: number; readonly wages?: number })[];
  readonly accounts: readonly PlanAccount[];
  /** Real growth of the deterministic plan. */
  readonly growth: number;
  readonly inflation: number;
  readonly heirsRate?: number;
  /** Spending factor of a survivor (the household's share after the first death). */
  readonly survivorShare?: number;
}

/**
 * `build(lastYears)` of a household: years from the start to the last death; SS of the dead goes to a
 * survivor when larger; filing status mfj through the year of the first death.
 */
export function householdBuilder(household: Household): (lastYears?: readonly number[]) => Timeline {
  return (lastYears) => {
    const people = household.people.map((p, i) => ({
      birthYear: p.birthYear,
      sex: p.sex,
      lastYear: lastYears?.[i] ?? p.lastYear,
    }));
    const end = Math.max(...people.map((p) => p.lastYear));
    const years: TimelineYear[] = [];
    for (let y = household.startYear; y <= end; y++) {
      const index = y - household.startYear;
      const alive = people.map((p) => p.lastYear >= y);
      const living = alive.filter(Boolean).length;
      const firstDeath = Math.min(...people.map((p) => p.lastYear));
      const bestSs = Math.max(...household.people.map((p) => p.socialSecurity ?? 0));
      const personYears: PersonYear[] = people.map((p, i) => ({
        alive: alive[i]!,
        age: y - p.birthYear,
        wages: alive[i] ? (household.people[i]!.wages ?? 0) : 0,
        pension: 0,
        socialSecurity: !alive[i] ? 0 : living === 1 ? bestSs : (household.people[i]!.socialSecurity ?? 0),
        rmdDivisor: undefined,
      }));
      years.push({
        index,
        year: y,
        people: personYears,
        filingStatus: people.length === 2 && y <= firstDeath ? 'mfj' : 'single',
        spendingFactor: people.length === 2 && living === 1 ? (household.survivorShare ?? 1) : 1,
        growth: household.growth,
        priceIndex: (1 + household.inflation) ** index,
        aca: false,
      });
    }
    return {
      startYear: household.startYear,
      people,
      accounts: household.accounts,
      years,
      state: undefined,
      inflation: household.inflation,
      objective: 'max_spending',
      spendingLevel: 0,
      bequestFloor: 0,
      heirsRate: household.heirsRate ?? 0,
      maxConversion: 0,
      acaBenchmarkPremium: 0,
      discountRate: 0,
    };
  };
}

/** Decisions for each year of `timeline`: a spending level (x the year's factor), fixed withdrawals. */
export function levelDecisions(
  timeline: Timeline,
  level: number,
  withdrawals: readonly number[] = [],
  conversions: readonly number[] = [],
): YearDecision[] {
  return timeline.years.map((year) => ({
    withdrawals: timeline.accounts.map((_, i) => withdrawals[i] ?? 0),
    conversions: timeline.people.map((_, i) => conversions[i] ?? 0),
    spending: level * year.spendingFactor,
  }));
}
