import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { type MedicareIrmaaInput, medicareIrmaa } from '../../src/healthcare/medicare-irmaa';
import { calculationErrorOf } from '../helpers';

const irmaa = (input: MedicareIrmaaInput) => medicareIrmaa(input).result;

describe('medicare/irmaa', () => {
  // The CMS fact sheet's tier 2 (2026 single, 2024 MAGI 150,000) is a reference case beside the table:
  // data/healthcare/medicare/2026.cases.json (test/data/cases.test.ts).
  it('tier 0 has no distance back; tier 4 names the "at" threshold of tier 5; tier 5 has no headroom', () => {
    const none = irmaa({ irmaa_year: 2025, filing_status: 'mfj', magi: 100_000 });
    expect(none.tier).toBe(0);
    expect(none.monthly_surcharge).toBe(0);
    expect(none.part_b_premium).toBe(185);
    expect(none.headroom_to_next_tier).toBe(112_000);
    expect(none.distance_to_previous_tier).toBeUndefined();
    const four = irmaa({ irmaa_year: 2025, filing_status: 'mfj', magi: 700_000 });
    expect(four).toMatchObject({ tier: 4, next_tier_threshold: 750_000, next_tier_starts: 'at' });
    expect(four.headroom_to_next_tier).toBe(49_999.99);
    const top = irmaa({ irmaa_year: 2025, filing_status: 'mfj', magi: 750_000 });
    expect(top.tier).toBe(5);
    expect(top.headroom_to_next_tier).toBeUndefined();
    expect(top.next_tier_threshold).toBeUndefined();
    expect(top.distance_to_previous_tier).toBe(0.01);
  });

  it('lists the table with the fact sheet wording of each row', () => {
    const r = irmaa({ irmaa_year: 2024, filing_status: 'mfs', magi: 50_000 });
    expect(r.table).toBe('married_separate');
    expect(r.tiers).toEqual([
      { tier: 0, magi_up_to: 103_000, part_b_irmaa: 0, part_d_irmaa: 0, monthly_surcharge: 0 },
      // "Greater than $103,000 and less than $397,000"
      {
        tier: 4,
        magi_over: 103_000,
        magi_below: 397_000,
        part_b_irmaa: 384.3,
        part_d_irmaa: 74.2,
        monthly_surcharge: 458.5,
      },
      // "Greater than or equal to $397,000"
      { tier: 5, magi_at_least: 397_000, part_b_irmaa: 419.3, part_d_irmaa: 81, monthly_surcharge: 500.3 },
    ]);
  });

  it('lived_apart_all_year moves a separate return to the individual table', () => {
    const r = irmaa({ irmaa_year: 2026, filing_status: 'mfs', magi: 120_000, lived_apart_all_year: true });
    expect([r.table, r.tier, r.part_b_irmaa]).toEqual(['individual', 1, 81.2]);
  });

  it('a negative MAGI (a loss year) pays no surcharge', () => {
    expect(irmaa({ irmaa_year: 2026, filing_status: 'single', magi: -20_000 }).tier).toBe(0);
  });

  it('rejects an unsupported year listing the supported ones, and lived_apart_all_year off a separate return', () => {
    const year = calculationErrorOf(medicareIrmaa, { irmaa_year: 2023, filing_status: 'single', magi: 1 });
    expect(year.code).toBe('unsupported_year');
    expect(year.issues[0]).toMatchObject({ path: 'irmaa_year' });
    expect(year.message).toContain('2024, 2025, 2026');
    const apart = calculationErrorOf(medicareIrmaa, {
      irmaa_year: 2026,
      filing_status: 'single',
      magi: 1,
      lived_apart_all_year: true,
    });
    expect(apart.issues[0]?.path).toBe('lived_apart_all_year');
    const unknown = calculationErrorOf(medicareIrmaa, {
      irmaa_year: 2026,
      filing_status: 'single',
      magi: 1,
      agi: 1,
    });
    expect(unknown.issues[0]).toMatchObject({ path: 'agi', code: 'unknown_field' });
  });

  it('envelope: engine irmaa-1.0.0, prefix irmaa', () => {
    const envelope = medicareIrmaa({ irmaa_year: 2026, filing_status: 'mfj', magi: 300_000 });
    expect(envelope.engine_version).toBe('irmaa-1.0.0');
    expect(envelope.result_id).toMatch(/^irmaa_[0-9a-f]{16}$/);
  });

  it('property: surcharges never decrease with MAGI; annual = 12 x monthly; premiums = Part B premium + Part D', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2024, 2025, 2026),
        fc.constantFrom(...FILING_STATUSES),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (year, status, a, b) => {
          const low = irmaa({ irmaa_year: year, filing_status: status, magi: Math.min(a, b) / 100 });
          const high = irmaa({ irmaa_year: year, filing_status: status, magi: Math.max(a, b) / 100 });
          expect(high.monthly_surcharge).toBeGreaterThanOrEqual(low.monthly_surcharge);
          expect(high.annual_premiums).toBeGreaterThanOrEqual(low.annual_premiums);
          for (const r of [low, high]) {
            expect(new Dec(r.monthly_surcharge).times(12).toNumber()).toBe(r.annual_surcharge);
            expect(new Dec(r.part_b_premium).plus(r.part_d_irmaa).toNumber()).toBe(r.monthly_premiums);
          }
        },
      ),
    );
  });
});
