/**
 * Node bridge: serve the finplan Fetch handler from node:http, Express or Fastify.
 * @module node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_MAX_BODY_BYTES,
  HANDLER_CORE,
  type Handler,
  type RequestParts,
  TOO_LARGE,
} from '../http/handler';
import { errorReply, payloadTooLarge, type Reply } from '../http/responses';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest request body buffered, in bytes (default 1 MiB; keep it equal to the handler's). */
  readonly maxBodyBytes?: number;
}

/** A node:http request listener (also an Express / Connect middleware). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Any Fetch API handler; finplan's own ({@link Handler}) is served without building Fetch objects. */
export type FetchHandler = ((request: Request) => Promise<Response>) | Handler;

function writeReply(res: ServerResponse, reply: Reply, method: string | undefined): void {
  const body = Buffer.from(reply.body);
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.byteLength) });
  res.end(method === 'HEAD' ? undefined : body);
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

/** Body already read by a framework (e.g. express.json()), serialised back to text. */
function preParsedBody(req: IncomingMessage): string | undefined {
  const body = (req as { body?: unknown }).body;
  if (!req.readableEnded || body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Read the body up to `limit` bytes; {@link TOO_LARGE} as soon as it is crossed (the rest is not read). */
async function readCapped(req: IncomingMessage, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  if (Number(req.headers['content-length']) > limit) return TOO_LARGE;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) return TOO_LARGE;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Discard the rest of a refused upload, then close, so the reply reaches the client. */
function discardRest(req: IncomingMessage, res: ServerResponse, limit: number): void {
  if (req.readableEnded) return;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > 16 * limit) req.destroy();
  });
  req.resume();
  res.once('finish', () => {
    if (!req.readableEnded) setTimeout(() => req.destroy(), 1000).unref();
  });
}

function pathnameOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

function nodeParts(req: IncomingMessage): RequestParts {
  return {
    method: req.method ?? 'GET',
    pathname: pathnameOf(req),
    header: (name) => header(req, name),
    readBody: async (limit) => {
      const parsed = preParsedBody(req);
      if (parsed !== undefined) return parsed;
      const body = await readCapped(req, limit);
      return body === TOO_LARGE ? TOO_LARGE : body.toString('utf8');
    },
  };
}

/** The generic path, for a Fetch handler that is not finplan's own. */
async function viaFetch(handler: FetchHandler, req: IncomingMessage, res: ServerResponse, limit: number) {
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const parsed = preParsedBody(req);
    const read = parsed === undefined ? await readCapped(req, limit) : Buffer.from(parsed);
    if (read === TOO_LARGE) {
      discardRest(req, res, limit);
      writeReply(res, payloadTooLarge(limit), method);
      return;
    }
    body = new Uint8Array(read);
  }
  const headers = new Headers();
  for (const name of Object.keys(req.headers)) headers.set(name, header(req, name) ?? '');
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const response = await handler(new Request(url, { method, headers, ...(body ? { body } : {}) }));
  await writeResponse(res, response, method);
}

/**
 * Bridge a Fetch API handler to node:http. The body is buffered with a size cap: a declared or
 * streamed body over `maxBodyBytes` gets 413 as soon as the cap is crossed, without buffering the
 * rest. finplan's own handler is served without building Fetch `Request`/`Response` objects; any other
 * Fetch handler works too. Never replaces globals.
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
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const core = (handler as Partial<Handler>)[HANDLER_CORE];
  const serve = core
    ? async (req: IncomingMessage, res: ServerResponse) => {
        const reply = await core(nodeParts(req));
        if (reply.status === 413) discardRest(req, res, limit);
        writeReply(res, reply, req.method);
      }
    : (req: IncomingMessage, res: ServerResponse) => viaFetch(handler, req, res, limit);
  return (req, res) => {
    serve(req, res).catch(() => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      writeReply(res, errorReply(400, 'invalid_request', 'the request could not be read'), req.method);
    });
  };
}
