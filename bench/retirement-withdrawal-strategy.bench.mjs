// withdrawal-strategy at 10,000 paths x 50 years, per strategy, against the same bare loop as
// monte-carlo (500,000 normals from finplan/rng -> gross returns compounding one balance per path).
// Target (issue 11): within 1.5x of the loop, ratio >= 0.667. `compute(parsed)`: no validation, no envelope.
import { withdrawalStrategy } from '../dist/retirement/index.js';
import { compare } from './harness.mjs';
import { bareLoop, interleaved } from './retirement-monte-carlo.bench.mjs';

const PATHS = 10_000;
const YEARS = 50;
const STRATEGIES = ['fixed_real', 'fixed_pct', 'guardrails', 'vpw', 'floor_and_ceiling'];

export async function run() {
  const parsed = STRATEGIES.map((strategy) =>
    withdrawalStrategy.parse({
      current_age: 50,
      end_age: 50 + YEARS,
      current_balance: 1_500_000,
      initial_rate: 0.04,
      strategy,
      expected_return: 0.06,
      return_volatility: 0.15,
      inflation: 0.025,
      num_simulations: PATHS,
      seed: 2024,
    }),
  );
  let sink = 0;
  const bare = bareLoop(2024, 0.06, 0.15);
  const [peer, ...ours] = interleaved([
    () => {
      sink += bare();
    },
    ...parsed.map((input) => () => {
      sink += withdrawalStrategy.compute(input).success_probability;
    }),
  ]);
  if (Number.isNaN(sink)) throw new Error('unreachable: keeps the loops alive');
  return STRATEGIES.map((strategy, i) =>
    compare(
      'retirement/withdrawal-strategy',
      `withdrawalStrategy.compute ${strategy}, ${PATHS} paths x ${YEARS} years`,
      ours[i],
      'bare loop: 500k normal(rng) -> grossReturn, one balance compounded',
      peer,
      'target ratio >= 0.667 (1.5x)',
    ),
  );
}
