/**
 * Income-Contingent Repayment (ICR) payment formula of 34 CFR 685.209(b) as in force before the 2023
 * SAVE rule, worked as in 34 CFR part 685 Appendix A: the yearly payment is the lesser of (a) 20% of
 * the AGI above the poverty guideline for the family size and (b) the payment that repays the loan in
 * 12 years of level monthly payments at its interest rate, times the income percentage factor for the
 * AGI (the single or the married/head-of-household table of the year's Federal Register notice
 * "Annual Updates to the Income-Contingent Repayment (ICR) Plan Formula"); the monthly payment is that
 * yearly amount / 12.
 *
 * The engine does not call this yet: no notice table of the years it covers could be read from the
 * notice itself (see docs/education.md, "ICR"). The functions take the table as an argument.
 *
 * @internal
 * @module
 */
import { annuityCertainFactor, roundMoney, roundTo } from '../../core/money';

/** One line of an income percentage factor table: an AGI and its factor (0.8033 = 80.33%). */
export interface IncomePercentageLine {
  agi: number;
  factor: number;
}

/** Payments of the 12-year branch: 144 level monthly payments (Appendix A, step 1). */
const TWELVE_YEARS = 144;

/**
 * The income percentage factor for `agi` on a table whose lines rise in AGI: the line's factor when the
 * AGI is on a line; between two lines, the straight-line interpolation between them, half up to the
 * hundredth of a percent (4 decimals); below the first line the first line's factor, above the last the
 * last line's (the tables stop at 200%).
 *
 * @example
 * ```ts
 * const lines = [{ agi: 10_552, factor: 0.5779 }, { agi: 13_578, factor: 0.6057 }];
 * // 0.5779 + 0.0278 x 1,948 / 3,026 = 0.59580, half up to 0.01%
 * incomePercentageFactor(lines, 12_500); // 0.5958
 * ```
 */
export function incomePercentageFactor(lines: readonly IncomePercentageLine[], agi: number): number {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) throw new RangeError('incomePercentageFactor: the table has no lines');
  if (agi <= first.agi) return first.factor;
  for (let k = 1; k < lines.length; k++) {
    const low = lines[k - 1] as IncomePercentageLine;
    const high = lines[k] as IncomePercentageLine;
    if (!(high.agi > low.agi)) throw new RangeError('incomePercentageFactor: AGIs must rise line by line');
    if (agi === high.agi) return high.factor;
    if (agi < high.agi) {
      return roundTo(low.factor + ((high.factor - low.factor) * (agi - low.agi)) / (high.agi - low.agi), 4);
    }
  }
  return last.factor;
}

/**
 * The level monthly payment that repays `balance` in 12 years at `annualRate` (interest rate / 12 a
 * month), unrounded: balance x i / (1 - (1 + i)^-144); balance / 144 at 0%. Times 12 it is Appendix
 * A's "annual payments based on what the borrower would pay over 12 years using standard amortization"
 * (balance x the constant multiplier: 0.1315452 at 8.25%).
 */
export function twelveYearMonthlyPayment(balance: number, annualRate: number): number {
  const i = annualRate / 12;
  const accumulated = annuityCertainFactor(i, TWELVE_YEARS); // ((1 + i)^144 - 1) / i
  return (balance * (1 + i) ** TWELVE_YEARS) / accumulated;
}

/** The two branches and the ICR monthly payment, each half up to the cent. */
export interface IcrPayment {
  /** (a) 20% x max(0, AGI - poverty line) / 12. */
  discretionary: number;
  /** (b) 12-year level payment x income percentage factor. */
  amortized: number;
  /** The income percentage factor used in (b). */
  factor: number;
  /** The lesser of (a) and (b). */
  payment: number;
}

/**
 * ICR monthly payment (34 CFR 685.209(b), Appendix A steps 1-4): the lesser of 20% of discretionary
 * income (AGI above 100% of the poverty guideline) and the 12-year level payment times the income
 * percentage factor of `lines`, / 12; each branch half up to the cent, so the lesser of the rounded
 * branches is the rounded lesser. `rate` is 0.2 (the 20%), from the data file.
 *
 * @example
 * ```ts
 * // Appendix A (1998), example 1: 15,000 at 8.25%, single, AGI 23,356 (an 80.33% line), guideline 8,050:
 * // (b) 1,973.18 x 0.8033 = 1,585.06 a year, below (a) 15,306 x 0.20 = 3,061.20; 1,585.06 / 12 = 132.09.
 * icrMonthlyPayment({ balance: 15_000, annualRate: 0.0825, agi: 23_356, povertyLine: 8_050, rate: 0.2,
 *   lines: [{ agi: 23_356, factor: 0.8033 }] }).payment; // 132.09
 * ```
 */
export function icrMonthlyPayment(args: {
  balance: number;
  annualRate: number;
  agi: number;
  povertyLine: number;
  rate: number;
  lines: readonly IncomePercentageLine[];
}): IcrPayment {
  const discretionary = roundMoney((Math.max(0, args.agi - args.povertyLine) * args.rate) / 12);
  const factor = incomePercentageFactor(args.lines, args.agi);
  const amortized = roundMoney(twelveYearMonthlyPayment(args.balance, args.annualRate) * factor);
  return { discretionary, amortized, factor, payment: Math.min(discretionary, amortized) };
}
