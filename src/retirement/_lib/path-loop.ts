/**
 * The one year loop of the retirement simulations (monte-carlo, withdrawal-strategy and the simulated
 * total of accumulation-projection): annual market paths of the shared path driver, a saving phase,
 * then a spending phase whose withdrawals a {@link SpendingPolicy} decides. docs/retirement.md states
 * the timing conventions it implements.
 *
 * The loop is written once for every rule and every caller: it allocates nothing per path or year
 * (its outputs are sized before the first path), and its one call per year goes to a policy of a
 * single class, so the compiled loop stays monomorphic.
 *
 * @internal
 * @module
 */
import { createPathDriver, STANDARD_PERCENTILES, yearlyBands } from '../../core/simulation/index';
import { fixedSpendingBands } from './fixed-spending-bands';
import type { SpendingPolicy } from './spending-policies';

/** What {@link simulatePaths} simulates and records. */
export interface PathLoopOptions {
  /** Seed, mean and volatility of the shared lognormal model (one gross return a year). */
  readonly seed: number;
  readonly expectedReturn: number;
  readonly returnVolatility: number;
  readonly paths: number;
  /** Simulated years (steps) on each path. */
  readonly years: number;
  /** The portfolio at step 0. */
  readonly start: number;
  /** The contribution made at the end of each saving year (steps before the first withdrawal). */
  readonly contributions: Float64Array;
  /** The spending rule from its `firstStep` on; omitted: every year saves (no withdrawals). */
  readonly policy?: SpendingPolicy;
  /** Store every path's balance on every birthday ({@link PathLoop.balances}). */
  readonly recordBalances: boolean;
  /**
   * The deflator of each step, `(1 + inflation)^t`: when given, each path's lifetime real spending and
   * the volatility of its real spending are recorded.
   */
  readonly deflators?: Float64Array;
}

/** What the paths leave behind; per-step arrays are year-major (`values[t x paths + p]`). */
export interface PathLoop {
  readonly paths: number;
  /** The first step with a withdrawal (`years` without a policy). */
  readonly firstStep: number;
  /** `(years + 1) x paths` balances on each birthday, row 0 = the start (with `recordBalances`). */
  readonly balances: Float64Array | undefined;
  /**
   * `(years - firstStep) x paths` withdrawals paid, row 0 = the first withdrawal; only for a policy
   * whose withdrawals vary by path (see {@link spendingBands} for the others).
   */
  readonly spending: Float64Array | undefined;
  /** Each path's portfolio at the end (0 on a depleted path). */
  readonly ending: Float64Array;
  /** With `deflators`: each path's withdrawals summed in today's dollars. */
  readonly lifetimeReal: Float64Array | undefined;
  /**
   * With `deflators`: each path's population standard deviation of the yearly change in real spending
   * (real withdrawal / previous real withdrawal - 1, over the years after one with a withdrawal).
   */
  readonly volatility: Float64Array | undefined;
  /** Step of the withdrawal each depleted path could not pay in full, in path order. */
  readonly depletionSteps: Int32Array;
  /** What each depleted path paid in that last year (its whole balance), in the same order. */
  readonly lastPayments: Float64Array;
}

/**
 * Simulate the paths, one year per step. Saving years (before the policy's `firstStep`):
 * `b = b x G + contribution`. Spending years: the policy's withdrawal `w` is taken at the start of the
 * year, `b = (b - w) x G`; a withdrawal larger than `b` pays `b` and depletes the path at that step (0
 * from then on, its remaining draws still consumed by the driver).
 *
 * @param options - the market, the plan, the policy and what to record
 * @returns the recorded outcomes
 * @example
 * ```ts
 * import { fixedRealPolicy } from './spending-policies';
 * const sim = simulatePaths({
 *   seed: 1, expectedReturn: 0.05, returnVolatility: 0, paths: 2, years: 2, start: 100_000,
 *   contributions: Float64Array.of(10_000), policy: fixedRealPolicy(Float64Array.of(0, 40_000), 1),
 *   recordBalances: false,
 * });
 * // 100,000 x 1.05 + 10,000 = 115,000, then (115,000 - 40,000) x 1.05 = 78,750.
 * Array.from(sim.ending); // [78750, 78750]
 * ```
 */
