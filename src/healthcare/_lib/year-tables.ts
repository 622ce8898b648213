/**
 * The healthcare area's year-keyed table sets: Medicare premiums and IRMAA tiers, HHS poverty
 * guidelines (shared with other areas: the education area's income-driven repayment reads them too)
 * and the premium tax credit's applicable percentage tables.
 *
 * @internal
 * @module
 */
import rules from '../../../data/healthcare/medicare-rules.json';
import {
  healthcareApplicablePercentage,
  healthcareMedicare,
  healthcarePovertyGuidelines,
} from '../../../data/tables';
import { defineTable, defineYearTables } from '../../core/year-tables';
import type {
  ApplicablePercentageTable,
  MedicareRules,
  MedicareTable,
  PovertyGuidelineTable,
} from './tables';

export type {
  ApplicablePercentageTable,
  MedicareRules,
  MedicareTable,
  PovertyGuidelineTable,
} from './tables';

/**
 * Medicare premiums and IRMAA tiers by premium year (`data/healthcare/medicare/YYYY.json`: the CMS
 * Parts A & B fact sheets, the Part B Federal Register notices, the Part D base beneficiary premium),
 * selected by the request field `irmaa_year`.
 *
 * @example
 * ```ts
 * irmaaTables.get(2026).part_b.standard_premium; // 202.9
 * ```
 */
export const irmaaTables = defineYearTables<MedicareTable>({
  name: 'Medicare premium and IRMAA',
  field: 'irmaa_year',
  files: 'healthcare/medicare',
  tables: healthcareMedicare,
});

/**
 * The same Medicare tables, selected by a request field `year` (the late-enrollment penalty).
 *
 * @example
 * ```ts
 * medicarePremiumTables.get(2025).part_d_base_premium.monthly; // 36.78
 * ```
 */
export const medicarePremiumTables = defineYearTables<MedicareTable>({
  name: 'Medicare premium',
  field: 'year',
  files: 'healthcare/medicare',
  tables: healthcareMedicare,
});

/**
 * HHS poverty guidelines for the 48 contiguous states and DC, by guideline year
 * (`data/healthcare/poverty-guidelines/YYYY.json`).
 *
 * @example
 * ```ts
 * import { povertyGuidelineTables } from 'finplan/healthcare';
 * povertyGuidelineTables.get(2025).contiguous_states_and_dc.by_household_size[0]; // 15650
 * ```
 */
export const povertyGuidelineTables = defineYearTables<PovertyGuidelineTable>({
  name: 'HHS poverty guidelines',
  field: 'guideline_year',
  files: 'healthcare/poverty-guidelines',
  tables: healthcarePovertyGuidelines,
});

/**
 * The premium tax credit's applicable percentage tables by coverage year
 * (`data/healthcare/applicable-percentage/YYYY.json`: Rev. Procs. 2023-29, 2024-35, 2025-25).
 *
 * @example
 * ```ts
 * applicablePercentageTables.get(2026).eligibility.maximum_percent; // 400
 * ```
 */
export const applicablePercentageTables = defineYearTables<ApplicablePercentageTable>({
  name: 'premium tax credit',
  field: 'coverage_year',
  files: 'healthcare/applicable-percentage',
  tables: healthcareApplicablePercentage,
});

/**
 * Medicare's statutory rules that are not keyed by year (`data/healthcare/medicare-rules.json`): the
 * Medicare age and the Part B and Part D late-enrollment penalty rates and rounding.
 *
 * @example
 * ```ts
 * MEDICARE_RULES.part_d_penalty.rate_per_month; // 0.01
 * ```
 */
export const MEDICARE_RULES = defineTable<MedicareRules>(rules);
