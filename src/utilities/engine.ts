/**
 * The utilities area's entry point for every other area (retirement's HSA, education's 529-to-Roth
 * rollover): the contribution limits by year. Import from here, never from the modules behind it
 * (`npm run lint` refuses an import of another area's `_lib/`).
 *
 * @internal
 * @module
 */
export { type ContributionLimitTable, contributionLimitTables } from './_lib/limit-tables';