export function simulatePaths(options: PathLoopOptions): PathLoop {
  const { paths, years, start, contributions, policy, deflators } = options;
  const driver = createPathDriver({
    seed: options.seed,
    expectedReturn: options.expectedReturn,
    returnVolatility: options.returnVolatility,
    periodsPerYear: 1,
    steps: years,
  });
  const from = policy === undefined ? years : Math.min(policy.firstStep, years);
  const balances = options.recordBalances ? new Float64Array((years + 1) * paths) : undefined;
  const spending = policy?.varies === true ? new Float64Array((years - from) * paths) : undefined;
  const ending = new Float64Array(paths);
  const lifetimeReal = deflators === undefined ? undefined : new Float64Array(paths);
  const volatility = deflators === undefined ? undefined : new Float64Array(paths);
  const steps: number[] = [];
  const payments: number[] = [];
  for (let p = 0; p < paths; p++) {
    const g = driver.next();
    let b = start;
    if (balances !== undefined) balances[p] = b;
    for (let t = 0; t < from; t++) {
      b = b * (g[t] as number) + (contributions[t] as number);
      if (balances !== undefined) balances[(t + 1) * paths + p] = b;
    }
    if (policy !== undefined && from < years) {
      const initialRate = policy.initialRate(b);
      let w = 0;
      let lifetime = 0;
      // Welford's running mean and sum of squared deviations of the yearly real changes.
      let previousReal = 0;
      let changes = 0;
      let mean = 0;
      let m2 = 0;
      for (let t = from; t < years; t++) {
        w = policy.withdrawal(t, years - t, w, b, g, initialRate);
        const depleted = w > b;
        const paid = depleted ? b : w;
        if (spending !== undefined) spending[(t - from) * paths + p] = paid;
        if (deflators !== undefined) {
          const real = paid / (deflators[t] as number);
          lifetime += real;
          if (previousReal > 0) {
            const change = real / previousReal - 1;
            changes++;
            const delta = change - mean;
            mean += delta / changes;
            m2 += delta * (change - mean);
          }
          previousReal = real;
        }
        if (depleted) {
          steps.push(t);
          payments.push(b);
          b = 0;
          break;
        }
        b = (b - w) * (g[t] as number);
        if (balances !== undefined) balances[(t + 1) * paths + p] = b;
      }
      if (lifetimeReal !== undefined && volatility !== undefined) {
        lifetimeReal[p] = lifetime;
        volatility[p] = changes > 0 ? Math.sqrt(Math.max(0, m2 / changes)) : 0;
      }
    }
    ending[p] = b;
  }
  return {
    paths,
    firstStep: from,
    balances,
    spending,
    ending,
    lifetimeReal,
    volatility,
    depletionSteps: Int32Array.from(steps),
    lastPayments: Float64Array.from(payments),
  };
}

/**
 * Percentile bands (`STANDARD_PERCENTILES`) of the withdrawals paid in each spending year, from the
 * first withdrawal on: the stored withdrawals' bands, or, for a policy whose surviving paths all pay
 * `planned[t]`, the bands read off the depletions alone (`fixedSpendingBands`).
 *
 * @param sim - the paths
 * @param planned - the planned withdrawal of each step (used when `sim.spending` is undefined)
 * @returns one row of quantiles per spending year
 */
export function spendingBands(sim: PathLoop, planned: Float64Array): number[][] {
  return sim.spending === undefined
    ? fixedSpendingBands(planned, sim.paths, sim.firstStep, sim.depletionSteps, sim.lastPayments)
    : yearlyBands(sim.spending, sim.paths, STANDARD_PERCENTILES);
}
