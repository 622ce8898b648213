/**
 * The Redis URL form `finplan serve --redis` accepts, checked without loading the server or a Redis
 * client (a wrong URL is a usage error the CLI reports before it loads anything else).
 * @module
 */

/**
 * Check a Redis URL (`redis[s]://[user:password@]host[:port][/db]`); throws a `TypeError` saying what is
 * wrong. ioredis reads the same form (TLS for `rediss://`).
 */
export function checkRedisUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('the Redis URL is not a URL (redis://[user:password@]host[:port][/db])');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new TypeError('the Redis URL must start with redis:// or rediss://');
  const db = parsed.pathname.replace(/^\//, '');
  if (db && !/^\d+$/.test(db)) throw new TypeError('the Redis URL path must be a database number');
  return parsed;
}
