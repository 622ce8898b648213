/**
 * The Student Aid Index tables by award year (`data/education/sai/YYYY.json`), selected by the
 * request field `award_year` (2025 = the 2025-26 award year).
 *
 * @internal
 * @module
 */
import s2024 from '../../../data/education/sai/2024.json';
import s2025 from '../../../data/education/sai/2025.json';
import s2026 from '../../../data/education/sai/2026.json';
import { defineYearTables } from '../../core/year-tables';
import type { SaiTable } from './sai-tables';

export type { SaiTable } from './sai-tables';

/**
 * SAI tables by award year: the FSA SAI and Pell Grant Eligibility Guide's Formula A tables (income
 * protection, employment expense, payroll tax and asset protection allowances, the Table A5 schedule).
 *
 * @example
 * ```ts
 * saiTables.get(2025).student_income_protection_allowance.amount; // 11510
 * ```
 */
export const saiTables = defineYearTables<SaiTable>({
  name: 'Student Aid Index',
  field: 'award_year',
  files: 'education/sai',
  tables: { 2024: s2024, 2025: s2025, 2026: s2026 },
});
