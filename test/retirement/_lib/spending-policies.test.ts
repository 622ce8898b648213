// Each spending policy in isolation: one year's withdrawal from a path's state, worked by hand. The
// rules are those of docs/retirement.md; the Guyton-Klinger decisions reuse the hand-worked cases of
// guyton-klinger-cases.ts (Guyton and Klinger 2006).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fixedPercentPolicy,
  fixedRealPolicy,
  floorAndCeilingPolicy,
  guytonKlingerPolicy,
  vpwPolicy,
} from '../../../src/retirement/_lib/spending-policies';
import { GUYTON_KLINGER_DEFAULTS, vpwRates } from '../../../src/retirement/_lib/spending-rules';
import { GUYTON_KLINGER_CASES } from '../fixtures/guyton-klinger-cases';

const cents = (dollars: number) => Math.round(dollars * 100);
const flat = (n: number) => new Float64Array(n).fill(1);

describe('fixed_real', () => {
  const planned = Float64Array.of(0, 0, 40_000, 41_000, 42_025);
  const policy = fixedRealPolicy(planned, 2);

  it('pays the planned amount of the step, whatever the balance, the markets or last year', () => {
    expect(policy.withdrawal(2, 3, 0, 1_000_000, flat(5), 0)).toBe(40_000);
    expect(policy.withdrawal(3, 2, 99, 10, Float64Array.of(0.5, 0.5, 0.5, 0.5, 0.5), 0)).toBe(41_000);
    expect(policy.withdrawal(4, 1, 41_000, 0, flat(5), 0)).toBe(42_025);
  });

  it('does not vary by path; starts at its first step', () => {
    expect(policy.varies).toBe(false);
    expect(policy.firstStep).toBe(2);
  });
});

describe('fixed_pct', () => {
  it('5% of 950,000 = 47,500; of 1,045,000 = 52,250 (the operation example)', () => {
    const policy = fixedPercentPolicy(0.05, 0);
    expect(cents(policy.withdrawal(0, 3, 0, 950_000, flat(3), 0))).toBe(4_750_000);
    expect(cents(policy.withdrawal(1, 2, 47_500, 1_045_000, flat(3), 0))).toBe(5_225_000);
    expect(policy.varies).toBe(true);
  });

  it('is rate x balance, never more than the balance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (rate, balance) => {
          const w = fixedPercentPolicy(rate, 0).withdrawal(0, 1, 0, balance, flat(1), 0);
          expect(w).toBe(rate * balance);
          expect(w).toBeLessThanOrEqual(balance);
        },
      ),
    );
  });
});

describe('vpw', () => {
  it('at a 0% real return: balance / years left (600,000 over 30 years = 20,000; the last year all)', () => {
    const policy = vpwPolicy(vpwRates(0, 30), 0);
    expect(cents(policy.withdrawal(0, 30, 0, 600_000, flat(30), 0))).toBe(2_000_000);
    expect(cents(policy.withdrawal(25, 5, 0, 100_000, flat(30), 0))).toBe(2_000_000);
    expect(policy.withdrawal(29, 1, 0, 12_345.67, flat(30), 0)).toBe(12_345.67);
  });

  it('reads the rate of the years left, not of the step', () => {
    // 5% over 2 years: 1 / (1 + 1/1.05) = 1.05 / 2.05 of the balance; 205,000 x 1.05 / 2.05 = 105,000.
    const policy = vpwPolicy(vpwRates(0.05, 2), 3);
    expect(cents(policy.withdrawal(3, 2, 0, 205_000, flat(5), 0))).toBe(10_500_000);
  });
});

