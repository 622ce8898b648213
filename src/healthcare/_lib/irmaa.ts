/**
 * The IRMAA engine: the Medicare income-related monthly adjustment amounts (Part B and Part D) of a
 * premium year, for a filing status and the MAGI of the tax year two years before. A pure function over
 * the CMS tables in `data/healthcare/medicare/YYYY.json`, cheap enough to call in loops (Roth conversion
 * caps, survivor scenarios, cliff maps): the tier rows of each year and table are built once.
 *
 * Cliffs follow the CMS fact sheets word for word: a tier stored as "greater than $X" starts one cent
 * above X, the top tier ("greater than or equal to $X") starts at X.
 *
 * @module
 */
import type { FilingStatus } from '../../core/schema';
import type { MedicareTable } from './tables';
import { irmaaTables } from './year-tables';

/**
 * The IRMAA engine's name and version. An engine that calls {@link irmaaFor} in a loop names it among
 * its dependencies: when this version changes, the caller's outputs may change too.
 *
 * @example
 * ```ts
 * import { IRMAA_ENGINE } from 'finplan/healthcare';
 * `${IRMAA_ENGINE.name}-${IRMAA_ENGINE.version}`; // 'irmaa-1.0.0'
 * ```
 */
export const IRMAA_ENGINE = { name: 'irmaa', version: '1.0.0' } as const;

/**
 * The CMS table that applies: `individual` (single, head of household, qualifying surviving spouse,
 * and married filing separately after living apart from the spouse all year), `joint` (married filing
 * jointly) or `married_separate` (married filing separately after living with the spouse at any time in
 * the year).
 */
export type IrmaaTableName = 'individual' | 'joint' | 'married_separate';

/** Where a tier starts or ends: at `magi` itself (`inclusive`) or just above it. */
export interface IrmaaBound {
  /** The threshold (dollars of MAGI). */
  readonly magi: number;
  /**
   * For a tier's start: true when the tier begins at `magi` ("greater than or equal to"), false when
   * it begins above it ("greater than"). For a tier's end, the same bound seen from below: true when
   * `magi` itself is still in the tier ("less than or equal to"), false when it is not ("less than").
   */
  readonly inclusive: boolean;
}

/** One row of an IRMAA table: tier 0 (no surcharge) to 5. */
export interface IrmaaTierRow {
  /** 0 = standard premium only; 1-5 = the CMS rows in order (married filing separately has 0, 4, 5). */
  readonly tier: number;
  /** Where the tier starts; absent for tier 0. */
  readonly from?: IrmaaBound;
  /** Where the tier ends; absent for the top tier. */
  readonly to?: IrmaaBound;
  /** Part B adjustment added to the standard premium (dollars a month). */
  readonly part_b_irmaa: number;
  /** Part D adjustment added to the plan premium (dollars a month). */
  readonly part_d_irmaa: number;
}

/** The IRMAA tier of one MAGI: see {@link irmaaFor}. */
export interface IrmaaTier extends IrmaaTierRow {
  /** Premium year. */
  readonly year: number;
  /** The tax year whose MAGI sets this year's adjustment (`year - 2`). */
  readonly magi_tax_year: number;
  readonly table: IrmaaTableName;
  /** Standard monthly Part B premium of the year. */
  readonly part_b_standard_premium: number;
  /** Highest tier of the table (5). */
  readonly top_tier: number;
  /**
   * How far MAGI can rise and stay in this tier (to the cent: at a "greater than or equal to" threshold
   * one cent below it); absent in the top tier.
   */
  readonly headroom?: number;
  /** How far MAGI must fall to reach the previous tier (to the cent); absent in tier 0. */
  readonly distance_back?: number;
  /** The next tier's row; absent in the top tier. */
  readonly next?: IrmaaTierRow;
}

/** One cent: the step from a "greater than or equal to" threshold down to the tier below it. */
const CENT = 0.01;

/**
 * The table a filing status uses.
 *
 * @example
 * ```ts
 * import { irmaaTableFor } from 'finplan/healthcare';
 * irmaaTableFor('hoh'); // 'individual'
 * irmaaTableFor('mfs'); // 'married_separate'
 * irmaaTableFor('mfs', { livedApartAllYear: true }); // 'individual'
 * ```
 */
export function irmaaTableFor(
  status: FilingStatus,
  options: { readonly livedApartAllYear?: boolean } = {},
): IrmaaTableName {
  if (status === 'mfj') return 'joint';
  if (status === 'mfs' && options.livedApartAllYear !== true) return 'married_separate';
  return 'individual';
}

