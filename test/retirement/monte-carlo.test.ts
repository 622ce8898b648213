import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPathDriver } from '../../src/core/simulation/index';
import { type MonteCarloInput, monteCarlo } from '../../src/retirement/monte-carlo';
import { calculationErrorOf } from '../helpers';

const result = (input: MonteCarloInput) => monteCarlo(input).result;
const flat = (value: number) => ({
  p5: value,
  p10: value,
  p25: value,
  p50: value,
  p75: value,
  p90: value,
  p95: value,
});

/** A zero-volatility request: every path is the same arithmetic. */
const CALM: MonteCarloInput = {
  current_age: 60,
  retirement_age: 62,
  end_age: 65,
  current_balance: 500_000,
  annual_contribution: 20_000,
  annual_spending: 30_000,
  expected_return: 0.04,
  return_volatility: 0,
  inflation: 0.02,
  num_simulations: 50,
};

describe('monte-carlo: zero volatility is hand arithmetic', () => {
  it('saving, then inflation-indexed spending at the start of each year', () => {
    // Contributions at the end of the year: 500,000 x 1.04 + 20,000 = 540,000 at 61;
    //   540,000 x 1.04 + 20,000 = 581,600 at 62.
    // Withdrawals in today's dollars grown with inflation from current_age, at the start of the year:
    //   at 62: 30,000 x 1.02^2 = 31,212; (581,600 - 31,212) x 1.04 = 572,403.52 at 63;
    //   at 63: 30,000 x 1.02^3 = 31,836.24; (572,403.52 - 31,836.24) x 1.04 = 562,189.9712 at 64;
    //   at 64: 30,000 x 1.02^4 = 32,472.9648; (562,189.9712 - 32,472.9648) x 1.04 = 550,905.686656 at 65.
    // Real: 550,905.686656 / 1.02^5 (1.1040808032) = 498,972.2537.
    const r = result(CALM);
    expect(r.success_probability).toBe(1);
    expect(r.paths_depleted).toBe(0);
    expect(r.median_depletion_age).toBeUndefined();
    expect(r.ending_balance).toEqual(flat(550_905.69));
    expect(r.ending_balance_real).toEqual(flat(498_972.25));
    expect(r.mean_ending_balance).toBe(550_905.69);
    expect(r.first_withdrawal).toBe(31_212);
    expect(r.spending_rule).toBe('fixed_real');
    expect(r.yearly.map((row) => [row.age, row.balance.p50])).toEqual([
      [60, 500_000],
      [61, 540_000],
      [62, 581_600],
      [63, 572_403.52],
      [64, 562_189.97],
      [65, 550_905.69],
    ]);
    expect(r.yearly_spending.map((row) => [row.age, row.spending.p5, row.spending_real.p95])).toEqual([
      [62, 31_212, 30_000],
      [63, 31_836.24, 30_000],
      [64, 32_472.96, 30_000],
    ]);
  });

  it('the TSDoc example', () => {
    // 100,000 x 1.05 + 10,000 = 115,000; (115,000 - 40,000) x 1.05 = 78,750; (78,750 - 40,000) x 1.05 = 40,687.50
    const r = result({
      current_age: 64,
      retirement_age: 65,
      end_age: 67,
      current_balance: 100_000,
      annual_contribution: 10_000,
      annual_spending: 40_000,
      expected_return: 0.05,
      return_volatility: 0,
      inflation: 0,
      num_simulations: 100,
    });
    expect(r.ending_balance.p50).toBe(40_687.5);
    expect(r.success_probability).toBe(1);
  });

  it('depletion: the short withdrawal pays what is left and fails at that age', () => {
    // 0% return, no inflation: 100,000 - 40,000 = 60,000 at 66; - 40,000 = 20,000 at 67; at 67 the
    // 40,000 withdrawal exceeds 20,000: 20,000 is paid and the path fails at 67; 0 at 68, 69, 70.
    const r = result({
      current_age: 65,
      retirement_age: 65,
      end_age: 70,
      current_balance: 100_000,
      annual_contribution: 0,
      annual_spending: 40_000,
      expected_return: 0,
      return_volatility: 0,
      inflation: 0,
      num_simulations: 10,
    });
    expect(r.success_probability).toBe(0);
    expect(r.paths_depleted).toBe(10);
    expect(r.median_depletion_age).toBe(67);
    expect(r.ending_balance).toEqual(flat(0));
    expect(r.yearly.map((row) => row.balance.p50)).toEqual([100_000, 60_000, 20_000, 0, 0, 0]);
    expect(r.yearly_spending.map((row) => row.spending.p50)).toEqual([40_000, 40_000, 20_000, 0, 0]);
  });

  it('a withdrawal of exactly the balance is paid in full', () => {
    // 120,000 = 3 x 40,000 at 0%: the last withdrawal (at 67) empties the portfolio; it is paid: success.
    const r = result({
      current_age: 65,
      retirement_age: 65,
      end_age: 68,
      current_balance: 120_000,
      annual_contribution: 0,
      annual_spending: 40_000,
      expected_return: 0,
      return_volatility: 0,
      inflation: 0,
    });
    expect(r.success_probability).toBe(1);
    expect(r.ending_balance).toEqual(flat(0));
  });
});

