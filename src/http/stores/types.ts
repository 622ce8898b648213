import type { RateDecision } from '../token-bucket';

/**
 * Rate-limit buckets: a token bucket per name. The in-memory {@link MemoryStore} serves one process; a
 * Redis store serves several.
 */
export interface RateLimitStore {
  /** Resolves when the store answers; rejects when it is unreachable (`/readyz` then says 503). */
  ping(): Promise<void>;
  /**
   * Take `count` tokens (default 1, at most `capacity`; all or nothing) from the bucket `bucket` holding
   * at most `capacity` (refill capacity/60 per second).
   */
  takeToken(bucket: string, capacity: number, count?: number): Promise<RateDecision>;
}

/** An API key issued through the platform endpoints: never the key itself, only its SHA-256 hash. */
export interface KeyRecord {
  /** Public identifier (`key_<hex>`), used to list and revoke. */
  readonly id: string;
  /** The account that owns the key. */
  readonly accountId: string;
  /** SHA-256 hex digest of the key: what a presented key is looked up by. */
  readonly hash: string;
  /** The first characters of the key (non-secret), to tell keys apart in a list. */
  readonly prefix: string;
  /** A label the owner gave it ('' when none). */
  readonly name: string;
  /** ISO 8601 time of creation. */
  readonly createdAt: string;
  /** ISO 8601 time of revocation, absent while the key is active. */
  readonly revokedAt?: string;
  /** ISO 8601 time of the first request the key authenticated; absent while never used. */
  readonly usedAt?: string;
}

/** An account created by `/v1/signup`. */
export interface AccountRecord {
  readonly id: string;
  /** Normalised (trimmed, lower-case) email: unique. */
  readonly email: string;
  readonly createdAt: string;
}

/** Revoked keys an account keeps (oldest first out): revoking one more deletes the oldest revoked key. */
export const REVOKED_KEYS_KEPT = 100;

/** How long an idempotency token of key creation is remembered: 24 hours. */
export const IDEMPOTENCY_TTL_SECONDS = 86_400;

/** The limits {@link KeyStore.addKey} checks in the same atomic step as the write. */
export interface KeyLimits {
  /** Most active keys the account may hold. */
  readonly maxActive: number;
  /** Most keys the account may create on `day` (replacements under an idempotency key not counted). */
  readonly maxCreatedPerDay: number;
  /** The UTC day of the creation, `YYYY-MM-DD`. */
  readonly day: string;
}

/**
 * What {@link KeyStore.addKey} did: `added` (also when it replaced the unused key an earlier attempt with
 * the same idempotency key made); `too_many_active`, `too_many_today` or `idempotency_key_used` (the key
 * made under that idempotency key has been used or revoked) with nothing stored.
 */
export type AddKeyOutcome = 'added' | 'too_many_active' | 'too_many_today' | 'idempotency_key_used';

/**
 * Accounts and their keys. Every write is one atomic step (a Redis Lua script): it lands whole or not
 * at all, and a write whose reply was lost (a timeout, a crash) can be repeated to the same end.
 */
export interface KeyStore {
  ping(): Promise<void>;
  /**
   * Create an account with its first key and resolve with the account's id; undefined (nothing stored)
   * when the email's account has used a key. When the email's account exists but its one key was never
   * used nor revoked (a signup whose reply was lost), that key is deleted and `key` takes its place in
   * that account: resolves with the existing account's id.
   */
  createAccount(account: AccountRecord, key: KeyRecord): Promise<string | undefined>;
  /**
   * Add a key to its account within `limits`. With `idempotency` (an opaque token of the caller's
   * request), a key an earlier call with the same token added is deleted and `key` takes its place,
   * provided it was never used nor revoked (`idempotency_key_used` otherwise); tokens are kept 24 hours.
   */
  addKey(key: KeyRecord, limits: KeyLimits, idempotency?: string): Promise<AddKeyOutcome>;
  /** The key with this hash, revoked or not; undefined when there is none. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  /**
   * Record the key's first use (at `at`, ISO 8601; an earlier time is kept); false when the key no
   * longer exists or is revoked.
   */
  markUsed(hash: string, at: string): Promise<boolean>;
  /** Every key of the account, revoked ones included, oldest first. */
  listKeys(accountId: string): Promise<KeyRecord[]>;
  /**
   * Revoke the account's key `keyId` (at time `at`, ISO 8601; a key already revoked keeps its time);
   * undefined when the account has no such key. The account keeps its {@link REVOKED_KEYS_KEPT} most
   * recently revoked keys: older ones are deleted (a deleted key is refused as unknown).
   */
  revokeKey(accountId: string, keyId: string, at: string): Promise<KeyRecord | undefined>;
}

/** One usage counter: requests by one key, on one UTC day, to one operation. */
export interface UsageCount {
  readonly keyId: string;
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  /** The operation's path, e.g. `/v1/tvm`. */
  readonly operation: string;
  readonly count: number;
}

/** Request counts per account, key, day and operation. */
export interface UsageStore {
  ping(): Promise<void>;
  /** Count one request. */
  record(accountId: string, keyId: string, day: string, operation: string): Promise<void>;
  /** The account's counters on the given days. */
  usage(accountId: string, days: readonly string[]): Promise<UsageCount[]>;
}

/** The three stores the adapter uses; spread into `createHandler` options. */
export interface Stores {
  readonly store: RateLimitStore;
  readonly keyStore: KeyStore;
  readonly usageStore: UsageStore;
}
