/**
 * Reading a request body: the content type and size checks, the text, and the JSON (or the 400 that
 * quotes the parser, the same wherever the body is parsed).
 * @module
 */

import { type RequestParts, TOO_LARGE } from './request';
import { errorReply, payloadTooLarge, type Reply } from './responses';

/** Whether a Content-Type names JSON: `application/json` or `application/<something>+json`. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === 'application/json') return true;
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** The 400 reply to a body that is not JSON, quoting the parser's message. */
export function invalidJson(error: unknown, headers: Record<string, string>): Reply {
  return errorReply(
    400,
    'invalid_json',
    `the request body is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    { headers },
  );
}

/**
 * The body text, after the content type (415) and size (413) checks; or the error reply, carrying
 * `headers` (the rate-limit headers).
 */
export async function readText(
  request: RequestParts,
  maxBodyBytes: number,
  headers: Record<string, string>,
): Promise<string | Reply> {
  if (!isJsonContentType(request.header('content-type'))) {
    return errorReply(415, 'unsupported_media_type', 'the request body must be application/json', {
      headers,
    });
  }
  if (Number(request.header('content-length')) > maxBodyBytes) return payloadTooLarge(maxBodyBytes, headers);
  const text = await request.readBody(maxBodyBytes);
  return text === TOO_LARGE ? payloadTooLarge(maxBodyBytes, headers) : text;
}

/** The JSON body after {@link readText}'s checks; or the error reply (415, 413, 400 `invalid_json`). */
export async function readJson(
  request: RequestParts,
  maxBodyBytes: number,
  headers: Record<string, string>,
): Promise<{ json: unknown } | Reply> {
  const text = await readText(request, maxBodyBytes, headers);
  if (typeof text !== 'string') return text;
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return invalidJson(error, headers);
  }
}
