import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { type HealthcareCostsInput, healthcareCosts } from '../../src/healthcare/healthcare-costs';
import { calculationErrorOf } from '../helpers';

const costs = (input: HealthcareCostsInput) => healthcareCosts(input).result;

describe('healthcare-costs, under 65: the premium tax credit', () => {
  it('2026, one person, $40,000, benchmark $7,200 (hand calculation)', () => {
    // 2025 guideline 15,650; 40,000 / 15,650 = 255.59% -> 255 (Form 8962 line 5 drops the decimals);
    // 8.44% + (9.96% - 8.44%) x 5/50 = 8.592% -> 8.59% (line 7); 40,000 x 0.0859 = 3,436 (line 8a);
    // credit 7,200 - 3,436 = 3,764; net premium 3,436 (286.33 a month).
    // Cliff: 4 x 15,650 = 62,600, 22,600 away; at 62,600 the credit is 7,200 - 62,600 x 0.0996 = 7,200 - 6,235 = 965.
    const r = costs({
      coverage_year: 2026,
      household_size: 1,
      magi: 40_000,
      benchmark_annual_premium: 7_200,
      age: 40,
    });
    expect(r).toEqual({
      coverage_year: 2026,
      coverage: 'marketplace',
      monthly_cost: 286.33,
      annual_cost: 3_436,
      poverty_guideline_year: 2025,
      poverty_guideline: 15_650,
      income_to_poverty_ratio: 2.555911,
      fpl_percent: 255,
      ptc_eligible: true,
      applicable_percentage: 0.0859,
      expected_contribution: 3_436,
      benchmark_annual_premium: 7_200,
      premium_tax_credit: 3_764,
      net_premium: 3_436,
      has_cliff: true,
      cliff_income: 62_600,
      distance_to_cliff: 22_600,
      credit_at_cliff: 965,
    });
  });

  it('2026, one dollar over the cliff: no credit, the whole benchmark, distance negative', () => {
    const r = costs({
      coverage_year: 2026,
      household_size: 2,
      magi: 84_601,
      benchmark_annual_premium: 18_000,
      age: 60,
    });
    // 2025 guideline for 2: 21,150; 400% = 84,600.
    expect(r).toMatchObject({
      ptc_eligible: false,
      ineligible_reason: 'above_400_percent',
      fpl_percent: 401,
      premium_tax_credit: 0,
      net_premium: 18_000,
      cliff_income: 84_600,
      distance_to_cliff: -1,
    });
    expect(r.applicable_percentage).toBeUndefined();
    // 84,600 x 0.0996 = 8,426.16 -> 8,426; 18,000 - 8,426 = 9,574 lost by the last dollar
    expect(r.credit_at_cliff).toBe(9_574);
  });

  it('2025 has no cliff: 8.5% above 400% and no cliff fields', () => {
    // 2024 guideline for 2: 20,440; 100,000 / 20,440 = 489% -> 401; 8.5%; 8,500; 18,000 - 8,500 = 9,500
    const r = costs({
      coverage_year: 2025,
      household_size: 2,
      magi: 100_000,
      benchmark_annual_premium: 18_000,
      age: 60,
    });
    expect(r).toMatchObject({
      has_cliff: false,
      fpl_percent: 401,
      applicable_percentage: 0.085,
      premium_tax_credit: 9_500,
    });
    expect(r.cliff_income).toBeUndefined();
    expect(r.distance_to_cliff).toBeUndefined();
  });

  it('below 100% no credit; married filing separately no credit', () => {
    expect(
      costs({
        coverage_year: 2024,
        household_size: 3,
        magi: 20_000,
        benchmark_annual_premium: 15_000,
        age: 35,
      }),
    ).toMatchObject({ ptc_eligible: false, ineligible_reason: 'below_100_percent', annual_cost: 15_000 });
    expect(
      costs({
        coverage_year: 2024,
        household_size: 2,
        magi: 40_000,
        benchmark_annual_premium: 15_000,
        age: 35,
        filing_status: 'mfs',
      }),
    ).toMatchObject({ ptc_eligible: false, ineligible_reason: 'married_filing_separately' });
  });

  it('Alaska and Hawaii are refused with unsupported_jurisdiction, naming what is covered', () => {
    for (const state of ['AK', 'HI']) {
      const error = calculationErrorOf(healthcareCosts, {
        coverage_year: 2026,
        household_size: 1,
        magi: 40_000,
        benchmark_annual_premium: 7_000,
        age: 40,
        state,
      });
      expect(error.code).toBe('unsupported_jurisdiction');
      expect(error.issues[0]?.path).toBe('state');
      expect(error.message).toContain('48 contiguous states and DC');
    }
    expect(
      costs({
        coverage_year: 2026,
        household_size: 1,
        magi: 40_000,
        benchmark_annual_premium: 7_200,
        age: 40,
        state: 'DC',
      }).premium_tax_credit,
    ).toBe(3_764);
  });

  it('requires the benchmark premium under 65, and a supported coverage year', () => {
    const missing = calculationErrorOf(healthcareCosts, {
      coverage_year: 2026,
      household_size: 1,
      magi: 1,
      age: 40,
    });
    expect(missing.issues[0]?.path).toBe('benchmark_annual_premium');
    const year = calculationErrorOf(healthcareCosts, {
      coverage_year: 2027,
      household_size: 1,
      magi: 1,
      age: 70,
    });
    expect(year.code).toBe('unsupported_year');
    expect(year.message).toContain('2024, 2025, 2026');
  });
});

