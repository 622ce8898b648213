/**
 * The income limits of a state's rules for one request: where a deduction, exemption, credit, exclusion,
 * add-back or recapture starts, steps or stops changing as income rises. The cliff map offers them as
 * thresholds (besides the bracket tops and surtaxes) and keeps those where the cost actually changes.
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import type { Int } from './exact';
import { federalStandardDeduction, ruleOf } from './state-rules/deductions';
import type { LimitContext } from './state-rules/fold';
import { ruleLimits } from './state-rules/index';
import type { StateTaxTable } from './state-table';
import type { StateLimit, StateMeasure, StateTax, StateTaxInput, StateTaxUnits } from './state-tax-types';

export type { StateLimit, StateMeasure };

/** The value of `measure` in a state tax result, in the result's units (`units.unit`). */
export function stateMeasure(units: StateTaxUnits, measure: StateMeasure): Int {
  switch (measure) {
    case 'state_agi':
      return units.stateAgi;
    case 'federal_agi':
      return units.federalAgi;
    case 'state_gross_income':
      return units.stateGrossIncome;
    case 'taxable_income':
      return units.taxableIncome;
  }
}

/** How many times each kind of rule has been met so far in a table (the index of the next one). */
function counter(): (kind: string) => number {
  const seen = new Map<string, number>();
  return (kind) => {
    const i = seen.get(kind) ?? 0;
    seen.set(kind, i + 1);
    return i;
  };
}

/**
 * The limits of `table`'s rules for `input`, whose state tax is `tax`: only the rules that can apply to
 * it (its filing status, its age, income of the kind a rule excludes). Each kind offers its own
 * (`RuleKind.limits`).
 */
export function stateLimits(
  table: StateTaxTable,
  input: Pick<StateTaxInput, 'filing_status' | 'age' | 'social_security_income' | 'pension_income'>,
  tax: StateTax,
): StateLimit[] {
  if (table.kind === 'none') return [];
  const status = input.filing_status;
  const limits: StateLimit[] = [];
  const amount = (kind: 'personal_exemption' | 'exemption_credit') =>
    new Dec(ruleOf(table, kind)?.[status] ?? 0);
  const lx: LimitContext = {
    table,
    status,
    input,
    tax,
    full: {
      standard_deduction: fullStandardDeduction(table, status, input.age),
      personal_exemption: amount('personal_exemption'),
      exemption_credit: amount('exemption_credit'),
    },
    socialSecurityIsTaxed: ruleOf(table, 'social_security')?.taxed === true,
    add(block, name, measure, threshold, inclusive = false) {
      if (Number.isFinite(threshold)) limits.push({ name, measure, threshold, inclusive, block });
    },
  };
  const index = counter();
  for (const rule of table.rules) ruleLimits(lx, rule, index(rule.kind));
  return limits;
}

/**
 * The standard deduction before any reduction: the state's own (a percentage of income: its maximum), or the federal one it adopts (with the
 * IRC 63(f) additional amount at `age` 65 or older where the table says so).
 */
function fullStandardDeduction(table: StateTaxTable, status: FilingStatus, age?: number): Dec {
  const own = ruleOf(table, 'standard_deduction');
  if (own !== undefined) return new Dec(own[status]);
  // a percentage of income: at most its maximum
  const percent = ruleOf(table, 'standard_deduction_percent');
  if (percent !== undefined) return new Dec(percent.maximum[status]);
  const federal = ruleOf(table, 'federal_standard_deduction');
  if (federal === undefined) return new Dec(0);
  return new Dec(
    federalStandardDeduction(table.tax_year, status, federal.additional_at_65 ? age : undefined),
  );
}
