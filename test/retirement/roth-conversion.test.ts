import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RothConversionInput, rothConversion } from '../../src/retirement/roth-conversion';
import { calculationErrorOf } from '../helpers';

const run = (input: RothConversionInput) => rothConversion(input).result;
const cents = (dollars: number) => Math.round(dollars * 100);

// 2025 figures (Rev. Proc. 2024-40 as amended by OBBBA, from data/tax/federal/2025.json): standard
// deduction 15,750 single; 65+ additional 2,000 (unmarried); senior deduction 6,000; single brackets 10%
// to 11,925, 12% to 48,475, 22% to 103,350, 24% to 197,300. IRMAA 2026 (CMS): tier 0 up to 109,000 single.

/** 2025 single at 60 with 20,000 of pension, filling the 12% bracket until 75, horizon 90. */
const BASE: RothConversionInput = {
  tax_year: 2025,
  filing_status: 'single',
  current_age: 60,
  end_age: 90,
  birth_year: 1965,
  tax_deferred_balance: 800_000,
  roth_balance: 0,
  other_ordinary_income: 20_000,
  annual_return: 0.04,
  target_bracket: 0.12,
  conversion_end_age: 75,
};

describe('roth-conversion: hand calculations (2025)', () => {
  it('first year: bracket top + standard deduction - other income', () => {
    // 48,475 + 15,750 - 20,000 = 44,225 converted. Taxable income 48,475: tax 10% x 11,925 + 12% x
    // 36,550 = 1,192.50 + 4,386 = 5,578.50; without the conversion taxable income 4,250, tax 425: the
    // conversion adds 5,153.50, paid from it. End of year at 4%: tax-deferred (800,000 - 44,225) x 1.04 =
    // 786,006; Roth (44,225 - 5,153.50) x 1.04 = 40,634.36; baseline 832,000 and 0.
    const r = run(BASE);
    expect(r.bracket_ceiling).toBe(48_475);
    expect(r.first_year_conversion).toBe(44_225);
    expect(r.years[0]).toEqual({
      age: 60,
      year: 2025,
      rmd: 0,
      conversion: 44_225,
      conversion_tax: 5_153.5,
      federal_tax: 5_578.5,
      tax_deferred_balance: 786_006,
      roth_balance: 40_634.36,
      after_tax_wealth: 826_640.36,
      baseline_rmd: 0,
      baseline_federal_tax: 425,
      baseline_tax_deferred_balance: 832_000,
      baseline_roth_balance: 0,
      baseline_after_tax_wealth: 832_000,
    });
    // At 65 the 65+ amount (2,000) and the senior deduction (6,000) widen the room: 52,225.
    expect(r.years[5]?.conversion).toBe(52_225);
    // Born 1965: RMDs from 75, when conversions stop.
    expect(r.rmd_beginning_age).toBe(75);
    expect(r.years[14]?.rmd).toBe(0);
    expect(r.years[15]?.rmd).toBeGreaterThan(0);
    expect(r.years[15]?.conversion).toBe(0);
    expect(r.years).toHaveLength(30);
  });

  it('one RMD year: the RMD first, the conversion on top, and the heirs rate deciding the outcome', () => {
    // Born 1951, 74 in 2025 (RMDs from 73): RMD 255,000 / 25.5 = 10,000. Deductions 15,750 + 2,000 +
    // 6,000 = 23,750; filling the 10% bracket: 11,925 + 23,750 - 10,000 = 25,675 converted, tax 1,192.50
    // (none without it). Zero return: tax-deferred 255,000 - 10,000 - 25,675 = 219,325, Roth 25,675 -
    // 1,192.50 = 24,482.50; baseline 245,000. Net income 10,000 both ways (the RMD, untaxed either way
    // once the conversion's tax is charged to the conversion).
    const input: RothConversionInput = {
      tax_year: 2025,
      filing_status: 'single',
      current_age: 74,
      end_age: 75,
      birth_year: 1951,
      tax_deferred_balance: 255_000,
      roth_balance: 0,
      annual_return: 0,
      target_bracket: 0.1,
      conversion_end_age: 75,
    };
    const r = run(input);
    expect([r.years[0]?.rmd, r.years[0]?.conversion, r.years[0]?.conversion_tax]).toEqual([
      10_000, 25_675, 1_192.5,
    ]);
    expect(r.with_conversions).toEqual({
      lifetime_tax: 1_192.5,
      lifetime_net_income: 10_000,
      ending_tax_deferred_balance: 219_325,
      ending_roth_balance: 24_482.5,
      ending_after_tax_wealth: 243_807.5,
    });
    expect(r.baseline.ending_after_tax_wealth).toBe(245_000);
    expect([r.lifetime_tax_difference, r.advantage, r.breakeven_age]).toEqual([
      -1_192.5,
      -1_192.5,
      undefined,
    ]);
    // Heirs taxed at 12%: 219,325 x 0.88 + 24,482.50 = 217,488.50 against 245,000 x 0.88 = 215,600.
    const heirs = run({ ...input, heirs_tax_rate: 0.12 });
    expect([heirs.with_conversions.ending_after_tax_wealth, heirs.baseline.ending_after_tax_wealth]).toEqual([
      217_488.5, 215_600,
    ]);
    expect([heirs.advantage, heirs.breakeven_age, heirs.breakeven_year]).toEqual([1_888.5, 74, 2025]);
  });

  it('an IRMAA cap: MAGI held at the top of tier 0 (109,000 in 2026)', () => {
    // Filling the 24% bracket would convert 197,300 + 15,750 - 80,000 = 133,050; tier 0 caps MAGI at
    // 109,000, so 29,000.
    const input = { ...BASE, other_ordinary_income: 80_000, target_bracket: 0.24 };
    expect(run(input).first_year_conversion).toBe(133_050);
    expect(run({ ...input, irmaa_cap: { irmaa_year: 2026, max_tier: 0 } }).first_year_conversion).toBe(
      29_000,
    );
    // Already past the tier: no conversion.
    const past = { ...input, other_ordinary_income: 120_000, irmaa_cap: { irmaa_year: 2026, max_tier: 0 } };
    expect(run(past).first_year_conversion).toBe(0);
    // The top tier allows anything.
    expect(run({ ...input, irmaa_cap: { irmaa_year: 2026, max_tier: 5 } }).first_year_conversion).toBe(
      133_050,
    );
  });

  it('already above the target bracket: nothing converted', () => {
    // 90,000 of pension: taxable income 74,250 before 65 and 67,150 after (deductions 15,750 + 2,000 + 5,100).
    expect(run({ ...BASE, other_ordinary_income: 90_000 }).total_converted).toBe(0);
  });
});

