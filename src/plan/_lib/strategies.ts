/**
 * The rule-of-thumb strategies the optimized plan is shown against, each a {@link Policy} of the exact
 * accounting, and {@link bestLevel}, the highest spending a policy sustains.
 *
 * - `conventional`: no conversions; spending from the taxable accounts, then tax-deferred, then Roth,
 *   then HSA, after the RMDs (the balancing order of the exact accounting, which draws what the year
 *   needs);
 * - `fill_12` / `fill_22` / `fill_24`: withdrawals as `conventional`, and each year a Roth conversion
 *   that brings ordinary taxable income (taxable income less its qualified part) up to the top of that
 *   federal bracket of the year (the year's table, or the last one inflated), as far as the tax-deferred
 *   balances and `Timeline.maxConversion` allow: the year is settled exactly for each trial (taxes of the
 *   conversion paid by the balancing draw, benefits taxed under IRC 86, senior deduction phase-out);
 * - `irmaa_aware`: `fill_24`, but the conversion also keeps the year's MAGI at or below the top of IRMAA
 *   tier 0 of the premium year two years on whenever someone will be enrolled then (alive and 65 or
 *   older in that year); a year whose MAGI is over it without conversion converts nothing.
 *
 * @internal
 * @module
 */

import { bracketCeilings } from '../../tax/engine';
import { MEDICARE_AGE } from './ages';
import {
  type Evaluation,
  evaluate,
  type Policy,
  type SettledYear,
  settleYear,
  withSettlement,
  type YearState,
} from './evaluate';
import type { StrategyName } from './strategy-names';
import type { Timeline, TimelineYear, YearDecision } from './types';
import { irmaaFreeMagi } from './year-taxes';

const FILL_RATE: Readonly<Record<Exclude<StrategyName, 'conventional'>, number>> = {
  fill_12: 0.12,
  fill_22: 0.22,
  fill_24: 0.24,
  irmaa_aware: 0.24,
};

/** Trials of a year's conversion before the best found is kept. */
const MAX_CONVERSION_TRIALS = 12;

/**
 * The policy of a strategy at a spending level (start-year dollars before the year's factor).
 *
 * @example
 * ```ts
 * import { evaluate } from './evaluate';
 * import type { Timeline } from './types';
 * const person = (age: number) => ({ alive: true, age, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined });
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person(66 + index)], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const timeline: Timeline = { startYear: 2026, people: [{ birthYear: 1960, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'tax_deferred', balance: 500_000, basis: 0 },
 *     { owner: 0, kind: 'roth', balance: 0, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0, bequestFloor: 0,
 *   heirsRate: 0.25, maxConversion: 100_000, acaBenchmarkPremium: 0, discountRate: 0 };
 * const e = evaluate(timeline, strategyPolicy(timeline, 'fill_12', 30_000));
 * (e.years[0]?.conversions[0] ?? 0) > 0; // true
 * ```
 */
export function strategyPolicy(timeline: Timeline, name: StrategyName, level: number): Policy {
  const none = timeline.accounts.map(() => 0);
  const noConversion = timeline.people.map(() => 0);
  return (year: TimelineYear, state: YearState): YearDecision => {
    const base: YearDecision = {
      withdrawals: none,
      conversions: noConversion,
      spending: level * year.spendingFactor,
    };
    if (name === 'conventional' || timeline.maxConversion <= 0) return base;
    return withConversion(timeline, name, year, state, base);
  };
}

/** Each living person's convertible room this year: min(maxConversion, tax-deferred balance). */
function convertibleRoom(timeline: Timeline, year: TimelineYear, state: YearState): number[] {
  return year.people.map((person, p) => {
    if (!person.alive) return 0;
    let balance = 0;
    timeline.accounts.forEach((a, i) => {
      if (a.kind === 'tax_deferred' && state.owners[i] === p) balance += state.balances[i] as number;
    });
    return Math.min(timeline.maxConversion, balance);
  });
}

