import { ioredisClient, type RedisClient } from '../http/stores/redis';
import { checkRedisUrl } from './redis-url';

export { checkRedisUrl };

/** The package `finplan serve --redis` connects with: an optional peer dependency, loaded when used. */
export const REDIS_CLIENT_PACKAGE = 'ioredis';

/** A {@link RedisClient} over an ioredis connection that `finplan serve` can close. */
export interface ServeRedis extends RedisClient {
  /** Resolves once the connection is ready, or after `ms` (false then: the server starts unready). */
  ready(ms: number): Promise<boolean>;
  close(): void;
}

interface IoredisLike {
  call(command: string, ...args: string[]): Promise<unknown>;
  readonly status: string;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  disconnect(): void;
}

/**
 * Connect `finplan serve` to Redis with ioredis, loaded with a dynamic import so that finplan itself
 * depends on no Redis client (ARCHITECTURE: users bring their own). Commands fail at once while Redis is
 * away (no offline queue, no retries: a command queued during an outage would run later, after its
 * request was answered 503); ioredis reconnects every 250 ms at most. Errors other than Redis error
 * replies are reported without the server's address (they reach `/readyz`'s public reason). Rejects with
 * a message naming the package when it is not installed.
 */
export async function connectIoredis(url: string): Promise<ServeRedis> {
  checkRedisUrl(url);
  let Redis: new (url: string, options: object) => IoredisLike;
  try {
    const module = (await import(REDIS_CLIENT_PACKAGE)) as { default: typeof Redis };
    Redis = module.default;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(
        `--redis needs the ${REDIS_CLIENT_PACKAGE} package, which is not installed: npm install ${REDIS_CLIENT_PACKAGE}`,
      );
    throw error;
  }
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: (times: number) => Math.min(25 * 2 ** times, 250),
  });
  // Connection errors are reported through /readyz and 503s; an 'error' without a listener would be
  // printed by ioredis on every reconnection attempt.
  redis.on('error', () => {});
  const client = ioredisClient(redis);
  return {
    send: (command) =>
      client.send(command).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'ReplyError') throw error;
        throw new Error('Redis connection unavailable');
      }),
    ready: (ms) =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), ms);
            timer.unref();
            redis.once('ready', () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    close: () => redis.disconnect(),
  };
}
