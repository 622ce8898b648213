import * as z from 'zod/mini';
import { BODY_STEPS_PER_CHAR, MAX_PATH_STEPS, OFFLOAD_COST, PATH_STEPS_PER_TOKEN } from '../core/cost';
import { DISCLAIMER } from '../core/envelope';
import type { AnyOperation, Schema } from '../core/operation';
import {
  servedOperationArea as operationArea,
  servedOperationName as operationName,
  servedRegistry,
} from '../served-operations';
import { PLATFORM_PATHS, PLATFORM_SCHEMAS } from './platform';
import { ERROR_CODES } from './responses';

/** The version of the OpenAPI description: the interface's own version, 1.3.0 (docs/interface.md). */
export const API_VERSION = '1.3.0';

type JsonSchema = Record<string, unknown>;

// The parts of the document that depend on one schema or one operation alone (zod's conversion, the
// example's run: nearly all of a build's time) are made once per process and copied into each document,
// so that a second handler, a base path or another `servers` costs a copy, not a build (0.4 s of CPU).
// Copied, not shared: a caller that edits its document (openapi-typescript does) leaves the next intact.
const converted = { input: new WeakMap<Schema, JsonSchema>(), output: new WeakMap<Schema, JsonSchema>() };
const examples = new WeakMap<AnyOperation, { readonly reply: unknown }>();

function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  let json = converted[io].get(schema);
  if (json === undefined) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    json = rest;
    converted[io].set(schema, json);
  }
  return structuredClone(json);
}

/**
 * The parts of the document each operation and platform path gives (its schemas converted, its example's
 * envelope), as JSON: what building a document spends its time on. The build writes them for the served
 * operations (`dist/openapi-parts.json`, scripts/openapi-parts.mjs) and `finplan/node` reads them back
 * when the first document is built ({@link seedOpenApiPartsFrom}), so that `finplan openapi` and the
 * Node servers do not make them again.
 *
 * @internal
 */
export interface OpenApiParts {
  readonly operations: Readonly<
    Record<
      string,
      { engine_version: string; input: JsonSchema; output: JsonSchema; example?: { reply: unknown } }
    >
  >;
  readonly platform: Readonly<Record<string, { request: JsonSchema; reply: JsonSchema }>>;
}

/**
 * The {@link OpenApiParts} of `operations` and of the platform paths.
 *
 * @internal
 * @example
 * ```ts
 * import { tvm } from 'finplan/utilities';
 * const parts = openApiParts([tvm]);
 * parts.operations['/v1/tvm']?.engine_version; // 'tvm-1.0.1'
 * ```
 */
export function openApiParts(operations: readonly AnyOperation[]): OpenApiParts {
  const example = (operation: AnyOperation) => {
    if (operation.example === undefined || operation.loadsEngine) return {};
    return { example: { reply: exampleEnvelope(operation) } };
  };
  return {
    operations: Object.fromEntries(
      operations.map((operation) => [
        operation.path,
        {
          engine_version: operation.engineVersion,
          input: jsonSchema(operation.input, 'input'),
          output: jsonSchema(operation.output, 'output'),
          ...example(operation),
        },
      ]),
    ),
    platform: Object.fromEntries(
      PLATFORM_PATHS.map((path) => [
        path,
        {
          request: jsonSchema(PLATFORM_SCHEMAS[path].request, 'input'),
          reply: jsonSchema(PLATFORM_SCHEMAS[path].reply, 'output'),
        },
      ]),
    ),
  };
}

/**
 * Take `parts` (made by {@link openApiParts}, read back from JSON) as this process's conversions and
 * example envelopes: for each of `operations` at the engine version the parts were made with, and for
 * the platform paths. A document built afterwards is the one built without them, byte for byte, once
 * serialized (JSON is what was made, and what is served).
 *
 * @internal
 * @example
 * ```ts
 * import { tvm } from 'finplan/utilities';
 * seedOpenApiParts([tvm], JSON.parse(JSON.stringify(openApiParts([tvm]))));
 * ```
 */
export function seedOpenApiParts(operations: readonly AnyOperation[], parts: OpenApiParts): void {
  for (const operation of operations) {
    const part = parts.operations[operation.path];
    if (part === undefined || part.engine_version !== operation.engineVersion) continue;
    converted.input.set(operation.input, part.input);
    converted.output.set(operation.output, part.output);
    if (part.example !== undefined) examples.set(operation, part.example);
  }
  for (const path of PLATFORM_PATHS) {
    const part = parts.platform[path];
    if (part === undefined) continue;
    converted.input.set(PLATFORM_SCHEMAS[path].request, part.request);
    converted.output.set(PLATFORM_SCHEMAS[path].reply, part.reply);
  }
}