describe('roth-conversion: owners born before 1950', () => {
  // Born 1941, 84 in 2025: born before July 1, 1949, so the beginning age is 70 1/2 (SECURE Act sec.
  // 114(d)), long past; the 2025 RMD uses the Uniform Lifetime Table of 26 CFR 1.401(a)(9)-9(c): 84 ->
  // 16.8, 100,000 / 16.8 = 5,952.380... -> 5,952.38. Zero return, no conversion: the next year starts
  // with 94,047.62, and at 85 (16.0) the RMD is 94,047.62 / 16.0 = 5,877.976... -> 5,877.98.
  const OLD: RothConversionInput = {
    tax_year: 2025,
    filing_status: 'single',
    current_age: 84,
    end_age: 86,
    birth_year: 1941,
    tax_deferred_balance: 100_000,
    roth_balance: 0,
    annual_return: 0,
    target_bracket: 0.1,
    conversion_end_age: 84,
  };
  it('born 1941: beginning age 70.5, RMDs 5,952.38 then 5,877.98', () => {
    const r = run(OLD);
    expect(r.rmd_beginning_age).toBe(70.5);
    expect(r.years.map((y) => [y.year, y.rmd, y.baseline_rmd])).toEqual([
      [2025, 5_952.38, 5_952.38],
      [2026, 5_877.98, 5_877.98],
    ]);
  });
  // Born 1949, 76 in 2025: past both 70 1/2 (births before July 1) and 72 (July-December), so the RMD is
  // certain, 100,000 / 23.7 = 4,219.409... -> 4,219.41; the beginning age itself depends on the birth date
  // and is omitted.
  it('born 1949: the RMD is certain (4,219.41), the beginning age omitted', () => {
    const r = run({ ...OLD, current_age: 76, end_age: 77, birth_year: 1949, conversion_end_age: 76 });
    expect(r.rmd_beginning_age).toBeUndefined();
    expect(r.years[0]?.rmd).toBe(4_219.41);
  });
});

