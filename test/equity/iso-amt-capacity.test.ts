import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILING_STATUSES } from '../../src/core/schema';
import { isoAmtCapacity } from '../../src/equity/iso-amt-capacity';
import { isoExercise } from '../../src/equity/iso-exercise';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { calculationErrorOf } from '../helpers';

const errorOf = (input: unknown) => calculationErrorOf(isoAmtCapacity, input);

describe('equity-comp/iso-amt-capacity: hand calculations', () => {
  it('2025 single, 150,000 wages: 26% x (150,000 + B - 88,100) = 25,067 -> B = 34,511.53', () => {
    // Regular tax 25,067 (see iso-exercise.test.ts); AMTI stays under the phase-out, so TMT = 26% x (AMTI - 88,100):
    // B = 88,100 + 25,067 / 0.26 - 150,000 = 34,511.538... -> 34,511.53 (rounded down); spread 100 -> 345.1153 shares.
    const r = isoAmtCapacity({
      tax_year: 2025,
      filing_status: 'single',
      strike_price: 10,
      fmv_at_exercise: 110,
      ordinary_income: 150_000,
    }).result;
    expect(r.bargain_element_capacity).toBe(34511.53);
    expect(r.shares_capacity).toBe(345.1153);
    expect([r.regular_tax, r.amt_without_exercise, r.tentative_minimum_tax_without_exercise]).toEqual([
      25067, 0, 16094,
    ]);
  });

  it('2026 single, 600,000 wages: solved on the exemption phase-out piece (slope 28% x 1.5)', () => {
    // Regular: TI 583,900 -> 58,448 + 35% x 327,675 = 173,134.25 (Rev. Proc. 2025-32 §4.01 Table 3).
    // AMTI 600,000 > 500,000: exemption 90,100 - 50% x 100,000 = 40,100; line 6 = 559,900;
    // TMT = 28% x 559,900 - 4,890 = 151,882. While the exemption phases out (to AMTI 680,200), line 6 rises
    // 1.5 per dollar, so TMT rises 0.42: B = (173,134.25 - 151,882) / 0.42 = 50,600.595... -> 50,600.59.
    const r = isoAmtCapacity({
      tax_year: 2026,
      filing_status: 'single',
      strike_price: 0,
      fmv_at_exercise: 1,
      ordinary_income: 600_000,
    }).result;
    expect(r.tentative_minimum_tax_without_exercise).toBe(151882);
    expect(r.bargain_element_capacity).toBe(50600.59);
    expect(r.shares_capacity).toBe(50600.59);
  });

  it('one more dollar creates AMT, at the capacity there is none (hand cases)', () => {
    for (const input of [
      {
        tax_year: 2025,
        filing_status: 'single' as const,
        strike_price: 10,
        fmv_at_exercise: 11,
        ordinary_income: 150_000,
      },
      {
        tax_year: 2026,
        filing_status: 'single' as const,
        strike_price: 10,
        fmv_at_exercise: 11,
        ordinary_income: 600_000,
      },
    ]) {
      const cap = isoAmtCapacity(input).result.bargain_element_capacity; // spread 1: shares = dollars
      expect(isoExercise({ ...input, shares: cap }).result.incremental_amt).toBe(0);
      expect(isoExercise({ ...input, shares: cap + 1 }).result.incremental_amt).toBeGreaterThan(0);
    }
  });

  it('a zero-regular-tax year with qualified income: the 0% band keeps TMT at zero up to the exemption + gains', () => {
    // 2024 qss, 57,806.83 of qualified income only: regular tax 0. Form 6251 Part III treats the first
    // 57,806.83 of line 6 as gain inside the 0% band, so TMT stays 0 until AMTI = 133,300 + 57,806.83:
    // B = 133,300. (Found by property testing: a floating-point kink had ended the flat stretch early.)
    const r = isoAmtCapacity({
      tax_year: 2024,
      filing_status: 'qss',
      strike_price: 0,
      fmv_at_exercise: 1,
      ordinary_income: 0,
      qualified_income: 57_806.83,
    }).result;
    expect(r.bargain_element_capacity).toBe(133300);
  });
});

describe('equity-comp/iso-amt-capacity: a year already in AMT', () => {
  it('capacity 0 when any preference raises the tentative minimum tax', () => {
    // 2025 single, 2,000,000 of qualified income: AMT 3,150 before any exercise (iso-exercise.test.ts).
    const r = isoAmtCapacity({
      tax_year: 2025,
      filing_status: 'single',
      strike_price: 1,
      fmv_at_exercise: 2,
      ordinary_income: 0,
      qualified_income: 2_000_000,
    }).result;
    expect([r.amt_without_exercise, r.bargain_element_capacity, r.shares_capacity]).toEqual([3150, 0, 0]);
  });
});

describe('equity-comp/iso-amt-capacity: properties', () => {
  it('exercising the capacity adds no AMT; one more dollar of bargain element adds some', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_TAX_YEARS),
        fc.constantFrom(...FILING_STATUSES),
        fc.integer({ min: 0, max: 150_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 50_000_000 }).map((c) => c / 100),
        (tax_year, filing_status, ordinary_income, qualified_income) => {
          const input = {
            tax_year,
            filing_status,
            strike_price: 3,
            fmv_at_exercise: 4,
            ordinary_income,
            qualified_income,
          };
          const cap = isoAmtCapacity(input).result;
          expect(cap.shares_capacity).toBe(cap.bargain_element_capacity);
          if (cap.bargain_element_capacity > 0) {
            expect(
              isoExercise({ ...input, shares: cap.bargain_element_capacity }).result.incremental_amt,
            ).toBe(0);
          }
          expect(
            isoExercise({ ...input, shares: cap.bargain_element_capacity + 1 }).result.incremental_amt,
          ).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('equity-comp/iso-amt-capacity: contract', () => {
  it('golden result_id', () => {
    expect(
      isoAmtCapacity({
        tax_year: 2025,
        filing_status: 'single',
        strike_price: 10,
        fmv_at_exercise: 110,
        ordinary_income: 150_000,
      }).result_id,
    ).toBe('eqc-iso-cap_4ade8b8964cc6892');
  });
  it('no spread: fmv_at_exercise must exceed strike_price', () => {
    const e = errorOf({
      tax_year: 2025,
      filing_status: 'single',
      strike_price: 10,
      fmv_at_exercise: 10,
      ordinary_income: 1,
    });
    expect(e.code).toBe('invalid_input');
    expect(e.issues[0]?.path).toBe('fmv_at_exercise');
    expect(
      errorOf({
        tax_year: 2025,
        filing_status: 'widow',
        strike_price: 1,
        fmv_at_exercise: 2,
        ordinary_income: 1,
      }).issues[0]?.path,
    ).toBe('filing_status');
  });
});
