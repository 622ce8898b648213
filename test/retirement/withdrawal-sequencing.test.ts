import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEQUENCING_STRATEGIES,
  type WithdrawalSequencingInput,
  withdrawalSequencing,
} from '../../src/retirement/withdrawal-sequencing';
import { calculationErrorOf } from '../helpers';

const run = (input: WithdrawalSequencingInput) => withdrawalSequencing(input).result;
const cents = (dollars: number) => Math.round(dollars * 100);

// 2025 figures (Rev. Proc. 2024-40 as amended by OBBBA, from data/tax/federal/2025.json): standard
// deduction 15,750 single / 31,500 mfj; 65+ additional 2,000 (unmarried); senior deduction 6,000 (6%
// phase-out over MAGI 75,000 single); single brackets 10% to 11,925, 12% to 48,475; mfj 10% to 23,850,
// 12% to 96,950; 0% long-term gain rate up to 48,350 of taxable income (single).

describe('withdrawal-sequencing: hand calculations (2025)', () => {
  it('conventional, taxable account only: the gain hides under the standard deduction', () => {
    // 20,000 from a taxable account with 60% basis: gain 8,000 < 15,750, taxable income 0, no tax.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'conventional',
      spending_need: 20_000,
      taxable_balance: 100_000,
      tax_deferred_balance: 300_000,
      tax_free_balance: 50_000,
      taxable_cost_basis_fraction: 0.6,
    });
    expect(r.withdrawals).toEqual({ taxable: 20_000, tax_deferred: 0, tax_free: 0, total: 20_000 });
    expect(r.capital_gain_income).toBe(8_000);
    expect([r.taxable_income, r.federal_tax, r.net_spending, r.shortfall, r.surplus]).toEqual([
      0, 0, 20_000, 0, 0,
    ]);
    expect(r.balances_after).toEqual({ taxable: 80_000, tax_deferred: 300_000, tax_free: 50_000 });
  });

  it('conventional, tax-deferred only: the gross-up solved to the cent', () => {
    // Draw D, tax = 10% x 11,925 + 12% x (D - 15,750 - 11,925); D - tax = 40,000 gives
    // 0.88 D = 40,000 + 1,192.50 - 3,321 = 37,871.50, D = 43,035.7954...
    // In whole cents with the tax rounded to cents:
    //   D = 43,035.78: tax 1,192.50 + 12% x 15,360.78 = 3,035.7936 -> 3,035.79, net 39,999.99 (short);
    //   D = 43,035.79: tax 1,192.50 + 12% x 15,360.79 = 3,035.7948 -> 3,035.79, net 40,000.00.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'conventional',
      spending_need: 40_000,
      taxable_balance: 0,
      tax_deferred_balance: 500_000,
      tax_free_balance: 0,
    });
    expect(r.withdrawals.tax_deferred).toBe(43_035.79);
    expect(r.federal_tax).toBe(3_035.79);
    expect(r.net_spending).toBe(40_000);
    expect(r.taxable_income).toBe(27_285.79);
    expect(r.marginal_ordinary_rate).toBe(0.12);
    // 3,035.79 / 43,035.79 = 0.0705411...
    expect(r.effective_tax_rate).toBe(0.070541);
  });

  it('bracket_fill: tax-deferred to the top of the 12% bracket, then the taxable account', () => {
    // mfj under 65 with 30,000 of pension: room = 96,950 + 31,500 - 30,000 = 98,450 of tax-deferred.
    // Taxable income 96,950: tax 10% x 23,850 + 12% x 73,100 = 2,385 + 8,772 = 11,157.
    // Full basis, so the taxable withdrawal is untaxed: 98,450 + T - 11,157 = 120,000, T = 32,707.
    const r = run({
      tax_year: 2025,
      filing_status: 'mfj',
      strategy: 'bracket_fill',
      bracket_ceiling: 0.12,
      spending_need: 120_000,
      taxable_balance: 200_000,
      tax_deferred_balance: 500_000,
      tax_free_balance: 100_000,
      taxable_cost_basis_fraction: 1,
      other_ordinary_income: 30_000,
    });
    expect(r.bracket_room).toBe(98_450);
    expect(r.withdrawals).toEqual({ taxable: 32_707, tax_deferred: 98_450, tax_free: 0, total: 131_157 });
    expect([r.ordinary_income, r.taxable_income, r.federal_tax, r.net_spending]).toEqual([
      128_450, 96_950, 11_157, 120_000,
    ]);
    // At the ceiling exactly, the next dollar is in the 22% bracket.
    expect(r.marginal_ordinary_rate).toBe(0.22);
  });

  it('proportional: 1 : 3 : 1 of the balances, untaxed under the deduction', () => {
    // Balances 100,000 / 300,000 / 100,000; 10,000 drawn pro rata is 2,000 / 6,000 / 2,000. Ordinary
    // income 6,000 < 15,750 and the gain (full basis) is 0: no tax, so the draw is the need.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'proportional',
      spending_need: 10_000,
      taxable_balance: 100_000,
      tax_deferred_balance: 300_000,
      tax_free_balance: 100_000,
      taxable_cost_basis_fraction: 1,
    });
    expect(r.withdrawals).toEqual({ taxable: 2_000, tax_deferred: 6_000, tax_free: 2_000, total: 10_000 });
    expect(r.federal_tax).toBe(0);
  });

  it('the RMD comes first; when it alone nets more than the need, the rest is surplus', () => {
    // Born 1951, 74 in 2025 (beginning age 73): RMD 255,000 / 25.5 = 10,000. With 20,000 of pension,
    // ordinary income 30,000 less 15,750 + 2,000 (65+) + 6,000 (senior) = 6,250 taxable: tax 625.
    // Net 10,000 - 625 = 9,375 against a need of 5,000: surplus 4,375, nothing else drawn.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'conventional',
      spending_need: 5_000,
      taxable_balance: 50_000,
      tax_deferred_balance: 255_000,
      tax_free_balance: 50_000,
      other_ordinary_income: 20_000,
      age: 74,
      birth_year: 1951,
    });
    expect(r.required_minimum_distribution).toBe(10_000);
    expect(r.withdrawals).toEqual({ taxable: 0, tax_deferred: 10_000, tax_free: 0, total: 10_000 });
    expect([r.taxable_income, r.federal_tax, r.net_spending, r.surplus, r.shortfall]).toEqual([
      6_250, 625, 9_375, 4_375, 0,
    ]);
  });

  it('no RMD before the beginning age (born 1960: 75), and none without age', () => {
    const base: WithdrawalSequencingInput = {
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'conventional',
      spending_need: 1_000,
      taxable_balance: 10_000,
      tax_deferred_balance: 255_000,
      tax_free_balance: 0,
      taxable_cost_basis_fraction: 1,
    };
    expect(run({ ...base, age: 65 }).required_minimum_distribution).toBe(0);
    expect(run(base).required_minimum_distribution).toBe(0);
    // Born 1945 (80 in 2025): past any beginning age; 255,000 / 20.2 = 12,623.762 -> 12,623.76.
    expect(run({ ...base, age: 80 }).required_minimum_distribution).toBe(12_623.76);
  });

  it('balances too small: every account emptied, the shortfall reported', () => {
    // 30,000 in all, 10,000 of it ordinary (under the deduction) and no gain: no tax, short 70,000.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      strategy: 'bracket_fill',
      bracket_ceiling: 0.22,
      spending_need: 100_000,
      taxable_balance: 10_000,
      tax_deferred_balance: 10_000,
      tax_free_balance: 10_000,
      taxable_cost_basis_fraction: 1,
    });
    expect([r.withdrawals.total, r.federal_tax, r.net_spending, r.shortfall]).toEqual([
      30_000, 0, 30_000, 70_000,
    ]);
    expect(r.balances_after).toEqual({ taxable: 0, tax_deferred: 0, tax_free: 0 });
  });
});

