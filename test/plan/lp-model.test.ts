import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import ult from '../../data/retirement/uniform-lifetime-table.json';
import { isCalculationError } from '../../src/core/errors';
import { type LpPlan, solveLp, type YearFeedback } from '../../src/plan/_lib/lp-model';
import { loadSolver } from '../../src/plan/_lib/solver';
import { piecewiseTax, taxPieces } from '../../src/plan/_lib/tax-pieces';
import type { Timeline } from '../../src/plan/_lib/types';
import { account, type Fixture, quietFeedback, timelineOf } from './lp-fixture';

beforeAll(async () => {
  await loadSolver();
});

const relative = (a: number, b: number): number => Math.abs(a - b) / Math.max(1, Math.abs(b));

/** Uniform Lifetime Table divisor (26 CFR 1.401(a)(9)-9(c), Pub. 590-B Table III). */
const divisor = (age: number): number =>
  ult.uniform_lifetime.distribution_periods[age - ult.uniform_lifetime.first_age] as number;

/** Sum of g^-t for t = 0..n-1: the present value of 1 a year at the start of each year. */
const annuityDue = (g: number, n: number): number => {
  let s = 0;
  for (let t = 0; t < n; t++) s += g ** -t;
  return s;
};

function rothOnly(balance: number, years: number, growth: number, more: Partial<Fixture> = {}): Timeline {
  return timelineOf({
    years,
    people: [{ birthYear: 1960, lastYear: 2026 + years - 1 }],
    accounts: [account('taxable', 0), account('roth', balance)],
    growth,
    ...more,
  });
}

