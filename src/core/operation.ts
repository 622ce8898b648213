import type { z } from 'zod';
import { buildEnvelope, type Envelope } from './envelope';
import { CalculationError, type CalculationErrorCode, type CalculationIssue } from './errors';

/** What an operation module declares, once. */
export interface OperationConfig<I extends z.ZodType, O extends z.ZodType> {
  /** Exact path from SPEC.md, e.g. `/v1/tvm`. */
  readonly path: `/v1/${string}`;
  /** Engine name; `engine_version` is `${engine}-${version}`. */
  readonly engine: string;
  /** Semver of the engine: bump whenever outputs change for any input. */
  readonly version: `${number}.${number}.${number}`;
  /** `result_id` prefix. */
  readonly prefix: string;
  /** One line for the OpenAPI document and the CLI. */
  readonly summary: string;
  /** Longer description: method, assumptions, sources. */
  readonly description?: string;
  /** Request schema: names as SPEC.md, defaults, bounds, docs. */
  readonly input: I;
  /** Result schema (documentation and tests; not checked at run time). */
  readonly output: O;
  /** Pure computation from the parsed input to the result. */
  readonly compute: (input: z.output<I>) => z.output<O>;
}

/**
 * A finplan operation: call it with a request object to get the {@link Envelope}; its properties
 * expose the schemas, `compute` (no parsing, no envelope: for engines that call engines in loops)
 * and `parse`.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  (input: z.input<I>): Envelope<z.output<O>>;
  readonly kind: 'finplan.operation';
  /** The path without `/v1/`, e.g. `tvm` or `loan/amortization` (the CLI accepts it). */
  readonly id: string;
  readonly path: `/v1/${string}`;
  readonly engine: string;
  readonly version: string;
  readonly engineVersion: string;
  readonly prefix: string;
  readonly summary: string;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  readonly compute: (input: z.output<I>) => z.output<O>;
  /** Validate and apply defaults; throws {@link CalculationError} naming each bad field. */
  readonly parse: (raw: unknown) => z.output<I>;
  /** Parse `raw` (of unknown shape, e.g. a JSON body), compute and wrap in the envelope. */
  readonly run: (raw: unknown) => Envelope<z.output<O>>;
}

/** Any operation, whatever its schemas. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds operations of every schema
export type AnyOperation = Operation<any, any>;

/** Format a zod issue path as `a.b[0].c`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** Turn zod issues into finplan issues; a custom issue may carry `params.finplan` as its error code. */
export function toCalculationError(error: z.ZodError): CalculationError {
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
    const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
    issues.push({
      path: formatPath(issue.path),
      code: params?.finplan ?? (missing ? 'required' : issue.code),
      message: missing ? 'is required' : issue.message.replace(/^Invalid input: /, ''),
    });
  }
  return new CalculationError(
    code,
    issues.length > 0
      ? (issues as [CalculationIssue])
      : [{ path: '', code: 'invalid_input', message: 'invalid input' }],
  );
}

/**
 * Define an operation from its path, engine, schemas and pure `compute`.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * const double = defineOperation({
 *   path: '/v1/double', engine: 'double', version: '1.0.0', prefix: 'dbl', summary: 'Doubles x.',
 *   input: z.strictObject({ x: z.number() }),
 *   output: z.object({ y: z.number() }),
 *   compute: ({ x }) => ({ y: 2 * x }),
 * });
 * double({ x: 2 }).result.y; // 4
 * ```
 */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(
  config: OperationConfig<I, O>,
): Operation<I, O> {
  const engineVersion = `${config.engine}-${config.version}`;
  const meta = { prefix: config.prefix, path: config.path, engineVersion };
  const parse = (raw: unknown): z.output<I> => {
    const parsed = config.input.safeParse(raw);
    if (!parsed.success) throw toCalculationError(parsed.error);
    return parsed.data;
  };
  const run = (raw: unknown): Envelope<z.output<O>> => {
    const input = parse(raw);
    return buildEnvelope(meta, input, config.compute(input));
  };
  const operation = (input: z.input<I>) => run(input);
  return Object.assign(operation, {
    kind: 'finplan.operation' as const,
    id: config.path.slice('/v1/'.length),
    path: config.path,
    engine: config.engine,
    version: config.version,
    engineVersion,
    prefix: config.prefix,
    summary: config.summary,
    description: config.description ?? config.summary,
    input: config.input,
    output: config.output,
    compute: config.compute,
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