/** Where the built parts come from, until the first document is built ({@link seedOpenApiPartsFrom}); then null. */
let partsSource: (() => OpenApiParts | undefined) | null | undefined;

/**
 * Take the parts `read` gives as this process's (see {@link seedOpenApiParts}), when the first document is
 * built: a server that is never asked for its document never reads them. Only the first source counts.
 *
 * @internal
 * @example
 * ```ts
 * seedOpenApiPartsFrom(() => undefined); // no parts: documents are built as without a source
 * ```
 */
export function seedOpenApiPartsFrom(read: () => OpenApiParts | undefined): void {
  if (partsSource === undefined) partsSource = read;
}

function componentName(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: [...ERROR_CODES],
          description:
            'Machine-readable error code: a calculation error (invalid_input, no_solution, unsupported_year, ' +
            'unsupported_jurisdiction, too_expensive) or one of the adapter (see docs/http.md).',
        },
        message: { type: 'string' },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'code', 'message'],
            properties: { path: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

/** One tag per area of the interface (docs/interface.md), in its order. */
const TAGS = [
  {
    name: 'Utilities',
    description: 'Time value of money, loans, cash flows, inflation, contribution limits.',
  },
  { name: 'Retirement', description: 'Simulations, withdrawals, RMDs, conversions, savings targets, HSAs.' },
  { name: 'Retirement income', description: 'Annuities, longevity, survivors, pension lump sums.' },
  { name: 'Social Security', description: 'Claiming ages and benefits.' },
  { name: 'Tax', description: 'Federal and state income tax, brackets, harvesting, asset location.' },
  { name: 'Equity compensation', description: 'Incentive stock options and the AMT.' },
  { name: 'Education', description: 'College savings, student aid, student loans, 529 to Roth.' },
  { name: 'Healthcare', description: 'Medicare IRMAA and penalties, ACA premiums.' },
  { name: 'Insurance', description: 'Life, disability and long-term care needs; term versus permanent.' },
  { name: 'Portfolio', description: 'Capital-market assumptions.' },
  {
    name: 'Lifetime plan',
    description: 'Withdrawals, Roth conversions, spending and claiming optimized over every year.',
  },
  { name: 'Platform', description: 'Probes, signup, keys and usage.' },
  { name: 'Other', description: 'Operations added by the server that mounts finplan.' },
] as const;
type Tag = (typeof TAGS)[number]['name'];

const AREA_TAGS: Record<NonNullable<ReturnType<typeof operationArea>>, Tag> = {
  utilities: 'Utilities',
  retirement: 'Retirement',
  'social-security': 'Social Security',
  tax: 'Tax',
  equity: 'Equity compensation',
  education: 'Education',
  healthcare: 'Healthcare',
  insurance: 'Insurance',
  portfolio: 'Portfolio',
  plan: 'Lifetime plan',
};

/** The operations of the area "Retirement income" (they live in `finplan/retirement`). */
const RETIREMENT_INCOME = new Set([
  '/v1/annuity',
  '/v1/longevity',
  '/v1/retirement/survivor-scenario',
  '/v1/pension/lump-sum-vs-annuity',
]);

function tagOf(path: string): Tag {
  if (RETIREMENT_INCOME.has(path)) return 'Retirement income';
  const area = operationArea(path);
  return area ? AREA_TAGS[area] : 'Other';
}

/** The envelope of the operation's example request, or undefined when it has none (or it fails). */
function exampleEnvelope(operation: AnyOperation): unknown {
  // An operation that loads its engine (the lifetime plan's solver) shows no example reply: computing
  // one would load it, and the document must not depend on whether it is loaded.
  if (operation.example === undefined || operation.loadsEngine) return undefined;
  let example = examples.get(operation);
  if (example === undefined) {
    let reply: unknown;
    try {
      reply = operation.run(operation.example);
    } catch {
      reply = undefined;
    }
    example = { reply };
    examples.set(operation, example);
  }
  return structuredClone(example.reply);
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const rateHeaders = {
  'RateLimit-Limit': { schema: { type: 'integer' }, description: 'Per-minute budget of the key.' },
  'RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left now.' },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the budget is full again.' },
};

const sharedResponses = {
  BadRequest: {
    description:
      'Invalid JSON or input, no solution, unsupported year or jurisdiction, or a simulation asking for more ' +
      'than the path-step bound (too_expensive). At most 20 issues are listed, then one counting the rest.',
    content: errorContent,
  },
  Unauthorized: {
    description: 'Missing or invalid credential.',
    headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    content: errorContent,
  },
  MethodNotAllowed: {
    description: 'Wrong method; `Allow` lists the right one.',
    headers: { Allow: { schema: { type: 'string' } } },
    content: errorContent,
  },
  PayloadTooLarge: { description: 'Request body over the size limit.', content: errorContent },
  UnsupportedMediaType: { description: 'Request body is not application/json.', content: errorContent },
  TooManyRequests: {
    description: "The key's per-minute budget is spent.",
    headers: {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
      ...rateHeaders,
    },
    content: errorContent,
  },
  Forbidden: {
    description: 'A key configured on the server (it belongs to no account) cannot manage keys.',
    content: errorContent,
  },
  Conflict: {
    description: 'email_taken (signup) or too_many_keys (keys/create).',
    content: errorContent,
  },
  ServiceUnavailable: {
    description:
      'The store is unreachable, or (simulations) every worker is busy or the run passed its deadline: retry ' +
      'after Retry-After seconds when it is sent.',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } },
    content: errorContent,
  },
};

