import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { assertAffordable } from './cost';
import { type Envelope, envelopeOfFresh } from './envelope';
import { CalculationError, type CalculationErrorCode, type CalculationIssue } from './errors';
import { fastParse, REJECT } from './fast-parse';

/** Any zod schema (finplan writes its schemas with `zod/mini`; classic zod schemas work too). */
export type Schema = core.$ZodType;

/**
 * An engine another engine or operation calls, by name and version (e.g. `TAX_ENGINE`,
 * `IRMAA_ENGINE`). When its version changes, the outputs of its callers may change too.
 *
 * @example
 * ```ts
 * import type { EngineRef } from 'finplan';
 * const irmaa: EngineRef = { name: 'irmaa', version: '1.0.0' };
 * irmaa.name; // 'irmaa'
 * ```
 */
export interface EngineRef {
  readonly name: string;
  readonly version: string;
}

/** What an operation module declares, once. */
export interface OperationConfig<
  I extends Schema,
  O extends Schema,
  P extends `/v1/${string}` = `/v1/${string}`,
> {
  /** Exact path, e.g. `/v1/tvm`. */
  readonly path: P;
  /** Engine name; `engine_version` is `${engine}-${version}`. */
  readonly engine: string;
  /** Semver of the engine: bump whenever outputs change for any input. */
  readonly version: `${number}.${number}.${number}`;
  /**
   * The engines `compute` calls (e.g. `[TAX_ENGINE]`): a dependency's version change must come with a
   * bump of `version` (`test/goldens/engine-dependencies.json` records the versions each
   * `engine_version` was released with, and `test/goldens.test.ts` checks them).
   */
  readonly uses?: readonly EngineRef[];
  /** `result_id` prefix. */
  readonly prefix: string;
  /** One line for the OpenAPI document and the CLI. */
  readonly summary: string;
  /** Longer description: method, assumptions, sources. */
  readonly description?: string;
  /**
   * A typical request (one of the operation's golden cases): the OpenAPI document shows it with the
   * envelope it gives.
   */
  readonly example?: z.input<I>;
  /** Request schema: names (snake_case, docs/interface.md), defaults, bounds, docs. */
  readonly input: I;
  /** Result schema (documentation and tests; not checked at run time). */
  readonly output: O;
  /** Pure computation from the parsed input to the result. */
  readonly compute: (input: z.output<I>) => z.output<O>;
  /**
   * The work of a whole request (validation, computation, envelope) from its parsed input, in
   * path-steps (`src/core/cost.ts`): paths x steps for a simulation; for any other operation whose work
   * grows with its input (flows, months, years, probes), calibrated by `bench/cost.bench.mjs`. Parsing
   * rejects a request over `MAX_PATH_STEPS` with `too_expensive` naming `costField`; the HTTP adapter
   * charges rate-limit tokens by it and computes requests of `OFFLOAD_COST` or more in its worker pool.
   * Omit it only when the bench shows that no request the schema accepts comes near `OFFLOAD_COST`
   * (then the cost is 0).
   */
  readonly cost?: (input: z.output<I>) => number;
  /** The request field a `too_expensive` error names (default `num_simulations`). */
  readonly costField?: string;
  /**
   * Loads what `compute` needs that cannot load synchronously (the lifetime plan's WebAssembly solver),
   * once; later calls return the same promise. Omit it when there is nothing to load.
   */
  readonly ready?: () => Promise<void>;
  /**
   * How `cost` is figured, in words, for the OpenAPI document (required with `cost`), e.g.
   * `'num_simulations x horizon_years x 12'`.
   */
  readonly costFormula?: string;
}

/**
 * A finplan operation: call it with a request object to get the {@link Envelope}; its properties
 * expose the schemas, `compute` (no parsing, no envelope: for engines that call engines in loops)
 * and `parse`.
 */
export interface Operation<
  I extends Schema = Schema,
  O extends Schema = Schema,
  P extends `/v1/${string}` = `/v1/${string}`,