describe('solveLp: closed forms', () => {
  it('no taxable income: the level is the annuity-due of the wealth', () => {
    // Flows at the start of each year: W = L x sum_{t<n} (1+r)^-t, so
    // L = W x r / (1 - (1+r)^-n) / (1+r) = 1,000,000 x 0.04 / (1 - 1.04^-30) / 1.04 = 55,605.8645...
    const r = 0.04;
    const n = 30;
    const timeline = rothOnly(1_000_000, n, 1 + r);
    const plan = solveLp(timeline, quietFeedback(timeline));
    const want = (1_000_000 * r) / (1 - (1 + r) ** -n) / (1 + r);
    expect(relative(plan.level, want)).toBeLessThan(1e-6);
    expect(plan.status).toBe('optimal');
    expect(plan.modeledTaxes.every((t) => t === 0)).toBe(true);
  });

  it('max_spending: a binding bequest floor takes its present value off the wealth', () => {
    // W = L x annuityDue + F x g^-n: L = (1,000,000 - 300,000 x 1.03^-20) / sum_{t<20} 1.03^-t
    const timeline = rothOnly(1_000_000, 20, 1.03, { bequestFloor: 300_000 });
    const plan = solveLp(timeline, quietFeedback(timeline));
    const want = (1_000_000 - 300_000 * 1.03 ** -20) / annuityDue(1.03, 20);
    expect(relative(plan.level, want)).toBeLessThan(1e-6);
    expect(relative(plan.bequest, 300_000)).toBeLessThan(1e-6);
  });

  it('max_bequest: a fixed spending level leaves the rest, grown, to the heirs', () => {
    // B = (W - L x annuityDue) x g^n = (1,000,000 - 50,000 x sum_{t<15} 1.05^-t) x 1.05^15
    const timeline = rothOnly(1_000_000, 15, 1.05, { objective: 'max_bequest', spendingLevel: 50_000 });
    const plan = solveLp(timeline, quietFeedback(timeline));
    const want = (1_000_000 - 50_000 * annuityDue(1.05, 15)) * 1.05 ** 15;
    expect(relative(plan.bequest, want)).toBeLessThan(1e-6);
    expect(plan.level).toBe(50_000);
    expect(plan.decisions.every((d) => d.spending === 50_000)).toBe(true);
  });

  // Roth conversions stop at the top of the last bracket whose rate is below the heirs' rate: in 2026
  // (single, 56, no other income) the 12% bracket ends at 50,400 of taxable income, i.e. 16,100 +
  // 50,400 = 66,500 of ordinary income, taxed 10% x 12,400 + 12% x 38,000 = 5,800. The 10% bracket ends
  // at 16,100 + 12,400 = 28,500 (tax 1,240). With growth 1 a converted dollar gains heirsRate - rate.
  const bracketCases = [
    {
      heirsRate: 0.22,
      income: 66_500,
      tax: 5_800,
      why: 'the 22% bracket is neutral (tie-breaker: least tax)',
    },
    { heirsRate: 0.2, income: 66_500, tax: 5_800, why: 'the 22% bracket loses' },
    { heirsRate: 0.12, income: 28_500, tax: 1_240, why: 'the 12% bracket is neutral' },
  ];
  for (const c of bracketCases) {
    it(`heirsRate ${c.heirsRate}: ordinary income stops at ${c.income} (${c.why})`, () => {
      const timeline = timelineOf({
        years: 3,
        people: [{ birthYear: 1970, lastYear: 2028 }],
        accounts: [
          account('taxable', 100_000, 0, 100_000),
          account('tax_deferred', 1_000_000),
          account('roth', 0),
        ],
        objective: 'max_bequest',
        heirsRate: c.heirsRate,
        maxConversion: 1_000_000,
      });
      const plan = solveLp(timeline, quietFeedback(timeline));
      for (const [t, year] of plan.years.entries()) {
        const d = plan.decisions[t] as LpPlan['decisions'][number];
        expect(relative(year.ordinaryIncome, c.income)).toBeLessThan(1e-9);
        expect(relative((d.withdrawals[1] as number) + (d.conversions[0] as number), c.income)).toBeLessThan(
          1e-9,
        );
        expect(relative(year.federalTax, c.tax)).toBeLessThan(1e-9);
      }
      // Bequest: 100,000 - 3 x tax (taxable) + 3 x income (Roth) + (1 - heirsRate) x (1,000,000 - 3 x income)
      const want = 100_000 - 3 * c.tax + 3 * c.income + (1 - c.heirsRate) * (1_000_000 - 3 * c.income);
      expect(relative(plan.bequest, want)).toBeLessThan(1e-9);
    });
  }

  it('RMDs: the tax-deferred withdrawal is at least the start balance over the divisor', () => {
    // Age 80 in 2026 with 1,000,000 tax-deferred and 1,000,000 Roth, heirs untaxed, spending fixed at
    // 60,000: a tax-deferred dollar over the deduction (24,150, below every RMD here) costs tax now and
    // nothing to the heirs, and the Roth pays spending tax-free, so the plan takes exactly the RMD.
    const birthYear = 1946;
    const timeline = timelineOf({
      years: 5,
      people: [{ birthYear, lastYear: 2030 }],
      accounts: [account('taxable', 0), account('tax_deferred', 1_000_000), account('roth', 1_000_000)],
      growth: 1.05,
      objective: 'max_bequest',
      spendingLevel: 60_000,
      person: (t) => ({ rmdDivisor: divisor(2026 + t - birthYear) }),
    });
    const plan = solveLp(timeline, quietFeedback(timeline));
    let balance = 1_000_000;
    for (let t = 0; t < 5; t++) {
      const rmd = balance / divisor(2026 + t - birthYear);
      const w = plan.decisions[t]?.withdrawals[1] as number;
      expect(relative(w, rmd)).toBeLessThan(1e-9);
      balance = (balance - w) * 1.05;
    }
    expect(divisor(80)).toBe(20.2);
  });
});

