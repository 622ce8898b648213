/**
 * Authentication: the identity behind a request's credential (a key configured at start-up, or one the
 * platform issued, looked up in the key store), or the 401 / 503 reply.
 * @module
 */
import { hashApiKey, matchApiKeyHash, presentedCredential } from './api-keys';
import { OPERATOR_ACCOUNT } from './platform';
import type { RequestParts } from './request';
import { errorReply, type Reply, storeUnavailable } from './responses';
import type { KeyRecord, KeyStore } from './stores/types';

/** The identity behind an accepted credential. */
export interface Identity {
  readonly hash: string;
  readonly keyId: string;
  readonly accountId: string;
  /** The stored key; undefined for a key configured at start-up. */
  readonly record?: KeyRecord;
  /** Its rate-limit bucket. */
  readonly bucket: string;
}

/** What {@link createAuthenticator} accepts. */
export interface AuthOptions {
  /** API keys configured at start-up (plain; hashed here and never kept). */
  readonly apiKeys?: readonly string[] | undefined;
  /** API keys configured at start-up, as SHA-256 hex digests. */
  readonly apiKeyHashes?: readonly string[] | undefined;
  /** Where keys issued by the platform endpoints live. */
  readonly keyStore: KeyStore;
}

const unauthorized = (problem: string) =>
  errorReply(401, 'unauthorized', problem, { headers: { 'www-authenticate': 'Bearer realm="finplan"' } });

/**
 * The authenticator of a handler: the {@link Identity} of a request's credential, or the 401 / 503 reply;
 * synchronous for a key configured at start-up, a promise when the key store is asked.
 */
export function createAuthenticator({ apiKeys = [], apiKeyHashes = [], keyStore }: AuthOptions) {
  for (const key of apiKeys) {
    if (typeof key !== 'string' || key.length === 0) throw new TypeError('apiKeys must be non-empty strings');
  }
  for (const hash of apiKeyHashes) {
    if (!/^[0-9a-f]{64}$/.test(hash))
      throw new TypeError('apiKeyHashes must be lower-case SHA-256 hex digests (hashApiKey)');
  }
  const keyHashes = [...apiKeys.map(hashApiKey), ...apiKeyHashes];
  /** The identity of each configured key, built once. */
  const configured = new Map<string, Identity>(
    keyHashes.map((hash) => [
      hash,
      { hash, keyId: `key_${hash.slice(0, 16)}`, accountId: OPERATOR_ACCOUNT, bucket: `rate:${hash}` },
    ]),
  );

  /** The identity of a key issued by the platform (from the key store), or the 401 / 503 reply. */
  const storedIdentity = async (hash: string): Promise<Identity | Reply> => {
    let record: KeyRecord | undefined;
    try {
      record = await keyStore.findKey(hash);
      // The first use is recorded before the key is served: from then on a signup with the account's
      // email cannot replace the key (see KeyStore.createAccount).
      if (
        record &&
        !record.revokedAt &&
        !record.usedAt &&
        !(await keyStore.markUsed(hash, new Date().toISOString()))
      )
        record = undefined;
    } catch {
      return storeUnavailable('key');
    }
    if (record && !record.revokedAt)
      return {
        hash: record.hash,
        keyId: record.id,
        accountId: record.accountId,
        record,
        bucket: `rate:${record.hash}`,
      };
    return unauthorized(record ? 'invalid credential: the key was revoked' : 'invalid credential');
  };

  return (request: RequestParts): Identity | Reply | Promise<Identity | Reply> => {
    const credential = presentedCredential(request.header);
    if (credential === undefined)
      return unauthorized('missing credential: send Authorization: Bearer <key> or X-API-Key: <key>');
    if ('problem' in credential) return unauthorized(credential.problem);
    const hash = hashApiKey(credential.key);
    const match = matchApiKeyHash(hash, keyHashes);
    return match ? (configured.get(match) as Identity) : storedIdentity(hash);
  };
}
