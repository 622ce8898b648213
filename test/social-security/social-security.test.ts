import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ssa2021 from '../../data/mortality/ssa-period/2021.json';
import {
  claimingBenefit,
  fullRetirementAgeMonths,
  type SocialSecurityInput,
  socialSecurity,
} from '../../src/social-security/index';
import { calculationErrorOf, onceByJson } from '../helpers';

const run = (input: SocialSecurityInput) => socialSecurity(input).result;
const base = { pia_monthly: 1000, longevity_age: 85, discount_rate: 0 } as const;

describe('social-security: benefit by claiming age', () => {
  // SSA, "Full Retirement and Age 62 Benefit By Year Of Birth" (socialsecurity.gov/retire2/agereduction.htm,
  // archived 2008): months of reduction at 62, the $1,000-PIA benefit at 62 (whole dollars: SSA pays the
  // monthly amount rounded down to the dollar, Handbook 738.2) and the total reduction.
  it.each([
    [1955, [66, 2], 50, 741, 25.83],
    [1956, [66, 4], 52, 733, 26.67],
    [1957, [66, 6], 54, 725, 27.5],
    [1958, [66, 8], 56, 716, 28.33],
    [1959, [66, 10], 58, 708, 29.17],
    [1960, [67, 0], 60, 700, 30],
  ] as const)(
    'born %i: full retirement age %j, %i months early at 62, $%i, %f% less',
    (year, [y, m], months, dollars, percent) => {
      const r = run({ ...base, birth_year: year });
      expect(r.full_retirement_age).toEqual({ years: y, months: m });
      const at62 = r.claiming_ages[0]!;
      expect(at62.months_from_full_retirement_age).toBe(-months);
      expect(Math.floor(at62.monthly_benefit)).toBe(dollars);
      expect((1 - at62.percent_of_pia) * 100).toBeCloseTo(percent, 2);
    },
  );

  it('1955: the reduction is rounded up to a dime (20 CFR 404.410(a)): 1000 x 25.8333% = 258.33 -> 258.40', () => {
    // 36 x 5/9% + 14 x 5/12% = 20% + 5.8333% = 25.8333%
    expect(run({ ...base, birth_year: 1955 }).claiming_ages[0]!.monthly_benefit).toBe(741.6);
  });

  // SSA Retirement Planner, full retirement age 67: "If you start your retirement benefits at age 62,
  // your monthly benefit amount is reduced by about 30 percent. The reduction for starting benefits at
  // age 63 is about 25 percent; 64 is about 20 percent; 65 is about 13.3 percent; and 66 is about 6.7
  // percent." Open Social Security's BenefitService tests: 60 months early = 70%, 24 months early = 86.67%,
  // 12 months late = 108%, and 124% at 70 for FRA 67 (132% for FRA 66).
  it('full retirement age 67: 70%, 75%, 80%, 86.67%, 93.33%, 100%, 108%, 116%, 124%', () => {
    const r = run({ ...base, birth_year: 1962 });
    expect(r.claiming_ages.map((row) => row.percent_of_pia)).toEqual([
      0.7, 0.75, 0.8, 0.866667, 0.933333, 1, 1.08, 1.16, 1.24,
    ]);
    // dimes: 1000 - 133.40 (133.33 up) and 1000 - 66.70 (66.67 up)
    expect(r.claiming_ages.map((row) => row.monthly_benefit)).toEqual([
      700, 750, 800, 866.6, 933.3, 1000, 1080, 1160, 1240,
    ]);
    expect(r.delayed_credit_rate).toBe(0.08);
  });
  it('full retirement age 66 (born 1943-1954): 75% at 62 and 132% at 70', () => {
    const r = run({ ...base, birth_year: 1950 });
    expect(r.claiming_ages[0]!.percent_of_pia).toBe(0.75);
    expect(r.claiming_ages[8]!.percent_of_pia).toBe(1.32);
    expect(r.claiming_ages[8]!.monthly_benefit).toBe(1320);
  });

  // 20 CFR 404.410(a): "Alex's full retirement age ... is 65 years and 8 months. She elects to begin
  // receiving benefits at age 62. Her primary insurance amount of $980.50 ... 44 months ... 980.50 x 36 x
  // 5/9 x .01 = $196.10; 980.50 x 8 x 5/12 x .01 = $32.68 ... total reduction of $228.78 ... rounded to
  // $228.80 ... The resulting $751.70 is the monthly benefit payable."
  it('the regulation example: $980.50 reduced 44 months = $751.70', () => {
    expect(claimingBenefit(980.5, 62 * 12, 65 * 12 + 8).monthlyBenefit.toNumber()).toBe(751.7);
  });

  // POMS RS 00615.692C: the credit is MBA x DRCs x .01 x fraction, rounded down to the dime, and added; it
  // warns that the decimal 0.00667 can give a dime less than the fraction 2/3.
  it('delayed credits with the fraction, rounded down: 1,234.50 x 38 x 2/3% = 312.74 -> 312.70', () => {
    expect(claimingBenefit(1234.5, 70 * 12, fullRetirementAgeMonths(1959)).monthlyBenefit.toNumber()).toBe(
      1547.2,
    );
    // 1,440 x 36 x 2/3% = 345.60 exactly; in floating point 1440 x 36 x 0.02 / 3 = 345.59999999999997,
    // which rounded down would lose a dime
    expect(claimingBenefit(1440, 70 * 12, 67 * 12).monthlyBenefit.toNumber()).toBe(1785.6);
    // and 1,000 x 30% = 300 exactly, where 1000 x (36 x 5/9 + 24 x 5/12) / 100 = 300.00000000000006 would
    // round up to 300.10
    expect(claimingBenefit(1000, 62 * 12, 67 * 12).monthlyBenefit.toNumber()).toBe(700);
    // no credit after 70
    expect(claimingBenefit(1000, 72 * 12, 67 * 12).creditMonths).toBe(36);
  });

  it('the PIA is a multiple of $0.10 (rounded down)', () => {
    const r = run({ ...base, birth_year: 1960, pia_monthly: 1000.19 });
    expect(r.pia_monthly).toBe(1000.1);
    expect(r.claiming_ages[5]!.monthly_benefit).toBe(1000.1);
  });

  it('the January 1 rule: born January 1, 1960 counts as 1959 (66 and 10 months)', () => {
    const r = run({ ...base, birth_year: 1960, born_on_january_1: true });
    expect(r.ssa_birth_year).toBe(1959);
    expect(r.full_retirement_age).toEqual({ years: 66, months: 10 });
    expect(r.claiming_ages[0]!.months_from_full_retirement_age).toBe(-58);
  });

  it('by month: 97 claiming months, 62 and 0 months to 70 and 0 months, agreeing with the yearly rows', () => {
    const r = run({ ...base, birth_year: 1957 });
    expect(r.by_month).toHaveLength(97);
    expect(r.by_month[0]).toMatchObject({ age_years: 62, age_months: 0 });
    expect(r.by_month[96]).toMatchObject({ age_years: 70, age_months: 0 });
    // full retirement age 66 and 6 months: month 54 is 100%
    expect(r.by_month[54]).toMatchObject({
      age_years: 66,
      age_months: 6,
      percent_of_pia: 1,
      monthly_benefit: 1000,
    });
    // 62 and 1 month: 53 months early = 36 x 5/9% + 17 x 5/12% = 27.0833% -> 729.10 (270.83 up to 270.90)
    expect(r.by_month[1]).toMatchObject({ percent_of_pia: 0.729167, monthly_benefit: 729.1 });
    for (const row of r.claiming_ages) {
      const month = r.by_month[(row.age - 62) * 12]!;
      expect(month.monthly_benefit).toBe(row.monthly_benefit);
    }
  });
});

