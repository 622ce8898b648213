import { normal } from '../../rng/normal';
import { grossReturn, type ReturnModel, returnModel } from '../../rng/return-model';
import { createRng } from '../../rng/xoshiro128';
import { checkDeadline } from './deadline';

/** Paths drawn between two looks at the in-thread deadline (a clock read per 64 paths costs nothing). */
const DEADLINE_EVERY = 64;

/** What a {@link PathDriver} simulates. */
export interface PathDriverOptions {
  /** Seed of the one generator (`createRng`). */
  readonly seed: number;
  /** Annual arithmetic mean return (0.07 = 7%) of the shared lognormal model. */
  readonly expectedReturn: number;
  /** Annual standard deviation of the return. */
  readonly returnVolatility: number;
  /** Steps per year: 1 (annual) or 12 (monthly); the model's m and s are scaled by `returnModel`. */
  readonly periodsPerYear: 1 | 12;
  /** Steps in each path. */
  readonly steps: number;
}

/**
 * Market paths in a fixed order: path after path, each drawing its `steps` standard normals in step
 * order (path `p`, step `t` uses deviate number `p x steps + t` of `createRng(seed)`), each turned into a
 * gross return `exp(m + s z)` of the shared return model. Every stochastic engine draws its paths from
 * one of these, so the same seed gives the same markets in every operation, and paired strategies
 * consume the same path.
 */
export interface PathDriver {
  /** The return model in use (per step). */
  readonly model: ReturnModel;
  readonly steps: number;
  /**
   * The next path's gross returns, one per step. The array is reused: read it before the next call.
   */
  next(): Float64Array;
}

/**
 * A {@link PathDriver}.
 *
 * @example
 * ```ts
 * import { createPathDriver } from 'finplan';
 * const driver = createPathDriver({ seed: 1, expectedReturn: 0.05, returnVolatility: 0, periodsPerYear: 1, steps: 3 });
 * Array.from(driver.next()).map((g) => g.toFixed(10)); // ['1.0500000000', '1.0500000000', '1.0500000000']
 * ```
 */
export function createPathDriver(options: PathDriverOptions): PathDriver {
  const model = returnModel(options.expectedReturn, options.returnVolatility, options.periodsPerYear);
  const rng = createRng(options.seed);
  const path = new Float64Array(options.steps);
  let drawn = 0;
  return {
    model,
    steps: options.steps,
    next() {
      // A server computing in its own thread stops a simulation past its deadline (no effect otherwise).
      if (drawn++ % DEADLINE_EVERY === 0) checkDeadline();
      // The normals first, then their returns: the same values as one loop doing both, a little faster
      // (each loop keeps to one function).
      for (let t = 0; t < path.length; t++) path[t] = normal(rng);
      for (let t = 0; t < path.length; t++) path[t] = grossReturn(model, path[t] as number);
      return path;
    },
  };
}
