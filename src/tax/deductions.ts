/**
 * The standard deduction (IRC §63(c), the §63(f) additional amounts at 65 or blind) and the
 * §151(d)(5)(C) senior deduction.
 *
 * Part of the federal tax engine (`TAX_ENGINE`), not an operation: other areas reach it only through
 * `src/tax/engine.ts` (test/completeness.test.ts). `@internal` marks the module's role; the names
 * `finplan/tax` re-exports from it stay public.
 *
 * @internal
 * @module
 */
import type { Dec } from '../core/money';
import type { FilingStatus } from '../core/schema';
import {
  additionalCount,
  decimal,
  federalParams,
  type Household,
  placesFor,
  type StandardDeduction,
  seniorDeductionOf,
  standardDeductionOf,
  unitsOfAny,
} from './_lib/federal';
import type { FederalTaxTable } from './federal-tables';

export { type Household, SENIOR_AGE, type StandardDeduction } from './_lib/federal';

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
  return standardDeductionOf(federalParams(table, status), additionalCount(status, household));
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
  const p = federalParams(table, status, placesFor(table, magi));
  return decimal(seniorDeductionOf(p, household, unitsOfAny(magi, p.cP)), p.hP);
}
