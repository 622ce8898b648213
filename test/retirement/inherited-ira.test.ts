import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { type InheritedIraInput, inheritedIra } from '../../src/retirement/inherited-ira';
import { householdTax } from '../../src/tax/engine';
import { calculationErrorOf } from '../helpers';

const run = (input: InheritedIraInput) => inheritedIra(input).result;
const strategy = (result: ReturnType<typeof run>, name: string) =>
  result.strategies.find((s) => s.strategy === name) as ReturnType<typeof run>['strategies'][number];

const base = {
  inherited_balance: 100_000,
  account_growth_rate: 0,
  tax_year: 2025,
  filing_status: 'single',
  other_income: 50_000,
  target_bracket: 0.22,
} as const;

// The case worked by hand, every strategy. 2025, single (Rev. Proc. 2024-40 brackets: 10% to 11,925, 12% to
// 48,475, 22% to 103,350, 24% to 197,300; standard deduction 15,750 after Pub. L. 119-21), other income
// 50,000, 100,000 inherited, growth 0, target bracket 22%. Other income alone: taxable 50,000 - 15,750 =
// 34,250, tax 10% x 11,925 + 12% x 22,325 = 1,192.50 + 2,679 = 3,871.50.
//
// - even: 100,000 / 10 = 10,000 a year (at 0% the level withdrawal is the balance over the years left).
//   Taxable 44,250, still in the 12% bracket: 1,200 a year, 12,000 in all.
// - bracket_fill: room to the top of 22%: 103,350 - 34,250 = 69,100. Year 1 withdraws 69,100: taxable
//   103,350, tax 1,192.50 + 12% x 36,550 (4,386) + 22% x 54,875 (12,072.50) = 17,651, added 13,779.50.
//   Year 2 takes the 30,900 left: taxable 65,150, tax 1,192.50 + 4,386 + 22% x 16,675 (3,668.50) = 9,247,
//   added 5,375.50. Total 19,155.
// - defer: 100,000 in year 10: taxable 134,250, tax 17,651 + 24% x 30,900 (7,416) = 25,067, added 21,195.50.
// - immediate: 100,000 in year 1: the same 21,195.50.
// At 0% growth the future value of taxes is their sum; even is the lowest (12,000). defer and immediate tie;
// a tie goes to the earlier strategy in the order even, bracket_fill, defer, immediate.
describe('inherited-ira: one case by hand, every strategy', () => {
  const r = run(base);
  it('the ten years and the bracket-fill amount', () => {
    expect(r.years).toBe(10);
    expect(r.final_year).toBe(2034);
    expect(r.annual_rmds).toBe(false);
    expect(r.first_year_life_expectancy).toBeUndefined();
    expect(r.bracket_fill_amount).toBe(69_100);
    // The fill lands exactly on the top of the 22% bracket.
    const filled = householdTax({ tax_year: 2025, filing_status: 'single', ordinary_income: 119_100 });
    expect(filled.taxable_income.toNumber()).toBe(103_350);
  });
  it('even: 10,000 a year, 1,200 of tax a year', () => {
    const s = strategy(r, 'even');
    expect(s.rows.map((row) => row.withdrawal)).toEqual(Array(10).fill(10_000));
    expect(s.rows.map((row) => row.tax)).toEqual(Array(10).fill(1200));
    expect([s.total_withdrawn, s.total_tax, s.future_value_of_taxes]).toEqual([100_000, 12_000, 12_000]);
  });
  it('bracket_fill: 69,100 then 30,900; 13,779.50 + 5,375.50', () => {
    const s = strategy(r, 'bracket_fill');
    expect(s.rows.slice(0, 3).map((row) => [row.withdrawal, row.tax])).toEqual([
      [69_100, 13_779.5],
      [30_900, 5375.5],
      [0, 0],
    ]);
    expect(s.total_tax).toBe(19_155);
  });
  it('defer and immediate: 21,195.50 each, in year 10 and year 1', () => {
    expect(strategy(r, 'defer').rows[9]).toMatchObject({ year: 2034, withdrawal: 100_000, tax: 21_195.5 });
    expect(strategy(r, 'defer').rows[0]?.withdrawal).toBe(0);
    expect(strategy(r, 'immediate').rows[0]).toMatchObject({
      year: 2025,
      withdrawal: 100_000,
      tax: 21_195.5,
    });
    expect(strategy(r, 'immediate').future_value_of_taxes).toBe(21_195.5);
  });
  it('recommends even', () => {
    expect(r.recommendation).toBe('even');
  });
});

