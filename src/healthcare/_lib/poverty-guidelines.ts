/**
 * HHS poverty guidelines for the 48 contiguous states and DC, by guideline year and household size:
 * one lookup shared by every area that measures income against the poverty line (the premium tax
 * credit here; income-driven student-loan repayment in the education area).
 *
 * @module
 */
import { povertyGuidelineTables } from './year-tables';

export { povertyGuidelineTables } from './year-tables';

/**
 * The annual HHS poverty guideline (48 contiguous states and DC) of `guidelineYear` for a household of
 * `householdSize` persons: the published figure for 1 to 8 persons, then the amount for each
 * additional person. An unsupported year is an `unsupported_year` error (field `guideline_year`).
 *
 * @example
 * ```ts
 * import { povertyGuideline } from 'finplan/healthcare';
 * povertyGuideline(2025, 1); // 15650
 * povertyGuideline(2025, 4); // 32150
 * povertyGuideline(2024, 10); // 63480
 * ```
 */
export function povertyGuideline(guidelineYear: number, householdSize: number): number {
  if (!Number.isInteger(householdSize) || householdSize < 1) {
    throw new RangeError(
      `householdSize must be a whole number of persons, at least 1 (got ${householdSize})`,
    );
  }
  const table = povertyGuidelineTables.get(guidelineYear).contiguous_states_and_dc;
  const sizes = table.by_household_size;
  if (householdSize <= sizes.length) return sizes[householdSize - 1] as number;
  return (sizes[sizes.length - 1] as number) + (householdSize - sizes.length) * table.each_additional_person;
}
