import * as z from 'zod/mini';
import { OFFLOAD_COST, requestCost, tokensFor } from '../core/cost';
import type { Envelope } from '../core/envelope';
import { envelopeJson } from '../core/envelope-json';
import { isCalculationError } from '../core/errors';
import { type AnyOperation, toCalculationError } from '../core/operation';
import { createRegistry } from '../core/registry';
import { DeadlineExceededError, withDeadline } from '../core/simulation/deadline';
import { registry as allOperations } from '../operations';
import { hashApiKey, INVALID, idempotencyToken, matchApiKeyHash, presentedCredential } from './api-keys';
import { buildOpenApiDocument } from './openapi';
import {
  DEFAULT_MAX_KEYS_CREATED_PER_DAY,
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  KeyCreateRequest,
  KeyListRequest as KeyListRequestSchema,
  KeyRevokeRequest,
  keyInfo,
  lastDays,
  newAccountId,
  newKey,
  OPERATOR_ACCOUNT,
  PLATFORM_PATHS,
  type PlatformPath,
  page,
  SignupRequest,
  secondsToNextUtcDay,
  UsageRequest,
  usageByKey,
  utcDay,
} from './platform';
import {
  clip,
  errorReply,
  JSON_CONTENT_TYPE,
  jsonReply,
  payloadTooLarge,
  type Reply,
  toResponse,
} from './responses';
import {
  MemoryKeyStore,
  MemoryStore,
  MemoryUsageStore,
  synchronousRecord,
  synchronousTakeToken,
} from './stores/memory';
import type { KeyRecord, KeyStore, RateLimitStore, UsageStore } from './stores/types';
import type { RateDecision } from './token-bucket';

/** Default largest request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default per-key budget: requests per minute. */
export const DEFAULT_RATE_LIMIT = 60;

/** Options of {@link createHandler}. */
export interface HandlerOptions {
  /** API keys accepted (plain; hashed at start-up and never kept). */
  readonly apiKeys?: readonly string[];
  /** API keys accepted, as SHA-256 hex digests ({@link hashApiKey}). */
  readonly apiKeyHashes?: readonly string[];
  /** Per-key budget in requests per minute (token bucket), default 60. */
  readonly rateLimit?: number;
  /** Development mode: rate limits off. */
  readonly dev?: boolean;
  /** Rate-limit buckets; default a new {@link MemoryStore}. `redisStores(client)` gives all three stores. */
  readonly store?: RateLimitStore;
  /** Accounts and keys issued by the platform endpoints; default a new {@link MemoryKeyStore}. */
  readonly keyStore?: KeyStore;
  /** Request counts for `/v1/usage`; default a new {@link MemoryUsageStore}. */
  readonly usageStore?: UsageStore;
  /**
   * Serve the public `POST /v1/signup` (an email creates an account and its first key), off by default;
   * `{ rateLimit }` sets the signups per minute from one client address (default 5).
   */
  readonly signup?: boolean | { readonly rateLimit?: number };
  /** Most active keys an account may hold (default 10); `/v1/keys/create` is 409 beyond it. */
  readonly maxKeysPerAccount?: number;
  /** Most keys an account may create in one UTC day (default 100); `/v1/keys/create` is 429 beyond it. */
  readonly maxKeysCreatedPerDay?: number;
  /**
   * Proxies in front of the server whose `X-Forwarded-For` is trusted to name the client (default 0:
   * the connection's address). With 1, the last address in the header is the client's.
   */
  readonly trustProxy?: number;
  /** Largest request body in bytes, default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Operations served; default every finplan operation. */
  readonly operations?: readonly AnyOperation[];
  /**
   * Where the API is mounted, for a handler that receives the full path of each request (a Next.js
   * route handler, a Hono or Express route under a prefix): `'/api/finplan'` serves
   * `/api/finplan/v1/tvm`, `/api/finplan/healthz` and `/api/finplan/openapi.json`, and anything not under
   * the prefix is 404. Segments of unreserved characters, no trailing slash; default none.
   */
  readonly basePath?: string;
  /**
   * `servers` of the OpenAPI document (default `[{ url: '/' }]`, or `[{ url: basePath }]`). With a
   * `basePath`, each server URL that does not already end with it gets it appended.
   */
  readonly servers?: readonly { url: string; description?: string }[];
  /**
   * Called with every unexpected error (a 500); the response never carries it, and an error the callback
   * throws is ignored (the 500 is sent). Keep it from blocking: `createErrorLog` of `finplan/node` logs
   * to stderr off the main thread.
   */
  readonly onError?: (error: unknown, request: { method: string; pathname: string }) => void;
  /**
   * Cross-origin access for browsers, off by default: the origins allowed (exact `scheme://host[:port]`
   * strings, or `'*'` for any), and how long a browser may cache a preflight (default 600 s).
   * Preflight `OPTIONS` requests are answered without a credential; every reply to an allowed origin
   * carries `Access-Control-Allow-Origin` and exposes the rate-limit headers.
   */
  readonly cors?: { readonly origins: readonly string[] | '*'; readonly maxAgeSeconds?: number };
  /**
   * Where costly operations compute for a Fetch host on Node (Hono's node-server, Next.js, any host that
   * hands the handler `Request` objects): a worker pool from `finplan/node` (`sharedWorkerPool()` or a
   * `new WorkerPool()`), so that simulations and other heavy calls leave the thread that answers probes
   * and cheap calls. Without it (or where the pool is not available) everything computes in the calling
   * thread, as on runtimes without worker threads. `toNodeListener` brings its own pool.
   */
  readonly pool?: OperationPool;
  /**
   * Deadline of a calculation from its arrival, in ms (default 10,000): then 503 with Retry-After. In
   * `pool` it bounds the job, queue wait included; computed in the calling thread, simulations check
   * it between paths (every 64), and other operations, bounded by their cost, run to the end.
   */
  readonly deadlineMs?: number;
}

