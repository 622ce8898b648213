/**
 * The Social Security area's entry point for every other area (the lifetime plan reads the benefit at a
 * claiming age): import from here, never from the modules behind it (`npm run lint` refuses an import of
 * another area's `_lib/`).
 *
 * @internal
 * @module
 */
export {
  claimingBenefit,
  EARLIEST_BIRTH_YEAR,
  fullRetirementAgeMonths,
  ssaBirthYear,
} from './_lib/benefit';
