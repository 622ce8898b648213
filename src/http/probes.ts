/**
 * The public GET endpoints: `/healthz` (liveness, no store call), `/readyz` (every store answers) and
 * `/openapi.json` (built on first request, then served from memory).
 * @module
 */
import type { AnyOperation } from '../core/operation';
import { buildOpenApiDocument } from './openapi';
import { jsonReply, type Reply } from './responses';
import type { ProbePath } from './route';

/** What {@link createProbes} answers from. */
export interface ProbeOptions {
  /** The stores `/readyz` pings (each once, however many roles it plays). */
  readonly stores: readonly { ping(): Promise<void> }[];
  /** The operations the OpenAPI document describes. */
  readonly operations: readonly AnyOperation[];
  /** `servers` of the OpenAPI document. */
  readonly servers?: readonly { url: string; description?: string }[] | undefined;
  /** Whether the document lists `/v1/signup`. */
  readonly signup: boolean;
}

/** The probes of a handler: the reply to a GET of each {@link ProbePath}. */
export function createProbes({ stores, operations, servers, signup }: ProbeOptions) {
  const pinged = [...new Set(stores)];
  let openApiJson: string | undefined;
  return async (path: ProbePath): Promise<Reply> => {
    if (path === '/healthz') return jsonReply(200, { status: 'ok' });
    if (path === '/readyz') {
      try {
        await Promise.all(pinged.map((s) => s.ping()));
        return jsonReply(200, { status: 'ready' });
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : 'store unreachable';
        return jsonReply(503, { status: 'unavailable', reason: `store unreachable: ${reason}` });
      }
    }
    openApiJson ??= JSON.stringify(
      buildOpenApiDocument(operations, { ...(servers ? { servers } : {}), signup }),
    );
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: openApiJson };
  };
}