/** A total conversion split over the people in order, each up to its room. */
function split(total: number, room: readonly number[]): number[] {
  let rest = total;
  return room.map((r) => {
    const take = Math.min(rest, r);
    rest -= take;
    return take;
  });
}

function withConversion(
  timeline: Timeline,
  name: Exclude<StrategyName, 'conventional'>,
  year: TimelineYear,
  state: YearState,
  base: YearDecision,
): YearDecision {
  const t = year.index;
  const room = convertibleRoom(timeline, year, state);
  const cap = room.reduce((s, r) => s + r, 0);
  if (cap <= 0) return base;
  const irmaaLimit = name === 'irmaa_aware' ? irmaaMagiLimit(timeline, t) : Number.POSITIVE_INFINITY;
  const rate = FILL_RATE[name];
  // Each total tried, settled: the one kept is returned with its settlement (evaluate takes it).
  const tried = new Map<number, SettledYear>();
  // How far the settled year is over its limits (nominal dollars): ordinary taxable income over the
  // bracket's top, MAGI over the IRMAA tier-0 top. Both rise with the conversion.
  const excess = (total: number): number => {
    const decision = { ...base, conversions: split(total, room) };
    const settled = settleYear(timeline, t, state, decision);
    tried.set(total, settled);
    const taxes = settled.taxes;
    const brackets = bracketCeilings(taxes.federalTableYear, year.filingStatus);
    const ceiling = brackets.find((b) => b.rate === rate)?.ceiling;
    const over =
      ceiling === undefined
        ? Number.NEGATIVE_INFINITY
        : taxes.ordinaryTaxableIncome - ceiling * taxes.federalFactor;
    return Math.max(over, taxes.agi - irmaaLimit);
  };
  const total = largestWithin(excess, cap, year.priceIndex);
  const decision = total > 0 ? { ...base, conversions: split(total, room) } : base;
  const settled = tried.get(total);
  return settled === undefined ? decision : withSettlement(decision, state, settled);
}

/**
 * The top MAGI of IRMAA tier 0 (nominal) for the premium year two years after plan year `t` when
 * someone will be enrolled then (alive and 65 or older), else no limit.
 */
function irmaaMagiLimit(timeline: Timeline, t: number): number {
  const premium = timeline.years[t + 2];
  const year = timeline.years[t] as TimelineYear;
  if (premium === undefined || !premium.people.some((p) => p.alive && p.age >= MEDICARE_AGE)) {
    return Number.POSITIVE_INFINITY;
  }
  return irmaaFreeMagi(premium.year, year.filingStatus, timeline.inflation);
}

/**
 * The largest conversion in [0, cap] (real) whose excess (nominal, nondecreasing) is at most 0, to a
 * nominal cent or so: a secant on the excess from the last point within, bracketed, halving when the
 * secant leaves the bracket.
 */
function largestWithin(excess: (total: number) => number, cap: number, priceIndex: number): number {
  let lo = 0;
  let eLo = excess(0);
  if (eLo > 0) return 0;
  let hi = cap;
  let eHi = excess(cap);
  if (eHi <= 0) return cap;
  const cent = 0.01 / priceIndex;
  // the first secant step assumes one dollar of conversion adds one dollar of income
  let x = Math.min(cap, lo - eLo / priceIndex);
  for (let i = 0; i < MAX_CONVERSION_TRIALS && hi - lo > cent; i++) {
    if (!(x > lo && x < hi)) x = (lo + hi) / 2;
    const e = excess(x);
    if (e <= 0) {
      lo = x;
      eLo = e;
      if (-e < 0.01) break;
    } else {
      hi = x;
      eHi = e;
    }
    x = lo + ((hi - lo) * -eLo) / (eHi - eLo);
  }
  return lo;
}

