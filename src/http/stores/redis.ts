import type { RateDecision } from '../token-bucket';
import type {
  AccountRecord,
  KeyRecord,
  KeyStore,
  RateLimitStore,
  Stores,
  UsageCount,
  UsageStore,
} from './types';

/**
 * What the Redis stores need of a client: send one command (`['HGET', key, field]`), get its reply
 * (string, integer, null or array of those), rejecting on an error reply or a lost connection. Wrap
 * ioredis with {@link ioredisClient}, node-redis with {@link nodeRedisClient} (finplan depends on
 * neither: bring the one your application uses; `finplan serve --redis` loads ioredis).
 */
export interface RedisClient {
  send(command: readonly string[]): Promise<unknown>;
}

/**
 * An ioredis client as a {@link RedisClient}. Create it with `enableOfflineQueue: false` and
 * `maxRetriesPerRequest: 0` so that commands fail at once while Redis is away (the stores time out
 * after `timeoutMs` anyway).
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createHandler, ioredisClient, redisStores } from 'finplan/http';
 * const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
 * const handler = createHandler({ ...redisStores(ioredisClient(redis)), signup: true });
 * ```
 */
export function ioredisClient(client: {
  call(command: string, ...args: string[]): Promise<unknown>;
}): RedisClient {
  return { send: ([command, ...args]) => client.call(command!, ...args) };
}

/**
 * A node-redis (v4+) client as a {@link RedisClient}; connect it (`await client.connect()`) first.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createHandler, nodeRedisClient, redisStores } from 'finplan/http';
 * const redis = await createClient({ url: process.env.REDIS_URL!, disableOfflineQueue: true }).connect();
 * const handler = createHandler({ ...redisStores(nodeRedisClient(redis)) });
 * ```
 */
export function nodeRedisClient(client: { sendCommand(args: string[]): Promise<unknown> }): RedisClient {
  return { send: (command) => client.sendCommand([...command]) };
}

/** Options of {@link redisStores}. */
export interface RedisStoreOptions {
  /** Prefix of every Redis key finplan writes (default `finplan:`). */
  readonly prefix?: string;
  /** A store call not answered within this many ms fails (so requests get 503, `/readyz` 503); default 500. */
  readonly timeoutMs?: number;
}

/** Days a usage counter is kept. */
const USAGE_TTL_SECONDS = 400 * 86_400;

// One token bucket, all or nothing for `count` tokens, timed by the Redis server's clock so that every
// instance sees the same time. KEYS[1] bucket; ARGV capacity, count. Returns allowed (0/1), whole
// tokens left, Retry-After and reset seconds. A bucket expires once it would be full again.
const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local needed = math.min(math.max(1, tonumber(ARGV[2])), capacity)
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1]) or capacity
local ts = tonumber(state[2]) or now
local perMs = capacity / 60000
tokens = math.min(capacity, tokens + math.max(0, now - ts) * perMs)
local allowed = 0
if tokens >= needed then
  tokens = tokens - needed
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'ts', tostring(now))
local reset = math.ceil((capacity - tokens) / perMs / 1000)
redis.call('PEXPIRE', KEYS[1], reset * 1000 + 1000)
local retry = 0
if allowed == 0 then retry = math.max(1, math.ceil((needed - tokens) / perMs / 1000)) end
return {allowed, math.floor(tokens), retry, reset}
`;

// KEYS email, account, account's key set, key record, key id; ARGV account id, email, created, key id,
// hash, prefix, name, key created. 0 when the email is taken.
const CREATE_ACCOUNT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'NX') then return 0 end
redis.call('HSET', KEYS[2], 'email', ARGV[2], 'created', ARGV[3])
redis.call('HSET', KEYS[4], 'id', ARGV[4], 'account', ARGV[1], 'hash', ARGV[5], 'prefix', ARGV[6], 'name', ARGV[7], 'created', ARGV[8])
redis.call('SET', KEYS[5], ARGV[5])
redis.call('SADD', KEYS[3], ARGV[5])
return 1
`;

