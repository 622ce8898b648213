import { utilitiesContributionLimits, utilitiesIraPhaseouts } from '../../../data/tables';
import { Dec } from '../../core/money';
import { defineYearTables } from '../../core/year-tables';
import { STATUTORY_AGES } from '../../tax/engine';
import type { ContributionLimitTable, IraPhaseOutTable } from './tables';

export type { ContributionLimitTable, IraPhaseOutTable, PhaseOutRange } from './tables';

/**
 * The contribution-limit tables (`data/utilities/contribution-limits/YYYY.json`: Notices 2023-75,
 * 2024-80, 2025-67; Rev. Procs. 2023-23, 2024-25, 2025-19).
 *
 * @example
 * ```ts
 * contributionLimitTables.get(2025).elective_deferral.limit; // 23500
 * ```
 */
export const contributionLimitTables = defineYearTables<ContributionLimitTable>({
  name: 'contribution limits',
  field: 'tax_year',
  files: 'utilities/contribution-limits',
  tables: utilitiesContributionLimits,
});

/**
 * The IRA deduction and Roth MAGI phase-out tables (`data/utilities/ira-phaseouts/YYYY.json`).
 *
 * @example
 * ```ts
 * iraPhaseOutTables.get(2026).roth.single; // [153000, 168000]
 * ```
 */
export const iraPhaseOutTables = defineYearTables<IraPhaseOutTable>({
  name: 'IRA phase-outs',
  field: 'tax_year',
  files: 'utilities/ira-phaseouts',
  tables: utilitiesIraPhaseouts,
});

/**
 * The contribution-limit table of a supported tax year; another year is an `unsupported_year` error.
 *
 * @example
 * ```ts
 * contributionLimitTable(2025).elective_deferral.limit; // 23500
 * ```
 */
export function contributionLimitTable(year: number): ContributionLimitTable {
  return contributionLimitTables.get(year);
}

/**
 * The IRA deduction and Roth MAGI phase-out table of a supported tax year.
 *
 * @example
 * ```ts
 * iraPhaseOutTable(2026).roth.single; // [153000, 168000]
 * ```
 */
export function iraPhaseOutTable(year: number): IraPhaseOutTable {
  return iraPhaseOutTables.get(year);
}

/** Which catch-up an age (attained by the end of the tax year) earns. */
export type CatchUpCategory = 'none' | 'age_50' | 'age_60_63';

/**
 * The catch-up category of an age attained by December 31 of the tax year: ages 60-63 take the
 * 414(v)(2)(E) amount (from 2025) instead of the age-50 amount; 50-59 and 64+ take the age-50 amount.
 *
 * @example
 * ```ts
 * catchUpCategory(61, true); // 'age_60_63'
 * catchUpCategory(61, false); // 'age_50' (2024: no ages 60-63 amount yet)
 * ```
 */
export function catchUpCategory(age: number, hasAges60To63: boolean): CatchUpCategory {
  const {
    age: catchUpAge,
    ages_60_63: [from, to],
  } = STATUTORY_AGES.catch_up;
  if (age < catchUpAge) return 'none';
  if (hasAges60To63 && age >= from && age <= to) return 'age_60_63';
  return 'age_50';
}

/** A dollar limit and its catch-up, each capped at compensation when it is given. */
export interface CappedLimit {
  /** The base limit, at most compensation. */
  readonly limit: Dec;
  /** The catch-up, at most compensation less the base limit. */
  readonly catch_up: Dec;
  /** limit + catch_up. */
  readonly total: Dec;
  /** Whether compensation lowered either amount. */
  readonly capped: boolean;
}

/**
 * Cap a limit and its catch-up at compensation: the base first, then the catch-up out of what is
 * left (IRC 414(v)(2)(A)(ii), 219(b)(1)(B)). No compensation, no cap.
 *
 * @example
 * ```ts
 * capAtCompensation(24_500, 8_000, 20_000).total.toNumber(); // 20000
 * ```
 */
export function capAtCompensation(limit: number, catchUp: number, compensation?: number): CappedLimit {
  const base = new Dec(limit);
  const extra = new Dec(catchUp);
  if (compensation === undefined)
    return { limit: base, catch_up: extra, total: base.plus(extra), capped: false };
  const comp = new Dec(compensation);
  const cappedBase = Dec.min(base, comp);
  const cappedExtra = Dec.min(extra, comp.minus(cappedBase));
  return {
    limit: cappedBase,
    catch_up: cappedExtra,
    total: cappedBase.plus(cappedExtra),
    capped: cappedBase.lt(base) || cappedExtra.lt(extra),
  };
}
