import type { RateDecision } from '../token-bucket';
import {
  type AccountRecord,
  type AddKeyOutcome,
  IDEMPOTENCY_TTL_SECONDS,
  type KeyLimits,
  type KeyRecord,
  type KeyStore,
  type RateLimitStore,
  REVOKED_KEYS_KEPT,
  type Stores,
  type UsageCount,
  type UsageStore,
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

// Every write below is one script: Redis runs it whole or not at all, so a write whose reply was lost
// (the store timed out while Redis was paused, Redis was killed) leaves either nothing or the whole
// write, and repeating the request ends in the state asked for (see KeyStore). Keys of other records
// are built from the prefixes in ARGV: one Redis, not Cluster.

// Shared by the scripts below (p is the prefix): write or delete a key with its id and set entries;
// whether a key was never used nor revoked.
const PUT_KEY = `
local function putKey(p, id, account, hash, prefix, name, created)
  redis.call('HSET', p .. 'key:' .. hash, 'id', id, 'account', account, 'hash', hash, 'prefix', prefix, 'name', name, 'created', created)
  redis.call('SET', p .. 'keyid:' .. id, hash)
  redis.call('SADD', p .. 'account:' .. account .. ':keys', hash)
end
local function deleteKey(p, account, hash)
  local id = redis.call('HGET', p .. 'key:' .. hash, 'id')
  redis.call('DEL', p .. 'key:' .. hash)
  if id then redis.call('DEL', p .. 'keyid:' .. id) end
  redis.call('SREM', p .. 'account:' .. account .. ':keys', hash)
  redis.call('ZREM', p .. 'account:' .. account .. ':revoked', hash)
end
local function unused(p, hash)
  local record = p .. 'key:' .. hash
  return redis.call('HEXISTS', record, 'used') == 0 and redis.call('HEXISTS', record, 'revoked') == 0
end
`;

// KEYS email; ARGV prefix, account id, email, created, key id, hash, key prefix, name, key created.
// The account id now holding the key; false when the email's account has used a key. An existing
// account whose one key was never used nor revoked (a signup whose reply was lost) gets the new key in
// place of that one.
const CREATE_ACCOUNT = `${PUT_KEY}
local p = ARGV[1]
local existing = redis.call('GET', KEYS[1])
if existing then
  local hashes = redis.call('SMEMBERS', p .. 'account:' .. existing .. ':keys')
  if #hashes ~= 1 or not unused(p, hashes[1]) then return false end
  deleteKey(p, existing, hashes[1])
  putKey(p, ARGV[5], existing, ARGV[6], ARGV[7], ARGV[8], ARGV[9])
  return existing
end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('HSET', p .. 'account:' .. ARGV[2], 'email', ARGV[3], 'created', ARGV[4])
putKey(p, ARGV[5], ARGV[2], ARGV[6], ARGV[7], ARGV[8], ARGV[9])
return ARGV[2]
`;

// KEYS the day's creation counter, then the idempotency token's key when one is given; ARGV prefix,
// max active, max created that day, token ttl seconds, key id, account, hash, key prefix, name, created.
const ADD_KEY = `${PUT_KEY}
local p = ARGV[1]
local account = ARGV[6]
local replaced = false
if KEYS[2] then
  local earlier = redis.call('GET', KEYS[2])
  if earlier and redis.call('EXISTS', p .. 'key:' .. earlier) == 1 then
    if not unused(p, earlier) then return 'idempotency_key_used' end
    deleteKey(p, account, earlier)
    replaced = true
  end
end
if not replaced then
  local active = redis.call('SCARD', p .. 'account:' .. account .. ':keys') - redis.call('ZCARD', p .. 'account:' .. account .. ':revoked')
  if active >= tonumber(ARGV[2]) then return 'too_many_active' end
  if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[3]) then return 'too_many_today' end
  redis.call('INCR', KEYS[1])
  redis.call('EXPIRE', KEYS[1], 172800)
end
putKey(p, ARGV[5], account, ARGV[7], ARGV[8], ARGV[9], ARGV[10])
if KEYS[2] then redis.call('SET', KEYS[2], ARGV[7], 'EX', tonumber(ARGV[4])) end
return 'added'
`;

// KEYS the key record; ARGV time. 1 when the key exists and is not revoked (its first use recorded).
const MARK_USED = `
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HEXISTS', KEYS[1], 'revoked') == 1 then return 0 end
redis.call('HSETNX', KEYS[1], 'used', ARGV[1])
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

// KEYS key id; ARGV prefix, account, time, time in ms, revoked keys kept. The key record, or nil when
// not the account's. Beyond the kept number, the oldest revoked keys are deleted.
const REVOKE_KEY = `${PUT_KEY}
local p = ARGV[1]
local account = ARGV[2]
local hash = redis.call('GET', KEYS[1])
if not hash then return nil end
local record = p .. 'key:' .. hash
if redis.call('HGET', record, 'account') ~= account then return nil end
if redis.call('HSETNX', record, 'revoked', ARGV[3]) == 1 then
  local revoked = p .. 'account:' .. account .. ':revoked'
  redis.call('ZADD', revoked, tonumber(ARGV[4]), hash)
  local excess = redis.call('ZCARD', revoked) - tonumber(ARGV[5])
  if excess > 0 then
    for _, old in ipairs(redis.call('ZRANGE', revoked, 0, excess - 1)) do deleteKey(p, account, old) end
  end
end
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
    ...(fields.used ? { usedAt: fields.used } : {}),
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

  async createAccount(account: AccountRecord, key: KeyRecord): Promise<string | undefined> {
    const reply = await this.#script(
      CREATE_ACCOUNT,
      [`${this.#prefix}email:${account.email}`],
      [
        this.#prefix,
        account.id,
        account.email,
        account.createdAt,
        key.id,
        key.hash,
        key.prefix,
        key.name,
        key.createdAt,
      ],
    );
    return typeof reply === 'string' && reply !== '' ? reply : undefined;
  }

  async addKey(key: KeyRecord, limits: KeyLimits, idempotency?: string): Promise<AddKeyOutcome> {
    const keys = [`${this.#prefix}account:${key.accountId}:created:${limits.day}`];
    if (idempotency !== undefined) keys.push(`${this.#prefix}idem:${key.accountId}:${idempotency}`);
    const reply = await this.#script(ADD_KEY, keys, [
      this.#prefix,
      limits.maxActive,
      limits.maxCreatedPerDay,
      IDEMPOTENCY_TTL_SECONDS,
      key.id,
      key.accountId,
      key.hash,
      key.prefix,
      key.name,
      key.createdAt,
    ]);
    if (
      reply === 'added' ||
      reply === 'too_many_active' ||
      reply === 'too_many_today' ||
      reply === 'idempotency_key_used'
    )
      return reply;
    throw new Error('unexpected add-key reply');
  }

  async findKey(hash: string): Promise<KeyRecord | undefined> {
    return keyRecordOf(hashOf(await this.#send(['HGETALL', this.#keyRecord(hash)])));
  }

  async markUsed(hash: string, at: string): Promise<boolean> {
    return Number(await this.#script(MARK_USED, [this.#keyRecord(hash)], [at])) === 1;
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
      [this.#prefix, accountId, at, Date.parse(at), REVOKED_KEYS_KEPT],
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
