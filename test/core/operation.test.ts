import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DISCLAIMER } from '../../src/core/envelope';
import { isCalculationError } from '../../src/core/errors';
import { defineOperation } from '../../src/core/operation';
import { defineYearTables, yearField } from '../../src/core/year-tables';
import { tvm } from '../../src/utilities/tvm';

const demoTables = defineYearTables<{ x: number }>({
  name: 'demo',
  field: 'tax_year',
  files: 'demo/demo',
  tables: { 2024: { x: 1 }, 2025: { x: 2 } },
});

const demo = defineOperation({
  path: '/v1/demo',
  engine: 'demo',
  version: '1.2.3',
  prefix: 'demo',
  summary: 'demo',
  input: z.strictObject({
    tax_year: yearField('year', demoTables),
    x: z.number().check(z.gte(0)),
    nested: z.optional(z.array(z.strictObject({ when: z.string() }))),
    flag: z._default(z.boolean(), false),
  }),
  output: z.object({ y: z.number() }),
  compute: ({ x }) => ({ y: x === 1 ? -0 : 2 * x }),
});

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isCalculationError(error)) return { code: error.code, issues: error.issues, message: error.message };
    throw error;
  }
  throw new Error('no error');
}

describe('defineOperation', () => {
  it('returns the envelope with engine_version, result_id prefix and the fixed disclaimer', () => {
    const envelope = demo({ tax_year: 2024, x: 2 });
    expect(envelope.engine_version).toBe('demo-1.2.3');
    expect(envelope.result_id).toMatch(/^demo_[0-9a-f]{16}$/);
    expect(envelope.result).toEqual({ y: 4 });
    expect(envelope.disclaimer).toBe(DISCLAIMER);
    expect(demo.id).toBe('demo');
    expect(demo.compute({ tax_year: 2024, x: 3, flag: false })).toEqual({ y: 6 });
  });
  it('exposes the engines it uses (none unless declared), outside the envelope', () => {
    expect(demo.uses).toEqual([]);
    const using = defineOperation({
      path: '/v1/demo-using',
      engine: 'demo-using',
      version: '2.0.0',
      uses: [{ name: 'federal-tax', version: '1.0.0' }],
      prefix: 'du',
      summary: 'demo',
      input: z.strictObject({ x: z.number() }),
      output: z.object({ y: z.number() }),
      compute: ({ x }) => ({ y: x }),
    });
    expect(using.uses).toEqual([{ name: 'federal-tax', version: '1.0.0' }]);
    expect(Object.keys(using({ x: 1 }))).not.toContain('uses');
  });
  it('turns -0 in a result into 0', () => {
    expect(Object.is(demo({ tax_year: 2024, x: 1 }).result.y, 0)).toBe(true);
  });
  it('names every bad field, with codes for unknown, missing and out-of-range fields', () => {
    const error = issuesOf(() => demo.run({ tax_year: 2024, x: -1, typo: 1, nested: [{ when: 3 }] }));
    expect(error.code).toBe('invalid_input');
    const byPath = Object.fromEntries(error.issues.map((issue) => [issue.path, issue.code]));
    expect(byPath).toEqual({ x: 'too_small', typo: 'unknown_field', 'nested[0].when': 'invalid_type' });
    const missing = issuesOf(() => demo.run({ tax_year: 2024 }));
    expect(missing.issues).toEqual([{ path: 'x', code: 'required', message: 'is required' }]);
    expect(issuesOf(() => demo.run([1, 2])).issues[0]?.path).toBe('');
  });
  it('an unsupported year is unsupported_year, listing the supported years', () => {
    const error = issuesOf(() => demo.run({ tax_year: 2023, x: 1 }));
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]).toMatchObject({ path: 'tax_year', code: 'unsupported_year' });
    expect(error.message).toContain('supported: 2024, 2025');
  });
});

describe('result_id', () => {
  // Golden ids: they may change only with an engine version bump (and a changeset saying why).
  it.each([
    [{ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 }, 'tvm_32cb55f8db87b85c'],
    [{ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 }, 'tvm_e90baa5da9dff31a'],
    [{ solve_for: 'rate', nper: 48, pmt: -200, pv: 8000 }, 'tvm_19437294c6b98240'],
  ] as const)('golden %j', (input, id) => {
    expect(tvm(input).result_id).toBe(id);
  });
  it('an omitted default and the explicit default share a result_id', () => {
    const omitted = tvm({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 });
    const explicit = tvm({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100, pv: 0, payment_timing: 'end' });
    expect(explicit.result_id).toBe(omitted.result_id);
    expect(demo({ tax_year: 2024, x: 2, flag: false }).result_id).toBe(
      demo({ tax_year: 2024, x: 2 }).result_id,
    );
  });
  it('key order does not matter; any changed field changes it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.boolean(),
        (a, b, flag) => {
          fc.pre(a !== b);
          const idA = demo({ tax_year: 2025, x: a, flag }).result_id;
          expect(demo({ flag, x: a, tax_year: 2025 }).result_id).toBe(idA);
          expect(demo({ tax_year: 2025, x: b, flag }).result_id).not.toBe(idA);
          expect(demo({ tax_year: 2025, x: a, flag: !flag }).result_id).not.toBe(idA);
          expect(demo({ tax_year: 2024, x: a, flag }).result_id).not.toBe(idA);
        },
      ),
    );
  });
});

describe('error messages', () => {
  // finplan writes its own messages (zod/mini has no locale loaded): the same words in the library,
  // over HTTP and in the CLI.
  it('says what was expected and what came', () => {
    const wrong = issuesOf(() => demo.run({ tax_year: 2024, x: 'a', nested: [{ when: 1 }, 2] }));
    expect(wrong.issues).toEqual([
      { path: 'x', code: 'invalid_type', message: 'must be a number (got string)' },
      { path: 'nested[0].when', code: 'invalid_type', message: 'must be a string (got number)' },
      { path: 'nested[1]', code: 'invalid_type', message: 'must be an object (got number)' },
    ]);
  });
  it('states bounds, grouped, inclusive or not', () => {
    expect(issuesOf(() => demo.run({ tax_year: 2024, x: -1 })).issues[0]?.message).toBe('must be at least 0');
    const big = issuesOf(() => tvm.run({ solve_for: 'fv', rate: 0.1, nper: 0, pv: 1e12 }));
    expect(big.issues.map((issue) => issue.message)).toEqual([
      'must be greater than 0',
      'must be less than 1,000,000,000,000',
    ]);
  });
  it('lists the allowed values of an enum', () => {
    expect(issuesOf(() => tvm.run({ solve_for: 'x' })).issues[0]?.message).toBe(
      'must be one of: rate, nper, pmt, pv, fv',
    );
  });
});
