import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // No test depends on the machine's speed: a test that needs 10 minutes is hung, not slow (the suite has
    // passed with eight agents sharing two cores, where single tests took 30-40 s).
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
