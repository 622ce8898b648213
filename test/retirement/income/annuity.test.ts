import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ssa2021 from '../../../data/mortality/ssa-period/2021.json';
import { type AnnuityInput, annuity } from '../../../src/retirement/index';
import { calculationErrorOf } from '../../helpers';

const run = (input: AnnuityInput) => annuity(input).result;

/** q_x of the SSA 2021 table, closed at 120 (q = 1 from 120 on). */
const q = (sex: 'male' | 'female', x: number) => (x >= 120 ? 1 : (ssa2021[sex].qx[x] as number));

/** Survival from age x for t years, deaths uniform within each year of age (by hand). */
function survival(sex: 'male' | 'female', x: number, t: number): number {
  const k = Math.floor(t);
  let p = 1;
  for (let i = 0; i < k; i++) p *= 1 - q(sex, x + i);
  return p * (1 - (t - k) * q(sex, x + k));
}

/**
 * The annuity factor by hand: 1/12 a month, paid at the end of each month from the start, weighted by
 * the chance of being alive (1 within the certain years), discounted at the rate.
 */
function factorByHand(sex: 'male' | 'female', x: number, rate: number, deferral = 0, certain = 0): number {
  let total = 0;
  for (let j = 1; x + deferral + j / 12 <= 121; j++) {
    const t = deferral + j / 12;
    const weight = j <= 12 * certain ? 1 : survival(sex, x, t);
    total += (weight / 12) * (1 + rate) ** -t;
  }
  return total;
}

const male65 = { premium: 100_000, age: 65, sex: 'male', assumed_rate: 0.05 } as const;

describe('annuity: pricing by hand', () => {
  it('life, male 65 at 5%: premium / (sum of survival-weighted, discounted monthly payments)', () => {
    const factor = factorByHand('male', 65, 0.05);
    const r = run(male65);
    expect(r.annuity_factor).toBeCloseTo(factor, 6);
    expect(r.annual_income).toBeCloseTo(100_000 / factor, 2);
    expect(r.monthly_income).toBeCloseTo(100_000 / factor / 12, 2);
    expect(r.payout_rate).toBeCloseTo(1 / factor, 6);
    expect([r.solved_for, r.payout_type, r.start_age, r.money_worth_ratio]).toEqual([
      'income',
      'life',
      65,
      1,
    ]);
    expect(r.life_expectancy).toBe(16.95);
  });

  it('deferred to 65 bought at 55: v^10 x 10p55 x the immediate factor at 65', () => {
    const deferred = run({ ...male65, age: 55, start_age: 65 });
    const expected = 1.05 ** -10 * survival('male', 55, 10) * factorByHand('male', 65, 0.05);
    expect(deferred.annuity_factor).toBeCloseTo(expected, 6);
    expect(deferred.annuity_factor).toBeCloseTo(factorByHand('male', 55, 0.05, 10), 6);
  });

  it('period certain: the guaranteed years are paid whoever lives; the income is lower than for life only', () => {
    const r = run({ ...male65, sex: 'female', payout_type: 'period_certain', period_certain_years: 10 });
    expect(r.annuity_factor).toBeCloseTo(factorByHand('female', 65, 0.05, 0, 10), 6);
    expect(r.annual_income).toBeLessThan(run({ ...male65, sex: 'female' }).annual_income);
    expect(r.guaranteed_total_payout).toBeCloseTo(r.annual_income * 10, 1);
  });

  it('joint and survivor: 100% is the last-survivor annuity, 0% the joint-life annuity', () => {
    const joint = { ...male65, payout_type: 'joint_survivor', joint_age: 62, joint_sex: 'female' } as const;
    // by hand: weights p_x + p_y - p_x p_y (100%) and p_x p_y (0%)
    let last = 0;
    let both = 0;
    for (let j = 1; j <= 12 * 59; j++) {
      const t = j / 12;
      const px = survival('male', 65, t);
      const py = survival('female', 62, t);
      const v = 1.05 ** -t / 12;
      last += (px + py - px * py) * v;
      both += px * py * v;
    }
    const full = run({ ...joint, survivor_fraction: 1 });
    expect(full.annuity_factor).toBeCloseTo(last, 6);
    expect(run({ ...joint, survivor_fraction: 0 }).annuity_factor).toBeCloseTo(both, 6);
    const half = run({ ...joint, survivor_fraction: 0.5 });
    expect(half.annuity_factor).toBeCloseTo((last + both) / 2, 6);
    expect(half.survivor_annual_income).toBeCloseTo(half.annual_income / 2, 2);
    // default survivor_fraction: 1
    expect(run(joint).annuity_factor).toBe(full.annuity_factor);
  });
});

