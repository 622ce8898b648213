import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { resultNumber } from '../core/schema';
import { IRMAA_ENGINE, PTC_ENGINE } from '../healthcare/engine';
import { TAX_ENGINE } from '../tax/engine';
import { PLAN_COST_FORMULA, planCost } from './_lib/cost';
import { runPlan } from './_lib/plan';
import { PlanInput } from './_lib/plan-input';
import { loadSolver } from './_lib/solver';
import { STRATEGY_NAMES } from './_lib/strategy-names';

const money = resultNumber;

const Summary = z.object({
  strategy: z
    .enum([...STRATEGY_NAMES, 'optimized'])
    .check(
      z.describe(
        'conventional (no conversions; taxable, then tax-deferred, then Roth, then HSA), fill_12 / fill_22 / fill_24 (convert up to the top of that bracket each year), irmaa_aware (fill_24 kept below the first IRMAA threshold), optimized (the solver’s plan).',
      ),
    ),
  spending_level: money(
    'Spending level in dollars of start_year (before the profile and survivor share): max_spending finds the highest the strategy affords under the exact accounting; max_bequest: spending_goal.',
  ),
  first_year_spending: money('Spending of the first year (dollars of start_year).'),
  bequest: money('After-tax bequest at the end of the plan (dollars of start_year; heirs_tax_rate applied).'),
  lifetime_federal_tax: money('Federal income tax, NIIT and additional Medicare tax over the plan.'),
  lifetime_state_tax: money('State income tax over the plan.'),
  lifetime_irmaa: money('IRMAA surcharges over the plan.'),
  lifetime_aca_net_premium: money('Marketplace premiums paid net of the premium tax credit over the plan.'),
  lifetime_taxes: money('The four above together (dollars of start_year).'),
  roth_conversions: money('Roth conversions over the plan.'),
  pv_spending: money('Present value of the spending at discount_rate (dollars of start_year).'),
  pv_taxes: money('Present value of lifetime_taxes.'),
  pv_bequest: money('Present value of the bequest.'),
  shortfall: money('Spending the accounts could not pay, over the plan (0 for a feasible plan).'),
});

const series = (what: string) => z.array(z.number()).check(z.describe(what));
const byKind = (what: string) =>
  z.object({
    taxable: series(`Taxable ${what}.`),
    tax_deferred: series(`Tax-deferred ${what}.`),
    roth: series(`Roth ${what}.`),
    hsa: series(`HSA ${what}.`),
  });

/** The plan year by year: one array per quantity, entry t for plan year t (ready for charts). */
const Series = z.object({
  year: z.array(z.int()),
  ages: z.array(z.array(z.int())).check(z.describe('ages[p][t]: person p’s age at the end of year t.')),
  alive: z.array(z.array(z.boolean())).check(z.describe('alive[p][t]: person p is alive in year t.')),
  balances: byKind('balances at the start of each year'),
  withdrawals: byKind('withdrawals of each year (RMDs and the balancing draw included)'),
  conversions: series('Roth conversions of each year.'),
  income: z.object({
    wages: series('Wages.'),
    pensions: series('Pensions.'),
    social_security: series('Social Security benefits.'),
  }),
  rmd: series('Required minimum distributions.'),
  taxable_social_security: series('Benefits included in income (IRC 86).'),
  capital_gains: series('Long-term gains realized by taxable withdrawals.'),
  agi_nominal: series('AGI in dollars of the year itself (the MAGI that sets IRMAA two years on).'),
  federal_tax: series('Federal income tax + NIIT + additional Medicare tax.'),
  state_tax: series('State income tax.'),
  irmaa: series('IRMAA surcharges paid.'),
  aca_net_premium: series('Marketplace premium paid net of the premium tax credit.'),
  spending: series('Spending paid.'),
  shortfall: series('Spending the accounts could not pay.'),
  deposit: series('Surplus deposited in the taxable account.'),
  solver_tax: z.optional(
    series(
      'Federal plus state tax of each year in the solver’s linear model (when the plan is the solver’s): compare with federal_tax + state_tax.',
    ),
  ),
});

const Percentiles = z.object({
  p5: money('5th percentile.'),
  p25: money('25th percentile.'),
  p50: money('Median.'),
  p75: money('75th percentile.'),
  p95: money('95th percentile.'),
});

