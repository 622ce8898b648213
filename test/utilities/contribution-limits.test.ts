import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import c2024 from '../../data/utilities/contribution-limits/2024.json';
import c2025 from '../../data/utilities/contribution-limits/2025.json';
import c2026 from '../../data/utilities/contribution-limits/2026.json';
import { type ContributionLimitsInput, contributionLimits } from '../../src/utilities/contribution-limits';
import { calculationErrorOf } from '../helpers';

const run = (input: ContributionLimitsInput) => contributionLimits(input).result;

const errorOf = (input: unknown) => calculationErrorOf(contributionLimits, input);

describe('contribution-limits 2024 (IRS Notice 2023-75; Rev. Proc. 2023-23 s.2.01(1))', () => {
  it('age 45, no compensation given: the bare table figures', () => {
    const r = run({ tax_year: 2024, age: 45 });
    expect(r.catch_up_category).toBe('none');
    expect(r.compensation_cap_applied).toBe(false);
    expect(r.elective_deferral).toEqual({
      limit: 23_000,
      catch_up: 0,
      total: 23_000,
      capped_by_compensation: false,
    });
    expect(r.annual_additions).toEqual({
      limit: 69_000,
      catch_up: 0,
      total: 69_000,
      capped_by_compensation: false,
    });
    expect(r.ira).toMatchObject({ limit: 7_000, catch_up: 0, total: 7_000 });
    expect(r.simple).toMatchObject({ small_employer: false, limit: 16_000, catch_up: 0, total: 16_000 });
    // No compensation: only the 415(c)(1)(A) dollar ceiling bounds the SEP.
    expect(r.sep).toMatchObject({
      limit: 69_000,
      compensation_limit: 345_000,
      capped_by_compensation: false,
    });
    expect(r.sep.compensation_considered).toBeUndefined();
    expect(r.sep.min_compensation_for_participation).toBe(750);
    expect(r.hsa).toEqual({ self_only: 4_150, family: 8_300, catch_up: 0 });
  });

  it('age 61 in 2024: no ages 60-63 amount before 2025, so the age-50 catch-up', () => {
    // 23,000 + 7,500 = 30,500; SIMPLE 16,000 + 3,500 = 19,500; IRA 7,000 + 1,000 = 8,000.
    const r = run({ tax_year: 2024, age: 61, hsa_coverage: 'family' });
    expect(r.catch_up_category).toBe('age_50');
    expect(r.elective_deferral.total).toBe(30_500);
    expect(r.simple.total).toBe(19_500);
    expect(r.ira.total).toBe(8_000);
    // HSA family 8,300 + 223(b)(3)(B) 1,000 = 9,300.
    expect(r.hsa).toEqual({
      self_only: 4_150,
      family: 8_300,
      catch_up: 1_000,
      coverage: 'family',
      limit: 9_300,
    });
  });

  it('2024 small-employer SIMPLE (SECURE 2.0 s.117, 110%): 17,600 + 3,850 = 21,450 at age 52', () => {
    expect(run({ tax_year: 2024, age: 52, simple_small_employer: true }).simple).toEqual({
      small_employer: true,
      limit: 17_600,
      catch_up: 3_850,
      total: 21_450,
      capped_by_compensation: false,
    });
  });

  it('SEP: min(25% x min(compensation, 401(a)(17)), 415(c)) (IRC 402(h)(2)(A))', () => {
    // 200,000 x 25% = 50,000 < 69,000.
    expect(run({ tax_year: 2024, age: 40, compensation: 200_000 }).sep).toMatchObject({
      limit: 50_000,
      compensation_considered: 200_000,
      capped_by_compensation: true,
    });
    // 400,000 -> 345,000 x 25% = 86,250 > 69,000.
    expect(run({ tax_year: 2024, age: 40, compensation: 400_000 }).sep).toMatchObject({
      limit: 69_000,
      compensation_considered: 345_000,
      capped_by_compensation: false,
    });
  });

  it('Roth catch-up mandate not enforced in 2024 (Notice 2023-62 transition period)', () => {
    const r = run({ tax_year: 2024, age: 55, prior_year_wages: 500_000 });
    expect(r.roth_catch_up_required).toBe(false);
    expect(r.roth_catch_up).toMatchObject({ in_force: false, wage_threshold: 145_000, wages_year: 2023 });
    expect(r.roth_catch_up.reason).toMatch(/Not enforced for 2024/);
  });
});