// KEYS account's key set, key record, key id; ARGV max active, key-record prefix, key id, account,
// hash, prefix, name, created. 0 when the account has max active keys.
const ADD_KEY = `
local active = 0
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('HEXISTS', ARGV[2] .. hash, 'revoked') == 0 then active = active + 1 end
end
if active >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[2], 'id', ARGV[3], 'account', ARGV[4], 'hash', ARGV[5], 'prefix', ARGV[6], 'name', ARGV[7], 'created', ARGV[8])
redis.call('SET', KEYS[3], ARGV[5])
redis.call('SADD', KEYS[1], ARGV[5])
return 1
`;

// KEYS account's key set; ARGV key-record prefix. Every key record of the account.
const LIST_KEYS = `
local out = {}
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  out[#out + 1] = redis.call('HGETALL', ARGV[1] .. hash)
end
return out
`;

// KEYS key id; ARGV account, time, key-record prefix. The key record, or nil when not the account's.
const REVOKE_KEY = `
local hash = redis.call('GET', KEYS[1])
if not hash then return nil end
local record = ARGV[3] .. hash
if redis.call('HGET', record, 'account') ~= ARGV[1] then return nil end
redis.call('HSETNX', record, 'revoked', ARGV[2])
return redis.call('HGETALL', record)
`;

// KEYS the day's counters; ARGV field, ttl seconds.
const RECORD_USAGE = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`;

// KEYS the days' counters. Every day's fields and counts.
const READ_USAGE = `
local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('HGETALL', key) end
return out
`;

/** A Redis hash reply (flat field, value list) as an object. */
function hashOf(reply: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(reply)) return out;
  for (let i = 0; i + 1 < reply.length; i += 2) out[String(reply[i])] = String(reply[i + 1]);
  return out;
}

function keyRecordOf(fields: Record<string, string>): KeyRecord | undefined {
  if (!(fields.id && fields.account && fields.hash)) return undefined;
  return {
    id: fields.id,
    accountId: fields.account,
    hash: fields.hash,
    prefix: fields.prefix ?? '',
    name: fields.name ?? '',
    createdAt: fields.created ?? '',
    ...(fields.revoked ? { revokedAt: fields.revoked } : {}),
  };
}

/**
 * The rate-limit, key and usage stores kept in one Redis (a single server or a primary with
 * replicas; not Redis Cluster), shared by any number of finplan instances. Token buckets are one Lua
 * script timed by Redis `TIME`; scripts are loaded again after a Redis restart (`NOSCRIPT`), so the
 * server needs no restart of its own. Run Redis with `appendonly yes` so keys survive its restarts.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis';
 * import { createHandler, ioredisClient, redisStores } from 'finplan/http';
 * const redis = new Redis('redis://127.0.0.1:6379', { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
 * const handler = createHandler({ ...redisStores(ioredisClient(redis)), signup: true });
 * ```
 */
export function redisStores(client: RedisClient, options: RedisStoreOptions = {}): Stores {
  const store = new RedisStore(client, options);
  return { store, keyStore: store, usageStore: store };
}

/** The Redis stores; see {@link redisStores}. */
export class RedisStore implements RateLimitStore, KeyStore, UsageStore {
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #shas = new Map<string, string>();

