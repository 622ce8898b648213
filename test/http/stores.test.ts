// One contract for the stores, run against the in-memory stores and the Redis stores (a real
// redis-server started for this file; skipped with a printed reason when it is not installed).
import IORedis from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { utcDay } from '../../src/http/platform';
import {
  MemoryStore,
  MemoryUsageStore,
  memoryStores,
  synchronousRecord,
  synchronousTakeToken,
} from '../../src/http/stores/memory';
import { ioredisClient, nodeRedisClient, redisStores } from '../../src/http/stores/redis';
import { type KeyRecord, REVOKED_KEYS_KEPT, type Stores } from '../../src/http/stores/types';
import { connectIoredis, type ServeRedis } from '../../src/node/ioredis';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server';

let unique = 0;
const id = (prefix: string) => `${prefix}_${process.pid}_${++unique}`;
const hex = (n: number) => n.toString(16).padStart(64, '0');

function key(accountId: string, n: number, createdAt = `2026-01-01T00:00:0${n % 10}.000Z`): KeyRecord {
  return {
    id: id('key'),
    accountId,
    hash: hex(unique * 1000 + n),
    prefix: `fp_${n}`,
    name: `k${n}`,
    createdAt,
  };
}

function contract(name: string, make: () => Stores) {
  describe(`${name} stores`, () => {
    it('ping resolves', async () => {
      const s = make();
      await s.store.ping();
      await s.keyStore.ping();
      await s.usageStore.ping();
    });

    it('token bucket: a new bucket is full; all or nothing for count tokens', async () => {
      const { store } = make();
      const bucket = id('bucket');
      const first = await store.takeToken(bucket, 5, 3);
      expect(first).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
      // 3 more than the 2 left: refused, and none taken.
      const refused = await store.takeToken(bucket, 5, 3);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      // Refill is 5/60 a second: 1 more token takes 12 s.
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(12);
      expect(await store.takeToken(bucket, 5, 2)).toMatchObject({ allowed: true, remaining: 0 });
      const empty = await store.takeToken(bucket, 5);
      expect(empty).toMatchObject({ allowed: false, remaining: 0 });
      expect(empty.retryAfterSeconds).toBeGreaterThanOrEqual(11);
      expect(empty.resetSeconds).toBeGreaterThanOrEqual(59);
    });

    it('token bucket: count above capacity takes the whole bucket; buckets are independent', async () => {
      const { store } = make();
      const a = id('bucket');
      expect(await store.takeToken(a, 4, 100)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await store.takeToken(id('bucket'), 4)).toMatchObject({ allowed: true, remaining: 3 });
    });

    it('accounts: a duplicate email is refused and stores nothing', async () => {
      const { keyStore } = make();
      const email = `${id('user')}@example.com`;
      const account = { id: id('acct'), email, createdAt: '2026-01-01T00:00:00.000Z' };
      const first = key(account.id, 1);
      expect(await keyStore.createAccount(account, first)).toBe(account.id);
      // Once the account's key has been used, the email is taken: nothing stored.
      expect(await keyStore.markUsed(first.hash, '2026-01-01T00:00:01.000Z')).toBe(true);
      const other = { id: id('acct'), email, createdAt: '2026-01-01T00:00:00.000Z' };
      const second = key(other.id, 2);
      expect(await keyStore.createAccount(other, second)).toBeUndefined();
      expect(await keyStore.findKey(second.hash)).toBeUndefined();
      expect(await keyStore.findKey(first.hash)).toEqual({ ...first, usedAt: '2026-01-01T00:00:01.000Z' });
      expect(await keyStore.listKeys(other.id)).toEqual([]);
    });

    it('accounts: a signup repeated before the key was ever used replaces that key (a lost reply)', async () => {
      const { keyStore } = make();
      const email = `${id('user')}@example.com`;
      const account = { id: id('acct'), email, createdAt: '2026-01-01T00:00:00.000Z' };
      const first = key(account.id, 1);
      expect(await keyStore.createAccount(account, first)).toBe(account.id);
      const retry = { id: id('acct'), email, createdAt: '2026-01-01T00:00:05.000Z' };
      const second = key(retry.id, 2);
      // The key lands in the existing account; the unused first key is gone, nothing else is made.
      expect(await keyStore.createAccount(retry, second)).toBe(account.id);
      expect(await keyStore.findKey(first.hash)).toBeUndefined();
      expect(await keyStore.findKey(second.hash)).toEqual({ ...second, accountId: account.id });
      expect((await keyStore.listKeys(account.id)).map((k) => k.id)).toEqual([second.id]);
      expect(await keyStore.listKeys(retry.id)).toEqual([]);
      // A revoked key is not replaced either.
      await keyStore.revokeKey(account.id, second.id, '2026-01-02T00:00:00.000Z');
      expect(await keyStore.createAccount(retry, key(retry.id, 3))).toBeUndefined();
      expect(await keyStore.markUsed(second.hash, '2026-01-02T00:00:01.000Z')).toBe(false);
      expect(await keyStore.markUsed(hex(999_999), '2026-01-02T00:00:01.000Z')).toBe(false);
    });

    it('keys: an idempotency token replaces its unused key, refuses once it was used; a day cap', async () => {
      const { keyStore } = make();
      const account = { id: id('acct'), email: `${id('user')}@example.com`, createdAt: '2026-01-01' };
      await keyStore.createAccount(account, key(account.id, 1));
      const limits = { maxActive: 3, maxCreatedPerDay: 2, day: '2026-01-01' };
      const token = hex(unique).slice(0, 64);
      const a = key(account.id, 2);
      expect(await keyStore.addKey(a, limits, token)).toBe('added');
      const b = key(account.id, 3);
      expect(await keyStore.addKey(b, limits, token)).toBe('added');
      expect(await keyStore.findKey(a.hash)).toBeUndefined();
      expect((await keyStore.listKeys(account.id)).map((k) => k.id).sort()).toHaveLength(2);
      await keyStore.markUsed(b.hash, '2026-01-01T00:00:01.000Z');
      expect(await keyStore.addKey(key(account.id, 4), limits, token)).toBe('idempotency_key_used');
      // One creation counted (the replacement was not): one more today, then none.
      expect(await keyStore.addKey(key(account.id, 5), limits)).toBe('added');
      expect(await keyStore.addKey(key(account.id, 6), { ...limits, maxActive: 10 })).toBe('too_many_today');
      expect(await keyStore.addKey(key(account.id, 7), { ...limits, maxActive: 10, day: '2026-01-02' })).toBe(
        'added',
      );
      expect(await keyStore.listKeys(account.id)).toHaveLength(4);
    });

    it(`keys: an account keeps its ${REVOKED_KEYS_KEPT} most recently revoked keys, no more`, async () => {
      const { keyStore } = make();
      const account = { id: id('acct'), email: `${id('user')}@example.com`, createdAt: '2026-01-01' };
      await keyStore.createAccount(account, key(account.id, 1));
      const limits = { maxActive: 2, maxCreatedPerDay: 1_000, day: '2026-01-01' };
      const revoked: KeyRecord[] = [];
      for (let i = 0; i < REVOKED_KEYS_KEPT + 5; i++) {
        const k = key(account.id, 10 + i);
        expect(await keyStore.addKey(k, limits)).toBe('added');
        const at = new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString();
        revoked.push((await keyStore.revokeKey(account.id, k.id, at))!);
      }
      const listed = await keyStore.listKeys(account.id);
      expect(listed).toHaveLength(REVOKED_KEYS_KEPT + 1);
      // The five revoked first are gone (refused as unknown); the rest and the active key remain.
      for (const k of revoked.slice(0, 5)) expect(await keyStore.findKey(k.hash)).toBeUndefined();
      for (const k of revoked.slice(5)) expect((await keyStore.findKey(k.hash))?.revokedAt).toBe(k.revokedAt);
      expect(
        await keyStore.revokeKey(account.id, revoked[0]!.id, '2026-01-03T00:00:00.000Z'),
      ).toBeUndefined();
      expect(await keyStore.addKey(key(account.id, 999), limits)).toBe('added');
    });

    it('keys: add up to the active limit, list oldest first, revoke own keys only', async () => {
      const { keyStore } = make();
      const account = {
        id: id('acct'),
        email: `${id('user')}@example.com`,
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      const k1 = key(account.id, 1);
      await keyStore.createAccount(account, k1);
      const k2 = key(account.id, 2);
      const two = { maxActive: 2, maxCreatedPerDay: 100, day: '2026-01-01' };
      expect(await keyStore.addKey(k2, two)).toBe('added');
      expect(await keyStore.addKey(key(account.id, 3), two)).toBe('too_many_active');
      expect((await keyStore.listKeys(account.id)).map((k) => k.id)).toEqual([k1.id, k2.id]);

      const stranger = id('acct');
      expect(await keyStore.revokeKey(stranger, k1.id, '2026-01-02T00:00:00.000Z')).toBeUndefined();
      expect((await keyStore.findKey(k1.hash))?.revokedAt).toBeUndefined();
      expect(await keyStore.revokeKey(account.id, 'key_nope', '2026-01-02T00:00:00.000Z')).toBeUndefined();

      const revoked = await keyStore.revokeKey(account.id, k1.id, '2026-01-02T00:00:00.000Z');
      expect(revoked).toEqual({ ...k1, revokedAt: '2026-01-02T00:00:00.000Z' });
      expect(await keyStore.findKey(k1.hash)).toEqual(revoked);
      // Revoking again keeps the first time.
      expect((await keyStore.revokeKey(account.id, k1.id, '2026-01-03T00:00:00.000Z'))?.revokedAt).toBe(
        '2026-01-02T00:00:00.000Z',
      );
      // A revoked key frees a place.
      expect(await keyStore.addKey(key(account.id, 4), two)).toBe('added');
      expect(await keyStore.listKeys(account.id)).toHaveLength(3);
    });

    it('usage: counts per key, day and operation, per account', async () => {
      const { usageStore } = make();
      const account = id('acct');
      await usageStore.record(account, 'key_a', '2026-01-01', '/v1/tvm');
      await usageStore.record(account, 'key_a', '2026-01-01', '/v1/tvm');
      await usageStore.record(account, 'key_b', '2026-01-01', '/v1/tvm');
      await usageStore.record(account, 'key_a', '2026-01-02', '/v1/npv');
      await usageStore.record(id('acct'), 'key_c', '2026-01-01', '/v1/tvm');
      const rows = await usageStore.usage(account, ['2026-01-01', '2026-01-02', '2026-01-03']);
      const sorted = [...rows].sort((a, b) => `${a.day}${a.keyId}`.localeCompare(`${b.day}${b.keyId}`));
      expect(sorted).toEqual([
        { keyId: 'key_a', day: '2026-01-01', operation: '/v1/tvm', count: 2 },
        { keyId: 'key_b', day: '2026-01-01', operation: '/v1/tvm', count: 1 },
        { keyId: 'key_a', day: '2026-01-02', operation: '/v1/npv', count: 1 },
      ]);
      expect(await usageStore.usage(account, [])).toEqual([]);
    });
  });
}

contract('memory', memoryStores);

describe('MemoryStore', () => {
  it('forgets only buckets that are full again once it holds many (signup buckets are per address)', async () => {
    let now = 0;
    const store = new MemoryStore({ now: () => now });
    expect((await store.takeToken('x', 60, 60)).allowed).toBe(true);
    for (let i = 0; i < 10_000; i++) await store.takeToken(`address-${i}`, 5);
    // 30 s on: the 5-token buckets are full again (one token is 12 s), x holds 30 of 60.
    now = 30_000;
    await store.takeToken('new-address', 5);
    expect((await store.takeToken('x', 60, 31)).allowed).toBe(false);
    expect(await store.takeToken('x', 60, 30)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await store.takeToken('address-1', 5)).toMatchObject({ allowed: true, remaining: 4 });
  });
});

describe('synchronous in-memory stores (the adapter skips a promise per request with them)', () => {
  it('answer as their async methods do, sharing the same buckets and counters', async () => {
    const store = new MemoryStore({ now: () => 0 });
    const take = synchronousTakeToken(store)!;
    expect(take('b', 3, 2)).toEqual(await new MemoryStore({ now: () => 0 }).takeToken('b', 3, 2));
    expect((await store.takeToken('b', 3, 1)).remaining).toBe(0);
    expect(take('b', 3, 1).allowed).toBe(false);
    const usage = new MemoryUsageStore();
    synchronousRecord(usage)!('acct', 'key', '2026-01-02', '/v1/tvm');
    await usage.record('acct', 'key', '2026-01-02', '/v1/tvm');
    expect(await usage.usage('acct', ['2026-01-02'])).toEqual([
      { keyId: 'key', day: '2026-01-02', operation: '/v1/tvm', count: 2 },
    ]);
  });
  it('are not used for a subclass overriding the method, nor for any other store', async () => {
    class Counting extends MemoryStore {
      calls = 0;
      override async takeToken(bucket: string, capacity: number, count?: number) {
        this.calls++;
        return super.takeToken(bucket, capacity, count);
      }
    }
    const counting = new Counting();
    expect(synchronousTakeToken(counting)).toBeUndefined();
    expect(synchronousTakeToken({ ping: async () => {}, takeToken: counting.takeToken })).toBeUndefined();
    expect(synchronousRecord({ ...new MemoryUsageStore() } as MemoryUsageStore)).toBeUndefined();
    // The handler goes through the override: every request is counted by it.
    const handler = createHandler({ apiKeys: ['k'], store: counting });
    const response = await handler(
      new Request('http://x/v1/tvm', {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: JSON.stringify({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 }),
      }),
    );
    expect(response.status).toBe(200);
    expect(counting.calls).toBe(1);
  });
});

describe('utcDay (the day of the last call is kept)', () => {
  it('names the UTC day of every time, on either side of midnight and back', () => {
    const midnight = Date.UTC(2026, 0, 2);
    for (const time of [
      midnight - 1,
      midnight,
      midnight + 1,
      midnight - 1,
      midnight + 86_399_999,
      midnight + 86_400_000,
      0,
      -1,
      1.5,
    ]) {
      expect(utcDay(time)).toBe(new Date(time).toISOString().slice(0, 10));
    }
  });
});

describe.skipIf(!REDIS_AVAILABLE)('redis', () => {
  let server: RedisServer;
  let client: ServeRedis;
  beforeAll(async () => {
    server = await startRedisServer();
    // The connection `finplan serve --redis` makes.
    client = await connectIoredis(server.url);
    await client.ready(10_000);
  });
  afterAll(async () => {
    client?.close();
    await server?.dispose();
  });
  contract('redis', () => redisStores(client));

  // The same contract over the two client libraries users bring, wrapped as the TSDoc of ioredisClient
  // and nodeRedisClient shows (those examples are type-checked against these packages in
  // test/docs/examples.test.ts; this is where they run).
  describe('ioredis', () => {
    let io: IORedis;
    beforeAll(async () => {
      io = new IORedis(server.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
      await new Promise((resolve) => io.once('ready', resolve));
    });
    afterAll(() => io?.disconnect());
    contract('redis via ioredis', () => redisStores(ioredisClient(io)));
  });

  describe('node-redis', () => {
    let nr: Awaited<ReturnType<ReturnType<typeof createClient>['connect']>>;
    beforeAll(async () => {
      nr = await createClient({ url: server.url, disableOfflineQueue: true }).connect();
    });
    afterAll(async () => {
      await nr?.quit();
    });
    contract('redis via node-redis', () => redisStores(nodeRedisClient(nr)));
  });

  it('the serve connection selects the database of the URL; error replies reject', async () => {
    const db2 = await connectIoredis(`${server.url}/2`);
    await db2.ready(10_000);
    try {
      await db2.send(['SET', 'finplan-test:db', 'two']);
      expect(await client.send(['GET', 'finplan-test:db'])).toBeNull();
      expect(await db2.send(['GET', 'finplan-test:db'])).toBe('two');
      await expect(db2.send(['NOSUCHCOMMAND'])).rejects.toThrow(/unknown command/i);
      expect(await db2.send(['PING'])).toBe('PONG');
    } finally {
      db2.close();
    }
  });

  it('survives a Redis restart: keys kept (AOF), scripts loaded again, no new client', async () => {
    const stores = redisStores(client);
    const account = {
      id: id('acct'),
      email: `${id('user')}@example.com`,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const k = key(account.id, 1);
    await stores.keyStore.createAccount(account, k);
    await stores.store.takeToken(id('bucket'), 5);
    await server.stop('SIGKILL');
    await expect(stores.store.ping()).rejects.toThrow();
    await expect(stores.keyStore.findKey(k.hash)).rejects.toThrow();
    await server.start();
    // The client reconnects on its own within its retry delay (250 ms at most).
    await expect
      .poll(
        () =>
          stores.store.ping().then(
            () => true,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await stores.keyStore.findKey(k.hash)).toEqual(k);
    expect((await stores.store.takeToken(id('bucket'), 5)).allowed).toBe(true);
  });
});
