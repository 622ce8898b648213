/**
 * Cross-origin access: which origins may call, the preflight answer, and the headers every reply to an
 * allowed origin carries.
 * @module
 */
import type { RequestParts } from './request';
import { clip, errorReply, type Reply } from './responses';

const CORS_REQUEST_HEADERS = 'authorization, content-type, x-api-key';
const CORS_EXPOSED_HEADERS = 'ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after';

/** The `cors` option of `createHandler`. */
export interface CorsOptions {
  /** The origins allowed: exact `scheme://host[:port]` strings, or `'*'` for any. */
  readonly origins: readonly string[] | '*';
  /** How long a browser may cache a preflight, in seconds (default 600). */
  readonly maxAgeSeconds?: number;
}

/** The CORS policy of a handler, from its `cors` option (checked here). */
export interface CorsPolicy {
  /** Whether `origin` may call. */
  allows(origin: string): boolean;
  /** The answer to a preflight `OPTIONS` request on an endpoint that allows `allow`. */
  preflight(request: RequestParts, allow: string): Reply;
  /** `reply` with the CORS headers when the request came from an allowed origin. */
  decorate(request: RequestParts, reply: Reply): Reply;
}

/** The policy of `cors`; undefined when CORS is off. */
export function corsPolicy(cors: CorsOptions | undefined): CorsPolicy | undefined {
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
  const allows = (origin: string) => any || origins.has(origin);
  return {
    allows,
    preflight(request, allow) {
      const origin = request.header('origin');
      if (origin === undefined) return { status: 204, headers: { allow }, body: '' };
      if (!allows(origin))
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
          'access-control-max-age': String(maxAge),
        },
        body: '',
      };
    },
    decorate(request, reply) {
      const origin = request.header('origin');
      if (origin === undefined || !allows(origin)) return reply;
      const headers: Record<string, string> = {
        ...reply.headers,
        'access-control-allow-origin': any ? '*' : origin,
        'access-control-expose-headers': CORS_EXPOSED_HEADERS,
      };
      if (!any) headers.vary = 'origin';
      return { ...reply, headers };
    },
  };
}
