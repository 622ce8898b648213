import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BODY_BYTES,
  type Executor,
  HANDLER_CORE,
  type Handler,
  poolExecutor,
  RequestAbortedError,
  type RequestParts,
  TOO_LARGE,
} from '../http/handler';
import { type OpenApiParts, seedOpenApiPartsFrom } from '../http/openapi';
import { errorReply, payloadTooLarge, type Reply } from '../http/responses';
import { sharedWorkerPool, type WorkerPool } from './worker-pool';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest request body buffered, in bytes (default 1 MiB; keep it equal to the handler's). */
  readonly maxBodyBytes?: number;
  /**
   * Where costly requests (a cost of `OFFLOAD_COST` path-steps or more: simulations, long schedules,
   * thousands of flows) compute: the process-wide {@link sharedWorkerPool} (default: one worker thread
   * per core), a {@link WorkerPool} of your own, or `false` for the main thread.
   */
  readonly workers?: WorkerPool | false;
  /**
   * Deadline of a calculation from its arrival, in ms (default 10,000): then 503 with Retry-After. In
   * the pool it bounds the job, queue wait included; with `workers: false` simulations check it between
   * paths (every 64) and other operations run to the end.
   */
  readonly deadlineMs?: number;
}

/** A node:http request listener (also an Express / Connect middleware). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Any Fetch API handler; finplan's own ({@link Handler}) is served without building Fetch objects. */
export type FetchHandler = ((request: Request) => Promise<Response>) | Handler;

/**
 * Write a reply with `writeHead` given the headers as a flat name/value list (node:http's fastest
 * form) and the body as a string: node:http then sends the head and the body in one write.
 */
function writeReply(res: ServerResponse, reply: Reply, method: string | undefined): void {
  const headers: string[] = [];
  const given = reply.headers;
  for (const name in given) headers.push(name, given[name] as string);
  headers.push('content-length', String(Buffer.byteLength(reply.body)));
  res.writeHead(reply.status, headers);
  res.end(method === 'HEAD' ? undefined : reply.body);
}

async function writeResponse(
  res: ServerResponse,
  response: Response,
  method: string | undefined,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The body a framework already read (e.g. express.json()), serialised back to text and held to the same
 * `limit` as a body read from the stream (the host's parser may allow more); undefined when none was.
 */
function preParsedBody(req: IncomingMessage, limit: number): string | typeof TOO_LARGE | undefined {
  const body = (req as { body?: unknown }).body;
  if (!req.readableEnded || body === undefined) return undefined;
  const text = Buffer.isBuffer(body)
    ? body.toString('utf8')
    : typeof body === 'string'
      ? body
      : JSON.stringify(body);
  return Buffer.byteLength(text) > limit ? TOO_LARGE : text;
}

/**
 * Read the body up to `limit` bytes; {@link TOO_LARGE} as soon as it is crossed. The stream is paused,
 * never destroyed, so the reply can still be written and read by the client.
 */
function readCapped(req: IncomingMessage, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        done();
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    // The request stream fails only when its connection does (reset, closed mid-body): the client left.
    const onError = () => {
      done();
      reject(new RequestAbortedError());
    };
    const onAborted = () => onError();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('aborted', onAborted);
  });
}

/** Largest part of a refused body read after the reply (so the client can finish sending and read it). */
const LINGER_BYTES = 1024 * 1024;
/** Longest wait for the client to finish sending after a refusal, in ms. */
const LINGER_MS = 2_000;

/**
 * After a reply sent before the body was read (401, 404, 405, 413, 415, 429...): close the connection
 * after the reply, and read at most {@link LINGER_BYTES} more of the body, for at most
 * {@link LINGER_MS}, so a client still uploading sees the reply rather than a reset, without the
 * server reading an unlimited body for nothing.
 */
