/**
 * fast-check arbitraries of inputs for every finplan operation, derived from the same zod schema that
 * types, validates and documents the operation. Needs `fast-check` (a peer dependency).
 * @module testing
 */
import type fc from 'fast-check';
import * as z from 'zod/mini';
import type { AnyOperation } from '../core/operation';
import { registry } from '../operations';
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary';

export { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary';

type Input = Record<string, unknown>;

/**
 * Repairs for cross-field rules that random values almost never meet (weights summing to 1): applied
 * before the schema filter so that most generated values are valid.
 */
const repairs: Record<string, (input: Input) => Input> = {
  '/v1/capital-market-assumptions': (input) => {
    const assets = (input.assets as { weight: number }[] | undefined) ?? [];
    const total = assets.reduce((sum, asset) => sum + asset.weight, 0);
    const { correlation_matrix: _dropped, ...rest } = input;
    return {
      ...rest,
      assets: assets.map((asset, i) => ({
        ...asset,
        name: `asset ${i}`,
        weight: total > 0 ? asset.weight / total : 1 / assets.length,
      })),
    };
  },
  // years x periods_per_year must be a whole number of periods.
  '/v1/goal-funding': (input) => {
    const perYear = typeof input.periods_per_year === 'number' ? input.periods_per_year : 12;
    if (typeof input.years !== 'number' || !(perYear > 0)) return input;
    return { ...input, years: Math.max(1, Math.round(input.years * perYear)) / perYear };
  },
  // Exactly one of cashflows or dated_cashflows.
  '/v1/cashflow/npv-irr': (input) => {
    if (input.cashflows !== undefined) {
      const { dated_cashflows: _dropped, ...rest } = input;
      return rest;
    }
    return input.dated_cashflows !== undefined ? input : { ...input, cashflows: [-100, 110] };
  },
};

/**
 * Values shaped like the operation's request (types and bounds of its JSON Schema), valid or not:
 * for checking that no input, valid or invalid, crashes anything.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { tvm } from 'finplan/utilities';
 * import { rawInputArbitrary } from 'finplan/testing';
 * fc.assert(fc.property(rawInputArbitrary(tvm), (raw) => { try { tvm.run(raw); } catch {} }));
 * ```
 */
export function rawInputArbitrary(operation: AnyOperation): fc.Arbitrary<unknown> {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return arbitraryFromJsonSchema(schema);
}

/**
 * Valid requests of an operation: schema-shaped values, repaired where a cross-field rule needs it,
 * kept only when the operation's own schema accepts them.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { tvm } from 'finplan/utilities';
 * import { inputArbitrary } from 'finplan/testing';
 * fc.assert(fc.property(inputArbitrary(tvm), (input) => {
 *   try { tvm(input); } catch (e) { if (!isCalculationError(e)) throw e; } // no_solution is allowed
 * }));
 * ```
 */
export function inputArbitrary<O extends AnyOperation>(operation: O): fc.Arbitrary<Parameters<O>[0]> {
  const repair = repairs[operation.path] ?? ((input: Input) => input);
  return rawInputArbitrary(operation)
    .map((raw) => (typeof raw === 'object' && raw !== null ? repair(raw as Input) : raw))
    .filter((raw) => operation.input.safeParse(raw).success) as fc.Arbitrary<Parameters<O>[0]>;
}

/**
 * Valid-request arbitraries of every operation, by path.
 *
 * @example
 * ```ts
 * import { arbitraries } from 'finplan/testing';
 * const tvmRequests = arbitraries()['/v1/tvm'];
 * ```
 */
export function arbitraries(): Record<string, fc.Arbitrary<unknown>> {
  return Object.fromEntries(
    registry.operations.map((operation) => [operation.path, inputArbitrary(operation)]),
  );
}
