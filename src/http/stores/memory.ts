import { type BucketState, type RateDecision, takeToken } from '../token-bucket';
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

/** Buckets held before full ones are forgotten (signup buckets are per client address). */
const SWEEP_SIZE = 10_000;

/** A store's own operation, run synchronously (set in the class bodies below). */
let takeTokenNow: (store: MemoryStore, bucket: string, capacity: number, count: number) => RateDecision;
let recordNow: (
  store: MemoryUsageStore,
  accountId: string,
  keyId: string,
  day: string,
  operation: string,
) => void;

/**
 * The in-memory rate-limit store: one process, state lost on restart.
 *
 * @example
 * ```ts
 * import { createHandler, MemoryStore } from 'finplan/http';
 * const handler = createHandler({ apiKeys: ['secret'], store: new MemoryStore() });
 * ```
 */
export class MemoryStore implements RateLimitStore {
  readonly #buckets = new Map<string, BucketState & { capacity: number }>();
  readonly #now: () => number;
  #sweepAt = SWEEP_SIZE;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async ping(): Promise<void> {}

  static {
    takeTokenNow = (store, bucket, capacity, count) => store.#take(bucket, capacity, count);
  }

  async takeToken(bucket: string, capacity: number, count = 1): Promise<RateDecision> {
    return this.#take(bucket, capacity, count);
  }

  #take(bucket: string, capacity: number, count: number): RateDecision {
    const now = this.#now();
    let state = this.#buckets.get(bucket);
    if (!state) {
      if (this.#buckets.size >= this.#sweepAt) this.#sweep(now);
      state = { tokens: capacity, updatedAt: now, capacity };
      this.#buckets.set(bucket, state);
    }
    state.capacity = capacity;
    return takeToken(state, capacity, now, count);
  }

  /** Forget buckets that are full again (a new bucket starts full, so nothing changes for them). */
  #sweep(now: number): void {
    for (const [name, state] of this.#buckets) {
      if (state.tokens + ((now - state.updatedAt) * state.capacity) / 60_000 >= state.capacity)
        this.#buckets.delete(name);
    }
    this.#sweepAt = Math.max(SWEEP_SIZE, 2 * this.#buckets.size);
  }
}

/**
 * The in-memory key store: accounts and keys of one process, lost on restart.
 *
 * @example
 * ```ts
 * import { MemoryKeyStore } from 'finplan/http';
 * await new MemoryKeyStore().findKey('0'.repeat(64)); // undefined
 * ```
 */
export class MemoryKeyStore implements KeyStore {
  readonly #emails = new Map<string, string>();
  readonly #keys = new Map<string, KeyRecord>();
  readonly #byAccount = new Map<string, KeyRecord[]>();
  /** Keys created by each account on its last day of creation. */
  readonly #createdToday = new Map<string, { day: string; count: number }>();
  /** Idempotency tokens of key creation, per account, to the key's hash, with their expiry (ms). */
  readonly #tokens = new Map<string, { hash: string; expires: number }>();
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async ping(): Promise<void> {}

  async createAccount(account: AccountRecord, key: KeyRecord): Promise<string | undefined> {
    const existing = this.#emails.get(account.email);
    if (existing !== undefined) {
      const keys = this.#byAccount.get(existing) ?? [];
      const only = keys[0];
      if (keys.length !== 1 || !only || only.usedAt || only.revokedAt) return undefined;
      this.#delete(only);
      this.#put({ ...key, accountId: existing });
      return existing;
    }
    this.#emails.set(account.email, account.id);
    this.#byAccount.set(account.id, []);
    this.#put(key);
    return account.id;
  }

