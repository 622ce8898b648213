import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: the engines' tests share one module graph per worker (`isolate: false`: they are pure
// functions of their inputs and change no global state, and re-evaluating every module for each of their
// ~90 files cost about a third of the suite's time); the platform's tests (HTTP servers, the CLI, the
// examples and docs run as a user would, the built package) each get a fresh module graph.
const PLATFORM = [
  'test/http/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/cli.test.ts',
  'test/examples.test.ts',
  'test/consumer-types.test.ts',
  'test/size.test.ts',
  'test/tree-shake.test.ts',
];

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
    projects: [
      {
        extends: true,
        test: { name: 'engines', include: ['test/**/*.test.ts'], exclude: PLATFORM, isolate: false },
      },
      { extends: true, test: { name: 'platform', include: PLATFORM } },
    ],
  },
});
