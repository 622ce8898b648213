/**
 * The Student Aid Index tables by award year (`data/education/sai/YYYY.json`), selected by the
 * request field `award_year` (2025 = the 2025-26 award year).
 *
 * @internal
 * @module
 */
import { educationSai } from '../../../data/tables';
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
  tables: educationSai,
});