describe('withdrawal-sequencing: owners born before 1950', () => {
  const OLD: WithdrawalSequencingInput = {
    tax_year: 2025,
    filing_status: 'single',
    strategy: 'conventional',
    spending_need: 1_000,
    taxable_balance: 10_000,
    tax_deferred_balance: 100_000,
    tax_free_balance: 0,
    taxable_cost_basis_fraction: 1,
  };
  // Born 1941, 84 in 2025: beginning age 70 1/2 (born before July 1, 1949), long past; Uniform Lifetime
  // Table (26 CFR 1.401(a)(9)-9(c)) 84 -> 16.8: 100,000 / 16.8 = 5,952.380... -> 5,952.38, drawn first.
  it('born 1941, age 84 in 2025: RMD 100,000 / 16.8 = 5,952.38', () => {
    for (const input of [
      { ...OLD, age: 84, birth_year: 1941 },
      { ...OLD, age: 84 },
    ]) {
      const r = run(input);
      expect(r.required_minimum_distribution).toBe(5_952.38);
      expect(r.withdrawals.tax_deferred).toBe(5_952.38);
    }
  });
  // Born 1949, 76 in 2025: past 70 1/2 and 72 whatever the birth date: 100,000 / 23.7 = 4,219.41.
  it('born 1949, age 76 in 2025: RMD 100,000 / 23.7 = 4,219.41', () => {
    expect(run({ ...OLD, age: 76, birth_year: 1949 }).required_minimum_distribution).toBe(4_219.41);
  });
});

