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
import { SS_TAXATION } from '../../tax/engine';
import { type Evaluation, evaluate, type Policy, type YearState } from './evaluate';
import { type LpPlan, solveLp, type YearFeedback } from './lp-model';
import { bestLevel } from './strategies';
import type { Timeline, TimelineYear, YearDecision, YearRecord } from './types';

/** Rounds of the loop at most (Owl's default is 29; ours settle in 2-4: see docs/plan.md). */
export const MAX_ROUNDS = 6;
/**
 * A round whose objective moves less than a dollar or 0.01% from the previous one has settled (the
 * exact search that follows finds the level to a cent either way).
 */
const settledWithin = (lp: LpPlan) => Math.max(1, 1e-4 * Math.abs(lp.objective));

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
const MAX_TAXABLE_BENEFIT_SHARE = SS_TAXATION.inclusion_rates.second_tier;

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
function feedbackOf(
  timeline: Timeline,
  evaluation: Evaluation,
  previous: readonly YearFeedback[],
): YearFeedback[] {
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

/** The share of the new figures a damped round takes (Owl damps its loop on oscillation too). */
const DAMPING = 0.5;

/** `from` moved the share `by` of the way to `to`, field by field. */
function blend(from: readonly YearFeedback[], to: readonly YearFeedback[], by: number): YearFeedback[] {
  const mix = (a: number, b: number) => a + (b - a) * by;
  return to.map((next, t) => {
    const old = from[t] ?? next;
    return {
      ...next,
      taxableSocialSecurity: mix(old.taxableSocialSecurity, next.taxableSocialSecurity),
      fixedCosts: mix(old.fixedCosts, next.fixedCosts),
      gainFraction: mix(old.gainFraction, next.gainFraction),
      stateRate: mix(old.stateRate, next.stateRate),
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
  return bestLevel(timeline, (level) => lpPolicy(lp, level), lp.level);
}

/** Whether two linear plans make the same decisions at the same level (what {@link exactOf} reads). */
function sameDecisions(a: LpPlan, b: LpPlan): boolean {
  if (!Object.is(a.level, b.level) || a.decisions.length !== b.decisions.length) return false;
  const same = (x: readonly number[], y: readonly number[]) =>
    x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
  return a.decisions.every((d, t) => {
    const e = b.decisions[t] as YearDecision;
    return same(d.withdrawals, e.withdrawals) && same(d.conversions, e.conversions);
  });
}

/** Whether plan `a` beats plan `b` under the exact accounting for the timeline's objective. */
export function beats(
  timeline: Timeline,
  a: { level: number; evaluation: Evaluation },
  b: { level: number; evaluation: Evaluation },
): boolean {
  return timeline.objective === 'max_spending'
    ? a.level > b.level + 0.005
    : a.evaluation.bequest > b.evaluation.bequest + 0.005;
}

/**
 * The self-consistent loop (module doc). Each round solves the program (warm-started from the previous
 * round's basis) and evaluates its plan exactly at the program's own level, whose figures feed the next
 * round; the loop stops when the program's objective moves by less than a dollar (or after
 * {@link MAX_ROUNDS}). The last two rounds' plans are then searched for their best exact level (or
 * bequest) and the better one is the plan. Deterministic: the solver's options are pinned and each
 * round's inputs are the previous round's exact figures.
 */
export function optimize(timeline: Timeline): Optimum {
  let feedback = firstFeedback(timeline);
  const plans: LpPlan[] = [];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const previous = plans.at(-1);
    const lp = solveLp(timeline, feedback, { warmStart: previous });
    plans.push(lp);
    if (previous !== undefined && Math.abs(lp.objective - previous.objective) < settledWithin(lp)) break;
    if (round === MAX_ROUNDS) break;
    const level = timeline.objective === 'max_bequest' ? timeline.spendingLevel : lp.level;
    const next = feedbackOf(timeline, evaluate(timeline, lpPolicy(lp, level)), feedback);
    // Damped once the rounds oscillate (the objective turned back): half way to the new figures.
    const before = plans.at(-3)?.objective;
    const turned =
      before !== undefined &&
      previous !== undefined &&
      (lp.objective - previous.objective) * (previous.objective - before) < 0;
    feedback = turned ? blend(feedback, next, DAMPING) : next;
  }
  let best: Optimum | undefined;
  for (const lp of plans.slice(-2)) {
    // A last plan that repeats the one before it, decision for decision, has the same exact plan, which
    // does not beat itself.
    if (best !== undefined && sameDecisions(lp, best.lp)) continue;
    const exact = exactOf(timeline, lp);
    if (best === undefined || beats(timeline, exact, best)) best = { lp, ...exact, rounds: plans.length };
  }
  return best as Optimum;
}

/** The linear program alone with the first round's feedback: a quick score of claiming ages. */
export function firstRoundPlan(timeline: Timeline, warmStart?: LpPlan): LpPlan {
  return solveLp(timeline, firstFeedback(timeline), { warmStart });
}
