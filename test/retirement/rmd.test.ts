import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCalculationError } from '../../src/core/errors';
import { Dec } from '../../src/core/money';
import { type RmdInput, rmd } from '../../src/retirement/rmd';
import { calculationErrorOf } from '../helpers';

const run = (input: RmdInput) => rmd(input).result;

/**
 * The Uniform Lifetime Table, 26 CFR 1.401(a)(9)-9(c) (T.D. 9930, from 2022), IRS Publication 590-B
 * Appendix B Table III, written out by age here independently of data/ (row 120 is "120 and over").
 */
const TABLE_III: Record<number, number> = {
  72: 27.4,
  73: 26.5,
  74: 25.5,
  75: 24.6,
  76: 23.7,
  77: 22.9,
  78: 22.0,
  79: 21.1,
  80: 20.2,
  81: 19.4,
  82: 18.5,
  83: 17.7,
  84: 16.8,
  85: 16.0,
  86: 15.2,
  87: 14.4,
  88: 13.7,
  89: 12.9,
  90: 12.2,
  91: 11.5,
  92: 10.8,
  93: 10.1,
  94: 9.5,
  95: 8.9,
  96: 8.4,
  97: 7.8,
  98: 7.3,
  99: 6.8,
  100: 6.4,
  101: 6.0,
  102: 5.6,
  103: 5.2,
  104: 4.9,
  105: 4.6,
  106: 4.3,
  107: 4.1,
  108: 3.9,
  109: 3.7,
  110: 3.5,
  111: 3.4,
  112: 3.3,
  113: 3.1,
  114: 3.0,
  115: 2.9,
  116: 2.8,
  117: 2.7,
  118: 2.5,
  119: 2.3,
  120: 2.0,
};

describe('rmd: the Uniform Lifetime Table, every age 72-120', () => {
  const ages = Object.keys(TABLE_III).map(Number);
  it('covers 49 ages', () => {
    expect(ages).toHaveLength(49);
  });
  // Born 1950 (beginning age 72), so an RMD is due at every age of the table.
  it.each(ages)('age %i', (age) => {
    const result = run({ age, account_balance: 100_000, birth_year: 1950 });
    expect(result.rmd_required).toBe(true);
    expect(result.distribution_period).toBe(TABLE_III[age]);
    // 100,000 / divisor, half up to cents, in decimal.
    const expected = new Dec(100_000)
      .div(TABLE_III[age] as number)
      .toDecimalPlaces(2)
      .toNumber();
    expect(result.required_minimum_distribution).toBe(expected);
  });
  it('the rows that changed most: 84 -> 16.8, 107 -> 4.1, 108 -> 3.9', () => {
    expect(run({ age: 84, account_balance: 1, birth_year: 1950 }).distribution_period).toBe(16.8);
    expect(run({ age: 107, account_balance: 1, birth_year: 1950 }).distribution_period).toBe(4.1);
    expect(run({ age: 108, account_balance: 1, birth_year: 1950 }).distribution_period).toBe(3.9);
  });
});

