/**
 * Node bridge: serve the finplan Fetch handler from node:http, Express or Fastify.
 * @module node
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, type Handler } from '../http/handler';
import { errorResponse, payloadTooLarge } from '../http/responses';

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /** Largest request body buffered, in bytes (default 1 MiB; keep it equal to the handler's). */
  readonly maxBodyBytes?: number;
}

/** A node:http request listener (also an Express / Connect middleware). */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

async function send(res: ServerResponse, response: Response, method: string | undefined): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Body already read by a framework (e.g. express.json()), serialised back to bytes. */
function preParsedBody(req: IncomingMessage): Buffer | undefined {
  const body = (req as { body?: unknown }).body;
  if (!req.readableEnded || body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Discard the rest of a refused upload, then close, so the reply reaches the client. */
function discardRest(req: IncomingMessage, res: ServerResponse, limit: number): void {
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

async function readCapped(req: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > limit) return 'too_large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Bridge a Fetch API handler to node:http. The body is buffered with a size cap: a declared or
 * streamed body over `maxBodyBytes` gets 413 as soon as the cap is crossed, without buffering the
 * rest. Never replaces globals.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createHandler } from 'finplan/http';
 * import { toNodeListener } from 'finplan/node';
 * createServer(toNodeListener(createHandler({ apiKeys: ['secret'] }))).listen(8080);
 * // Express: app.use('/v1', ...) is not needed; app.use(toNodeListener(handler)) serves every path.
 * ```
 */
export function toNodeListener(handler: Handler, options: NodeListenerOptions = {}): NodeListener {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = preParsedBody(req);
      if (!body) {
        const declared = Number(req.headers['content-length']);
        const read = declared > limit ? 'too_large' : await readCapped(req, limit);
        if (read === 'too_large') {
          discardRest(req, res, limit);
          await send(res, payloadTooLarge(limit), method);
          return;
        }
        body = read;
      }
    }
    const request = new Request(url, {
      method,
      headers: requestHeaders(req),
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    await send(res, await handler(request), method);
  };
  return (req, res) => {
    serve(req, res).catch(async () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      await send(
        res,
        errorResponse(400, 'invalid_request', 'the request could not be read'),
        req.method,
      ).catch(() => res.destroy());
    });
  };
}