describe('contribution-limits 2025 (IRS Notice 2024-80; Rev. Proc. 2024-25 s.2.01(1))', () => {
  it('age 61: deferral 23,500 + ages 60-63 catch-up 11,250 = 34,750', () => {
    const r = run({ tax_year: 2025, age: 61 });
    expect(r.catch_up_category).toBe('age_60_63');
    expect(r.elective_deferral).toEqual({
      limit: 23_500,
      catch_up: 11_250,
      total: 34_750,
      capped_by_compensation: false,
    });
    // SIMPLE 16,500 + 5,250 = 21,750.
    expect(r.simple.total).toBe(21_750);
    // 415(c) 70,000; the 11,250 catch-up is on top (414(v)(3)(A)): 81,250.
    expect(r.annual_additions).toEqual({
      limit: 70_000,
      catch_up: 11_250,
      total: 81_250,
      capped_by_compensation: false,
    });
    // IRA catch-up is the age-50 one at every age 50+: 7,000 + 1,000.
    expect(r.ira.total).toBe(8_000);
  });

  it('ages 60-63 replace the age-50 catch-up; 59 and 64 take the age-50 amount (414(v)(2)(E))', () => {
    const total = (age: number) => run({ tax_year: 2025, age }).elective_deferral.total;
    expect(total(49)).toBe(23_500);
    expect(total(50)).toBe(31_000); // 23,500 + 7,500
    expect(total(59)).toBe(31_000);
    expect(total(60)).toBe(34_750); // 23,500 + 11,250, not + 7,500 + 11,250
    expect(total(63)).toBe(34_750);
    expect(total(64)).toBe(31_000);
  });

  it('small-employer SIMPLE at 61: 17,600 + 5,250 (the ages 60-63 amount is not raised to 110%)', () => {
    expect(run({ tax_year: 2025, age: 61, simple_small_employer: true }).simple.total).toBe(22_850);
    expect(run({ tax_year: 2025, age: 55, simple_small_employer: true }).simple.total).toBe(21_450); // 17,600 + 3,850
  });

  it('HSA self-only at 55: 4,300 + 1,000 = 5,300', () => {
    expect(run({ tax_year: 2025, age: 55, hsa_coverage: 'self_only' }).hsa.limit).toBe(5_300);
    expect(run({ tax_year: 2025, age: 54, hsa_coverage: 'self_only' }).hsa.limit).toBe(4_300);
  });

  it('Roth catch-up: Notice 2024-80 threshold 145,000 on 2024 wages, not enforced in 2025', () => {
    const r = run({ tax_year: 2025, age: 61, prior_year_wages: 300_000 });
    expect(r.roth_catch_up_required).toBe(false);
    expect(r.roth_catch_up).toMatchObject({ in_force: false, wage_threshold: 145_000, wages_year: 2024 });
  });
});