describe('healthcare-costs, 65 and over: Medicare Part B and Part D IRMAA', () => {
  it('2026, 67, joint return, 2024 MAGI 300,000: tier 2', () => {
    // CMS 2026 joint table "Greater than $274,000 and less than or equal to $342,000": Part B 202.90 + 202.90
    // = 405.80, Part D + 37.50: 443.30 a month, 5,319.60 a year, per person.
    const r = costs({ coverage_year: 2026, household_size: 2, magi: 300_000, age: 67, filing_status: 'mfj' });
    expect(r).toEqual({
      coverage_year: 2026,
      coverage: 'medicare',
      monthly_cost: 443.3,
      annual_cost: 5_319.6,
      filing_status: 'mfj',
      irmaa_magi_tax_year: 2024,
      irmaa_tier: 2,
      part_b_standard_premium: 202.9,
      part_b_irmaa: 202.9,
      part_b_premium: 405.8,
      part_d_irmaa: 37.5,
    });
  });
  it('turning 65 switches from the credit to Medicare; the benchmark is not needed (and ignored) at 65', () => {
    const r = costs({ coverage_year: 2024, household_size: 1, magi: 50_000, age: 65 });
    expect([r.coverage, r.annual_cost]).toEqual(['medicare', 2_096.4]); // 174.70 x 12
    expect(
      costs({
        coverage_year: 2024,
        household_size: 1,
        magi: 50_000,
        age: 65,
        benchmark_annual_premium: 9_000,
      }).annual_cost,
    ).toBe(2_096.4);
  });
});

describe('envelope and properties', () => {
  it('engine healthcare-costs-1.0.1, prefix hcc', () => {
    const envelope = healthcareCosts({
      coverage_year: 2025,
      household_size: 1,
      magi: 30_000,
      benchmark_annual_premium: 6_000,
      age: 50,
    });
    expect(envelope.engine_version).toBe('healthcare-costs-1.0.1');
    expect(envelope.result_id).toMatch(/^hcc_[0-9a-f]{16}$/);
  });
  it('credit in [0, benchmark], net premium >= 0 and net + credit = benchmark; annual cost >= 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2024, 2025, 2026),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -100_000, max: 100_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 110 }),
        (year, size, magi, benchmark, age) => {
          const r = costs({
            coverage_year: year,
            household_size: size,
            magi,
            benchmark_annual_premium: benchmark,
            age,
          });
          expect(r.annual_cost).toBeGreaterThanOrEqual(0);
          if (r.coverage === 'marketplace') {
            expect(r.premium_tax_credit!).toBeGreaterThanOrEqual(0);
            expect(r.premium_tax_credit!).toBeLessThanOrEqual(r.benchmark_annual_premium!);
            expect(r.net_premium!).toBeGreaterThanOrEqual(0);
            expect(new Dec(r.net_premium!).plus(r.premium_tax_credit!).toNumber()).toBe(
              r.benchmark_annual_premium,
            );
          }
        },
      ),
    );
  });
});
