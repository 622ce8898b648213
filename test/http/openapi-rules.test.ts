// The request schemas of the OpenAPI document, cross-field rules included (oneOf, if/then/else,
// dependentRequired), checked against the operations themselves with a JSON Schema 2020-12 validator:
// every request an operation accepts is valid against its documented schema (so a client validating
// against the document never refuses a good request), and each documented rule refuses the bodies the
// operation refuses for that rule.
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import type { AnyOperation } from '../../src/core/operation';
import { openApiDocument } from '../../src/http/index';
import { servedRegistry as registry } from '../../src/served-operations';
import { inputArbitrary, rawInputArbitrary } from '../../src/testing/index';

const doc = openApiDocument();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new Map(
  registry.operations.map((operation) => {
    const post = (
      doc.paths as Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>
    )[operation.path]!.post;
    return [operation.path, ajv.compile(post.requestBody.content['application/json']!.schema)] as const;
  }),
);
const documented = (operation: AnyOperation, body: unknown) => validators.get(operation.path)!(body) === true;
/** The CalculationError the operation throws for the body, or undefined when it accepts it. */
const refusal = (operation: AnyOperation, body: unknown) => {
  try {
    operation.parse(body);
    return undefined;
  } catch (error) {
    if (!isCalculationError(error)) throw error;
    return error;
  }
};
const accepted = (operation: AnyOperation, body: unknown) => refusal(operation, body) === undefined;
/** The field the operation's first issue names, when it refuses the body. */
const refusedField = (operation: AnyOperation, body: unknown) => refusal(operation, body)?.issues[0]?.path;
const op = (path: string) => registry.get(path)!;

describe('documented request schemas', () => {
  it.each(registry.operations.map((operation) => [operation.path, operation] as const))(
    '%s: every accepted request is valid against the document',
    (_, operation) => {
      fc.assert(
        fc.property(
          fc.oneof(inputArbitrary(operation, {}, { extremes: true }), rawInputArbitrary(operation)),
          (raw) => {
            const text = JSON.stringify(raw);
            fc.pre(text !== undefined);
            const body = JSON.parse(text) as unknown;
            if (!accepted(operation, body)) return;
            const valid = documented(operation, body);
            expect(valid ? [] : validators.get(operation.path)!.errors, text).toEqual([]);
          },
        ),
        { numRuns: 100 },
      );
      expect(documented(operation, operation.example), 'the example').toBe(true);
    },
  );
});

describe('cross-field rules: the document refuses what the operation refuses', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['tvm solves for a given field', '/v1/tvm', { solve_for: 'pmt', rate: 0.01, nper: 12, pmt: 5 }, 'pmt'],
    ['tvm without nper', '/v1/tvm', { solve_for: 'pmt', rate: 0.01 }, 'nper'],
    [
      'npv-irr with both flow lists',
      '/v1/cashflow/npv-irr',
      {
        rate: 0.1,
        cashflows: [-1, 2],
        dated_cashflows: [
          { date: '2025-01-01', amount: -1 },
          { date: '2026-01-01', amount: 2 },
        ],
      },
      'dated_cashflows',
    ],
    ['npv-irr with neither', '/v1/cashflow/npv-irr', { rate: 0.1 }, 'cashflows'],
    [
      'annuity with premium and target',
      '/v1/annuity',
      { ...op('/v1/annuity').example, target_annual_income: 5000 },
      'target_annual_income',
    ],
    [
      'annuity period certain without years',
      '/v1/annuity',
      { ...op('/v1/annuity').example, payout_type: 'period_certain' },
      'period_certain_years',
    ],
    [
      'annuity joint fields on a life annuity',
      '/v1/annuity',
      { ...op('/v1/annuity').example, payout_type: 'life', joint_age: 60 },
      'joint_age',
    ],
    [
      'tax estimate spouse age on a single return',
      '/v1/tax/estimate',
      { ...op('/v1/tax/estimate').example, filing_status: 'single', spouse_age: 60 },
      'spouse_age',
    ],
    [
      'tax estimate blind spouse on a single return',
      '/v1/tax/estimate',
      { ...op('/v1/tax/estimate').example, filing_status: 'single', spouse_blind: true },
      'spouse_blind',
    ],
    [
      'bracket fill without a ceiling',
      '/v1/retirement/withdrawal-sequencing',
      {
        ...op('/v1/retirement/withdrawal-sequencing').example,
        strategy: 'bracket_fill',
        bracket_ceiling: undefined,
      },
      'bracket_ceiling',
    ],
  ];
  it.each(cases)('%s', (_, path, raw, field) => {
    const operation = op(path);
    const body = JSON.parse(JSON.stringify(raw)) as unknown;
    expect(refusedField(operation, body)).toBe(field);
    expect(documented(operation, body)).toBe(false);
  });

  it('long-term care: a rider rate without a rider, and a rider without a rate', () => {
    const operation = op('/v1/insurance/long-term-care');
    const example = operation.example as { policy: Record<string, unknown> };
    for (const policy of [
      { ...example.policy, inflation_rider: 'none', inflation_rider_rate: 0.03 },
      { ...example.policy, inflation_rider: 'compound', inflation_rider_rate: undefined },
    ]) {
      const body = JSON.parse(JSON.stringify({ ...example, policy })) as unknown;
      expect(refusedField(operation, body)).toBe('policy.inflation_rider_rate');
      expect(documented(operation, body)).toBe(false);
    }
  });
});

describe('case-insensitive codes: the document accepts every case the operation accepts', () => {
  it.each([
    ['/v1/tax/state-income', { tax_year: 2025, filing_status: 'single', state_taxable_income: 50_000 }],
    ['/v1/tax/cliff-map', { tax_year: 2025, filing_status: 'single', ordinary_income: 50_000 }],
  ] as const)('%s: state IL, il, Il accepted and documented; XX and ILL refused by both', (path, base) => {
    const operation = op(path);
    for (const state of ['IL', 'il', 'Il', 'dc', 'Ny']) {
      expect(accepted(operation, { ...base, state }), state).toBe(true);
      expect(documented(operation, { ...base, state }), state).toBe(true);
    }
    for (const state of ['XX', 'xx', 'ILL', 'I', '']) {
      expect(refusedField(operation, { ...base, state }), state).toBe('state');
      expect(documented(operation, { ...base, state }), state).toBe(false);
    }
  });
});