const grouped = (value: number) => value.toLocaleString('en-US');

/**
 * How a request to `operation` is charged and placed (docs/http.md, "Cost accounting"): its cost in
 * path-steps, the tokens it takes and where it computes.
 */
function costText(operation: AnyOperation): string {
  // Whatever the operation: the body's own reading (src/core/cost.ts, requestCost).
  const body =
    ` A request is charged at least ${BODY_STEPS_PER_CHAR} path-step per character of its body (its ` +
    `reading); a body of ${grouped(OFFLOAD_COST / BODY_STEPS_PER_CHAR)} characters or more is also parsed ` +
    'in the worker thread when the server has a pool.';
  if (operation.costFormula === undefined)
    return (
      'Cost: small work its request schema bounds (0 path-steps): 1 rate-limit token, computed on the ' +
      `thread that received the request.${body}`
    );
  return (
    `Cost: ${operation.costFormula} path-steps (a path-step is about 0.1 microsecond of one core; at most ` +
    `${grouped(MAX_PATH_STEPS)} path-steps a request, 400 too_expensive over it). A request takes 1 ` +
    `rate-limit token plus 1 per ${grouped(PATH_STEPS_PER_TOKEN)} path-steps (at most the whole budget); ` +
    `from ${grouped(OFFLOAD_COST)} path-steps it computes in a worker thread when the server has a pool, ` +
    `under the server's deadline (503 past it).${body}`
  );
}

/**
 * The OpenAPI 3.1.0 document of the given operations, generated from their schemas: one POST per
 * operation with its request and envelope schemas, the public probes, both security schemes.
 *
 * @example
 * ```ts
 * import { openApiDocument } from 'finplan/http';
 * const doc = openApiDocument();
 * doc.info.version; // '1.3.0'
 * ```
 */
