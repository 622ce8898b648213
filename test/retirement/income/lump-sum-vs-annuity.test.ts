import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annuity, type LumpSumVsAnnuityInput, pensionLumpSumVsAnnuity } from '../../../src/retirement/index';
import { calculationErrorOf } from '../../helpers';

const run = (input: LumpSumVsAnnuityInput) => pensionLumpSumVsAnnuity(input).result;
const base = {
  current_age: 65,
  lump_sum_offer: 200_000,
  monthly_pension: 1000,
  discount_rate: 0.04,
  end_age: 85,
};

/** Present value by hand: payment j (from 1) at j/12 years after the start, grown by the COLA each year. */
function pvByHand(monthly: number, rate: number, years: number, cola = 0, deferral = 0): number {
  let pv = 0;
  for (let j = 1; j <= 12 * years; j++) {
    pv += monthly * (1 + cola) ** Math.floor((j - 1) / 12) * (1 + rate) ** -(deferral + j / 12);
  }
  return pv;
}

describe('pension/lump-sum-vs-annuity: certain to end_age', () => {
  it('level pension: 240 payments of 1,000 discounted monthly at 4% = 1000 (1 - v^20) / ((1.04)^(1/12) - 1)', () => {
    const r = run(base);
    const closed = (1000 * (1 - 1.04 ** -20)) / (1.04 ** (1 / 12) - 1);
    expect(r.certain.present_value).toBeCloseTo(closed, 2);
    expect(r.certain.total_payments).toBe(240_000);
    expect(r.certain.advantage_of_annuity).toBeCloseTo(closed - 200_000, 2);
    // 165,1xx.xx < 200,000: at 4% the lump sum is worth more
    expect(r.certain.better_value).toBe('lump_sum');
    expect(r.annual_pension).toBe(12_000);
  });

  it('with a 2% COLA and a deferred start (lump sum at 55, pension from 60)', () => {
    const r = run({ ...base, current_age: 55, start_age: 60, end_age: 90, cola: 0.02 });
    expect(r.certain.present_value).toBeCloseTo(pvByHand(1000, 0.04, 30, 0.02, 5), 2);
    // 12,000 x (1.02^30 - 1) / 0.02
    expect(r.certain.total_payments).toBeCloseTo((12_000 * (1.02 ** 30 - 1)) / 0.02, 2);
  });

  it('the implied return is the rate at which the pension is worth exactly the lump sum', () => {
    const r = run(base);
    const implied = r.certain.implied_return!;
    // (rounded to 6 places: within about a dollar)
    expect(Math.abs(pvByHand(1000, implied, 20) - 200_000)).toBeLessThan(2);
    // discounting at it leaves no advantage; below the discount rate means the lump sum is the better value
    expect(Math.abs(run({ ...base, discount_rate: implied }).certain.advantage_of_annuity)).toBeLessThan(2);
    expect(implied).toBeGreaterThan(0);
    expect(implied).toBeLessThan(base.discount_rate);
    const rich = run({ ...base, lump_sum_offer: 150_000 });
    expect(rich.certain.implied_return!).toBeGreaterThan(base.discount_rate);
    expect(rich.certain.better_value).toBe('annuity');
    const poor = run({ ...base, lump_sum_offer: 300_000 });
    expect(poor.certain.implied_return!).toBeLessThan(0);
  });

  it('nominal breakeven: the 200th payment of 1,000 reaches 200,000, at 65 + 200/12 = 81.67', () => {
    expect(run({ ...base, discount_rate: 0 }).breakeven_age).toBe(81.67);
    // with a 3% COLA: year 1 12,000, year 2 12,360, ...; by hand, month by month
    let total = 0;
    let j = 0;
    while (total < 200_000) {
      total += 1000 * 1.03 ** Math.floor(j / 12);
      j++;
    }
    expect(run({ ...base, cola: 0.03 }).breakeven_age).toBe(Number((65 + j / 12).toFixed(2)));
    // never reached by 121
    expect(run({ ...base, monthly_pension: 100, lump_sum_offer: 1_000_000 })).not.toHaveProperty(
      'breakeven_age',
    );
  });
});