> {
  (input: z.input<I>): Envelope<z.output<O>>;
  readonly kind: 'finplan.operation';
  /** The path without `/v1/`, e.g. `tvm` or `loan/amortization` (the CLI accepts it). */
  readonly id: string;
  readonly path: P;
  readonly engine: string;
  readonly version: string;
  readonly engineVersion: string;
  /** The engines `compute` calls, with their versions (empty when it calls none). */
  readonly uses: readonly EngineRef[];
  readonly prefix: string;
  readonly summary: string;
  readonly description: string;
  /** A typical request, when the operation declares one. */
  readonly example: z.input<I> | undefined;
  readonly input: I;
  readonly output: O;
  readonly compute: (input: z.output<I>) => z.output<O>;
  /** Path-steps of work a parsed request asks for (0 when the operation declares no cost). */
  readonly cost: (input: z.output<I>) => number;
  /** How the cost is figured, in words; undefined when the operation declares no cost. */
  readonly costFormula: string | undefined;
  /** The request field a `too_expensive` error names; undefined when the operation declares no cost. */
  readonly costField: string | undefined;
  /** Whether the operation draws random paths: its request has a `seed`. */
  readonly stochastic: boolean;
  /**
   * Whether {@link Operation.ready} loads something (the lifetime plan's solver): then await it once
   * before the first call or `compute`, as the HTTP adapter, its workers and the CLI do.
   */
  readonly loadsEngine: boolean;
  /** Resolves once what `compute` needs is loaded (at once for an operation that loads nothing). */
  readonly ready: () => Promise<void>;
  /** Validate and apply defaults; throws {@link CalculationError} naming each bad field. */
  readonly parse: (raw: unknown) => z.output<I>;
  /** Parse `raw` (of unknown shape, e.g. a JSON body), compute and wrap in the envelope. */
  readonly run: (raw: unknown) => Envelope<z.output<O>>;
}

/** Any operation, whatever its schemas. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds operations of every schema
export type AnyOperation = Operation<any, any, `/v1/${string}`>;

const loaded = Promise.resolve();
const nothingToLoad = () => loaded;

/** Format a zod issue path as `a.b[0].c`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** The value at `path` inside `raw` (undefined when any step is missing). */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What a JSON value is, for messages: "string", "array", "null", ... */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'number';
  return typeof value;
}

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function bound(issue: { minimum?: unknown; maximum?: unknown }): string {
  const value = issue.minimum ?? issue.maximum;
  // 1000000000000 reads better as 1,000,000,000,000 (grouped by hand: no locale data needed).
  return typeof value === 'number' && Number.isInteger(value)
    ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : String(value);
}

function items(issue: { minimum?: unknown; maximum?: unknown }): string {
  return `${bound(issue)} ${(issue.minimum ?? issue.maximum) === 1 ? 'item' : 'items'}`;
}

const FORMATS: Record<string, string> = { date: 'a real calendar date written YYYY-MM-DD' };

/**
 * finplan's message for one zod issue: the same wording in the library, over HTTP and in the CLI,
 * whatever zod's locale (zod/mini has none by default).
 */
function messageOf(issue: core.$ZodIssue, raw: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(raw, issue.path);
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      // JSON.parse reads 1e400 as Infinity: a number, but not one any field accepts.
      if (typeof value === 'number' && !Number.isFinite(value))
        return 'must be a finite number (got one beyond ±1.8e308, which JSON parsing turns into infinity)';
      if (issue.expected === 'int' && typeof value === 'number') return 'must be an integer';
      return `must be ${expected} (got ${kindOf(value)})`;
    }
    case 'too_small': {
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'array') return `must have at least ${items(issue)}`;
      if (issue.origin === 'string') return `must be at least ${bound(issue)} characters long`;
      return inclusive ? `must be at least ${bound(issue)}` : `must be greater than ${bound(issue)}`;
    }
    case 'too_big': {
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'array') return `must have at most ${items(issue)}`;
      if (issue.origin === 'string') return `must be at most ${bound(issue)} characters long`;
      return inclusive ? `must be at most ${bound(issue)}` : `must be less than ${bound(issue)}`;
    }
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_format':
      return `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
    case 'invalid_union':
      return 'does not match any of the allowed shapes';
    default:
      return issue.message;
  }
}

/**
 * Turn zod issues into finplan issues; a custom issue may carry `params.finplan` as its error code.
 * `raw` is the unparsed input, used to say what was received.
 */
export function toCalculationError(
  error: { issues: readonly core.$ZodIssue[] },
  raw?: unknown,
): CalculationError {
  let code: CalculationErrorCode = 'invalid_input';
  const issues: CalculationIssue[] = [];
  for (const issue of error.issues) {
    const params = (issue as { params?: { finplan?: CalculationErrorCode } }).params;
    if (params?.finplan && code === 'invalid_input') code = params.finplan;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({
          path: formatPath([...issue.path, key]),
          code: 'unknown_field',
          message: 'unknown field (check the spelling against the schema)',
        });
      }
      continue;
    }
    const missing = issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined;
    issues.push({
      path: formatPath(issue.path),
      code: params?.finplan ?? (missing ? 'required' : issue.code),
      message: missing ? 'is required' : messageOf(issue, raw),
    });
  }
  return new CalculationError(
    code,
    issues.length > 0
      ? (issues as [CalculationIssue])
      : [{ path: '', code: 'invalid_input', message: 'invalid input' }],
  );
}

/** The top-level field names of an object schema (through pipes); none for another kind. */
function fieldNames(schema: Schema): string[] {
  let def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: Schema };
  while (def.type === 'pipe' && def.in !== undefined) def = def.in._zod.def as typeof def;
  return def.type === 'object' && def.shape !== undefined ? Object.keys(def.shape) : [];
}

/**
 * Define an operation from its path, engine, schemas and pure `compute`.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * import { defineOperation } from 'finplan';
 * const double = defineOperation({
 *   path: '/v1/double', engine: 'double', version: '1.0.0', prefix: 'dbl', summary: 'Doubles x.',
 *   input: z.strictObject({ x: z.number() }),
 *   output: z.object({ y: z.number() }),
 *   compute: ({ x }) => ({ y: 2 * x }),
 * });
 * double({ x: 2 }).result.y; // 4
 * ```
 */
