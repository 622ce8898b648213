/**
 * Rate limiting: a token bucket per key (capacity the per-minute budget), charged as a request's cost
 * becomes known, with the `RateLimit-*` headers of the last decision; off in development mode.
 * @module
 */
import { errorReply, type Reply, storeUnavailable } from './responses';
import { synchronousTakeToken } from './stores/memory';
import type { RateLimitStore } from './stores/types';
import type { RateDecision } from './token-bucket';

/** What {@link createLimiter} accepts. */
export interface LimitOptions {
  /** Where the buckets live. */
  readonly store: RateLimitStore;
  /** Per-key budget, requests (tokens) per minute: a positive integer. */
  readonly rateLimit: number;
  /** Development mode: every charge passes and no headers are set. */
  readonly dev?: boolean | undefined;
}

/** A refusal, a store failure, or nothing (the tokens were taken): sync with the in-memory store. */
export type Charged = Reply | undefined | Promise<Reply | undefined>;

/** The rate-limit state of one request: what it has been charged, and the headers its replies carry. */
export interface Meter {
  /** Take `count` tokens from the request's bucket: the refusal (429, or 503 when the store fails), or undefined. */
  charge(count: number): Charged;
  /** The `RateLimit-*` headers of the last decision (none before the first, or in development mode). */
  readonly headers: Record<string, string>;
  /** The last decision; undefined before the first charge, or in development mode. */
  readonly decision: RateDecision | undefined;
}

function rateHeaders(limit: number, decision: RateDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/** The limiter of a handler: a {@link Meter} for a request charged to `bucket`. */
export function createLimiter({ store, rateLimit, dev }: LimitOptions): (bucket: string) => Meter {
  if (!(Number.isInteger(rateLimit) && rateLimit > 0))
    throw new RangeError('rateLimit must be a positive integer');
  // The in-memory store answers synchronously: no promise per request.
  const takeTokenNow = synchronousTakeToken(store);

  class BucketMeter implements Meter {
    headers: Record<string, string> = {};
    decision: RateDecision | undefined;
    constructor(readonly bucket: string) {}

    #decide(decision: RateDecision, count: number): Reply | undefined {
      this.decision = decision;
      this.headers = rateHeaders(rateLimit, decision);
      if (decision.allowed) return undefined;
      return errorReply(
        429,
        'rate_limited',
        count === 1
          ? `over the budget of ${rateLimit} requests per minute`
          : `this request costs ${Math.min(count, rateLimit)} tokens of the budget of ${rateLimit} per minute; not enough are left`,
        { headers: { ...this.headers, 'retry-after': String(decision.retryAfterSeconds) } },
      );
    }

    async #chargeStore(count: number): Promise<Reply | undefined> {
      let decision: RateDecision;
      try {
        decision = await store.takeToken(this.bucket, rateLimit, count);
      } catch {
        return storeUnavailable('rate-limit');
      }
      return this.#decide(decision, count);
    }

    charge(count: number): Charged {
      if (dev) return undefined;
      if (!takeTokenNow) return this.#chargeStore(count);
      let decision: RateDecision;
      try {
        decision = takeTokenNow(this.bucket, rateLimit, count);
      } catch {
        return storeUnavailable('rate-limit');
      }
      return this.#decide(decision, count);
    }
  }
  return (bucket) => new BucketMeter(bucket);
}
