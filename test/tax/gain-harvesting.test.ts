import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { federalTable, SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { gainHarvesting } from '../../src/tax/gain-harvesting';
import { taxEstimate } from '../../src/tax/tax-estimate';

describe('tax/gain-harvesting: hand calculations', () => {
  it('2025 mfj, 80,000 of taxable income, 20,000 of gain (Rev. Proc. 2024-40 §2.03: 0% to 96,700)', () => {
    // 96,700 - 80,000 = 16,700 at 0%; 3,300 at 15% = 495. MAGI 110,000 + 20,000 < 250,000: no NIIT.
    expect(
      gainHarvesting({
        tax_year: 2025,
        filing_status: 'mfj',
        taxable_income: 80_000,
        magi: 110_000,
        realize_amount: 20_000,
      }).result,
    ).toEqual({
      ltcg_zero_room: 16700,
      ltcg_fifteen_room: 503350, // 600,050 - 96,700
      realization: {
        amount_at_0: 16700,
        amount_at_15: 3300,
        amount_at_20: 0,
        ltcg_tax: 495,
        niit: 0,
        total_tax: 495,
        marginal_rate: 0.15,
      },
    });
  });

  it('2026 single across the 20% edge with NIIT (Rev. Proc. 2025-32 §4.03: 15% to 545,500)', () => {
    // TI 530,000: 15,500 at 15% = 2,325; 34,500 at 20% = 6,900; MAGI already over 200,000: NIIT 3.8% x 50,000 = 1,900.
    const r = gainHarvesting({
      tax_year: 2026,
      filing_status: 'single',
      taxable_income: 530_000,
      magi: 546_100,
      realize_amount: 50_000,
    }).result;
    expect(r.ltcg_fifteen_room).toBe(15500);
    expect(r.realization).toEqual({
      amount_at_0: 0,
      amount_at_15: 15500,
      amount_at_20: 34500,
      ltcg_tax: 9225,
      niit: 1900,
      total_tax: 11125,
      marginal_rate: 0.238,
    });
  });

  it('NIIT only on the part of the gain above the MAGI threshold (§1411)', () => {
    // 2025 mfj, MAGI 240,000 + 30,000: 20,000 over 250,000 -> 760; gain all at 15% = 4,500.
    const r = gainHarvesting({
      tax_year: 2025,
      filing_status: 'mfj',
      taxable_income: 200_000,
      magi: 240_000,
      realize_amount: 30_000,
    }).result;
    expect([r.realization.ltcg_tax, r.realization.niit, r.realization.total_tax]).toEqual([4500, 760, 5260]);
    expect(r.realization.marginal_rate).toBe(0.188);
  });

  it('the whole gain at 0% when it fits (2024 single, 0% to 47,025)', () => {
    const r = gainHarvesting({
      tax_year: 2024,
      filing_status: 'single',
      taxable_income: 20_000,
      magi: 35_000,
      realize_amount: 27_025,
    }).result;
    expect(r.realization.total_tax).toBe(0);
    expect(r.realization.marginal_rate).toBe(0.15); // 47,025 reached: the next dollar is at 15%
  });
});

const year = fc.constantFrom(...SUPPORTED_TAX_YEARS);
const status = fc.constantFrom(...FILING_STATUSES);
const money = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);

describe('tax/gain-harvesting: properties', () => {
  it('the bands add up to the gain; tax = 15% and 20% of its bands; NIIT <= 3.8% of the gain', () => {
    fc.assert(
      fc.property(
        year,
        status,
        money,
        money,
        money,
        (tax_year, filing_status, taxable_income, magi, realize_amount) => {
          const r = gainHarvesting({ tax_year, filing_status, taxable_income, magi, realize_amount }).result
            .realization;
          expect(new Dec(r.amount_at_0).plus(r.amount_at_15).plus(r.amount_at_20).toNumber()).toBe(
            realize_amount,
          );
          expect(r.ltcg_tax).toBe(
            new Dec(r.amount_at_15)
              .times(0.15)
              .plus(new Dec(r.amount_at_20).times(0.2))
              .toDecimalPlaces(2)
              .toNumber(),
          );
          // NIIT's base is at most the gain, and rounding half up to cents is monotone: compare exactly.
          expect(new Dec(r.niit).lte(new Dec(realize_amount).times(0.038).toDecimalPlaces(2))).toBe(true);
        },
      ),
    );
  });

  it('agrees with tax/estimate’s capital gains tax when the existing income is ordinary and above the 12% bracket', () => {
    fc.assert(
      fc.property(year, status, money, money, (tax_year, filing_status, extra, realize_amount) => {
        const t = federalTable(tax_year);
        const twentyTwoStart = t.ordinary_brackets.thresholds[filing_status][2] as number;
        const taxable_income = twentyTwoStart + extra; // above the band where worksheet line 25 can bind
        const deduction = t.standard_deduction[filing_status];
        const est = taxEstimate({
          tax_year,
          filing_status,
          ordinary_income: taxable_income + deduction,
          qualified_income: realize_amount,
        }).result;
        const gh = gainHarvesting({
          tax_year,
          filing_status,
          taxable_income,
          magi: 0,
          realize_amount,
        }).result;
        // One cent apart at most: the estimate rounds its regular and ordinary taxes separately.
        expect(new Dec(gh.realization.ltcg_tax).minus(est.capital_gains_tax).abs().lte(0.01)).toBe(true);
      }),
    );
  });
});

describe('tax/gain-harvesting: contract', () => {
  it('golden result_id', () => {
    expect(
      gainHarvesting({
        tax_year: 2025,
        filing_status: 'mfj',
        taxable_income: 80_000,
        magi: 110_000,
        realize_amount: 20_000,
      }).result_id,
    ).toBe('gh_7c9a54eaeba6a128');
  });
  it('bad input names the field', () => {
    try {
      gainHarvesting.run({ tax_year: 2025, filing_status: 'mfj', taxable_income: 1, realize_amount: 1 });
      throw new Error('expected a CalculationError');
    } catch (error) {
      expect(isCalculationError(error) && [error.code, error.issues[0]?.path, error.issues[0]?.code]).toEqual(
        ['invalid_input', 'magi', 'required'],
      );
    }
  });
});
