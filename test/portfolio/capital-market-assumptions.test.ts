import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { symmetricEigenvalues } from '../../src/core/symmetric-eigenvalues';
import { capitalMarketAssumptions as cma } from '../../src/portfolio/capital-market-assumptions';
import { calculationErrorOf } from '../helpers';

const errorOf = (input: unknown) => calculationErrorOf(cma, input);

const stocks = { name: 'stocks', expected_return: 0.08, volatility: 0.16, weight: 0.6 };
const bonds = { name: 'bonds', expected_return: 0.04, volatility: 0.06, weight: 0.4 };

describe('capital market assumptions: hand calculations', () => {
  it('60/40 with correlation 0.2', () => {
    // E = 0.6·0.08 + 0.4·0.04 = 0.064
    // σ² = 0.36·0.0256 + 0.16·0.0036 + 2·0.6·0.4·0.2·0.16·0.06 = 0.009216 + 0.000576 + 0.0009216 = 0.0107136
    // σ = 0.1035065 ; stocks' Euler contribution = 0.6·(0.6·0.0256 + 0.4·0.2·0.16·0.06)/σ
    //   = 0.6·(0.01536 + 0.000768)/0.1035065 = 0.0934898 (share 0.903226) ; bonds' = 0.4·(0.4·0.0036 + 0.6·0.00192)/σ = 0.0100168
    const { result } = cma({ assets: [stocks, bonds], default_correlation: 0.2 });
    expect(result.expected_return).toBe(0.064);
    expect(result.return_volatility).toBe(0.103507);
    expect(result.assets[0]).toEqual({
      name: 'stocks',
      weight: 0.6,
      return_contribution: 0.048,
      risk_contribution: 0.09349,
      risk_share: 0.903226,
    });
    expect(result.assets[1]?.risk_contribution).toBe(0.010017);
  });
  it('two assets at correlation 0.3, equal weights', () => {
    // E = 0.5·0.08 + 0.5·0.13 = 0.105 ; σ² = 0.25·0.0144 + 0.25·0.04 + 2·0.25·0.3·0.12·0.20 = 0.0172 ; σ = 0.131149
    const { result } = cma({
      assets: [
        { name: 'debt', expected_return: 0.08, volatility: 0.12, weight: 0.5 },
        { name: 'equity', expected_return: 0.13, volatility: 0.2, weight: 0.5 },
      ],
      correlation_matrix: [
        [1, 0.3],
        [0.3, 1],
      ],
    });
    expect(result.expected_return).toBe(0.105);
    expect(result.return_volatility).toBe(0.131149);
  });
  it('one asset is itself; perfectly correlated assets add volatilities linearly', () => {
    expect(cma({ assets: [{ ...stocks, weight: 1 }] }).result.return_volatility).toBe(0.16);
    // ρ = 1: σ = 0.6·0.16 + 0.4·0.06 = 0.12
    expect(cma({ assets: [stocks, bonds], default_correlation: 1 }).result.return_volatility).toBe(0.12);
  });
  it('zero volatility gives zero risk contributions, not NaN', () => {
    const { result } = cma({ assets: [{ name: 'cash', expected_return: 0.03, volatility: 0, weight: 1 }] });
    expect(result.return_volatility).toBe(0);
    expect(result.assets[0]?.risk_share).toBe(0);
  });
});

describe('capital market assumptions: invalid input is a 400 naming the field', () => {
  it('weights that do not sum to 1 within 1e-9', () => {
    const error = errorOf({ assets: [stocks, { ...bonds, weight: 0.41 }] });
    expect(error.issues[0]).toMatchObject({ path: 'assets' });
    expect(error.message).toContain('sum to 1');
    // Within the tolerance is accepted.
    expect(() => cma({ assets: [stocks, { ...bonds, weight: 0.4 + 5e-10 }] })).not.toThrow();
  });
  it('a matrix that is not symmetric, lacks a unit diagonal, is the wrong size, or is not PSD', () => {
    expect(
      errorOf({
        assets: [stocks, bonds],
        correlation_matrix: [
          [1, 0.2],
          [0.3, 1],
        ],
      }).issues[0]?.path,
    ).toBe('correlation_matrix[0][1]');
    expect(
      errorOf({
        assets: [stocks, bonds],
        correlation_matrix: [
          [0.9, 0.2],
          [0.2, 1],
        ],
      }).issues[0]?.path,
    ).toBe('correlation_matrix[0][0]');
    expect(errorOf({ assets: [stocks, bonds], correlation_matrix: [[1]] }).issues[0]?.path).toBe(
      'correlation_matrix',
    );
    const three = [
      { ...stocks, weight: 0.4 },
      { ...bonds, weight: 0.3 },
      { name: 'cash', expected_return: 0.03, volatility: 0.01, weight: 0.3 },
    ];
    const notPsd = errorOf({
      assets: three,
      correlation_matrix: [
        [1, 0.9, 0.9],
        [0.9, 1, -0.9],
        [0.9, -0.9, 1],
      ],
    });
    expect(notPsd.message).toContain('positive semi-definite');
    // Three assets cannot all be correlated -0.6 with each other (needs ρ ≥ -1/2).
    expect(errorOf({ assets: three, default_correlation: -0.6 }).issues[0]?.path).toBe('default_correlation');
    expect(() => cma({ assets: three, default_correlation: -0.5 })).not.toThrow();
  });
  it('duplicate names and out-of-range values', () => {
    expect(errorOf({ assets: [stocks, { ...bonds, name: 'stocks' }] }).issues[0]?.path).toBe(
      'assets[1].name',
    );
    expect(errorOf({ assets: [{ ...stocks, volatility: -0.1, weight: 1 }] }).issues[0]?.path).toBe(
      'assets[0].volatility',
    );
    expect(errorOf({ assets: [] }).issues[0]?.path).toBe('assets');
  });
});

describe('capital market assumptions: properties', () => {
  const asset = fc.record({
    expected_return: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    volatility: fc.double({ min: 0, max: 1, noNaN: true }),
    weight: fc.double({ min: 0.01, max: 1, noNaN: true }),
  });
  const portfolio = fc
    .tuple(fc.array(asset, { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([assets, rho]) => {
      const total = assets.reduce((s, a) => s + a.weight, 0);
      return {
        assets: assets.map((a, i) => ({ ...a, name: `a${i}`, weight: a.weight / total })),
        default_correlation: rho,
      };
    });

  it('risk contributions add up to the volatility; volatility is at most the weighted sum of volatilities', () => {
    fc.assert(
      fc.property(portfolio, (input) => {
        const { result } = cma(input);
        const sum = result.assets.reduce((s, a) => s + a.risk_contribution, 0);
        expect(Math.abs(sum - result.return_volatility)).toBeLessThanOrEqual(
          1e-6 * input.assets.length + 1e-9,
        );
        const linear = input.assets.reduce((s, a) => s + a.weight * a.volatility, 0);
        expect(result.return_volatility).toBeLessThanOrEqual(linear + 1e-6);
      }),
    );
  });
  it('the Jacobi eigenvalues of a correlation matrix sum to its trace and match 2x2 closed forms', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (rho) => {
        const [lo, hi] = symmetricEigenvalues([
          [1, rho],
          [rho, 1],
        ]);
        expect(lo).toBeCloseTo(1 - Math.abs(rho), 12);
        expect(hi).toBeCloseTo(1 + Math.abs(rho), 12);
      }),
    );
  });
});
