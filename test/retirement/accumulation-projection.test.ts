import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccumulationProjectionInput,
  accumulationProjection,
} from '../../src/retirement/accumulation-projection';
import { inputArbitrary } from '../../src/testing/index';
import { calculationErrorOf } from '../helpers';

const result = (input: AccumulationProjectionInput) => accumulationProjection(input).result;
const cents = (dollars: number) => Math.round(dollars * 100);

/** Three accounts, two of them matched dollar for dollar up to 6,000 of contributions; 10% everything. */
const THREE: AccumulationProjectionInput = {
  accounts: [
    { name: '401k', current_balance: 10_000, annual_contribution: 6_000, receives_match: true },
    { name: 'roth 401k', current_balance: 5_000, annual_contribution: 2_000, receives_match: true },
    { name: 'ira', current_balance: 20_000, annual_contribution: 7_000 },
  ],
  escalation_rate: 0.1,
  employer_match_rate: 1,
  employer_match_limit: 6_000,
  expected_return: 0.1,
  return_volatility: 0.2,
  inflation: 0.1,
  years: 2,
};

describe('accumulation-projection: hand calculations', () => {
  it('three accounts, escalation, a capped match shared in proportion', () => {
    // Year 1: contributions 6,000 / 2,000 / 7,000. Matched 8,000, capped at 6,000, x 100% = 6,000 of
    //   match, shared 6:2 -> 4,500 / 1,500. Balances: 10,000 x 1.1 + 6,000 + 4,500 = 21,500;
    //   5,000 x 1.1 + 2,000 + 1,500 = 9,000; 20,000 x 1.1 + 7,000 = 29,000. Total 59,500.
    // Year 2: contributions x 1.1 = 6,600 / 2,200 / 7,700. Matched 8,800 -> 6,000 of match -> 4,500 /
    //   1,500. 21,500 x 1.1 + 6,600 + 4,500 = 34,750; 9,000 x 1.1 + 2,200 + 1,500 = 13,600;
    //   29,000 x 1.1 + 7,700 = 39,600. Total 87,950.
    // Real (1.1^2 = 1.21): 34,750 / 1.21 = 28,719.01; 13,600 / 1.21 = 11,239.67;
    //   39,600 / 1.21 = 32,727.27; total 72,685.95.
    const r = result(THREE);
    expect(r.yearly.map((y) => y.account_balances)).toEqual([
      [21_500, 9_000, 29_000],
      [34_750, 13_600, 39_600],
    ]);
    expect(r.yearly.map((y) => [y.contributions, y.employer_match, y.balance])).toEqual([
      [15_000, 6_000, 59_500],
      [16_500, 6_000, 87_950],
    ]);
    expect(r.accounts.map((a) => a.ending_balance_real)).toEqual([28_719.01, 11_239.67, 32_727.27]);
    expect(r.accounts[0]).toEqual({
      name: '401k',
      ending_balance: 34_750,
      ending_balance_real: 28_719.01,
      total_contributions: 12_600,
      total_employer_match: 9_000,
      // 34,750 - 10,000 - 12,600 - 9,000 = 3,150 (1,000 in year 1, 2,150 in year 2)
      total_growth: 3_150,
    });
    expect(r.total).toEqual({
      starting_balance: 35_000,
      ending_balance: 87_950,
      ending_balance_real: 72_685.95,
      total_contributions: 31_500,
      total_employer_match: 12_000,
      // 87,950 - 35,000 - 31,500 - 12,000
      total_growth: 9_450,
    });
    expect(r.simulation).toBeUndefined();
  });

  it('the TSDoc example: one matched account', () => {
    // 10,000 x 1.05 + 6,000 + 50% x 6,000 = 19,500; 19,500 x 1.05 + 9,000 = 29,475; / 1.02^2 = 28,330.45
    const r = result({
      accounts: [{ name: '401k', current_balance: 10_000, annual_contribution: 6_000, receives_match: true }],
      employer_match_rate: 0.5,
      employer_match_limit: 6_000,
      expected_return: 0.05,
      return_volatility: 0.15,
      inflation: 0.02,
      years: 2,
    });
    expect(r.total.ending_balance).toBe(29_475);
    expect(r.total.ending_balance_real).toBe(28_330.45);
    expect(r.total.total_employer_match).toBe(6_000);
  });

  it('deposits are whole cents; the match is shared in cents that add up (largest remainder)', () => {
    // Year 1: 6,000 and 1,000.01 matched: 7,000.01 capped at 6,000 x 50% = 3,000.00 of match.
    //   Exact shares in cents: 300,000 x 6,000 / 7,000.01 = 257,142.49 and
    //   300,000 x 1,000.01 / 7,000.01 = 42,857.51: floors 257,142 + 42,857 leave 1 cent, which goes
    //   to the larger remainder (.51): 2,571.42 and 428.58.
    // Year 2 (3% escalation): 1,000.01 x 1.03 = 1,030.0103 -> 1,030.01; 6,000 x 1.03 = 6,180.
    const r = result({
      accounts: [
        { name: 'a', current_balance: 0, annual_contribution: 6_000, receives_match: true },
        { name: 'b', current_balance: 0, annual_contribution: 1_000.01, receives_match: true },
      ],
      escalation_rate: 0.03,
      employer_match_rate: 0.5,
      employer_match_limit: 6_000,
      expected_return: 0,
      return_volatility: 0,
      inflation: 0,
      years: 2,
    });
    expect(r.yearly[0]!.account_balances).toEqual([8_571.42, 1_428.59]);
    expect(r.yearly[1]!.contributions).toBe(7_210.01);
    // Three equal matched contributions share 100.00: 33.34, 33.33, 33.33 (ties to the earlier one).
    const three = result({
      accounts: ['x', 'y', 'z'].map((name) => ({
        name,
        current_balance: 0,
        annual_contribution: 100,
        receives_match: true,
      })),
      employer_match_rate: 1,
      employer_match_limit: 100,
      expected_return: 0,
      return_volatility: 0,
      inflation: 0,
      years: 1,
    });
    expect(three.yearly[0]!.account_balances).toEqual([133.34, 133.33, 133.33]);
  });

  it('no match without receives_match or with a zero limit', () => {
    const unmatched = result({
      ...THREE,
      accounts: THREE.accounts.map((a) => ({ ...a, receives_match: false })),
    });
    expect(unmatched.total.total_employer_match).toBe(0);
    expect(result({ ...THREE, employer_match_limit: 0 }).total.total_employer_match).toBe(0);
  });

  it('zero volatility: every simulated path is the deterministic projection', () => {
    // With sigma = 0 the gross return is exp(ln 1.1) = 1.1 (to an ulp): the ending total is 87,950.
    const r = result({ ...THREE, return_volatility: 0, num_simulations: 5 });
    const { ending_total, ending_total_real } = r.simulation!;
    for (const value of Object.values(ending_total)) expect(value).toBe(87_950);
    for (const value of Object.values(ending_total_real)) expect(value).toBe(72_685.95);
    expect(r.simulation!.mean_ending_total).toBe(87_950);
  });

  it('the simulated mean matches the expected value E[total] = the deterministic projection', () => {
    // E[G] = 1 + mu and years are independent, so E[total] follows the deterministic recursion.
    // 20,000 paths of 20 years at sigma 15%: the sample mean's standard error is about 0.3% here.
    const input = {
      accounts: [{ name: 'k', current_balance: 100_000, annual_contribution: 10_000 }],
      expected_return: 0.06,
      return_volatility: 0.15,
      inflation: 0.02,
      years: 20,
      num_simulations: 20_000,
      seed: 7,
    };
    const r = result(input);
    const expected = r.total.ending_balance;
    expect(Math.abs(r.simulation!.mean_ending_total / expected - 1)).toBeLessThan(0.01);
    // Volatility drag: the median is below the mean.
    expect(r.simulation!.ending_total.p50).toBeLessThan(r.simulation!.mean_ending_total);
  });
});

