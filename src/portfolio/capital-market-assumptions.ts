import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { roundRate } from '../core/rounding';
import { fieldIssue } from '../core/schema';
import { symmetricEigenvalues } from '../core/symmetric-eigenvalues';

/** Tolerances of the input checks. */
const WEIGHT_SUM_TOLERANCE = 1e-9;
const SYMMETRY_TOLERANCE = 1e-9;
const PSD_TOLERANCE = 1e-10;

const Asset = z.strictObject({
  name: z
    .string()
    .check(z.minLength(1), z.maxLength(100), z.describe('Asset class name (unique in the list).')),
  expected_return: z
    .number()
    .check(z.gte(-0.99), z.lte(1), z.describe('Annual arithmetic mean return (0.07 = 7%).')),
  volatility: z
    .number()
    .check(z.gte(0), z.lte(2), z.describe('Annual standard deviation of return (0.15 = 15%).')),
  weight: z.number().check(z.gte(0), z.lte(1), z.describe('Portfolio weight; weights sum to 1.')),
});

const CmaInputObject = z.strictObject({
  assets: z
    .array(Asset)
    .check(z.minLength(1), z.maxLength(50), z.describe('Asset classes with their assumptions and weights.')),
  default_correlation: z
    ._default(z.number().check(z.gte(-1), z.lte(1)), 0)
    .check(
      z.describe('Correlation between every pair of assets when no correlation_matrix is given (default 0).'),
    ),
  correlation_matrix: z
    .optional(z.array(z.array(z.number().check(z.gte(-1), z.lte(1)))))
    .check(
      z.describe(
        'Full correlation matrix in the order of assets: symmetric, unit diagonal, positive semi-definite. ' +
          'Overrides default_correlation.',
      ),
    ),
});

function correlationOf(input: z.output<typeof CmaInputObject>): number[][] {
  const n = input.assets.length;
  return (
    input.correlation_matrix?.map((row) => [...row]) ??
    Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? 1 : input.default_correlation)),
    )
  );
}

/** `/v1/capital-market-assumptions` request. */
export const CapitalMarketAssumptionsInput = CmaInputObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    const n = input.assets.length;
    const sum = input.assets.reduce((acc, asset) => acc + asset.weight, 0);
    if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
      issue('assets', `weights must sum to 1 (they sum to ${sum})`);
    }
    const seen = new Set<string>();
    input.assets.forEach((asset, i) => {
      if (seen.has(asset.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['assets', i, 'name'],
          message: `duplicate asset name "${asset.name}"`,
        });
      }
      seen.add(asset.name);
    });
    const matrix = input.correlation_matrix;
    if (matrix) {
      if (matrix.length !== n || matrix.some((row) => row.length !== n)) {
        issue('correlation_matrix', `must be ${n} x ${n}, one row and column per asset`);
        return;
      }
      let wellFormed = true;
      for (let i = 0; i < n; i++) {
        if ((matrix[i] as number[])[i] !== 1) {
          wellFormed = false;
          ctx.addIssue({ code: 'custom', path: ['correlation_matrix', i, i], message: 'diagonal must be 1' });
        }
        for (let j = i + 1; j < n; j++) {
          if (Math.abs((matrix[i] as number[])[j]! - (matrix[j] as number[])[i]!) > SYMMETRY_TOLERANCE) {
            wellFormed = false;
            ctx.addIssue({
              code: 'custom',
              path: ['correlation_matrix', i, j],
              message: `must equal correlation_matrix[${j}][${i}] (the matrix must be symmetric)`,
            });
          }
        }
      }
      if (!wellFormed) return;
    }
    if (n > 1) {
      const smallest = symmetricEigenvalues(correlationOf(input))[0] as number;
      if (smallest < -PSD_TOLERANCE) {
        issue(
          matrix ? 'correlation_matrix' : 'default_correlation',
          `the correlation matrix is not positive semi-definite (smallest eigenvalue ${smallest.toPrecision(6)})`,
        );
      }
    }
  }),
);
export type CapitalMarketAssumptionsInput = z.input<typeof CapitalMarketAssumptionsInput>;