describe('floor_and_ceiling', () => {
  // 4% of the portfolio, floor 90% and ceiling 125% of a first withdrawal of 40,000, in step 1 grown
  // by 3%: floor 36,000 x 1.03 = 37,080, ceiling 50,000 x 1.03 = 51,500.
  const floors = Float64Array.of(36_000, 37_080);
  const ceilings = Float64Array.of(50_000, 51_500);
  const policy = floorAndCeilingPolicy(0.04, floors, ceilings, 0);

  it('4% of 1,100,000 = 44,000 between the bounds', () => {
    expect(cents(policy.withdrawal(1, 1, 0, 1_100_000, flat(2), 0))).toBe(4_400_000);
  });

  it('4% of 800,000 = 32,000 is raised to the floor of the step, 37,080', () => {
    expect(cents(policy.withdrawal(1, 1, 0, 800_000, flat(2), 0))).toBe(3_708_000);
    // The same balance in step 0 meets the floor of step 0.
    expect(cents(policy.withdrawal(0, 2, 0, 800_000, flat(2), 0))).toBe(3_600_000);
  });

  it('4% of 1,500,000 = 60,000 is lowered to the ceiling of the step, 51,500', () => {
    expect(cents(policy.withdrawal(1, 1, 0, 1_500_000, flat(2), 0))).toBe(5_150_000);
  });
});

describe('guyton_klinger', () => {
  const planned = Float64Array.of(0, 0, 50_000, 51_500, 53_045);

  it('pays the planned amount in its first year, with no decision (even after a loss)', () => {
    const policy = guytonKlingerPolicy({
      rules: GUYTON_KLINGER_DEFAULTS,
      planned,
      firstStep: 2,
      inflationFactor: 1.03,
    });
    expect(policy.withdrawal(2, 30, 0, 400_000, Float64Array.of(0.5, 0.5, 0.5, 0.5, 0.5), 0.125)).toBe(
      50_000,
    );
  });

  it.each(GUYTON_KLINGER_CASES.map((c) => [c.name, c] as const))(
    'later years decide on last year (gross[t - 1]): %s',
    (_, c) => {
      const policy = guytonKlingerPolicy({
        rules: { ...GUYTON_KLINGER_DEFAULTS, ...c.rules },
        planned,
        firstStep: 2,
        inflationFactor: c.inflationFactor,
      });
      // Step 4: last year's return is gross[3]; this year's (gross[4], opposite sign) is not read.
      const gross = Float64Array.of(1, 1, 1, c.priorGross, c.priorGross < 1 ? 1.3 : 0.7);
      const w = policy.withdrawal(4, c.yearsRemaining, c.previous, c.balance, gross, c.initialRate);
      expect(cents(w)).toBe(cents(c.expected));
    },
  );

  it('initial rate: given, or the first planned withdrawal over the path balance (50,000 / 1,250,000)', () => {
    const measured = guytonKlingerPolicy({
      rules: GUYTON_KLINGER_DEFAULTS,
      planned,
      firstStep: 2,
      inflationFactor: 1.03,
    });
    expect(measured.initialRate(1_250_000)).toBe(0.04);
    expect(measured.initialRate(500_000)).toBe(0.1);
    const given = guytonKlingerPolicy({
      rules: GUYTON_KLINGER_DEFAULTS,
      planned,
      firstStep: 2,
      inflationFactor: 1.03,
      initialRate: 0.05,
    });
    expect(given.initialRate(1_250_000)).toBe(0.05);
  });
});

describe('one shape for every policy', () => {
  it('the same class and the same own fields in the same order (one hidden class at the loop)', () => {
    const planned = Float64Array.of(1, 2);
    const policies = [
      fixedRealPolicy(planned, 0),
      fixedPercentPolicy(0.04, 0),
      vpwPolicy(vpwRates(0.03, 2), 0),
      floorAndCeilingPolicy(0.04, planned, planned, 0),
      guytonKlingerPolicy({ rules: GUYTON_KLINGER_DEFAULTS, planned, firstStep: 0, inflationFactor: 1 }),
      guytonKlingerPolicy({
        rules: GUYTON_KLINGER_DEFAULTS,
        planned,
        firstStep: 0,
        inflationFactor: 1,
        initialRate: 0.04,
      }),
    ];
    const keys = Object.keys(policies[0]!);
    for (const policy of policies) {
      expect(Object.getPrototypeOf(policy)).toBe(Object.getPrototypeOf(policies[0]));
      expect(Object.keys(policy)).toEqual(keys);
      for (const key of keys) {
        expect(typeof (policy as unknown as Record<string, unknown>)[key]).toBe(
          typeof (policies[0] as unknown as Record<string, unknown>)[key],
        );
      }
    }
  });
});
