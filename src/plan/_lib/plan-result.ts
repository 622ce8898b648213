/**
 * The result of `/v1/plan/lifetime`: one schema for the types, the OpenAPI document and the tests.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { resultNumber } from '../../core/schema';
import { STRATEGY_NAMES } from './strategy-names';

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
    status: z
      .string()
      .check(
        z.describe(
          'optimal, or failed when the solver could not solve the program (the plan is then the best strategy).',
        ),
      ),
    message: z.optional(z.string().check(z.describe('Why the solver failed (only with status failed).'))),
    chosen: z
      .enum(['solver', ...STRATEGY_NAMES])
      .check(
        z.describe(
          'Where the optimized plan comes from: solver, or the strategy that did better under the exact accounting than the solver’s plan (the linear model approximates what it cannot express).',
        ),
      ),
    iterations: z
      .int()
      .check(
        z.describe(
          'Rounds of the self-consistent loop (solve, exact re-evaluation, feed the exact figures back).',
        ),
      ),
    spending_level: z.optional(money('The spending level of the linear model.')),
    bequest: z.optional(money('The after-tax bequest of the linear model.')),
    lifetime_taxes: z.optional(money('Federal and state tax over the plan in the linear model.')),
    gap: z.optional(
      z.object({
        spending_level: money('Exact minus linear-model spending level.'),
        lifetime_taxes: money('Exact minus linear-model federal and state tax.'),
        bequest: money('Exact minus linear-model bequest.'),
      }),
    ),
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