  constructor(client: RedisClient, options: RedisStoreOptions = {}) {
    this.#client = client;
    this.#prefix = options.prefix ?? 'finplan:';
    this.#timeoutMs = options.timeoutMs ?? 500;
    if (!(Number.isInteger(this.#timeoutMs) && this.#timeoutMs > 0))
      throw new RangeError('timeoutMs must be a positive integer');
  }

  /** One command, failing after `timeoutMs`. */
  #send(command: readonly string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    return Promise.race([this.#client.send(command), timeout]).finally(() => clearTimeout(timer));
  }

  /** Run a script by its SHA-1, loading it first (and again after a Redis restart flushed it). */
  async #script(script: string, keys: readonly string[], args: readonly (string | number)[]) {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    let sha = this.#shas.get(script);
    if (sha) {
      try {
        return await this.#send(['EVALSHA', sha, ...tail]);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
      }
    }
    sha = String(await this.#send(['SCRIPT', 'LOAD', script]));
    this.#shas.set(script, sha);
    return this.#send(['EVALSHA', sha, ...tail]);
  }

  async ping(): Promise<void> {
    const reply = await this.#send(['PING']);
    if (reply !== 'PONG') throw new Error(`unexpected PING reply ${String(reply).slice(0, 40)}`);
  }

  async takeToken(bucket: string, capacity: number, count = 1): Promise<RateDecision> {
    const reply = (await this.#script(TAKE_TOKEN, [`${this.#prefix}bucket:${bucket}`], [capacity, count])) as
      | number[]
      | undefined;
    if (!Array.isArray(reply) || reply.length !== 4) throw new Error('unexpected token-bucket reply');
    const [allowed, remaining, retryAfterSeconds, resetSeconds] = reply.map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return { allowed: allowed === 1, remaining, retryAfterSeconds, resetSeconds };
  }

  #keyRecord(hash: string) {
    return `${this.#prefix}key:${hash}`;
  }
  #keyId(id: string) {
    return `${this.#prefix}keyid:${id}`;
  }
  #accountKeys(accountId: string) {
    return `${this.#prefix}account:${accountId}:keys`;
  }

  async createAccount(account: AccountRecord, key: KeyRecord): Promise<boolean> {
    const p = this.#prefix;
    const reply = await this.#script(
      CREATE_ACCOUNT,
      [
        `${p}email:${account.email}`,
        `${p}account:${account.id}`,
        this.#accountKeys(account.id),
        this.#keyRecord(key.hash),
        this.#keyId(key.id),
      ],
      [account.id, account.email, account.createdAt, key.id, key.hash, key.prefix, key.name, key.createdAt],
    );
    return Number(reply) === 1;
  }

  async addKey(key: KeyRecord, maxActive: number): Promise<boolean> {
    const reply = await this.#script(
      ADD_KEY,
      [this.#accountKeys(key.accountId), this.#keyRecord(key.hash), this.#keyId(key.id)],
      [
        maxActive,
        `${this.#prefix}key:`,
        key.id,
        key.accountId,
        key.hash,
        key.prefix,
        key.name,
        key.createdAt,
      ],
    );
    return Number(reply) === 1;
  }

  async findKey(hash: string): Promise<KeyRecord | undefined> {
    return keyRecordOf(hashOf(await this.#send(['HGETALL', this.#keyRecord(hash)])));
  }

  async listKeys(accountId: string): Promise<KeyRecord[]> {
    const reply = await this.#script(LIST_KEYS, [this.#accountKeys(accountId)], [`${this.#prefix}key:`]);
    const keys = (Array.isArray(reply) ? reply : [])
      .map((fields) => keyRecordOf(hashOf(fields)))
      .filter((key): key is KeyRecord => key !== undefined);
    return keys.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async revokeKey(accountId: string, keyId: string, at: string): Promise<KeyRecord | undefined> {
    const reply = await this.#script(
      REVOKE_KEY,
      [this.#keyId(keyId)],
      [accountId, at, `${this.#prefix}key:`],
    );
    return reply ? keyRecordOf(hashOf(reply)) : undefined;
  }

  #usageKey(accountId: string, day: string) {
    return `${this.#prefix}usage:${accountId}:${day}`;
  }

  async record(accountId: string, keyId: string, day: string, operation: string): Promise<void> {
    await this.#script(
      RECORD_USAGE,
      [this.#usageKey(accountId, day)],
      [`${keyId}\t${operation}`, USAGE_TTL_SECONDS],
    );
  }

  async usage(accountId: string, days: readonly string[]): Promise<UsageCount[]> {
    if (days.length === 0) return [];
    const reply = await this.#script(
      READ_USAGE,
      days.map((day) => this.#usageKey(accountId, day)),
      [],
    );
    const rows: UsageCount[] = [];
    (Array.isArray(reply) ? reply : []).forEach((fields, i) => {
      for (const [field, count] of Object.entries(hashOf(fields))) {
        const tab = field.indexOf('\t');
        rows.push({
          keyId: field.slice(0, tab),
          day: days[i]!,
          operation: field.slice(tab + 1),
          count: Number(count),
        });
      }
    });
    return rows;
  }
}
