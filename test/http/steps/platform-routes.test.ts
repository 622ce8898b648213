// The platform step: signup (rate-limited per client address) and the key and usage calls of a key.
import { describe, expect, it } from 'vitest';
import { createAuthenticator, type Identity } from '../../../src/http/auth';
import { createLimiter } from '../../../src/http/limit';
import { PLATFORM_PATHS } from '../../../src/http/platform';
import { createPlatformRoutes, type PlatformOptions } from '../../../src/http/platform-routes';
import { MemoryKeyStore, MemoryStore, MemoryUsageStore } from '../../../src/http/stores/memory';
import { JSON_HEADERS, parts } from './parts';

function routes(options: Partial<PlatformOptions> = {}) {
  const keyStore = new MemoryKeyStore();
  const store = new MemoryStore();
  const platform = createPlatformRoutes({
    store,
    keyStore,
    usageStore: new MemoryUsageStore(),
    rateLimit: 60,
    maxBodyBytes: 1024,
    signup: true,
    ...options,
  });
  return { platform, keyStore, store };
}

const post = (
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
  clientAddress = '10.0.0.1',
) => parts({ pathname, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body), clientAddress });

describe('createPlatformRoutes', () => {
  it('serves /v1/signup only when signups are on', () => {
    expect([...routes().platform.paths]).toEqual([...PLATFORM_PATHS]);
    expect(routes({ signup: false }).platform.paths.has('/v1/signup')).toBe(false);
    expect(routes({ signup: false }).platform.signupOn).toBe(false);
  });

  it('refuses bad options', () => {
    expect(() => routes({ signup: { rateLimit: 0 } })).toThrow('signup.rateLimit must be a positive integer');
    expect(() => routes({ maxKeysPerAccount: 0 })).toThrow(RangeError);
    expect(() => routes({ maxKeysCreatedPerDay: 1.5 })).toThrow(RangeError);
    expect(() => routes({ trustProxy: -1 })).toThrow(RangeError);
  });

  it('signup: 201 with a key that then authenticates; 409 for a used email; 400 naming the field', async () => {
    const { platform, keyStore } = routes();
    const created = await platform.signup(post('/v1/signup', { email: 'Ada@Example.com' }));
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(created.body);
    expect(body.email).toBe('ada@example.com');
    const identity = (await createAuthenticator({ keyStore })(
      parts({ headers: { authorization: `Bearer ${body.api_key}` } }),
    )) as Identity;
    expect(identity.accountId).toBe(body.account_id);
    expect((await platform.signup(post('/v1/signup', { email: 'ada@example.com' }))).status).toBe(409);
    const bad = await platform.signup(post('/v1/signup', { email: 'not an email' }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.issues[0].path).toBe('email');
  });

  it('signup is limited per client address (from X-Forwarded-For behind trusted proxies)', async () => {
    const { platform } = routes({ signup: { rateLimit: 1 }, trustProxy: 1 });
    const from = (email: string, forwarded: string) =>
      platform.signup(post('/v1/signup', { email }, { 'x-forwarded-for': forwarded }, '10.9.9.9'));
    expect((await from('a@example.com', '1.1.1.1')).status).toBe(201);
    const second = await from('b@example.com', '1.1.1.1');
    expect(second.status).toBe(429);
    expect(JSON.parse(second.body).error.message).toBe('over 1 signups per minute from this address');
    // Another client behind the same proxy is not held back.
    expect((await from('c@example.com', '2.2.2.2')).status).toBe(201);
  });

  it('keys/create, keys/list, usage for an account key; the RateLimit headers of its meter', async () => {
    const { platform, keyStore, store } = routes();
    const signup = JSON.parse((await platform.signup(post('/v1/signup', { email: 'k@example.com' }))).body);
    const identity = (await createAuthenticator({ keyStore })(
      parts({ headers: { authorization: `Bearer ${signup.api_key}` } }),
    )) as Identity;
    const meter = createLimiter({ store, rateLimit: 60 })(identity.bucket);
    expect(meter.charge(1)).toBeUndefined();
    const created = await platform.call(
      '/v1/keys/create',
      post('/v1/keys/create', { name: 'ci' }),
      identity,
      meter,
    );
    expect(created.status).toBe(201);
    expect(created.headers['ratelimit-remaining']).toBe('59');
    const listed = JSON.parse(
      (await platform.call('/v1/keys/list', post('/v1/keys/list', {}), identity, meter)).body,
    );
    expect(listed.keys.map((key: { name: string }) => key.name).sort()).toEqual(['', 'ci']);
    const usage = JSON.parse((await platform.call('/v1/usage', post('/v1/usage', {}), identity, meter)).body);
    expect(usage.account_id).toBe(identity.accountId);
    expect(usage.rate_limit).toEqual({ limit_per_minute: 60, remaining: 59, reset_seconds: 1 });
    const revoked = await platform.call(
      '/v1/keys/revoke',
      post('/v1/keys/revoke', { key_id: 'key_nope' }),
      identity,
      meter,
    );
    expect(revoked.status).toBe(404);
  });

  it('a configured key belongs to no account: 403 on key management', async () => {
    const { platform, store, keyStore } = routes();
    const identity = createAuthenticator({ apiKeys: ['op'], keyStore })(
      parts({ headers: { authorization: 'Bearer op' } }),
    ) as Identity;
    const meter = createLimiter({ store, rateLimit: 60 })(identity.bucket);
    const reply = await platform.call('/v1/keys/list', post('/v1/keys/list', {}), identity, meter);
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error.code).toBe('forbidden');
  });
});
