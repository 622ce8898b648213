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
}

/** An account created by `/v1/signup`. */
export interface AccountRecord {
  readonly id: string;
  /** Normalised (trimmed, lower-case) email: unique. */
  readonly email: string;
  readonly createdAt: string;
}

/** Accounts and their keys. */
export interface KeyStore {
  ping(): Promise<void>;
  /** Create an account with its first key; `false` (nothing stored) when the email is taken. */
  createAccount(account: AccountRecord, key: KeyRecord): Promise<boolean>;
  /** Add a key to its account; `false` (nothing stored) when the account already has `maxActive` active keys. */
  addKey(key: KeyRecord, maxActive: number): Promise<boolean>;
  /** The key with this hash, revoked or not; undefined when there is none. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  /** Every key of the account, revoked ones included, oldest first. */
  listKeys(accountId: string): Promise<KeyRecord[]>;
  /**
   * Revoke the account's key `keyId` (at time `at`, ISO 8601; a key already revoked keeps its time);
   * undefined when the account has no such key.
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
