import { type BucketState, type RateDecision, takeToken } from './token-bucket';

/**
 * Where the adapter keeps shared state: rate-limit buckets (and, with the platform endpoints, keys
 * and usage). The in-memory store serves one process; a Redis store serves several.
 */
export interface Store {
  /** Resolves when the store answers; rejects when it is unreachable (`/readyz` then says 503). */
  ping(): Promise<void>;
  /**
   * Take `count` tokens (default 1, at most `capacity`; all or nothing) from the bucket `bucket` holding
   * at most `capacity` (refill capacity/60 per second).
   */
  takeToken(bucket: string, capacity: number, count?: number): Promise<RateDecision>;
}

/**
 * The in-memory store: one process, state lost on restart.
 *
 * @example
 * ```ts
 * import { createHandler, MemoryStore } from 'finplan/http';
 * const handler = createHandler({ apiKeys: ['secret'], store: new MemoryStore() });
 * ```
 */
export class MemoryStore implements Store {
  readonly #buckets = new Map<string, BucketState>();
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async ping(): Promise<void> {}

  async takeToken(bucket: string, capacity: number, count = 1): Promise<RateDecision> {
    const now = this.#now();
    let state = this.#buckets.get(bucket);
    if (!state) {
      state = { tokens: capacity, updatedAt: now };
      this.#buckets.set(bucket, state);
    }
    return takeToken(state, capacity, now, count);
  }
}
