/**
 * The worker side of the pool (see `worker-pool.ts`): computes one costly request's operation at a
 * time from its parsed input and posts back the envelope, a calculation error, or a crash message.
 * @internal
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { buildEnvelope } from '../core/envelope';
import { isCalculationError } from '../core/errors';
import { registry } from '../operations';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

parentPort?.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  const operation = registry.get(request.path);
  try {
    if (!operation) throw new Error(`no operation at ${request.path}`);
    // The body text parses to the input the main thread validated (parsing is deterministic).
    const input = 'body' in request ? operation.parse(JSON.parse(request.body)) : request.input;
    reply = { id: request.id, envelope: buildEnvelope(operation, input, operation.compute(input)) };
  } catch (error) {
    reply = isCalculationError(error)
      ? { id: request.id, calculationError: { code: error.code, issues: error.issues } }
      : { id: request.id, crash: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
