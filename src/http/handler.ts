import type { AnyOperation } from '../core/operation';
import { createRegistry } from '../core/registry';
import { servedRegistry as allOperations } from '../served-operations';
import { createAuthenticator } from './auth';
import { createCalculator } from './calculate';
import { type CorsOptions, corsPolicy } from './cors';
import { createLimiter } from './limit';
import { createPlatformRoutes } from './platform-routes';
import { DEFAULT_DEADLINE_MS, type OperationPool, poolExecutor } from './pool';
import { createProbes } from './probes';
import { fetchParts, RequestAbortedError, type RequestParts } from './request';
import { clip, errorReply, type Reply, toResponse } from './responses';
import { createRouter, mountedServers, wrongMethod } from './route';
import { MemoryKeyStore, MemoryStore, MemoryUsageStore } from './stores/memory';
import type { KeyStore, RateLimitStore, UsageStore } from './stores/types';

export {
  DEFAULT_DEADLINE_MS,
  type Executor,
  InvalidJsonError,
  type OperationPool,
  poolExecutor,
  ServiceUnavailableError,
} from './pool';
export {
  forwardedClient,
  pathOfUrl,
  RequestAbortedError,
  type RequestParts,
  TOO_LARGE,
} from './request';

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
  readonly cors?: CorsOptions;
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

/** The symbol under which a handler exposes its Fetch-free core to bridges. */
export const HANDLER_CORE: unique symbol = Symbol.for('finplan.http.handler-core');

/** A Fetch API handler: `(request) => Promise<Response>`. */
export interface Handler {
  (request: Request): Promise<Response>;
  /** The same handler on `RequestParts`, for bridges (`toNodeListener` uses it). */
  readonly [HANDLER_CORE]: (parts: RequestParts) => Promise<Reply>;
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
  const store = options.store ?? new MemoryStore();
  const keyStore = options.keyStore ?? new MemoryKeyStore();
  const usageStore = options.usageStore ?? new MemoryUsageStore();
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  // The steps, each checking its own options.
  const platform = createPlatformRoutes({ ...options, store, keyStore, usageStore, rateLimit, maxBodyBytes });
  const route = createRouter({ registry, platformPaths: platform.paths, basePath });
  const authenticate = createAuthenticator({ ...options, keyStore });
  const cors = corsPolicy(options.cors);
  const calculate = createCalculator({
    rateLimit,
    maxBodyBytes,
    deadlineMs: options.deadlineMs,
    execute: options.pool ? poolExecutor(options.pool, options.deadlineMs ?? DEFAULT_DEADLINE_MS) : undefined,
    usageStore,
  });
  const meter = createLimiter({ store, rateLimit, dev: options.dev });
  const probe = createProbes({
    stores: [store, keyStore, usageStore],
    operations: registry.operations,
    servers: mountedServers(options.servers, basePath),
    signup: platform.signupOn,
  });

  // Route, method (and CORS preflight), probes and signup, authentication, the arrival token, then the
  // platform call or the calculation. A step that answers synchronously is not awaited.
  const handle = async (request: RequestParts): Promise<Reply> => {
    const to = route(request.pathname);
    if ('status' in to) return to;
    if (request.method === 'OPTIONS' && cors) return cors.preflight(request, to.allow);
    const refusedMethod = wrongMethod(to, request.method, request.pathname);
    if (refusedMethod) return refusedMethod;
    if (to.kind === 'probe') return probe(to.path);
    if (to.kind === 'platform' && to.path === '/v1/signup') return platform.signup(request);

    const authenticated = authenticate(request);
    const identity = authenticated instanceof Promise ? await authenticated : authenticated;
    if ('status' in identity) return identity;
    const requestMeter = meter(identity.bucket);
    const charged = requestMeter.charge(1);
    const refused = charged instanceof Promise ? await charged : charged;
    if (refused) return refused;

    if (to.kind === 'platform') return platform.call(to.path, request, identity, requestMeter);
    return calculate(to.operation, request, identity, requestMeter);
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
    : async (request: RequestParts): Promise<Reply> => cors.decorate(request, await answer(request));
  const handler = async (request: Request) => toResponse(await core(fetchParts(request)), request.method);
  return Object.assign(handler, { [HANDLER_CORE]: core });
}