/**
 * The highest spending level (start-year dollars, to a cent) whose exact evaluation has no shortfall
 * and an after-tax bequest of at least `timeline.bequestFloor` (`max_spending`); with `max_bequest`, the
 * timeline's own level and its evaluation.
 *
 * The search brackets the level between a feasible and an infeasible one (doubling from the household's
 * resources over its spending years), then narrows the bracket by regula falsi (Illinois) on bequest -
 * floor - shortfall, bisecting when that measure disagrees with feasibility, to one cent. It assumes
 * feasibility falls with the level (more spending never leaves more to bequeath), which holds in
 * general; tax cliffs (IRMAA tiers, the ACA credit's end, the senior deduction's phase-out) can break it
 * locally. The bracket is always feasible below and infeasible above, so the level returned is
 * feasible and the next cent is not: when feasibility is not monotone, a local boundary. A level 0 that
 * is infeasible (the floor cannot be met at all) is returned as level 0 with its evaluation.
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
 * const { level, evaluation } = bestLevel(timeline, (l) => strategyPolicy(timeline, 'conventional', l));
 * evaluation.totals.shortfall; // 0
 * level > 100_000; // true
 * ```
 */
export function bestLevel(
  timeline: Timeline,
  policyAt: (level: number) => Policy,
  guess?: number,
): { level: number; evaluation: Evaluation } {
  if (timeline.objective === 'max_bequest') {
    const level = timeline.spendingLevel;
    return { level, evaluation: evaluate(timeline, policyAt(level)) };
  }
  const at = (cents: number) => {
    const evaluation = evaluate(timeline, policyAt(cents / 100));
    const feasible = evaluation.totals.shortfall === 0 && evaluation.bequest >= timeline.bequestFloor;
    const measure = evaluation.bequest - timeline.bequestFloor - evaluation.totals.shortfall;
    return { cents, evaluation, feasible, measure };
  };
  let lo = at(0);
  if (!lo.feasible) return { level: 0, evaluation: lo.evaluation };
  // A guess (the linear model's level) brackets the level within 2% either side in most plans.
  let hi: ReturnType<typeof at>;
  if (guess !== undefined && guess > 1) {
    const below = at(Math.round(guess * 98));
    if (below.feasible) lo = below;
    hi = below.feasible ? at(Math.round(guess * 102)) : below;
  } else hi = at(Math.max(100, Math.round(resourcesPerSpendingYear(timeline) * 100)));
  for (let i = 0; hi.feasible && i < 40; i++) {
    lo = hi;
    hi = at(hi.cents * 2);
  }
  if (hi.feasible) return { level: hi.cents / 100, evaluation: hi.evaluation };
  let side = 0; // Illinois: which end was kept last time (halve its measure when kept twice)
  let mLo = lo.measure;
  let mHi = hi.measure;
  while (hi.cents - lo.cents > 1) {
    let cents: number;
    if (mLo > 0 && mHi < 0) {
      cents = Math.round(lo.cents + ((hi.cents - lo.cents) * mLo) / (mLo - mHi));
    } else {
      cents = Math.floor((lo.cents + hi.cents) / 2);
    }
    if (cents <= lo.cents || cents >= hi.cents) cents = Math.floor((lo.cents + hi.cents) / 2);
    const next = at(cents);
    if (next.feasible) {
      lo = next;
      mLo = next.measure;
      if (side === 1) mHi /= 2;
      side = 1;
    } else {
      hi = next;
      mHi = next.measure;
      if (side === -1) mLo /= 2;
      side = -1;
    }
  }
  return { level: lo.cents / 100, evaluation: lo.evaluation };
}

/** Balances plus every year's income, over the sum of the spending factors: a first guess at the level. */
function resourcesPerSpendingYear(timeline: Timeline): number {
  let resources = timeline.accounts.reduce((s, a) => s + a.balance, 0);
  let factors = 0;
  for (const year of timeline.years) {
    factors += year.spendingFactor;
    for (const p of year.people) if (p.alive) resources += p.wages + p.pension + p.socialSecurity;
  }
  return factors > 0 ? resources / factors : resources;
}
