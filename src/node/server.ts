import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorReply, type HttpErrorCode } from '../http/responses';
import { type FetchHandler, type NodeListenerOptions, toNodeListener } from './listener';

/** Limits of {@link createNodeServer}: how long and how many connections a client may hold. */
export interface NodeServerOptions extends NodeListenerOptions {
  /** Time to receive the complete request headers, ms (default 10,000): then 408 and close. */
  readonly headersTimeoutMs?: number;
  /** Time to receive the whole request, ms (default 30,000): then 408 and close. */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, ms (default 5,000). */
  readonly keepAliveTimeoutMs?: number;
  /** Most connections at once (default 1,024); more are refused by closing them. */
  readonly maxConnections?: number;
}

/**
 * The limits {@link createNodeServer} applies unless told otherwise.
 *
 * @example
 * ```ts
 * import { DEFAULT_SERVER_LIMITS } from 'finplan/node';
 * DEFAULT_SERVER_LIMITS.headersTimeoutMs; // 10000
 * ```
 */
export const DEFAULT_SERVER_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_024,
} as const;

const CLIENT_ERRORS: Record<string, [number, HttpErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request_header_fields_too_large', 'the request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'the request took too long to arrive'],
  ERR_HTTP_HEADERS_TIMEOUT: [408, 'request_timeout', 'the request headers took too long to arrive'],
};

/**
 * A `clientError` listener for node:http servers: answers a request Node itself refuses (malformed,
 * headers too large, too slow) with finplan's JSON error object instead of an empty body, then closes.
 * `createNodeServer` installs it; add it to a server of your own with `server.on('clientError', onClientError)`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { onClientError } from 'finplan/node';
 * createServer().on('clientError', onClientError).listenerCount('clientError'); // 1
 * ```
 */
export function onClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'invalid_request',
    'the request is not valid HTTP/1.1',
  ];
  const reply = errorReply(status, code, message);
  const body = Buffer.from(reply.body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${reply.headers['content-type']}\r\n` +
      `content-length: ${body.byteLength}\r\nconnection: close\r\n\r\n${reply.body}`,
  );
}

function positive(name: string, value: number): number {
  if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * A node:http server serving a finplan handler with production limits: header and request timeouts,
 * keep-alive timeout, a connection cap, JSON replies to requests Node refuses, and costly requests off
 * the main thread (see `toNodeListener`). `finplan serve` uses it. Call `listen` yourself.
 *
 * @example
 * ```ts
 * import { createHandler } from 'finplan/http';
 * import { createNodeServer } from 'finplan/node';
 * const server = createNodeServer(createHandler({ apiKeys: ['secret'] }), { requestTimeoutMs: 15_000 });
 * server.requestTimeout; // 15000
 * ```
 */
export function createNodeServer(handler: FetchHandler, options: NodeServerOptions = {}): Server {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...options };
  const headersTimeout = positive('headersTimeoutMs', limits.headersTimeoutMs);
  const requestTimeout = positive('requestTimeoutMs', limits.requestTimeoutMs);
  const server = createServer(
    {
      keepAliveTimeout: positive('keepAliveTimeoutMs', limits.keepAliveTimeoutMs),
      headersTimeout: Math.min(headersTimeout, requestTimeout),
      requestTimeout,
      // Node checks the two timeouts on this period (default 30 s): check often enough to enforce them.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    toNodeListener(handler, options),
  );
  server.maxConnections = positive('maxConnections', limits.maxConnections);
  server.on('clientError', onClientError);
  return server;
}