// The same case with annual RMDs: the year-1 RMD 4,000 gives a life expectancy of 100,000 / 4,000 = 25.
// At 0% growth year k's RMD is (100,000 - 4,000 (k - 1)) / (25 - (k - 1)) = 4,000 for k = 1..9.
// - defer: 4,000 in each of years 1-9 (taxable 38,250: 12%, 480 a year, 4,320) and the 64,000 left in year
//   10 (taxable 98,250: 1,192.50 + 4,386 + 22% x 49,775 = 16,529, added 12,657.50): 16,977.50 in all.
// - even (10,000), bracket_fill (69,100, then 30,900 against an RMD of 30,900 / 24 = 1,287.50) and
//   immediate already take more than the RMD: unchanged.
describe('inherited-ira: annual RMDs in years 1-9 (annual_rmd_floor)', () => {
  const r = run({ ...base, annual_rmd_floor: 4000 });
  it('the RMD path and defer', () => {
    expect(r.annual_rmds).toBe(true);
    expect(r.first_year_life_expectancy).toBe(25);
    const defer = strategy(r, 'defer');
    expect(defer.rows.map((row) => row.required_minimum)).toEqual([...Array(9).fill(4000), 0]);
    expect(defer.rows.map((row) => row.withdrawal)).toEqual([...Array(9).fill(4000), 64_000]);
    expect(defer.total_tax).toBe(16_977.5);
  });
  it('the other strategies are unchanged; even is still recommended', () => {
    expect(strategy(r, 'even').total_tax).toBe(12_000);
    expect(strategy(r, 'bracket_fill').rows[1]).toMatchObject({
      required_minimum: 1287.5,
      withdrawal: 30_900,
    });
    expect(strategy(r, 'bracket_fill').total_tax).toBe(19_155);
    expect(strategy(r, 'immediate').total_tax).toBe(21_195.5);
    expect(r.recommendation).toBe('even');
  });
  // 10,000 inherited, a year-1 RMD of 2,500: life expectancy 4, so year 2 divides by 3, year 3 by 2 and
  // year 4 (divisor 1) takes the rest: 2,500, 7,500 / 3 = 2,500, 5,000 / 2 = 2,500, 2,500.
  it('a short life expectancy empties the account when the divisor reaches 1', () => {
    const d = strategy(run({ ...base, inherited_balance: 10_000, annual_rmd_floor: 2500 }), 'defer');
    expect(d.rows.slice(0, 5).map((row) => row.withdrawal)).toEqual([2500, 2500, 2500, 2500, 0]);
  });
});

// With 5% growth (cents credited each year, half up): immediate pays 21,195.50 at the start of year 1,
// carried 10 years: 21,195.50 x 1.05^10 = 34,525.236... -> 34,525.24. defer: 100,000 grows to 105,000,
// 110,250, 115,762.50, 121,550.63, 127,628.16, 134,009.57, 140,710.05, 147,745.55, 155,132.83 at the
// start of year 10; taxable 189,382.83, tax 17,651 + 24% x 86,032.83 = 38,298.8792, added 34,427.38,
// carried one year: 36,148.749 -> 36,148.75.
describe('inherited-ira: growth', () => {
  const r = run({ ...base, account_growth_rate: 0.05 });
  it('immediate and defer by hand', () => {
    expect(strategy(r, 'immediate').future_value_of_taxes).toBe(34_525.24);
    const defer = strategy(r, 'defer');
    expect(defer.rows[9]).toMatchObject({
      start_balance: 155_132.83,
      withdrawal: 155_132.83,
      tax: 34_427.38,
    });
    expect(defer.total_growth).toBe(55_132.83);
    expect(defer.future_value_of_taxes).toBe(36_148.75);
  });
});

