import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    // No test depends on the machine's speed: a test that needs 10 minutes is hung, not slow (the suite has
    // passed with eight agents sharing two cores, where single tests took 30-40 s).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Every core: vitest's default leaves one for itself (one worker on a two-core machine), but the main
    // process only collects results while the workers run.
    maxWorkers: availableParallelism(),
    // The test files of a worker share one module graph: no test changes a module's state or a global that
    // another file reads (each server, store, pool and environment variable a test makes is its own and is
    // closed or restored by it). Evaluating the engines' modules afresh for each of ~115 files cost more
    // than a third of the suite's time (the platform's files alone: 41 s of imports shared, 210 s isolated,
    // measured side by side on a loaded machine).
    isolate: false,
  },
});