describe('annuity: income, premium and money worth', () => {
  it('given target_annual_income, the premium is income x factor, and buys the income back', () => {
    const r = run({ target_annual_income: 12_000, age: 55, start_age: 65, sex: 'male', assumed_rate: 0.05 });
    expect(r.solved_for).toBe('premium');
    expect(r.premium).toBeCloseTo(12_000 * r.annuity_factor, 1);
    expect(r.monthly_income).toBe(1000);
    const back = run({ premium: r.premium, age: 55, start_age: 65, sex: 'male', assumed_rate: 0.05 });
    expect(back.annual_income).toBeCloseTo(12_000, 1);
  });

  it("at a 0% rate the fair premium equals the expected total payout (money's worth 1)", () => {
    const r = run({ ...male65, assumed_rate: 0 });
    expect(r.expected_total_payout).toBe(100_000);
    expect(r.expected_payment_years).toBeCloseTo(r.annuity_factor, 4);
  });

  it("a quote below the fair income: money's-worth ratio = quote x 12 x factor / premium", () => {
    const fair = run(male65);
    const r = run({ ...male65, quoted_monthly_income: 550 });
    expect([r.monthly_income, r.annual_income]).toEqual([550, 6600]);
    expect(r.money_worth_ratio).toBeCloseTo((6600 * fair.annuity_factor) / 100_000, 6);
    expect(r.money_worth_ratio).toBeLessThan(1);
    expect(r.expected_total_payout).toBeCloseTo(6600 * fair.expected_payment_years, 0);
  });
});

describe('annuity: invalid input', () => {
  const bad = (input: object) => calculationErrorOf(annuity, input).issues.map((i) => i.path);
  it('exactly one of premium and target_annual_income', () => {
    expect(bad({ age: 65, sex: 'male', assumed_rate: 0.05 })).toEqual(['premium']);
    expect(bad({ ...male65, target_annual_income: 1000 })).toEqual(['target_annual_income']);
    expect(bad({ ...male65, premium: 0 })).toEqual(['premium']);
  });
  it('money below one cent is a 400 naming the field (a subnormal premium overflowed payout_rate: a 500)', () => {
    // Found by fuzzing: 12 x 100 / 7e-323 is past the largest double, so payout_rate was Infinity.
    const fuzzed = {
      premium: 7e-323,
      age: 65,
      sex: 'male',
      assumed_rate: 2.8e-191,
      quoted_monthly_income: 100,
    };
    expect(bad(fuzzed)).toEqual(['premium']);
    expect(bad({ ...male65, age: 99, premium: 2.1e-308 })).toEqual(['premium']);
    expect(bad({ ...male65, premium: 0.009 })).toEqual(['premium']);
    expect(bad({ ...male65, quoted_monthly_income: 5e-324 })).toEqual(['quoted_monthly_income']);
    const { premium: _, ...noPremium } = male65;
    expect(bad({ ...noPremium, target_annual_income: 1e-300 })).toEqual(['target_annual_income']);
    expect(calculationErrorOf(annuity, fuzzed).message).toContain('at least 0.01');
  });
  it('the extremes left (a one-cent premium, the largest quote) give finite results', () => {
    // payout_rate = 12 x quote / premium: at most 12 x 1e12 / 0.01 = 1.2e15, far below the largest double.
    const r = run({ ...male65, premium: 0.01, quoted_monthly_income: 999_999_999_999.99 });
    expect(r.payout_rate).toBe(1_199_999_999_999_988);
    expect(Number.isFinite(r.money_worth_ratio)).toBe(true);
    expect(run({ ...male65, premium: 0.01 }).annual_income).toBe(0);
  });
  it('fields of another payout type, missing ones, a start before today, a quote without premium', () => {
    expect(bad({ ...male65, payout_type: 'period_certain' })).toEqual(['period_certain_years']);
    expect(bad({ ...male65, period_certain_years: 10 })).toEqual(['period_certain_years']);
    expect(bad({ ...male65, payout_type: 'joint_survivor' })).toEqual(['joint_age', 'joint_sex']);
    expect(bad({ ...male65, survivor_fraction: 0.5 })).toEqual(['survivor_fraction']);
    expect(bad({ ...male65, start_age: 60 })).toEqual(['start_age']);
    const { premium: _, ...noPremium } = male65;
    expect(bad({ ...noPremium, target_annual_income: 1000, quoted_monthly_income: 10 })).toEqual([
      'quoted_monthly_income',
    ]);
    expect(bad({ ...male65, payout_type: 'certain_only' })).toEqual(['payout_type']);
  });
  it('no payment expected: no survivor income and a joint life that cannot live to the start', () => {
    const joint = {
      ...male65,
      payout_type: 'joint_survivor',
      joint_sex: 'male',
      survivor_fraction: 0,
    } as const;
    // a 118-year-old joint life is dead by 121: with survivor_fraction 0 nothing is paid from 70 on
    expect(bad({ ...joint, joint_age: 118, start_age: 70 })).toEqual(['survivor_fraction']);
    expect(run({ ...joint, joint_age: 118, start_age: 65 }).annual_income).toBeGreaterThan(0);
  });
  it('envelope: engine annuity-1.0.1, prefix ann', () => {
    const envelope = annuity(male65);
    expect(envelope.engine_version).toBe('annuity-1.0.1');
    expect(envelope.result_id).toMatch(/^ann_[0-9a-f]{16}$/);
  });
});