describe('solveLp: a death', () => {
  it("the survivor owns the deceased's tax-deferred account and its RMDs use the survivor's divisor", () => {
    // Person 0 (80 in 2026) dies at the end of 2026 with 1,000,000 tax-deferred; person 1 (75 in 2026)
    // inherits it: the 2027-2029 RMDs use divisors at 76-78 (23.7, 22.9, 22.0), not 81-83. Heirs untaxed
    // and spending paid tax-free from the Roth: the plan takes exactly each RMD.
    const timeline = timelineOf({
      years: 4,
      people: [
        { birthYear: 1946, lastYear: 2026 },
        { birthYear: 1951, lastYear: 2029 },
      ],
      accounts: [
        account('taxable', 0, 1),
        account('tax_deferred', 1_000_000, 0),
        account('roth', 1_000_000, 1),
      ],
      growth: 1.04,
      objective: 'max_bequest',
      spendingLevel: 50_000,
      person: (t, p) => {
        const age = 2026 + t - (p === 0 ? 1946 : 1951);
        return {
          rmdDivisor: p === 0 ? (t === 0 ? divisor(age) : undefined) : age >= 73 ? divisor(age) : undefined,
        };
      },
    });
    expect(timeline.years.map((y) => y.filingStatus)).toEqual(['mfj', 'single', 'single', 'single']);
    const plan = solveLp(timeline, quietFeedback(timeline));
    let balance = 1_000_000;
    const divisors = [20.2, 23.7, 22.9, 22.0];
    for (let t = 0; t < 4; t++) {
      const w = plan.decisions[t]?.withdrawals[1] as number;
      expect(relative(w, balance / (divisors[t] as number))).toBeLessThan(1e-9);
      balance = (balance - w) * 1.04;
    }
  });
});

describe('solveLp: unreachable requests', () => {
  it('max_spending: an unreachable floor is a no_solution error on bequest_floor', () => {
    // 100,000 grown 10 years at 2% is 121,899.44: a floor of 200,000 cannot be met.
    const timeline = rothOnly(100_000, 10, 1.02, { bequestFloor: 200_000 });
    let error: unknown;
    try {
      solveLp(timeline, quietFeedback(timeline));
    } catch (e) {
      error = e;
    }
    expect(isCalculationError(error)).toBe(true);
    if (!isCalculationError(error)) return;
    expect(error.code).toBe('no_solution');
    expect(error.issues[0].path).toBe('bequest_floor');
    expect(error.message).toContain('$121,899');
  });

  it('max_bequest: an unpayable spending level is a no_solution error on spending', () => {
    // 100,000 pays at most 100,000 / sum_{t<10} 1.02^-t = 100,000 / 9.16222 = 10,914.37 a year for 10
    // years (the message rounds down: that level is payable).
    const timeline = rothOnly(100_000, 10, 1.02, { objective: 'max_bequest', spendingLevel: 20_000 });
    expect(100_000 / annuityDue(1.02, 10)).toBeCloseTo(10_914.37, 2);
    expect(() => solveLp(timeline, quietFeedback(timeline))).toThrow(/^spending: .*\$10,914 a year/);
  });
});

