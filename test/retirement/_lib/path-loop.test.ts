// The one path loop of the retirement simulations: the timing conventions of docs/retirement.md
// (contributions at the end of a saving year, withdrawals at the start of a spending year, depletion
// when a withdrawal exceeds the balance), worked by hand on flat markets, and the draw order of the
// shared path driver checked against a loop written out here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPathDriver } from '../../../src/core/simulation/index';
import { simulatePaths, spendingBands } from '../../../src/retirement/_lib/path-loop';
import {
  fixedPercentPolicy,
  fixedRealPolicy,
  guytonKlingerPolicy,
  type SpendingPolicy,
} from '../../../src/retirement/_lib/spending-policies';
import { GUYTON_KLINGER_DEFAULTS } from '../../../src/retirement/_lib/spending-rules';

const cents = (values: ArrayLike<number>) => Array.from(values, (v) => Math.round(v * 100));

const flatMarket = { seed: 1, expectedReturn: 0.05, returnVolatility: 0 };

describe('flat markets, by hand', () => {
  it('saves, then spends: 100,000 x 1.05 + 10,000 = 115,000; (115,000 - 40,000) x 1.05 = 78,750', () => {
    const sim = simulatePaths({
      ...flatMarket,
      paths: 3,
      years: 3,
      start: 100_000,
      contributions: Float64Array.of(10_000),
      policy: fixedRealPolicy(Float64Array.of(0, 40_000, 40_000), 1),
      recordBalances: true,
    });
    // Birthdays 0..3, three paths each: 100,000; 115,000; 78,750; (78,750 - 40,000) x 1.05 = 40,687.50.
    expect(cents(sim.balances!)).toEqual(
      [100_000, 115_000, 78_750, 40_687.5].flatMap((b) => [b * 100, b * 100, b * 100]),
    );
    expect(cents(sim.ending)).toEqual([4_068_750, 4_068_750, 4_068_750]);
    expect(sim.firstStep).toBe(1);
    expect(sim.spending).toBeUndefined();
    expect(sim.depletionSteps.length).toBe(0);
  });

  it('depletes a path that cannot pay: it pays what is left and holds 0 from then on', () => {
    // 100,000 at 0%: pays 60,000 (40,000 left), then cannot pay 60,000: pays 40,000 at step 1.
    const sim = simulatePaths({
      seed: 1,
      expectedReturn: 0,
      returnVolatility: 0,
      paths: 2,
      years: 3,
      start: 100_000,
      contributions: new Float64Array(0),
      policy: guytonKlingerPolicy({
        rules: { ...GUYTON_KLINGER_DEFAULTS, prosperityRaise: 0, capitalPreservationCut: 0 },
        planned: Float64Array.of(60_000, 60_000, 60_000),
        firstStep: 0,
        inflationFactor: 1,
      }),
      recordBalances: true,
    });
    expect(cents(sim.balances!)).toEqual([10_000_000, 10_000_000, 4_000_000, 4_000_000, 0, 0, 0, 0]);
    expect(cents(sim.spending!)).toEqual([6_000_000, 6_000_000, 4_000_000, 4_000_000, 0, 0]);
    expect(Array.from(sim.depletionSteps)).toEqual([1, 1]);
    expect(cents(sim.lastPayments)).toEqual([4_000_000, 4_000_000]);
    expect(cents(sim.ending)).toEqual([0, 0]);
  });

  it('a withdrawal of exactly the balance is paid in full', () => {
    const sim = simulatePaths({
      seed: 1,
      expectedReturn: 0,
      returnVolatility: 0,
      paths: 1,
      years: 1,
      start: 50_000,
      contributions: new Float64Array(0),
      policy: fixedRealPolicy(Float64Array.of(50_000), 0),
      recordBalances: false,
    });
    expect(sim.depletionSteps.length).toBe(0);
    expect(sim.ending[0]).toBe(0);
  });

  it('without a policy every year saves: 1,000 x 1.05 + 100, x 1.05 + 200', () => {
    const sim = simulatePaths({
      ...flatMarket,
      paths: 1,
      years: 2,
      start: 1_000,
      contributions: Float64Array.of(100, 200),
      recordBalances: false,
    });
    // 1,000 x 1.05 + 100 = 1,150; 1,150 x 1.05 + 200 = 1,407.50.
    expect(cents(sim.ending)).toEqual([140_750]);
    expect(sim.firstStep).toBe(2);
    expect(sim.lifetimeReal).toBeUndefined();
  });

  it('real spending statistics: 100, 150, 75 at no inflation sum to 325, changes +50% and -50%', () => {
    const sim = simulatePaths({
      seed: 1,
      expectedReturn: 0,
      returnVolatility: 0,
      paths: 1,
      years: 3,
      start: 1_000,
      contributions: new Float64Array(0),
      policy: fixedRealPolicy(Float64Array.of(100, 150, 75), 0),
      recordBalances: false,
      deflators: Float64Array.of(1, 1, 1, 1),
    });
    expect(sim.lifetimeReal![0]).toBe(325);
    // Changes 0.5 and -0.5: mean 0, population standard deviation sqrt((0.25 + 0.25) / 2) = 0.5.
    expect(sim.volatility![0]).toBe(0.5);
  });

  it('real dollars divide by the step deflator: 5% of 1,000 at 0% return and 10% inflation', () => {
    // Withdrawals 50, 47.50 (5% of 950), deflated by 1 and 1.1: 50 + 43.1818... = 93.18.
    const sim = simulatePaths({
      seed: 1,
      expectedReturn: 0,
      returnVolatility: 0,
      paths: 1,
      years: 2,
      start: 1_000,
      contributions: new Float64Array(0),
      policy: fixedPercentPolicy(0.05, 0),
      recordBalances: false,
      deflators: Float64Array.of(1, 1.1, 1.21),
    });
    expect(cents(sim.lifetimeReal!)).toEqual([9_318]);
  });
});

