import { type BucketState, type RateDecision, takeToken } from '../token-bucket';
import type {
  AccountRecord,
  KeyRecord,
  KeyStore,
  RateLimitStore,
  Stores,
  UsageCount,
  UsageStore,
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

  async ping(): Promise<void> {}

  async createAccount(account: AccountRecord, key: KeyRecord): Promise<boolean> {
    if (this.#emails.has(account.email)) return false;
    this.#emails.set(account.email, account.id);
    this.#byAccount.set(account.id, []);
    this.#put(key);
    return true;
  }

  async addKey(key: KeyRecord, maxActive: number): Promise<boolean> {
    const active = (this.#byAccount.get(key.accountId) ?? []).filter((k) => !k.revokedAt).length;
    if (active >= maxActive) return false;
    this.#put(key);
    return true;
  }

  async findKey(hash: string): Promise<KeyRecord | undefined> {
    return this.#keys.get(hash);
  }

  async listKeys(accountId: string): Promise<KeyRecord[]> {
    return [...(this.#byAccount.get(accountId) ?? [])];
  }

  async revokeKey(accountId: string, keyId: string, at: string): Promise<KeyRecord | undefined> {
    const list = this.#byAccount.get(accountId) ?? [];
    const index = list.findIndex((k) => k.id === keyId);
    if (index === -1) return undefined;
    const key = list[index]!;
    if (key.revokedAt) return key;
    const revoked = { ...key, revokedAt: at };
    list[index] = revoked;
    this.#keys.set(key.hash, revoked);
    return revoked;
  }

  #put(key: KeyRecord): void {
    this.#keys.set(key.hash, key);
    const list = this.#byAccount.get(key.accountId) ?? [];
    list.push(key);
    this.#byAccount.set(key.accountId, list);
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