export function buildOpenApiDocument(
  operations: readonly AnyOperation[],
  options: {
    servers?: readonly { url: string; description?: string }[];
    /** Document `POST /v1/signup` (default true; a handler without signup leaves it out). */
    signup?: boolean;
  } = {},
) {
  if (partsSource) {
    const read = partsSource;
    partsSource = null;
    const parts = read();
    if (parts !== undefined) seedOpenApiParts(servedRegistry.operations, parts);
  }
  const schemas: Record<string, JsonSchema> = { Error: errorSchema };
  const usedTags = new Set<Tag>(['Platform']);
  const paths: Record<string, unknown> = {
    '/readyz': {
      get: {
        operationId: 'readyz',
        tags: ['Platform'],
        summary: 'Readiness: 200 when the service and its store answer, 503 when the store does not.',
        description:
          'For load balancers: 503 while the key, usage or rate-limit store does not answer. No credential.',
        security: [],
        responses: {
          '200': {
            description: 'Ready.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
              },
            },
          },
          '405': { $ref: '#/components/responses/MethodNotAllowed' },
          '503': {
            description: 'Not ready.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'reason'],
                  properties: { status: { type: 'string' }, reason: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    '/healthz': {
      get: {
        operationId: 'healthz',
        tags: ['Platform'],
        summary: 'Liveness: 200 while the process serves requests.',
        description: 'For process supervisors: 200 whenever the process answers. No credential.',
        security: [],
        responses: {
          '200': {
            description: 'Alive.',
            content: {
              'application/json': { schema: { type: 'object', properties: { status: { type: 'string' } } } },
            },
          },
          '405': { $ref: '#/components/responses/MethodNotAllowed' },
        },
      },
    },
  };
  for (const operation of operations) {
    const name = componentName(operation.id);
    const example = exampleEnvelope(operation);
    const tag = tagOf(operation.path);
    usedTags.add(tag);
    schemas[`${name}Result`] = jsonSchema(operation.output, 'output');
    schemas[`${name}Envelope`] = {
      type: 'object',
      required: ['result_id', 'engine_version', 'result', 'disclaimer'],
      properties: {
        result_id: { type: 'string', pattern: `^${operation.prefix}_[0-9a-f]{16}$` },
        engine_version: { type: 'string', const: operation.engineVersion },
        result: { $ref: `#/components/schemas/${name}Result` },
        disclaimer: { type: 'string', const: DISCLAIMER },
      },
    };
    paths[operation.path] = {
      post: {
        // The library name (`monteCarlo`), so that a generated client's methods match the functions.
        operationId:
          operationName(operation.path) ??
          operation.id.replace(/[^a-zA-Z0-9]+(.)/g, (_, c: string) => c.toUpperCase()),
        tags: [tag],
        summary: operation.summary,
        description: `${operation.description} ${costText(operation)}`,
        // The cost model (docs/deployment.md, "Cost model"): the formula in path-steps, and the constants
        // that turn a cost into tokens and a place to compute.
        'x-finplan-cost': {
          formula: operation.costFormula ?? '0',
          max_path_steps: MAX_PATH_STEPS,
          path_steps_per_token: PATH_STEPS_PER_TOKEN,
          worker_from_path_steps: OFFLOAD_COST,
        },
        ...(operation.costFormula === undefined ? {} : { 'x-finplan-max-path-steps': MAX_PATH_STEPS }),
        // Inline, not a $ref: generators (openapi-typescript) then type fields with defaults as optional.
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: jsonSchema(operation.input, 'input'),
              ...(example === undefined && !operation.loadsEngine ? {} : { example: operation.example }),
            },
          },
        },
        responses: {
          '200': {
            description: 'The result envelope.',
            headers: rateHeaders,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${name}Envelope` },
                ...(example === undefined ? {} : { example }),
              },
            },
          },
          '400': { $ref: '#/components/responses/BadRequest' },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '405': { $ref: '#/components/responses/MethodNotAllowed' },
          '413': { $ref: '#/components/responses/PayloadTooLarge' },
          '415': { $ref: '#/components/responses/UnsupportedMediaType' },
          '429': { $ref: '#/components/responses/TooManyRequests' },
          '503': { $ref: '#/components/responses/ServiceUnavailable' },
        },
      },
    };
  }
  const IDEMPOTENCY_KEY = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Makes a retry safe: a retry with the same value replaces the key an earlier attempt made.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  };
  for (const path of PLATFORM_PATHS) {
    if (path === '/v1/signup' && options.signup === false) continue;
    const entry = PLATFORM_SCHEMAS[path];
    const name = componentName(path.slice(4));
    schemas[`${name}Reply`] = jsonSchema(entry.reply, 'output');
    const isSignup = path === '/v1/signup';
    paths[path] = {
      post: {
        operationId: name.replace(/^./, (c) => c.toLowerCase()),
        tags: ['Platform'],
        summary: entry.summary,
        description: entry.description,
        ...(isSignup ? { security: [] } : {}),
        ...(path === '/v1/keys/create' ? { parameters: [IDEMPOTENCY_KEY] } : {}),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(entry.request, 'input') } },
        },
        responses: {
          [String(entry.status)]: {
            description: entry.status === 201 ? 'Created.' : 'OK.',
            ...(isSignup ? {} : { headers: rateHeaders }),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Reply` } } },
          },
          '400': { $ref: '#/components/responses/BadRequest' },
          ...(isSignup ? {} : { '401': { $ref: '#/components/responses/Unauthorized' } }),
          ...(path.startsWith('/v1/keys/') ? { '403': { $ref: '#/components/responses/Forbidden' } } : {}),
          ...(path === '/v1/keys/revoke'
            ? { '404': { description: 'key_not_found: the account has no such key.', content: errorContent } }
            : {}),
          '405': { $ref: '#/components/responses/MethodNotAllowed' },
          ...(isSignup || path === '/v1/keys/create'
            ? { '409': { $ref: '#/components/responses/Conflict' } }
            : {}),
          '413': { $ref: '#/components/responses/PayloadTooLarge' },
          '415': { $ref: '#/components/responses/UnsupportedMediaType' },
          '429': { $ref: '#/components/responses/TooManyRequests' },
          '503': { $ref: '#/components/responses/ServiceUnavailable' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'finplan financial-planning calculation API',
      version: API_VERSION,
      description: `Deterministic US financial-planning calculations. ${DISCLAIMER}`,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'finplan', url: 'https://www.npmjs.com/package/finplan' },
    },
    tags: TAGS.filter((tag) => usedTags.has(tag.name)),
    servers: options.servers ?? [{ url: '/', description: 'this server' }],
    security: [{ bearerAuth: [] }, { apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas,
      responses: sharedResponses,
    },
  };
}
