import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { RedisClient } from '../http/stores/redis';

/** Options of {@link connectRedis}. */
export interface RedisConnectionOptions {
  /** Longest wait for a connection before a command fails, ms (default 500). */
  readonly connectTimeoutMs?: number;
  /** Longest pause between reconnection attempts while Redis is away, ms (default 250). */
  readonly maxRetryDelayMs?: number;
}

/** A {@link RedisClient} that can be closed. */
export interface RedisConnection extends RedisClient {
  /** Whether a connection is open and ready now. */
  readonly connected: boolean;
  /** Close the connection and stop reconnecting; pending commands fail. */
  close(): void;
}

class ReplyError extends Error {
  override readonly name = 'ReplyError';
}

const INCOMPLETE = Symbol('incomplete');

/** Parse one RESP2/RESP3-scalar reply at `offset`: [value, next offset], or INCOMPLETE. */
function parseReply(buffer: Buffer, offset: number): [unknown, number] | typeof INCOMPLETE {
  const end = buffer.indexOf('\r\n', offset, 'latin1');
  if (end === -1) return INCOMPLETE;
  const type = String.fromCharCode(buffer[offset]!);
  const line = buffer.toString('utf8', offset + 1, end);
  const next = end + 2;
  switch (type) {
    case '+':
      return [line, next];
    case '-':
      return [new ReplyError(line), next];
    case ':':
      return [Number(line), next];
    case '$': {
      const length = Number(line);
      if (length < 0) return [null, next];
      if (buffer.length < next + length + 2) return INCOMPLETE;
      return [buffer.toString('utf8', next, next + length), next + length + 2];
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return [null, next];
      const items: unknown[] = [];
      let at = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, at);
        if (item === INCOMPLETE) return INCOMPLETE;
        items.push(item[0]);
        at = item[1];
      }
      return [items, at];
    }
    default:
      throw new Error(`unexpected RESP reply type ${JSON.stringify(type)}`);
  }
}

function encode(command: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${command.length}\r\n`)];
  for (const arg of command) {
    const bytes = Buffer.from(arg, 'utf8');
    parts.push(Buffer.from(`$${bytes.byteLength}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A small Redis client (RESP over node:net, or TLS for `rediss://`) for the finplan Redis stores:
 * commands are pipelined on one connection; while Redis is away commands fail at once (no offline
 * queue) and the client reconnects in the background every `maxRetryDelayMs` at most, sending `AUTH`
 * and `SELECT` from the URL again. `finplan serve --redis URL` uses it; ioredis or node-redis work as
 * well (`ioredisClient`, `nodeRedisClient` in `finplan/http`).
 *
 * @example
 * ```ts
 * import { createHandler, redisStores } from 'finplan/http';
 * import { connectRedis } from 'finplan/node';
 * const redis = connectRedis('redis://127.0.0.1:6379/0');
 * const handler = createHandler({ ...redisStores(redis) });
 * redis.connected; // false until the connection opens
 * ```
 */
export function connectRedis(url: string, options: RedisConnectionOptions = {}): RedisConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('the Redis URL is not a URL (redis://[user:password@]host[:port][/db])');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new TypeError('the Redis URL must start with redis:// or rediss://');
  const tls = parsed.protocol === 'rediss:';
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(parsed.port || 6379);
  const db = parsed.pathname.replace(/^\//, '');
  if (db && !/^\d+$/.test(db)) throw new TypeError('the Redis URL path must be a database number');
  const password = decodeURIComponent(parsed.password);
  const username = decodeURIComponent(parsed.username);
  const connectTimeoutMs = options.connectTimeoutMs ?? 500;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 250;

  let socket: Socket | undefined;
  let ready = false;
  let closed = false;
  let lastError: Error = new Error('not connected to Redis');
  let buffer: Buffer = Buffer.alloc(0);
  let pending: Pending[] = [];
  let waiters: Pending[] = [];
  let retryDelay = 25;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const failAll = (error: Error) => {
    const all = [...pending, ...waiters];
    pending = [];
    waiters = [];
    for (const p of all) p.reject(error);
  };

  const write = (command: readonly string[]) =>
    new Promise<unknown>((resolve, reject) => {
      pending.push({ resolve, reject });
      socket!.write(encode(command));
    });

  const scheduleReconnect = () => {
    if (closed || retryTimer || socket) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(maxRetryDelayMs, retryDelay * 2);
  };

  const open = () => {
    if (closed || socket) return;
    const s = tls ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
    socket = s;
    s.setNoDelay(true);
    s.setKeepAlive(true, 10_000);
    s.unref();
    const timer = setTimeout(
      () => s.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' })),
      connectTimeoutMs,
    );
    timer.unref();
    s.once(tls ? 'secureConnect' : 'connect', async () => {
      clearTimeout(timer);
      try {
        if (password) await write(username ? ['AUTH', username, password] : ['AUTH', password]);
        if (db) await write(['SELECT', db]);
      } catch (error) {
        s.destroy(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      ready = true;
      retryDelay = 25;
      const queued = waiters;
      waiters = [];
      for (const w of queued) w.resolve(undefined);
    });
    s.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      let offset = 0;
      try {
        for (;;) {
          if (offset >= buffer.length) break;
          const reply = parseReply(buffer, offset);
          if (reply === INCOMPLETE) break;
          offset = reply[1];
          const p = pending.shift();
          if (reply[0] instanceof ReplyError) p?.reject(reply[0]);
          else p?.resolve(reply[0]);
        }
      } catch (error) {
        s.destroy(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      buffer = offset >= buffer.length ? Buffer.alloc(0) : buffer.subarray(offset);
    });
    let socketError: Error | undefined;
    // The message reaches /readyz's public reason: the error code, not the internal address.
    s.on('error', (error: Error & { code?: string }) => {
      const code = error.code ?? (error instanceof ReplyError ? error.message.split(' ')[0] : 'error');
      socketError = new Error(`Redis connection failed (${code})`);
    });
    s.once('close', () => {
      clearTimeout(timer);
      if (socket === s) socket = undefined;
      ready = false;
      buffer = Buffer.alloc(0);
      lastError = socketError ?? new Error('Redis connection closed');
      failAll(lastError);
      scheduleReconnect();
    });
  };

  /** Wait for the connection being opened (at most connectTimeoutMs); reject at once when Redis is away. */
  const whenReady = (): Promise<void> => {
    if (ready) return Promise.resolve();
    if (closed) return Promise.reject(new Error('the Redis client is closed'));
    if (!socket) {
      if (!retryTimer) open();
      else return Promise.reject(lastError);
    }
    return new Promise((resolve, reject) => waiters.push({ resolve: () => resolve(), reject }));
  };

  open();
  return {
    get connected() {
      return ready;
    },
    async send(command) {
      await whenReady();
      return write(command);
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.destroy();
      failAll(new Error('the Redis client is closed'));
    },
  };
}
