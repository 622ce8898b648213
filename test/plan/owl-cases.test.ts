// Owl's example cases (test/plan/owl-cases.ts: the translation, field by field) run through the lifetime
// plan. Each case checks (a) that it solves, (b) that the optimized plan is never worse than any strategy
// shown beside it (the reply guarantees it), and (c) where Owl publishes a figure under assumptions ours
// can match, that ours is within a stated tolerance; every other figure of ours is a documented reference
// (docs/plan.md, "Owl's examples, compared"), checked in the full run.
//
// Speed: a full-horizon case takes 0.1-4 s here, all sixteen about 20 s. The default run keeps the three
// cases compared at their full horizons (bill, cameron, robin) and cuts the others to their first
// SHORT_YEARS years (each person's planning age lowered to reach no further), which checks (a) and (b)
// only. OWL_FULL=1 runs every case at its full horizon and checks the reference figures of docs/plan.md.
import { beforeAll, describe, expect, it } from 'vitest';
import medicare2026 from '../../data/healthcare/medicare/2026.json';
import { type LifetimePlanInput, type LifetimePlanResult, lifetimePlan } from '../../src/plan/lifetime-plan';
import { OWL_CASES, type OwlCase } from './owl-cases';

const FULL = process.env.OWL_FULL === '1';
const SHORT_YEARS = 5;
/** Cases run at their full horizon in the default run (fast, and compared with Owl). */
const ALWAYS_FULL = new Set(['bill', 'cameron', 'robin']);

/**
 * Owl pays the Medicare Part B standard premium of everyone 65 or older beside spending (its
 * tax_federal.py: 12 x 202.90 for 2026, indexed by inflation); our plan leaves it inside spending. The
 * CMS 2026 figure, from data/healthcare/medicare/2026.json: 2,434.80 a year in start-year dollars.
 */
const PART_B_YEAR = Math.round(medicare2026.part_b.standard_premium * 12 * 100) / 100;

/** The request cut to the first `years` plan years (planning ages lowered; never raised). */
function shortened(request: LifetimePlanInput, years: number): LifetimePlanInput {
  const last = request.start_year + years - 1;
  return {
    ...request,
    people: request.people.map((p) => ({
      ...p,
      planning_age: Math.min(p.planning_age as number, last - p.birth_year),
    })),
  };
}

/**
 * Owl's "spending basis" of our plan: total spending over the plan divided by the years as a couple
 * plus the survivor share of the survivor years (Owl's spending.py normalizes its profile to that sum).
 * For a flat profile it is the spending level; for a smile it is the level Owl's basis would report for
 * our spending path (Owl's smile is a cosine normalized to average 1; ours starts at 1).
 */
function owlBasis(c: OwlCase, r: LifetimePlanResult): number {
  const share = c.request.survivor_spending_share ?? 0.6;
  const couple = r.series.alive.length === 2;
  const weights = r.series.year.map((_, t) =>
    couple && !r.series.alive.every((alive) => alive[t]) ? share : 1,
  );
  const total = r.series.spending.reduce((sum, s) => sum + s, 0);
  return total / weights.reduce((sum, w) => sum + w, 0);
}

/** Person-years on Medicare (65 or older and alive) over the plan. */
function medicareYears(r: LifetimePlanResult): number {
  let n = 0;
  r.series.ages.forEach((ages, p) => {
    ages.forEach((age, t) => {
      if (r.series.alive[p]?.[t] === true && age >= 65) n++;
    });
  });
  return n;
}

/** Our figure comparable with an Owl figure. */
function ours(c: OwlCase, r: LifetimePlanResult, what: string): number {
  if (what === 'spending_level') return owlBasis(c, r);
  return r.optimized[what as keyof LifetimePlanResult['optimized']] as number;
}

/**
 * Our figures at full horizon (dollars of 2026), as docs/plan.md's table gives them: the optimized
 * spending level (max_spending) or after-tax bequest (max_bequest), Owl's basis of our spending path
 * (owlBasis), and the Roth conversions. Checked within REFERENCE_TOLERANCE by the full run: a change of
 * the model that moves them must update docs/plan.md with them.
 */