describe('monte-carlo: Guyton-Klinger worked by hand (zero volatility)', () => {
  it('losing years: freeze, a capital preservation cut, then the final-years exemption', () => {
    // -10% a year, inflation 3%, IWR 50,000 / 1,000,000 = 5%: guardrails 6% (cut) and 4% (raise);
    // capital preservation off in the final 2 years (override; years remaining count the current one).
    // 65: 50,000 (first year, no decision); (1,000,000 - 50,000) x 0.9 = 855,000.
    // 66 (4 left): raised 51,500 / 855,000 = 6.02% > 5% after a loss: frozen at 50,000;
    //   50,000 / 855,000 = 5.85% <= 6%: 50,000. (855,000 - 50,000) x 0.9 = 724,500.
    // 67 (3 left): 51,500 / 724,500 = 7.11% > 5%: frozen at 50,000; 50,000 / 724,500 = 6.90% > 6% with
    //   3 > 2 years left: cut 10%, 45,000. (724,500 - 45,000) x 0.9 = 611,550.
    // 68 (2 left): 46,350 / 611,550 = 7.58% > 5%: frozen at 45,000; 7.36% > 6% but exempt: 45,000.
    //   (611,550 - 45,000) x 0.9 = 509,895.
    // 69 (1 left): 46,350 / 509,895 = 9.09%: frozen at 45,000; exempt: 45,000.
    //   (509,895 - 45,000) x 0.9 = 418,405.50 at 70.
    const r = result({
      current_age: 65,
      retirement_age: 65,
      end_age: 70,
      current_balance: 1_000_000,
      annual_contribution: 0,
      annual_spending: 50_000,
      expected_return: -0.1,
      return_volatility: 0,
      inflation: 0.03,
      num_simulations: 5,
      spending_rule: { type: 'guyton_klinger', capital_preservation_final_years: 2 },
    });
    expect(r.yearly_spending.map((row) => row.spending.p50)).toEqual([
      50_000, 50_000, 45_000, 45_000, 45_000,
    ]);
    expect(r.yearly.map((row) => row.balance.p50)).toEqual([
      1_000_000, 855_000, 724_500, 611_550, 509_895, 418_405.5,
    ]);
    expect(r.spending_rule).toBe('guyton_klinger');
  });

  it('the default 15-year exemption: a 5-year plan is never cut', () => {
    // The same markets with the default 15 final years: every year is exempt, so 50,000 frozen each year:
    // 855,000; 724,500; (724,500 - 50,000) x 0.9 = 607,050; 501,345; 406,210.50.
    const r = result({
      current_age: 65,
      retirement_age: 65,
      end_age: 70,
      current_balance: 1_000_000,
      annual_contribution: 0,
      annual_spending: 50_000,
      expected_return: -0.1,
      return_volatility: 0,
      inflation: 0.03,
      num_simulations: 5,
      spending_rule: { type: 'guyton_klinger' },
    });
    expect(r.yearly_spending.map((row) => row.spending.p50)).toEqual([
      50_000, 50_000, 50_000, 50_000, 50_000,
    ]);
    expect(r.ending_balance.p50).toBe(406_210.5);
  });

  it('good years: the prosperity raise', () => {
    // +20% a year, no inflation, IWR 40,000 / 1,000,000 = 4%: lower guardrail 3.2%.
    // 65: 40,000; (1,000,000 - 40,000) x 1.2 = 1,152,000.
    // 66: 40,000 / 1,152,000 = 3.47% >= 3.2%: 40,000; 1,112,000 x 1.2 = 1,334,400.
    // 67: 40,000 / 1,334,400 = 3.00% < 3.2%: raise 10%, 44,000; 1,290,400 x 1.2 = 1,548,480.
    // 68: 44,000 / 1,548,480 = 2.84% < 3.2%: 48,400; 1,500,080 x 1.2 = 1,800,096 at 69.
    const r = result({
      current_age: 65,
      retirement_age: 65,
      end_age: 69,
      current_balance: 1_000_000,
      annual_contribution: 0,
      annual_spending: 40_000,
      expected_return: 0.2,
      return_volatility: 0,
      inflation: 0,
      num_simulations: 3,
      spending_rule: { type: 'guyton_klinger' },
    });
    expect(r.yearly_spending.map((row) => row.spending.p50)).toEqual([40_000, 40_000, 44_000, 48_400]);
    expect(r.ending_balance.p50).toBe(1_800_096);
  });

  it('the initial rate is measured at retirement on each path, after the saving years', () => {
    // 0% return, no inflation: 400,000 + 100,000 saved = 500,000 at 65; IWR 40,000 / 500,000 = 8%:
    // guardrails 9.6% and 6.4%. 66: 40,000 / 460,000 = 8.70%: 40,000. 67: 40,000 / 420,000 = 9.52%:
    // 40,000; 380,000 at 68. (With the IWR of the starting 400,000, 10%, the rules would differ.)
    const r = result({
      current_age: 64,
      retirement_age: 65,
      end_age: 68,
      current_balance: 400_000,
      annual_contribution: 100_000,
      annual_spending: 40_000,
      expected_return: 0,
      return_volatility: 0,
      inflation: 0,
      num_simulations: 2,
      spending_rule: { type: 'guyton_klinger' },
    });
    expect(r.yearly.map((row) => row.balance.p50)).toEqual([400_000, 500_000, 460_000, 420_000, 380_000]);
  });
});

