import { describe, expect, it } from 'vitest';
import { PlanInput } from '../../src/plan/_lib/plan-input';
import { buildTimeline } from '../../src/plan/_lib/timeline';

const base = {
  start_year: 2026,
  real_return: 0.03,
  inflation: 0.025,
  accounts: [{ type: 'tax_deferred', balance: 500_000 }],
} as const;

describe('buildTimeline', () => {
  it('one person: years, benefits at the claiming age, RMDs from 75 (born 1960)', () => {
    const t = buildTimeline(
      PlanInput.parse({
        ...base,
        people: [{ birth_year: 1960, planning_age: 90, social_security: { pia: 2_000, claiming_age: 67 } }],
      }),
    );
    expect(t.years.map((y) => y.year)).toEqual(Array.from({ length: 25 }, (_, i) => 2026 + i));
    // born 1960: full retirement age 67 (20 CFR 404.409), so claiming at 67 pays the PIA: 12 x 2,000
    expect(t.years[0]?.people[0]?.socialSecurity).toBe(0);
    expect(t.years[1]?.people[0]?.socialSecurity).toBe(24_000);
    // SECURE 2.0: born 1960 -> applicable age 75 (2035); Uniform Lifetime divisor at 75 is 24.6
    expect(t.years[8]?.people[0]?.rmdDivisor).toBeUndefined();
    expect(t.years[9]?.people[0]?.rmdDivisor).toBe(24.6);
    // a surplus has somewhere to go (an implicit taxable account of 0) and a conversion too (a Roth of 0)
    expect(t.accounts.slice(1)).toEqual([
      { owner: 0, kind: 'taxable', balance: 0, basis: 0 },
      { owner: 0, kind: 'roth', balance: 0, basis: 0 },
    ]);
    // price index compounds inflation
    expect(t.years[2]?.priceIndex).toBe(1.025 * 1.025);
  });

  it('claiming early reduces the benefit (20 CFR 404.410): 62 with FRA 67 is 70% of the PIA', () => {
    const t = buildTimeline(
      PlanInput.parse({
        ...base,
        start_year: 2024,
        people: [{ birth_year: 1962, planning_age: 80, social_security: { pia: 2_000, claiming_age: 62 } }],
      }),
    );
    expect(t.years[0]?.people[0]?.socialSecurity).toBe(16_800); // 1,400 x 12
  });

  it('a couple: mfj through the first death, then single with the larger benefit and the survivor share', () => {
    const t = buildTimeline(
      PlanInput.parse({
        ...base,
        survivor_spending_share: 0.6,
        people: [
          { birth_year: 1958, planning_age: 70, social_security: { pia: 3_000, claiming_age: 67 } },
          { birth_year: 1958, planning_age: 80, social_security: { pia: 1_000, claiming_age: 67 } },
        ],
      }),
    );
    const y2028 = t.years[2];
    const y2029 = t.years[3];
    expect(y2028?.filingStatus).toBe('mfj');
    expect(y2028?.people[0]?.alive).toBe(true);
    expect(y2029?.filingStatus).toBe('single');
    expect(y2029?.people[0]?.alive).toBe(false);
    expect(y2029?.spendingFactor).toBe(0.6);
    // survivor: max(own 12,000, the deceased's 36,000 a year: born 1958, FRA 66 and 8 months, claimed at
    // 67: 4 months of 2/3% credit = 2.667%: 3,000 + 80 = 3,080 a month)
    expect(y2029?.people[1]?.socialSecurity).toBe(36_960);
    expect(y2029?.people[0]?.socialSecurity).toBe(0);
  });

  it('the smile dips in the middle and ends smile_increase above the start', () => {
    const t = buildTimeline(
      PlanInput.parse({
        ...base,
        spending_profile: 'smile',
        people: [{ birth_year: 1960, planning_age: 86 }],
      }),
    );
    const f = t.years.map((y) => y.spendingFactor);
    expect(f[0]).toBe(1);
    expect(f[f.length - 1]).toBeCloseTo(1.12, 12);
    expect(Math.min(...f)).toBeLessThan(0.92);
  });

  it('Marketplace years: someone under 65 and no one working', () => {
    const t = buildTimeline(
      PlanInput.parse({
        ...base,
        aca_benchmark_premium: 20_000,
        people: [{ birth_year: 1966, planning_age: 90, retirement_age: 62, wages: 80_000 }],
      }),
    );
    // 2026: age 60, working; 2028: 62, retired, under 65; 2031: 65
    expect(t.years.slice(0, 6).map((y) => y.aca)).toEqual([false, false, true, true, true, false]);
  });
});

describe('market_path: the plan on one seeded path of the shared return model', () => {
  const request = (market_path: Record<string, number>) =>
    PlanInput.parse({ ...base, market_path, people: [{ birth_year: 1960, planning_age: 80 }] });

  it('is the same path for the same seed, another for another seed', () => {
    const growth = (seed: number) =>
      buildTimeline(request({ expected_return: 0.06, return_volatility: 0.15, seed })).years.map(
        (y) => y.growth,
      );
    expect(growth(3)).toEqual(growth(3));
    expect(growth(3)).not.toEqual(growth(4));
    expect(new Set(growth(3)).size).toBe(15);
  });

  it('without volatility every year grows by (1 + expected_return) / (1 + inflation)', () => {
    const years = buildTimeline(request({ expected_return: 0.05575, return_volatility: 0, seed: 1 })).years;
    for (const y of years) expect(y.growth).toBeCloseTo(1.05575 / 1.025, 14);
  });
});
