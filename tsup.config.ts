import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import { CALCULATION_AREAS, SERVED_AREAS, TOOL_SUBPATHS } from './src/areas';

/** Keys of a data table that carry prose (citations and notes), kept in data/ and the docs only. */
const PROSE = /^(sources|source|note|notes|.*_source)$/;

function stripProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripProse);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (!PROSE.test(key)) out[key] = stripProse(member);
  return out;
}

/**
 * Tables reach the runtime without their citations and notes (most of their bytes): engines read only
 * figures; the prose stays in data/ where the tests check it and the docs point to it.
 */
const stripTableProse: Plugin = {
  name: 'strip-table-prose',
  setup(build) {
    build.onLoad({ filter: /[\\/]data[\\/].*\.json$/ }, async (args) => ({
      contents: JSON.stringify(stripProse(JSON.parse(await readFile(args.path, 'utf8')))),
      loader: 'json',
    }));
  },
};

const subpaths = [...CALCULATION_AREAS, ...SERVED_AREAS, ...TOOL_SUBPATHS];

/** Modules of src/ built on their own terms (the CLI by the second build), not as library entries. */
const NOT_ENTRIES = new Set(['cli.ts', 'areas.ts', 'operation-modules.ts']);

/**
 * Every other module of src/, in sorted order, as an object (output name: source). esbuild's chunks follow
 * the entries' order, so the chunks, their imports and an application's bundle of them (hundreds of gzip
 * bytes) varied when the order did: tsup passes an entry array through a glob, which lists files in the
 * order its file-system walk finishes (a sorted array came back in another order), and takes an object
 * as it is.
 */
const entries = Object.fromEntries(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !NOT_ENTRIES.has(file))
    .sort()
    .map((file) => [file.slice(0, -'.ts'.length), `src/${file}`]),
);

export default defineConfig([
  {
    // Every module is an entry, so each lands in its own file and an application's bundler keeps only
    // the operations it imports (package.json exports only the subpath index files).
    entry: entries,
    format: ['esm', 'cjs'],
    dts: {
      entry: {
        index: 'src/index.ts',
        ...Object.fromEntries(subpaths.map((name) => [`${name}/index`, `src/${name}/index.ts`])),
      },
    },
    sourcemap: false,
    clean: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
    external: ['fast-check'],
    esbuildPlugins: [stripTableProse],
    // The OpenAPI document's parts for the CLI, made by the modules just built (scripts/openapi-parts.mjs).
    onSuccess: 'node scripts/openapi-parts.mjs',
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    // The commands' dynamic imports become chunks, so that help and usage errors start without the engines.
    splitting: true,
    // An optional peer dependency, imported only by `serve --redis`: never bundled.
    external: ['ioredis'],
    esbuildPlugins: [stripTableProse],
  },
]);
