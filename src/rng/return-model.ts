/**
 * The one return model of every finplan Monte Carlo engine: lognormal gross returns whose
 * arithmetic mean and standard deviation are the planner's `expected_return` and
 * `return_volatility`.
 *
 * @module
 */

import { exp } from './exp';
import { log } from './fdlibm';
import { normal } from './normal';
import type { Rng } from './xoshiro128';

/**
 * Log-space parameters of one step: the step's gross return is `exp(m + s Z)` with Z ~ N(0, 1).
 *
 * @example
 * ```ts
 * import { returnModel } from 'finplan/rng';
 * const model: ReturnModel = returnModel(0.07, 0.15);
 * model.m; // mean of the log gross return per step
 * model.s; // standard deviation of the log gross return per step
 * ```
 */
export interface ReturnModel {
  /** Mean of the log gross return per step. */
  readonly m: number;
  /** Standard deviation of the log gross return per step (>= 0). */
  readonly s: number;
}

/**
 * ln(1 + y) for y > -1 without the cancellation of `log(1 + y)`: with `u = 1 + y` (rounded),
 * `log(u) * (y / (u - 1))` corrects for the rounding of u (W. Kahan; see D. Goldberg, "What every
 * computer scientist should know about floating-point arithmetic", 1991, Theorem 4).
 */
function log1p(y: number): number {
  const u = 1 + y;
  if (u === 1) return y;
  return log(u) * (y / (u - 1));
}

/**
 * Builds the return model for an annual arithmetic mean return `mu` and standard deviation `sigma`.
 *
 * The annual gross return `G = 1 + R` is lognormal, `G = exp(m + s Z)`, with
 * `s^2 = ln(1 + sigma^2 / (1 + mu)^2)` and `m = ln(1 + mu) - s^2 / 2`, which makes
 * `E[R] = mu` and `SD[R] = sigma` exactly (see docs/rng.md for the derivation).
 * With `stepsPerYear = 12` the model is for monthly steps: `m / 12` and `s / sqrt(12)`, so that
 * twelve compounded monthly gross returns have exactly the annual log-return distribution N(m, s^2).
 *
 * Computed with the deterministic {@link log} as `cv = sigma / (1 + mu)`,
 * `s2 = log1p(cv * cv)`, `m = log1p(mu) - s2 / 2`, `s = Math.sqrt(s2)`, where `log1p(y)` is
 * evaluated as `log(u) * (y / (u - 1))` with `u = 1 + y` (Kahan's compensation, exact when
 * `u === 1`), which avoids the cancellation of `log(1 + y)` for small y.
 *
 * @param expectedReturn - annual arithmetic mean return mu, a decimal fraction (0.07 = 7%); > -1
 * @param returnVolatility - annual standard deviation sigma of the return; >= 0
 * @param stepsPerYear - 1 for annual steps (default), 12 for monthly steps
 * @returns the frozen model `{ m, s }`
 * @throws RangeError when mu <= -1, sigma < 0, either is not finite, stepsPerYear is not 1 or 12,
 *   or the parameters overflow
 * @example
 * ```ts
 * import { returnModel } from 'finplan/rng';
 * const annual = returnModel(0.07, 0.15);
 * const monthly = returnModel(0.07, 0.15, 12);
 * ```
 */
export function returnModel(
  expectedReturn: number,
  returnVolatility: number,
  stepsPerYear: 1 | 12 = 1,
): ReturnModel {
  if (!Number.isFinite(expectedReturn) || !(expectedReturn > -1)) {
    throw new RangeError(`expected_return must be a finite number > -1, got ${String(expectedReturn)}`);
  }
  if (!Number.isFinite(returnVolatility) || !(returnVolatility >= 0)) {
    throw new RangeError(`return_volatility must be a finite number >= 0, got ${String(returnVolatility)}`);
  }
  if (stepsPerYear !== 1 && stepsPerYear !== 12) {
    throw new RangeError(`stepsPerYear must be 1 or 12, got ${String(stepsPerYear)}`);
  }
  const cv = returnVolatility / (1 + expectedReturn);
  const s2 = log1p(cv * cv);
  const annualM = log1p(expectedReturn) - s2 / 2;
  const annualS = Math.sqrt(s2);
  if (!Number.isFinite(annualM) || !Number.isFinite(annualS)) {
    throw new RangeError('expected_return and return_volatility give a non-finite return model');
  }
  const model: ReturnModel =
    stepsPerYear === 1 ? { m: annualM, s: annualS } : { m: annualM / 12, s: annualS / Math.sqrt(12) };
  return Object.freeze(model);
}

/**
 * The gross return `exp(m + s z)` of one step for a given standard normal deviate `z`
 * (deterministic {@link exp}). Use it when the same deviate must drive several quantities.
 *
 * @param model - from {@link returnModel}
 * @param z - a standard normal deviate
 * @returns the gross return 1 + R of the step (> 0)
 * @example
 * ```ts
 * import { grossReturn, returnModel } from 'finplan/rng';
 * const model = returnModel(0.07, 0.15);
 * grossReturn(model, 0); // the median gross return, exp(m)
 * ```
 */
export function grossReturn(model: ReturnModel, z: number): number {
  return exp(model.m + model.s * z);
}

/**
 * Draws one step's gross return: `grossReturn(model, normal(rng))`. Consumes what one {@link normal}
 * consumes (two outputs of `rng` for about 98.5% of draws, more when the ziggurat rejects or draws its
 * tail).
 *
 * @param model - from {@link returnModel}
 * @param rng - the generator to draw from
 * @returns the gross return 1 + R of the step (> 0)
 * @example
 * ```ts
 * import { createRng, drawGrossReturn, returnModel } from 'finplan/rng';
 * const rng = createRng(42);
 * const model = returnModel(0.07, 0.15);
 * let balance = 1000;
 * for (let year = 0; year < 30; year++) balance *= drawGrossReturn(model, rng);
 * ```
 */
export function drawGrossReturn(model: ReturnModel, rng: Rng): number {
  return grossReturn(model, normal(rng));
}