const Stress = z.object({
  paths: z.int(),
  seed: z.int(),
  mortality: z.boolean(),
  success_probability: money('Share of paths whose spending is paid in every year (0-1).'),
  years_met_probability: money('Share of all path-years whose spending is paid (0-1).'),
  bequest: Percentiles.check(z.describe('After-tax bequest percentiles (dollars of start_year).')),
  median_lifetime_taxes: money('Median over paths of federal and state tax and IRMAA over the plan.'),
  first_shortfall: z.array(
    z.object({ year: z.int(), paths: z.int(), probability: money('Share of all paths.') }),
  ),
  yearly: z.array(
    z.object({
      year: z.int(),
      paths: z.int().check(z.describe('Paths whose household is alive in the year.')),
      total_balance: Percentiles,
    }),
  ),
});

/** `/v1/plan/lifetime` result. */
export const LifetimePlanResult = z.object({
  objective: z.enum(['max_spending', 'max_bequest']),
  start_year: z.int(),
  end_year: z.int(),
  claiming_ages: z
    .array(z.int())
    .check(z.describe('Social Security claiming age of each person with a benefit (chosen when omitted).')),
  optimized: Summary,
  strategies: z
    .array(Summary)
    .check(z.describe('Every strategy under the same exact accounting, the optimized plan last.')),
  solver: z.object({
    status: z.string().check(z.describe('HiGHS model status of the last round (Optimal).')),
    chosen: z
      .enum(['solver', ...STRATEGY_NAMES])
      .check(
        z.describe(
          'Where the optimized plan comes from: solver, or the strategy that did better under the exact accounting than every solver round (the linear model approximates what it cannot express).',
        ),
      ),
    iterations: z
      .int()
      .check(
        z.describe(
          'Rounds of the self-consistent loop (solve, exact re-evaluation, feed the exact figures back).',
        ),
      ),
    spending_level: money('The spending level of the linear model.'),
    bequest: money('The after-tax bequest of the linear model.'),
    lifetime_taxes: money('Federal and state tax over the plan in the linear model.'),
    gap: z.object({
      spending_level: money('Exact minus linear-model spending level.'),
      lifetime_taxes: money('Exact minus linear-model federal and state tax.'),
      bequest: money('Exact minus linear-model bequest.'),
    }),
  }),
  series: Series,
  stress: z.optional(Stress),
  charts: z.object({
    balances_svg: z.string().check(z.describe('SVG: balances by account type by year (stacked).')),
    taxes_svg: z
      .string()
      .check(z.describe('SVG: taxes by year (federal, state, IRMAA, net Marketplace premium).')),
    stress_svg: z.optional(
      z.string().check(z.describe('SVG fan chart of the stress test’s total balance percentiles by year.')),
    ),
  }),
});
export type LifetimePlanResult = z.infer<typeof LifetimePlanResult>;

export { PlanInput as LifetimePlanInput };

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
 * plan.result.optimized.spending_level >= plan.result.strategies[0].spending_level; // true
 * ```
 */
export const lifetimePlan = defineOperation({
  path: '/v1/plan/lifetime',
  engine: 'lifetime-plan',
  version: '0.1.0',
  uses: [TAX_ENGINE, IRMAA_ENGINE, PTC_ENGINE],
  prefix: 'plan',
  summary:
    'Lifetime plan: the withdrawals, Roth conversions, spending and claiming ages that maximize spending or bequest, re-evaluated exactly.',
  description:
    'A linear program (HiGHS, single-threaded, options pinned) chooses each year’s withdrawals from every account, Roth conversions and the spending level; federal brackets and the stacking of long-term gains are its linear pieces, while the taxation of benefits, IRMAA with its two-year lookback, the premium tax credit, the NIIT and state tax come in through a self-consistent loop: each plan is re-evaluated year by year with the exact engines and the figures fed back. The reply gives the exact figures, the gap to the linear model, four rule-of-thumb strategies under the same exact accounting, and a stress test of the plan’s decisions. Amounts are in dollars of start_year. See docs/plan.md.',
  example: {
    start_year: 2026,
    real_return: 0.03,
    inflation: 0.025,
    people: [
      { birth_year: 1961, sex: 'female', planning_age: 92, social_security: { pia: 2_400 } },
      { birth_year: 1959, sex: 'male', planning_age: 88, social_security: { pia: 3_100 } },
    ],
    accounts: [
      { owner: 0, type: 'tax_deferred', balance: 600_000 },
      { owner: 1, type: 'tax_deferred', balance: 900_000 },
      { owner: 0, type: 'roth', balance: 150_000 },
      { owner: 0, type: 'taxable', balance: 400_000, cost_basis: 250_000 },
    ],
    state: 'NC',
    bequest_floor: 200_000,
    stress: { expected_return: 0.055, return_volatility: 0.12, num_simulations: 200, seed: 7 },
  },
  input: PlanInput,
  output: LifetimePlanResult,
  ready: loadSolver,
  compute: runPlan,
  cost: planCost,
  costField: 'stress.num_simulations',
  costFormula: PLAN_COST_FORMULA,
});
