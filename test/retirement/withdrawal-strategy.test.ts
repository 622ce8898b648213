import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WithdrawalStrategyInput, withdrawalStrategy } from '../../src/retirement/withdrawal-strategy';
import { calculationErrorOf } from '../helpers';

const result = (input: WithdrawalStrategyInput) => withdrawalStrategy(input).result;
const flat = (value: number) => ({
  p5: value,
  p10: value,
  p25: value,
  p50: value,
  p75: value,
  p90: value,
  p95: value,
});
const medians = (r: ReturnType<typeof result>) => r.yearly.map((y) => y.spending.p50);

/** Zero volatility, 65 to 68: every path is the same arithmetic. */
const CALM = {
  current_age: 65,
  end_age: 68,
  current_balance: 1_000_000,
  initial_rate: 0.04,
  expected_return: 0.05,
  return_volatility: 0,
  inflation: 0.02,
  num_simulations: 20,
} as const;

describe('withdrawal-strategy: zero volatility is hand arithmetic', () => {
  it('fixed_real: the first withdrawal raised with inflation', () => {
    // 65: 4% x 1,000,000 = 40,000; (1,000,000 - 40,000) x 1.05 = 1,008,000.
    // 66: 40,000 x 1.02 = 40,800; (1,008,000 - 40,800) x 1.05 = 1,015,560.
    // 67: 40,000 x 1.02^2 = 41,616; (1,015,560 - 41,616) x 1.05 = 1,022,641.20 at 68.
    // Real: 1,022,641.20 / 1.02^3 (1.061208) = 963,657.64. Real spending 40,000 every year: volatility 0,
    // lifetime 120,000.
    const r = result({ ...CALM, strategy: 'fixed_real' });
    expect(medians(r)).toEqual([40_000, 40_800, 41_616]);
    expect(r.yearly.map((y) => y.spending_real.p5)).toEqual([40_000, 40_000, 40_000]);
    expect(r.ending_balance).toEqual(flat(1_022_641.2));
    expect(r.ending_balance_real).toEqual(flat(963_657.64));
    expect(r.lifetime_spending_real).toEqual(flat(120_000));
    expect(r.spending_volatility).toBe(0);
    expect(r.success_probability).toBe(1);
    expect(r.first_withdrawal).toBe(40_000);
    expect(r.vpw_return).toBeUndefined();
  });

  it('fixed_real: depletion pays what is left; the volatility counts that fall', () => {
    // 40% of 100,000 = 40,000 a year at 0%: 60,000 at 66, 20,000 at 67; at 67 the 40,000 exceeds 20,000:
    // 20,000 is paid, depleted at 67, 0 after. Real changes 40,000 -> 40,000 -> 20,000: 0 and -0.5,
    // mean -0.25, population standard deviation 0.25. Lifetime 100,000.
    const r = result({
      ...CALM,
      end_age: 70,
      current_balance: 100_000,
      initial_rate: 0.4,
      expected_return: 0,
      inflation: 0,
      strategy: 'fixed_real',
    });
    expect(medians(r)).toEqual([40_000, 40_000, 20_000, 0, 0]);
    expect(r.success_probability).toBe(0);
    expect(r.paths_depleted).toBe(20);
    expect(r.median_depletion_age).toBe(67);
    expect(r.spending_volatility).toBe(0.25);
    expect(r.lifetime_spending_real).toEqual(flat(100_000));
    expect(r.ending_balance).toEqual(flat(0));
  });

  it('fixed_pct: the TSDoc example and a constant real change', () => {
    // 5% of 1,000,000 = 50,000; 950,000 x 1.1 = 1,045,000; 5% = 52,250; 992,750 x 1.1 = 1,092,025;
    // 5% = 54,601.25. No inflation: real changes +4.5% both years, standard deviation 0.
    const example = result({
      current_age: 65,
      end_age: 68,
      current_balance: 1_000_000,
      initial_rate: 0.05,
      strategy: 'fixed_pct',
      expected_return: 0.1,
      return_volatility: 0,
      inflation: 0,
      num_simulations: 100,
    });
    expect(medians(example)).toEqual([50_000, 52_250, 54_601.25]);
    expect(example.spending_volatility).toBe(0);
    // 4% at 10%: 40,000; 960,000 x 1.1 = 1,056,000; 42,240; 1,013,760 x 1.1 = 1,115,136; 44,605.44;
    // 1,070,530.56 x 1.1 = 1,177,583.616 at 68.
    const r = result({ ...CALM, expected_return: 0.1, inflation: 0, strategy: 'fixed_pct' });
    expect(medians(r)).toEqual([40_000, 42_240, 44_605.44]);
    expect(r.ending_balance.p50).toBe(1_177_583.62);
    expect(r.success_probability).toBe(1);
  });

  it('vpw: the annuity-due percentage of the years left, spending everything in the last year', () => {
    // vpw_return 0 over 3 years: 1/3, 1/2, 1. At 10%: 900,000 / 3 = 300,000; 600,000 x 1.1 = 660,000;
    // / 2 = 330,000; 330,000 x 1.1 = 363,000, all of it at 67; 0 at 68. Real changes +10%, +10%: 0.
    const r = result({
      ...CALM,
      current_balance: 900_000,
      expected_return: 0.1,
      inflation: 0,
      strategy: 'vpw',
      vpw_return: 0,
    });
    expect(medians(r)).toEqual([300_000, 330_000, 363_000]);
    expect(r.ending_balance).toEqual(flat(0));
    expect(r.success_probability).toBe(1);
    expect(r.first_withdrawal).toBe(300_000);
    expect(r.vpw_return).toBe(0);
    expect(r.spending_volatility).toBe(0);
  });

  it('vpw: the default real return is the median real growth of the model', () => {
    // Zero volatility, no inflation: exp(m) - 1 = expected_return = 5%. Two years: the first
    // percentage is 1 / (1 + 1/1.05) = 1.05 / 2.05; of 1,000,000: 512,195.12.
    const r = result({ ...CALM, end_age: 67, inflation: 0, strategy: 'vpw' });
    expect(r.vpw_return).toBe(0.05);
    expect(r.first_withdrawal).toBe(512_195.12);
  });

  it('floor_and_ceiling: the floor holds in a falling market, and its volatility', () => {
    // 5% with a floor of 90% and a ceiling of 125% of 50,000 (45,000 and 62,500; no inflation), -20%:
    // 65: 50,000; 950,000 x 0.8 = 760,000. 66: 5% = 38,000 < 45,000: 45,000; 715,000 x 0.8 = 572,000.
    // 67: 28,600: 45,000; 527,000 x 0.8 = 421,600. 68: 21,080: 45,000; 376,600 x 0.8 = 301,280 at 69.
    // Real changes -0.1, 0, 0: mean -1/30; deviations -1/15, 1/30, 1/30; variance
    // (4/900 + 1/900 + 1/900) / 3 = 6/2700 = 0.0022222; standard deviation 0.047140.
    const r = result({
      ...CALM,
      end_age: 69,
      initial_rate: 0.05,
      expected_return: -0.2,
      inflation: 0,
      strategy: 'floor_and_ceiling',
    });
    expect(medians(r)).toEqual([50_000, 45_000, 45_000, 45_000]);
    expect(r.ending_balance.p50).toBe(301_280);
    expect(r.spending_volatility).toBe(0.04714);
  });

  it('floor_and_ceiling: the ceiling holds in a rising market; bounds grow with inflation', () => {
    // +50%, inflation 10%: bounds 45,000 x 1.1^t and 62,500 x 1.1^t.
    // 65: 50,000; 950,000 x 1.5 = 1,425,000. 66: 5% = 71,250 > 68,750 (62,500 x 1.1): 68,750;
    // 1,356,250 x 1.5 = 2,034,375. 67: 101,718.75 > 75,625: 75,625.
    const r = result({
      ...CALM,
      initial_rate: 0.05,
      expected_return: 0.5,
      inflation: 0.1,
      strategy: 'floor_and_ceiling',
    });
    expect(medians(r)).toEqual([50_000, 68_750, 75_625]);
    expect(r.yearly.map((y) => y.spending_real.p50)).toEqual([50_000, 62_500, 62_500]);
  });

  it('floor_and_ceiling: a floor larger than the portfolio depletes the path', () => {
    // -60%: 65: 50,000; 950,000 x 0.4 = 380,000. 66: 19,000 -> 45,000; 335,000 x 0.4 = 134,000.
    // 67: 45,000; 89,000 x 0.4 = 35,600. 68: the floor 45,000 > 35,600: 35,600 paid, depleted at 68.
    const r = result({
      ...CALM,
      end_age: 70,
      initial_rate: 0.05,
      expected_return: -0.6,
      inflation: 0,
      strategy: 'floor_and_ceiling',
    });
    expect(medians(r)).toEqual([50_000, 45_000, 45_000, 35_600, 0]);
    expect(r.success_probability).toBe(0);
    expect(r.median_depletion_age).toBe(68);
  });

  it('guardrails: Guyton-Klinger freeze, cut and the final-years exemption', () => {
    // The same years as the monte-carlo hand case: -10%, inflation 3%, initial rate 5%, capital
    // preservation off in the final 2 years: 50,000 (first year); frozen 50,000 (5.85% <= 6%); frozen
    // and cut to 45,000 (6.90% > 6%, 3 years left); frozen 45,000 twice (exempt). Balances 855,000;
    // 724,500; 611,550; 509,895; 418,405.50.
    const r = result({
      ...CALM,
      end_age: 70,
      initial_rate: 0.05,
      expected_return: -0.1,
      inflation: 0.03,
      strategy: 'guardrails',
      guardrails: { capital_preservation_final_years: 2 },
    });
    expect(medians(r)).toEqual([50_000, 50_000, 45_000, 45_000, 45_000]);
    expect(r.ending_balance.p50).toBe(418_405.5);
  });
});

