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
  EARLIEST_CLAIMING_MONTHS,
  fullRetirementAgeMonths,
  LATEST_CREDIT_MONTHS,
  ssaBirthYear,
} from './_lib/benefit';
