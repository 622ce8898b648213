// Area boundaries and the absence of import cycles, checked by `npm run lint` (dependency-cruiser). Each folder of src/ is an area
// (tax, healthcare, ...) or a shared layer (core, rng, http, node, testing); an area's `_lib/` is its own.
// Another area reaches it through that area's entry point for other areas (`src/<area>/engine.ts`, e.g.
// `src/tax/engine.ts`), so that what sits behind it can change without touching its callers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-other-area-lib',
      severity: 'error',
      comment:
        "An import of another area's _lib/: import what it offers other areas from src/<area>/engine.ts instead.",
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/_lib/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (type-only imports included): a module and what it imports must not import it back; ' +
        'move what both need into the lower module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|test|bench|examples|scripts)/' },
  },
};