describe('inherited-ira: bad input', () => {
  it('a target_bracket that is not a rate below the top is a 400 naming it', () => {
    for (const target_bracket of [0.2, 0.37]) {
      const error = calculationErrorOf(inheritedIra, { ...base, target_bracket });
      expect(error.code).toBe('invalid_input');
      expect(error.issues[0]?.path).toBe('target_bracket');
    }
  });
  it('the schema refuses a target_bracket that is not a fillable bracket rate (the one schema finplan/testing draws from)', () => {
    // 2025 single brackets (data/tax/federal/2025.json): 10, 12, 22, 24, 32, 35 and the top 37%.
    expect(inheritedIra.input.safeParse({ ...base, target_bracket: 0.2 }).success).toBe(false);
    expect(calculationErrorOf(inheritedIra, { ...base, target_bracket: 0.37 }).issues).toEqual([
      {
        path: 'target_bracket',
        code: 'invalid_input',
        message:
          'must be one of the 2025 single bracket rates below the top: 0.1, 0.12, 0.22, 0.24, 0.32, 0.35',
      },
    ]);
  });
  it('an RMD floor above 0 and below a cent is a 400 (balance / floor overflowed to Infinity: a 500)', () => {
    // Found by finplan/testing's extreme values: first_year_life_expectancy = 100,000 / 3e-323.
    for (const annual_rmd_floor of [3e-323, 0.009]) {
      const error = calculationErrorOf(inheritedIra, { ...base, annual_rmd_floor });
      expect([error.code, error.issues[0]?.path]).toEqual(['invalid_input', 'annual_rmd_floor']);
    }
    // 0 still means no annual RMDs; a cent gives a (large) finite divisor: 100,000 / 0.01.
    expect(run({ ...base, annual_rmd_floor: 0 }).annual_rmds).toBe(false);
    expect(run({ ...base, annual_rmd_floor: 0.01 }).first_year_life_expectancy).toBe(10_000_000);
  });
  it('an RMD above the balance, an unsupported year, a bad status are 400s naming the field', () => {
    expect(calculationErrorOf(inheritedIra, { ...base, annual_rmd_floor: 100_001 }).issues[0]?.path).toBe(
      'annual_rmd_floor',
    );
    const year = calculationErrorOf(inheritedIra, { ...base, tax_year: 2023 });
    expect([year.code, year.issues[0]?.path]).toEqual(['unsupported_year', 'tax_year']);
    expect(calculationErrorOf(inheritedIra, { ...base, filing_status: 'joint' }).issues[0]?.path).toBe(
      'filing_status',
    );
  });
});

describe('inherited-ira: properties', () => {
  const input = fc
    .record(
      {
        inherited_balance: fc.integer({ min: 0, max: 300_000_000 }).map((c) => c / 100),
        account_growth_rate: fc.integer({ min: -200, max: 150 }).map((p) => p / 1000),
        tax_year: fc.integer({ min: 2024, max: 2026 }),
        filing_status: fc.constantFrom('single', 'mfj', 'mfs', 'hoh', 'qss'),
        other_income: fc.integer({ min: 0, max: 40_000_000 }).map((c) => c / 100),
        target_bracket: fc.constantFrom(0.1, 0.12, 0.22, 0.24, 0.32, 0.35),
        annual_rmd_floor: fc.option(
          fc.integer({ min: 0, max: 1000 }).map((p) => p / 1000),
          { nil: undefined },
        ),
      },
      {
        requiredKeys: [
          'inherited_balance',
          'account_growth_rate',
          'tax_year',
          'filing_status',
          'other_income',
        ],
      },
    )
    .map((i) => ({
      ...i,
      target_bracket: i.target_bracket ?? 0.22,
      // The floor as a share of the balance, in cents.
      annual_rmd_floor:
        i.annual_rmd_floor === undefined
          ? undefined
          : Math.floor(i.inherited_balance * i.annual_rmd_floor * 100) / 100,
    }));
  it('every strategy withdraws the balance and its growth, to the cent, and ends empty', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        return r.strategies.every((s) => {
          const withdrawn = s.rows.reduce((sum, row) => sum.plus(row.withdrawal), new Dec(0));
          const last = s.rows[s.rows.length - 1];
          return (
            s.rows.length === 10 &&
            withdrawn.eq(s.total_withdrawn) &&
            new Dec(i.inherited_balance).plus(s.total_growth).eq(s.total_withdrawn) &&
            last?.end_balance === 0 &&
            s.rows.every((row) => row.withdrawal >= row.required_minimum && row.tax >= 0)
          );
        });
      }),
      { numRuns: 60 },
    );
  });
  it('the withdrawals carried to the end of year 10 equal the balance grown 10 years (within rounding)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const g = i.account_growth_rate;
        const grown = i.inherited_balance * (1 + g) ** 10;
        return r.strategies.every((s) => {
          const fv = s.rows.reduce((sum, row, k) => sum + row.withdrawal * (1 + g) ** (10 - k), 0);
          // Each year's growth is rounded to the cent: at most half a cent a year, carried forward.
          let slack = 0;
          for (let j = 0; j < 10; j++) slack += 0.005 * (1 + g) ** j;
          return Math.abs(fv - grown) <= slack + 1e-9 * grown;
        });
      }),
      { numRuns: 60 },
    );
  });
  it('the recommendation is the argmin of the future value of taxes (first on ties)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const values = r.strategies.map((s) => s.future_value_of_taxes);
        const min = Math.min(...values);
        return r.recommendation === r.strategies[values.indexOf(min)]?.strategy;
      }),
      { numRuns: 60 },
    );
  });
});
