/**
 * What the adapter reads of a request, whatever carried it: {@link RequestParts}, built from a Fetch
 * `Request` here or directly by a bridge (`toNodeListener`), and the body read with a size cap.
 * @module
 */
import type { Executor } from './pool';

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

/** The path of an absolute URL as written, without the query or fragment (no URL object, no decoding). */
export function pathOfUrl(url: string): string {
  const authority = url.indexOf('//');
  const start = url.indexOf('/', authority === -1 ? 0 : authority + 2);
  if (start === -1) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

/** The {@link RequestParts} of a Fetch `Request`. */
export function fetchParts(request: Request): RequestParts {
  return {
    method: request.method,
    pathname: pathOfUrl(request.url),
    header: (name) => request.headers.get(name) ?? undefined,
    readBody: (limit) => readFetchBody(request, limit),
  };
}