describe('annuity: properties', () => {
  const sexes = fc.constantFrom('male' as const, 'female' as const);
  const cases = fc.record({
    age: fc.integer({ min: 30, max: 95 }),
    sex: sexes,
    assumed_rate: fc.integer({ min: -500, max: 2000 }).map((bp) => bp / 10_000),
    premium: fc.integer({ min: 1000, max: 5_000_000 }),
  });

  it("the fair price: money's worth 1; a higher rate buys more income", () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 300 }), (input, step) => {
        const r = run(input);
        expect(r.money_worth_ratio).toBe(1);
        const higher = run({ ...input, assumed_rate: Math.min(0.2, input.assumed_rate + step / 10_000) });
        expect(higher.annual_income).toBeGreaterThanOrEqual(r.annual_income);
      }),
      { numRuns: 80 },
    );
  });

  it('guarantees and a survivor cost income: period certain and joint-and-survivor pay no more than life only', () => {
    fc.assert(
      fc.property(
        cases,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 30, max: 95 }),
        sexes,
        fc.integer({ min: 0, max: 100 }),
        (input, years, jointAge, jointSex, percent) => {
          const life = run(input).annual_income;
          const certain = run({ ...input, payout_type: 'period_certain', period_certain_years: years });
          expect(certain.annual_income).toBeLessThanOrEqual(life + 0.01);
          const js = run({
            ...input,
            payout_type: 'joint_survivor',
            joint_age: jointAge,
            joint_sex: jointSex,
            survivor_fraction: percent / 100,
          });
          // "either" form: at 100% the income lasts while either lives, so it is never above life only
          if (percent === 100) expect(js.annual_income).toBeLessThanOrEqual(life + 0.01);
          expect(js.survivor_annual_income).toBeLessThanOrEqual(js.annual_income);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('premium and income are inverse: the premium of the income bought is the premium', () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 0, max: 20 }), (input, wait) => {
        const start_age = Math.min(110, input.age + wait);
        const bought = run({ ...input, start_age });
        const { premium: _, ...rest } = input;
        const priced = run({ ...rest, start_age, target_annual_income: bought.annual_income });
        expect(Math.abs(priced.premium - input.premium)).toBeLessThanOrEqual(
          Math.max(0.02, bought.annuity_factor * 0.006),
        );
      }),
      { numRuns: 80 },
    );
  });
});