describe('social-security: lifetime values and breakevens', () => {
  it('lifetime benefits to longevity_age, and present values at 62 (hand calculation)', () => {
    const r = run({ ...base, birth_year: 1960, discount_rate: 0.02 });
    const at62 = r.claiming_ages[0]!;
    expect(at62.lifetime_benefits).toBe(700 * 12 * 23); // months 62..84 and 11 months
    // 276 payments of 700, each one month after its month: 700 x (1 - v^23) / ((1.02)^(1/12) - 1)
    const monthly = 1.02 ** (1 / 12) - 1;
    expect(at62.present_value).toBeCloseTo((700 * (1 - 1.02 ** -23)) / monthly, 2);
    // claiming at 70: 180 payments from 70, discounted 8 more years
    const at70 = r.claiming_ages[8]!;
    expect(at70.lifetime_benefits).toBe(1240 * 12 * 15);
    expect(at70.present_value).toBeCloseTo((1240 * (1 - 1.02 ** -15) * 1.02 ** -8) / monthly, 2);
  });

  it('at a zero rate the present value is the lifetime total', () => {
    for (const row of run({ ...base, birth_year: 1958 }).claiming_ages) {
      expect(row.present_value).toBe(row.lifetime_benefits);
    }
  });

  // 700 (x - 62) = 1240 (x - 70): x = (1240 x 70 - 700 x 62) / 540 = 80.370
  it('62 versus 70 breakeven, undiscounted: 80.37', () => {
    const r = run({ ...base, birth_year: 1960 });
    expect(r.breakeven_age_62_vs_70).toBe(80.37);
    expect(r.claiming_ages[8]!.breakeven_age_vs_62).toBe(80.37);
    // 63 versus 62: 700 (x - 62) = 750 (x - 63): x = 77; 70 versus 69: 1160 (x - 69) = 1240 (x - 70): x = 84.5
    expect(r.claiming_ages[1]!.breakeven_age_vs_62).toBe(77);
    expect(r.claiming_ages[8]!.breakeven_age_vs_previous).toBe(84.5);
    expect(r.claiming_ages[0]).not.toHaveProperty('breakeven_age_vs_62');
  });

  it('discounted breakeven: both continuous streams have the same present value there', () => {
    const rate = 0.03;
    const r = run({ ...base, birth_year: 1960, discount_rate: rate });
    const x = r.breakeven_age_62_vs_70_discounted!;
    expect(x).toBeGreaterThan(r.breakeven_age_62_vs_70!);
    const d = Math.log1p(rate);
    const pv = (benefit: number, from: number) =>
      (benefit * (Math.exp(-d * (from - 62)) - Math.exp(-d * (x - 62)))) / d;
    expect(pv(700, 62) / pv(1240, 70)).toBeCloseTo(1, 3);
  });

  it('a high discount rate: 70 never catches up before 120 (absent)', () => {
    const r = run({ ...base, birth_year: 1960, discount_rate: 0.2 });
    expect(r.breakeven_age_62_vs_70).toBe(80.37);
    expect(r).not.toHaveProperty('breakeven_age_62_vs_70_discounted');
  });

  it('the lifetime-maximizing age follows longevity and the discount rate', () => {
    expect(run({ ...base, birth_year: 1960, longevity_age: 75 }).lifetime_maximizing_age).toBe(62);
    expect(run({ ...base, birth_year: 1960, longevity_age: 95 }).lifetime_maximizing_age).toBe(70);
    // living to 62 only: nothing is paid at any age; the earliest is reported
    expect(run({ ...base, birth_year: 1960, longevity_age: 62 }).lifetime_maximizing_age).toBe(62);
    expect(
      run({ ...base, birth_year: 1960, longevity_age: 95, discount_rate: 0.15 }).lifetime_maximizing_age,
    ).toBe(62);
  });

  it('mortality-weighted: SSA e(62) reproduced, expected values below the value to 120', () => {
    const r = run({ ...base, birth_year: 1960, discount_rate: 0.02, longevity_age: 120, sex: 'female' });
    const w = r.mortality_weighted!;
    expect(Math.abs(w.life_expectancy_at_62 - (ssa2021.female.ex[62] as number))).toBeLessThan(0.006);
    for (const row of r.claiming_ages) {
      expect(row.expected_present_value!).toBeLessThan(row.present_value);
      expect(row.expected_lifetime_benefits!).toBeLessThan(row.lifetime_benefits);
    }
    expect(w.probability_alive_at_breakeven_62_vs_70).toBeGreaterThan(0.5);
    expect(w.probability_alive_at_breakeven_62_vs_70).toBeLessThan(1);
    expect(run({ ...base, birth_year: 1960 })).not.toHaveProperty('mortality_weighted');
  });

  it('mortality-weighted at a zero rate: expected present value = expected lifetime benefits', () => {
    const r = run({ ...base, birth_year: 1960, sex: 'male' });
    for (const row of r.claiming_ages)
      expect(row.expected_present_value).toBe(row.expected_lifetime_benefits);
    // at 62 the expected benefits are 700 x 12 x the expected months alive after 62, paid at each month's end
    expect(r.claiming_ages[0]!.expected_lifetime_benefits!).toBeGreaterThan(700 * 12 * 18.5);
    expect(r.claiming_ages[0]!.expected_lifetime_benefits!).toBeLessThan(700 * 12 * 19);
  });
});

