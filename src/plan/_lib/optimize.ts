/**
 * The self-consistent loop of the lifetime plan: solve the linear program, re-evaluate its decisions
 * with the exact engines, feed the exact figures the program cannot model (taxable benefits, IRMAA, the
 * net Marketplace premium, the gain share of taxable withdrawals, the state tax rate) back into it, and
 * solve again, until the decisions settle or the rounds run out; the best plan under the exact
 * accounting wins.
 *
 * @internal
 * @module
 */
import { type Evaluation, evaluate, type Policy, type YearState } from './evaluate';
import { type LpPlan, solveLp, type YearFeedback } from './lp-model';
import { bestLevel } from './strategies';
import type { Timeline, TimelineYear, YearDecision, YearRecord } from './types';

/** Rounds of the loop at most (Owl's default is 29; ours settle in 2-4: see docs/plan.md). */
export const MAX_ROUNDS = 6;
/** Decisions that move less than this (dollars a year, every year) have settled. */
const SETTLED = 1;

/** The loop's result: the plan chosen, its exact evaluation and the linear model's own figures. */
export interface Optimum {
  readonly lp: LpPlan;
  readonly level: number;
  readonly evaluation: Evaluation;
  readonly rounds: number;
}

/**
 * The share of a benefit that is taxable at most (IRC 86(a)(2)): the first round's guess, before an
 * exact evaluation says how much is.
 */
const MAX_TAXABLE_BENEFIT_SHARE = 0.85;

function firstFeedback(timeline: Timeline): YearFeedback[] {
  let balance = 0;
  let basis = 0;
  for (const account of timeline.accounts) {
    if (account.kind !== 'taxable') continue;
    balance += account.balance;
    basis += account.basis;
  }
  const gainFraction = balance > 0 ? 1 - basis / balance : 0;
  return timeline.years.map((year: TimelineYear) => ({
    taxableSocialSecurity:
      MAX_TAXABLE_BENEFIT_SHARE * year.people.reduce((sum, person) => sum + person.socialSecurity, 0),
    fixedCosts: 0,
    gainFraction,
    stateRate: 0,
  }));
}

/** The feedback of an exact evaluation: what the linear model takes as given in the next round. */
function feedbackOf(timeline: Timeline, evaluation: Evaluation, previous: readonly YearFeedback[]): YearFeedback[] {
  return evaluation.years.map((record: YearRecord, t) => {
    const taxableDrawn = record.withdrawals.reduce(
      (sum, w, a) => (timeline.accounts[a]?.kind === 'taxable' ? sum + w : sum),
      0,
    );
    const agi = record.agiNominal / (timeline.years[t]?.priceIndex ?? 1);
    return {
      taxableSocialSecurity: record.taxableSocialSecurity,
      fixedCosts: record.irmaa + record.acaNetPremium,
      gainFraction: taxableDrawn > 0 ? record.capitalGains / taxableDrawn : (previous[t]?.gainFraction ?? 0),
      stateRate: agi > 0 ? record.stateTax / agi : 0,
    };
  });
}

/**
 * The policy of a linear plan at spending level `level`: its conversions and withdrawals each year,
 * spending at `level` x the year's factor (the exact accounting settles any difference through the
 * balancing order).
 */
export function lpPolicy(lp: LpPlan, level: number): Policy {
  return (year: TimelineYear, _state: YearState): YearDecision => {
    const planned = lp.decisions[year.index];
    return {
      withdrawals: planned?.withdrawals ?? [],
      conversions: planned?.conversions ?? [],
      spending: level * year.spendingFactor,
    };
  };
}

/** The exact evaluation of a linear plan: its best level (max_spending) or the goal (max_bequest). */
function exactOf(timeline: Timeline, lp: LpPlan): { level: number; evaluation: Evaluation } {
  if (timeline.objective === 'max_bequest')
    return {
      level: timeline.spendingLevel,
      evaluation: evaluate(timeline, lpPolicy(lp, timeline.spendingLevel)),
    };
  return bestLevel(timeline, (level) => lpPolicy(lp, level));
}

/** Whether plan `a` beats plan `b` under the exact accounting for the timeline's objective. */
export function beats(timeline: Timeline, a: { level: number; evaluation: Evaluation }, b: { level: number; evaluation: Evaluation }): boolean {
  return timeline.objective === 'max_spending'
    ? a.level > b.level + 0.005
    : a.evaluation.bequest > b.evaluation.bequest + 0.005;
}

function settled(a: LpPlan, b: LpPlan): boolean {
  return a.decisions.every((year, t) => {
    const other = b.decisions[t];
    if (other === undefined) return false;
    return (
      year.withdrawals.every((w, i) => Math.abs(w - (other.withdrawals[i] ?? 0)) < SETTLED) &&
      year.conversions.every((x, i) => Math.abs(x - (other.conversions[i] ?? 0)) < SETTLED)
    );
  });
}

/**
 * The self-consistent loop (module doc). Deterministic: the solver's options are pinned and the loop's
 * inputs are the previous round's exact figures.
 */
export function optimize(timeline: Timeline): Optimum {
  let feedback = firstFeedback(timeline);
  let best: Optimum | undefined;
  let previous: LpPlan | undefined;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const lp = solveLp(timeline, feedback);
    const exact = exactOf(timeline, lp);
    if (best === undefined || beats(timeline, exact, best)) best = { lp, ...exact, rounds: round };
    else best = { ...best, rounds: round };
    if (previous !== undefined && settled(lp, previous)) break;
    previous = lp;
    feedback = feedbackOf(timeline, exact.evaluation, feedback);
  }
  return best as Optimum;
}

/** The objective value of the linear program alone, for a quick comparison of claiming ages. */
export function lpObjective(timeline: Timeline): number {
  return solveLp(timeline, firstFeedback(timeline)).objective;
}
