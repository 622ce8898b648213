import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { forwardedClient } from '../http/handler';
import { errorReply, type HttpErrorCode, type Reply } from '../http/responses';
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
  /**
   * Most connections one client address may hold at once (default an eighth of `maxConnections`, 128 of
   * 1,024), so that one address cannot take every connection: a connection beyond it is answered 429
   * and closed. Behind `trustProxy` proxies every connection comes from a proxy, so the cap counts the
   * requests in flight per client address read from `X-Forwarded-For` instead.
   */
  readonly maxConnectionsPerAddress?: number;
  /**
   * Proxies in front that append to `X-Forwarded-For` (as the handler's `trustProxy`; default 0): with
   * any, `maxConnectionsPerAddress` applies to the forwarded client address.
   */
  readonly trustProxy?: number;
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

/** A reply written on a bare socket (no request object), then the connection closed. */
function endWith(socket: Duplex, reply: Reply): void {
  const extra = Object.entries(reply.headers)
    .filter(([name]) => name !== 'content-type')
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status]}\r\ncontent-type: ${reply.headers['content-type']}\r\n` +
      `${extra}content-length: ${Buffer.byteLength(reply.body)}\r\nconnection: close\r\n\r\n${reply.body}`,
  );
}

const tooManyFromAddress = (cap: number) =>
  errorReply(
    429,
    'rate_limited',
    `this address holds ${cap} connections already (the most one address may)`,
    {
      headers: { 'retry-after': '1' },
    },
  );

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
  endWith(socket, errorReply(status, code, message));
}

/**
 * Per-address limits: connections per socket address, or (behind trusted proxies, where every
 * connection is a proxy's) requests in flight per forwarded client address.
 */
function perAddressCap(server: Server, cap: number, trustProxy: number) {
  const held = new Map<string, number>();
  const take = (address: string): boolean => {
    const count = held.get(address) ?? 0;
    if (count >= cap) return false;
    held.set(address, count + 1);
    return true;
  };
  const release = (address: string) => {
    const count = (held.get(address) ?? 1) - 1;
    if (count <= 0) held.delete(address);
    else held.set(address, count);
  };
  if (trustProxy === 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      if (!take(address)) {
        endWith(socket, tooManyFromAddress(cap));
        socket.destroySoon();
        return;
      }
      socket.once('close', () => release(address));
    });
    return undefined;
  }
  /** Whether the request may proceed; if not it has been answered 429 and its connection closes. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const header = req.headers['x-forwarded-for'];
    const address =
      forwardedClient(Array.isArray(header) ? header.join(', ') : header, trustProxy) ??
      req.socket.remoteAddress ??
      'unknown';
    if (!take(address)) {
      const reply = tooManyFromAddress(cap);
      res.writeHead(reply.status, {
        ...reply.headers,
        'content-length': String(Buffer.byteLength(reply.body)),
        connection: 'close',
      });
      res.end(reply.body);
      return false;
    }
    res.once('close', () => release(address));
    return true;
  };
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
  const maxConnections = positive('maxConnections', limits.maxConnections);
  const perAddress = positive(
    'maxConnectionsPerAddress',
    options.maxConnectionsPerAddress ?? Math.max(1, Math.floor(maxConnections / 8)),
  );
  const trustProxy = options.trustProxy ?? 0;
  if (!(Number.isInteger(trustProxy) && trustProxy >= 0))
    throw new RangeError('trustProxy must be an integer >= 0');
  const listener = toNodeListener(handler, options);
  let admit: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const server = createServer(
    {
      keepAliveTimeout: positive('keepAliveTimeoutMs', limits.keepAliveTimeoutMs),
      headersTimeout: Math.min(headersTimeout, requestTimeout),
      requestTimeout,
      // Node checks the two timeouts on this period (default 30 s): check often enough to enforce them.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      if (!admit || admit(req, res)) listener(req, res);
    },
  );
  server.maxConnections = maxConnections;
  admit = perAddressCap(server, perAddress, trustProxy);
  server.on('clientError', onClientError);
  // Without these listeners Node drops a CONNECT request's connection with no reply, and answers an
  // Expect it does not know with an empty 417: both get the JSON error object.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    endWith(
      socket,
      errorReply(405, 'method_not_allowed', 'CONNECT is not allowed: this is not a proxy', {
        headers: { allow: 'GET, HEAD, POST' },
      }),
    );
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const reply = errorReply(
      417,
      'expectation_failed',
      `Expect: ${String(req.headers.expect).slice(0, 100)} is not supported (only 100-continue is)`,
    );
    res.writeHead(reply.status, {
      ...reply.headers,
      'content-length': String(Buffer.byteLength(reply.body)),
      connection: 'close',
    });
    res.end(reply.body);
  });
  return server;
}