describe('roth-conversion: bad input', () => {
  it('names the field', () => {
    const path = (input: unknown) => calculationErrorOf(rothConversion, input).issues[0]?.path;
    expect(path({ ...BASE, target_bracket: 0.37 })).toBe('target_bracket');
    expect(path({ ...BASE, target_bracket: 0.2 })).toBe('target_bracket');
    expect(path({ ...BASE, end_age: 60 })).toBe('end_age');
    expect(path({ ...BASE, conversion_end_age: 91 })).toBe('conversion_end_age');
    expect(path({ ...BASE, birth_year: 1964 })).toBe('birth_year');
    expect(path({ ...BASE, irmaa_cap: { irmaa_year: 2019, max_tier: 1 } })).toBe('irmaa_cap.irmaa_year');
    expect(path({ ...BASE, tax_year: 2030 })).toBe('tax_year');
  });
  it('ages no lifetime has are a 400 at once (the RMD year rule once looped forever on them)', () => {
    const path = (input: unknown) => calculationErrorOf(rothConversion, input).issues[0]?.path;
    expect(path({ ...BASE, current_age: -1.7e211 })).toBe('current_age');
    expect(path({ ...BASE, end_age: 1e300 })).toBe('end_age');
  });
  it('the schema refuses a target_bracket that is not a fillable bracket rate (the one schema finplan/testing draws from)', () => {
    // 2025 single brackets (data/tax/federal/2025.json): 10, 12, 22, 24, 32, 35 and the top 37%.
    expect(rothConversion.input.safeParse({ ...BASE, target_bracket: 0.2 }).success).toBe(false);
    expect(calculationErrorOf(rothConversion, { ...BASE, target_bracket: 0.37 }).issues).toEqual([
      {
        path: 'target_bracket',
        code: 'invalid_input',
        message:
          'must be the rate of a 2025 single bracket below the top one: one of 0.1, 0.12, 0.22, 0.24, 0.32, 0.35',
      },
    ]);
  });
});

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const inputs = fc
  .record({
    tax_year: fc.constantFrom(2024, 2025, 2026),
    filing_status: fc.constantFrom('single', 'mfj', 'mfs', 'hoh', 'qss' as const),
    current_age: fc.integer({ min: 50, max: 85 }),
    years: fc.integer({ min: 1, max: 30 }),
    converting: fc.integer({ min: 0, max: 30 }),
    tax_deferred_balance: money(3_000_000),
    roth_balance: money(500_000),
    other_ordinary_income: money(200_000),
    annual_return: fc.integer({ min: -500, max: 800 }).map((bp) => bp / 10_000),
    target_bracket: fc.constantFrom(0.1, 0.12, 0.22, 0.24, 0.32),
    heirs_tax_rate: fc.constantFrom(0, 0.12, 0.24, 0.32),
    irmaa_cap: fc.option(
      fc.record({ irmaa_year: fc.constantFrom(2025, 2026), max_tier: fc.integer({ min: 0, max: 5 }) }),
      {
        nil: undefined,
      },
    ),
  })
  .map(({ years, converting, ...rest }): RothConversionInput => {
    const end_age = Math.min(rest.current_age + years, 120);
    return {
      ...rest,
      end_age,
      conversion_end_age: Math.min(rest.current_age + converting, end_age),
      birth_year: rest.tax_year - rest.current_age,
    };
  });

describe('roth-conversion: properties', () => {
  it('conversions never exceed the balance; RMD + conversion within the start-of-year balance', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        let start = input.tax_deferred_balance;
        let converted = 0;
        for (const row of r.years) {
          expect(row.conversion).toBeGreaterThanOrEqual(0);
          expect(cents(row.conversion) + cents(row.rmd)).toBeLessThanOrEqual(cents(start));
          expect(row.conversion_tax).toBeLessThanOrEqual(row.conversion);
          expect(row.tax_deferred_balance).toBeGreaterThanOrEqual(0);
          if (row.age >= input.conversion_end_age) expect(row.conversion).toBe(0);
          converted += cents(row.conversion);
          start = row.tax_deferred_balance;
        }
        expect(cents(r.total_converted)).toBe(converted);
        expect(cents(r.first_year_conversion)).toBe(cents(r.years[0]?.conversion ?? Number.NaN));
      }),
      { numRuns: 60 },
    );
  });

  it('lifetime taxes are the sums of the yearly taxes; no conversion years means no difference', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        expect(cents(r.with_conversions.lifetime_tax)).toBe(
          r.years.reduce((s, y) => s + cents(y.federal_tax), 0),
        );
        expect(cents(r.baseline.lifetime_tax)).toBe(
          r.years.reduce((s, y) => s + cents(y.baseline_federal_tax), 0),
        );
        const none = run({ ...input, conversion_end_age: input.current_age });
        expect(none.total_converted).toBe(0);
        expect(none.with_conversions).toEqual(none.baseline);
        expect(none.advantage).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a higher bracket never converts less in the first year', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const low = run({ ...input, target_bracket: 0.12 });
        const high = run({ ...input, target_bracket: 0.22 });
        expect(high.first_year_conversion).toBeGreaterThanOrEqual(low.first_year_conversion);
      }),
      { numRuns: 40 },
    );
  });
});