describe('social-security: invalid input', () => {
  it('born on January 1, 1943 counts as 1942: not covered', () => {
    const error = calculationErrorOf(socialSecurity, { ...base, birth_year: 1943, born_on_january_1: true });
    expect(error.issues[0]).toMatchObject({ path: 'born_on_january_1' });
    expect(error.issues[0]!.message).toContain('1942');
  });
  it('birth years before 1943, longevity before 62, a missing discount rate', () => {
    expect(calculationErrorOf(socialSecurity, { ...base, birth_year: 1942 }).issues[0]!.path).toBe(
      'birth_year',
    );
    expect(
      calculationErrorOf(socialSecurity, { ...base, birth_year: 1960, longevity_age: 61 }).issues[0]!.path,
    ).toBe('longevity_age');
    const { discount_rate: _, ...noRate } = base;
    expect(calculationErrorOf(socialSecurity, { ...noRate, birth_year: 1960 }).issues[0]).toMatchObject({
      path: 'discount_rate',
      code: 'required',
    });
    expect(
      calculationErrorOf(socialSecurity, { ...base, birth_year: 1960, sex: 'other' }).issues[0]!.path,
    ).toBe('sex');
  });
  it('envelope: engine social-security-1.0.0, prefix ss', () => {
    const envelope = socialSecurity({ ...base, birth_year: 1960 });
    expect(envelope.engine_version).toBe('social-security-1.0.0');
    expect(envelope.result_id).toMatch(/^ss_[0-9a-f]{16}$/);
  });
});

