import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILING_STATUSES } from '../../src/core/schema';
import { isoExercise } from '../../src/equity/iso-exercise';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { calculationErrorOf } from '../helpers';

const errorOf = (input: unknown) => calculationErrorOf(isoExercise, input);

describe('equity-comp/iso: hand calculations (Form 6251)', () => {
  it('2025 single, 150,000 wages, 1,000 shares at 10 with FMV 110', () => {
    // Bargain element 1,000 x (110 - 10) = 100,000 (Form 6251 line 2i).
    // Regular tax: TI = 150,000 - 15,750 = 134,250 -> 17,651 + 24% x 30,900 = 25,067 (Rev. Proc. 2024-40 §2.01).
    // Without: AMTI = 134,250 + 15,750 = 150,000; TMT = 26% x (150,000 - 88,100) = 16,094 < 25,067 -> AMT 0.
    // With: AMTI 250,000 (below the 626,350 phase-out start); TMT = 26% x 161,900 = 42,094; AMT = 17,027.
    const r = isoExercise({
      tax_year: 2025,
      filing_status: 'single',
      shares: 1000,
      strike_price: 10,
      fmv_at_exercise: 110,
      ordinary_income: 150_000,
    }).result;
    expect(r).toEqual({
      bargain_element: 100000,
      amt_without_exercise: 0,
      amt_with_exercise: 17027,
      incremental_amt: 17027,
      amt_credit_carryforward: 17027,
      regular_tax: 25067,
      amti_with_exercise: 250000,
      amt_exemption_with_exercise: 88100,
      tentative_minimum_tax_with_exercise: 42094,
    });
  });

  it('2024 mfj, 600,000 wages, 500,000 bargain element (28% rate, no phase-out yet)', () => {
    // Regular: TI 570,800 -> 111,357 + 35% x 83,350 = 140,529.50 (Rev. Proc. 2023-34 §3.01 Table 1).
    // AMTI 1,100,000 < 1,218,700: exemption 133,300; line 6 = 966,700;
    // TMT = 28% x 966,700 - 4,652 = 266,024; AMT = 125,494.50.
    const r = isoExercise({
      tax_year: 2024,
      filing_status: 'mfj',
      shares: 5000,
      strike_price: 1,
      fmv_at_exercise: 101,
      ordinary_income: 600_000,
    }).result;
    expect([r.regular_tax, r.amt_with_exercise, r.incremental_amt]).toEqual([140529.5, 125494.5, 125494.5]);
  });

  it('2026 single with qualified income: Form 6251 Part III and the 50% phase-out (docs/tax.md example)', () => {
    // See test/tax/amt.test.ts "2026 single, 450,000 wages, 100,000 qualified, 300,000 ISO": AMT 84,475.75.
    const r = isoExercise({
      tax_year: 2026,
      filing_status: 'single',
      shares: 3000,
      strike_price: 20,
      fmv_at_exercise: 120,
      ordinary_income: 450_000,
      qualified_income: 100_000,
    }).result;
    expect([
      r.bargain_element,
      r.amt_without_exercise,
      r.incremental_amt,
      r.amt_exemption_with_exercise,
    ]).toEqual([300000, 0, 84475.75, 0]);
  });

  it('a year already in AMT (standard deduction add-back on a gains-only return): only the increase carries forward', () => {
    // 2025 single, 2,000,000 of qualified income, no wages. Regular: TI 1,984,250, all gains:
    //   48,350 at 0%, 485,050 at 15%, 1,450,850 at 20%.
    // AMT: AMTI 2,000,000 (the 15,750 standard deduction added back), exemption fully phased out
    //   (626,350 + 4 x 88,100 = 978,750); line 6 = 2,000,000 = line 13, so line 17 = 0 and the same bands apply
    //   but 15,750 more of gain is taxed at 20%: AMT = 20% x 15,750 = 3,150.
    // An exercise adds line 17 = B at 26%: 10,000 shares x 1 -> incremental 2,600.
    const r = isoExercise({
      tax_year: 2025,
      filing_status: 'single',
      shares: 10_000,
      strike_price: 1,
      fmv_at_exercise: 2,
      ordinary_income: 0,
      qualified_income: 2_000_000,
    }).result;
    expect([
      r.amt_without_exercise,
      r.amt_with_exercise,
      r.incremental_amt,
      r.amt_credit_carryforward,
    ]).toEqual([3150, 5750, 2600, 2600]);
  });

  it('no spread, no AMT', () => {
    const r = isoExercise({
      tax_year: 2025,
      filing_status: 'hoh',
      shares: 100,
      strike_price: 50,
      fmv_at_exercise: 50,
      ordinary_income: 90_000,
    }).result;
    expect([r.bargain_element, r.incremental_amt]).toEqual([0, 0]);
  });
});

describe('equity-comp/iso: properties', () => {
  it('incremental AMT is never negative and never decreases with more shares', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_TAX_YEARS),
        fc.constantFrom(...FILING_STATUSES),
        fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (tax_year, filing_status, wages, s1, s2) => {
          const run = (shares: number) =>
            isoExercise({
              tax_year,
              filing_status,
              shares,
              strike_price: 5,
              fmv_at_exercise: 65,
              ordinary_income: wages,
            }).result;
          const [a, b] = [run(Math.min(s1, s2)), run(Math.max(s1, s2))];
          expect(a.incremental_amt).toBeGreaterThanOrEqual(0);
          expect(b.incremental_amt).toBeGreaterThanOrEqual(a.incremental_amt);
          expect(a.amt_credit_carryforward).toBe(a.incremental_amt);
        },
      ),
    );
  });
});

describe('equity-comp/iso: contract', () => {
  it('golden result_id', () => {
    expect(
      isoExercise({
        tax_year: 2025,
        filing_status: 'single',
        shares: 1000,
        strike_price: 10,
        fmv_at_exercise: 110,
        ordinary_income: 150_000,
      }).result_id,
    ).toBe('eqc-iso_2035cc430026248e');
  });
  it('bad input names the field', () => {
    const under = errorOf({
      tax_year: 2025,
      filing_status: 'single',
      shares: 10,
      strike_price: 10,
      fmv_at_exercise: 9,
      ordinary_income: 1,
    });
    expect(under.code).toBe('invalid_input');
    expect(under.issues[0]?.path).toBe('fmv_at_exercise');
    expect(
      errorOf({
        tax_year: 2025,
        filing_status: 'single',
        shares: 0,
        strike_price: 1,
        fmv_at_exercise: 2,
        ordinary_income: 1,
      }).issues[0]?.path,
    ).toBe('shares');
    expect(
      errorOf({
        tax_year: 2027,
        filing_status: 'single',
        shares: 1,
        strike_price: 1,
        fmv_at_exercise: 2,
        ordinary_income: 1,
      }).code,
    ).toBe('unsupported_year');
  });
});
