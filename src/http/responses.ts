import { CALCULATION_ERROR_CODES, type CalculationErrorCode, type CalculationIssue } from '../core/errors';

/**
 * Error codes of the adapter itself (calculation errors keep their own codes,
 * {@link CALCULATION_ERROR_CODES}).
 *
 * @example
 * ```ts
 * import { HTTP_ERROR_CODES } from 'finplan/http';
 * HTTP_ERROR_CODES.includes('rate_limited'); // true
 * ```
 */
export const HTTP_ERROR_CODES = [
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'key_not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'email_taken',
  'too_many_keys',
  'idempotency_key_used',
  'rate_limited',
  'forbidden_origin',
  'request_header_fields_too_large',
  'request_timeout',
  'expectation_failed',
  'invalid_request',
  'service_unavailable',
  'internal_error',
] as const;

/** An error code of the adapter. */
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/**
 * Every `error.code` a reply can carry: the calculation codes, then the adapter's.
 *
 * @example
 * ```ts
 * import { ERROR_CODES } from 'finplan/http';
 * ERROR_CODES.length; // 24
 * ```
 */
export const ERROR_CODES: readonly (CalculationErrorCode | HttpErrorCode)[] = [
  ...CALCULATION_ERROR_CODES,
  ...HTTP_ERROR_CODES,
];

/**
 * A reply before it becomes a Fetch `Response` or a node:http write: status, lower-case headers and
 * the JSON text.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The content type of every JSON reply. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON reply. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** Most issues an error reply lists; the rest are counted in a last `too_many_issues` issue. */
export const MAX_REPLY_ISSUES = 20;
/** Longest message or issue path echoed in an error reply, in characters. */
export const MAX_ECHO_CHARS = 200;

/** `text` cut to {@link MAX_ECHO_CHARS} characters, saying how much was cut. */
export function clip(text: string, max = MAX_ECHO_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length - max} more characters)`;
}

function boundedIssues(issues: readonly CalculationIssue[]): CalculationIssue[] {
  const shown = issues.slice(0, MAX_REPLY_ISSUES).map((issue) => ({
    path: clip(issue.path),
    code: clip(issue.code),
    message: clip(issue.message),
  }));
  const more = issues.length - shown.length;
  if (more > 0) shown.push({ path: '', code: 'too_many_issues', message: `${more} more issues not shown` });
  return shown;
}

/**
 * The error reply `{ error: { code, message, issues? } }`, bounded whatever the request held: at most
 * {@link MAX_REPLY_ISSUES} issues (plus one counting the rest), every echoed text clipped to
 * {@link MAX_ECHO_CHARS} characters, and a message built from the issues shown.
 */
export function errorReply(
  status: number,
  code: CalculationErrorCode | HttpErrorCode,
  message: string,
  options: { issues?: readonly CalculationIssue[]; headers?: Record<string, string> } = {},
): Reply {
  const error: { code: string; message: string; issues?: readonly CalculationIssue[] } = { code, message };
  if (options.issues && options.issues.length > 0) {
    error.issues = boundedIssues(options.issues);
    if (options.issues.length > 1 || message.length > MAX_ECHO_CHARS) {
      error.message = clip(
        error.issues
          .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
          .join('; '),
        4 * MAX_ECHO_CHARS,
      );
    }
  } else {
    error.message = clip(message, 4 * MAX_ECHO_CHARS);
  }
  return jsonReply(status, { error }, options.headers);
}

/** The 503 reply when a store (`what`: rate-limit, key) does not answer: retry in a second. */
export function storeUnavailable(what: string): Reply {
  return errorReply(503, 'service_unavailable', `the ${what} store is unreachable; try again shortly`, {
    headers: { 'retry-after': '1' },
  });
}

/** The 413 reply (the connection closes after it: the rest of the body is not read). */
export function payloadTooLarge(maxBodyBytes: number, headers: Record<string, string> = {}): Reply {
  return errorReply(413, 'payload_too_large', `request body exceeds ${maxBodyBytes} bytes`, {
    headers: { ...headers, connection: 'close' },
  });
}

/** A Fetch `Response` of a reply. */
export function toResponse(reply: Reply, method = 'GET'): Response {
  return new Response(method === 'HEAD' ? null : reply.body, {
    status: reply.status,
    headers: reply.headers,
  });
}
