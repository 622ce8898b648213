import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Envelope } from '../core/envelope';
import { CalculationError } from '../core/errors';
import { InvalidJsonError, ServiceUnavailableError } from '../http/pool';
import type { WorkerAdmit, WorkerReply, WorkerRequest } from './worker-protocol';

/** Options of a {@link WorkerPool}. */
export interface WorkerPoolOptions {
  /** Worker threads, default the machine's available parallelism (cores). */
  readonly size?: number;
  /** Jobs that may wait for a worker before new ones get 503 at once, default 16 per worker. */
  readonly maxQueue?: number;
}

interface Job {
  readonly request: WorkerRequest;
  /** With the envelope, its JSON text (a `raw` job), or undefined (a `raw` job not admitted). */
  readonly resolve: (outcome: never) => void;
  /** A `raw` job's admission, asked with its cost once the worker has validated it. */
  readonly admit?: (cost: number) => Promise<boolean>;
  readonly reject: (error: Error) => void;
  readonly timer: ReturnType<typeof setTimeout>;
  readonly queuedAt: number;
  startedAt: number | undefined;
}

interface Slot {
  worker: Worker | undefined;
  job: Job | undefined;
}

/** The built worker script next to this module (`worker.js` or `worker.cjs`), when there is one. */
function workerFile(): URL | undefined {
  const here = typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
  const extension = /\.cjs$/.test(here) ? '.cjs' : /\.m?js$/.test(here) ? '.js' : undefined;
  if (!extension || !here.startsWith('file:')) return undefined;
  for (const candidate of [`./worker${extension}`, `./node/worker${extension}`]) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/**
 * A fixed set of `worker_threads` that compute costly requests (simulations, long schedules, thousands
 * of flows: a cost of `OFFLOAD_COST` path-steps or more) off the main thread, so a server keeps
 * answering cheap calls and probes while they run. Jobs wait in a bounded queue;
 * each has a deadline covering its wait and its run: a job past it is answered with
 * `ServiceUnavailableError` (503 + Retry-After) and, if it was running, its worker is replaced. Idle
 * workers do not keep the process alive.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createHandler } from 'finplan/http';
 * import { toNodeListener, WorkerPool } from 'finplan/node';
 * const pool = new WorkerPool({ size: 2 });
 * createServer(toNodeListener(createHandler({ apiKeys: ['secret'] }), { workers: pool, deadlineMs: 5_000 }));
 * pool.size; // 2
 * ```
 */
export class WorkerPool {
  /** Worker threads in the pool. */
  readonly size: number;
  readonly #maxQueue: number;
  readonly #file: URL | undefined;
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #nextId = 1;
  /** Running mean of job durations (ms), for Retry-After. */
  #meanMs = 100;
  #closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    const size = options.size ?? Math.max(1, availableParallelism());
    if (!(Number.isInteger(size) && size >= 1 && size <= 256))
      throw new RangeError('size must be an integer from 1 to 256');
    const maxQueue = options.maxQueue ?? 16 * size;
    if (!(Number.isInteger(maxQueue) && maxQueue >= 0))
      throw new RangeError('maxQueue must be an integer >= 0');
    this.size = size;
    this.#maxQueue = maxQueue;
    this.#file = workerFile();
    this.#slots = Array.from({ length: size }, () => ({ worker: undefined, job: undefined }));
  }

  /**
   * Whether jobs really leave the main thread: false when the module runs from source (no built
   * worker script beside it), in which case callers compute in-thread.
   */
  get available(): boolean {
    return this.#file !== undefined && !this.#closed;
  }

  /** Jobs running in a worker now. */
  get busy(): number {
    let running = 0;
    for (const slot of this.#slots) if (slot.job) running++;
    return running;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.#queue.length;
  }

  /**
   * Compute `path` on `input` (already parsed) in a worker, within `deadlineMs` of now. With `body`, the
   * JSON text `input` was parsed from, the worker gets the text and parses it again (the same input):
   * copying a string to another thread costs far less than copying the objects (10,000 dated flows: a
   * fraction of a millisecond against about 10 ms of the thread that answers requests).
   */
  run(path: string, input: unknown, deadlineMs: number, body?: string): Promise<Envelope<unknown>> {
    const id = this.#nextId++;
    return this.#submit(body === undefined ? { id, path, input } : { id, path, body }, deadlineMs);
  }

  /**
   * Read a request body nobody has parsed, in a worker: it parses `body` for the operation at `path`
   * and validates it, `admit` gets its declared cost (in path-steps), and unless that resolves false the
   * worker computes; resolves with the envelope's JSON text, byte for byte what `createHandler` sends
   * when it computes in-thread, or undefined when `admit` said no. Rejects with `InvalidJsonError`
   * (not JSON), the `CalculationError` of invalid input, or `ServiceUnavailableError`; the deadline
   * covers the wait for `admit` too.
   */
  runBody(
    path: string,
    body: string,
    deadlineMs: number,
    admit: (cost: number) => Promise<boolean>,
  ): Promise<string | undefined> {
    return this.#submit({ id: this.#nextId++, path, raw: body }, deadlineMs, admit);
  }

  #submit<T>(
    request: WorkerRequest,
    deadlineMs: number,
    admit?: (cost: number) => Promise<boolean>,
  ): Promise<T> {
    if (!this.available) return Promise.reject(new Error('the worker pool is not available'));
    if (this.busy === this.size && this.#queue.length >= this.#maxQueue) {
      return Promise.reject(
        new ServiceUnavailableError('every worker is busy; try again shortly', this.#retryAfter()),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        request,
        resolve: resolve as (outcome: never) => void,
        ...(admit ? { admit } : {}),
        reject,
        queuedAt: Date.now(),
        startedAt: undefined,
        timer: setTimeout(() => this.#expire(job, deadlineMs), deadlineMs),
      };
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** Stop every worker; queued and running jobs are refused with 503. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0))
      this.#settle(job, new ServiceUnavailableError('the server is stopping', 1));
    await Promise.all(
      this.#slots.map(async (slot) => {
        if (slot.job) this.#settle(slot.job, new ServiceUnavailableError('the server is stopping', 1));
        slot.job = undefined;
        const worker = slot.worker;
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  #retryAfter(): number {
    const waves = (this.#queue.length + this.size) / this.size;
    return Math.max(1, Math.ceil((waves * this.#meanMs) / 1000));
  }

  #settle(job: Job, outcome: unknown): void {
    clearTimeout(job.timer);
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome as never);
  }

  #expire(job: Job, deadlineMs: number): void {
    const error = new ServiceUnavailableError(
      `the calculation did not finish within the ${deadlineMs} ms deadline; try again later or ask for less work (fewer paths, flows or years)`,
      this.#retryAfter(),
    );
    const queued = this.#queue.indexOf(job);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      job.reject(error);
      return;
    }
    const slot = this.#slots.find((candidate) => candidate.job === job);
    if (!slot) return;
    // The worker is busy past the deadline: replace it rather than wait for it.
    const worker = slot.worker;
    slot.worker = undefined;
    slot.job = undefined;
    void worker?.terminate();
    job.reject(error);
    this.#dispatch();
  }

  #spawn(slot: Slot): Worker {
    const worker = new Worker(this.#file as URL);
    worker.unref();
    const current = (job: Job) => slot.worker === worker && slot.job === job;
    const finish = (job: Job, outcome: unknown) => {
      slot.job = undefined;
      worker.unref();
      this.#meanMs += (Date.now() - (job.startedAt ?? job.queuedAt) - this.#meanMs) / 8;
      this.#settle(job, outcome);
      this.#dispatch();
    };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || !current(job) || job.request.id !== reply.id) return;
      if ('cost' in reply) {
        // The body is valid: the caller charges its cost, then the worker computes or drops it.
        const admitted = job.admit ? job.admit(reply.cost) : Promise.resolve(true);
        admitted.then(
          (admit) => {
            if (!current(job)) return;
            worker.postMessage({ id: reply.id, admit } satisfies WorkerAdmit);
            if (!admit) finish(job, undefined);
          },
          (error: unknown) => {
            if (!current(job)) return;
            worker.postMessage({ id: reply.id, admit: false } satisfies WorkerAdmit);
            finish(job, error instanceof Error ? error : new Error(String(error)));
          },
        );
        return;
      }
      if ('envelope' in reply) finish(job, reply.envelope);
      else if ('json' in reply) finish(job, reply.json);
      else if ('invalidJson' in reply) finish(job, new InvalidJsonError(reply.invalidJson));
      else if ('calculationError' in reply)
        finish(job, new CalculationError(reply.calculationError.code, reply.calculationError.issues));
      else finish(job, new Error(`worker failed: ${reply.crash}`));
    });
    const lost = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const job = slot.job;
      slot.job = undefined;
      if (job) this.#settle(job, error);
      this.#dispatch();
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`worker exited with code ${code}`)));
    return worker;
  }

  #dispatch(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) {
      if (slot.job) continue;
      const job = this.#queue.shift();
      if (!job) return;
      slot.worker ??= this.#spawn(slot);
      slot.worker.ref();
      slot.job = job;
      job.startedAt = Date.now();
      slot.worker.postMessage(job.request);
    }
  }
}

let shared: WorkerPool | undefined;

/**
 * The process-wide pool `toNodeListener` uses by default (created on first use, one worker per core),
 * so several listeners in one process do not oversubscribe the cores.
 *
 * @example
 * ```ts
 * import { sharedWorkerPool } from 'finplan/node';
 * sharedWorkerPool() === sharedWorkerPool(); // true
 * ```
 */
export function sharedWorkerPool(): WorkerPool {
  shared ??= new WorkerPool();
  return shared;
}
