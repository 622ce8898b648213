import { describe, expect, it } from 'vitest';
import { assertAffordable, MAX_PATH_STEPS, tokensFor } from '../../src/core/cost';
import { isCalculationError } from '../../src/core/errors';
import { debtVsInvest } from '../../src/utilities/debt-vs-invest';

const body = {
  loan_balance: 20_000,
  loan_annual_rate: 0.06,
  loan_minimum_payment: 400,
  extra_monthly: 200,
  expected_return: 0.07,
  return_volatility: 0.15,
  marginal_tax_rate: 0.22,
  seed: 1,
};

describe('the cost bound', () => {
  it('tokens: 1 per request plus 1 per million path-steps', () => {
    expect(tokensFor(0)).toBe(1);
    expect(tokensFor(999_999)).toBe(1);
    expect(tokensFor(1_000_000)).toBe(2);
    expect(tokensFor(MAX_PATH_STEPS)).toBe(13);
  });

  it('allows exactly the bound and refuses one step more, naming the field', () => {
    expect(() => assertAffordable(MAX_PATH_STEPS, 'num_simulations')).not.toThrow();
    try {
      assertAffordable(MAX_PATH_STEPS + 1, 'num_simulations');
      expect.unreachable();
    } catch (error) {
      expect(isCalculationError(error)).toBe(true);
      if (!isCalculationError(error)) return;
      expect(error.code).toBe('too_expensive');
      expect(error.issues[0].path).toBe('num_simulations');
      expect(error.issues[0].message).toContain('12,000,000');
    }
  });

  it('debt-vs-invest: 100,000 paths x 50 years (60M monthly steps) is a 400 too_expensive; 20,000 x 50 runs', () => {
    expect(
      debtVsInvest.cost(debtVsInvest.parse({ ...body, horizon_years: 50, num_simulations: 20_000 })),
    ).toBe(12_000_000);
    expect(() => debtVsInvest.parse({ ...body, horizon_years: 50, num_simulations: 100_000 })).toThrow(
      /60,000,000 path-steps/,
    );
    expect(debtVsInvest.stochastic).toBe(true);
  });
});
