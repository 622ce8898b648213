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

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' } as const;

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The error body `{ error: { code, message, issues? } }`. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  options: { issues?: readonly CalculationIssue[]; headers?: Record<string, string> } = {},
): Response {
  const error: { code: string; message: string; issues?: readonly CalculationIssue[] } = { code, message };
  if (options.issues && options.issues.length > 0) error.issues = options.issues;
  return jsonResponse(status, { error }, options.headers);
}

/** The 413 reply, shared by the Fetch handler and the Node bridge. */
export function payloadTooLarge(maxBodyBytes: number): Response {
  return errorResponse(413, 'payload_too_large', `request body exceeds ${maxBodyBytes} bytes`, {
    headers: { connection: 'close' },
  });
}
