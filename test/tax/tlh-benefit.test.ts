import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { type TlhBenefitInput, tlhBenefit, WASH_SALE_CAVEAT } from '../../src/tax/tlh-benefit';

const tlh = (input: TlhBenefitInput) => tlhBenefit(input).result;

describe('tax/tlh-benefit: hand calculations', () => {
  it('2025 single: 10,000 loss against 5,000 of gains, 120,000 of taxable income (docs/tax.md example)', () => {
    // Gains first: 5,000; then 3,000 of ordinary income (§1211(b)); 2,000 carried forward.
    // Before: ordinary 115,000 -> 17,651 + 24% x 11,650 = 20,447; gains 15% x 5,000 = 750; total 21,197.
    // After: TI 112,000, all ordinary -> 17,651 + 24% x 8,650 = 19,727. Saving 1,470 (= 750 + 24% x 3,000).
    // Recapture: basis lower by 10,000, of which the 2,000 carryforward offsets 2,000 at the sale: 15% x 8,000 = 1,200.
    // NPV = 1,470 - 1,200 / 1.06^10 = 1,470 - 670.07 = 799.93.
    expect(
      tlh({
        tax_year: 2025,
        filing_status: 'single',
        taxable_income: 120_000,
        harvestable_loss: 10_000,
        offsettable_gains: 5000,
        growth_rate: 0.06,
        reinvestment_years: 10,
      }),
    ).toEqual({
      gains_offset: 5000,
      ordinary_offset: 3000,
      carryforward: 2000,
      immediate_tax_saving: 1470,
      future_tax_recapture: 1200,
      net_present_value: 799.93,
      wash_sale_caveat: WASH_SALE_CAVEAT,
    });
  });

  it('mfs: 1,500 limit (§1211(b)(1)); 2026 22% bracket', () => {
    // 2026 mfs, TI 90,000 (22% bracket 50,400-105,700): 1,500 x 22% = 330; recapture 15% x 1,500 = 225;
    // sold at once (0 years): NPV 105.
    const r = tlh({
      tax_year: 2026,
      filing_status: 'mfs',
      taxable_income: 90_000,
      harvestable_loss: 5000,
      growth_rate: 0,
      reinvestment_years: 0,
    });
    expect([r.gains_offset, r.ordinary_offset, r.carryforward]).toEqual([0, 1500, 3500]);
    expect([r.immediate_tax_saving, r.future_tax_recapture, r.net_present_value]).toEqual([330, 225, 105]);
  });

  it('the deduction only uses the loss that taxable income absorbs (Capital Loss Carryover Worksheet)', () => {
    // 2024 single, TI 2,000: 2,000 used (10% = 200), 3,000 carried forward.
    const r = tlh({
      tax_year: 2024,
      filing_status: 'single',
      taxable_income: 2000,
      harvestable_loss: 5000,
      growth_rate: 0.05,
      reinvestment_years: 5,
    });
    expect([r.ordinary_offset, r.carryforward, r.immediate_tax_saving]).toEqual([2000, 3000, 200]);
    expect(r.future_tax_recapture).toBe(0); // 2,000 of future gain on a 2,000 income sits in the 0% band
  });

  it('harvesting against gains in the 0% band saves nothing', () => {
    // 2024 mfj, TI 60,000 with 20,000 of gains: all under the 94,050 zero-rate max.
    const r = tlh({
      tax_year: 2024,
      filing_status: 'mfj',
      taxable_income: 60_000,
      harvestable_loss: 20_000,
      offsettable_gains: 20_000,
      growth_rate: 0.07,
      reinvestment_years: 20,
    });
    expect([r.gains_offset, r.immediate_tax_saving, r.net_present_value]).toEqual([20000, 0, 0]);
  });
});

describe('tax/tlh-benefit: properties', () => {
  it('the loss is fully accounted for; the saving is not negative; a later sale is worth more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_TAX_YEARS),
        fc.constantFrom(...FILING_STATUSES),
        fc.integer({ min: 0, max: 80_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 40 }),
        (tax_year, filing_status, taxable_income, harvestable_loss, offsettable_gains, years) => {
          const base = {
            tax_year,
            filing_status,
            taxable_income,
            harvestable_loss,
            offsettable_gains,
            growth_rate: 0.05,
          };
          const r = tlh({ ...base, reinvestment_years: years });
          expect(new Dec(r.gains_offset).plus(r.ordinary_offset).plus(r.carryforward).toNumber()).toBe(
            harvestable_loss,
          );
          expect(r.ordinary_offset).toBeLessThanOrEqual(filing_status === 'mfs' ? 1500 : 3000);
          expect(r.immediate_tax_saving).toBeGreaterThanOrEqual(0);
          expect(r.net_present_value).toBeLessThanOrEqual(r.immediate_tax_saving);
          expect(tlh({ ...base, reinvestment_years: years + 1 }).net_present_value).toBeGreaterThanOrEqual(
            r.net_present_value,
          );
        },
      ),
    );
  });
});

describe('tax/tlh-benefit: contract', () => {
  it('golden result_id', () => {
    expect(
      tlhBenefit({
        tax_year: 2025,
        filing_status: 'single',
        taxable_income: 120_000,
        harvestable_loss: 10_000,
        offsettable_gains: 5000,
        growth_rate: 0.06,
        reinvestment_years: 10,
      }).result_id,
    ).toBe('tlh_47b31c760f52a28f');
  });
  it('bad input names the field', () => {
    try {
      tlhBenefit.run({
        tax_year: 2025,
        filing_status: 'single',
        taxable_income: 1,
        harvestable_loss: 1,
        growth_rate: 0.9,
        reinvestment_years: 1,
      });
      throw new Error('expected a CalculationError');
    } catch (error) {
      expect(isCalculationError(error) && error.issues[0]?.path).toBe('growth_rate');
    }
  });
});
