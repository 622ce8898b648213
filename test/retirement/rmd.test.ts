import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
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

describe('rmd: bad input', () => {
  it('birth years before 1950 are a 400 naming birth_year', () => {
    const error = calculationErrorOf(rmd, { age: 80, account_balance: 1000, birth_year: 1949 });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('birth_year');
  });
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

describe('rmd: the beginning ages in the descriptions come from the data', () => {
  // IRC 401(a)(9)(C)(v) (SECURE 2.0 sec. 107(c)): 73 for those who attain 72 after 2022 and 73 before
  // 2033 (born 1951-1959), 75 for those who attain 74 after 2032 (born 1960 on); 72 for 1950 (SECURE
  // 1.0 sec. 114). The descriptions state the rows of data/tax/statutory-ages.json, generated.
  it('the request, result and operation descriptions read the same rows', () => {
    const text = '72 for 1950, 73 for 1951-1959, 75 for 1960 or later';
    expect(rmd.description).toContain(`at age ${text} (IRC 401(a)(9)(C)`);
    const described = JSON.stringify(z.toJSONSchema(rmd.input as z.ZodMiniType, { io: 'input' }));
    expect(described).toContain(`sets the beginning age: ${text}.`);
    expect(JSON.stringify(z.toJSONSchema(rmd.output as z.ZodMiniType))).toContain(': 72, 73 or 75.');
  });
});

describe('rmd: properties', () => {
  const input = fc.record({
    age: fc.integer({ min: 0, max: 120 }),
    account_balance: fc.integer({ min: 0, max: 10_000_000_000 }).map((cents) => cents / 100),
    birth_year: fc.integer({ min: 1950, max: 2100 }),
  });
  it('the RMD is the balance over the divisor to the cent, and 0 exactly when not required', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        if (!r.rmd_required) return r.required_minimum_distribution === 0 && i.age < r.beginning_age;
        const exact = new Dec(i.account_balance).div(r.distribution_period as number).toDecimalPlaces(2);
        return r.required_minimum_distribution === exact.toNumber() && i.age >= r.beginning_age;
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