describe('withdrawal-sequencing: bad input', () => {
  const base: WithdrawalSequencingInput = {
    tax_year: 2025,
    filing_status: 'single',
    strategy: 'bracket_fill',
    bracket_ceiling: 0.22,
    spending_need: 1_000,
    taxable_balance: 0,
    tax_deferred_balance: 10_000,
    tax_free_balance: 0,
  };
  it('an age no lifetime has is a 400 naming age at once (the RMD year rule once looped forever on it)', () => {
    expect(calculationErrorOf(withdrawalSequencing, { ...base, age: -1.7e211 }).issues[0]?.path).toBe('age');
  });
  it('bracket_fill needs a bracket_ceiling that is a bracket rate below the top one', () => {
    const { bracket_ceiling: _, ...missing } = base;
    expect(calculationErrorOf(withdrawalSequencing, missing).issues[0]?.path).toBe('bracket_ceiling');
    for (const bad of [0.25, 0.37]) {
      const error = calculationErrorOf(withdrawalSequencing, { ...base, bracket_ceiling: bad });
      expect([error.code, error.issues[0]?.path]).toEqual(['invalid_input', 'bracket_ceiling']);
    }
  });
  it('the schema refuses a bracket_ceiling that is not a fillable bracket rate (the one schema finplan/testing draws from)', () => {
    // 2025 single brackets (data/tax/federal/2025.json): 10, 12, 22, 24, 32, 35 and the top 37%.
    expect(withdrawalSequencing.input.safeParse({ ...base, bracket_ceiling: 0.25 }).success).toBe(false);
    expect(calculationErrorOf(withdrawalSequencing, { ...base, bracket_ceiling: 0.37 }).issues).toEqual([
      {
        path: 'bracket_ceiling',
        code: 'invalid_input',
        message:
          'must be the rate of a 2025 single bracket below the top one: one of 0.1, 0.12, 0.22, 0.24, 0.32, 0.35',
      },
    ]);
    // Only bracket_fill reads it: another strategy ignores it, as before.
    expect(
      withdrawalSequencing.input.safeParse({ ...base, strategy: 'conventional', bracket_ceiling: 0.25 })
        .success,
    ).toBe(true);
  });
  it('birth_year must agree with age and tax_year, and needs age', () => {
    expect(
      calculationErrorOf(withdrawalSequencing, { ...base, age: 74, birth_year: 1950 }).issues[0]?.path,
    ).toBe('birth_year');
    expect(calculationErrorOf(withdrawalSequencing, { ...base, birth_year: 1950 }).issues[0]?.path).toBe(
      'age',
    );
  });
  it('an unsupported year names tax_year', () => {
    const error = calculationErrorOf(withdrawalSequencing, { ...base, tax_year: 2019 });
    expect([error.code, error.issues[0]?.path]).toEqual(['unsupported_year', 'tax_year']);
  });
});

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const inputs = fc.record({
  tax_year: fc.constantFrom(2024, 2025, 2026),
  filing_status: fc.constantFrom('single', 'mfj', 'mfs', 'hoh', 'qss' as const),
  strategy: fc.constantFrom(...SEQUENCING_STRATEGIES),
  bracket_ceiling: fc.constantFrom(0.1, 0.12, 0.22, 0.24, 0.32),
  spending_need: money(400_000),
  taxable_balance: money(1_000_000),
  tax_deferred_balance: money(2_000_000),
  tax_free_balance: money(500_000),
  taxable_cost_basis_fraction: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
  other_ordinary_income: money(250_000),
  age: fc.option(fc.integer({ min: 55, max: 100 }), { nil: undefined }),
});