export function defineOperation<I extends Schema, O extends Schema, P extends `/v1/${string}`>(
  config: OperationConfig<I, O, P>,
): Operation<I, O, P> {
  const engineVersion = `${config.engine}-${config.version}`;
  const meta = { prefix: config.prefix, path: config.path, engineVersion };
  const declared = config.cost;
  // The cost of each parsed input, figured once when it is parsed (the adapter asks again).
  const costs = new WeakMap<object, number>();
  const cost = (input: z.output<I>): number => {
    if (declared === undefined) return 0;
    const known = typeof input === 'object' && input !== null ? costs.get(input) : undefined;
    return known ?? declared(input);
  };
  // Built on the first parse (not at import, so that loading the package compiles nothing).
  let accept: ((raw: unknown) => unknown) | undefined;
  const parse = (raw: unknown): z.output<I> => {
    // The fast path accepts what zod accepts, with zod's value; zod parses the rest and words the error.
    accept ??= fastParse(config.input);
    let data = accept(raw) as z.output<I> | typeof REJECT;
    if (data === REJECT) {
      const parsed = z.safeParse(config.input, raw);
      if (!parsed.success) throw toCalculationError(parsed.error, raw);
      data = parsed.data;
    }
    if (declared !== undefined) {
      const units = declared(data);
      assertAffordable(units, config.costField ?? 'num_simulations');
      if (typeof data === 'object' && data !== null) costs.set(data, units);
    }
    return data;
  };
  const run = (raw: unknown): Envelope<z.output<O>> => {
    const input = parse(raw);
    return envelopeOfFresh(meta, input, config.compute(input));
  };
  const operation = (input: z.input<I>) => run(input);
  return Object.assign(operation, {
    kind: 'finplan.operation' as const,
    id: config.path.slice('/v1/'.length),
    path: config.path,
    engine: config.engine,
    version: config.version,
    engineVersion,
    uses: config.uses ?? [],
    prefix: config.prefix,
    summary: config.summary,
    description: config.description ?? config.summary,
    example: config.example,
    input: config.input,
    output: config.output,
    compute: config.compute,
    cost,
    costFormula: declared === undefined ? undefined : (config.costFormula ?? ''),
    costField: declared === undefined ? undefined : (config.costField ?? 'num_simulations'),
    stochastic: fieldNames(config.input).includes('seed'),
    loadsEngine: config.ready !== undefined,
    ready: config.ready ?? nothingToLoad,
    parse,
    run,
  });
}

/**
 * Whether `value` is a finplan operation.
 *
 * @example
 * ```ts
 * import { isOperation, tvm } from 'finplan';
 * isOperation(tvm); // true
 * isOperation(() => 1); // false
 * ```
 */
export function isOperation(value: unknown): value is AnyOperation {
  return typeof value === 'function' && (value as { kind?: unknown }).kind === 'finplan.operation';
}
