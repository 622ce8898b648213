/**
 * The exact year-by-year accounting of a lifetime plan: a policy's decisions run through the
 * household's accounts with the exact taxes of each year (`year-taxes.ts`), what the optimizer's
 * linear model approximates and what the strategies and the stress test are scored with.
 *
 * Units: every amount is in real dollars of the first plan year unless named `nominal`; nominal =
 * real x `TimelineYear.priceIndex`. A year, in order:
 * 1. the policy's decision from the start-of-year balances ({@link YearState});
 * 2. required minimum distributions: each owner's tax-deferred withdrawals are raised to the
 *    start-of-year tax-deferred balance over the owner's Uniform Lifetime divisor (in account order);
 *    conversions do not count toward it;
 * 3. caps: a withdrawal never exceeds its balance, a person's conversion never exceeds
 *    `Timeline.maxConversion` nor the person's tax-deferred balance left (taken in account order, into
 *    the person's first Roth account, else the household's first; none without a Roth account);
 * 4. the exact taxes of the year: federal, state, the net Marketplace premium of an ACA year, and the
 *    IRMAA surcharges set by the MAGI of two years before (the first two plan years: the first year's
 *    own MAGI);
 * 5. the cash flow: wages + pensions + Social Security + withdrawals pay the spending, the taxes, the
 *    IRMAA and the net premium; a surplus is deposited in the first taxable account (balance and basis);
 *    a shortfall is drawn in the balancing order (taxable, tax-deferred, Roth, HSA accounts, each in
 *    account order), the year re-taxed until the draw is the smallest whole number of nominal cents that
 *    covers the need (the surplus left, under a cent's worth, is deposited);
 *    what the accounts cannot pay is `shortfall`;
 * 6. growth: every account x the year's growth factor (`options.growth[t]` overrides it);
 * 7. deaths at the end of `PlanPerson.lastYear`: the survivor becomes the owner of the deceased's
 *    accounts (spousal rollover; the accounts keep their index).
 *
 * Taxable accounts use the average-basis method: a withdrawal w from balance B with basis b realizes a
 * long-term gain w x (1 - b/B) and removes basis w x b/B. No dividend or interest yield is modeled
 * (growth is unrealized gain). HSA withdrawals are tax-free (qualified medical expenses); Roth
 * withdrawals are tax-free (the five-year rules and the ordering rules are not modeled).
 *
 * @internal
 * @module
 */
import { MEDICARE_AGE } from './ages';
import type { Timeline, TimelineYear, YearDecision, YearRecord } from './types';
import {
  type IrmaaYear,
  irmaaSurchargeIn,
  irmaaYearOf,
  profileTaxes,
  type TaxProfile,
  taxProfile,
  taxYearOf,
  type YearTaxes,
} from './year-taxes';

/** What a policy sees at the start of a year. */
export interface YearState {
  /** Per account, after the growth of the previous year. */
  readonly balances: readonly number[];
  /** Taxable basis per account (0 for the others). */
  readonly bases: readonly number[];
  /** Current owner per account (after inheritance). */
  readonly owners: readonly number[];
  /**
   * AGI (nominal) of each earlier plan year, by year index: the MAGI that sets IRMAA two years on. The
   * evaluation appends to it in place as it goes: read the indices below the year's own.
   */
  readonly agiNominal: readonly number[];
}

/** A year's decision from its start-of-year state. */
export type Policy = (year: TimelineYear, state: YearState) => YearDecision;

/** The settlement a policy already made of the decision it returns, and from which state. */
const presettled = new WeakMap<YearDecision, { readonly state: YearState; readonly settled: SettledYear }>();

/**
 * A policy's decision returned with its settlement from `state` ({@link settleYear} of that decision
 * from that state, which a policy that tries decisions has already made): {@link evaluate} takes it
 * instead of settling the same year again. The decision is returned unchanged.
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * const spend = { withdrawals: [0, 0], conversions: [0], spending: 40_000 };
 * const e = evaluate(timeline, (y, state) => withSettlement(spend, state, settleYear(timeline, y.index, state, spend)));
 * e.totals.federalTax; // 3759.092
 * ```
 */
