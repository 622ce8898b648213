/** A token bucket's state: tokens left and when they were counted (ms). */
export interface BucketState {
  tokens: number;
  updatedAt: number;
}

/** The outcome of taking tokens. */
export interface RateDecision {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** Seconds until the tokens asked for are there (0 when allowed). */
  readonly retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  readonly resetSeconds: number;
}

/**
 * Take `count` tokens (default 1; never more than `capacity`, so any request can eventually pass) from
 * a bucket of `capacity` tokens refilled at `capacity / 60` per second (a per-minute budget), at time
 * `now` (ms). All or nothing: a refused request takes none. Mutates and returns the decision. A new
 * bucket is full.
 */
export function takeToken(state: BucketState, capacity: number, now: number, count = 1): RateDecision {
  const perMs = capacity / 60_000;
  const needed = Math.min(Math.max(1, count), capacity);
  const elapsed = Math.max(0, now - state.updatedAt);
  state.tokens = Math.min(capacity, state.tokens + elapsed * perMs);
  state.updatedAt = now;
  const allowed = state.tokens >= needed;
  if (allowed) state.tokens -= needed;
  return {
    allowed,
    remaining: Math.floor(state.tokens),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((needed - state.tokens) / perMs / 1000)),
    resetSeconds: Math.ceil((capacity - state.tokens) / perMs / 1000),
  };
}
