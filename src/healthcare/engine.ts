/**
 * The healthcare area's entry point for every other area (tax's cliff map, retirement's Roth conversion
 * and survivor scenario, education's income-driven repayment): import from here, never from the modules
 * behind it (`npm run lint` refuses an import of another area's `_lib/`).
 *
 * - IRMAA: {@link irmaaFor}, {@link irmaaSchedule} and {@link IRMAA_ENGINE} (for `uses`).
 * - The premium tax credit: {@link premiumTaxCredit} and {@link PTC_ENGINE}.
 * - Tables: Medicare premiums and IRMAA tiers by year, the applicable percentage tables, the Medicare
 *   rules, the HHS poverty guidelines.
 *
 * @internal
 * @module
 */
export { IRMAA_ENGINE, irmaaFor, irmaaSchedule } from './_lib/irmaa';
export { povertyGuideline, povertyGuidelineTables } from './_lib/poverty-guidelines';
export { type PremiumTaxCredit, PTC_ENGINE, premiumTaxCredit } from './_lib/ptc';
export { applicablePercentageTables, irmaaTables, MEDICARE_RULES } from './_lib/year-tables';
