// Properties every operation must hold, over inputs generated from its own schema (finplan/testing):
// determinism, no non-finite number or null in a result, and bad input is a CalculationError (a 400),
// never another exception (a 500).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCalculationError } from '../../src/core/errors';
import { registry } from '../../src/operations';
import { inputArbitrary, rawInputArbitrary } from '../../src/testing/index';

function assertFiniteTree(value: unknown, where = 'result'): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${where} is ${value}`).toBe(true);
    expect(Object.is(value, -0), `${where} is -0`).toBe(false);
  } else if (value === null) {
    throw new Error(`${where} is null`);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertFiniteTree(item, `${where}[${i}]`);
  } else if (typeof value === 'object')
    for (const [k, v] of Object.entries(value)) assertFiniteTree(v, `${where}.${k}`);
}

// Stochastic operations are slow at their default sizes; cap the paths they simulate here (also when
// num_simulations is omitted and would default to 10,000).
function cheap(input: unknown, simulated = false): unknown {
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

/** Whether the operation's request has a num_simulations field. */
function simulates(operation: (typeof registry.operations)[number]): boolean {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return schema.properties?.['num_simulations'] !== undefined;
}

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
        { numRuns: 60 },
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
        { numRuns: 60 },
      );
    });
  },
);