const schedules = new Map<string, readonly IrmaaTierRow[]>();

function buildSchedule(table: MedicareTable, name: IrmaaTableName): readonly IrmaaTierRow[] {
  const starts = table.tiers[name].map((row) =>
    'magi_over' in row
      ? { tier: row.tier, bound: { magi: row.magi_over, inclusive: false } }
      : { tier: row.tier, bound: { magi: row.magi_at_least, inclusive: true } },
  );
  const amount = (list: readonly number[], tier: number) => (tier === 0 ? 0 : (list[tier - 1] as number));
  const rows: IrmaaTierRow[] = [];
  const all = [{ tier: 0, bound: undefined as IrmaaBound | undefined }, ...starts];
  all.forEach((row, i) => {
    const next = all[i + 1]?.bound;
    rows.push({
      tier: row.tier,
      ...(row.bound === undefined ? {} : { from: row.bound }),
      // A tier ends where the next one starts: "greater than X" next means "up to and including X" here.
      ...(next === undefined ? {} : { to: { magi: next.magi, inclusive: !next.inclusive } }),
      part_b_irmaa: amount(table.part_b_irmaa.monthly, row.tier),
      part_d_irmaa: amount(table.part_d_irmaa.monthly, row.tier),
    });
  });
  return rows;
}

/**
 * The rows of the IRMAA table a filing status uses in a premium year, tier 0 first: what a cliff map
 * draws. An unsupported year is an `unsupported_year` error (field `irmaa_year`).
 *
 * @example
 * ```ts
 * import { irmaaSchedule } from 'finplan/healthcare';
 * irmaaSchedule(2026, 'single').length; // 6
 * irmaaSchedule(2026, 'single')[5]?.from?.magi; // 500000
 * irmaaSchedule(2026, 'mfs').map((row) => row.tier); // [0, 4, 5]
 * ```
 */
export function irmaaSchedule(
  year: number,
  status: FilingStatus,
  options: { readonly livedApartAllYear?: boolean } = {},
): readonly IrmaaTierRow[] {
  const name = irmaaTableFor(status, options);
  const key = `${year}/${name}`;
  let rows = schedules.get(key);
  if (rows === undefined) {
    rows = buildSchedule(irmaaTables.get(year), name);
    schedules.set(key, rows);
  }
  return rows;
}

/** Whether `magi` is at or past a tier's start. */
function reaches(magi: number, bound: IrmaaBound): boolean {
  return bound.inclusive ? magi >= bound.magi : magi > bound.magi;
}

/**
 * The IRMAA tier of `magi` (the MAGI of tax year `year - 2`: AGI plus tax-exempt interest) for a
 * filing status in premium year `year`, with the monthly Part B and Part D adjustments, the headroom to
 * the next tier and the distance back to the previous one. The amounts are per person per month, as
 * CMS publishes them; nothing is rounded here (the operations round at their edge).
 *
 * @example
 * ```ts
 * import { irmaaFor } from 'finplan/healthcare';
 * irmaaFor(2026, 'single', 109_000).tier; // 0
 * irmaaFor(2026, 'single', 109_000.01).tier; // 1
 * irmaaFor(2026, 'single', 150_000).part_b_irmaa; // 202.9
 * irmaaFor(2026, 'single', 150_000).headroom; // 21000
 * irmaaFor(2026, 'mfj', 500_000).part_d_irmaa; // 83.3
 * ```
 */
export function irmaaFor(
  year: number,
  status: FilingStatus,
  magi: number,
  options: { readonly livedApartAllYear?: boolean } = {},
): IrmaaTier {
  const rows = irmaaSchedule(year, status, options);
  let index = rows.length - 1;
  while (index > 0 && !reaches(magi, (rows[index] as IrmaaTierRow).from as IrmaaBound)) index -= 1;
  const row = rows[index] as IrmaaTierRow;
  const next = rows[index + 1];
  const table = irmaaTables.get(year);
  const result: IrmaaTier = {
    year,
    magi_tax_year: table.magi_tax_year,
    table: irmaaTableFor(status, options),
    part_b_standard_premium: table.part_b.standard_premium,
    top_tier: (rows[rows.length - 1] as IrmaaTierRow).tier,
    ...row,
    ...(row.to === undefined
      ? {}
      : { headroom: Math.max(0, row.to.magi - (row.to.inclusive ? 0 : CENT) - magi) }),
    ...(row.from === undefined
      ? {}
      : { distance_back: magi - row.from.magi + (row.from.inclusive ? CENT : 0) }),
    ...(next === undefined ? {} : { next }),
  };
  return result;
}
