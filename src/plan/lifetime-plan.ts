import { defineOperation } from '../core/operation';
import { IRMAA_ENGINE, PTC_ENGINE } from '../healthcare/engine';
import { TAX_ENGINE } from '../tax/engine';
import { STATE_TAX_ENGINE } from '../tax/state-engine';
import { PLAN_COST_FORMULA, planCost } from './_lib/cost';
import { runPlan } from './_lib/plan';
import { PlanInput } from './_lib/plan-input';
import { LifetimePlanResult } from './_lib/plan-result';
import { loadSolver } from './_lib/solver';

export { LifetimePlanResult, PlanInput as LifetimePlanInput };

/**
 * `POST /v1/plan/lifetime`: the withdrawals, Roth conversions, spending and Social Security claiming
 * ages of a household over every year of its plan, chosen by a linear program (HiGHS) and re-evaluated
 * year by year with finplan's exact engines, beside four rule-of-thumb strategies under the same
 * accounting, with a stress test of the plan's decisions over market paths and deaths. Load the solver
 * once with `await lifetimePlan.ready()` before the first call (the HTTP adapter and the CLI do).
 *
 * @example
 * ```ts
 * import { lifetimePlan } from 'finplan/plan';
 * await lifetimePlan.ready();
 * const plan = lifetimePlan({
 *   start_year: 2026, real_return: 0.03, inflation: 0.025,
 *   people: [{ birth_year: 1961, planning_age: 90, social_security: { pia: 2_400, claiming_age: 67 } }],
 *   accounts: [{ type: 'tax_deferred', balance: 800_000 }, { type: 'roth', balance: 100_000 }],
 * });
 * const best = plan.result.optimized.spending_level;
 * plan.result.strategies.every((strategy) => best >= strategy.spending_level); // true
 * ```
 */
export const lifetimePlan = defineOperation({
  path: '/v1/plan/lifetime',
  engine: 'lifetime-plan',
  version: '0.1.0',
  uses: [TAX_ENGINE, STATE_TAX_ENGINE, IRMAA_ENGINE, PTC_ENGINE],
  prefix: 'plan',
  summary:
    'Lifetime plan: the withdrawals, Roth conversions, spending and claiming ages that maximize spending or bequest, re-evaluated exactly.',
  description:
    'A linear program (HiGHS, single-threaded, options pinned) chooses each year’s withdrawals from every account, Roth conversions and the spending level; federal brackets and the stacking of long-term gains are its linear pieces, while the taxation of benefits, IRMAA with its two-year lookback, the premium tax credit, the NIIT and state tax come in through a self-consistent loop: each plan is re-evaluated year by year with the exact engines and the figures fed back. The reply gives the exact figures, the gap to the linear model, five rule-of-thumb strategies under the same exact accounting, and a stress test of the plan’s decisions. Amounts are in dollars of start_year. See docs/plan.md.',
  example: {
    start_year: 2026,
    real_return: 0.03,
    inflation: 0.025,
    people: [
      { birth_year: 1961, sex: 'female', planning_age: 92, social_security: { pia: 2_400 } },
      { birth_year: 1959, sex: 'male', planning_age: 88, social_security: { pia: 3_100, claiming_age: 70 } },
    ],
    accounts: [
      { owner: 0, type: 'tax_deferred', balance: 600_000 },
      { owner: 1, type: 'tax_deferred', balance: 900_000 },
      { owner: 0, type: 'roth', balance: 150_000 },
      { owner: 0, type: 'taxable', balance: 400_000, cost_basis: 250_000 },
    ],
    state: 'NC',
    bequest_floor: 200_000,
    stress: { expected_return: 0.055, return_volatility: 0.12, num_simulations: 100, seed: 7 },
  },
  input: PlanInput,
  output: LifetimePlanResult,
  ready: loadSolver,
  compute: runPlan,
  cost: planCost,
  costField: 'stress',
  costFormula: PLAN_COST_FORMULA,
});