export function withSettlement(decision: YearDecision, state: YearState, settled: SettledYear): YearDecision {
  presettled.set(decision, { state, settled });
  return decision;
}

/** The exact accounting of a whole plan. */
export interface Evaluation {
  readonly years: readonly YearRecord[];
  /** After-tax bequest at the end of the last year: taxable + Roth + (1 - heirsRate) x (tax-deferred + HSA). */
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
  /**
   * Present values at the plan's real discount rate, year index t discounted by (1 + rate)^t:
   * spending met, taxes (federal + state + IRMAA; the net Marketplace premium is not counted), and the
   * bequest at the end of the last year (t = number of years).
   */
  readonly pv: { readonly spending: number; readonly taxes: number; readonly bequest: number };
}

/** A settled year: its record, the balances after its flows (before growth) and its tax figures. */
export interface SettledYear {
  readonly record: YearRecord;
  readonly balances: readonly number[];
  readonly bases: readonly number[];
  readonly taxes: YearTaxes;
}

/** One cent (nominal): the balancing draw is a whole number of them. */
const CENT = 0.01;
/** Re-taxings of a year before the covering draw found so far is kept. */
const MAX_SETTLE_STEPS = 60;
/** The least reduction of the deficit per dollar drawn the secant assumes (a 98% marginal cost). */
const MIN_SLOPE = 0.02;

/** A finite amount at least 0 (anything else, NaN included, is 0). */
const amount = (x: number | undefined): number => (x !== undefined && x > 0 && Number.isFinite(x) ? x : 0);

/**
 * The start of the plan: every account's initial balance and basis, the initial owners, no history.
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * initialState(timeline).balances; // [0, 500000]
 * ```
 */
export function initialState(timeline: Timeline): YearState {
  return {
    balances: timeline.accounts.map((a) => a.balance),
    bases: timeline.accounts.map((a) => (a.kind === 'taxable' ? Math.min(a.basis, a.balance) : 0)),
    owners: timeline.accounts.map((a) => a.owner),
    agiNominal: [],
  };
}

/** The order a shortfall is drawn in: taxable, tax-deferred, Roth, HSA, each in account order. */
const BALANCING_ORDER = ['taxable', 'tax_deferred', 'roth', 'hsa'] as const;

/** What a year's accounting reads of the timeline, worked out once per timeline. */
interface Fixed {
  readonly taxable: readonly boolean[];
  readonly taxDeferred: readonly boolean[];
  /** Account indices in the balancing order. */
  readonly order: readonly number[];
  /** The first taxable account (-1: none). */
  readonly depositTo: number;
  readonly years: readonly FixedYear[];
}

/** A plan year's income and taxpayers, which no decision changes. */
interface FixedYear {
  readonly living: readonly number[];
  readonly wages: number;
  readonly pensions: number;
  readonly socialSecurity: number;
  /** The year's income as the tax engines read it, less the withdrawals and gains. */
  readonly profile: TaxProfile;
  /** People 65 or older alive in the year (Medicare enrollees paying IRMAA). */
  readonly enrollees: number;
  /** The IRMAA table of the year's premiums, for the status of the return whose MAGI sets them. */
  readonly irmaa: IrmaaYear;
}

const fixedOf = new WeakMap<Timeline, Fixed>();

