/**
 * The retirement area's entry point for every other area (`finplan/testing` draws bracket targets the
 * bracket-filling operations accept): import from here, never from the modules behind it (`npm run lint`
 * refuses an import of another area's `_lib/`).
 *
 * @internal
 * @module
 */
export { fillableBracketRates } from './_lib/bracket-fill';
export { rmdYear } from './_lib/uniform-lifetime';
