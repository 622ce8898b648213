/**
 * The mortality tables finplan prices with: the SSA period life table (`data/mortality/`), by sex, as
 * {@link LifeTable}s for the shared life-table mathematics (`core/life-table`).
 *
 * @internal
 * @module
 */
import { mortalitySsaPeriod } from '../../data/tables';
import { type LifeTable, lifeTable } from './life-table';
import type { PeriodLifeTable } from './mortality-schema';
import { defineYearTables } from './year-tables';

/** The sexes of the SSA tables. */
export const SEXES = ['male', 'female'] as const;
/** `male` or `female`. */
export type Sex = (typeof SEXES)[number];

/**
 * SSA period life tables by period year (`data/mortality/ssa-period/YYYY.json`). Operations price on
 * {@link MORTALITY_PERIOD}; the set is keyed by year so that a later table is one file and `npm run gen`.
 */
export const ssaPeriodTables = defineYearTables<PeriodLifeTable>({
  name: 'SSA period life table',
  field: 'mortality_period',
  files: 'mortality/ssa-period',
  tables: mortalitySsaPeriod,
});

/** The period of the SSA life table the retirement-income and Social Security engines use. */
export const MORTALITY_PERIOD = 2021;

/** The name results give that table (`mortality_table`). */
export const MORTALITY_TABLE_NAME = `SSA ${MORTALITY_PERIOD} period life table`;

/**
 * The SSA period life table of `sex` (ages 0-119 as published, closed at 120), every q_x multiplied by
 * `frailty` (capped at 1).
 *
 * @example
 * ```ts
 * ssaLifeTable('male').q.length; // 121
 * ```
 */
export function ssaLifeTable(sex: Sex, frailty = 1, period = MORTALITY_PERIOD): LifeTable {
  return lifeTable(ssaPeriodTables.get(period)[sex].qx, frailty);
}