/** Default deadline of an operation run in a worker pool, queue wait included: 10 s. */
export const DEFAULT_DEADLINE_MS = 10_000;

/**
 * A pool that computes built-in operations off the calling thread from their parsed input and resolves
 * with the envelope; `WorkerPool` of `finplan/node` is one.
 */
export interface OperationPool {
  /** Whether jobs really leave the calling thread (false: compute in-thread). */
  readonly available: boolean;
  /**
   * Compute the operation at `path` on `input` (already parsed) within `deadlineMs` of now; `body`, when
   * given, is the JSON text `input` was parsed from, which a pool may send its worker instead of `input`
   * (a string costs far less to copy to another thread) to parse again.
   */
  run(path: string, input: unknown, deadlineMs: number, body?: string): Promise<Envelope<unknown>>;
  /**
   * Read a request body off the calling thread: parse `body` (the JSON text as received) for the
   * operation at `path`, validate it, call `admit` with its declared cost in path-steps (the adapter
   * charges the rate-limit tokens then) and, unless `admit` resolves false, compute it; resolves with the
   * envelope's JSON text (byte for byte what the calling thread would send), or undefined when `admit`
   * said no. Rejects with {@link InvalidJsonError} for text that is not JSON, the `CalculationError` of
   * invalid input, or {@link ServiceUnavailableError}. Optional: without it, bodies are read in the
   * calling thread.
   */
  runBody?(
    path: string,
    body: string,
    deadlineMs: number,
    admit: (cost: number) => Promise<boolean>,
  ): Promise<string | undefined>;
}

/**
 * Thrown when a request body is not JSON, parsed off the calling thread (see
 * {@link OperationPool.runBody}): `message` is the parser's, as the 400 `invalid_json` reply quotes it.
 *
 * @example
 * ```ts
 * import { InvalidJsonError } from 'finplan/http';
 * new InvalidJsonError('Unexpected end of JSON input').name; // 'InvalidJsonError'
 * ```
 */
export class InvalidJsonError extends Error {
  override readonly name = 'InvalidJsonError';
}

/**
 * Runs a costly operation's computation (a cost of `OFFLOAD_COST` path-steps or more) somewhere other
 * than the calling thread, e.g. a worker pool (`toNodeListener` does this); gets the parsed input and the
 * JSON text of the body it was parsed from (parsing it again gives the same input), returns the envelope.
 * Rejects with {@link ServiceUnavailableError} when it cannot finish in time.
 */
export interface Executor {
  (operation: AnyOperation, input: unknown, body?: string): Promise<Envelope<unknown>>;
  /**
   * Optional: parse, validate and compute from the body text alone, off the calling thread, as
   * {@link OperationPool.runBody} does (`admit` gets the declared cost before the computation); the
   * adapter offers it bodies of `OFFLOAD_COST` characters or more, which then never get parsed on the
   * thread that answers requests. Returns undefined at once for an operation it cannot run (the adapter
   * then reads the body itself).
   */
  readonly fromBody?: (
    operation: AnyOperation,
    body: string,
    admit: (cost: number) => Promise<boolean>,
  ) => Promise<string | undefined> | undefined;
}

/**
 * Thrown by an {@link Executor} that is saturated or ran past its deadline: the adapter answers 503
 * with `Retry-After`.
 *
 * @example
 * ```ts
 * import { ServiceUnavailableError } from 'finplan/http';
 * new ServiceUnavailableError('the simulation did not finish within 10000 ms', 2).retryAfterSeconds; // 2
 * ```
 */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * An {@link Executor} running finplan's own operations in `pool` (a worker knows only those; any other
 * computes in-thread); undefined when the pool is not available.
 *
 * @example
 * ```ts
 * import { poolExecutor } from 'finplan/http';
 * import { sharedWorkerPool } from 'finplan/node';
 * const execute = poolExecutor(sharedWorkerPool(), 5_000); // undefined when running from source
 * ```
 */