/**
 * The properties' runs by request: they draw from one fixed seed, so that the consistency property's
 * requests are the first of the claiming-month property's, computed once (a result is only read).
 */
const runOnce = onceByJson((input: SocialSecurityInput) => run(input));

describe('social-security: properties', () => {
  const inputs = fc.record({
    birth_year: fc.integer({ min: 1943, max: 2010 }),
    born_on_january_1: fc.boolean(),
    pia_monthly: fc.integer({ min: 0, max: 600_000 }).map((cents) => cents / 100),
    longevity_age: fc.integer({ min: 62, max: 120 }),
    discount_rate: fc.integer({ min: -100, max: 2000 }).map((bp) => bp / 10_000),
    sex: fc.constantFrom('male' as const, 'female' as const),
  });
  const valid = inputs.filter((i) => !(i.birth_year === 1943 && i.born_on_january_1));

  it('the benefit never falls with a later claiming month, and equals the PIA at full retirement age', () => {
    fc.assert(
      fc.property(valid, (input) => {
        const r = runOnce(input);
        // The months that break a statement, asserted once (an expect per month cost more than the run).
        const failures: string[] = [];
        for (let k = 1; k < r.by_month.length; k++) {
          const [before, row] = [r.by_month[k - 1]!, r.by_month[k]!];
          if (!(row.monthly_benefit >= before.monthly_benefit))
            failures.push(`month ${k}: benefit ${row.monthly_benefit} < ${before.monthly_benefit}`);
          if (!(row.percent_of_pia > before.percent_of_pia))
            failures.push(`month ${k}: percent_of_pia ${row.percent_of_pia} <= ${before.percent_of_pia}`);
        }
        const fra = r.by_month.find((row) => row.months_from_full_retirement_age === 0)!;
        expect(fra.monthly_benefit).toBe(r.pia_monthly);
        for (const [k, row] of r.by_month.entries())
          if (!Object.is(Math.round(row.monthly_benefit * 10) / 10, row.monthly_benefit))
            failures.push(`month ${k}: benefit ${row.monthly_benefit} is not in dimes`);
        expect(failures).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  // An independent integer oracle: 5/9% = 60/10800 and 5/12% = 45/10800 a month, 2/3% = 72/10800; in dimes,
  // the reduction rounds up and the credit down.
  it('benefits match an integer-dime oracle for every claiming month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 792, max: 804 }),
        (dimes, fra) => {
          const pia = BigInt(dimes);
          const failures: string[] = [];
          for (let m = 744; m <= 840; m++) {
            const early = Math.max(0, fra - m);
            const late = Math.max(0, m - fra);
            const parts = BigInt(60 * Math.min(early, 36) + 45 * Math.max(0, early - 36));
            const expected =
              early > 0 ? pia - (pia * parts + 10_799n) / 10_800n : pia + (pia * BigInt(72 * late)) / 10_800n;
            const got = claimingBenefit(dimes / 10, m, fra)
              .monthlyBenefit.times(10)
              .toNumber();
            if (!Object.is(got, Number(expected))) failures.push(`month ${m}: ${got} dimes, not ${expected}`);
          }
          expect(failures).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('values are consistent: expected below certain-to-120, breakevens after the later claim', () => {
    fc.assert(
      fc.property(valid, (input) => {
        const r = runOnce(input);
        const to120 = runOnce({ ...input, longevity_age: 120 });
        r.claiming_ages.forEach((row, i) => {
          expect(row.expected_present_value!).toBeLessThanOrEqual(
            to120.claiming_ages[i]!.present_value + 0.01,
          );
          if (row.breakeven_age_vs_62 !== undefined)
            expect(row.breakeven_age_vs_62).toBeGreaterThanOrEqual(row.age);
          if (row.breakeven_age_vs_previous !== undefined) {
            expect(row.breakeven_age_vs_previous).toBeGreaterThanOrEqual(row.age);
          }
        });
        const best = r.claiming_ages.find((row) => row.age === r.lifetime_maximizing_age)!;
        for (const row of r.claiming_ages)
          expect(best.present_value).toBeGreaterThanOrEqual(row.present_value - 0.01);
        const p = r.mortality_weighted!.probability_alive_at_breakeven_62_vs_70;
        if (p !== undefined) expect(p >= 0 && p <= 1).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