describe('rmd: hand calculations', () => {
  // Born 1951: beginning age 73 (attains 72 in 2023, 73 in 2024, IRC 401(a)(9)(C)(v)(I)). First RMD year
  // 2024, required beginning date April 1, 2025. 2024 RMD on the 2023 year-end balance 262,000:
  // 262,000 / 26.5 = 9,886.792... -> 9,886.79, due by the required beginning date.
  it('born 1951, age 73: first RMD 262,000 / 26.5 = 9,886.79, due April 1, 2025', () => {
    expect(run({ age: 73, account_balance: 262_000, birth_year: 1951 })).toEqual({
      distribution_year: 2024,
      beginning_age: 73,
      first_rmd_year: 2024,
      required_beginning_date: '2025-04-01',
      rmd_required: true,
      distribution_period: 26.5,
      required_minimum_distribution: 9886.79,
      distribution_deadline: '2025-04-01',
    });
  });
  // Same owner a year later: 2025, age 74, 25.5; 250,000 / 25.5 = 9,803.921... -> 9,803.92, by Dec 31.
  it('the year after the first: due December 31', () => {
    const result = run({ age: 74, account_balance: 250_000, birth_year: 1951 });
    expect(result.required_minimum_distribution).toBe(9803.92);
    expect(result.distribution_deadline).toBe('2025-12-31');
    expect(result.required_beginning_date).toBe('2025-04-01');
  });
  // Born 1955 at 72 (2027): beginning age 73, so nothing is due; the first RMD year is 2028.
  it('before the beginning age the RMD is 0 and no divisor is given', () => {
    const result = run({ age: 72, account_balance: 500_000, birth_year: 1955 });
    expect(result).toEqual({
      distribution_year: 2027,
      beginning_age: 73,
      first_rmd_year: 2028,
      required_beginning_date: '2029-04-01',
      rmd_required: false,
      required_minimum_distribution: 0,
    });
  });
  // Born 1959: both clauses of 401(a)(9)(C)(v) read literally; 73 per the proposed regulations.
  it('born 1959: 73 (first RMD year 2032); born 1960: 75 (2035, beginning date 2036-04-01)', () => {
    expect(run({ age: 73, account_balance: 1000, birth_year: 1959 })).toMatchObject({
      beginning_age: 73,
      first_rmd_year: 2032,
      rmd_required: true,
    });
    const r1960 = run({ age: 74, account_balance: 1000, birth_year: 1960 });
    expect(r1960).toMatchObject({ beginning_age: 75, first_rmd_year: 2035, rmd_required: false });
    expect(r1960.required_beginning_date).toBe('2036-04-01');
    // At 75: 1,000 / 24.6 = 40.650... -> 40.65.
    expect(run({ age: 75, account_balance: 1000, birth_year: 1960 }).required_minimum_distribution).toBe(
      40.65,
    );
  });
  // Born 1950 (SECURE Act: age 72, attained in 2022): first RMD year 2022, beginning date April 1, 2023.
  it('born 1950: beginning age 72', () => {
    expect(run({ age: 72, account_balance: 27_400, birth_year: 1950 })).toMatchObject({
      beginning_age: 72,
      first_rmd_year: 2022,
      required_beginning_date: '2023-04-01',
      required_minimum_distribution: 1000, // 27,400 / 27.4
    });
  });
  // An exact half cent rounds up: 0.685 / 27.4 = 0.025 exactly -> 0.03 ; with whole cents, 2.00 / 16.0 at 85 = 0.125 -> 0.13.
  it('an exact half cent rounds half up (0.685 / 27.4 = 0.025 -> 0.03)', () => {
    expect(run({ age: 72, account_balance: 0.685, birth_year: 1950 }).required_minimum_distribution).toBe(
      0.03,
    );
    expect(run({ age: 85, account_balance: 2, birth_year: 1950 }).required_minimum_distribution).toBe(0.13);
  });
  it('a zero balance gives 0', () => {
    expect(run({ age: 80, account_balance: 0, birth_year: 1950 }).required_minimum_distribution).toBe(0);
  });
});