/** A random couple or single, 3-10 years, with wages, benefits, RMDs and every account kind. */
const household = fc
  .record({
    couple: fc.boolean(),
    years: fc.integer({ min: 3, max: 10 }),
    birthYear: fc.integer({ min: 1940, max: 1975 }),
    balances: fc.array(fc.integer({ min: 0, max: 1_500_000 }), { minLength: 4, maxLength: 4 }),
    basisShare: fc.double({ min: 0, max: 1, noNaN: true }),
    growth: fc.double({ min: 0.98, max: 1.06, noNaN: true }),
    wages: fc.integer({ min: 0, max: 150_000 }),
    benefits: fc.integer({ min: 0, max: 45_000 }),
    heirsRate: fc.double({ min: 0, max: 0.4, noNaN: true }),
    maxConversion: fc.constantFrom(0, 50_000, 1_000_000),
    inflation: fc.double({ min: 0, max: 0.04, noNaN: true }),
    gainFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    stateRate: fc.double({ min: 0, max: 0.09, noNaN: true }),
    fixedCosts: fc.integer({ min: 0, max: 5_000 }),
  })
  .map((h) => {
    const [taxable, deferred, roth, hsa] = h.balances as [number, number, number, number];
    const people = h.couple
      ? [
          { birthYear: h.birthYear, lastYear: 2026 + h.years - 2 },
          { birthYear: h.birthYear + 3, lastYear: 2026 + h.years - 1 },
        ]
      : [{ birthYear: h.birthYear, lastYear: 2026 + h.years - 1 }];
    const last = people.length - 1;
    const accounts = [
      account('taxable', taxable, 0, taxable * h.basisShare),
      account('tax_deferred', deferred, 0),
      account('roth', roth, last),
      account('hsa', hsa, 0),
      ...(h.couple ? [account('tax_deferred', deferred / 2, 1), account('roth', 0, 0)] : []),
    ];
    const timeline = timelineOf({
      years: h.years,
      people,
      accounts,
      growth: h.growth,
      inflation: h.inflation,
      heirsRate: h.heirsRate,
      maxConversion: h.maxConversion,
      spendingFactor: (t) => (t === h.years - 1 && h.couple ? 0.7 : 1),
      person: (t, p) => {
        const year = 2026 + t;
        const person = people[p] as (typeof people)[number];
        const age = year - person.birthYear;
        const alive = year <= person.lastYear;
        return {
          wages: alive && age < 65 ? h.wages : 0,
          socialSecurity: alive && age >= 67 ? h.benefits : 0,
          rmdDivisor: alive && age >= 73 ? divisor(age) : undefined,
        };
      },
    });
    const feedback: YearFeedback[] = quietFeedback(timeline, {
      gainFraction: h.gainFraction,
      stateRate: h.stateRate,
      fixedCosts: h.fixedCosts,
      taxableSocialSecurity: 0.5 * h.benefits,
    });
    return { timeline, feedback };
  });

describe('solveLp: properties', () => {
  it('the modeled plan meets its own cash-flow identity and tax pieces each year', () => {
    fc.assert(
      fc.property(household, ({ timeline, feedback }) => {
        const plan = solveLp(timeline, feedback);
        for (const [t, year] of timeline.years.entries()) {
          const d = plan.decisions[t] as LpPlan['decisions'][number];
          const y = plan.years[t] as LpPlan['years'][number];
          const f = feedback[t] as YearFeedback;
          const income = year.people.reduce((s, p) => s + p.wages + p.pension + p.socialSecurity, 0);
          const inflow = income + d.withdrawals.reduce((s, w) => s + w, 0);
          const outflow = d.spending + (plan.modeledTaxes[t] as number) + f.fixedCosts + y.deposit;
          expect(Math.abs(inflow - outflow)).toBeLessThan(1e-6 * Math.max(1, inflow));
          expect(d.withdrawals.every((w) => w >= 0) && d.conversions.every((x) => x >= 0)).toBe(true);
          // The federal tax is at most the pieces' tax of the year's income (the LP's convex
          // relaxation may only under-state it), and equal without gains.
          const pieces = taxPieces(year, timeline.inflation);
          const direct = piecewiseTax(pieces, y.ordinaryIncome - 0, y.gains);
          expect(y.federalTax).toBeLessThanOrEqual(direct + 1e-6 * Math.max(1, direct));
          if (y.gains === 0) expect(Math.abs(y.federalTax - direct)).toBeLessThan(1e-6 * Math.max(1, direct));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('more initial wealth never lowers the spending level', () => {
    fc.assert(
      fc.property(
        household,
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 500_000 }),
        (h, which, extra) => {
          const { timeline, feedback } = h;
          const richer: Timeline = {
            ...timeline,
            accounts: timeline.accounts.map((a, i) =>
              i === which ? { ...a, balance: a.balance + extra } : a,
            ),
          };
          const base = solveLp(timeline, feedback).level;
          const more = solveLp(richer, feedback).level;
          expect(more).toBeGreaterThanOrEqual(base - 1e-6 * Math.max(1, base));
        },
      ),
      { numRuns: 20 },
    );
  });
});
