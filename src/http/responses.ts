import type { CalculationIssue } from '../core/errors';

/** HTTP error codes of the adapter (calculation errors keep their own codes). */
export type HttpErrorCode =
  | 'invalid_json'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error';

/**
 * A reply before it becomes a Fetch `Response` or a node:http write: status, lower-case headers and
 * the JSON text.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The error reply `{ error: { code, message, issues? } }`. */
export function errorReply(
  status: number,
  code: string,
  message: string,
  options: { issues?: readonly CalculationIssue[]; headers?: Record<string, string> } = {},
): Reply {
  const error: { code: string; message: string; issues?: readonly CalculationIssue[] } = { code, message };
  if (options.issues && options.issues.length > 0) error.issues = options.issues;
  return jsonReply(status, { error }, options.headers);
}

/** The 413 reply. */
export function payloadTooLarge(maxBodyBytes: number): Reply {
  return errorReply(413, 'payload_too_large', `request body exceeds ${maxBodyBytes} bytes`, {
    headers: { connection: 'close' },
  });
}

/** A Fetch `Response` of a reply. */
export function toResponse(reply: Reply, method = 'GET'): Response {
  return new Response(method === 'HEAD' ? null : reply.body, {
    status: reply.status,
    headers: reply.headers,
  });
}
