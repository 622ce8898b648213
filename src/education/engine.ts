/**
 * The education area's entry point for every other area (`finplan/testing` draws 529-to-Roth requests
 * within the rollover rules): import from here, never from the modules behind it (`npm run lint` refuses
 * an import of another area's `_lib/`).
 *
 * @internal
 * @module
 */
export { ROTH_ROLLOVER_RULES } from './_lib/roth-rollover';
