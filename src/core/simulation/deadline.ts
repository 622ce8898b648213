/**
 * A deadline for simulations computed in the calling thread (a server without worker threads): the
 * path driver checks it between paths and stops with {@link DeadlineExceededError} once it has passed.
 * Results never depend on it: a simulation either finishes, with the same numbers, or throws.
 */

/** Thrown by a simulation that passed the deadline set by {@link withDeadline}. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
  constructor(readonly deadlineMs: number) {
    super(`the calculation did not finish within ${deadlineMs} ms`);
  }
}

/** The deadline in force (a `Date.now()` time) and its length; none outside {@link withDeadline}. */
let deadlineAt = Number.POSITIVE_INFINITY;
let deadlineMs = 0;

/**
 * Run the synchronous `compute` so that the simulated paths it draws stop with
 * {@link DeadlineExceededError} once `Date.now()` passes `at` (`ms` is the deadline's length, for the
 * message). The previous deadline is restored afterwards.
 */
export function withDeadline<T>(at: number, ms: number, compute: () => T): T {
  const previous = [deadlineAt, deadlineMs] as const;
  deadlineAt = at;
  deadlineMs = ms;
  try {
    return compute();
  } finally {
    [deadlineAt, deadlineMs] = previous;
  }
}

/** Throw {@link DeadlineExceededError} when the deadline of {@link withDeadline} has passed. */
export function checkDeadline(): void {
  if (deadlineAt !== Number.POSITIVE_INFINITY && Date.now() > deadlineAt)
    throw new DeadlineExceededError(deadlineMs);
}