describe('withdrawal-strategy: simulated', () => {
  const BASE: WithdrawalStrategyInput = {
    current_age: 65,
    end_age: 95,
    current_balance: 1_000_000,
    initial_rate: 0.045,
    strategy: 'fixed_real',
    expected_return: 0.06,
    return_volatility: 0.13,
    inflation: 0.025,
    num_simulations: 1_000,
    seed: 5,
  };
  const strategies = ['fixed_real', 'fixed_pct', 'guardrails', 'vpw', 'floor_and_ceiling'] as const;

  it('fixed_pct and vpw never deplete; fixed_real spending never moves in real terms', () => {
    expect(result({ ...BASE, strategy: 'fixed_pct' }).success_probability).toBe(1);
    expect(result({ ...BASE, strategy: 'vpw' }).success_probability).toBe(1);
    const fixed = result(BASE);
    expect(fixed.yearly[0]!.spending_real).toEqual(flat(45_000));
    expect(fixed.yearly.every((y) => y.spending_real.p95 === 45_000)).toBe(true);
    // VPW spends everything: the ending balance is 0 on every path.
    expect(result({ ...BASE, strategy: 'vpw' }).ending_balance).toEqual(flat(0));
  });

  it('the same markets for every strategy: fixed_real and floor_and_ceiling agree when the bounds pin it', () => {
    // floor = ceiling = 1: the withdrawal is the first one grown with inflation, as fixed_real.
    const pinned = result({ ...BASE, strategy: 'floor_and_ceiling', floor: 1, ceiling: 1 });
    const fixed = result(BASE);
    expect(pinned.success_probability).toBe(fixed.success_probability);
    expect(pinned.yearly).toEqual(fixed.yearly);
  });

  it('a higher rate never raises the success of fixed_real spending', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 120 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 1_000 }),
        (permille, more, seed) => {
          const input = { ...BASE, num_simulations: 200, seed };
          const low = result({ ...input, initial_rate: permille / 1000 });
          const high = result({ ...input, initial_rate: (permille + more) / 1000 });
          expect(high.success_probability).toBeLessThanOrEqual(low.success_probability);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('twice the money: the same success, exactly twice the spending, for every strategy', () => {
    // Every strategy sets spending in proportion to the portfolio, so the plan scales; doubling is exact
    // in binary floating point, so the comparison is exact.
    fc.assert(
      fc.property(fc.constantFrom(...strategies), fc.integer({ min: 0, max: 1_000 }), (strategy, seed) => {
        const input = { ...BASE, strategy, num_simulations: 200, seed };
        const one = result(input);
        const two = result({ ...input, current_balance: 2 * BASE.current_balance });
        expect(two.success_probability).toBe(one.success_probability);
        expect(two.spending_volatility).toBe(one.spending_volatility);
        expect(two.yearly[10]!.spending.p25).toBeCloseTo(2 * one.yearly[10]!.spending.p25, 1);
      }),
      { numRuns: 15 },
    );
  });

  it('declares its cost: num_simulations x years', () => {
    expect(withdrawalStrategy.stochastic).toBe(true);
    expect(withdrawalStrategy.cost(withdrawalStrategy.parse(BASE))).toBe(30_000);
  });
});

describe('withdrawal-strategy: validation', () => {
  const input = { ...CALM, strategy: 'fixed_real' } as const;
  it('names the field', () => {
    expect(calculationErrorOf(withdrawalStrategy, { ...input, end_age: 65 }).issues[0]?.path).toBe('end_age');
    expect(calculationErrorOf(withdrawalStrategy, { ...input, strategy: 'bucket' }).issues[0]?.path).toBe(
      'strategy',
    );
    expect(
      calculationErrorOf(withdrawalStrategy, { ...input, guardrails: { cut: 0.1 } }).issues[0]?.path,
    ).toBe('guardrails.cut');
    expect(calculationErrorOf(withdrawalStrategy, { ...input, floor: 1.1 }).issues[0]?.path).toBe('floor');
  });
});