const REFERENCE: Readonly<Record<string, { objective: number; basis: number; conversions: number }>> = {
  'alex+jamie': { objective: 246244.27, basis: 246244.27, conversions: 494677.97 },
  bill: { objective: 56323.86, basis: 56323.86, conversions: 0 },
  cameron: { objective: 21686.54, basis: 21686.54, conversions: 12617.23 },
  'chris+pat': { objective: 121455.61, basis: 121455.61, conversions: 509260.3 },
  dana: { objective: 85445.01, basis: 85445.01, conversions: 169897.16 },
  devon: { objective: 253532.34, basis: 253532.34, conversions: 542879.94 },
  'helen+ruth': { objective: 204812.37, basis: 204812.37, conversions: 223711.19 },
  'jack+jill': { objective: 131730.84, basis: 125778.13, conversions: 603755.24 },
  joe: { objective: 91288.28, basis: 87941.04, conversions: 200390.2 },
  'john+sally': { objective: 390217.04, basis: 145000, conversions: 291801.52 },
  'jon+jane': { objective: 168373.23, basis: 168373.23, conversions: 0 },
  'jordan+taylor': { objective: 6817168.18, basis: 230276.83, conversions: 897377.7 },
  'kim+sam-bequest': { objective: 1573179.92, basis: 145000, conversions: 174027.66 },
  'kim+sam-spending': { objective: 177200.45, basis: 177200.45, conversions: 839775.76 },
  morgan: { objective: 48972.71, basis: 47142.68, conversions: 108823.93 },
  robin: { objective: 46236.14, basis: 46236.14, conversions: 50563.24 },
};
const REFERENCE_TOLERANCE = 0.005;

const results = new Map<string, LifetimePlanResult>();

beforeAll(async () => {
  await lifetimePlan.ready();
});

const run = (c: OwlCase): LifetimePlanResult => {
  const cached = results.get(c.name);
  if (cached !== undefined) return cached;
  const full = FULL || ALWAYS_FULL.has(c.name);
  const request = full ? c.request : shortened(c.request, SHORT_YEARS);
  const r = lifetimePlan(request).result;
  results.set(c.name, r);
  return r;
};

describe.each(OWL_CASES.map((c) => [c.name, c] as const))('Owl case %s', (name, c) => {
  const horizon = FULL || ALWAYS_FULL.has(name) ? 'full horizon' : `first ${SHORT_YEARS} years`;

  it(`solves (${horizon}), with no shortfall`, () => {
    const r = run(c);
    expect(r.solver.status).toBe('optimal');
    expect(r.optimized.shortfall).toBe(0);
    if (c.request.objective === 'max_bequest') {
      expect(r.optimized.spending_level).toBe(c.request.spending_goal);
    } else {
      expect(r.optimized.bequest).toBeGreaterThanOrEqual((c.request.bequest_floor ?? 0) - 0.005);
    }
  });

  it('the optimized plan is never worse than any strategy', () => {
    const r = run(c);
    const key = r.objective === 'max_spending' ? 'spending_level' : 'bequest';
    for (const s of r.strategies) expect(r.optimized[key]).toBeGreaterThanOrEqual(s[key]);
  });

  if (FULL && REFERENCE[name] !== undefined) {
    it('matches the reference figures of docs/plan.md', () => {
      const r = run(c);
      const ref = REFERENCE[name] as (typeof REFERENCE)[string];
      const objective = r.objective === 'max_spending' ? r.optimized.spending_level : r.optimized.bequest;
      const near = (a: number, b: number) =>
        Math.abs(a - b) <= REFERENCE_TOLERANCE * Math.max(1, Math.abs(b));
      expect(near(objective, ref.objective), `objective ${objective}`).toBe(true);
      expect(near(owlBasis(c, r), ref.basis), `basis ${owlBasis(c, r)}`).toBe(true);
      expect(near(r.optimized.roth_conversions, ref.conversions), `conversions`).toBe(true);
    });
  }
});

