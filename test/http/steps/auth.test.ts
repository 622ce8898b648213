// The authentication step: configured keys (synchronously), keys from the key store, and the 401s.
import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../src/http/api-keys';
import { createAuthenticator, type Identity } from '../../../src/http/auth';
import { newKey, OPERATOR_ACCOUNT } from '../../../src/http/platform';
import type { Reply } from '../../../src/http/responses';
import { MemoryKeyStore } from '../../../src/http/stores/memory';
import { parts } from './parts';

const KEY = 'configured-key';
const bearer = (key: string) => parts({ headers: { authorization: `Bearer ${key}` } });
const problem = (reply: Identity | Reply) =>
  'status' in reply ? JSON.parse(reply.body).error.message : undefined;

describe('createAuthenticator', () => {
  it('a configured key (plain or hashed) is known at once: no promise, the operator account', () => {
    const authenticate = createAuthenticator({
      apiKeys: [KEY],
      apiKeyHashes: [hashApiKey('other-key')],
      keyStore: new MemoryKeyStore(),
    });
    const identity = authenticate(bearer(KEY));
    expect(identity).not.toBeInstanceOf(Promise);
    const hash = hashApiKey(KEY);
    expect(identity).toEqual({
      hash,
      keyId: `key_${hash.slice(0, 16)}`,
      accountId: OPERATOR_ACCOUNT,
      bucket: `rate:${hash}`,
    });
    expect(authenticate(parts({ headers: { 'x-api-key': 'other-key' } }))).toMatchObject({
      accountId: OPERATOR_ACCOUNT,
    });
  });

  it('401 with WWW-Authenticate for a missing or unknown credential', async () => {
    const authenticate = createAuthenticator({ apiKeys: [KEY], keyStore: new MemoryKeyStore() });
    const missing = authenticate(parts()) as Reply;
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="finplan"');
    expect(problem(missing)).toMatch(/^missing credential/);
    const unknown = await authenticate(bearer('nobody'));
    expect('status' in unknown && unknown.status).toBe(401);
    expect(problem(unknown)).toBe('invalid credential');
  });

  it('a key issued by the platform is found in the store, marked used, and refused once revoked', async () => {
    const keyStore = new MemoryKeyStore();
    const now = new Date('2026-11-27T12:00:00Z');
    const { apiKey, record } = newKey('acct_1', 'laptop', now);
    await keyStore.createAccount(
      { id: 'acct_1', email: 'a@example.com', createdAt: now.toISOString() },
      record,
    );
    const authenticate = createAuthenticator({ keyStore });
    const identity = await authenticate(bearer(apiKey));
    expect(identity).toMatchObject({ keyId: record.id, accountId: 'acct_1', bucket: `rate:${record.hash}` });
    expect((await keyStore.findKey(record.hash))?.usedAt).toBeDefined();
    await keyStore.revokeKey('acct_1', record.id, now.toISOString());
    expect(problem(await authenticate(bearer(apiKey)))).toBe('invalid credential: the key was revoked');
  });

  it('503 when the key store fails', async () => {
    const keyStore = new MemoryKeyStore();
    keyStore.findKey = () => Promise.reject(new Error('down'));
    const reply = await createAuthenticator({ keyStore })(bearer('fp_whatever'));
    expect('status' in reply && reply.status).toBe(503);
    expect('status' in reply && reply.headers['retry-after']).toBe('1');
  });

  it('refuses bad configured keys', () => {
    const keyStore = new MemoryKeyStore();
    expect(() => createAuthenticator({ apiKeys: [''], keyStore })).toThrow(TypeError);
    expect(() => createAuthenticator({ apiKeyHashes: ['ABC'], keyStore })).toThrow(TypeError);
  });
});
