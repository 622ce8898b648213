// Oracle copy of the decimal implementation (see federal-tax.ts in this folder).
import { Dec } from '../../../src/core/money';
import type { FilingStatus } from '../../../src/core/schema';
import { STATUTORY_AGES } from '../../../src/tax/_lib/statutory-ages';
import type { FederalTaxTable } from '../../../src/tax/federal-tables';

/**
 * Age at which the §63(f) additional standard deduction and the §151(d)(5)(C) senior deduction apply
 * (`data/tax/statutory-ages.json`).
 * @internal
 */
export const SENIOR_AGE = STATUTORY_AGES.senior.age;

/**
 * Who is 65 or older (at the end of the tax year) or blind. The spouse counts only on a joint return
 * (`mfj`): a separate return's spousal amounts (§63(f)(1)(B), (2)(B)) are not modeled.
 */
export interface Household {
  readonly age?: number | undefined;
  readonly spouse_age?: number | undefined;
  readonly blind?: boolean | undefined;
  readonly spouse_blind?: boolean | undefined;
}

/** The standard deduction: the §63(c)(2) basic amount plus the §63(f) additional amounts. */
export interface StandardDeduction {
  readonly basic: number;
  /** Number of additional amounts (65+ and blind, taxpayer and, on a joint return, spouse). */
  readonly additional_count: number;
  readonly additional: number;
  readonly total: number;
}

function isSenior(age: number | undefined): boolean {
  return age !== undefined && age >= SENIOR_AGE;
}

/**
 * The standard deduction of `status`, with one additional amount for each of: taxpayer 65 or older,
 * taxpayer blind, and on a joint return spouse 65 or older, spouse blind. The additional amount is the
 * table's `unmarried` figure for single and hoh, `married` for mfj, mfs and qss (§63(f)(3)). Not
 * modeled: the zero MFS deduction when the spouse itemizes (§63(c)(6)(A)) and a dependant's limited
 * deduction (§63(c)(5)).
 *
 * @example
 * ```ts
 * import { federalTable, standardDeduction } from 'finplan/tax';
 * standardDeduction(federalTable(2025), 'mfj', { age: 67, spouse_age: 66 }).total; // 34700 = 31,500 + 2 x 1,600
 * ```
 */
export function standardDeduction(
  table: FederalTaxTable,
  status: FilingStatus,
  household: Household = {},
): StandardDeduction {
  const basic = table.standard_deduction[status];
  let count = (isSenior(household.age) ? 1 : 0) + (household.blind ? 1 : 0);
  if (status === 'mfj') count += (isSenior(household.spouse_age) ? 1 : 0) + (household.spouse_blind ? 1 : 0);
  const each =
    status === 'single' || status === 'hoh'
      ? table.additional_standard_deduction.unmarried
      : table.additional_standard_deduction.married;
  const additional = count * each;
  return { basic, additional_count: count, additional, total: basic + additional };
}

/**
 * The OBBBA deduction for seniors (IRC §151(d)(5)(C), tax years 2025-2028; zero for years whose table
 * has none): $6,000 for each qualified individual (the taxpayer if 65 or older and, on a joint return
 * only, the spouse if 65 or older), each $6,000 reduced by 6% of modified AGI over $75,000 ($150,000 on
 * a joint return), not below zero. None on a separate return (clause (v)). Allowed whether or not the
 * taxpayer itemizes. The SSN requirement (clause (iv)) is assumed met.
 *
 * @example
 * ```ts
 * import { federalTable, seniorDeduction } from 'finplan/tax';
 * // PolicyEngine-US senior_deduction/integration.yaml, "Issue 8110": 2 x (6,000 - 6% x 96,188)
 * seniorDeduction(federalTable(2025), 'mfj', { age: 65, spouse_age: 65 }, 246_188).toNumber(); // 457.44
 * ```
 */
export function seniorDeduction(
  table: FederalTaxTable,
  status: FilingStatus,
  household: Household,
  magi: Dec | number,
): Dec {
  const senior = table.senior_deduction;
  const start = senior?.phaseout_start[status];
  if (senior === undefined || start === null || start === undefined) return new Dec(0);
  const count =
    (isSenior(household.age) ? 1 : 0) + (status === 'mfj' && isSenior(household.spouse_age) ? 1 : 0);
  if (count === 0) return new Dec(0);
  const excess = Dec.max(new Dec(magi).minus(start), 0);
  const each = Dec.max(new Dec(senior.amount_per_person).minus(excess.times(senior.phaseout_rate)), 0);
  return each.times(count);
}