function fixed(timeline: Timeline): Fixed {
  let f = fixedOf.get(timeline);
  if (f !== undefined) return f;
  const accounts = timeline.accounts;
  const order: number[] = [];
  for (const kind of BALANCING_ORDER) {
    accounts.forEach((a, i) => {
      if (a.kind === kind) order.push(i);
    });
  }
  const years = timeline.years.map((year, t): FixedYear => {
    const px = year.priceIndex;
    const living: number[] = [];
    let wages = 0;
    let pensions = 0;
    let socialSecurity = 0;
    year.people.forEach((person, p) => {
      if (!person.alive) return;
      living.push(p);
      wages += amount(person.wages);
      pensions += amount(person.pension);
      socialSecurity += amount(person.socialSecurity);
    });
    const ages = year.people.map((person) => person.age);
    const mfj = year.filingStatus === 'mfj';
    return {
      living,
      wages,
      pensions,
      socialSecurity,
      profile: taxProfile(taxYearOf(timeline.state, year.year, timeline.inflation), {
        status: year.filingStatus,
        age: ages[mfj ? 0 : (living[0] ?? 0)] as number,
        spouseAge: mfj ? ages[1] : undefined,
        stateAge: Math.max(0, ...living.map((p) => ages[p] as number)),
        wages: wages * px,
        pensions: pensions * px,
        socialSecurity: socialSecurity * px,
        aca: year.aca,
        householdSize: living.length,
        benchmarkPremium: timeline.acaBenchmarkPremium * px,
      }),
      enrollees: living.filter((p) => (ages[p] as number) >= MEDICARE_AGE).length,
      irmaa: irmaaYearOf(
        year.year,
        (timeline.years[t >= 2 ? t - 2 : 0] as TimelineYear).filingStatus,
        timeline.inflation,
      ),
    };
  });
  f = {
    taxable: accounts.map((a) => a.kind === 'taxable'),
    taxDeferred: accounts.map((a) => a.kind === 'tax_deferred'),
    order,
    depositTo: accounts.findIndex((a) => a.kind === 'taxable'),
    years,
  };
  fixedOf.set(timeline, f);
  return f;
}

/** Per-account working arrays of {@link settleYear}, which never runs within itself: reused by every call. */
interface Scratch {
  /** Withdrawals: the decision's, capped, raised to the RMDs. */
  readonly w: Float64Array;
  /** Balance left after the withdrawals and conversions. */
  readonly left: Float64Array;
  /** Conversions into each account. */
  readonly converted: Float64Array;
  /** Gain share of a withdrawal (taxable accounts). */
  readonly gainRatio: Float64Array;
  /** The balancing draw spread over the accounts. */
  readonly draw: Float64Array;
}

const scratchFor = (n: number): Scratch => ({
  w: new Float64Array(n),
  left: new Float64Array(n),
  converted: new Float64Array(n),
  gainRatio: new Float64Array(n),
  draw: new Float64Array(n),
});

let scratch = scratchFor(8);

/** One trial of a year's balancing draw. */
interface Trial {
  readonly x: number;
  readonly deficit: number;
  readonly taxes: YearTaxes;
  readonly irmaa: number;
}

/**
 * One year of the exact accounting: the decision capped and raised to the RMDs, the taxes, the
 * balancing draw or deposit. `state` is the start of the year `timeline.years[t]`. Growth and deaths
 * are not applied (see {@link evaluate}). Policies that need the exact year (the strategies) call it to
 * try a decision.
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * // 40,000 to spend at 66 (2026, single) from the IRA: the smallest whole-cent draw X with X - tax(X) >= 40,000
 * const first = settleYear(timeline, 0, initialState(timeline), { withdrawals: [0, 0], conversions: [0], spending: 40_000 });
 * first.record.withdrawals[1]; // 41879.55
 * first.record.federalTax; // 1879.546
 * ```
 */
