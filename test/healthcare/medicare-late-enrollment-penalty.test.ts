import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import {
  type LateEnrollmentPenaltyInput,
  medicareLateEnrollmentPenalty,
} from '../../src/healthcare/medicare-late-enrollment-penalty';
import { calculationErrorOf } from '../helpers';

const penalty = (input: LateEnrollmentPenaltyInput) => medicareLateEnrollmentPenalty(input).result;

describe('medicare/late-enrollment-penalty', () => {
  // Hand calculations on each year's CMS figures: standard Part B premium 202.90 (2026), Part D base
  // beneficiary premium 38.99 (2026). 2024 and 2025 are reference cases beside the tables:
  // data/healthcare/medicare/<year>.cases.json (test/data/cases.test.ts).
  it.each([
    // year, Part B 24 months (20%), Part D 14 months (14%)
    [2026, 40.6, 5.5], // 0.2 x 202.90 = 40.58 -> 40.60; 0.14 x 38.99 = 5.4586 -> 5.50
  ])('%i: 24 months without Part B and 14 without Part D', (year, b, d) => {
    const r = penalty({ year, part_b_months_late: 24, part_d_months_late: 14, projection_years: 20 });
    expect(r.part_b_full_periods_late).toBe(2);
    expect(r.part_b_penalty_rate).toBe(0.2);
    expect(r.part_d_penalty_rate).toBe(0.14);
    expect([r.part_b_monthly_penalty, r.part_d_monthly_penalty]).toEqual([b, d]);
    const monthly = new Dec(b).plus(d);
    expect(r.monthly_surcharge).toBe(monthly.toNumber());
    expect(r.annual_surcharge).toBe(monthly.times(12).toNumber());
    // held flat by default: 20 equal years
    expect(r.premium_growth_rate).toBe(0);
    expect(r.lifetime_surcharge).toBe(monthly.times(12 * 20).toNumber());
    expect(r.projection).toHaveLength(20);
    expect(r.projection[19]).toMatchObject({ year: year + 19, part_b_monthly_penalty: b });
  });

  it('the Part B penalty applies to the standard premium, which (a multiple of $0.10) makes the rounded total the same', () => {
    for (const year of [2024, 2025, 2026]) {
      const r = penalty({ year, part_b_months_late: 36, projection_years: 1 });
      const exactTotal = new Dec(r.part_b_standard_premium).times(1.3);
      expect(new Dec(r.part_b_standard_premium).plus(r.part_b_monthly_penalty).toNumber()).toBe(
        exactTotal.div(0.1).toDecimalPlaces(0, Dec.ROUND_HALF_UP).times(0.1).toNumber(),
      );
    }
  });

  it('with premium growth each year is recomputed: 2026, 24 months late, 5% growth, 3 years', () => {
    // year 1: 202.90 -> 40.58 -> 40.60
    // year 2: 202.90 x 1.05 = 213.045 -> 213.00 (premiums in dimes) -> 42.60
    // year 3: 202.90 x 1.1025 = 223.69725 -> 223.70 -> 44.74 -> 44.70
    const r = penalty({ year: 2026, part_b_months_late: 24, projection_years: 3, premium_growth_rate: 0.05 });
    expect(r.projection.map((row) => row.part_b_standard_premium)).toEqual([202.9, 213, 223.7]);
    expect(r.projection.map((row) => row.part_b_monthly_penalty)).toEqual([40.6, 42.6, 44.7]);
    expect(r.lifetime_surcharge).toBe(1534.8); // 12 x (40.60 + 42.60 + 44.70)
  });

  it('no months late, no penalty', () => {
    const r = penalty({ year: 2025, projection_years: 5 });
    expect([r.monthly_surcharge, r.lifetime_surcharge]).toEqual([0, 0]);
  });

  it('rejects an unsupported year, a missing projection_years and months out of range', () => {
    expect(calculationErrorOf(medicareLateEnrollmentPenalty, { year: 2023, projection_years: 1 }).code).toBe(
      'unsupported_year',
    );
    expect(calculationErrorOf(medicareLateEnrollmentPenalty, { year: 2026 }).issues[0]).toMatchObject({
      path: 'projection_years',
      code: 'required',
    });
    expect(
      calculationErrorOf(medicareLateEnrollmentPenalty, {
        year: 2026,
        projection_years: 1,
        part_d_months_late: -1,
      }).issues[0]?.path,
    ).toBe('part_d_months_late');
  });

  it('envelope: engine medicare-penalty-1.0.0, prefix mlep', () => {
    const envelope = medicareLateEnrollmentPenalty({
      year: 2026,
      part_d_months_late: 3,
      projection_years: 1,
    });
    expect(envelope.engine_version).toBe('medicare-penalty-1.0.0');
    expect(envelope.result_id).toMatch(/^mlep_[0-9a-f]{16}$/);
  });

  it('properties: more months never cost less; penalties in whole dimes; flat lifetime = years x annual', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2024, 2025, 2026),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (year, b, d, extra, years) => {
          const base = penalty({
            year,
            part_b_months_late: b,
            part_d_months_late: d,
            projection_years: years,
          });
          const more = penalty({
            year,
            part_b_months_late: Math.min(600, b + extra),
            part_d_months_late: Math.min(600, d + extra),
            projection_years: years,
          });
          expect(more.monthly_surcharge).toBeGreaterThanOrEqual(base.monthly_surcharge);
          for (const x of [base.part_b_monthly_penalty, base.part_d_monthly_penalty]) {
            expect(new Dec(x).mod(0.1).toNumber()).toBe(0);
          }
          expect(base.lifetime_surcharge).toBe(new Dec(base.annual_surcharge).times(years).toNumber());
        },
      ),
    );
  });
});