export const CapitalMarketAssumptionsResult = z.object({
  expected_return: z
    .number()
    .check(z.describe('Portfolio annual arithmetic mean return: the weighted mean.')),
  return_volatility: z.number().check(z.describe("Portfolio annual standard deviation: sqrt(w' Σ w).")),
  assets: z.array(
    z.object({
      name: z.string(),
      weight: z.number(),
      return_contribution: z.number().check(z.describe('weight x expected_return.')),
      risk_contribution: z
        .number()
        .check(
          z.describe(
            'Euler contribution to volatility, w_i (Σ w)_i / σ_p; the contributions sum to return_volatility.',
          ),
        ),
      risk_share: z
        .number()
        .check(z.describe('risk_contribution / return_volatility (0 when volatility is 0).')),
    }),
  ),
});
/** The `result` of the envelope: the type of the `CapitalMarketAssumptionsResult` schema. */
export type CapitalMarketAssumptionsResult = z.infer<typeof CapitalMarketAssumptionsResult>;

function compute(input: z.output<typeof CapitalMarketAssumptionsInput>): CapitalMarketAssumptionsResult {
  const { assets } = input;
  const rho = correlationOf(input);
  const sigmaW = assets.map((a, i) =>
    assets.reduce((acc, b, j) => acc + (rho[i] as number[])[j]! * a.volatility * b.volatility * b.weight, 0),
  );
  const variance = Math.max(
    0,
    assets.reduce((acc, a, i) => acc + a.weight * sigmaW[i]!, 0),
  );
  const volatility = Math.sqrt(variance);
  return {
    expected_return: roundRate(assets.reduce((acc, a) => acc + a.weight * a.expected_return, 0)),
    return_volatility: roundRate(volatility),
    assets: assets.map((a, i) => {
      const contribution = volatility > 0 ? (a.weight * sigmaW[i]!) / volatility : 0;
      return {
        name: a.name,
        weight: a.weight,
        return_contribution: roundRate(a.weight * a.expected_return),
        risk_contribution: roundRate(contribution),
        risk_share: roundRate(volatility > 0 ? contribution / volatility : 0),
      };
    }),
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): reading and
// checking the n x n correlation matrix, and its eigenvalues (Jacobi sweeps of n^3 each).
const BASE_COST = 1_000;
const MATRIX_ENTRY_COST = 8;
const EIGEN_COST = 1;

/** Path-steps of a request with n assets. */
function cost(input: z.output<typeof CapitalMarketAssumptionsInput>): number {
  const n = input.assets.length;
  return Math.ceil(BASE_COST + MATRIX_ENTRY_COST * n * n + EIGEN_COST * n * n * n);
}

/**
 * Capital market assumptions: aggregate asset-class means, volatilities and correlations into the
 * portfolio `expected_return` and `return_volatility` that the Monte Carlo operations take, with each
 * asset's Euler risk contribution (they add up to the portfolio volatility).
 *
 * @example
 * ```ts
 * import { capitalMarketAssumptions } from 'finplan/portfolio';
 * const { result } = capitalMarketAssumptions({
 *   assets: [
 *     { name: 'stocks', expected_return: 0.08, volatility: 0.16, weight: 0.6 },
 *     { name: 'bonds', expected_return: 0.04, volatility: 0.06, weight: 0.4 },
 *   ],
 *   default_correlation: 0.2,
 * });
 * result.expected_return; // 0.064
 * result.return_volatility; // 0.103507 = sqrt(0.6²·0.16² + 0.4²·0.06² + 2·0.6·0.4·0.2·0.16·0.06)
 * ```
 */
export const capitalMarketAssumptions = defineOperation({
  path: '/v1/capital-market-assumptions',
  engine: 'capital-market-assumptions',
  version: '1.0.0',
  prefix: 'cma',
  summary: 'Aggregate asset-class assumptions into a portfolio expected return and volatility.',
  description:
    "Mean/variance aggregation: expected_return = Σ w_i μ_i, return_volatility = sqrt(w' Σ w) with " +
    'Σ_ij = ρ_ij σ_i σ_j. Weights must sum to 1 (within 1e-9); a correlation matrix must be symmetric, have a ' +
    'unit diagonal and be positive semi-definite. The outputs feed expected_return and return_volatility of ' +
    'the Monte Carlo operations.',
  example: {
    assets: [
      { name: 'stocks', expected_return: 0.08, volatility: 0.16, weight: 0.6 },
      { name: 'bonds', expected_return: 0.04, volatility: 0.06, weight: 0.4 },
    ],
    default_correlation: 0.2,
  },
  input: CapitalMarketAssumptionsInput,
  output: CapitalMarketAssumptionsResult,
  compute,
  cost,
  costField: 'assets',
  costFormula: `${BASE_COST} + ${MATRIX_ENTRY_COST} x assets^2 + ${EIGEN_COST} x assets^3`,
});
