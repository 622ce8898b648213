// Properties every operation must hold, over inputs generated from its own schema (finplan/testing):
// determinism, no non-finite number or null in a result, tiny positive numbers (subnormal ones
// included) in any money or rate field either computed finitely or refused naming the field, and bad
// input is a CalculationError (a 400), never another exception (a 500).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCalculationError } from '../../src/core/errors';
import { servedRegistry as registry } from '../../src/served-operations';
import { inputArbitrary, rawInputArbitrary } from '../../src/testing/index';
import { deep, quickPlan, runsFor } from '../helpers';

/** Whether every number in the tree is finite and none is -0, and nothing is null. */
function finiteTree(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === null) return false;
  if (Array.isArray(value)) return value.every(finiteTree);
  if (typeof value === 'object') return Object.values(value).every(finiteTree);
  return true;
}

// A result holds up to thousands of numbers (series, bands): they are checked in plain code first, and
// only a tree that fails is walked again with an assertion per number, to name the first bad one (an
// expect() per number took about half of this file's time).
function assertFiniteTree(value: unknown): void {
  if (!finiteTree(value)) assertEachFinite(value, 'result');
}

function assertEachFinite(value: unknown, where: string): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${where} is ${value}`).toBe(true);
    expect(Object.is(value, -0), `${where} is -0`).toBe(false);
  } else if (value === null) {
    throw new Error(`${where} is null`);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertEachFinite(item, `${where}[${i}]`);
  } else if (typeof value === 'object')
    for (const [k, v] of Object.entries(value)) assertEachFinite(v, `${where}.${k}`);
}

// Stochastic operations are slow at their default sizes; cap the paths they simulate here (also when
// num_simulations is omitted and would default to 10,000).
function cheap(raw: unknown, simulated = false): unknown {
  const input = quickPlan(raw);
  if (typeof input === 'object' && input !== null && 'num_simulations' in input) {
    return {
      ...input,
      num_simulations: Math.min(Number((input as { num_simulations: number }).num_simulations), 50),
    };
  }
  if (simulated && typeof input === 'object' && input !== null && !Array.isArray(input)) {
    return { ...input, num_simulations: 50 };
  }
  return input;
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

/** The fields holding a non-integer number (money, rates, fractions), as key paths (`[]` for array items). */
function numberFields(schema: SchemaNode, at: string[] = [], out: string[][] = []): string[][] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number') out.push(at);
  for (const [key, member] of Object.entries(schema.properties ?? {}))
    numberFields(member, [...at, key], out);
  if (schema.items) numberFields(schema.items, [...at, '[]'], out);
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) numberFields(member, at, out);
  return out;
}

/**
 * Put `value` at the field `at` of `input` (every item of an array on the way); the issue paths it
 * could be named by (`assets[0].weight`). Nothing when the field is absent from this request.
 */
function putTiny(input: unknown, at: readonly string[], value: number, where = ''): string[] {
  const [head, ...rest] = at;
  if (head === undefined || typeof input !== 'object' || input === null) return [];
  if (head === '[]') {
    if (!Array.isArray(input)) return [];
    return input.flatMap((item, i) => {
      if (rest.length > 0) return putTiny(item, rest, value, `${where}[${i}]`);
      input[i] = value;
      return [`${where}[${i}]`];
    });
  }
  const record = input as Record<string, unknown>;
  const path = where ? `${where}.${head}` : head;
  if (rest.length > 0) return putTiny(record[head], rest, value, path);
  if (!(head in record)) return [];
  record[head] = value;
  return [path];
}

/** Tiny positive numbers: subnormal (down to 5e-324) up to 1e-300, the smallest normal double among them. */
const tinyNumber = fc.oneof(
  fc.double({ min: 5e-324, max: 1e-300, noNaN: true }),
  fc.constantFrom(5e-324, 7e-323, 2.2250738585072014e-308, 1e-300),
);

/** Whether the operation's request has a num_simulations field. */
function simulates(operation: (typeof registry.operations)[number]): boolean {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return schema.properties?.['num_simulations'] !== undefined;
}

// A cliff map searches for every threshold ahead of the household in both directions: hundreds of household
// computations a call, about 50 ms over these inputs (warm), four times the next operation's. It
// runs the valid-input property on fewer samples by default (all 60 under `npm run test:deep`); its own
// properties over random households are in test/tax/cliff-map.test.ts.
const VALID_RUNS: Readonly<Record<string, number>> = { '/v1/tax/cliff-map': deep(10, 60) };

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (_, operation) => {
    const simulated = simulates(operation);
    it('valid inputs give a finite, deterministic envelope (or a domain CalculationError)', () => {
      fc.assert(
        fc.property(inputArbitrary(operation, {}, { extremes: true }), (generated) => {
          const input = cheap(generated, simulated);
          let first: ReturnType<typeof operation.run>;
          try {
            first = operation.run(input);
          } catch (error) {
            expect(isCalculationError(error), String(error)).toBe(true);
            return;
          }
          assertFiniteTree(first.result);
          expect(first.result_id).toMatch(new RegExp(`^${operation.prefix}_[0-9a-f]{16}$`));
          expect(first.engine_version).toBe(operation.engineVersion);
          expect(operation.output.safeParse(first.result).success).toBe(true);
          expect(operation.run(structuredClone(input))).toEqual(first);
        }),
        { numRuns: runsFor(operation, VALID_RUNS[operation.path] ?? deep(25, 60)) },
      );
    });

    it('tiny positive money, rates or fractions give a finite result or a 400 naming a field', () => {
      const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
      const fields = numberFields(schema);
      if (fields.length === 0) return;
      const chosen = fc.array(fc.option(tinyNumber, { nil: undefined, freq: 2 }), {
        minLength: fields.length,
        maxLength: fields.length,
      });
      fc.assert(
        fc.property(inputArbitrary(operation), chosen, (generated, tiny) => {
          const input = structuredClone(cheap(generated, simulated)) as Record<string, unknown>;
          const named = fields.flatMap((at, i) => {
            const value = tiny[i];
            return value === undefined ? [] : putTiny(input, at, value);
          });
          let envelope: ReturnType<typeof operation.run>;
          try {
            envelope = operation.run(input);
          } catch (error) {
            expect(isCalculationError(error), String(error)).toBe(true);
            // A refusal names a field: the tiny one, or the other side of a rule it breaks (earned_income
            // above a tiny ordinary_income, weights summing to 5e-324, a tvm with no solution).
            const paths = (error as { issues: { path: string }[] }).issues.map((issue) => issue.path);
            expect(
              paths.some((path) => path !== ''),
              `${String(error)} names no field (tiny: ${named.join(', ')})`,
            ).toBe(true);
            return;
          }
          assertFiniteTree(envelope.result);
        }),
        { numRuns: runsFor(operation, deep(15, 30)) },
      );
    });

    it('any schema-shaped or arbitrary value is either a result or a CalculationError', () => {
      fc.assert(
        fc.property(fc.oneof(rawInputArbitrary(operation), fc.anything()), (raw) => {
          try {
            assertFiniteTree(operation.run(cheap(raw, simulated)).result);
          } catch (error) {
            expect(isCalculationError(error), String(error)).toBe(true);
          }
        }),
        { numRuns: runsFor(operation, deep(30, 60)) },
      );
    });
  },
);