export function poolExecutor(pool: OperationPool, deadlineMs: number): Executor | undefined {
  if (!(Number.isInteger(deadlineMs) && deadlineMs > 0))
    throw new RangeError('deadlineMs must be a positive integer');
  if (!pool.available) return undefined;
  const builtIn = (operation: AnyOperation) => allOperations.get(operation.path) === operation;
  const execute: Executor = (operation, input, body) =>
    builtIn(operation)
      ? pool.run(operation.path, input, deadlineMs, body)
      : Promise.resolve().then(() => operation.run(input));
  const runBody = pool.runBody?.bind(pool);
  if (!runBody) return execute;
  return Object.assign(execute, {
    // The workers know finplan's own operations only: the adapter reads any other body in-thread.
    fromBody: (operation: AnyOperation, body: string, admit: (cost: number) => Promise<boolean>) =>
      builtIn(operation) ? runBody(operation.path, body, deadlineMs, admit) : undefined,
  });
}

/**
 * The client address that `trustProxy` proxies put in `X-Forwarded-For` (each appends the address it
 * was reached from: the client's is the `trustProxy`-th from the end); undefined without proxies or
 * without that many entries.
 */
export function forwardedClient(header: string | undefined, trustProxy: number): string | undefined {
  if (trustProxy <= 0 || !header) return undefined;
  const hops = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops[hops.length - trustProxy]?.slice(0, 100) || undefined;
}

/**
 * Thrown by {@link RequestParts.readBody} when the client went away before its body arrived whole (it
 * aborted, its connection reset): a client event, answered 400 if anyone still listens, never reported
 * to `onError`.
 */
export class RequestAbortedError extends Error {
  override readonly name = 'RequestAbortedError';
  constructor() {
    super('the client went away before its request body arrived whole');
  }
}

/** Returned by {@link RequestParts.readBody} when the body crosses the limit. */
export const TOO_LARGE = Symbol('finplan.body-too-large');

/**
 * What the adapter needs of a request, whatever carried it (a Fetch `Request`, a node:http message):
 * bridges implement it directly to skip building Fetch objects.
 */
export interface RequestParts {
  readonly method: string;
  /** The path of the request target exactly as sent: not decoded, not normalised, no query. */
  readonly pathname: string;
  /** A header by lower-case name. */
  header(name: string): string | undefined;
  /**
   * The body as UTF-8 text, or {@link TOO_LARGE} as soon as it crosses `limit` bytes (the rest unread);
   * rejects with {@link RequestAbortedError} when the client goes away before it arrived whole.
   */
  readBody(limit: number): Promise<string | typeof TOO_LARGE>;
  /** Where costed operations compute (default: the handler's `pool`, else the calling thread). */
  readonly execute?: Executor | undefined;
  /** The address of the connection's peer (node:http sets it); what signups are rate-limited by. */
  readonly clientAddress?: string | undefined;
  /** Deadline of a calculation from its arrival, in ms (default: the handler's `deadlineMs`). */
  readonly deadlineMs?: number | undefined;
}

/** The symbol under which a handler exposes its Fetch-free core to bridges. */
export const HANDLER_CORE: unique symbol = Symbol.for('finplan.http.handler-core');

/** A Fetch API handler: `(request) => Promise<Response>`. */
export interface Handler {
  (request: Request): Promise<Response>;
  /** The same handler on `RequestParts`, for bridges (`toNodeListener` uses it). */
  readonly [HANDLER_CORE]: (parts: RequestParts) => Promise<Reply>;
}

const UTF8 = new TextDecoder();

/** A body stream that fails mid-way failed because its client went away. */
const aborted = (): never => {
  throw new RequestAbortedError();
};

/**
 * Read at most `limit` bytes of a Fetch body; {@link TOO_LARGE} as soon as it is exceeded. A body whose
 * `Content-Length` is within the limit is read whole (`arrayBuffer()`): on Node's Fetch objects (Hono's
 * node-server, Next.js) that skips the web-stream reader, which cost about 80 us a request. The host's
 * HTTP parser frames the body by that length; the length of what arrived is checked all the same. A body
 * of unknown length is streamed and cut off at the limit.
 */
async function readFetchBody(request: Request, limit: number): Promise<string | typeof TOO_LARGE> {
  // Before `request.body`: @hono/node-server builds a whole undici Request when that is read.
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d{1,15}$/.test(declared) && Number(declared) <= limit) {
    const bytes = await request.arrayBuffer().catch(aborted);
    return bytes.byteLength > limit ? TOO_LARGE : UTF8.decode(bytes);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(aborted);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return UTF8.decode(bytes);
}

/** A mount path: one or more `/segment`s of RFC 3986 unreserved characters, none of them `.` or `..`. */
function isBasePath(path: string): boolean {
  return /^(?:\/[A-Za-z0-9._~-]+)+$/.test(path) && !path.split('/').some((s) => s === '.' || s === '..');
}

