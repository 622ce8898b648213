// The contract every stochastic operation keeps (any operation whose request has `seed` and
// `return_volatility`): the same seed gives the same envelope; with zero volatility the seed no longer
// matters and every percentile collapses to one value (the simulation reduces to arithmetic, which each
// operation's own tests check by hand); probabilities lie in [0, 1]; percentile bands are ordered.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCalculationError } from '../../src/core/errors';
import type { AnyOperation } from '../../src/core/operation';
import { servedRegistry as registry } from '../../src/served-operations';
import { inputArbitrary } from '../../src/testing/index';

function requestFields(operation: AnyOperation): Record<string, unknown> {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return schema.properties ?? {};
}

const stochastic = registry.operations.filter((operation) => {
  const fields = requestFields(operation);
  return 'seed' in fields && 'return_volatility' in fields;
});

/** Keep the runs cheap: at most 40 paths. */
function cheap(input: Record<string, unknown>): Record<string, unknown> {
  const paths = typeof input.num_simulations === 'number' ? input.num_simulations : 40;
  return { ...input, num_simulations: Math.max(2, Math.min(paths, 40)) };
}

const PERCENTILE_KEY = /^p(\d{1,2})$/;

/** Every object of the tree with two or more `pN` keys: its values must not decrease as N rises. */
function percentileGroups(
  value: unknown,
  where = 'result',
  out: [string, number[]][] = [],
): [string, number[]][] {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) percentileGroups(item, `${where}[${i}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const ps = entries
      .filter(([key, member]) => PERCENTILE_KEY.test(key) && typeof member === 'number')
      .map(([key, member]) => [Number(PERCENTILE_KEY.exec(key)![1]), member as number] as const)
      .sort((a, b) => a[0] - b[0]);
    if (ps.length >= 2) out.push([where, ps.map(([, member]) => member)]);
    for (const [key, member] of entries) percentileGroups(member, `${where}.${key}`, out);
  }
  return out;
}

/** Every number under a key that names a probability. */
function probabilities(value: unknown, where = 'result', out: [string, number][] = []): [string, number][] {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) probabilities(item, `${where}[${i}]`, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      if (/probability|success_rate/.test(key) && typeof member === 'number')
        out.push([`${where}.${key}`, member]);
      else probabilities(member, `${where}.${key}`, out);
    }
  }
  return out;
}

function runOrDomainError(operation: AnyOperation, input: unknown) {
  try {
    return operation.run(input);
  } catch (error) {
    if (isCalculationError(error)) return undefined;
    throw error;
  }
}

describe('the stochastic operations are found', () => {
  it('includes debt-vs-invest', () => {
    expect(stochastic.map((operation) => operation.path)).toContain('/v1/debt-vs-invest');
  });
});

describe.each(stochastic.map((operation) => [operation.path, operation] as const))('%s', (_, operation) => {
  const inputs = inputArbitrary(operation, {}, { extremes: true }).map((input) =>
    cheap(input as Record<string, unknown>),
  );

  it('declares its cost in path-steps (bounded by MAX_PATH_STEPS, charged and run off the main thread)', () => {
    expect(operation.stochastic).toBe(true);
  });

  it('the same seed gives the same envelope; probabilities in [0, 1]; bands ordered', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const first = runOrDomainError(operation, input);
        if (!first) return;
        expect(operation.run(structuredClone(input))).toEqual(first);
        // One assertion over every probability and band (an expect() each cost more than the run).
        const wrong: string[] = [];
        for (const [where, p] of probabilities(first.result)) {
          if (!(p >= 0 && p <= 1)) wrong.push(`${where}: ${p} outside [0, 1]`);
        }
        for (const [where, values] of percentileGroups(first.result)) {
          for (let k = 1; k < values.length; k++)
            if (!(values[k]! >= values[k - 1]!))
              wrong.push(`${where}[${k}]: ${values[k]} < ${values[k - 1]}`);
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('with zero volatility the seed does not matter and every percentile group collapses', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 0xffffffff }), (input, otherSeed) => {
        const flat = { ...input, return_volatility: 0 };
        const a = runOrDomainError(operation, { ...flat, seed: 1 });
        const b = runOrDomainError(operation, { ...flat, seed: otherSeed });
        if (!a || !b) return;
        expect({ ...b.result, seed: 1 }).toEqual({ ...a.result, seed: 1 });
        // Spread across paths is only float noise of the same arithmetic (a fraction of a cent).
        const spread = percentileGroups(a.result)
          .map(([where, values]) => [where, values[values.length - 1]! - values[0]!] as const)
          .filter(([, width]) => !(width <= 0.01));
        expect(spread).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