describe('spending bands', () => {
  it('fixed_real bands from the depletions equal the bands of the stored withdrawals', () => {
    // The same plan as fixed_real (not stored) and as Guyton-Klinger with every decision off and no
    // inflation (stored): 50,000 a year on every path, so the same bands.
    const planned = Float64Array.of(0, 0, 50_000, 50_000, 50_000, 50_000);
    const plan = {
      seed: 7,
      expectedReturn: 0.05,
      returnVolatility: 0.25,
      paths: 200,
      years: 6,
      start: 150_000,
      contributions: Float64Array.of(5_000, 5_000),
      recordBalances: false,
    };
    const fixed = simulatePaths({ ...plan, policy: fixedRealPolicy(planned, 2) });
    const stored = simulatePaths({
      ...plan,
      policy: guytonKlingerPolicy({
        rules: {
          ...GUYTON_KLINGER_DEFAULTS,
          withdrawalRule: false,
          capitalPreservationThreshold: 1e9,
          prosperityThreshold: 1,
        },
        planned,
        firstStep: 2,
        inflationFactor: 1,
      }),
    });
    expect(fixed.spending).toBeUndefined();
    expect(stored.spending).toBeDefined();
    expect(fixed.depletionSteps.length).toBeGreaterThan(0);
    expect(spendingBands(fixed, planned).map(cents)).toEqual(spendingBands(stored, planned).map(cents));
  });
});

/** The saving-then-fixed-spending recurrence written out on the path driver's returns. */
function referenceEndings(
  seed: number,
  mu: number,
  sigma: number,
  paths: number,
  start: number,
  contribution: number,
  planned: Float64Array,
  firstStep: number,
): number[] {
  const driver = createPathDriver({
    seed,
    expectedReturn: mu,
    returnVolatility: sigma,
    periodsPerYear: 1,
    steps: planned.length,
  });
  const out: number[] = [];
  for (let p = 0; p < paths; p++) {
    const g = driver.next();
    let b = start;
    for (let t = 0; t < planned.length; t++) {
      if (t < firstStep) b = b * (g[t] as number) + contribution;
      else if ((planned[t] as number) > b) {
        b = 0;
        break;
      } else b = (b - (planned[t] as number)) * (g[t] as number);
    }
    out.push(b);
  }
  return out;
}

