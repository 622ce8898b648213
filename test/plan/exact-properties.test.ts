// Invariants of the exact accounting (src/plan/_lib/evaluate.ts) over random households, decisions and
// return paths: money is conserved year by year, and no amount is NaN, infinite or negative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, type Policy } from '../../src/plan/_lib/evaluate';
import type { PlanAccount, YearDecision } from '../../src/plan/_lib/types';
import { account, makeTimeline } from './fixtures';

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);

const household = fc.record({
  couple: fc.boolean(),
  birthYear: fc.integer({ min: 1940, max: 1975 }),
  years: fc.integer({ min: 1, max: 12 }),
  firstDeath: fc.integer({ min: 0, max: 11 }),
  taxable: money(800_000),
  basisShare: fc.double({ min: 0, max: 1, noNaN: true }),
  taxDeferred: money(1_500_000),
  roth: money(300_000),
  hsa: money(100_000),
  inflation: fc.double({ min: 0, max: 0.05, noNaN: true }),
  state: fc.constantFrom(undefined, 'CA', 'NY', 'IL', 'GA', 'TX', 'PA'),
  socialSecurity: money(60_000),
  pension: money(40_000),
  wages: money(150_000),
  aca: fc.boolean(),
  maxConversion: money(200_000),
  growth: fc.array(fc.double({ min: 0.6, max: 1.5, noNaN: true }), { minLength: 12, maxLength: 12 }),
  decisions: fc.array(
    fc.record({
      withdrawals: fc.array(money(200_000), { minLength: 5, maxLength: 5 }),
      conversions: fc.array(money(150_000), { minLength: 2, maxLength: 2 }),
      spending: money(250_000),
    }),
    { minLength: 12, maxLength: 12 },
  ),
});

type Household = typeof household extends fc.Arbitrary<infer T> ? T : never;

function build(h: Household) {
  const end = 2026 + h.years - 1;
  const firstDeath = Math.min(end, 2026 + h.firstDeath);
  const people = h.couple
    ? [
        { birthYear: h.birthYear, lastYear: firstDeath },
        { birthYear: h.birthYear + 2, lastYear: end },
      ]
    : [{ birthYear: h.birthYear, lastYear: end }];
  const accounts: PlanAccount[] = [
    account('taxable', h.taxable, 0, h.taxable * h.basisShare),
    account('tax_deferred', h.taxDeferred, 0),
    account('roth', h.roth, 0),
    account('hsa', h.hsa, h.couple ? 1 : 0),
    account('tax_deferred', h.taxDeferred / 3, h.couple ? 1 : 0),
  ];
  return makeTimeline({
    startYear: 2026,
    people,
    accounts,
    state: h.state,
    inflation: h.inflation,
    maxConversion: h.maxConversion,
    acaBenchmarkPremium: 15_000,
    heirsRate: 0.24,
    aca: (year) => h.aca && year - h.birthYear < 65,
    person: (p, _year, age) => ({
      socialSecurity: age >= 67 ? h.socialSecurity / (p + 1) : 0,
      pension: age >= 65 ? h.pension : 0,
      wages: age < 63 ? h.wages : 0,
      rmdDivisor: age >= 73 ? Math.max(8, 26.5 - (age - 73)) : undefined,
    }),
  });
}

describe('exact accounting: invariants', () => {
  it('conserves money each year, with no NaN, infinite or negative amount', () => {
    fc.assert(
      fc.property(household, (h) => {
        const timeline = build(h);
        const policy: Policy = (year) => h.decisions[year.index] as YearDecision;
        const e = evaluate(timeline, policy, { growth: h.growth });
        e.years.forEach((y, t) => {
          const amounts = [
            ...y.balances,
            ...y.withdrawals,
            ...y.conversions,
            y.rmd,
            y.taxableSocialSecurity,
            y.capitalGains,
            y.agiNominal,
            y.federalTax,
            y.stateTax,
            y.irmaa,
            y.acaNetPremium,
            y.premiumTaxCredit,
            y.spending,
            y.shortfall,
            y.deposit,
          ];
          for (const x of amounts) {
            expect(Number.isFinite(x)).toBe(true);
            expect(x).toBeGreaterThanOrEqual(0);
          }
          const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
          // Cash: income + withdrawals pay the spending met, the taxes, IRMAA, the premium and the deposit
          // (the shortfall is what they could not pay of the spending).
          const sources = y.wages + y.pensions + y.socialSecurity + sum(y.withdrawals);
          const uses = y.spending + y.federalTax + y.stateTax + y.irmaa + y.acaNetPremium + y.deposit;
          const planned = (h.decisions[t] as YearDecision).spending;
          if (y.shortfall <= planned)
            expect(Math.abs(sources - uses)).toBeLessThan(1e-6 * Math.max(1, sources));
          // Balances: start - withdrawals + deposit, grown, is the next start (conversions move money
          // between accounts).
          const next = e.years[t + 1]?.balances ?? e.endBalances;
          const expected = (sum(y.balances) - sum(y.withdrawals) + y.deposit) * (h.growth[t] as number);
          expect(Math.abs(sum(next) - expected)).toBeLessThan(1e-6 * Math.max(1, expected));
          // Withdrawals never exceed the balances; RMDs are taken.
          y.withdrawals.forEach((w, a) => {
            expect(w).toBeLessThanOrEqual((y.balances[a] as number) + 1e-9);
          });
        });
        for (const b of e.endBalances) expect(b).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(e.bequest)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