  async addKey(key: KeyRecord, limits: KeyLimits, idempotency?: string): Promise<AddKeyOutcome> {
    const token = idempotency === undefined ? undefined : `${key.accountId}\n${idempotency}`;
    const earlier = token === undefined ? undefined : this.#tokens.get(token);
    const replaced = earlier && earlier.expires > this.#now() ? this.#keys.get(earlier.hash) : undefined;
    if (replaced) {
      if (replaced.usedAt || replaced.revokedAt) return 'idempotency_key_used';
      this.#delete(replaced);
    } else {
      const active = (this.#byAccount.get(key.accountId) ?? []).filter((k) => !k.revokedAt).length;
      if (active >= limits.maxActive) return 'too_many_active';
      const today = this.#createdToday.get(key.accountId);
      const count = today?.day === limits.day ? today.count : 0;
      if (count >= limits.maxCreatedPerDay) return 'too_many_today';
      this.#createdToday.set(key.accountId, { day: limits.day, count: count + 1 });
    }
    this.#put(key);
    if (token !== undefined) {
      const now = this.#now();
      if (this.#tokens.size >= SWEEP_SIZE)
        for (const [name, entry] of this.#tokens) if (entry.expires <= now) this.#tokens.delete(name);
      this.#tokens.set(token, { hash: key.hash, expires: now + IDEMPOTENCY_TTL_SECONDS * 1000 });
    }
    return 'added';
  }

  async findKey(hash: string): Promise<KeyRecord | undefined> {
    return this.#keys.get(hash);
  }

  async markUsed(hash: string, at: string): Promise<boolean> {
    const key = this.#keys.get(hash);
    if (!key || key.revokedAt) return false;
    if (!key.usedAt) this.#replace(key, { ...key, usedAt: at });
    return true;
  }

  async listKeys(accountId: string): Promise<KeyRecord[]> {
    return [...(this.#byAccount.get(accountId) ?? [])];
  }

  async revokeKey(accountId: string, keyId: string, at: string): Promise<KeyRecord | undefined> {
    const list = this.#byAccount.get(accountId) ?? [];
    const key = list.find((k) => k.id === keyId);
    if (!key) return undefined;
    if (key.revokedAt) return key;
    const revoked = { ...key, revokedAt: at };
    this.#replace(key, revoked);
    const kept = list
      .filter((k) => k.revokedAt)
      .sort((a, b) => (a.revokedAt! < b.revokedAt! ? -1 : a.revokedAt! > b.revokedAt! ? 1 : 0));
    for (const old of kept.slice(0, Math.max(0, kept.length - REVOKED_KEYS_KEPT))) this.#delete(old);
    return revoked;
  }

  #put(key: KeyRecord): void {
    this.#keys.set(key.hash, key);
    const list = this.#byAccount.get(key.accountId) ?? [];
    list.push(key);
    this.#byAccount.set(key.accountId, list);
  }

  #replace(key: KeyRecord, next: KeyRecord): void {
    this.#keys.set(key.hash, next);
    const list = this.#byAccount.get(key.accountId) ?? [];
    const index = list.findIndex((k) => k.hash === key.hash);
    if (index !== -1) list[index] = next;
  }

  #delete(key: KeyRecord): void {
    this.#keys.delete(key.hash);
    const list = this.#byAccount.get(key.accountId) ?? [];
    const index = list.findIndex((k) => k.hash === key.hash);
    if (index !== -1) list.splice(index, 1);
  }
}

/**
 * The in-memory usage store: request counts of one process, lost on restart.
 *
 * @example
 * ```ts
 * import { MemoryUsageStore } from 'finplan/http';
 * const usage = new MemoryUsageStore();
 * await usage.record('acct_1', 'key_1', '2026-01-02', '/v1/tvm');
 * (await usage.usage('acct_1', ['2026-01-02']))[0]?.count; // 1
 * ```
 */
export class MemoryUsageStore implements UsageStore {
  readonly #counts = new Map<string, Map<string, number>>();

  async ping(): Promise<void> {}

  static {
    recordNow = (store, accountId, keyId, day, operation) => store.#record(accountId, keyId, day, operation);
  }

  async record(accountId: string, keyId: string, day: string, operation: string): Promise<void> {
    this.#record(accountId, keyId, day, operation);
  }

  #record(accountId: string, keyId: string, day: string, operation: string): void {
    const bucket = `${accountId}\n${day}`;
    let counts = this.#counts.get(bucket);
    if (!counts) {
      counts = new Map();
      this.#counts.set(bucket, counts);
    }
    const field = `${keyId}\t${operation}`;
    counts.set(field, (counts.get(field) ?? 0) + 1);
  }

  async usage(accountId: string, days: readonly string[]): Promise<UsageCount[]> {
    const rows: UsageCount[] = [];
    for (const day of days) {
      for (const [field, count] of this.#counts.get(`${accountId}\n${day}`) ?? []) {
        const tab = field.indexOf('\t');
        rows.push({ keyId: field.slice(0, tab), day, operation: field.slice(tab + 1), count });
      }
    }
    return rows;
  }
}

/**
 * `store.takeToken` as a synchronous function when `store` is a {@link MemoryStore} that does not
 * override it (the adapter then skips a promise per request); undefined for any other store.
 */
export function synchronousTakeToken(
  store: RateLimitStore,
): ((bucket: string, capacity: number, count: number) => RateDecision) | undefined {
  if (!(store instanceof MemoryStore) || store.takeToken !== MemoryStore.prototype.takeToken)
    return undefined;
  return (bucket, capacity, count) => takeTokenNow(store, bucket, capacity, count);
}

/** `store.record` as a synchronous function for a {@link MemoryUsageStore} that does not override it. */
export function synchronousRecord(
  store: UsageStore,
): ((accountId: string, keyId: string, day: string, operation: string) => void) | undefined {
  if (!(store instanceof MemoryUsageStore) || store.record !== MemoryUsageStore.prototype.record)
    return undefined;
  return (accountId, keyId, day, operation) => recordNow(store, accountId, keyId, day, operation);
}

/**
 * The in-memory stores (one process): spread into `createHandler`'s options.
 *
 * @example
 * ```ts
 * import { createHandler, memoryStores } from 'finplan/http';
 * const handler = createHandler({ ...memoryStores(), signup: true });
 * ```
 */
export function memoryStores(): Stores {
  return { store: new MemoryStore(), keyStore: new MemoryKeyStore(), usageStore: new MemoryUsageStore() };
}
