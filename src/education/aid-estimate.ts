import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { filingStatus, integer, money, nonNegativeMoney, resultNumber, withDefault } from '../core/schema';
import { yearField } from '../core/year-tables';
import { saiTables } from './_lib/sai';
import type { SaiTable } from './_lib/sai-tables';

/** `/v1/education/aid-estimate` request. */
export const AidEstimateInput = z.strictObject({
  award_year: yearField(
    'Award year by its first calendar year: 2025 = the 2025-26 award year (July 1, 2025 to June 30, 2026), whose FAFSA reports 2023 income (the prior-prior year); 2026 = 2026-27, 2024 income.',
    saiTables,
  ),
  family_size: integer(
    "Number in the parents' family as the FAFSA counts it: the student, the parents and the other people the parents support (2-30).",
    { min: 2, max: 30 },
  ),
  parent_filing_status: filingStatus(
    "Parents' federal filing status, which picks Table A1's column. mfj: the parents' combined earnings on the joint column (250,000 Medicare threshold, twice the wage base). mfs: married filing separately (or one separated parent filing so): each parent's own earnings on the separate column (125,000, one wage base each). single, hoh or qss: one parent, or two unmarried parents living together who each file so (give parent2_earned_income): each parent's own earnings on the 200,000 column, one wage base each.",
  ),
  parent_agi: money("Parents' adjusted gross income of the income year (may be negative)."),
  parent_income_tax_paid: nonNegativeMoney(
    "Parents' U.S. income tax paid (Form 1040 income tax less credits).",
  ),
  parent_earned_income: nonNegativeMoney(
    'Income earned from work (wages, net self-employment) of the parent.',
  ),
  parent2_earned_income: withDefault(
    nonNegativeMoney(
      "Income earned from work of the other parent in the family: the spouse, or the student's other parent living with the parent unmarried (0 for a one-parent family). Default 0.",
    ),
    0,
  ),
  parent_cash_savings: withDefault(
    nonNegativeMoney("Parents' cash, savings and checking balances. Default 0."),
    0,
  ),
  parent_investments_net: withDefault(
    nonNegativeMoney(
      "Net worth of the parents' investments (real estate other than the home, stocks, bonds, funds, 529 plans; not retirement accounts), never below 0. Default 0.",
    ),
    0,
  ),
  student_agi: withDefault(money("Student's adjusted gross income of the income year. Default 0."), 0),
  student_earned_income: withDefault(nonNegativeMoney("Student's income earned from work. Default 0."), 0),
  student_income_tax_paid: withDefault(nonNegativeMoney("Student's U.S. income tax paid. Default 0."), 0),
  student_cash_savings: withDefault(
    nonNegativeMoney("Student's cash, savings and checking balances. Default 0."),
    0,
  ),
  student_investments_net: withDefault(
    nonNegativeMoney(
      "Net worth of the student's investments (including UGMA/UTMA accounts), never below 0. Default 0.",
    ),
    0,
  ),
  cost_of_attendance: nonNegativeMoney(
    "The school's cost of attendance for the year (tuition, fees, housing, food, books, transportation, personal expenses).",
  ),
});
export type AidEstimateInput = z.input<typeof AidEstimateInput>;

export const AidEstimateResult = z.object({
  parent_available_income: resultNumber(
    "Parents' total income (AGI) less U.S. income tax paid and the payroll tax, income protection and employment expense allowances; may be negative.",
  ),
  parent_contribution_from_assets: resultNumber(
    "12% of the parents' net worth (cash and savings plus investments; the asset protection allowance is $0), to the dollar.",
  ),
  parent_adjusted_available_income: resultNumber(
    "Parents' available income plus their contribution from assets; may be negative.",
  ),
  parent_contribution: resultNumber(
    "Table A5 applied to the adjusted available income: 22% to 47% by bracket, negative down to the table's minimum; to the dollar.",
  ),
  student_contribution_from_income: resultNumber(
    "50% of the student's available income (AGI less income tax, payroll tax allowance, the student income protection allowance and the parents' negative adjusted available income), not below the year's minimum (-1,500 for 2024-25 and 2025-26, 0 for 2026-27); to the dollar.",
  ),
  student_contribution_from_assets: resultNumber("20% of the student's net worth, to the dollar."),
  income_protection_allowance: resultNumber(
    "The parents' income protection allowance for the family size (Table A2).",
  ),
  sai: resultNumber(
    'Student Aid Index: parent contribution plus the student contributions from income and assets, between -1,500 and 999,999.',
  ),
  financial_need: resultNumber(
    'cost_of_attendance minus the SAI, a negative SAI counting as 0 (schools convert negative SAIs to zero when awarding need-based aid); never below 0.',
  ),
});
/** The `result` of the envelope: the type of the `AidEstimateResult` schema. */
export type AidEstimateResult = z.infer<typeof AidEstimateResult>;