describe('contribution-limits 2026 (IRS Notice 2025-67; Rev. Proc. 2025-19)', () => {
  it('age 50: 24,500 + 8,000; IRA 7,500 + 1,100; SIMPLE 17,000 + 4,000; 415(c) 72,000', () => {
    const r = run({ tax_year: 2026, age: 50 });
    expect(r.elective_deferral.total).toBe(32_500);
    expect(r.ira).toMatchObject({ limit: 7_500, catch_up: 1_100, total: 8_600 });
    expect(r.simple.total).toBe(21_000);
    expect(r.annual_additions.limit).toBe(72_000);
    expect(r.sep.limit).toBe(72_000);
  });

  it('ages 60-63 stay 11,250 / 5,250 in 2026 although the age-50 amounts rose', () => {
    const r = run({ tax_year: 2026, age: 62 });
    expect(r.elective_deferral.total).toBe(35_750); // 24,500 + 11,250
    expect(r.simple.total).toBe(22_250); // 17,000 + 5,250
  });

  it('small-employer SIMPLE catch-up 3,850 is below the general 4,000 in 2026, as published', () => {
    const small = run({ tax_year: 2026, age: 55, simple_small_employer: true }).simple;
    expect(small).toMatchObject({ limit: 18_100, catch_up: 3_850, total: 21_950 });
    expect(run({ tax_year: 2026, age: 55 }).simple).toMatchObject({
      limit: 17_000,
      catch_up: 4_000,
      total: 21_000,
    });
  });

  it('age 55 with compensation 20,000: deferral capped at 20,000, no room for a catch-up', () => {
    // 402(g) limit 24,500 > 20,000 = 100% of compensation (415(c)(1)(B)); catch-up limited to
    // compensation less other deferrals: 20,000 - 20,000 = 0 (414(v)(2)(A)(ii)).
    const r = run({ tax_year: 2026, age: 55, compensation: 20_000 });
    expect(r.elective_deferral).toEqual({
      limit: 20_000,
      catch_up: 0,
      total: 20_000,
      capped_by_compensation: true,
    });
    expect(r.annual_additions).toMatchObject({ limit: 20_000, catch_up: 0, total: 20_000 });
    // IRA: 8,600 < 20,000, not capped (219(b)(1)).
    expect(r.ira).toMatchObject({ total: 8_600, capped_by_compensation: false });
    // SIMPLE: 17,000 + min(4,000, 20,000 - 17,000) = 20,000.
    expect(r.simple).toMatchObject({
      limit: 17_000,
      catch_up: 3_000,
      total: 20_000,
      capped_by_compensation: true,
    });
    // SEP: 25% x 20,000 = 5,000.
    expect(r.sep).toMatchObject({ limit: 5_000, capped_by_compensation: true });
    // HSA: no compensation test (223(b)).
    expect(run({ tax_year: 2026, age: 55, compensation: 0, hsa_coverage: 'family' }).hsa.limit).toBe(9_750);
  });

  it('age 55 with compensation 30,000: 24,500 + catch-up min(8,000, 5,500) = 30,000', () => {
    expect(run({ tax_year: 2026, age: 55, compensation: 30_000 }).elective_deferral).toEqual({
      limit: 24_500,
      catch_up: 5_500,
      total: 30_000,
      capped_by_compensation: true,
    });
  });

  it('IRA with compensation 5,000 at 55: the lesser of 8,600 and 5,000 (IRC 219(b)(1))', () => {
    expect(run({ tax_year: 2026, age: 55, compensation: 5_000 }).ira).toEqual({
      limit: 5_000,
      catch_up: 0,
      total: 5_000,
      capped_by_compensation: true,
    });
  });

  it('SEP at the 415(c) boundary: 288,000 x 25% = 72,000 exactly; 400,000 -> 360,000 x 25% = 90,000 -> 72,000', () => {
    expect(run({ tax_year: 2026, age: 40, compensation: 288_000 }).sep).toMatchObject({
      limit: 72_000,
      capped_by_compensation: false,
    });
    expect(run({ tax_year: 2026, age: 40, compensation: 400_000 }).sep).toMatchObject({
      limit: 72_000,
      compensation_considered: 360_000,
    });
    expect(run({ tax_year: 2026, age: 40, compensation: 100_000.5 }).sep.limit).toBe(25_000.13); // 25,000.125 half-up
  });

  it('Roth catch-up mandate in force: 2025 FICA wages over 150,000 (Notice 2025-67)', () => {
    const at = (prior_year_wages: number | undefined, age = 55) =>
      run({ tax_year: 2026, age, ...(prior_year_wages === undefined ? {} : { prior_year_wages }) });
    expect(at(150_000.01).roth_catch_up_required).toBe(true);
    expect(at(150_000).roth_catch_up_required).toBe(false); // "exceed": 150,000 itself is not over
    expect(at(undefined).roth_catch_up_required).toBe(false);
    expect(at(undefined).roth_catch_up.reason).toMatch(/prior_year_wages not given/);
    expect(at(400_000, 45).roth_catch_up_required).toBe(false); // no catch-up under 50
    expect(at(400_000, 61).roth_catch_up_required).toBe(true);
    expect(at(400_000).roth_catch_up).toMatchObject({
      in_force: true,
      wage_threshold: 150_000,
      wages_year: 2025,
    });
  });

  it('HSA: both limits without coverage, the chosen one with it', () => {
    const r = run({ tax_year: 2026, age: 40 });
    expect(r.hsa).toEqual({ self_only: 4_400, family: 8_750, catch_up: 0 });
    expect(run({ tax_year: 2026, age: 40, hsa_coverage: 'family' }).hsa.limit).toBe(8_750);
  });
});

const TABLES = { 2024: c2024, 2025: c2025, 2026: c2026 } as const;
const YEARS = [2024, 2025, 2026] as const;

const inputs = fc.record(
  {
    tax_year: fc.constantFrom(...YEARS),
    age: fc.integer({ min: 0, max: 120 }),
    compensation: fc.oneof(
      fc.integer({ min: 0, max: 500_000 }),
      fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    ),
    prior_year_wages: fc.integer({ min: 0, max: 400_000 }),
    hsa_coverage: fc.constantFrom('self_only' as const, 'family' as const),
    simple_small_employer: fc.boolean(),
  },
  { requiredKeys: ['tax_year', 'age'] },
);