export function settleYear(
  timeline: Timeline,
  t: number,
  state: YearState,
  decision: YearDecision,
): SettledYear {
  const year = timeline.years[t] as TimelineYear;
  const f = fixed(timeline);
  const fy = f.years[t] as FixedYear;
  const { taxable, taxDeferred: isTd, order } = f;
  const n = timeline.accounts.length;
  const owners = state.owners;
  const start = state.balances;
  const px = year.priceIndex;

  if (scratch.w.length < n) scratch = scratchFor(n);
  const { w, left, converted, gainRatio, draw } = scratch;
  converted.fill(0, 0, n);
  gainRatio.fill(0, 0, n);
  draw.fill(0, 0, n);

  // 1-3. The decision, capped, raised to the RMDs.
  for (let a = 0; a < n; a++) w[a] = Math.min(amount(decision.withdrawals[a]), amount(start[a]));
  let rmd = 0;
  const people = year.people;
  for (let p = 0; p < people.length; p++) {
    const person = people[p] as TimelineYear['people'][number];
    if (!person.alive || person.rmdDivisor === undefined) continue;
    let balance = 0;
    let taken = 0;
    for (let a = 0; a < n; a++) {
      if (isTd[a] && owners[a] === p) {
        balance += amount(start[a]);
        taken += w[a] as number;
      }
    }
    // a divisor of 1 or less (none in the Uniform Lifetime Table) takes the whole balance
    const required = person.rmdDivisor > 1 ? balance / person.rmdDivisor : balance;
    rmd += required;
    for (let a = 0; a < n && taken < required; a++) {
      if (!isTd[a] || owners[a] !== p) continue;
      const more = Math.min(required - taken, amount(start[a]) - (w[a] as number));
      w[a] = (w[a] as number) + more;
      taken += more;
    }
  }
  for (let a = 0; a < n; a++) left[a] = amount(start[a]) - (w[a] as number);
  const conversions = new Array<number>(people.length).fill(0);
  let convertedTotal = 0;
  for (let p = 0; p < people.length; p++) {
    let wanted = Math.min(amount(decision.conversions[p]), timeline.maxConversion);
    if (!people[p]?.alive || !(wanted > 0)) continue;
    const roth = rothFor(timeline, owners, p);
    if (roth < 0) continue;
    let done = 0;
    for (let a = 0; a < n && wanted > 0; a++) {
      if (!isTd[a] || owners[a] !== p) continue;
      const take = Math.min(wanted, left[a] as number);
      left[a] = (left[a] as number) - take;
      wanted -= take;
      done += take;
    }
    conversions[p] = done;
    converted[roth] = (converted[roth] as number) + done;
    convertedTotal += done;
  }

  // 4. The year's income other than the balancing draw.
  let taxDeferred = convertedTotal;
  let gains = 0;
  let withdrawn = 0;
  let capacity = 0;
  for (let a = 0; a < n; a++) {
    const wa = w[a] as number;
    withdrawn += wa;
    capacity += left[a] as number;
    if (taxable[a]) {
      const balance = amount(start[a]);
      const ratio = balance > 0 ? Math.max(0, 1 - amount(state.bases[a]) / balance) : 0;
      gainRatio[a] = ratio;
      gains += wa * ratio;
    } else if (isTd[a]) taxDeferred += wa;
  }
  const spending = amount(decision.spending);
  const cash = fy.wages + fy.pensions + fy.socialSecurity + withdrawn;
  const priorMagi = t >= 2 ? state.agiNominal[t - 2] : state.agiNominal[0];
  const irmaaOf = (magi: number): number =>
    fy.enrollees === 0 ? 0 : irmaaSurchargeIn(fy.irmaa, magi, fy.enrollees) / px;
  // Set by an earlier year's MAGI, except in the first year (its own MAGI).
  const fixedIrmaa = priorMagi === undefined ? undefined : irmaaOf(priorMagi);

  // The balancing draw x spread in the balancing order: its tax-deferred part and its gain.
  let drawTd = 0;
  let drawGain = 0;
  const spread = (x: number): void => {
    let rest = x;
    drawTd = 0;
    drawGain = 0;
    for (const a of order) {
      const take = rest < (left[a] as number) ? rest : (left[a] as number);
      draw[a] = take;
      rest -= take;
      if (isTd[a]) drawTd += take;
      else if (taxable[a]) drawGain += take * (gainRatio[a] as number);
    }
  };
  const trial = (x: number): Trial => {
    spread(x);
    const taxes = profileTaxes(fy.profile, (taxDeferred + drawTd) * px, (gains + drawGain) * px);
    const irmaa = fixedIrmaa ?? irmaaOf(taxes.agi);
    const deficit = spending + (taxes.total / px + irmaa) - (cash + x);
    return { x, deficit, taxes, irmaa };
  };

  // 5. Settle the draw, in whole nominal cents: the smallest that covers the need (by a secant on the
  // deficit, bracketed, halving when the secant leaves the bracket).
  const capCents = capacity * px * 100;
  const drawOf = (cents: number) => Math.min(capacity, cents / 100 / px);
  let at = trial(0);
  if (at.deficit > 0 && capacity > 0) {
    let low = at; // deficit > 0
    let lowCents = 0;
    let high: Trial | undefined; // deficit <= 0
    let highCents = Number.POSITIVE_INFINITY;
    let slope = 1; // reduction of the deficit per dollar drawn: 1 - the marginal cost
    let cents = Math.min(Math.ceil(at.deficit * px * 100), Math.ceil(capCents));
    for (let step = 0; step < MAX_SETTLE_STEPS; step++) {
      const next = trial(drawOf(cents));
      if (next.deficit > 0) {
        if (cents > lowCents) {
          slope = Math.min(1, Math.max(MIN_SLOPE, (low.deficit - next.deficit) / (next.x - low.x)));
          low = next;
          lowCents = cents;
        }
      } else if (cents < highCents) {
        high = next;
        highCents = cents;
      }
      // Settled: the next cent down is uncovered (or would be, at the local slope).
      if (high !== undefined && (highCents - lowCents <= 1 || -high.deficit * px < CENT * slope)) break;
      if (high === undefined && lowCents >= capCents) break; // the accounts are spent
      let guess = Math.ceil(lowCents + (low.deficit * px * 100) / slope);
      if (guess <= lowCents) guess = lowCents + 1;
      if (guess >= highCents) guess = Math.floor((lowCents + highCents) / 2);
      cents = Math.min(guess, Math.ceil(capCents));
    }
    at = high ?? low;
  }
  spread(at.x);

  // The year's flows.
  const shortfall = Math.max(0, at.deficit);
  const deposit = Math.max(0, -at.deficit);
  const balances = new Array<number>(n);
  const bases = new Array<number>(n);
  const withdrawals = new Array<number>(n);
  let capitalGains = 0;
  for (let a = 0; a < n; a++) {
    const total = (w[a] as number) + (draw[a] as number);
    withdrawals[a] = total;
    balances[a] = (left[a] as number) - (draw[a] as number) + (converted[a] as number);
    if (taxable[a]) {
      const gain = total * (gainRatio[a] as number);
      capitalGains += gain;
      bases[a] = Math.max(0, amount(state.bases[a]) - (total - gain));
    } else bases[a] = 0;
  }
  const depositTo = f.depositTo;
  if (deposit > 0 && depositTo >= 0) {
    balances[depositTo] = (balances[depositTo] as number) + deposit;
    bases[depositTo] = (bases[depositTo] as number) + deposit;
  }
  const taxes = at.taxes;
  const record: YearRecord = {
    year: year.year,
    balances: start,
    withdrawals,
    conversions,
    rmd,
    wages: fy.wages,
    pensions: fy.pensions,
    socialSecurity: fy.socialSecurity,
    taxableSocialSecurity: taxes.taxableSocialSecurity / px,
    capitalGains,
    agiNominal: taxes.agi,
    federalTax: taxes.federalTax / px,
    niit: taxes.niit / px,
    stateTax: taxes.stateTax / px,
    irmaa: at.irmaa,
    acaNetPremium: taxes.acaNetPremium / px,
    premiumTaxCredit: taxes.premiumTaxCredit / px,
    spending: Math.max(0, spending - shortfall),
    shortfall,
    deposit,
  };
  return { record, balances, bases, taxes };
}