describe('pension/lump-sum-vs-annuity: mortality-weighted', () => {
  it('single life: the same present value as a fair life annuity at the discount rate', () => {
    const r = run({ ...base, sex: 'female' });
    const factor = annuity({ premium: 1, age: 65, sex: 'female', assumed_rate: 0.04 }).result.annuity_factor;
    expect(r.mortality_weighted!.present_value).toBeCloseTo(12_000 * factor, 0);
    expect(r.mortality_weighted!.life_expectancy).toBe(19.75);
    expect(r.mortality_weighted!.survivor_fraction).toBe(0);
    expect(run(base)).not.toHaveProperty('mortality_weighted');
  });

  it('a survivor pension adds value; at 100% it is the last-survivor annuity', () => {
    const single = run({ ...base, sex: 'male' }).mortality_weighted!;
    const couple = { ...base, sex: 'male', joint_age: 63, joint_sex: 'female' } as const;
    const half = run({ ...couple, survivor_fraction: 0.5 }).mortality_weighted!;
    const full = run({ ...couple, survivor_fraction: 1 }).mortality_weighted!;
    expect(half.present_value).toBeGreaterThan(single.present_value);
    expect(full.present_value).toBeGreaterThan(half.present_value);
    // contingent form: p_x + f (p_y - p_xy) is linear in f
    expect(half.present_value).toBeCloseTo((single.present_value + full.present_value) / 2, 1);
  });

  it('at a zero rate the present value is the expected total of the payments', () => {
    const w = run({ ...base, discount_rate: 0, sex: 'male', cola: 0.02 }).mortality_weighted!;
    expect(w.present_value).toBe(w.expected_total_payments);
  });
});

describe('pension/lump-sum-vs-annuity: invalid input', () => {
  const bad = (input: object) => calculationErrorOf(pensionLumpSumVsAnnuity, input).issues.map((i) => i.path);
  it('end before the start, a start before today, joint fields without a survivor fraction and the reverse', () => {
    expect(bad({ ...base, end_age: 65 })).toEqual(['end_age']);
    expect(bad({ ...base, start_age: 60 })).toEqual(['start_age']);
    expect(bad({ ...base, joint_age: 60 })).toEqual(['joint_age']);
    expect(bad({ ...base, sex: 'male', survivor_fraction: 0.5 })).toEqual(['joint_age', 'joint_sex']);
    expect(bad({ ...base, survivor_fraction: 0.5, joint_age: 60, joint_sex: 'female' })).toEqual(['sex']);
    expect(bad({ ...base, lump_sum_offer: 0 })).toEqual(['lump_sum_offer']);
  });
  it('envelope: engine pension-lump-sum-1.0.0, prefix pls', () => {
    const envelope = pensionLumpSumVsAnnuity(base);
    expect(envelope.engine_version).toBe('pension-lump-sum-1.0.0');
    expect(envelope.result_id).toMatch(/^pls_[0-9a-f]{16}$/);
  });
});

describe('pension/lump-sum-vs-annuity: properties', () => {
  const cases = fc
    .record({
      current_age: fc.integer({ min: 40, max: 80 }),
      wait: fc.integer({ min: 0, max: 10 }),
      years: fc.integer({ min: 1, max: 40 }),
      lump_sum_offer: fc.integer({ min: 10_000, max: 2_000_000 }),
      monthly_pension: fc.integer({ min: 100, max: 20_000 }),
      discount_rate: fc.integer({ min: -500, max: 1500 }).map((bp) => bp / 10_000),
      cola: fc.integer({ min: 0, max: 500 }).map((bp) => bp / 10_000),
      sex: fc.constantFrom('male' as const, 'female' as const),
    })
    .map(({ wait, years, ...rest }) => ({
      ...rest,
      start_age: rest.current_age + wait,
      end_age: Math.min(121, rest.current_age + wait + years),
    }));

  it('the better value agrees with the implied return against the discount rate', () => {
    fc.assert(
      fc.property(cases, (input) => {
        const r = run(input);
        for (const v of [r.certain, r.mortality_weighted!]) {
          if (v.implied_return === undefined || Math.abs(v.advantage_of_annuity) < 1) continue;
          expect(v.better_value === 'annuity').toBe(v.implied_return > input.discount_rate);
        }
        if (r.breakeven_age !== undefined) expect(r.breakeven_age).toBeGreaterThan(r.start_age);
      }),
      { numRuns: 60 },
    );
  });

  it('a higher discount rate lowers both present values; a higher COLA raises them', () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 300 }), (input, step) => {
        const r = run(input);
        const dearer = run({ ...input, discount_rate: Math.min(0.2, input.discount_rate + step / 10_000) });
        expect(dearer.certain.present_value).toBeLessThanOrEqual(r.certain.present_value);
        expect(dearer.mortality_weighted!.present_value).toBeLessThanOrEqual(
          r.mortality_weighted!.present_value,
        );
        const richer = run({ ...input, cola: Math.min(0.2, input.cola + step / 10_000) });
        expect(richer.certain.present_value).toBeGreaterThanOrEqual(r.certain.present_value);
        expect(richer.mortality_weighted!.present_value).toBeGreaterThanOrEqual(
          r.mortality_weighted!.present_value,
        );
      }),
      { numRuns: 40 },
    );
  });
});