describe('rmd: owners born before 1950', () => {
  // Born 1941, age 84 in 2025, 100,000 on December 31, 2024. Born before July 1, 1949, the owner attained
  // 70 1/2 by 2019 at the latest (26 CFR 1.401(a)(9)-2, A-3: six calendar months after the 70th birthday,
  // so in 2011 or 2012) and keeps the old beginning age (SECURE Act sec. 114(d)); 2025 is long after the
  // first distribution year, and from 2022 every distribution year uses the Uniform Lifetime Table of
  // 26 CFR 1.401(a)(9)-9(c) (T.D. 9930): 84 -> 16.8. 100,000 / 16.8 = 5,952.380952... -> 5,952.38, due by
  // December 31, 2025. Which of 2011 and 2012 was the first distribution year needs the birth month, so
  // first_rmd_year and required_beginning_date are omitted.
  it('born 1941, age 84 in 2025: 100,000 / 16.8 = 5,952.38 (the issue example)', () => {
    expect(run({ age: 84, account_balance: 100_000, birth_year: 1941 })).toEqual({
      distribution_year: 2025,
      beginning_age: 70.5,
      rmd_required: true,
      distribution_period: 16.8,
      required_minimum_distribution: 5952.38,
      distribution_deadline: '2025-12-31',
    });
  });
  // T.D. 9930 (85 FR 72472), preamble, applicability date: an IRA owner who attained 70 1/2 in February
  // 2020 (born August 1949) attains 72 in August 2021, first distribution year 2021 (old table), and the
  // new table applies from the 2022 distribution calendar year. Born 1949 is 70 1/2 (January-June births)
  // or 72 (July-December, SECURE Act sec. 114): either way every year from 2022 is past the first, so the
  // 2022 RMD at 73 is certain: 265,000 / 26.5 = 10,000. The beginning age itself is not (omitted).
  it('born 1949, age 73 in 2022: 265,000 / 26.5 = 10,000, beginning age omitted', () => {
    expect(run({ age: 73, account_balance: 265_000, birth_year: 1949 })).toEqual({
      distribution_year: 2022,
      rmd_required: true,
      distribution_period: 26.5,
      required_minimum_distribution: 10_000,
      distribution_deadline: '2022-12-31',
    });
  });
  it('born 1948, age 74 in 2022 (the first year of the table): 25.5', () => {
    expect(run({ age: 74, account_balance: 2_550, birth_year: 1948 })).toMatchObject({
      beginning_age: 70.5,
      distribution_period: 25.5,
      required_minimum_distribution: 100,
    });
  });
  // Born 1902, 120 in 2022: the "120 and over" row, 2.0.
  it('born 1902, age 120 in 2022: 2.0', () => {
    expect(run({ age: 120, account_balance: 1_000, birth_year: 1902 }).required_minimum_distribution).toBe(
      500,
    );
  });
  // Before 70 (the earliest age attained by December 31 of a year in which 70 1/2 can be reached) no RMD
  // is due, whatever the table of the year.
  it('before 70 nothing is due (born 1948, age 69 in 2017)', () => {
    expect(run({ age: 69, account_balance: 500_000, birth_year: 1948 })).toEqual({
      distribution_year: 2017,
      beginning_age: 70.5,
      rmd_required: false,
      required_minimum_distribution: 0,
    });
  });
  // Refused: an RMD is or may be due in a distribution year before 2022, whose table (the 2002 Uniform
  // Lifetime Table) finplan does not hold; 1949 at 70-72 is also split by the birth date.
  it.each([
    [1949, 72, 2021],
    [1949, 70, 2019],
    [1948, 70, 2018],
    [1941, 80, 2021],
    [1900, 120, 2020],
  ])('born %i, age %i (distribution year %i) is a 400 naming birth_year', (birth_year, age, year) => {
    const error = calculationErrorOf(rmd, { age, account_balance: 1000, birth_year });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]?.path).toBe('birth_year');
    expect(error.message).toContain(`distribution year ${year}`);
    expect(error.message).toContain('2022');
  });
  it('birth years outside 1900-2100 are a 400 naming birth_year', () => {
    for (const birth_year of [1899, 2101])
      expect(calculationErrorOf(rmd, { age: 10, account_balance: 1, birth_year }).issues[0]?.path).toBe(
        'birth_year',
      );
  });
});

describe('rmd: bad input', () => {
  it('a negative balance or an unknown field is a 400', () => {
    expect(calculationErrorOf(rmd, { age: 80, account_balance: -1, birth_year: 1950 }).issues[0]?.path).toBe(
      'account_balance',
    );
    expect(
      calculationErrorOf(rmd, { age: 80, account_balance: 1, birth_year: 1950, spouse_age: 60 }).issues[0]
        ?.path,
    ).toBe('spouse_age');
  });
});

describe('rmd: ages no lifetime has', () => {
  it('are a 400 naming age, at once (the RMD year rule once looped forever on age -1.7e211)', () => {
    // Found by test/core/fast-parse.test.ts: zod runs the year rule even when age failed its bounds, and
    // the rule stepped through ages one by one; -1.7e211 + 1 is -1.7e211, so the request never returned.
    for (const age of [-1.6992130048277603e211, 1e300, -1, 2.5, 121]) {
      expect(
        calculationErrorOf(rmd, { age, account_balance: 1574.69, birth_year: 1984 }).issues[0]?.path,
      ).toBe('age');
    }
  });
});

