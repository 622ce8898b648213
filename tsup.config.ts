import { defineConfig } from 'tsup';

const areas = [
  'utilities',
  'retirement',
  'social-security',
  'tax',
  'equity',
  'education',
  'healthcare',
  'portfolio',
  'rng',
  'http',
  'node',
  'testing',
];

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      ...Object.fromEntries(areas.map((area) => [`${area}/index`, `src/${area}/index.ts`])),
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    clean: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
    external: ['fast-check'],
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