describe('monte-carlo: simulated', () => {
  const BASE: MonteCarloInput = {
    current_age: 55,
    retirement_age: 65,
    end_age: 95,
    current_balance: 800_000,
    annual_contribution: 25_000,
    annual_spending: 70_000,
    expected_return: 0.06,
    return_volatility: 0.14,
    inflation: 0.025,
    num_simulations: 2_000,
    seed: 11,
  };

  it('the success probability counts the same paths as a reference loop on the path driver', () => {
    // An independent count: the same markets (createPathDriver, same seed and years), the documented
    // timing (contributions at the end of the year, withdrawals at the start), success = no withdrawal
    // larger than the balance.
    const years = 40;
    const driver = createPathDriver({
      seed: 11,
      expectedReturn: 0.06,
      returnVolatility: 0.14,
      periodsPerYear: 1,
      steps: years,
    });
    let survived = 0;
    for (let p = 0; p < 2_000; p++) {
      const g = driver.next();
      let b = 800_000;
      let ok = true;
      for (let t = 0; t < years; t++) {
        if (t < 10) b = b * g[t]! + 25_000;
        else {
          const w = 70_000 * 1.025 ** t;
          if (w > b) {
            ok = false;
            break;
          }
          b = (b - w) * g[t]!;
        }
      }
      if (ok) survived++;
    }
    const r = result(BASE);
    expect(r.success_probability).toBe(survived / 2_000);
    expect(r.paths_depleted).toBe(2_000 - survived);
    expect(r.median_depletion_age).toBeGreaterThanOrEqual(65);
    expect(r.median_depletion_age).toBeLessThan(95);
    expect(r.yearly).toHaveLength(41);
    expect(r.yearly_spending).toHaveLength(30);
  });

  it('declares its cost: num_simulations x years; 100,000 paths over 120 years is the most', () => {
    expect(monteCarlo.stochastic).toBe(true);
    expect(monteCarlo.cost(monteCarlo.parse(BASE))).toBe(2_000 * 40);
    const widest = { ...BASE, current_age: 0, retirement_age: 60, end_age: 120, num_simulations: 100_000 };
    expect(monteCarlo.cost(monteCarlo.parse(widest))).toBe(12_000_000);
  });

  it('more spending never raises the success probability (same markets, path by path)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 150_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (spending, more, seed) => {
          const input = { ...BASE, num_simulations: 300, seed };
          const less = result({ ...input, annual_spending: spending });
          const moreSpent = result({ ...input, annual_spending: spending + more });
          expect(moreSpent.success_probability).toBeLessThanOrEqual(less.success_probability);
          expect(moreSpent.ending_balance.p50).toBeLessThanOrEqual(less.ending_balance.p50);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('more money (balance or contributions) never lowers the success probability', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (balance, extra, extraContribution, seed) => {
          const input = { ...BASE, num_simulations: 300, seed, current_balance: balance };
          const poorer = result(input);
          const richer = result({
            ...input,
            current_balance: balance + extra,
            annual_contribution: BASE.annual_contribution + extraContribution,
          });
          expect(richer.success_probability).toBeGreaterThanOrEqual(poorer.success_probability);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('fixed spending bands (built from the depletions) match Guyton-Klinger with every rule off', () => {
    // No freeze, no cut (exempt for 120 years), no raise (a rate below 0 x IWR never happens): the
    // rules reduce to inflation-indexed spending, whose withdrawals are stored and selected path by path.
    const fixed = result(BASE);
    const off = result({
      ...BASE,
      spending_rule: {
        type: 'guyton_klinger',
        withdrawal_rule: false,
        capital_preservation_final_years: 120,
        prosperity_threshold: 1,
      },
    });
    expect(off.success_probability).toBe(fixed.success_probability);
    fixed.yearly_spending.forEach((row, i) => {
      const other = off.yearly_spending[i]!;
      for (const key of ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95'] as const) {
        expect(Math.abs(other.spending[key] - row.spending[key])).toBeLessThanOrEqual(0.01);
      }
    });
  });

  it('real percentiles are the nominal ones over the deflator', () => {
    const r = result(BASE);
    const deflator = 1.025 ** 40;
    expect(Math.abs(r.ending_balance_real.p90 - r.ending_balance.p90 / deflator)).toBeLessThan(0.01);
  });
});

describe('monte-carlo: validation', () => {
  it('names the field of an impossible age order', () => {
    expect(calculationErrorOf(monteCarlo, { ...CALM, end_age: 60 }).issues[0]?.path).toBe('end_age');
    expect(calculationErrorOf(monteCarlo, { ...CALM, retirement_age: 59 }).issues[0]?.path).toBe(
      'retirement_age',
    );
    expect(calculationErrorOf(monteCarlo, { ...CALM, retirement_age: 65 }).issues[0]?.path).toBe(
      'retirement_age',
    );
  });

  it('refuses an unknown spending rule and a threshold on fixed_real', () => {
    const bad = { ...CALM, spending_rule: { type: 'bengen' } } as unknown as MonteCarloInput;
    expect(calculationErrorOf(monteCarlo, bad).issues[0]?.path).toMatch(/^spending_rule/);
    const extra = {
      ...CALM,
      spending_rule: { type: 'fixed_real', prosperity_raise: 0.1 },
    } as unknown as MonteCarloInput;
    expect(calculationErrorOf(monteCarlo, extra).issues[0]?.path).toMatch(/^spending_rule/);
  });

  it('refuses more than 100,000 paths', () => {
    expect(calculationErrorOf(monteCarlo, { ...CALM, num_simulations: 100_001 }).issues[0]?.path).toBe(
      'num_simulations',
    );
  });
});
