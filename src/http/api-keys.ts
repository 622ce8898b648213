import { sha256Hex } from '../core/sha256';

/**
 * The SHA-256 hex digest of an API key: what finplan stores and compares, never the key itself.
 *
 * @example
 * ```ts
 * import { hashApiKey } from 'finplan/http';
 * const handler = createHandler({ apiKeyHashes: [hashApiKey(process.env.MY_KEY!)] });
 * ```
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Compare two equal-length hex digests without an early exit. */
function digestsEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % b.length);
  return diff === 0;
}

/**
 * Find the stored hash matching `key`, comparing against every stored hash in constant time per
 * hash (no early exit, whichever matches), so response timing reveals nothing about the keys.
 */
export function matchApiKey(key: string, hashes: readonly string[]): string | undefined {
  const presented = hashApiKey(key);
  let match: string | undefined;
  for (const hash of hashes) if (digestsEqual(presented, hash)) match = hash;
  return match;
}

/** The key of a request: `Authorization: Bearer <key>` or `X-API-Key: <key>`. */
export function presentedKey(header: (name: string) => string | undefined): string | undefined {
  const authorization = header('authorization');
  if (authorization) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    return match?.[1];
  }
  return header('x-api-key')?.trim() || undefined;
}