/** The Roth account a conversion of person `p` goes into: the person's first, else the household's first. */
function rothFor(timeline: Timeline, owners: readonly number[], p: number): number {
  const accounts = timeline.accounts;
  const own = accounts.findIndex((a, i) => a.kind === 'roth' && owners[i] === p);
  return own >= 0 ? own : accounts.findIndex((a) => a.kind === 'roth');
}

/**
 * The state after a settled year: growth (factor `growth`) and the deaths at the end of the year.
 *
 */
export function nextState(
  timeline: Timeline,
  t: number,
  state: YearState,
  settled: SettledYear,
  growth: number,
): YearState {
  const year = timeline.years[t] as TimelineYear;
  const balances = settled.balances.map((b) => b * growth);
  let owners = state.owners;
  timeline.people.forEach((person, p) => {
    if (person.lastYear !== year.year) return;
    const survivor = timeline.people.findIndex((q, i) => i !== p && q.lastYear > year.year);
    if (survivor < 0) return;
    owners = owners.map((o) => (o === p ? survivor : o));
  });
  return {
    balances,
    bases: settled.bases,
    owners,
    agiNominal: history(state.agiNominal, t, settled.record.agiNominal),
  };
}

/**
 * `agi` appended at index `t` of a history: in place when `t` is its end (the evaluation's own history,
 * read only below the current year), else a copy cut at `t`.
 */