describe('contribution-limits properties', () => {
  it('never negative, never above the table figures, totals add up', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        const t = TABLES[input.tax_year];
        const ed = t.elective_deferral as { limit: number; catch_up_50: number; catch_up_60_63?: number };
        const maxCatchUp = Math.max(ed.catch_up_50, ed.catch_up_60_63 ?? 0);
        for (const b of [r.elective_deferral, r.annual_additions, r.ira, r.simple]) {
          expect(b.limit).toBeGreaterThanOrEqual(0);
          expect(b.catch_up).toBeGreaterThanOrEqual(0);
          expect(b.total).toBeCloseTo(b.limit + b.catch_up, 9);
        }
        expect(r.elective_deferral.limit).toBeLessThanOrEqual(ed.limit);
        expect(r.elective_deferral.catch_up).toBeLessThanOrEqual(maxCatchUp);
        expect(r.annual_additions.limit).toBeLessThanOrEqual(t.annual_additions_415c.limit);
        expect(r.ira.limit).toBeLessThanOrEqual(t.ira.limit);
        expect(r.ira.catch_up).toBeLessThanOrEqual(t.ira.catch_up_50);
        expect(r.simple.limit).toBeLessThanOrEqual(Math.max(t.simple.limit, t.simple.limit_small_employer));
        expect(r.sep.limit).toBeGreaterThanOrEqual(0);
        expect(r.sep.limit).toBeLessThanOrEqual(t.annual_additions_415c.limit);
        expect(r.hsa.catch_up).toBe(input.age >= 55 ? 1_000 : 0);
        if (input.age < 50) {
          expect(r.elective_deferral.catch_up + r.ira.catch_up + r.simple.catch_up).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('compensation caps every pay-tied amount; HSA ignores it', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        if (input.compensation === undefined) {
          expect(r.compensation_cap_applied).toBe(false);
          return;
        }
        const c = input.compensation + 0.005; // results are rounded to cents
        expect(r.compensation_cap_applied).toBe(true);
        expect(r.elective_deferral.total).toBeLessThanOrEqual(c);
        expect(r.ira.total).toBeLessThanOrEqual(c);
        expect(r.simple.total).toBeLessThanOrEqual(c);
        expect(r.annual_additions.limit).toBeLessThanOrEqual(c);
        expect(r.sep.limit).toBeLessThanOrEqual(0.25 * c + 0.005); // compensation counted to the cent, then 25% rounded
        const { compensation: _c, ...uncapped } = input;
        expect(r.hsa).toEqual(run(uncapped).hsa);
      }),
      { numRuns: 300 },
    );
  });

  it('more compensation never lowers a limit; ample compensation equals no cap', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 100_000 }), (input, raise) => {
        if (input.compensation === undefined) return;
        const low = run(input);
        const high = run({ ...input, compensation: input.compensation + raise });
        for (const key of ['elective_deferral', 'annual_additions', 'ira', 'simple'] as const) {
          expect(high[key].total).toBeGreaterThanOrEqual(low[key].total);
        }
        expect(high.sep.limit).toBeGreaterThanOrEqual(low.sep.limit);
        const { compensation: _c, ...uncapped } = input;
        const none = run(uncapped);
        const ample = run({ ...input, compensation: 1e9 });
        for (const key of ['elective_deferral', 'ira', 'simple'] as const) {
          expect(ample[key].total).toBe(none[key].total);
        }
        expect(ample.sep.limit).toBe(none.sep.limit);
      }),
      { numRuns: 200 },
    );
  });
});

describe('contribution-limits envelope and errors', () => {
  it('golden result_id (an omitted default and the same value given share it)', () => {
    const input = { tax_year: 2025, age: 61, compensation: 150_000, hsa_coverage: 'family' } as const;
    expect(contributionLimits(input).result_id).toBe('limits_66255691d244ed56');
    expect(contributionLimits({ ...input, simple_small_employer: false }).result_id).toBe(
      contributionLimits(input).result_id,
    );
  });

  it('an unsupported year is unsupported_year naming tax_year and the supported years', () => {
    const error = errorOf({ tax_year: 2023, age: 40 });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]?.path).toBe('tax_year');
    expect(error.message).toMatch(/2024, 2025, 2026/);
  });

  it('invalid fields are invalid_input naming the field', () => {
    const cases: Array<[unknown, string]> = [
      [{ tax_year: 2025, age: -1 }, 'age'],
      [{ tax_year: 2025, age: 40, compensation: -5 }, 'compensation'],
      [{ tax_year: 2025, age: 40, hsa_coverage: 'couple' }, 'hsa_coverage'],
      [{ tax_year: 2025, age: 40, salary: 10 }, 'salary'],
      [{ tax_year: 2025 }, 'age'],
    ];
    for (const [input, path] of cases) {
      const error = errorOf(input);
      expect(error.code).toBe('invalid_input');
      expect(error.issues.map((issue) => issue.path)).toContain(path);
    }
  });
});
