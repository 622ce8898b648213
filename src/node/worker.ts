/**
 * The worker side of the pool (see `worker-pool.ts`): computes one costly request's operation at a
 * time and posts back the envelope, a calculation error, or a crash message. A `raw` body is read here
 * first (parsed and validated: its cost goes back to the pool, which answers whether to compute).
 * @internal
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { buildEnvelope } from '../core/envelope';
import { envelopeJson } from '../core/envelope-json';
import { isCalculationError } from '../core/errors';
import type { AnyOperation } from '../core/operation';
import { servedRegistry as registry } from '../served-operations';
import type { WorkerAdmit, WorkerReply, WorkerRequest } from './worker-protocol';

/** A `raw` job validated and waiting for the pool's admission. */
let waiting: { id: number; operation: AnyOperation; input: unknown } | undefined;

function failure(id: number, error: unknown): WorkerReply {
  return isCalculationError(error)
    ? { id, calculationError: { code: error.code, issues: error.issues } }
    : { id, crash: error instanceof Error ? error.message : String(error) };
}

/**
 * The reply to a message of the pool, or undefined while a `raw` job waits for admission (exported for
 * tests, which run it in-thread).
 * @internal
 */
export function answer(message: WorkerRequest | WorkerAdmit): WorkerReply | undefined {
  if ('admit' in message) {
    const job = waiting;
    waiting = undefined;
    if (!job || job.id !== message.id || !message.admit) return undefined;
    try {
      return { id: job.id, json: envelopeJson(job.operation, job.input, job.operation.compute(job.input)) };
    } catch (error) {
      return failure(job.id, error);
    }
  }
  const operation = registry.get(message.path);
  try {
    if (!operation) throw new Error(`no operation at ${message.path}`);
    if ('raw' in message) {
      let json: unknown;
      try {
        json = JSON.parse(message.raw);
      } catch (error) {
        return { id: message.id, invalidJson: error instanceof Error ? error.message : 'parse error' };
      }
      const input = operation.parse(json);
      waiting = { id: message.id, operation, input };
      return { id: message.id, cost: operation.cost(input) };
    }
    // The body text parses to the input the main thread validated (parsing is deterministic).
    const input = 'body' in message ? operation.parse(JSON.parse(message.body)) : message.input;
    return { id: message.id, envelope: buildEnvelope(operation, input, operation.compute(input)) };
  } catch (error) {
    return failure(message.id, error);
  }
}

/** `answer`, once the operation's engine is loaded (the lifetime plan's solver, on its first job). */
async function answerLoaded(message: WorkerRequest | WorkerAdmit): Promise<WorkerReply | undefined> {
  const operation = 'path' in message ? registry.get(message.path) : undefined;
  if (operation?.loadsEngine) await operation.ready();
  return answer(message);
}

parentPort?.on('message', (message: WorkerRequest | WorkerAdmit) => {
  answerLoaded(message).then(
    (reply) => {
      if (reply) parentPort?.postMessage(reply);
    },
    (error: unknown) => parentPort?.postMessage(failure((message as { id: number }).id, error)),
  );
});
