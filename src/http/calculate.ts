/**
 * The calculation: read the body, charge its cost as it becomes known, compute in this thread or in the
 * pool (a large body is parsed there too), and reply with the envelope; the request is counted against
 * its key.
 * @module
 */
import { OFFLOAD_COST, requestCost, tokensFor } from '../core/cost';
import { envelopeJson } from '../core/envelope-json';
import { isCalculationError } from '../core/errors';
import type { AnyOperation } from '../core/operation';
import { DeadlineExceededError, withDeadline } from '../core/simulation/deadline';
import type { Identity } from './auth';
import { invalidJson, readText } from './body';
import type { Meter } from './limit';
import { utcDay } from './platform';
import { DEFAULT_DEADLINE_MS, type Executor, InvalidJsonError, ServiceUnavailableError } from './pool';
import type { RequestParts } from './request';
import { errorReply, JSON_CONTENT_TYPE, jsonReply, type Reply } from './responses';
import { synchronousRecord } from './stores/memory';
import type { UsageStore } from './stores/types';

/** What {@link createCalculator} needs. */
export interface CalculateOptions {
  /** The per-key budget: no request is charged more tokens than the bucket holds. */
  readonly rateLimit: number;
  readonly maxBodyBytes: number;
  /** Deadline of a calculation from its arrival, in ms (a request's own `deadlineMs` wins). */
  readonly deadlineMs?: number | undefined;
  /** Where costly work goes when the request brings no executor of its own. */
  readonly execute?: Executor | undefined;
  /** Where requests are counted for `/v1/usage`. */
  readonly usageStore: UsageStore;
}

/**
 * The calculator of a handler: the reply to `operation` on `request`, for `identity` once it paid its
 * arrival token to `meter` (which it charges the rest of its cost).
 */
export function createCalculator({
  rateLimit,
  maxBodyBytes,
  deadlineMs,
  execute,
  usageStore,
}: CalculateOptions) {
  const recordNow = synchronousRecord(usageStore);

  const calculate = async (operation: AnyOperation, request: RequestParts, meter: Meter): Promise<Reply> => {
    let headers = meter.headers;
    // In this thread, simulations stop once the deadline from arrival has passed (a pool has its own).
    const deadline = request.deadlineMs ?? deadlineMs ?? DEFAULT_DEADLINE_MS;
    const deadlineAt = Date.now() + deadline;
    const text = await readText(request, maxBodyBytes, headers);
    if (typeof text !== 'string') return text;
    // Tokens are paid as the cost becomes known: 1 on arrival, then those of reading the body, then
    // those of its declared cost once validated; never more than the bucket holds, so that any request
    // can pass once the bucket is full.
    let paid = 1;
    const pay = (cost: number): Reply | undefined | Promise<Reply | undefined> => {
      const tokens = Math.min(tokensFor(requestCost(cost, text.length)), rateLimit);
      if (tokens <= paid) return undefined;
      const settle = (refused: Reply | undefined) => {
        if (refused) return refused;
        paid = tokens;
        headers = meter.headers;
        return undefined;
      };
      const charged = meter.charge(tokens - paid);
      return charged instanceof Promise ? charged.then(settle) : settle(charged);
    };
    try {
      const bodyPaid = pay(0);
      const overBudgetBody = bodyPaid instanceof Promise ? await bodyPaid : bodyPaid;
      if (overBudgetBody) return overBudgetBody;
      const executor = request.execute ?? execute;
      // A body whose reading alone is work of OFFLOAD_COST or more is parsed where it computes.
      if (executor?.fromBody && requestCost(0, text.length) >= OFFLOAD_COST) {
        let refused: Reply | undefined;
        const admit = async (cost: number) => {
          refused = await pay(cost);
          return refused === undefined;
        };
        const offloaded = executor.fromBody(operation, text, admit);
        if (offloaded) {
          const json = await offloaded;
          if (json === undefined) {
            if (refused) return refused;
            throw new Error('the pool dropped a request that was admitted');
          }
          return { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body: json };
        }
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        return invalidJson(error, headers);
      }
      const input = operation.parse(json);
      const cost = operation.cost(input);
      const costPaid = pay(cost);
      const overBudget = costPaid instanceof Promise ? await costPaid : costPaid;
      if (overBudget) return overBudget;
      // Work of about 2 ms or more leaves the thread that answers probes and cheap calls.
      if (executor && cost >= OFFLOAD_COST)
        return jsonReply(200, await executor(operation, input, text), headers);
      if (operation.loadsEngine) await operation.ready();
      const computed = withDeadline(deadlineAt, deadline, () => operation.compute(input));
      const body = envelopeJson(operation, input, computed);
      return { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
    } catch (error) {
      if (error instanceof InvalidJsonError) return invalidJson(error, headers);
      if (isCalculationError(error)) {
        return errorReply(400, error.code, error.message, { issues: error.issues, headers });
      }
      if (error instanceof DeadlineExceededError) {
        return errorReply(503, 'service_unavailable', error.message, {
          headers: { ...headers, 'retry-after': String(Math.ceil(error.deadlineMs / 1000)) },
        });
      }
      if (error instanceof ServiceUnavailableError) {
        return errorReply(503, 'service_unavailable', error.message, {
          headers: { ...headers, 'retry-after': String(error.retryAfterSeconds) },
        });
      }
      throw error;
    }
  };

  const counted = async (
    operation: AnyOperation,
    request: RequestParts,
    identity: Identity,
    meter: Meter,
  ) => {
    const recorded = usageStore
      .record(identity.accountId, identity.keyId, utcDay(Date.now()), operation.path)
      .catch(() => {});
    try {
      return await calculate(operation, request, meter);
    } finally {
      await recorded;
    }
  };

  // Counted against its key (a failure to count never fails the request); awaited before the reply
  // so that /v1/usage right after sees it. The in-memory store counts at once: no promise of its own.
  return (
    operation: AnyOperation,
    request: RequestParts,
    identity: Identity,
    meter: Meter,
  ): Promise<Reply> => {
    if (!recordNow) return counted(operation, request, identity, meter);
    try {
      recordNow(identity.accountId, identity.keyId, utcDay(Date.now()), operation.path);
    } catch {}
    return calculate(operation, request, meter);
  };
}