/** Table A1's column: a joint return, a separate return, every other filer (and the student). */
type PayrollColumn = 'joint' | 'separate' | 'other';

/** Table A1's column for the parents' filing status. */
function payrollColumn(status: z.output<typeof AidEstimateInput>['parent_filing_status']): PayrollColumn {
  if (status === 'mfj') return 'joint';
  return status === 'mfs' ? 'separate' : 'other';
}

/** Half up (away from zero) to the whole dollar: the guide's worksheets carry whole dollars. */
function toDollar(value: Dec): Dec {
  return value.toDecimalPlaces(0, Dec.ROUND_HALF_UP);
}

/**
 * Table A1: the payroll tax allowance on income earned from work. Step 1 (Medicare): 1.45% of each
 * earner's earnings up to the column's threshold and 2.35% above it; step 2 (Social Security): 6.2% of each
 * earner's earnings up to the wage base (twice it on the joint column). Each step is summed over the
 * earners, then rounded to the dollar, as ED's processor computes it. A joint return is one earner (the
 * parents' combined earnings); otherwise each parent is an earner with a wage base of their own.
 */
function payrollTaxAllowance(table: SaiTable, earners: readonly number[], column: PayrollColumn): Dec {
  const t = table.payroll_tax_allowance;
  const threshold = t.medicare_threshold[column];
  const base = new Dec(t.oasdi_wage_base).times(column === 'joint' ? 2 : 1);
  let hi = new Dec(0);
  let oasdi = new Dec(0);
  for (const earned of earners) {
    const below = Dec.min(earned, threshold);
    const above = Dec.max(0, new Dec(earned).minus(threshold));
    hi = hi.plus(below.times(t.medicare_rate)).plus(above.times(t.medicare_rate_above_threshold));
    oasdi = oasdi.plus(Dec.min(earned, base).times(t.oasdi_rate));
  }
  return toDollar(hi).plus(toDollar(oasdi));
}

/** Table A2: the parents' income protection allowance for `familySize`. */
function incomeProtectionAllowance(table: SaiTable, familySize: number): number {
  const t = table.parent_income_protection_allowance;
  const index = familySize - t.smallest_family_size;
  const last = t.by_family_size.length - 1;
  if (index <= last) return t.by_family_size[Math.max(0, index)] as number;
  return new Dec(t.by_family_size[last] as number)
    .plus(new Dec(t.each_additional_member).times(index - last))
    .toNumber();
}

/** Table A5: the parents' contribution from adjusted available income, to the dollar. */
function parentsContribution(table: SaiTable, aai: Dec): Dec {
  const t = table.parents_contribution_schedule;
  if (aai.lt(t.minimum_aai)) return new Dec(t.minimum_contribution);
  let row = t.brackets[0] as (typeof t.brackets)[number];
  for (const candidate of t.brackets) if (aai.gt(candidate.aai_over)) row = candidate;
  return toDollar(aai.minus(row.aai_over).times(row.rate).plus(row.base));
}

