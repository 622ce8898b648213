import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ssa2021 from '../../../data/mortality/ssa-period/2021.json';
import { type LongevityInput, longevity } from '../../../src/retirement/index';
import { calculationErrorOf } from '../../helpers';

const run = (input: LongevityInput) => longevity(input).result;

describe('longevity: one life', () => {
  // SSA, Actuarial Life Table (Period Life Table 2021, 2024 Trustees Report): e(65) = 16.95 male, 19.75
  // female; every published e_x is reproduced from q_x (uniform deaths within each year) within 0.005.
  it.each([
    ['male', 65, 16.95],
    ['female', 65, 19.75],
  ] as const)('%s e(%i) = %f', (sex, at, e) => {
    const r = run({ age: at, sex });
    expect(r.life_expectancy).toBe(e);
    expect(r.expected_age_at_death).toBe(at + e);
    expect(r.fractional_age_assumption).toBe('uniform_distribution_of_deaths');
    expect(r.mortality_table).toBe('SSA 2021 period life table');
  });
  it.each([0, 30, 50, 62, 70, 80, 90, 100])('published e_x at age %i, both sexes', (at) => {
    for (const sex of ['male', 'female'] as const) {
      expect(Math.abs(run({ age: at, sex }).life_expectancy - (ssa2021[sex].ex[at] as number))).toBeLessThan(
        0.0051,
      );
    }
  });

  it('probability of reaching 80 at 65 = product of (1 - q_x), x = 65..79 (hand calculation)', () => {
    let p = 1;
    for (let x = 65; x < 80; x++) p *= 1 - (ssa2021.male.qx[x] as number);
    const r = run({ age: 65, sex: 'male' });
    expect(r.probability_of_reaching[0]).toEqual({ age: 80, probability: Number(p.toFixed(6)) });
    expect(r.probability_of_reaching.map((row) => row.age)).toEqual([80, 85, 90, 95, 100]);
    expect(r.survival_curve[15]).toEqual({ age: 80, probability: Number(p.toFixed(6)) });
    expect(r.curtate_life_expectancy).toBeCloseTo(r.life_expectancy - 0.5, 2);
  });

  it('ages already reached have probability 1', () => {
    const r = run({ age: 90, sex: 'female' });
    expect(r.probability_of_reaching.map((row) => row.probability).slice(0, 3)).toEqual([1, 1, 1]);
    expect(r.probability_of_reaching[3]!.probability).toBeLessThan(1);
  });

  it('the survival curve runs from now to 121, where it is 0 (the table closes at 120)', () => {
    const r = run({ age: 100, sex: 'male' });
    expect(r.survival_curve).toHaveLength(22);
    expect(r.survival_curve[0]).toEqual({ age: 100, probability: 1 });
    expect(r.survival_curve[21]).toEqual({ age: 121, probability: 0 });
    const last = run({ age: 120, sex: 'male' });
    // q_120 = 1 and deaths uniform over the year: e = 0.5, median 120.5
    expect([last.life_expectancy, last.median_age_at_death]).toEqual([0.5, 120.5]);
  });

  it('the median age at death lies where the curve crosses 1/2 (linear within the year under UDD)', () => {
    const r = run({ age: 65, sex: 'male' });
    const k = r.survival_curve.findIndex((row) => row.probability < 0.5);
    const [above, below] = [r.survival_curve[k - 1]!, r.survival_curve[k]!];
    const interpolated = above.age + (above.probability - 0.5) / (above.probability - below.probability);
    expect(r.median_age_at_death).toBeCloseTo(interpolated, 2);
  });

  it('frailty multiplies every q_x: 2 shortens life; a frailty that makes q_x >= 1 ends life within a year', () => {
    const base = run({ age: 65, sex: 'female' });
    const frail = run({ age: 65, sex: 'female', frailty: 2 });
    expect(frail.life_expectancy).toBeLessThan(base.life_expectancy);
    expect(frail.frailty).toBe(2);
    // q_105 female is about 0.4: x 10 caps at 1
    const capped = run({ age: 105, sex: 'female', frailty: 10 });
    expect(capped.life_expectancy).toBe(0.5);
    expect(capped.survival_curve[1]!.probability).toBe(0);
  });
});

