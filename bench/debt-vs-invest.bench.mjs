// debt-vs-invest at 10,000 paths x 30 years (360 monthly steps, 3.6M normals) against the bare cost
// of drawing the same 3.6M normals with our RNG (`normal(rng)` in a loop summing them): the limit no
// simulation on this return model can beat. Target: ratio >= 0.5 (within 2x of the limit).
import { createRng, grossReturn, normal, returnModel } from '../dist/rng/index.js';
import { debtVsInvest } from '../dist/utilities/index.js';
import { compare } from './harness.mjs';

const PATHS = 10_000;
const MONTHS = 360;

/** Calls per second of `fn` (seconds-long calls): best of `runs` timed calls after `warmup` calls. */
function callsPerSecond(fn, { warmup = 2, runs = 5 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return 1000 / best;
}

export async function run() {
  const parsed = debtVsInvest.parse({
    loan_balance: 30_000,
    loan_annual_rate: 0.065,
    loan_minimum_payment: 350,
    extra_monthly: 400,
    horizon_years: MONTHS / 12,
    expected_return: 0.07,
    return_volatility: 0.15,
    seed: 2024,
    num_simulations: PATHS,
  });
  let sink = 0;
  const ours = callsPerSecond(() => {
    sink += debtVsInvest.compute(parsed).probability_invest_wins;
  });
  const normals = callsPerSecond(() => {
    const rng = createRng(2024);
    let sum = 0;
    for (let i = 0; i < PATHS * MONTHS; i++) sum += normal(rng);
    sink += sum;
  });
  const model = returnModel(0.07, 0.15, 12);
  const returns = callsPerSecond(() => {
    const rng = createRng(2024);
    let sum = 0;
    for (let i = 0; i < PATHS * MONTHS; i++) sum += grossReturn(model, normal(rng));
    sink += sum;
  });
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the loops alive');
  const what = `${PATHS} paths x ${MONTHS} months`;
  return [
    compare(
      'debt-vs-invest',
      `debtVsInvest.compute, ${what}`,
      ours,
      '3.6M normal(rng) summed (limit)',
      normals,
      'target ratio >= 0.5',
    ),
    compare(
      'debt-vs-invest',
      `debtVsInvest.compute, ${what}`,
      ours,
      '3.6M grossReturn(model, normal(rng)) summed',
      returns,
      'the draws + exp every path needs',
    ),
  ];
}
