import { sha256Hex } from '../core/sha256';

/**
 * The SHA-256 hex digest of an API key: what finplan stores and compares, never the key itself.
 *
 * @example
 * ```ts
 * import { hashApiKey, createHandler } from 'finplan/http';
 * const handler = createHandler({ apiKeyHashes: [hashApiKey(process.env.MY_KEY!)] });
 * ```
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Compare two equal-length hex digests without an early exit. */
function digestsEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  // Lengths differ only for a malformed hash: compare `a` with itself then, still reading every character.
  const other = diff === 0 ? b : a;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ other.charCodeAt(i);
  return diff === 0;
}

/**
 * Find the stored hash matching `key`, comparing against every stored hash in constant time per
 * hash (no early exit, whichever matches), so response timing reveals nothing about the keys.
 */
export function matchApiKey(key: string, hashes: readonly string[]): string | undefined {
  return matchApiKeyHash(hashApiKey(key), hashes);
}

/** {@link matchApiKey} given the presented key's hash. */
export function matchApiKeyHash(presented: string, hashes: readonly string[]): string | undefined {
  let match: string | undefined;
  for (const hash of hashes) if (digestsEqual(presented, hash)) match = hash;
  return match;
}

/** What a request presents: a key, or a precise reason why what it sent is not a usable credential. */
export type Credential = { readonly key: string } | { readonly problem: string };

/**
 * The credential of a request: `Authorization: Bearer <key>`, else `X-API-Key: <key>` (also when the
 * Authorization header carries another scheme, e.g. Basic added by a proxy). Undefined when neither
 * header is sent.
 */
export function presentedCredential(header: (name: string) => string | undefined): Credential | undefined {
  const authorization = header('authorization')?.trim();
  const apiKey = header('x-api-key')?.trim();
  if (authorization) {
    const scheme = /^\S+/.exec(authorization)?.[0] ?? '';
    if (scheme.toLowerCase() === 'bearer') {
      const match = /^Bearer[ ]+(\S+)$/i.exec(authorization);
      return match ? { key: match[1]! } : { problem: 'malformed Authorization header: send "Bearer <key>"' };
    }
    if (apiKey) return { key: apiKey };
    const name = /^[A-Za-z0-9._~+/-]{1,20}$/.test(scheme) ? `"${scheme}" ` : '';
    return {
      problem: `the Authorization scheme ${name}is not accepted: send Authorization: Bearer <key> or X-API-Key: <key>`,
    };
  }
  return apiKey ? { key: apiKey } : undefined;
}

/** What {@link idempotencyToken} returns for a malformed header. */
export const INVALID = Symbol('finplan.invalid');

/**
 * The token a key store keeps for an `Idempotency-Key` header (its SHA-256 hex digest: the header is
 * the client's and is never stored as sent); undefined without the header, {@link INVALID} when it is
 * not 1 to 255 visible ASCII characters.
 */
export function idempotencyToken(header: string | undefined): string | undefined | typeof INVALID {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) return INVALID;
  return sha256Hex(value);
}