describe('accumulation-projection: properties', () => {
  // Planner-sized amounts: a JSON number (float64) holds whole cents exactly only below 2^53 cents
  // (about 90 trillion dollars), so the cent-exact sums are checked where results stay below that.
  const dollars = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  const account = fc.record({
    name: fc.string({ minLength: 1, maxLength: 8 }),
    current_balance: dollars(10_000_000),
    annual_contribution: dollars(100_000),
    receives_match: fc.boolean(),
  });
  const inputs = inputArbitrary(
    accumulationProjection,
    {
      accounts: fc.uniqueArray(account, { minLength: 1, maxLength: 6, selector: (a) => a.name }),
      expected_return: fc.double({ min: -0.5, max: 0.15, noNaN: true }),
      employer_match_limit: dollars(50_000),
      num_simulations: fc.constant(0),
      years: fc.integer({ min: 1, max: 40 }),
    },
    { extremes: true },
  );

  it('every total adds up to the cent', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = result(input);
        for (const year of r.yearly) {
          expect(cents(year.balance)).toBe(year.account_balances.reduce((a, b) => a + cents(b), 0));
        }
        for (const key of ['ending_balance', 'total_contributions', 'total_employer_match'] as const) {
          expect(cents(r.total[key])).toBe(r.accounts.reduce((a, b) => a + cents(b[key]), 0));
        }
        expect(cents(r.total.total_contributions)).toBe(
          r.yearly.reduce((a, y) => a + cents(y.contributions), 0),
        );
        expect(cents(r.total.total_employer_match)).toBe(
          r.yearly.reduce((a, y) => a + cents(y.employer_match), 0),
        );
        for (const a of r.accounts) {
          expect(cents(a.total_growth)).toBe(
            cents(a.ending_balance) -
              cents(a.total_contributions) -
              cents(a.total_employer_match) -
              cents(input.accounts.find((x) => x.name === a.name)!.current_balance),
          );
        }
        // The match never exceeds rate x limit in a year.
        for (const y of r.yearly) {
          expect(y.employer_match).toBeLessThanOrEqual(
            Math.round((input.employer_match_rate ?? 0) * (input.employer_match_limit ?? 0) * 100 + 1) / 100,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('more saved never means less at the end', () => {
    fc.assert(
      fc.property(inputs, fc.nat({ max: 3 }), fc.integer({ min: 1, max: 50_000 }), (input, which, more) => {
        const i = which % input.accounts.length;
        const richer = {
          ...input,
          accounts: input.accounts.map((a, k) =>
            k === i
              ? { ...a, annual_contribution: Math.min(a.annual_contribution + more, 999_999_999_999) }
              : a,
          ),
        };
        expect(result(richer).total.ending_balance).toBeGreaterThanOrEqual(
          result(input).total.ending_balance,
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe('accumulation-projection: bad input', () => {
  it('duplicate account names are a 400 naming the second one', () => {
    const error = calculationErrorOf(accumulationProjection, {
      ...THREE,
      accounts: [THREE.accounts[0], { ...THREE.accounts[1], name: '401k' }],
    });
    expect(error.issues[0]?.path).toBe('accounts[1].name');
  });

  it('no accounts, an unknown field or a negative contribution are 400s', () => {
    expect(calculationErrorOf(accumulationProjection, { ...THREE, accounts: [] }).issues[0]?.path).toBe(
      'accounts',
    );
    expect(
      calculationErrorOf(accumulationProjection, {
        ...THREE,
        accounts: [{ ...THREE.accounts[0], match: true }],
      }).issues[0]?.path,
    ).toBe('accounts[0].match');
    expect(
      calculationErrorOf(accumulationProjection, {
        ...THREE,
        accounts: [{ ...THREE.accounts[0], annual_contribution: -1 }],
      }).issues[0]?.path,
    ).toBe('accounts[0].annual_contribution');
  });
});
