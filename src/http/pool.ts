/**
 * Where costly requests compute: the pool interface a host hands `createHandler` (`WorkerPool` of
 * `finplan/node` is one), the executor the adapter calls, and the errors a pool answers with.
 * @module
 */
import type { Envelope } from '../core/envelope';
import type { AnyOperation } from '../core/operation';
import { servedRegistry as allOperations } from '../served-operations';

/** Default deadline of an operation run in a worker pool, queue wait included: 10 s. */
export const DEFAULT_DEADLINE_MS = 10_000;

/**
 * A pool that computes built-in operations off the calling thread from their parsed input and resolves
 * with the envelope; `WorkerPool` of `finplan/node` is one.
 */
export interface OperationPool {
  /** Whether jobs really leave the calling thread (false: compute in-thread). */
  readonly available: boolean;
  /**
   * Compute the operation at `path` on `input` (already parsed) within `deadlineMs` of now; `body`, when
   * given, is the JSON text `input` was parsed from, which a pool may send its worker instead of `input`
   * (a string costs far less to copy to another thread) to parse again.
   */
  run(path: string, input: unknown, deadlineMs: number, body?: string): Promise<Envelope<unknown>>;
  /**
   * Read a request body off the calling thread: parse `body` (the JSON text as received) for the
   * operation at `path`, validate it, call `admit` with its declared cost in path-steps (the adapter
   * charges the rate-limit tokens then) and, unless `admit` resolves false, compute it; resolves with the
   * envelope's JSON text (byte for byte what the calling thread would send), or undefined when `admit`
   * said no. Rejects with {@link InvalidJsonError} for text that is not JSON, the `CalculationError` of
   * invalid input, or {@link ServiceUnavailableError}. Optional: without it, bodies are read in the
   * calling thread.
   */
  runBody?(
    path: string,
    body: string,
    deadlineMs: number,
    admit: (cost: number) => Promise<boolean>,
  ): Promise<string | undefined>;
}

/**
 * Thrown when a request body is not JSON, parsed off the calling thread (see
 * {@link OperationPool.runBody}): `message` is the parser's, as the 400 `invalid_json` reply quotes it.
 *
 * @example
 * ```ts
 * import { InvalidJsonError } from 'finplan/http';
 * new InvalidJsonError('Unexpected end of JSON input').name; // 'InvalidJsonError'
 * ```
 */
export class InvalidJsonError extends Error {
  override readonly name = 'InvalidJsonError';
}

/**
 * Runs a costly operation's computation (a cost of `OFFLOAD_COST` path-steps or more) somewhere other
 * than the calling thread, e.g. a worker pool (`toNodeListener` does this); gets the parsed input and the
 * JSON text of the body it was parsed from (parsing it again gives the same input), returns the envelope.
 * Rejects with {@link ServiceUnavailableError} when it cannot finish in time.
 */
export interface Executor {
  (operation: AnyOperation, input: unknown, body?: string): Promise<Envelope<unknown>>;
  /**
   * Optional: parse, validate and compute from the body text alone, off the calling thread, as
   * {@link OperationPool.runBody} does (`admit` gets the declared cost before the computation); the
   * adapter offers it bodies of `OFFLOAD_COST` characters or more, which then never get parsed on the
   * thread that answers requests. Returns undefined at once for an operation it cannot run (the adapter
   * then reads the body itself).
   */
  readonly fromBody?: (
    operation: AnyOperation,
    body: string,
    admit: (cost: number) => Promise<boolean>,
  ) => Promise<string | undefined> | undefined;
}

/**
 * Thrown by an {@link Executor} that is saturated or ran past its deadline: the adapter answers 503
 * with `Retry-After`.
 *
 * @example
 * ```ts
 * import { ServiceUnavailableError } from 'finplan/http';
 * new ServiceUnavailableError('the simulation did not finish within 10000 ms', 2).retryAfterSeconds; // 2
 * ```
 */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * An {@link Executor} running finplan's own operations in `pool` (a worker knows only those; any other
 * computes in-thread); undefined when the pool is not available.
 *
 * @example
 * ```ts
 * import { poolExecutor } from 'finplan/http';
 * import { sharedWorkerPool } from 'finplan/node';
 * const execute = poolExecutor(sharedWorkerPool(), 5_000); // undefined when running from source
 * ```
 */
export function poolExecutor(pool: OperationPool, deadlineMs: number): Executor | undefined {
  if (!(Number.isInteger(deadlineMs) && deadlineMs > 0))
    throw new RangeError('deadlineMs must be a positive integer');
  if (!pool.available) return undefined;
  const builtIn = (operation: AnyOperation) => allOperations.get(operation.path) === operation;
  const execute: Executor = (operation, input, body) =>
    builtIn(operation)
      ? pool.run(operation.path, input, deadlineMs, body)
      : Promise.resolve().then(() => operation.run(input));
  const runBody = pool.runBody?.bind(pool);
  if (!runBody) return execute;
  return Object.assign(execute, {
    // The workers know finplan's own operations only: the adapter reads any other body in-thread.
    fromBody: (operation: AnyOperation, body: string, admit: (cost: number) => Promise<boolean>) =>
      builtIn(operation) ? runBody(operation.path, body, deadlineMs, admit) : undefined,
  });
}