describe('properties', () => {
  const plans = fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    mu: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
    sigma: fc.double({ min: 0, max: 0.5, noNaN: true }),
    paths: fc.integer({ min: 1, max: 40 }),
    start: fc.double({ min: 0, max: 2e6, noNaN: true }),
    contribution: fc.double({ min: 0, max: 5e4, noNaN: true }),
    spending: fc.double({ min: 0, max: 2e5, noNaN: true }),
    years: fc.integer({ min: 1, max: 40 }),
    firstStep: fc.integer({ min: 0, max: 40 }),
  });

  /** The market and saving years of a drawn plan: what every policy below is simulated over. */
  const marketOf = (x: typeof plans extends fc.Arbitrary<infer P> ? P : never, firstStep: number) => ({
    seed: x.seed,
    expectedReturn: x.mu,
    returnVolatility: x.sigma,
    paths: x.paths,
    years: x.years,
    start: x.start,
    contributions: new Float64Array(firstStep).fill(x.contribution),
  });

  it('fixed_real equals the recurrence written out, path by path and bit for bit', () => {
    fc.assert(
      fc.property(plans, (x) => {
        const firstStep = Math.min(x.firstStep, x.years - 1);
        const planned = new Float64Array(x.years);
        for (let t = firstStep; t < x.years; t++) planned[t] = x.spending;
        const sim = simulatePaths({
          ...marketOf(x, firstStep),
          policy: fixedRealPolicy(planned, firstStep),
          recordBalances: true,
        });
        const expected = referenceEndings(
          x.seed,
          x.mu,
          x.sigma,
          x.paths,
          x.start,
          x.contribution,
          planned,
          firstStep,
        );
        expect(Array.from(sim.ending)).toEqual(expected);
        expect(Array.from(sim.balances!.subarray(x.years * x.paths))).toEqual(expected);
      }),
    );
  });

  it('the saving years do not depend on the policy (the markets never change with the spending rule)', () => {
    fc.assert(
      fc.property(plans, fc.double({ min: 0, max: 1, noNaN: true }), (x, rate) => {
        const firstStep = Math.min(x.firstStep, x.years - 1);
        const planned = new Float64Array(x.years).fill(x.spending);
        const base = {
          ...marketOf(x, firstStep),
          recordBalances: true,
        };
        const policies: SpendingPolicy[] = [
          fixedRealPolicy(planned, firstStep),
          fixedPercentPolicy(rate, firstStep),
          guytonKlingerPolicy({
            rules: GUYTON_KLINGER_DEFAULTS,
            planned,
            firstStep,
            inflationFactor: 1.02,
          }),
        ];
        const saving = (policy: SpendingPolicy) =>
          Array.from(simulatePaths({ ...base, policy }).balances!.subarray(0, (firstStep + 1) * x.paths));
        const first = saving(policies[0]!);
        for (const policy of policies.slice(1)) expect(saving(policy)).toEqual(first);
      }),
    );
  });

  it('a withdrawal never exceeds the balance it is taken from; depleted paths end at 0', () => {
    fc.assert(
      fc.property(plans, (x) => {
        const firstStep = Math.min(x.firstStep, x.years - 1);
        const planned = new Float64Array(x.years).fill(x.spending);
        const sim = simulatePaths({
          ...marketOf(x, firstStep),
          policy: guytonKlingerPolicy({
            rules: GUYTON_KLINGER_DEFAULTS,
            planned,
            firstStep,
            inflationFactor: 1.03,
          }),
          recordBalances: true,
        });
        const spending = sim.spending!;
        const balances = sim.balances!;
        for (let t = firstStep; t < x.years; t++) {
          for (let p = 0; p < x.paths; p++) {
            const paid = spending[(t - firstStep) * x.paths + p] as number;
            expect(paid).toBeGreaterThanOrEqual(0);
            expect(paid).toBeLessThanOrEqual(balances[t * x.paths + p] as number);
          }
        }
        let zeros = 0;
        for (const b of sim.ending) if (b === 0) zeros++;
        expect(zeros).toBeGreaterThanOrEqual(sim.depletionSteps.length);
        for (const step of sim.depletionSteps) expect(step).toBeGreaterThanOrEqual(firstStep);
      }),
    );
  });
});
