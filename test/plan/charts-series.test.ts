import { describe, expect, it } from 'vitest';
import { planSeries } from '../../src/plan/_lib/series';
import type { YearRecord } from '../../src/plan/_lib/types';
import { evaluate, fixedPolicy, householdBuilder, levelDecisions } from './stress-fixture';

// Two people; two tax-deferred accounts (one each) so that sums by kind are sums, one of every kind.
const build = householdBuilder({
  startYear: 2026,
  people: [
    { birthYear: 1960, sex: 'male', lastYear: 2027, socialSecurity: 20_000 },
    { birthYear: 1962, sex: 'female', lastYear: 2028, socialSecurity: 12_000 },
  ],
  accounts: [
    { owner: 0, kind: 'taxable', balance: 100_000, basis: 100_000 },
    { owner: 0, kind: 'tax_deferred', balance: 30_000, basis: 0 },
    { owner: 1, kind: 'tax_deferred', balance: 20_000, basis: 0 },
    { owner: 1, kind: 'roth', balance: 10_000, basis: 0 },
    { owner: 0, kind: 'hsa', balance: 5_000, basis: 0 },
  ],
  growth: 1,
  inflation: 0.02,
  survivorShare: 0.6,
});
const timeline = build();

/** A record with every amount 0 but those given. */
function record(year: number, fields: Partial<YearRecord>): YearRecord {
  return {
    year,
    balances: [0, 0, 0, 0, 0],
    withdrawals: [0, 0, 0, 0, 0],
    conversions: [0, 0],
    rmd: 0,
    wages: 0,
    pensions: 0,
    socialSecurity: 0,
    taxableSocialSecurity: 0,
    capitalGains: 0,
    agiNominal: 0,
    federalTax: 0,
    niit: 0,
    stateTax: 0,
    irmaa: 0,
    acaNetPremium: 0,
    premiumTaxCredit: 0,
    spending: 0,
    shortfall: 0,
    deposit: 0,
    ...fields,
  };
}

describe('planSeries: records read year by year', () => {
  it('sums accounts by kind, rounds each amount to the cent once, half up', () => {
    const records = [
      record(2026, {
        // Tax-deferred: 30,000.004 + 20,000.001 = 50,000.005 -> 50,000.01 (summed, then rounded: each
        // rounded first would give 50,000.00).
        balances: [100_000, 30_000.004, 20_000.001, 10_000, 5_000],
        withdrawals: [500, 10_000, 0, 0, 0.125],
        conversions: [1_000.005, 0],
        socialSecurity: 32_000,
        federalTax: 2_000.125,
        stateTax: 500.005,
        irmaa: 0.004,
        acaNetPremium: 0,
        spending: 40_000,
      }),
      record(2027, { balances: [1, 2, 3, 4, 5], wages: 10.555, pensions: 1.005, shortfall: 0.015 }),
      record(2028, { spending: 24_000 }),
    ];
    const series = planSeries(timeline, { years: records });
    expect(series.year).toEqual([2026, 2027, 2028]);
    expect(series.ages).toEqual([
      [66, 67, 68],
      [64, 65, 66],
    ]);
    expect(series.alive).toEqual([
      [true, true, false],
      [true, true, true],
    ]);
    expect(series.balances).toEqual({
      taxable: [100_000, 1, 0],
      tax_deferred: [50_000.01, 5, 0],
      roth: [10_000, 4, 0],
      hsa: [5_000, 5, 0],
    });
    expect(series.withdrawals).toEqual({
      taxable: [500, 0, 0],
      tax_deferred: [10_000, 0, 0],
      roth: [0, 0, 0],
      hsa: [0.13, 0, 0],
    });
    expect(series.conversions).toEqual([1_000.01, 0, 0]);
    expect(series.income).toEqual({
      wages: [0, 10.56, 0],
      pensions: [0, 1.01, 0],
      social_security: [32_000, 0, 0],
    });
    expect(series.federal_tax).toEqual([2_000.13, 0, 0]);
    expect(series.state_tax).toEqual([500.01, 0, 0]);
    expect(series.irmaa).toEqual([0, 0, 0]);
    expect(series.aca_net_premium).toEqual([0, 0, 0]);
    expect(series.spending).toEqual([40_000, 0, 24_000]);
    expect(series.shortfall).toEqual([0, 0.02, 0]);
  });

  it('an evaluation: one entry per year, every value a cent amount', () => {
    const decisions = levelDecisions(timeline, 30_000, [0, 5_000, 5_000]);
    const evaluation = evaluate(timeline, fixedPolicy(decisions));
    const series = planSeries(timeline, evaluation);
    const columns = [
      ...Object.values(series.balances),
      ...Object.values(series.withdrawals),
      ...Object.values(series.income),
      series.conversions,
      series.federal_tax,
      series.state_tax,
      series.irmaa,
      series.aca_net_premium,
      series.spending,
      series.shortfall,
    ];
    for (const column of columns) {
      expect(column).toHaveLength(3);
      for (const value of column) expect(Math.round(value * 100) / 100).toBe(value);
    }
    // Year 1 balances are the accounts as given.
    expect(series.balances.tax_deferred[0]).toBe(50_000);
    expect(series.spending).toEqual([30_000, 30_000, 18_000]);
  });

  it('refuses an evaluation of another length', () => {
    expect(() => planSeries(timeline, { years: [record(2026, {})] })).toThrow(/1 evaluated years/);
  });
});