function history(past: readonly number[], t: number, agi: number): readonly number[] {
  if (past.length === t && Object.isExtensible(past)) {
    (past as number[]).push(agi);
    return past;
  }
  const copy = past.slice(0, t);
  copy.push(agi);
  return copy;
}

/**
 * The exact accounting of a plan under a policy: every year settled ({@link settleYear}), grown
 * (`options.growth[t]`, else `timeline.years[t].growth`) and inherited, then the after-tax bequest,
 * the totals and the present values.
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * const e = evaluate(timeline, () => ({ withdrawals: [0, 0], conversions: [0], spending: 40_000 }));
 * e.totals.federalTax; // 3759.092
 * e.totals.shortfall; // 0
 * ```
 */
export function evaluate(
  timeline: Timeline,
  policy: Policy,
  options: { readonly growth?: ArrayLike<number> } = {},
): Evaluation {
  let state = initialState(timeline);
  const years: YearRecord[] = [];
  const totals = { spending: 0, federalTax: 0, stateTax: 0, irmaa: 0, acaNetPremium: 0, shortfall: 0 };
  const pv = { spending: 0, taxes: 0, bequest: 0 };
  const d = 1 + timeline.discountRate;
  timeline.years.forEach((year, t) => {
    const decision = policy(year, state);
    const done = presettled.get(decision);
    const settled =
      done !== undefined && done.state === state && done.settled.record.year === year.year
        ? done.settled
        : settleYear(timeline, t, state, decision);
    const r = settled.record;
    years.push(r);
    totals.spending += r.spending;
    totals.federalTax += r.federalTax;
    totals.stateTax += r.stateTax;
    totals.irmaa += r.irmaa;
    totals.acaNetPremium += r.acaNetPremium;
    totals.shortfall += r.shortfall;
    const discount = d ** t;
    pv.spending += r.spending / discount;
    pv.taxes += (r.federalTax + r.stateTax + r.irmaa) / discount;
    state = nextState(timeline, t, state, settled, options.growth?.[t] ?? year.growth);
  });
  const bequest = afterTaxBequest(timeline, state.balances);
  pv.bequest = bequest / d ** timeline.years.length;
  return { years, bequest, endBalances: state.balances, totals, pv };
}

/**
 * The after-tax value of balances to the heirs: taxable + Roth + (1 - heirsRate) x (tax-deferred + HSA).
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * afterTaxBequest(timeline, [100_000, 200_000]); // 250000
 * ```
 */
export function afterTaxBequest(timeline: Timeline, balances: readonly number[]): number {
  let total = 0;
  timeline.accounts.forEach((a, i) => {
    const b = balances[i] as number;
    total += a.kind === 'taxable' || a.kind === 'roth' ? b : (1 - timeline.heirsRate) * b;
  });
  return total;
}

/**
 * A policy that replays decisions year by year (index t takes `decisions[t]`; a year without one
 * spends and withdraws nothing): the evaluation caps the withdrawals to the balances and raises them to
 * the RMDs.
 *
 * @example
 * ```ts
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0 };
 * const spend = { withdrawals: [0, 0], conversions: [0], spending: 40_000 };
 * const first = evaluate(timeline, fixedPolicy([spend, spend]));
 * const again = evaluate(timeline, fixedPolicy(first.years.map((r) => ({ ...spend, withdrawals: r.withdrawals }))));
 * again.bequest === first.bequest; // true
 * ```
 */
export function fixedPolicy(decisions: readonly YearDecision[]): Policy {
  return (year) => decisions[year.index] ?? { withdrawals: [], conversions: [], spending: 0 };
}
