import t2024 from '../../data/tax/federal-2024.json';
import t2025 from '../../data/tax/federal-2025.json';
import t2026 from '../../data/tax/federal-2026.json';
import { calculationError } from '../core/errors';
import type { FilingStatus } from '../core/schema';
import { tableYear } from '../core/schema';

/**
 * Tax years with a federal table in `data/tax/` (Rev. Proc. 2023-34, 2024-40 + OBBBA, 2025-32).
 *
 * @example
 * ```ts
 * SUPPORTED_TAX_YEARS.includes(2026); // true
 * ```
 */
export const SUPPORTED_TAX_YEARS = [2024, 2025, 2026] as const;
/** A tax year with federal tables: 2024, 2025 or 2026. */
export type SupportedTaxYear = (typeof SUPPORTED_TAX_YEARS)[number];

/** One value per filing status. */
export type ByStatus<T = number> = Readonly<Record<FilingStatus, T>>;

/**
 * The federal figures of one tax year, as stored in `data/tax/federal-YYYY.json` (see
 * `data/tax/README.md` for the conventions and the source of every block).
 */
export interface FederalTaxTable {
  readonly tax_year: number;
  readonly sources: Readonly<Record<string, string>>;
  /** `rates[i]` applies to taxable income over `thresholds[status][i]`, up to and including the next threshold. */
  readonly ordinary_brackets: {
    readonly source: string;
    readonly rates: readonly number[];
    readonly thresholds: ByStatus<readonly number[]>;
  };
  readonly standard_deduction: { readonly source: string } & ByStatus;
  /** §63(f): `unmarried` for single and hoh; `married` for mfj, mfs and qss. */
  readonly additional_standard_deduction: {
    readonly source: string;
    readonly unmarried: number;
    readonly married: number;
  };
  /** §151(d)(5)(C), 2025-2028 only; `phaseout_start.mfs` is null (not allowed on a separate return). */
  readonly senior_deduction?: {
    readonly source: string;
    readonly amount_per_person: number;
    readonly phaseout_rate: number;
    readonly phaseout_start: ByStatus<number | null>;
  };
  /** §1(h), §1(j)(5)(B): maximum zero-rate and 15%-rate amounts, measured on total taxable income. */
  readonly ltcg: {
    readonly source: string;
    readonly zero_rate_max: ByStatus;
    readonly fifteen_rate_max: ByStatus;
  };
  readonly niit: { readonly source: string; readonly rate: number; readonly threshold: ByStatus };
  readonly additional_medicare: {
    readonly source: string;
    readonly rate: number;
    readonly threshold: ByStatus;
  };
  /** §55: exemption, its phase-out, the 26%/28% breakpoint (on the taxable excess) and the rates. */
  readonly amt: {
    readonly source: string;
    readonly exemption: ByStatus;
    readonly phaseout_start: ByStatus;
    readonly phaseout_rate: number;
    readonly rate_breakpoint: ByStatus;
    readonly rates: readonly number[];
  };
  /** §1211(b)(1): capital losses allowed against other income. */
  readonly capital_loss_limit: { readonly source: string } & ByStatus;
}

const TABLES: Readonly<Record<SupportedTaxYear, FederalTaxTable>> = {
  2024: t2024,
  2025: t2025,
  2026: t2026,
};

/**
 * The federal tax table of `year`; an unsupported year is an `unsupported_year` CalculationError
 * (on the field `tax_year`) whose message lists the supported years.
 *
 * @example
 * ```ts
 * import { federalTable } from 'finplan/tax';
 * federalTable(2025).standard_deduction.mfj; // 31500 (OBBBA §70102)
 * ```
 */
export function federalTable(year: number): FederalTaxTable {
  const table = (TABLES as Partial<Record<number, FederalTaxTable>>)[year];
  if (table === undefined) {
    throw calculationError(
      'unsupported_year',
      'tax_year',
      `tax_year ${year} is not supported; supported: ${SUPPORTED_TAX_YEARS.join(', ')}`,
    );
  }
  return table;
}

/**
 * The `tax_year` request field shared by the tax and equity-compensation operations.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * const Input = z.strictObject({ tax_year: taxYearField() });
 * ```
 */
export function taxYearField() {
  return tableYear(
    'tax_year',
    SUPPORTED_TAX_YEARS,
    `Tax year whose federal table is used (${SUPPORTED_TAX_YEARS.join(', ')}).`,
  );
}