describe('longevity: two lives', () => {
  const couple = run({ age: 65, sex: 'male', second_age: 62, second_sex: 'female' });

  it('the second life is reported like the first', () => {
    expect(couple.second_life).toMatchObject({ age: 62, sex: 'female' });
    expect(couple.second_life!.life_expectancy).toBe(run({ age: 62, sex: 'female' }).life_expectancy);
  });
  it('independent lives: both alive = product, at least one = p + q - pq', () => {
    const j = couple.joint!;
    for (const t of [0, 10, 25]) {
      const p = couple.survival_curve[t]!.probability;
      const q = couple.second_life!.survival_curve[t]!.probability;
      expect(j.survival_curve[t]!.both_alive).toBeCloseTo(p * q, 5);
      expect(j.survival_curve[t]!.at_least_one_alive).toBeCloseTo(p + q - p * q, 5);
    }
    // the curve runs until the younger life's table closes: 121 - 62 = 59 years
    expect(j.survival_curve).toHaveLength(60);
  });
  it('joint + last survivor = the sum of the single expectancies; joint <= single <= last survivor', () => {
    const j = couple.joint!;
    const e1 = couple.life_expectancy;
    const e2 = couple.second_life!.life_expectancy;
    expect(j.joint_life_expectancy + j.last_survivor_life_expectancy).toBeCloseTo(e1 + e2, 1);
    expect(j.joint_life_expectancy).toBeLessThan(Math.min(e1, e2));
    expect(j.last_survivor_life_expectancy).toBeGreaterThan(Math.max(e1, e2));
    expect(j.median_years_to_first_death).toBeLessThan(j.median_years_to_second_death);
  });
  it('no second life: no second_life and no joint block', () => {
    const r = run({ age: 65, sex: 'male' });
    expect(r).not.toHaveProperty('second_life');
    expect(r).not.toHaveProperty('joint');
  });
});

describe('longevity: invalid input', () => {
  it('a second age needs a second sex, and the other way round', () => {
    expect(calculationErrorOf(longevity, { age: 65, sex: 'male', second_age: 60 }).issues[0]).toMatchObject({
      path: 'second_sex',
    });
    expect(
      calculationErrorOf(longevity, { age: 65, sex: 'male', second_sex: 'female' }).issues[0],
    ).toMatchObject({
      path: 'second_age',
    });
  });
  it('ages outside 0-120, frailty outside 0.1-10, an unknown sex', () => {
    expect(calculationErrorOf(longevity, { age: 121, sex: 'male' }).issues[0]!.path).toBe('age');
    expect(calculationErrorOf(longevity, { age: 65, sex: 'male', frailty: 0 }).issues[0]!.path).toBe(
      'frailty',
    );
    expect(calculationErrorOf(longevity, { age: 65, sex: 'x' }).issues[0]!.path).toBe('sex');
  });
  it('envelope: engine longevity-1.0.0, prefix lng', () => {
    const envelope = longevity({ age: 65, sex: 'male' });
    expect(envelope.engine_version).toBe('longevity-1.0.0');
    expect(envelope.result_id).toMatch(/^lng_[0-9a-f]{16}$/);
  });
});

describe('longevity: properties', () => {
  const sexes = fc.constantFrom('male' as const, 'female' as const);
  const ages = fc.integer({ min: 0, max: 120 });
  const frailties = fc.integer({ min: 10, max: 1000 }).map((p) => p / 100);

  it('survival probabilities are in [0, 1] and never increase', () => {
    fc.assert(
      fc.property(ages, sexes, frailties, (at, sex, frailty) => {
        const r = run({ age: at, sex, frailty });
        let previous = 1;
        for (const row of r.survival_curve) {
          expect(row.probability).toBeGreaterThanOrEqual(0);
          expect(row.probability).toBeLessThanOrEqual(previous);
          previous = row.probability;
        }
        for (const row of r.probability_of_reaching)
          expect(row.probability >= 0 && row.probability <= 1).toBe(true);
        expect(r.median_age_at_death).toBeGreaterThanOrEqual(at);
      }),
      { numRuns: 150 },
    );
  });

  it('a frailty of 1 or more never raises life expectancy, and more frailty never lengthens it', () => {
    fc.assert(
      fc.property(ages, sexes, frailties, frailties, (at, sex, f1, f2) => {
        const table = run({ age: at, sex }).life_expectancy;
        const [low, high] = f1 <= f2 ? [f1, f2] : [f2, f1];
        const lower = run({ age: at, sex, frailty: low }).life_expectancy;
        const higher = run({ age: at, sex, frailty: high }).life_expectancy;
        expect(higher).toBeLessThanOrEqual(lower);
        if (low >= 1) expect(lower).toBeLessThanOrEqual(table);
      }),
      { numRuns: 150 },
    );
  });

  it('joint <= each single <= last survivor', () => {
    fc.assert(
      fc.property(ages, sexes, frailties, ages, sexes, frailties, (a1, s1, f1, a2, s2, f2) => {
        const r = run({ age: a1, sex: s1, frailty: f1, second_age: a2, second_sex: s2, second_frailty: f2 });
        const j = r.joint!;
        for (const e of [r.life_expectancy, r.second_life!.life_expectancy]) {
          expect(j.joint_life_expectancy).toBeLessThanOrEqual(e);
          expect(e).toBeLessThanOrEqual(j.last_survivor_life_expectancy);
        }
        for (const row of j.survival_curve)
          expect(row.both_alive).toBeLessThanOrEqual(row.at_least_one_alive);
      }),
      { numRuns: 100 },
    );
  });
});
