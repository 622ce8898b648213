// fast-check runs with a fixed seed, so that the suite gives the same result on every run (CI included).
// `npm run test:random` (FC_SEED=random) draws a fresh seed per test file and prints it; replay a
// failure with FC_SEED=<seed> npm test.
import fc from 'fast-check';
import { lifetimePlan } from '../src/plan/index';

const FIXED_SEED = 20261122;
const requested = process.env.FC_SEED;
let seed = FIXED_SEED;
if (requested === 'random') {
  seed = Math.floor(Math.random() * 0x7fffffff);
  console.log(`fast-check seed ${seed} (replay: FC_SEED=${seed} npm test)`);
} else if (requested !== undefined && requested !== '') {
  seed = Number(requested);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", got ${requested}`);
}
fc.configureGlobal({ seed });

// The lifetime plan's solver (WebAssembly) loads once per worker, before any test calls the plan.
await lifetimePlan.ready();
