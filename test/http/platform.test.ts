// The platform endpoints (signup, keys, usage) through the handler, with the in-memory stores and
// with the Redis stores on a real redis-server (skipped, saying so, when it is not installed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type HandlerOptions } from '../../src/http/handler';
import { buildOpenApiDocument } from '../../src/http/openapi';
import { memoryStores } from '../../src/http/stores/memory';
import { redisStores } from '../../src/http/stores/redis';
import type { Stores } from '../../src/http/stores/types';
import { connectIoredis, type ServeRedis } from '../../src/node/ioredis';
import { servedRegistry as registry } from '../../src/served-operations';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server';
import { TVM_BODY } from './server';

const json = { 'content-type': 'application/json' };
let unique = 0;

interface KeyInfo {
  readonly key_id: string;
  readonly created_at: string;
}

/** Key ids in listing order: by creation time, then by id (keys created in the same millisecond). */
const listingOrder = (keys: readonly KeyInfo[]): string[] =>
  [...keys]
    .sort((a, b) =>
      a.created_at === b.created_at ? (a.key_id < b.key_id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    )
    .map((k) => k.key_id);
const email = () => `User${process.pid}.${++unique}@Example.com`;

function client(options: HandlerOptions) {
  const handler = createHandler(options);
  const post = async (path: string, body: unknown, key?: string, headers: Record<string, string> = {}) => {
    const response = await handler(
      new Request(`http://finplan.test${path}`, {
        method: 'POST',
        headers: { ...json, ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const signup = async (address = '10.0.0.1') => {
    const reply = await post('/v1/signup', { email: email() }, undefined, { 'x-forwarded-for': address });
    expect(reply.status).toBe(201);
    return reply.body as {
      account_id: string;
      api_key: string;
      key: { key_id: string; prefix: string; created_at: string };
    };
  };
  return { handler, post, signup };
}

function suite(name: string, makeStores: () => Stores) {
  describe(`platform endpoints (${name} stores)`, () => {
    const options = (): HandlerOptions => ({
      ...makeStores(),
      signup: { rateLimit: 3 },
      trustProxy: 1,
      rateLimit: 100,
      apiKeys: ['operator-key'],
      maxKeysPerAccount: 3,
    });

    it('signup: 201 with the key once; the store keeps only its hash and prefix; duplicate email 409', async () => {
      const stores = makeStores();
      const { post } = client({ ...stores, signup: true, trustProxy: 1, rateLimit: 100 });
      const address = `10.1.${unique}.1`;
      const mail = email();
      const reply = await post('/v1/signup', { email: mail }, undefined, { 'x-forwarded-for': address });
      expect(reply.status).toBe(201);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const { api_key, account_id, key } = reply.body;
      expect(api_key).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);
      expect(reply.body.email).toBe(mail.toLowerCase());
      expect(account_id).toMatch(/^acct_[0-9a-f]{24}$/);
      expect(key).toEqual({
        key_id: expect.stringMatching(/^key_[0-9a-f]{16}$/),
        prefix: api_key.slice(0, 11),
        name: '',
        created_at: expect.any(String),
        revoked_at: null,
      });
      const [stored] = await stores.keyStore.listKeys(account_id);
      expect(JSON.stringify(stored)).not.toContain(api_key);
      expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
      // The same email in another case is the same account. Until its key is used, a repeated signup
      // (a client whose first reply was lost) gets a new key for that account, and the first key is gone.
      const again = await post('/v1/signup', { email: mail.toUpperCase() }, undefined, {
        'x-forwarded-for': address,
      });
      expect(again.status).toBe(201);
      expect(again.body.account_id).toBe(account_id);
      expect(again.body.api_key).not.toBe(api_key);
      expect((await post('/v1/tvm', TVM_BODY, api_key)).status).toBe(401);
      expect((await post('/v1/tvm', TVM_BODY, again.body.api_key)).status).toBe(200);
      expect(await stores.keyStore.listKeys(account_id)).toHaveLength(1);
      // Once a key of the account has been used, the email is taken.
      const taken = await post('/v1/signup', { email: mail }, undefined, { 'x-forwarded-for': address });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('email_taken');
      expect((await post('/v1/tvm', TVM_BODY, again.body.api_key)).status).toBe(200);
    });

    it('signup: bad input is a 400 naming the field; rate-limited per client address', async () => {
      const { post } = client(options());
      const address = `10.2.${unique}.1`;
      const bad = await post('/v1/signup', { email: 'not an email' }, undefined, {
        'x-forwarded-for': address,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues[0].path).toBe('email');
      const extra = await post('/v1/signup', { email: email(), admin: true }, undefined, {
        'x-forwarded-for': address,
      });
      expect(extra.body.error.issues[0]).toMatchObject({ path: 'admin', code: 'unknown_field' });
      // 3 a minute from one address: the third attempt above used the last token.
      const third = await post('/v1/signup', { email: email() }, undefined, { 'x-forwarded-for': address });
      expect(third.status).toBe(201);
      const limited = await post('/v1/signup', { email: email() }, undefined, { 'x-forwarded-for': address });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another address has its own budget.
      const other = await post('/v1/signup', { email: email() }, undefined, {
        'x-forwarded-for': `${address}9`,
      });
      expect(other.status).toBe(201);
    });

    it('the signup key calculates; each calculation is counted per key, day and operation', async () => {
      const { post, signup } = client(options());
      const account = await signup(`10.3.${unique}.1`);
      expect((await post('/v1/tvm', TVM_BODY, account.api_key)).status).toBe(200);
      expect((await post('/v1/tvm', TVM_BODY, account.api_key)).status).toBe(200);
      expect((await post('/v1/tvm', '{"solve_for":"pmt"}', account.api_key)).status).toBe(400);
      const created = await post('/v1/keys/create', { name: 'batch' }, account.api_key);
      expect(created.status).toBe(201);
      expect(created.body.key.name).toBe('batch');
      const second = created.body.api_key;
      expect((await post('/v1/tvm', TVM_BODY, second)).status).toBe(200);
      expect((await post('/v1/nothing-here', TVM_BODY, second)).status).toBe(404);

      const usage = await post('/v1/usage', {}, account.api_key);
      expect(usage.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      expect(usage.body.account_id).toBe(account.account_id);
      expect(usage.body.days).toHaveLength(7);
      expect(usage.body.days[0]).toBe(today);
      expect(usage.body.total).toBe(4);
      expect(usage.body.rate_limit).toEqual({
        limit_per_minute: 100,
        remaining: expect.any(Number),
        reset_seconds: expect.any(Number),
      });
      expect(usage.body.keys).toEqual([
        {
          key_id: account.key.key_id,
          prefix: account.key.prefix,
          name: '',
          revoked_at: null,
          total: 3,
          days: [{ day: today, total: 3, operations: { '/v1/tvm': 3 } }],
        },
        {
          key_id: created.body.key.key_id,
          prefix: created.body.key.prefix,
          name: 'batch',
          revoked_at: null,
          total: 1,
          days: [{ day: today, total: 1, operations: { '/v1/tvm': 1 } }],
        },
      ]);
      expect((await post('/v1/usage', { days: 91 }, account.api_key)).status).toBe(400);
    });

    it('keys: list, the active-key limit, revoke own keys only; a revoked key is refused at once', async () => {
      const { post, signup } = client(options());
      const alice = await signup(`10.4.${unique}.1`);
      const bob = await signup(`10.4.${unique}.2`);
      const k2 = await post('/v1/keys/create', {}, alice.api_key);
      const k3 = await post('/v1/keys/create', { name: 'ci' }, alice.api_key);
      expect(k3.status).toBe(201);
      const over = await post('/v1/keys/create', {}, alice.api_key);
      expect(over.status).toBe(409);
      expect(over.body.error.code).toBe('too_many_keys');

      const list = await post('/v1/keys/list', {}, alice.api_key);
      expect(list.status).toBe(200);
      // Listing order is creation time, then key id (keys created in the same millisecond: by id).
      expect(list.body.keys.map((k: { key_id: string }) => k.key_id)).toEqual(
        listingOrder([alice.key, k2.body.key, k3.body.key]),
      );
      expect(JSON.stringify(list.body)).not.toContain(alice.api_key);

      // Bob cannot revoke Alice's key, nor see it.
      const foreign = await post('/v1/keys/revoke', { key_id: k2.body.key.key_id }, bob.api_key);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('key_not_found');
      expect((await post('/v1/tvm', TVM_BODY, k2.body.api_key)).status).toBe(200);

      const revoked = await post('/v1/keys/revoke', { key_id: k2.body.key.key_id }, alice.api_key);
      expect(revoked.status).toBe(200);
      expect(revoked.body.key.revoked_at).toEqual(expect.any(String));
      const refused = await post('/v1/tvm', TVM_BODY, k2.body.api_key);
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toContain('revoked');
      // A place is free again.
      expect((await post('/v1/keys/create', {}, alice.api_key)).status).toBe(201);
      expect((await post('/v1/keys/revoke', {}, alice.api_key)).body.error.issues[0].path).toBe('key_id');
    });

    it('keys/list and usage come in pages (limit, next_cursor), whole and in order across pages', async () => {
      const { post, signup } = client({ ...options(), maxKeysPerAccount: 10 });
      const owner = await signup(`10.5.${unique}.1`);
      const keys: KeyInfo[] = [owner.key];
      for (let i = 0; i < 4; i++) {
        const reply = await post('/v1/keys/create', { name: `k${i}` }, owner.api_key);
        keys.push(reply.body.key);
        expect((await post('/v1/tvm', TVM_BODY, reply.body.api_key)).status).toBe(200);
      }
      // A key revoked between two pages neither repeats nor hides another.
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const reply = await post('/v1/keys/list', { limit: 2, ...(cursor ? { cursor } : {}) }, owner.api_key);
        expect(reply.status).toBe(200);
        expect(reply.body.keys.length).toBeLessThanOrEqual(2);
        pages.push(reply.body.keys.map((k: { key_id: string }) => k.key_id));
        cursor = reply.body.next_cursor ?? undefined;
        const other = pages[0]!.find((id) => id !== owner.key.key_id);
        if (pages.length === 1) await post('/v1/keys/revoke', { key_id: other }, owner.api_key);
      } while (cursor);
      const created = listingOrder(keys);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual(created);
      const whole = await post('/v1/keys/list', {}, owner.api_key);
      expect(whole.body.next_cursor).toBeNull();
      expect(whole.body.keys).toHaveLength(5);

      const usagePages: string[] = [];
      const totals: number[] = [];
      cursor = undefined;
      do {
        const reply = await post('/v1/usage', { limit: 3, ...(cursor ? { cursor } : {}) }, owner.api_key);
        expect(reply.status).toBe(200);
        usagePages.push(...reply.body.keys.map((k: { key_id: string }) => k.key_id));
        totals.push(reply.body.total);
        cursor = reply.body.next_cursor ?? undefined;
      } while (cursor);
      expect(usagePages).toEqual(created);
      // The account's total on every page, whatever keys the page shows.
      expect(totals).toEqual([4, 4]);
      const bad = await post('/v1/keys/list', { cursor: 'not a cursor!' }, owner.api_key);
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues[0].path).toBe('cursor');
      expect((await post('/v1/usage', { limit: 101 }, owner.api_key)).body.error.issues[0].path).toBe(
        'limit',
      );
    });

    it('keys/create: a retry with the same Idempotency-Key replaces the unused key; a day cap (429)', async () => {
      const { post, signup } = client({ ...options(), maxKeysPerAccount: 10, maxKeysCreatedPerDay: 3 });
      const owner = await signup(`10.6.${unique}.1`);
      const idem = { 'idempotency-key': `retry-${unique}` };
      const first = await post('/v1/keys/create', { name: 'a' }, owner.api_key, idem);
      const retry = await post('/v1/keys/create', { name: 'a' }, owner.api_key, idem);
      expect([first.status, retry.status]).toEqual([201, 201]);
      // The earlier attempt's key (its reply lost, say) is gone; the retry's works.
      expect((await post('/v1/tvm', TVM_BODY, first.body.api_key)).status).toBe(401);
      expect((await post('/v1/tvm', TVM_BODY, retry.body.api_key)).status).toBe(200);
      expect((await post('/v1/keys/list', {}, owner.api_key)).body.keys).toHaveLength(2);
      const used = await post('/v1/keys/create', { name: 'a' }, owner.api_key, idem);
      expect(used.status).toBe(409);
      expect(used.body.error.code).toBe('idempotency_key_used');
      const badHeader = await post('/v1/keys/create', {}, owner.api_key, { 'idempotency-key': 'a b' });
      expect(badHeader.status).toBe(400);
      expect(badHeader.body.error.message).toContain('Idempotency-Key');
      // 3 a day: the first above and two more.
      expect((await post('/v1/keys/create', {}, owner.api_key)).status).toBe(201);
      expect((await post('/v1/keys/create', {}, owner.api_key)).status).toBe(201);
      const capped = await post('/v1/keys/create', {}, owner.api_key);
      expect(capped.status).toBe(429);
      expect(capped.body.error.message).toContain('3 keys a day');
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(capped.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    });

    it('operator keys: calculate and read usage, but manage no account keys (403)', async () => {
      const { post } = client(options());
      expect((await post('/v1/tvm', TVM_BODY, 'operator-key')).status).toBe(200);
      const usage = await post('/v1/usage', { days: 1 }, 'operator-key');
      expect(usage.body.account_id).toBe('operator');
      expect(usage.body.total).toBeGreaterThanOrEqual(1);
      const list = await post('/v1/keys/list', {}, 'operator-key');
      expect(list.status).toBe(403);
      expect(list.body.error.code).toBe('forbidden');
      expect((await post('/v1/keys/list', {}, 'wrong')).status).toBe(401);
      expect((await post('/v1/keys/list', {})).status).toBe(401);
    });
  });
}

suite('memory', memoryStores);

describe('platform routing', () => {
  it('signup is off unless asked for: 404, and left out of the OpenAPI document', async () => {
    const { post, handler } = client({ apiKeys: ['k'] });
    expect((await post('/v1/signup', { email: email() })).status).toBe(404);
    const doc = await (await handler(new Request('http://finplan.test/openapi.json'))).json();
    expect(doc.paths['/v1/signup']).toBeUndefined();
    expect(doc.paths['/v1/keys/list']).toBeDefined();
  });
  it('platform paths are POST only and never collide with an operation', async () => {
    const { handler } = client({ signup: true });
    const get = await handler(new Request('http://finplan.test/v1/signup'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    for (const path of ['/v1/signup', '/v1/keys/create', '/v1/keys/list', '/v1/keys/revoke', '/v1/usage'])
      expect(registry.get(path)).toBeUndefined();
  });
  it('the OpenAPI document has the zod schemas of every platform endpoint', () => {
    type Schema = { properties?: Record<string, unknown>; required?: string[] };
    const doc = buildOpenApiDocument(registry.operations) as {
      paths: Record<
        string,
        {
          post: {
            security?: unknown[];
            requestBody: { content: { 'application/json': { schema: Schema } } };
            responses: Record<string, unknown>;
          };
        }
      >;
      components: { schemas: Record<string, Schema> };
    };
    const request = (path: string) => doc.paths[path]?.post.requestBody.content['application/json'].schema;
    expect(doc.paths['/v1/signup']?.post.security).toEqual([]);
    expect(doc.paths['/v1/signup']?.post.responses['409']).toBeDefined();
    expect(Object.keys(request('/v1/signup')?.properties ?? {})).toEqual(['email']);
    expect(Object.keys(doc.components.schemas.UsageReply?.properties ?? {})).toContain('rate_limit');
    expect(request('/v1/keys/revoke')?.required).toContain('key_id');
  });
});

describe.skipIf(!REDIS_AVAILABLE)('with Redis', () => {
  let server: RedisServer;
  let connection: ServeRedis;
  beforeAll(async () => {
    server = await startRedisServer();
    connection = await connectIoredis(server.url);
    await connection.ready(10_000);
  });
  afterAll(async () => {
    connection?.close();
    await server?.dispose();
  });
  suite('redis', () => redisStores(connection));

  it('a key revoked through one instance is refused on its next request at another', async () => {
    const a = client({ ...redisStores(connection), signup: true, trustProxy: 1 });
    const b = client({ ...redisStores(connection), signup: true, trustProxy: 1 });
    const account = await a.signup(`10.9.${unique}.1`);
    expect((await b.post('/v1/tvm', TVM_BODY, account.api_key)).status).toBe(200);
    const extra = await b.post('/v1/keys/create', {}, account.api_key);
    expect((await a.post('/v1/keys/revoke', { key_id: extra.body.key.key_id }, account.api_key)).status).toBe(
      200,
    );
    expect((await b.post('/v1/tvm', TVM_BODY, extra.body.api_key)).status).toBe(401);
    const usage = await a.post('/v1/usage', {}, account.api_key);
    expect(usage.body.total).toBe(1);
  });
});