describe('withdrawal-sequencing: properties', () => {
  it('nets spending_need exactly to the cent whenever the balances suffice (and the RMD does not overshoot)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        const drawn =
          cents(r.withdrawals.taxable) + cents(r.withdrawals.tax_deferred) + cents(r.withdrawals.tax_free);
        expect(drawn).toBe(cents(r.withdrawals.total));
        expect(cents(r.net_spending)).toBe(drawn - cents(r.federal_tax));
        if (r.shortfall === 0 && r.surplus === 0)
          expect(cents(r.net_spending)).toBe(cents(input.spending_need));
        if (r.shortfall > 0) {
          expect(r.balances_after).toEqual({ taxable: 0, tax_deferred: 0, tax_free: 0 });
          expect(cents(r.net_spending) + cents(r.shortfall)).toBe(cents(input.spending_need));
        }
        if (r.surplus > 0) {
          expect(r.withdrawals.total).toBe(r.required_minimum_distribution);
          expect(cents(r.net_spending) - cents(r.surplus)).toBe(cents(input.spending_need));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('draws stay within the balances, and draw + balance left = balance', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        for (const [draw, left, balance] of [
          [r.withdrawals.taxable, r.balances_after.taxable, input.taxable_balance],
          [r.withdrawals.tax_deferred, r.balances_after.tax_deferred, input.tax_deferred_balance],
          [r.withdrawals.tax_free, r.balances_after.tax_free, input.tax_free_balance],
        ] as const) {
          expect(draw).toBeGreaterThanOrEqual(0);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(cents(draw) + cents(left)).toBe(cents(balance));
        }
        expect(r.withdrawals.tax_deferred).toBeGreaterThanOrEqual(r.required_minimum_distribution);
      }),
      { numRuns: 100 },
    );
  });

  it('more spending never lowers the tax, nor any withdrawal', () => {
    fc.assert(
      fc.property(inputs, money(100_000), (input, more) => {
        const a = run(input);
        const b = run({ ...input, spending_need: input.spending_need + more });
        expect(b.federal_tax).toBeGreaterThanOrEqual(a.federal_tax);
        expect(b.withdrawals.taxable).toBeGreaterThanOrEqual(a.withdrawals.taxable);
        expect(b.withdrawals.tax_deferred).toBeGreaterThanOrEqual(a.withdrawals.tax_deferred);
        expect(b.withdrawals.tax_free).toBeGreaterThanOrEqual(a.withdrawals.tax_free);
      }),
      { numRuns: 100 },
    );
  });

  it('proportional draws are pro rata to within two cents', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run({ ...input, strategy: 'proportional', age: undefined });
        const total =
          cents(input.taxable_balance) + cents(input.tax_deferred_balance) + cents(input.tax_free_balance);
        if (total === 0) return;
        const drawn = cents(r.withdrawals.total);
        for (const [draw, balance] of [
          [r.withdrawals.taxable, input.taxable_balance],
          [r.withdrawals.tax_deferred, input.tax_deferred_balance],
          [r.withdrawals.tax_free, input.tax_free_balance],
        ] as const)
          expect(Math.abs(cents(draw) * total - drawn * cents(balance))).toBeLessThan(2 * total);
      }),
      { numRuns: 100 },
    );
  });
});