describe('Owl cases compared with Owl’s published figures', () => {
  it('bill: a Roth-only retiree spends the annuity of his wealth (closed form), not Owl’s 36,666', () => {
    // No tax, no income: the level S with S x sum_{t=0}^{29} (1 + r)^-t = 1,000,000 (withdrawals at
    // the start of each year, 30 years, age 65 through 94). Owl's 36,666 replays the 1966-1996 market
    // sequence; its own description credits the start-of-year withdrawals for 0.32 points of the gap to
    // Bengen's 4.15%. At a fixed return the annuity is the exact answer: within a dollar (the level is
    // bisected to the cent and the bequest left over is under a dollar).
    const c = OWL_CASES.find((x) => x.name === 'bill') as OwlCase;
    const r = run(c);
    const g = 1 + c.request.real_return;
    let annuity = 0;
    for (let t = 0; t < 30; t++) annuity += g ** -t;
    expect(Math.abs(r.optimized.spending_level - 1_000_000 / annuity)).toBeLessThan(1);
    expect(r.optimized.lifetime_taxes).toBe(0);
  });

  it('cameron: spending less the Part B premium Owl pays beside it is Owl’s “roughly $19,000”', () => {
    // Cameron pays no tax in either model (Owl's description says so; ours: federal and state 0), so the
    // two plans differ only by what Owl pays beside spending: the Part B standard premium in each of the
    // 27 years (all at 66 or older). Owl's figure is rounded to the thousand ("roughly"): within 500.
    const c = OWL_CASES.find((x) => x.name === 'cameron') as OwlCase;
    const r = run(c);
    expect(r.optimized.lifetime_federal_tax + r.optimized.lifetime_state_tax).toBe(0);
    expect(medicareYears(r)).toBe(27);
    const comparable = r.optimized.spending_level - PART_B_YEAR;
    expect(Math.abs(comparable - 19_000)).toBeLessThanOrEqual(500);
  });

  it('robin: spending less Part B is within 1.5% of Owl’s 44,344 (reference: asset location differs)', () => {
    // Owl allocates by account type (80/20 in Roth and HSA, 35/65 then 20/80 in the IRA); one
    // balance-weighted return stands in here, so the figure is a documented reference, not a match: the
    // check records that ours (less the Part B premium Owl pays beside spending) stays near Owl's.
    const c = OWL_CASES.find((x) => x.name === 'robin') as OwlCase;
    const r = run(c);
    const comparable = ours(c, r, 'spending_level') - PART_B_YEAR;
    expect(Math.abs(comparable - 44_344) / 44_344).toBeLessThan(0.015);
  });
});

describe('a defect Owl’s cases found', () => {
  it('alex+jamie without wages solves (the tie-break stage of HiGHS ended “unknown”: solveLp threw)', () => {
    // The first translation of Owl's alex+jamie (no wages, 2.9% real, 2.8% inflation): the third round's
    // second stage (least tax among the optima, the first objective held at equality) ended with model
    // status unknown and the request failed; the first stage's optimum now stands (src/plan/_lib/solver.ts).
    const r = lifetimePlan({
      start_year: 2026,
      real_return: 0.029,
      inflation: 0.028,
      people: [
        { birth_year: 1960, planning_age: 72, social_security: { pia: 3_000, claiming_age: 69 } },
        { birth_year: 1961, planning_age: 90, social_security: { pia: 1_200, claiming_age: 62 } },
      ],
      accounts: [
        { owner: 0, type: 'taxable', balance: 500_000 },
        { owner: 1, type: 'taxable', balance: 200_000 },
        { owner: 0, type: 'tax_deferred', balance: 1_500_000 },
        { owner: 1, type: 'tax_deferred', balance: 400_000 },
        { owner: 0, type: 'roth', balance: 50_000 },
        { owner: 1, type: 'roth', balance: 40_000 },
      ],
      state: 'CO',
      max_roth_conversion: 400_000,
    }).result;
    expect(r.solver.status).toBe('optimal');
    expect(r.optimized.shortfall).toBe(0);
    for (const s of r.strategies) expect(r.optimized.spending_level).toBeGreaterThanOrEqual(s.spending_level);
  });
});
