import { isCalculationError } from '../core/errors';
import type { AnyOperation } from '../core/operation';
import { createRegistry } from '../core/registry';
import { registry as allOperations } from '../operations';
import { hashApiKey, matchApiKey, presentedKey } from './api-keys';
import { buildOpenApiDocument } from './openapi';
import { errorResponse, jsonResponse, payloadTooLarge } from './responses';
import { MemoryStore, type Store } from './store';
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
  /** Shared state (rate-limit buckets); default a new {@link MemoryStore}. */
  readonly store?: Store;
  /** Largest request body in bytes, default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Operations served; default every finplan operation. */
  readonly operations?: readonly AnyOperation[];
  /** `servers` of the OpenAPI document. */
  readonly servers?: readonly { url: string; description?: string }[];
  /** Called with every unexpected error (a 500); the response never carries it. */
  readonly onError?: (error: unknown, request: Request) => void;
}

/** A Fetch API handler: `(request) => Promise<Response>`. */
export type Handler = (request: Request) => Promise<Response>;

class BodyTooLarge extends Error {}

/** Read at most `limit` bytes of the body; throws BodyTooLarge as soon as it is exceeded. */
async function readBody(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

function rateHeaders(limit: number, decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * The finplan HTTP adapter as a Fetch API handler: every operation is `POST /v1/...`; `GET /readyz`,
 * `GET /healthz` and `GET /openapi.json` are public. Auth by `Authorization: Bearer <key>` or
 * `X-API-Key`, a per-key token bucket (off in `dev`), JSON errors with the status codes of SPEC.md.
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
  const keyHashes = [...(options.apiKeys ?? []).map(hashApiKey), ...(options.apiKeyHashes ?? [])];
  const store = options.store ?? new MemoryStore();
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!(Number.isInteger(rateLimit) && rateLimit > 0))
    throw new RangeError('rateLimit must be a positive integer');
  let openApiJson: string | undefined;

  const publicGet = async (pathname: string): Promise<Response | undefined> => {
    switch (pathname) {
      case '/healthz':
        return jsonResponse(200, { status: 'ok' });
      case '/readyz':
        try {
          await store.ping();
          return jsonResponse(200, { status: 'ready' });
        } catch (error) {
          const reason = error instanceof Error && error.message ? error.message : 'store unreachable';
          return jsonResponse(503, { status: 'unavailable', reason: `store unreachable: ${reason}` });
        }
      case '/openapi.json':
        openApiJson ??= JSON.stringify(
          buildOpenApiDocument(registry.operations, options.servers ? { servers: options.servers } : {}),
        );
        return new Response(openApiJson, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      default:
        return undefined;
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const operation = registry.get(pathname);
    if (!operation) {
      const isPublic = pathname === '/healthz' || pathname === '/readyz' || pathname === '/openapi.json';
      if (isPublic) {
        if (request.method === 'GET' || request.method === 'HEAD') return (await publicGet(pathname))!;
        return errorResponse(
          405,
          'method_not_allowed',
          `${request.method} is not allowed on ${pathname}; use GET`,
          {
            headers: { allow: 'GET, HEAD' },
          },
        );
      }
      return errorResponse(404, 'not_found', `no operation at ${pathname}`);
    }
    if (request.method !== 'POST') {
      return errorResponse(
        405,
        'method_not_allowed',
        `${request.method} is not allowed on ${pathname}; use POST`,
        {
          headers: { allow: 'POST' },
        },
      );
    }

    const key = presentedKey(request);
    const keyHash = key === undefined ? undefined : matchApiKey(key, keyHashes);
    if (!keyHash) {
      return errorResponse(
        401,
        'unauthorized',
        key === undefined
          ? 'missing credential: send Authorization: Bearer <key> or X-API-Key: <key>'
          : 'invalid credential',
        { headers: { 'www-authenticate': 'Bearer realm="finplan"' } },
      );
    }

    let headers: Record<string, string> = {};
    if (!options.dev) {
      let decision: RateDecision;
      try {
        decision = await store.takeToken(`rate:${keyHash}`, rateLimit);
      } catch {
        return errorResponse(503, 'service_unavailable', 'the rate-limit store is unreachable');
      }
      headers = rateHeaders(rateLimit, decision);
      if (!decision.allowed) {
        return errorResponse(429, 'rate_limited', `over the budget of ${rateLimit} requests per minute`, {
          headers: { ...headers, 'retry-after': String(decision.retryAfterSeconds) },
        });
      }
    }

    if (!isJsonContentType(request.headers.get('content-type'))) {
      return errorResponse(415, 'unsupported_media_type', 'the request body must be application/json', {
        headers,
      });
    }
    const declared = Number(request.headers.get('content-length'));
    if (declared > maxBodyBytes) return payloadTooLarge(maxBodyBytes);
    let text: string;
    try {
      text = await readBody(request, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return payloadTooLarge(maxBodyBytes);
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'parse error';
      return errorResponse(400, 'invalid_json', `the request body is not valid JSON: ${detail}`, { headers });
    }
    try {
      return jsonResponse(200, operation.run(body), headers);
    } catch (error) {
      if (isCalculationError(error)) {
        return errorResponse(400, error.code, error.message, { issues: error.issues, headers });
      }
      throw error;
    }
  };

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      options.onError?.(error, request);
      return errorResponse(500, 'internal_error', 'internal error');
    }
  };
}