describe('rmd: the beginning ages in the descriptions come from the data', () => {
  // IRC 401(a)(9)(C): 70 1/2 kept by those who attained it by December 31, 2019 (born before July 1, 1949;
  // SECURE Act sec. 114(d)), 72 for those who attain 70 1/2 after 2019 and 72 before 2023 (born July 1,
  // 1949 - 1950; sec. 114 and SECURE 2.0 sec. 107(e)), 73 for those who attain 72 after 2022 and 73 before
  // 2033 (born 1951-1959), 75 for those who attain 74 after 2032 (born 1960 on; SECURE 2.0 sec. 107(c)).
  // The descriptions state the rows of data/tax/statutory-ages.json, generated.
  it('the request, result and operation descriptions read the same rows', () => {
    const text =
      '70 1/2 for births before July 1949, 72 for July 1949-1950, 73 for 1951-1959, 75 for 1960 or later';
    expect(rmd.description).toContain(`at age ${text} (IRC 401(a)(9)(C)`);
    const described = JSON.stringify(z.toJSONSchema(rmd.input as z.ZodMiniType, { io: 'input' }));
    expect(described).toContain(`sets the beginning age: ${text}.`);
    const output = JSON.stringify(z.toJSONSchema(rmd.output as z.ZodMiniType));
    expect(output).toContain(': 70.5, 72, 73 or 75 (70.5: age 70 1/2');
    expect(output).toContain('Omitted for 1949, which the birth date splits');
  });
});

describe('rmd: properties', () => {
  const input = fc.record({
    age: fc.integer({ min: 0, max: 120 }),
    account_balance: fc.integer({ min: 0, max: 10_000_000_000 }).map((cents) => cents / 100),
    birth_year: fc.integer({ min: 1900, max: 2100 }),
  });
  /** The result, or the CalculationError of a refused year. */
  const outcome = (i: RmdInput) => {
    try {
      return { result: run(i) };
    } catch (error) {
      if (isCalculationError(error)) return { error };
      throw error;
    }
  };
  it('the RMD is the balance over the divisor to the cent (integer cents, decimal), never negative, and 0 exactly when not required', () => {
    fc.assert(
      fc.property(input, (i) => {
        const { result: r } = outcome(i);
        if (r === undefined) return true;
        if (!r.rmd_required)
          return (
            r.required_minimum_distribution === 0 &&
            (r.beginning_age === undefined || i.age < r.beginning_age)
          );
        const cents = new Dec(i.account_balance)
          .div(r.distribution_period as number)
          .times(100)
          .toDecimalPlaces(0);
        return (
          new Dec(r.required_minimum_distribution).times(100).eq(cents) &&
          r.required_minimum_distribution >= 0 &&
          (r.beginning_age === undefined || i.age >= r.beginning_age) &&
          r.distribution_year >= 2022
        );
      }),
    );
  });
  // Every refusal is a 400 naming birth_year, about a distribution year before 2022 (T.D. 9930's table
  // applies from 2022), for an owner born before 1950, at 70 or later (the earliest age in whose year 70 1/2
  // can fall); and every such year is refused.
  it('refusals name birth_year and are exactly the years before 2022 from age 70 of births before 1950', () => {
    fc.assert(
      fc.property(input, (i) => {
        const { result, error } = outcome(i);
        const year = i.birth_year + i.age;
        const refused = i.birth_year < 1950 && i.age >= 70 && year < 2022;
        if (!refused) return result !== undefined;
        return (
          error !== undefined &&
          error.code === 'unsupported_year' &&
          error.issues.length === 1 &&
          error.issues[0]?.path === 'birth_year' &&
          error.message.includes(`distribution year ${year}`)
        );
      }),
    );
  });
  // Born before 1950, every distribution year from 2022 is past both old beginning ages (70 1/2 and 72).
  it('owners born before 1950 owe an RMD in every year from 2022', () => {
    fc.assert(
      fc.property(input, (i) => {
        const birth_year = 1900 + (i.birth_year % 50);
        const age = Math.max(i.age, 2022 - birth_year);
        if (age > 120) return true;
        const r = run({ ...i, birth_year, age });
        return r.rmd_required && r.distribution_deadline === `${birth_year + age}-12-31`;
      }),
    );
  });
  it('the divisor falls with age, so the RMD of a given balance never falls with age', () => {
    fc.assert(
      fc.property(input, (i) => {
        const a = run({ ...i, birth_year: 1950, age: Math.max(72, Math.min(i.age, 119)) });
        const b = run({ ...i, birth_year: 1950, age: Math.max(72, Math.min(i.age, 119)) + 1 });
        return (
          (b.distribution_period as number) < (a.distribution_period as number) &&
          b.required_minimum_distribution >= a.required_minimum_distribution
        );
      }),
    );
  });
});