function lingerThenClose(req: IncomingMessage, res: ServerResponse): void {
  let read = 0;
  const socket = req.socket;
  const stop = () => {
    req.off('data', onData);
    socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.byteLength;
    if (read > LINGER_BYTES) stop();
  };
  req.on('data', onData);
  req.resume();
  const timer = setTimeout(stop, LINGER_MS);
  timer.unref();
  req.once('end', () => {
    clearTimeout(timer);
    req.off('data', onData);
  });
  res.once('close', () => {
    if (req.readableEnded) clearTimeout(timer);
  });
}

/** Whether the request announced a body that has not been read to its end. */
function bodyUnread(req: IncomingMessage): boolean {
  if (req.readableEnded) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The path of a request target exactly as sent: origin-form (`/v1/tvm?x`) up to the query;
 * absolute-form (`http://host/v1/tvm`) after the authority. Nothing is decoded or normalised, so
 * `//host/v1/tvm`, `/v1/%2e%2e/v1/tvm` or `/v1\tvm` route nowhere.
 */
export function requestTargetPath(target: string): string {
  if (!target.startsWith('/')) {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
    if (!authority) return target;
    target = target.slice(authority[0].length) || '/';
  }
  let end = target.indexOf('?');
  const fragment = target.indexOf('#');
  if (fragment !== -1 && (end === -1 || fragment < end)) end = fragment;
  return end === -1 ? target : target.slice(0, end);
}

/**
 * The request target the handler routes on: Express and Connect strip a mount path from `req.url`
 * (`app.use('/api/finplan', listener)` sees `/v1/tvm`) and keep the target as sent in `req.originalUrl`;
 * finplan routes on the full path, as a Fetch host gives it, with `basePath` saying where it is mounted.
 */
function routedUrl(req: IncomingMessage): string {
  const original = (req as { originalUrl?: unknown }).originalUrl;
  return typeof original === 'string' ? original : (req.url ?? '/');
}

/** The {@link RequestParts} of a node:http request: one object, no closures per request. */
class NodeParts implements RequestParts {
  readonly method: string;
  readonly pathname: string;
  readonly execute: Executor | undefined;
  readonly clientAddress: string | undefined;
  readonly deadlineMs: number;
  readonly #req: IncomingMessage;

  constructor(req: IncomingMessage, execute: Executor | undefined, deadlineMs: number) {
    this.#req = req;
    this.deadlineMs = deadlineMs;
    this.method = req.method ?? 'GET';
    this.pathname = requestTargetPath(routedUrl(req));
    this.execute = execute;
    this.clientAddress = req.socket?.remoteAddress || undefined;
  }

  /** An own property: callers may pass it around unbound (`presentedCredential(parts.header)`). */
  readonly header = (name: string): string | undefined => header(this.#req, name);

  readBody(limit: number): Promise<string | typeof TOO_LARGE> {
    const req = this.#req;
    const parsed = preParsedBody(req, limit);
    if (parsed !== undefined) return Promise.resolve(parsed);
    return readCapped(req, limit).then((body) => (body === TOO_LARGE ? TOO_LARGE : body.toString('utf8')));
  }
}

/** The generic path, for a Fetch handler that is not finplan's own. */
async function viaFetch(handler: FetchHandler, req: IncomingMessage, res: ServerResponse, limit: number) {
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const parsed = preParsedBody(req, limit);
    let read: Buffer | typeof TOO_LARGE;
    try {
      read =
        parsed === undefined
          ? await readCapped(req, limit)
          : parsed === TOO_LARGE
            ? parsed
            : Buffer.from(parsed);
    } catch {
      writeReply(res, errorReply(400, 'invalid_request', 'the request could not be read'), method);
      return;
    }
    if (read === TOO_LARGE) {
      if (bodyUnread(req)) lingerThenClose(req, res);
      writeReply(res, payloadTooLarge(limit), method);
      return;
    }
    body = new Uint8Array(read);
  }
  const headers = new Headers();
  for (const name of Object.keys(req.headers)) headers.set(name, header(req, name) ?? '');
  const url = new URL(routedUrl(req), `http://${req.headers.host ?? 'localhost'}`);
  const response = await handler(new Request(url, { method, headers, ...(body ? { body } : {}) }));
  await writeResponse(res, response, method);
}

/**
 * The OpenAPI document's parts the build wrote beside the package's modules (`dist/openapi-parts.json`,
 * scripts/openapi-parts.mjs): each served operation's converted schemas and example envelope. Undefined
 * where there is no such file (the sources, a bundle) or it cannot be read: the parts are then made on
 * demand, to the same bytes.
 */
function builtOpenApiParts(): OpenApiParts | undefined {
  try {
    const here = typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
    if (!here.startsWith('file:')) return undefined;
    // The modules are in dist/ (shared chunks) or one folder down (dist/node/).
    for (const candidate of ['./openapi-parts.json', '../openapi-parts.json']) {
      let text: string;
      try {
        text = readFileSync(new URL(candidate, here), 'utf8');
      } catch {
        continue;
      }
      return JSON.parse(text) as OpenApiParts;
    }
  } catch {
    // Unreadable parts are no parts.
  }
  return undefined;
}

/**
 * Have the adapter build its OpenAPI document from the parts the build made ({@link builtOpenApiParts}),
 * read when the first document is built: the first GET /openapi.json does not run every example (0.08 s of
 * CPU instead of 0.8 s) and gives the same bytes, and a server never asked for it reads nothing.
 *
 * @internal
 * @example
 * ```ts
 * seedBuiltOpenApiParts(); // from the built package: the parts of dist/openapi-parts.json
 * ```
 */
export function seedBuiltOpenApiParts(): void {
  seedOpenApiPartsFrom(builtOpenApiParts);
}

/**
 * Bridge a Fetch API handler to node:http. The body is buffered with a size cap: a declared or
 * streamed body over `maxBodyBytes` gets 413 as soon as the cap is crossed, without buffering the
 * rest. finplan's own handler is served without building Fetch `Request`/`Response` objects, routes
 * on the request target's path exactly as sent, and runs costly requests in a pool of worker threads
 * (`workers`, `deadlineMs`) so the main thread keeps answering; any other Fetch handler works
 * too. A reply sent before the body was read closes the connection after reading at most 1 MiB more
 * of it. Never replaces globals. From the built package, the OpenAPI document's parts come from the
 * build ({@link seedBuiltOpenApiParts}).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createHandler } from 'finplan/http';
 * import { toNodeListener } from 'finplan/node';
 * createServer(toNodeListener(createHandler({ apiKeys: ['secret'] }))).listen(8080);
 * ```
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  seedBuiltOpenApiParts();
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const core = (handler as Partial<Handler>)[HANDLER_CORE];
  const pool = options.workers === false ? undefined : (options.workers ?? sharedWorkerPool());
  const execute = pool ? poolExecutor(pool, deadlineMs) : undefined;
  const serve = core
    ? async (req: IncomingMessage, res: ServerResponse) => {
        let reply = await core(new NodeParts(req, execute, deadlineMs));
        if (bodyUnread(req)) {
          reply = { ...reply, headers: { ...reply.headers, connection: 'close' } };
          lingerThenClose(req, res);
        }
        writeReply(res, reply, req.method);
      }
    : (req: IncomingMessage, res: ServerResponse) => viaFetch(handler, req, res, limit);
  return (req, res) => {
    serve(req, res).catch(() => {
      // A bug here or in a Fetch handler that is not finplan's: a JSON 500 when the head is not sent yet,
      // else the connection is closed; never a rejection left unhandled (which would stop the process).
      try {
        if (res.headersSent) res.destroy();
        else writeReply(res, errorReply(500, 'internal_error', 'internal error'), req.method);
      } catch {
        res.destroy();
      }
    });
  };
}
