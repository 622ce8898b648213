/**
 * The federal income tax of one plan year as linear pieces, in start-year (real) dollars: what the
 * lifetime plan's linear program ({@link ../lp-model}) taxes. Every figure comes from the federal tables
 * through `src/tax/engine.ts`: the ordinary brackets, the standard deduction with the §63(f) additional
 * amounts at 65, the §151(d)(5)(C) senior deduction (its full amount: the phase-out is left to the exact
 * evaluation) and the 0%/15%/20% long-term gain bands of §1(h).
 *
 * Projection: a year past the last federal table year L is taxed with the table of L, every threshold
 * indexed to the plan's inflation from L (the convention of docs/plan.md), so in start-year dollars a
 * projected year's figures are those of L deflated to the first plan year: x (1 + inflation)^(year - L)
 * / priceIndex.
 *
 * @internal
 * @module
 */
import {
  federalTable,
  type Household,
  LTCG_RATES,
  SUPPORTED_TAX_YEARS,
  seniorDeduction,
  standardDeduction,
} from '../../tax/engine';
import { projectionFactor, seniorDeductionApplies, tableYearFor } from './projection';
import type { TimelineYear } from './types';

/** One ordinary bracket in start-year dollars: `rate` on taxable income over `from`, up to `to`. */
export interface TaxPiece {
  readonly rate: number;
  readonly from: number;
  /** Infinity for the top bracket. */
  readonly to: number;
}

/** The federal tax of one plan year as linear pieces (start-year dollars). */
export interface TaxPieces {
  /** The federal table used: the year itself, or the last table year for a projected year. */
  readonly taxYear: number;
  readonly filingStatus: 'single' | 'mfj';
  /** Start-year dollars per dollar of the table: (1 + inflation)^(year - taxYear) / priceIndex. */
  readonly scale: number;
  /** Basic standard deduction plus the additional amounts of those 65 or older (§63(c), (f)). */
  readonly standardDeduction: number;
  /** The senior deduction before its phase-out (§151(d)(5)(C)); 0 in a year without it. */
  readonly seniorDeduction: number;
  /** `standardDeduction + seniorDeduction`. */
  readonly deduction: number;
  /** The ordinary brackets, lowest first; the last one has `to` = Infinity. */
  readonly brackets: readonly TaxPiece[];
  /** Taxable income up to which long-term gains are taxed at 0% (§1(h)(1)(B), the maximum zero rate amount). */
  readonly zeroRateTop: number;
  /** Taxable income up to which long-term gains are taxed at 15% (the maximum 15-percent rate amount). */
  readonly fifteenRateTop: number;
  /** The 0%, 15% and 20% rates. */
  readonly gainRates: readonly [number, number, number];
}

/**
 * The taxpayer (and on a joint return the spouse) of a plan year: both people on a joint return; on a
 * single return the one alive (the first person when both are, which a timeline never has).
 */
function householdOf(year: TimelineYear): Household {
  if (year.filingStatus === 'mfj') {
    return { age: year.people[0]?.age, spouse_age: year.people[1]?.age };
  }
  const alive = year.people.findIndex((p) => p.alive);
  return { age: year.people[alive < 0 ? 0 : alive]?.age };
}

/**
 * The federal tax of a plan year as linear pieces in start-year dollars: brackets, deduction and gain
 * bands of the year's table (the last table year's past it), deflated by the year's price index and,
 * for a projected year, indexed from the last table year at the plan's inflation.
 *
 * @example
 * ```ts
 * // 2026, single, 66, first plan year (priceIndex 1): 16,100 + 2,050 + 6,000 of deductions
 * const p = taxPieces({
 *   index: 0, year: 2026, filingStatus: 'single', priceIndex: 1, growth: 1.03, spendingFactor: 1, aca: false,
 *   people: [{ alive: true, age: 66, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined }],
 * }, 0.02);
 * p.deduction; // 24150
 * p.brackets[0]?.to; // 12400
 * ```
 */
export function taxPieces(year: TimelineYear, inflation: number): TaxPieces {
  const taxYear = tableYearFor(SUPPORTED_TAX_YEARS, year.year);
  const table = federalTable(taxYear);
  const status = year.filingStatus;
  const scale = projectionFactor(year.year, taxYear, inflation) / year.priceIndex;
  const household = householdOf(year);
  const standard = standardDeduction(table, status, household).total * scale;
  const senior = seniorDeductionApplies(year.year)
    ? seniorDeduction(table, status, household, 0).toNumber() * scale
    : 0;
  const rates = table.ordinary_brackets.rates;
  const thresholds = table.ordinary_brackets.thresholds[status];
  const brackets = rates.map((rate, i) => {
    const next = thresholds[i + 1];
    return {
      rate,
      from: (thresholds[i] as number) * scale,
      to: next === undefined ? Number.POSITIVE_INFINITY : next * scale,
    };
  });
  return {
    taxYear,
    filingStatus: status,
    scale,
    standardDeduction: standard,
    seniorDeduction: senior,
    deduction: standard + senior,
    brackets,
    zeroRateTop: table.ltcg.zero_rate_max[status] * scale,
    fifteenRateTop: table.ltcg.fifteen_rate_max[status] * scale,
    gainRates: LTCG_RATES,
  };
}

/**
 * The federal tax the pieces give for ordinary income and long-term gains (start-year dollars), the
 * deduction applied to ordinary income first and the gains stacked on top of the ordinary taxable
 * income (§1(h)): the function the linear program represents, computed directly. No NIIT, additional
 * Medicare tax or taxable Social Security (the plan's exact evaluation adds them).
 *
 * @example
 * ```ts
 * // 2026 single under 65 at priceIndex 1: 60,000 of ordinary income leaves 43,900 taxable:
 * // 10% x 12,400 + 12% x 31,500 = 5,020
 * const pieces = taxPieces({
 *   index: 0, year: 2026, filingStatus: 'single', priceIndex: 1, growth: 1, spendingFactor: 1, aca: false,
 *   people: [{ alive: true, age: 50, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined }],
 * }, 0);
 * Math.round(piecewiseTax(pieces, 60_000, 0) * 100); // 502000
 * ```
 */
export function piecewiseTax(pieces: TaxPieces, ordinaryIncome: number, gains: number): number {
  const ordinaryTaxable = Math.max(0, ordinaryIncome - pieces.deduction);
  const taxable = Math.max(0, ordinaryIncome + gains - pieces.deduction);
  let tax = 0;
  for (const b of pieces.brackets) {
    if (ordinaryTaxable > b.from) tax += b.rate * (Math.min(ordinaryTaxable, b.to) - b.from);
  }
  const [, r15, r20] = pieces.gainRates;
  const at15 = Math.max(
    0,
    Math.min(taxable, pieces.fifteenRateTop) - Math.max(ordinaryTaxable, pieces.zeroRateTop),
  );
  const at20 = Math.max(0, taxable - Math.max(ordinaryTaxable, pieces.fifteenRateTop));
  return tax + r15 * at15 + r20 * at20;
}
