/** A token bucket's state: tokens left and when they were counted (ms). */
export interface BucketState {
  tokens: number;
  updatedAt: number;
}

/** The outcome of taking one token. */
export interface RateDecision {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** Seconds until the next token (0 when allowed). */
  readonly retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  readonly resetSeconds: number;
}

/**
 * Take one token from a bucket of `capacity` tokens refilled at `capacity / 60` per second (a
 * per-minute budget), at time `now` (ms). Mutates and returns the decision. A new bucket is full.
 */
export function takeToken(state: BucketState, capacity: number, now: number): RateDecision {
  const perMs = capacity / 60_000;
  const elapsed = Math.max(0, now - state.updatedAt);
  state.tokens = Math.min(capacity, state.tokens + elapsed * perMs);
  state.updatedAt = now;
  const allowed = state.tokens >= 1;
  if (allowed) state.tokens -= 1;
  return {
    allowed,
    remaining: Math.floor(state.tokens),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - state.tokens) / perMs / 1000)),
    resetSeconds: Math.ceil((capacity - state.tokens) / perMs / 1000),
  };
}