/** The path of an absolute URL as written, without the query or fragment (no URL object, no decoding). */
export function pathOfUrl(url: string): string {
  const authority = url.indexOf('//');
  const start = url.indexOf('/', authority === -1 ? 0 : authority + 2);
  if (start === -1) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

function fetchParts(request: Request): RequestParts {
  return {
    method: request.method,
    pathname: pathOfUrl(request.url),
    header: (name) => request.headers.get(name) ?? undefined,
    readBody: (limit) => readFetchBody(request, limit),
  };
}

function rateHeaders(limit: number, decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === 'application/json') return true;
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

const PROBES = new Set(['/healthz', '/readyz', '/openapi.json']);
/** The identity behind an accepted credential. */
interface Identity {
  readonly hash: string;
  readonly keyId: string;
  readonly accountId: string;
  /** The stored key; undefined for a key configured at start-up. */
  readonly record?: KeyRecord;
  /** Its rate-limit bucket. */
  readonly bucket: string;
}
const NO_STORE = { 'cache-control': 'no-store' };
/** The 400 reply to a body that is not JSON, quoting the parser (the same wherever it was parsed). */
const invalidJson = (error: unknown, headers: Record<string, string>) =>
  errorReply(
    400,
    'invalid_json',
    `the request body is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    { headers },
  );
const storeUnavailable = (what: string) =>
  errorReply(503, 'service_unavailable', `the ${what} store is unreachable; try again shortly`, {
    headers: { 'retry-after': '1' },
  });
const CORS_REQUEST_HEADERS = 'authorization, content-type, x-api-key';
const CORS_EXPOSED_HEADERS = 'ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after';

/** Which origins may call, from {@link HandlerOptions.cors}; undefined when CORS is off. */
function corsPolicy(cors: HandlerOptions['cors']) {
  if (!cors) return undefined;
  const any = cors.origins === '*';
  const origins = new Set(any ? [] : cors.origins);
  for (const origin of origins) {
    if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(origin))
      throw new TypeError(`cors.origins: "${origin}" is not an origin (scheme://host[:port], no path)`);
  }
  const maxAge = cors.maxAgeSeconds ?? 600;
  if (!(Number.isInteger(maxAge) && maxAge >= 0))
    throw new RangeError('cors.maxAgeSeconds must be an integer >= 0');
  return {
    allows: (origin: string) => any || origins.has(origin),
    /** Headers every reply to an allowed origin carries. */
    headers: (origin: string): Record<string, string> => ({
      'access-control-allow-origin': any ? '*' : origin,
      'access-control-expose-headers': CORS_EXPOSED_HEADERS,
      ...(any ? {} : { vary: 'origin' }),
    }),
    maxAge,
  };
}

/**
 * The finplan HTTP adapter as a Fetch API handler: every operation is `POST /v1/...`; `GET /readyz`,
 * `GET /healthz` and `GET /openapi.json` are public. Auth by `Authorization: Bearer <key>` or
 * `X-API-Key`, a per-key token bucket (off in `dev`), JSON errors with the status codes of docs/interface.md.
 * Runs on Node (via `toNodeListener`), Bun, Deno, Workers, or inside Hono / Next.js routes.
 *
 * @example
 * ```ts
 * import { createHandler } from 'finplan/http';
 * const handler = createHandler({ apiKeys: [process.env.FINPLAN_KEY!], rateLimit: 120 });
 * // Bun.serve({ fetch: handler }); Deno.serve(handler); export default { fetch: handler };
 * ```
 */
export function createHandler(options: HandlerOptions = {}): Handler {
  const registry = options.operations ? createRegistry(options.operations) : allOperations;
  const basePath = options.basePath ?? '';
  if (basePath !== '' && !isBasePath(basePath))
    throw new RangeError(
      `basePath must be '/segment[/segment...]' of letters, digits, '-', '_', '.' and '~', without a trailing slash: ${JSON.stringify(basePath)}`,
    );
  const servers = basePath
    ? (options.servers ?? [{ url: '' }]).map((server) => ({
        ...server,
        url: server.url.endsWith(basePath) ? server.url : `${server.url.replace(/\/$/, '')}${basePath}`,
      }))
    : options.servers;
  for (const key of options.apiKeys ?? []) {
    if (typeof key !== 'string' || key.length === 0) throw new TypeError('apiKeys must be non-empty strings');
  }
  for (const hash of options.apiKeyHashes ?? []) {
    if (!/^[0-9a-f]{64}$/.test(hash))
      throw new TypeError('apiKeyHashes must be lower-case SHA-256 hex digests (hashApiKey)');
  }
  const keyHashes = [...(options.apiKeys ?? []).map(hashApiKey), ...(options.apiKeyHashes ?? [])];
  /** The identity of each configured key, built once. */
  const configured = new Map<string, Identity>(
    keyHashes.map((hash) => [
      hash,
      { hash, keyId: `key_${hash.slice(0, 16)}`, accountId: OPERATOR_ACCOUNT, bucket: `rate:${hash}` },
    ]),
  );
  const store = options.store ?? new MemoryStore();
  const keyStore = options.keyStore ?? new MemoryKeyStore();
  const usageStore = options.usageStore ?? new MemoryUsageStore();
  // The in-memory stores answer synchronously: no promise per request.
  const takeTokenNow = synchronousTakeToken(store);
  const recordNow = synchronousRecord(usageStore);
  const signupRate =
    options.signup === undefined || options.signup === false
      ? undefined
      : options.signup === true
        ? DEFAULT_SIGNUP_RATE_LIMIT
        : (options.signup.rateLimit ?? DEFAULT_SIGNUP_RATE_LIMIT);
  if (signupRate !== undefined && !(Number.isInteger(signupRate) && signupRate > 0))
    throw new RangeError('signup.rateLimit must be a positive integer');
  const maxKeys = options.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT;
  if (!(Number.isInteger(maxKeys) && maxKeys > 0))
    throw new RangeError('maxKeysPerAccount must be a positive integer');
  const maxCreatedPerDay = options.maxKeysCreatedPerDay ?? DEFAULT_MAX_KEYS_CREATED_PER_DAY;
  if (!(Number.isInteger(maxCreatedPerDay) && maxCreatedPerDay > 0))
    throw new RangeError('maxKeysCreatedPerDay must be a positive integer');
  const trustProxy = options.trustProxy ?? 0;
  if (!(Number.isInteger(trustProxy) && trustProxy >= 0))
    throw new RangeError('trustProxy must be an integer >= 0');
  const platformPaths = new Set<string>(
    PLATFORM_PATHS.filter((path) => path !== '/v1/signup' || signupRate !== undefined),
  );
  const stores = [...new Set<{ ping(): Promise<void> }>([store, keyStore, usageStore])];
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const cors = corsPolicy(options.cors);
  /** Where costly operations compute when the bridge brings no executor of its own. */
  const poolExecute = options.pool
    ? poolExecutor(options.pool, options.deadlineMs ?? DEFAULT_DEADLINE_MS)
    : undefined;
  if (!(Number.isInteger(rateLimit) && rateLimit > 0))
    throw new RangeError('rateLimit must be a positive integer');
  let openApiJson: string | undefined;

  const probe = async (pathname: string): Promise<Reply> => {
    if (pathname === '/healthz') return jsonReply(200, { status: 'ok' });
    if (pathname === '/readyz') {
      try {
        await Promise.all(stores.map((s) => s.ping()));
        return jsonReply(200, { status: 'ready' });
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : 'store unreachable';
        return jsonReply(503, { status: 'unavailable', reason: `store unreachable: ${reason}` });
      }
    }
    openApiJson ??= JSON.stringify(
      buildOpenApiDocument(registry.operations, {
        ...(servers ? { servers } : {}),
        signup: signupRate !== undefined,
      }),
    );
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: openApiJson };
  };

  const preflight = (request: RequestParts, allow: string): Reply => {
    const origin = request.header('origin');
    if (origin === undefined) return { status: 204, headers: { allow }, body: '' };
    if (!cors?.allows(origin))
      return errorReply(
        403,
        'forbidden_origin',
        `the origin ${clip(origin)} is not allowed to call this API`,
      );
    return {
      status: 204,
      headers: {
        allow,
        'access-control-allow-methods': allow,
        'access-control-allow-headers': CORS_REQUEST_HEADERS,
        'access-control-max-age': String(cors.maxAge),
      },
      body: '',
    };
  };

  /** The client's address: the connection's, or from X-Forwarded-For behind `trustProxy` proxies. */
  const clientAddress = (request: RequestParts): string =>
    forwardedClient(request.header('x-forwarded-for'), trustProxy) ?? request.clientAddress ?? 'unknown';

  const unauthorized = (problem: string) =>
    errorReply(401, 'unauthorized', problem, { headers: { 'www-authenticate': 'Bearer realm="finplan"' } });

  /** The identity of a key issued by the platform (from the key store), or the 401 / 503 reply. */
  const storedIdentity = async (hash: string): Promise<Identity | Reply> => {
    let record: KeyRecord | undefined;
    try {
      record = await keyStore.findKey(hash);
      // The first use is recorded before the key is served: from then on a signup with the account's
      // email cannot replace the key (see KeyStore.createAccount).
      if (
        record &&
        !record.revokedAt &&
        !record.usedAt &&
        !(await keyStore.markUsed(hash, new Date().toISOString()))
      )
        record = undefined;
    } catch {
      return storeUnavailable('key');
    }
    if (record && !record.revokedAt)
      return {
        hash: record.hash,
        keyId: record.id,
        accountId: record.accountId,
        record,
        bucket: `rate:${record.hash}`,
      };
    return unauthorized(record ? 'invalid credential: the key was revoked' : 'invalid credential');
  };

  /**
   * The identity of the request's credential, or the 401 / 503 reply: synchronous for a key configured
   * at start-up, a promise when the key store is asked.
   */
  const authenticate = (request: RequestParts): Identity | Reply | Promise<Identity | Reply> => {
    const credential = presentedCredential(request.header);
    if (credential === undefined)
      return unauthorized('missing credential: send Authorization: Bearer <key> or X-API-Key: <key>');
    if ('problem' in credential) return unauthorized(credential.problem);
    const hash = hashApiKey(credential.key);
    const match = matchApiKeyHash(hash, keyHashes);
    return match ? (configured.get(match) as Identity) : storedIdentity(hash);
  };

  /** The body text, after the content type and size checks; or the error reply. */
  const readText = async (
    request: RequestParts,
    headers: Record<string, string>,
  ): Promise<string | Reply> => {
    if (!isJsonContentType(request.header('content-type'))) {
      return errorReply(415, 'unsupported_media_type', 'the request body must be application/json', {
        headers,
      });
    }
    if (Number(request.header('content-length')) > maxBodyBytes)
      return payloadTooLarge(maxBodyBytes, headers);
    const text = await request.readBody(maxBodyBytes);
    return text === TOO_LARGE ? payloadTooLarge(maxBodyBytes, headers) : text;
  };

  /** The JSON body, after the content type and size checks; or the error reply. */
  const readJson = async (
    request: RequestParts,
    headers: Record<string, string>,
  ): Promise<{ json: unknown; text: string } | Reply> => {
    const text = await readText(request, headers);
    if (typeof text !== 'string') return text;
    try {
      return { json: JSON.parse(text), text };
    } catch (error) {
      return invalidJson(error, headers);
    }
  };

  /** Validate a platform request body; throws the CalculationError (400) naming the field. */
  const parsePlatform = <S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> => {
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw toCalculationError(parsed.error, body);
    return parsed.data;
  };

  const signup = async (request: RequestParts): Promise<Reply> => {
    if (!options.dev) {
      let decision: RateDecision;
      try {
        decision = await store.takeToken(`signup:${clientAddress(request)}`, signupRate!, 1);
      } catch {
        return storeUnavailable('rate-limit');
      }
      if (!decision.allowed)
        return errorReply(429, 'rate_limited', `over ${signupRate} signups per minute from this address`, {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
    }
    const read = await readJson(request, {});
    if (!('json' in read)) return read;
    const { email: given } = parsePlatform(SignupRequest, read.json);
    const email = given.toLowerCase();
    const now = new Date();
    const account = { id: newAccountId(), email, createdAt: now.toISOString() };
    const { apiKey, record } = newKey(account.id, '', now);
    let accountId: string | undefined;
    try {
      accountId = await keyStore.createAccount(account, record);
    } catch {
      return storeUnavailable('key');
    }
    if (accountId === undefined) return errorReply(409, 'email_taken', 'an account with this email exists');
    return jsonReply(201, { account_id: accountId, email, api_key: apiKey, key: keyInfo(record) }, NO_STORE);
  };

  const platformCall = async (
    path: PlatformPath,
    request: RequestParts,
    identity: Identity,
    body: unknown,
    headers: Record<string, string>,
    decision: RateDecision | undefined,
  ): Promise<Reply> => {
    const operator = identity.accountId === OPERATOR_ACCOUNT && !identity.record;
    const forbidden = () =>
      errorReply(
        403,
        'forbidden',
        'keys configured on the server belong to no account: manage them in the server configuration',
        { headers },
      );
    try {
      switch (path) {
        case '/v1/keys/create': {
          const { name = '' } = parsePlatform(KeyCreateRequest, body);
          if (operator) return forbidden();
          const token = idempotencyToken(request.header('idempotency-key'));
          if (token === INVALID)
            return errorReply(
              400,
              'invalid_request',
              'the Idempotency-Key header must be 1 to 255 visible ASCII characters',
              { headers },
            );
          const now = new Date();
          const { apiKey, record } = newKey(identity.accountId, name, now);
          const limits = { maxActive: maxKeys, maxCreatedPerDay, day: utcDay(now.getTime()) };
          const outcome = await keyStore.addKey(record, limits, token);
          if (outcome === 'too_many_active')
            return errorReply(
              409,
              'too_many_keys',
              `an account holds at most ${maxKeys} active keys: revoke one first`,
              { headers },
            );
          if (outcome === 'too_many_today')
            return errorReply(
              429,
              'rate_limited',
              `an account creates at most ${maxCreatedPerDay} keys a day (UTC); try again tomorrow`,
              { headers: { ...headers, 'retry-after': String(secondsToNextUtcDay(now.getTime())) } },
            );
          if (outcome === 'idempotency_key_used')
            return errorReply(
              409,
              'idempotency_key_used',
              'the key created with this Idempotency-Key has been used or revoked: send a new Idempotency-Key',
              { headers },
            );
          return jsonReply(201, { api_key: apiKey, key: keyInfo(record) }, { ...headers, ...NO_STORE });
        }
        case '/v1/keys/list': {
          const { limit, cursor } = parsePlatform(KeyListRequestSchema, body);
          if (operator) return forbidden();
          const listed = page(await keyStore.listKeys(identity.accountId), [], limit, cursor);
          return jsonReply(200, { keys: listed.keys.map(keyInfo), next_cursor: listed.nextCursor }, headers);
        }
        case '/v1/keys/revoke': {
          const { key_id } = parsePlatform(KeyRevokeRequest, body);
          if (operator) return forbidden();
          const revoked = await keyStore.revokeKey(identity.accountId, key_id, new Date().toISOString());
          if (!revoked)
            return errorReply(404, 'key_not_found', `this account has no key ${clip(key_id, 64)}`, {
              headers,
            });
          return jsonReply(200, { key: keyInfo(revoked) }, headers);
        }
        default: {
          const { days: count, limit, cursor } = parsePlatform(UsageRequest, body);
          const days = lastDays(Date.now(), count);
          const [keys, rows] = await Promise.all([
            operator ? Promise.resolve([]) : keyStore.listKeys(identity.accountId),
            usageStore.usage(identity.accountId, days),
          ]);
          const listed = page(keys, [...new Set(rows.map((row) => row.keyId))], limit, cursor);
          const perKey = usageByKey(listed.keys, rows, days, listed.others);
          return jsonReply(
            200,
            {
              account_id: identity.accountId,
              days,
              total: rows.reduce((sum, row) => sum + row.count, 0),
              rate_limit: decision
                ? {
                    limit_per_minute: rateLimit,
                    remaining: decision.remaining,
                    reset_seconds: decision.resetSeconds,
                  }
                : null,
              keys: perKey,
              next_cursor: listed.nextCursor,
            },
            headers,
          );
        }
      }
    } catch (error) {
      if (isCalculationError(error))
        return errorReply(400, error.code, error.message, { issues: error.issues, headers });
      return errorReply(
        503,
        'service_unavailable',
        'the key or usage store is unreachable; try again shortly',
        {
          headers: { ...headers, 'retry-after': '1' },
        },
      );
    }
  };

  const handle = async (request: RequestParts): Promise<Reply> => {
    const { method } = request;
    if (basePath && !(request.pathname.startsWith(basePath) && request.pathname[basePath.length] === '/'))
      return errorReply(404, 'not_found', `no operation at ${clip(request.pathname)}`);
    const pathname = basePath ? request.pathname.slice(basePath.length) : request.pathname;
    const operation = registry.get(pathname);
    const platform = platformPaths.has(pathname) ? (pathname as PlatformPath) : undefined;
    if (!operation && !platform && !PROBES.has(pathname))
      return errorReply(404, 'not_found', `no operation at ${clip(request.pathname)}`);
    const allow = operation || platform ? 'POST' : 'GET, HEAD';
    if (method === 'OPTIONS' && cors) return preflight(request, allow);
    if (!operation && !platform) {
      if (method === 'GET' || method === 'HEAD') return probe(pathname);
      return errorReply(
        405,
        'method_not_allowed',
        `${clip(method, 20)} is not allowed on ${clip(request.pathname)}; use GET`,
        {
          headers: { allow },
        },
      );
    }
    if (method !== 'POST') {
      return errorReply(
        405,
        'method_not_allowed',
        `${clip(method, 20)} is not allowed on ${clip(request.pathname)}; use POST`,
        {
          headers: { allow },
        },
      );
    }
    if (platform === '/v1/signup') {
      try {
        return await signup(request);
      } catch (error) {
        if (isCalculationError(error))
          return errorReply(400, error.code, error.message, { issues: error.issues });
        throw error;
      }
    }

    const authenticated = authenticate(request);
    const identity = authenticated instanceof Promise ? await authenticated : authenticated;
    if ('status' in identity) return identity;

    // One token on arrival; a costly request pays the rest of its cost once its body is validated.
    let headers: Record<string, string> = {};
    let lastDecision: RateDecision | undefined;
    const decide = (decision: RateDecision, count: number): Reply | undefined => {
      lastDecision = decision;
      headers = rateHeaders(rateLimit, decision);
      if (decision.allowed) return undefined;
      return errorReply(
        429,
        'rate_limited',
        count === 1
          ? `over the budget of ${rateLimit} requests per minute`
          : `this request costs ${Math.min(count, rateLimit)} tokens of the budget of ${rateLimit} per minute; not enough are left`,
        { headers: { ...headers, 'retry-after': String(decision.retryAfterSeconds) } },
      );
    };
    const chargeStore = async (count: number): Promise<Reply | undefined> => {
      let decision: RateDecision;
      try {
        decision = await store.takeToken(identity.bucket, rateLimit, count);
      } catch {
        return storeUnavailable('rate-limit');
      }
      return decide(decision, count);
    };
    /** Take `count` tokens: the refusal (429, or 503 when the store fails), or undefined. */
    const charge = (count: number): Reply | undefined | Promise<Reply | undefined> => {
      if (options.dev) return undefined;
      if (!takeTokenNow) return chargeStore(count);
      let decision: RateDecision;
      try {
        decision = takeTokenNow(identity.bucket, rateLimit, count);
      } catch {
        return storeUnavailable('rate-limit');
      }
      return decide(decision, count);
    };
    const charged = charge(1);
    const refused = charged instanceof Promise ? await charged : charged;
    if (refused) return refused;

    if (platform) {
      const read = await readJson(request, headers);
      if (!('json' in read)) return read;
      return platformCall(platform, request, identity, read.json, headers, lastDecision);
    }

    // Counted against its key (a failure to count never fails the request); awaited before the reply
    // so that /v1/usage right after sees it.
    if (recordNow) {
      try {
        recordNow(identity.accountId, identity.keyId, utcDay(Date.now()), operation!.path);
      } catch {}
      return calculate(operation!, request, () => headers, charge);
    }
    const counted = usageStore
      .record(identity.accountId, identity.keyId, utcDay(Date.now()), operation!.path)
      .catch(() => {});
    try {
      return await calculate(operation!, request, () => headers, charge);
    } finally {
      await counted;
    }
  };

  const calculate = async (
    operation: AnyOperation,
    request: RequestParts,
    rateHeadersNow: () => Record<string, string>,
    charge: (count: number) => Reply | undefined | Promise<Reply | undefined>,
  ): Promise<Reply> => {
    let headers = rateHeadersNow();
    // In this thread, simulations stop once the deadline from arrival has passed (a pool has its own).
    const deadlineMs = request.deadlineMs ?? options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const deadlineAt = Date.now() + deadlineMs;
    const text = await readText(request, headers);
    if (typeof text !== 'string') return text;
    // Tokens are paid as the cost becomes known: 1 on arrival, then those of reading the body, then
    // those of its declared cost once validated; never more than the bucket holds, so that any request
    // can pass once the bucket is full.
    let paid = 1;
    const pay = (cost: number): Reply | undefined | Promise<Reply | undefined> => {
      const tokens = Math.min(tokensFor(requestCost(cost, text.length)), rateLimit);
      if (tokens <= paid) return undefined;
      const settle = (refused: Reply | undefined) => {
        if (refused) return refused;
        paid = tokens;
        headers = rateHeadersNow();
        return undefined;
      };
      const charged = charge(tokens - paid);
      return charged instanceof Promise ? charged.then(settle) : settle(charged);
    };
    try {
      const bodyPaid = pay(0);
      const overBudgetBody = bodyPaid instanceof Promise ? await bodyPaid : bodyPaid;
      if (overBudgetBody) return overBudgetBody;
      const execute = request.execute ?? poolExecute;
      // A body whose reading alone is work of OFFLOAD_COST or more is parsed where it computes.
      if (execute?.fromBody && requestCost(0, text.length) >= OFFLOAD_COST) {
        let refused: Reply | undefined;
        const admit = async (cost: number) => {
          refused = await pay(cost);
          return refused === undefined;
        };
        const offloaded = execute.fromBody(operation, text, admit);
        if (offloaded) {
          const json = await offloaded;
          if (json === undefined) {
            if (refused) return refused;
            throw new Error('the pool dropped a request that was admitted');
          }
          return { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body: json };
        }
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        return invalidJson(error, headers);
      }
      const input = operation.parse(json);
      const cost = operation.cost(input);
      const costPaid = pay(cost);
      const overBudget = costPaid instanceof Promise ? await costPaid : costPaid;
      if (overBudget) return overBudget;
      // Work of about 2 ms or more leaves the thread that answers probes and cheap calls.
      if (execute && cost >= OFFLOAD_COST)
        return jsonReply(200, await execute(operation, input, text), headers);
      const computed = withDeadline(deadlineAt, deadlineMs, () => operation.compute(input));
      const body = envelopeJson(operation, input, computed);
      return { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
    } catch (error) {
      if (error instanceof InvalidJsonError) return invalidJson(error, headers);
      if (isCalculationError(error)) {
        return errorReply(400, error.code, error.message, { issues: error.issues, headers });
      }
      if (error instanceof DeadlineExceededError) {
        return errorReply(503, 'service_unavailable', error.message, {
          headers: { ...headers, 'retry-after': String(Math.ceil(error.deadlineMs / 1000)) },
        });
      }
      if (error instanceof ServiceUnavailableError) {
        return errorReply(503, 'service_unavailable', error.message, {
          headers: { ...headers, 'retry-after': String(error.retryAfterSeconds) },
        });
      }
      throw error;
    }
  };

  const answer = async (request: RequestParts): Promise<Reply> => {
    try {
      return await handle(request);
    } catch (error) {
      // The client's doing, not a bug: no 500, nothing for onError (it would page someone).
      if (error instanceof RequestAbortedError)
        return errorReply(400, 'invalid_request', 'the request body did not arrive whole');
      try {
        options.onError?.(error, { method: request.method, pathname: clip(request.pathname) });
      } catch {
        // A failing logger must not turn the 500 into a rejected promise (a dropped connection).
      }
      return errorReply(500, 'internal_error', 'internal error');
    }
  };
  const core = !cors
    ? answer
    : async (request: RequestParts): Promise<Reply> => {
        const reply = await answer(request);
        const origin = request.header('origin');
        if (origin === undefined || !cors.allows(origin)) return reply;
        return { ...reply, headers: { ...reply.headers, ...cors.headers(origin) } };
      };
  const handler = async (request: Request) => toResponse(await core(fetchParts(request)), request.method);
  return Object.assign(handler, { [HANDLER_CORE]: core });
}
