/**
 * The premium tax credit (IRC §36B) of a coverage year, computed the way Form 8962's annual calculation
 * does: household income as a whole percentage of the prior year's poverty guideline (line 5), the
 * applicable figure at that percentage (line 7), the annual contribution in whole dollars (line 8a), and
 * the credit, the benchmark premium less the contribution, never below zero nor above the premium
 * (line 11).
 *
 * @internal
 * @module
 */
import { Dec } from '../../core/money';
import type { FilingStatus } from '../../core/schema';
import { povertyGuideline } from './poverty-guidelines';
import type { ApplicablePercentageTable } from './tables';
import { applicablePercentageTables } from './year-tables';

/**
 * The premium tax credit engine's name and version: this module and the tables it reads (the
 * applicable percentages and the poverty guidelines in `data/healthcare/`). An operation that calls
 * {@link premiumTaxCredit} lists it in its `uses`; bump it whenever any credit changes for any input, and
 * each operation that uses it bumps its own version (`test/goldens/engine-dependencies.json`).
 */
export const PTC_ENGINE = { name: 'premium-tax-credit', version: '1.0.0' } as const;

/** Why a household gets no credit. */
export type PtcIneligibility = 'below_100_percent' | 'above_400_percent' | 'married_filing_separately';

/** The premium tax credit of one household and year: see {@link premiumTaxCredit}. */
export interface PremiumTaxCredit {
  readonly coverage_year: number;
  /** The year of the poverty guidelines used (`coverage_year - 1`). */
  readonly poverty_guideline_year: number;
  /** The guideline for the household size (48 contiguous states and DC). */
  readonly poverty_guideline: number;
  /** Household income / guideline, exact. */
  readonly income_to_poverty_ratio: Dec;
  /**
   * Form 8962 line 5: the ratio x 100 with the decimals dropped (not rounded); 401 when income is more
   * than 400% of the guideline.
   */
  readonly fpl_percent: number;
  readonly eligible: boolean;
  readonly ineligible_reason?: PtcIneligibility;
  /** Form 8962 line 7 (four decimals); absent when not eligible. */
  readonly applicable_percentage?: Dec;
  /** Form 8962 line 8a: household income x applicable figure, to the whole dollar; absent when not eligible. */
  readonly expected_contribution?: Dec;
  readonly premium_tax_credit: Dec;
  /** Benchmark premium less the credit (the household enrolls in the benchmark plan). */
  readonly net_premium: Dec;
  /** The year's upper limit of household income, when it has one (2026: 400% of the guideline). */
  readonly cliff_income?: number;
}

/** A `Dec` to the nearest multiple of 10^-places, half up. */
function round(value: Dec, places: number): Dec {
  return value.toDecimalPlaces(places, Dec.ROUND_HALF_UP);
}

/**
 * Form 8962 line 5 from household income and the guideline: Worksheet 2 of the Form 8962 instructions
 * ("Do not round; ... drop any numbers after the decimal point"; "more than 400% ... Enter 401").
 */
export function fplPercent(householdIncome: number | Dec, guideline: number): number {
  const income = new Dec(householdIncome);
  if (income.gt(new Dec(guideline).times(4))) return 401;
  return income.times(100).div(guideline).toDecimalPlaces(0, Dec.ROUND_DOWN).toNumber();
}

/**
 * The applicable figure (Form 8962 line 7) at a whole line-5 percentage: the band's initial percentage
 * plus its slope times the distance into the band, rounded to four decimals (26 CFR 1.36B-3(g)(1): "the
 * nearest one-hundredth of one percent").
 */
export function applicableFigure(table: ApplicablePercentageTable, percent: number): Dec {
  const bands = table.applicable_percentage.bands;
  let band = bands[0];
  for (const candidate of bands) if (percent >= candidate.from_percent) band = candidate;
  if (band === undefined) throw new Error('applicable percentage table without bands');
  if (band.to_percent === undefined || band.initial === band.final || percent <= band.from_percent) {
    return new Dec(band.initial);
  }
  const into = Math.min(percent, band.to_percent) - band.from_percent;
  const slope = new Dec(band.final).minus(band.initial).div(band.to_percent - band.from_percent);
  return round(slope.times(into).plus(band.initial), 4);
}

/**
 * The premium tax credit of a household for a coverage year, against the annual premium of the
 * benchmark (second-lowest-cost silver) plan, assuming the household enrolls in that plan for the whole
 * year. An unsupported year is an `unsupported_year` error (field `coverage_year`).
 */
export function premiumTaxCredit(input: {
  readonly coverageYear: number;
  readonly householdSize: number;
  readonly householdIncome: number;
  readonly benchmarkAnnualPremium: number;
  readonly filingStatus?: FilingStatus;
}): PremiumTaxCredit {
  const table = applicablePercentageTables.get(input.coverageYear);
  const guidelineYear = table.poverty_guideline.guideline_year;
  const guideline = povertyGuideline(guidelineYear, input.householdSize);
  const income = new Dec(input.householdIncome);
  const percent = fplPercent(income, guideline);
  const benchmark = new Dec(input.benchmarkAnnualPremium);
  const maximum = table.eligibility.maximum_percent;
  const base = {
    coverage_year: input.coverageYear,
    poverty_guideline_year: guidelineYear,
    poverty_guideline: guideline,
    income_to_poverty_ratio: income.div(guideline),
    fpl_percent: percent,
    ...(maximum === undefined ? {} : { cliff_income: (guideline * maximum) / 100 }),
  };
  const reason: PtcIneligibility | undefined =
    input.filingStatus === 'mfs'
      ? 'married_filing_separately'
      : percent < table.eligibility.minimum_percent
        ? 'below_100_percent'
        : maximum !== undefined && percent > maximum
          ? 'above_400_percent'
          : undefined;
  if (reason !== undefined) {
    return {
      ...base,
      eligible: false,
      ineligible_reason: reason,
      premium_tax_credit: new Dec(0),
      net_premium: benchmark,
    };
  }
  const figure = applicableFigure(table, percent);
  const contribution = round(income.times(figure), 0);
  let credit = benchmark.minus(contribution);
  if (credit.lt(0)) credit = new Dec(0);
  if (credit.gt(benchmark)) credit = benchmark;
  return {
    ...base,
    eligible: true,
    applicable_percentage: figure,
    expected_contribution: contribution,
    premium_tax_credit: credit,
    net_premium: benchmark.minus(credit),
  };
}
