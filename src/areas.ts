/**
 * The package's public subpaths, in one place: the tsup build takes its entries from here, and
 * `test/package-shape.test.ts` checks that package.json `exports`, typedoc's entry points, `src/index.ts`
 * and the operation registry agree with it.
 *
 * @internal
 * @module
 */

/** Calculation areas: each is `finplan/<area>`, re-exported by `finplan` and registered for HTTP. */
export const CALCULATION_AREAS = [
  'utilities',
  'retirement',
  'social-security',
  'tax',
  'equity',
  'education',
  'healthcare',
  'insurance',
  'portfolio',
] as const;

/**
 * Served areas: each is `finplan/<area>` and served over HTTP, but not re-exported by `finplan` (the
 * lifetime plan loads a WebAssembly solver: only its users should).
 */
export const SERVED_AREAS = ['plan'] as const;

/** A served area's name. */
export type ServedArea = (typeof SERVED_AREAS)[number];

/** Tool subpaths: `finplan/<name>`, not re-exported by `finplan` (their names would shadow too much). */
export const TOOL_SUBPATHS = ['rng', 'http', 'node', 'testing'] as const;

/** A calculation area's name. */
export type CalculationArea = (typeof CALCULATION_AREAS)[number];
