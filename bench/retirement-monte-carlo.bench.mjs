// Retirement simulations at 10,000 paths x 50 years against the bare loop that draws the same 500,000
// normals with finplan/rng, turns each into the year's gross return of the same model and compounds one
// balance per path: the least any simulation on this return model can do. Target (issue 11): the
// operation within 1.5x of that loop, i.e. ratio >= 0.667. `compute(parsed)`: no validation, no envelope.

import { monteCarlo } from '../dist/retirement/index.js';
import { createRng, grossReturn, normal, returnModel } from '../dist/rng/index.js';
import { compare } from './harness.mjs';

const PATHS = 10_000;
const YEARS = 50;

/**
 * Calls per second of each of `fns` (tens-of-milliseconds calls), measured in interleaved rounds so
 * that a busy moment of a shared machine slows all of them alike: best of `rounds` after `warmup`.
 */
export function interleaved(fns, { warmup = 3, rounds = 25 } = {}) {
  for (let i = 0; i < warmup; i++) for (const fn of fns) fn();
  const best = fns.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < rounds; round++) {
    fns.forEach((fn, i) => {
      const start = performance.now();
      fn();
      best[i] = Math.min(best[i], performance.now() - start);
    });
  }
  return best.map((ms) => 1000 / ms);
}

/** The bare loop: PATHS x YEARS gross returns of the model compounding one balance per path. */
export function bareLoop(seed, expectedReturn, volatility) {
  const model = returnModel(expectedReturn, volatility, 1);
  return () => {
    const rng = createRng(seed);
    let sum = 0;
    for (let p = 0; p < PATHS; p++) {
      let balance = 1_000_000;
      for (let t = 0; t < YEARS; t++) balance *= grossReturn(model, normal(rng));
      sum += balance;
    }
    return sum;
  };
}

export async function run() {
  const request = {
    current_age: 45,
    retirement_age: 65,
    end_age: 45 + YEARS,
    current_balance: 400_000,
    annual_contribution: 20_000,
    annual_spending: 60_000,
    expected_return: 0.06,
    return_volatility: 0.15,
    inflation: 0.025,
    num_simulations: PATHS,
    seed: 2024,
  };
  const fixed = monteCarlo.parse(request);
  const gk = monteCarlo.parse({ ...request, spending_rule: { type: 'guyton_klinger' } });
  let sink = 0;
  const bare = bareLoop(2024, 0.06, 0.15);
  const [peer, ours, oursGk] = interleaved([
    () => {
      sink += bare();
    },
    () => {
      sink += monteCarlo.compute(fixed).success_probability;
    },
    () => {
      sink += monteCarlo.compute(gk).success_probability;
    },
  ]);
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the loops alive');
  const what = `${PATHS} paths x ${YEARS} years`;
  const limit = 'bare loop: 500k normal(rng) -> grossReturn, one balance compounded';
  return [
    compare(
      'retirement/monte-carlo',
      `monteCarlo.compute, ${what}`,
      ours,
      limit,
      peer,
      'target ratio >= 0.667 (1.5x)',
    ),
    compare(
      'retirement/monte-carlo',
      `monteCarlo.compute with guyton_klinger, ${what}`,
      oursGk,
      limit,
      peer,
      'target ratio >= 0.667 (1.5x)',
    ),
  ];
}