function compute(input: z.output<typeof AidEstimateInput>): AidEstimateResult {
  const table = saiTables.get(input.award_year);
  const column = payrollColumn(input.parent_filing_status);

  // Parents' available income: total income (AGI) less the allowances. Table A1 takes a joint return's
  // combined earnings as one figure, and otherwise each parent's own.
  const parentEarned = new Dec(input.parent_earned_income).plus(input.parent2_earned_income);
  const earners =
    column === 'joint'
      ? [parentEarned.toNumber()]
      : [input.parent_earned_income, input.parent2_earned_income];
  const ipa = incomeProtectionAllowance(table, input.family_size);
  const eea = Dec.min(
    table.employment_expense_allowance.maximum,
    toDollar(parentEarned.times(table.employment_expense_allowance.rate)),
  );
  const parentAllowances = new Dec(input.parent_income_tax_paid)
    .plus(payrollTaxAllowance(table, earners, column))
    .plus(ipa)
    .plus(eea);
  const availableIncome = new Dec(input.parent_agi).minus(parentAllowances);

  // Parents' contribution from assets: net worth less the asset protection allowance, at 12%, never negative.
  const netWorth = new Dec(input.parent_cash_savings).plus(input.parent_investments_net);
  const fromAssets = Dec.max(
    0,
    toDollar(
      netWorth.minus(table.asset_protection_allowance.amount).times(table.asset_conversion.parent_rate),
    ),
  );
  const aai = availableIncome.plus(fromAssets);
  const parentContribution = parentsContribution(table, aai);

  // Student's contribution from income: 50% of available income, not below the year's minimum (HEA sec.
  // 475(g)(1): -1,500 in 2024-25, 0 from 2025-26).
  const studentAllowances = new Dec(input.student_income_tax_paid)
    .plus(payrollTaxAllowance(table, [input.student_earned_income], 'other'))
    .plus(table.student_income_protection_allowance.amount)
    .plus(aai.isNegative() ? aai.negated() : 0);
  const studentAvailable = new Dec(input.student_agi).minus(studentAllowances);
  const assessment = table.student_income_assessment;
  const fromIncome = Dec.max(
    assessment.minimum_contribution,
    toDollar(studentAvailable.times(assessment.rate)),
  );

  // Student's contribution from assets: 20% of net worth.
  const studentNetWorth = new Dec(input.student_cash_savings).plus(input.student_investments_net);
  const fromStudentAssets = toDollar(studentNetWorth.times(table.asset_conversion.student_rate));

  const limits = table.sai_limits;
  const sai = Dec.min(
    limits.maximum,
    Dec.max(limits.minimum, parentContribution.plus(fromIncome).plus(fromStudentAssets)),
  );
  const need = Dec.max(0, new Dec(input.cost_of_attendance).minus(Dec.max(0, sai)));

  return {
    parent_available_income: roundMoney(availableIncome),
    parent_contribution_from_assets: roundMoney(fromAssets),
    parent_adjusted_available_income: roundMoney(aai),
    parent_contribution: roundMoney(parentContribution),
    student_contribution_from_income: roundMoney(fromIncome),
    student_contribution_from_assets: roundMoney(fromStudentAssets),
    income_protection_allowance: ipa,
    sai: roundMoney(sai),
    financial_need: roundMoney(need),
  };
}

/**
 * Federal Student Aid Index (SAI) of a dependent student (FAFSA Simplification Act, HEA sections
 * 473-475; the FSA SAI and Pell Grant Eligibility Guide's Formula A) and the financial need at a school.
 * The parents' available income (AGI less income tax, payroll tax, income protection and employment
 * expense allowances; no state tax allowance) plus 12% of their net worth is assessed at 22% to 47%
 * (Table A5); the student adds 50% of available income (down to -1,500 in 2024-25; not below 0 from
 * 2025-26) and 20% of assets. The SAI is never below -1,500; need is the cost of attendance less the SAI,
 * a negative SAI counting as zero.
 *
 * @example
 * ```ts
 * import { aidEstimate } from 'finplan/education';
 * // 2025-26, family of four, $100,000 AGI, $50,000 in savings and investments: SAI 11,079
 * aidEstimate({
 *   award_year: 2025, family_size: 4, parent_filing_status: 'mfj', parent_agi: 100_000,
 *   parent_income_tax_paid: 8_000, parent_earned_income: 60_000, parent2_earned_income: 40_000,
 *   parent_cash_savings: 20_000, parent_investments_net: 30_000, student_agi: 5_000,
 *   student_earned_income: 5_000, cost_of_attendance: 30_000,
 * }).result.sai; // 11079
 * ```
 */
export const aidEstimate = defineOperation({
  path: '/v1/education/aid-estimate',
  engine: 'sai',
  version: '1.3.0',
  prefix: 'sai',
  summary: 'Federal Student Aid Index (dependent student) and financial need at a school.',
  description:
    "The FAFSA Simplification Act's Student Aid Index for a dependent student (Formula A of the FSA SAI and " +
    "Pell Grant Eligibility Guide), from the award year tables: parents' available income less the payroll tax, " +
    'income protection and employment expense allowances, 12% of net worth, the Table A5 schedule; the ' +
    "student's 50% of available income (down to -1,500 in 2024-25; not below 0 from 2025-26) and 20% of assets; SAI between " +
    '-1,500 and 999,999. ' +
    'Need = cost of attendance - SAI, a negative SAI counting as 0. Untaxed income, business and farm net ' +
    'worth and the automatic -1,500 for non-filers are not modeled.',
  example: {
    award_year: 2025,
    family_size: 4,
    parent_filing_status: 'mfj',
    parent_agi: 100000,
    parent_income_tax_paid: 8000,
    parent_earned_income: 60000,
    parent2_earned_income: 40000,
    parent_cash_savings: 20000,
    parent_investments_net: 30000,
    student_agi: 5000,
    student_earned_income: 5000,
    cost_of_attendance: 30000,
  },
  input: AidEstimateInput,
  output: AidEstimateResult,
  compute,
});
