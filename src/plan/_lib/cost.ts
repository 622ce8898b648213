/**
 * The cost of a lifetime plan in path-steps (src/core/cost.ts): the optimization grows with the years
 * (and the claiming ages searched), the stress test with paths x years. Calibrated by
 * `bench/cost.bench.mjs` against the path-step of the same run.
 *
 * @internal
 * @module
 */
import type { PlanRequest } from './plan-input';

/**
 * Path-steps of one planned year: the solves, the exact re-evaluations and the strategies. Measured
 * (bench/plan.bench.mjs): a couple over 41 years in about 340 ms, 8.3 ms a year, at about 0.1 us a
 * path-step.
 */
export const STEPS_PER_PLAN_YEAR = 80_000;
/** Path-steps of one stress-test path-year (measured: 1,000 paths x 41 years in about 590 ms). */
export const STEPS_PER_STRESS_YEAR = 150;
/** A spouse whose claiming age is searched adds about one plan's work (some ten warm-started solves). */
const CLAIMING_SEARCH = 1;

/** The horizon in years: from start_year through the last planning year (upper bound when defaulted). */
function horizon(request: PlanRequest): number {
  const ends = request.people.map((p) => p.birth_year + (p.planning_age ?? 120));
  return Math.max(1, Math.max(...ends) - request.start_year + 1);
}

/** The path-steps of a parsed request. */
export function planCost(request: PlanRequest): number {
  const years = horizon(request);
  const searched = request.people.filter(
    (p) => p.social_security !== undefined && p.social_security.claiming_age === undefined,
  ).length;
  const plan = years * STEPS_PER_PLAN_YEAR * (1 + CLAIMING_SEARCH * searched);
  const stress =
    request.stress === undefined ? 0 : request.stress.num_simulations * years * STEPS_PER_STRESS_YEAR;
  return plan + stress;
}

/** {@link planCost} in words, for the OpenAPI document. */
export const PLAN_COST_FORMULA = `years x ${STEPS_PER_PLAN_YEAR.toLocaleString('en-US')} x (1 + ${CLAIMING_SEARCH} x spouses whose claiming age is searched) + stress.num_simulations x years x ${STEPS_PER_STRESS_YEAR}`;
