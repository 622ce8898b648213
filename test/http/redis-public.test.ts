import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import IORedis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deep } from '../helpers';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server';
import { CLI, type Served, serveCli } from '../helpers/serve-cli';
import { TVM_BODY } from './server';

const serve = (redisUrl: string) =>
  serveCli([
    '--redis',
    redisUrl,
    '--signup',
    '--trust-proxy',
    '1',
    '--rate-limit',
    '1000000',
    '--workers',
    '0',
  ]);

let addresses = 0;
/** A client address of its own (signups are limited per address; the server trusts one proxy). */
const address = () => `198.51.100.${++addresses}`;

async function post(url: string, path: string, body: unknown, key?: string, headers = {}) {
  const reply = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address(),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await reply.text();
  return { status: reply.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/**
 * POST over a raw socket, holding back the body's last byte until `beforeLastByte` resolves: the server
 * has authenticated and charged the request by then, so the write that follows is the only store call
 * left (what Redis is paused or killed for).
 */
function postHoldingBody(
  url: string,
  path: string,
  body: unknown,
  key: string | undefined,
  beforeLastByte: () => Promise<void>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { error?: { code: string } } }> {
  const { hostname, port } = new URL(url);
  const text = JSON.stringify(body);
  const head = [
    `POST ${path} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(text)}`,
    `x-forwarded-for: ${address()}`,
    'connection: close',
    ...(key ? [`authorization: Bearer ${key}`] : []),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      const json = received.slice(received.indexOf('\r\n\r\n') + 4);
      resolve({ status, body: JSON.parse(json) });
    });
    socket.write(`${head}\r\n\r\n${text.slice(0, -1)}`, async () => {
      await beforeLastByte();
      socket.write(text.slice(-1));
    });
  });
}

/**
 * HTTP/1.1 requests pipelined on one keep-alive socket (written together, replies read in order): a
 * client lean enough to send tens of thousands of requests in a test.
 */
type PipelineBody = { key: { key_id: string } };
class Pipeline {
  readonly #socket;
  #buffer = Buffer.alloc(0);
  readonly #waiting: {
    resolve: (reply: { status: number; body: PipelineBody }) => void;
    reject: (error: Error) => void;
  }[] = [];
  readonly #host: string;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.#host = `${hostname}:${port}`;
    this.#socket = connect(Number(port), hostname);
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      for (;;) {
        const end = this.#buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = this.#buffer.toString('latin1', 0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (this.#buffer.length < end + 4 + length) return;
        const body = this.#buffer.toString('utf8', end + 4, end + 4 + length);
        this.#buffer = this.#buffer.subarray(end + 4 + length);
        this.#waiting.shift()?.resolve({ status: Number(head.slice(9, 12)), body: JSON.parse(body) });
      }
    });
    // A connection the server closes fails the requests still waiting (instead of hanging the test).
    this.#socket.on('close', () => {
      for (const waiting of this.#waiting.splice(0))
        waiting.reject(new Error('the server closed the connection'));
    });
  }

  send(requests: readonly { path: string; body: unknown; key: string }[]) {
    const replies = requests.map(
      () =>
        new Promise<{ status: number; body: PipelineBody }>((resolve, reject) =>
          this.#waiting.push({ resolve, reject }),
        ),
    );
    this.#socket.write(
      requests
        .map(({ path, body, key }) => {
          const text = JSON.stringify(body);
          return (
            `POST ${path} HTTP/1.1\r\nhost: ${this.#host}\r\ncontent-type: application/json\r\n` +
            `authorization: Bearer ${key}\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
          );
        })
        .join(''),
    );
    return Promise.all(replies);
  }

  close() {
    this.#socket.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!REDIS_AVAILABLE)('a public finplan serve --redis --signup', () => {
  let redis: RedisServer;
  let server: Served;
  let inspect: IORedis;
  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error('dist/cli.js is missing: run `npx tsup --silent` (npm test does it)');
    redis = await startRedisServer();
    server = await serve(redis.url);
    inspect = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    inspect?.disconnect();
    server?.child.kill('SIGTERM');
    await redis?.dispose();
  });

  const signup = async (email: string) => {
    const reply = await post(server.url, '/v1/signup', { email });
    expect(reply.status).toBe(201);
    return reply.body as { account_id: string; api_key: string; key: { key_id: string } };
  };
  /** Every key of the account, page after page of `limit`. */
  const allKeys = async (key: string, limit = 100) => {
    const keys: { key_id: string; revoked_at: string | null }[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const reply = await post(server.url, '/v1/keys/list', { limit, ...(cursor ? { cursor } : {}) }, key);
      expect(reply.status).toBe(200);
      expect(reply.body.keys.length).toBeLessThanOrEqual(limit);
      keys.push(...reply.body.keys);
      cursor = reply.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    return keys;
  };
  const ready = () =>
    expect
      .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 60_000, interval: 50 })
      .toBe(200);
  /**
   * Hold back a request's last byte, pause Redis (SIGSTOP) before sending it and resume Redis (SIGCONT) once
   * the reply has come: the reply is the one given while Redis was paused (its store call timed out), and
   * Redis then runs the commands that waited. No fixed pause: it lasts as long as the reply takes.
   */
  const whilePaused = async (
    path: string,
    body: unknown,
    key: string | undefined,
    headers: Record<string, string> = {},
  ) => {
    try {
      return await postHoldingBody(
        server.url,
        path,
        body,
        key,
        async () => {
          await sleep(100); // the request's rate-limit token is taken
          redis.pause();
        },
        headers,
      );
    } finally {
      redis.resume();
    }
  };

  // 25,000 cycles (the reproduction) under `npm run test:deep`; 1,000 under `npm test` (was 2,000).
  // The account may make 100 keys a day: 100 creations succeed, others are refused 409 while 10 unrevoked
  // keys are in flight, and 429 once the 100 are made; 1,000 cycles take each path many times (at 500:
  // 201 x 100, 409 x ~250, 429 x ~150) and the list bound of 101 keys, while the other account's requests
  // and the probes (about 25 each, against 38 at 2,000) are all answered 200.
  const CYCLES = deep(1_000, 25_000);

  it(`${CYCLES} create/revoke cycles of one account: another account is never refused, lists stay bounded`, async () => {
    const attacker = await signup('attacker@example.com');
    const victim = await signup('victim@example.com');
    let attacking = true;
    const victimStatuses: number[] = [];
    const healthStatuses: number[] = [];
    const victimLoop = (async () => {
      while (attacking) {
        victimStatuses.push((await post(server.url, '/v1/tvm', TVM_BODY, victim.api_key)).status);
        healthStatuses.push((await fetch(`${server.url}/healthz`)).status);
      }
    })();
    const outcomes = new Map<number, number>();
    const listStatuses: number[] = [];
    let next = 0;
    const cycles = async () => {
      const pipe = new Pipeline(server.url);
      while (next < CYCLES) {
        // 16 connections x 5 requests in flight: within the server's per-address cap (128 by default).
        const batch = Math.min(5, CYCLES - next);
        const start = next;
        next += batch;
        const created = await pipe.send(
          Array.from({ length: batch }, () => ({ path: '/v1/keys/create', body: {}, key: attacker.api_key })),
        );
        for (const reply of created) outcomes.set(reply.status, (outcomes.get(reply.status) ?? 0) + 1);
        const made = created.filter((reply) => reply.status === 201);
        const revoked = await pipe.send(
          made.map((reply) => ({
            path: '/v1/keys/revoke',
            body: { key_id: reply.body.key.key_id },
            key: attacker.api_key,
          })),
        );
        expect(revoked.every((reply) => reply.status === 200)).toBe(true);
        if (Math.floor(start / (CYCLES / 10)) !== Math.floor(next / (CYCLES / 10))) {
          listStatuses.push((await post(server.url, '/v1/keys/list', {}, attacker.api_key)).status);
          listStatuses.push((await post(server.url, '/v1/usage', { days: 90 }, attacker.api_key)).status);
        }
      }
      pipe.close();
    };
    await Promise.all(Array.from({ length: 16 }, cycles));
    attacking = false;
    await victimLoop;
    // Counts, not times: every request of the other account and every probe was answered, and answered
    // 200, while the attack ran (a starved store call would be a 503, a blocked loop a failed probe).
    expect(victimStatuses.length).toBeGreaterThan(0);
    expect(new Set(victimStatuses)).toEqual(new Set([200]));
    expect(new Set(healthStatuses)).toEqual(new Set([200]));
    expect(new Set(listStatuses)).toEqual(new Set([200]));
    // 100 keys a day, then 429 (409 while 10 made concurrently were not yet revoked); never a 5xx.
    expect(outcomes.get(201)).toBe(100);
    expect([...outcomes.keys()].sort()).toEqual(expect.arrayContaining([201, 429]));
    expect([...outcomes.keys()].every((status) => [201, 409, 429].includes(status))).toBe(true);
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(CYCLES);
    // The account holds its key and its 100 latest revoked keys, listed whole in pages.
    const keys = await allKeys(attacker.api_key, 30);
    expect(keys).toHaveLength(101);
    expect(keys.filter((k) => k.revoked_at === null).map((k) => k.key_id)).toEqual([attacker.key.key_id]);
    expect(await inspect.scard(`finplan:account:${attacker.account_id}:keys`)).toBe(101);
    const usage = await post(server.url, '/v1/usage', { days: 90 }, attacker.api_key);
    expect(usage.status).toBe(200);
    expect((await post(server.url, '/v1/tvm', TVM_BODY, victim.api_key)).status).toBe(200);
  }, 180_000);

  it('signup answered 503 while Redis is paused: the retry gets a working key, nothing else remains', async () => {
    const email = 'paused-signup@example.com';
    const first = await whilePaused('/v1/signup', { email }, undefined);
    expect(first.status).toBe(503);
    expect(first.body.error?.code).toBe('service_unavailable');
    await ready();
    // The write ran once Redis woke up: the account exists, with a key nobody was shown.
    const accountId = await inspect.get(`finplan:email:${email}`);
    expect(accountId).toMatch(/^acct_/);
    const retry = await signup(email);
    expect(retry.account_id).toBe(accountId);
    expect((await post(server.url, '/v1/tvm', TVM_BODY, retry.api_key)).status).toBe(200);
    expect((await allKeys(retry.api_key)).map((k) => k.key_id)).toEqual([retry.key.key_id]);
    expect(await inspect.scard(`finplan:account:${accountId}:keys`)).toBe(1);
  });

  it('key creation (with Idempotency-Key) and revocation answered 503 while paused: retries finish them', async () => {
    const owner = await signup('paused-keys@example.com');
    expect((await post(server.url, '/v1/tvm', TVM_BODY, owner.api_key)).status).toBe(200);
    const idem = { 'idempotency-key': 'create-while-paused' };
    const created = await whilePaused('/v1/keys/create', { name: 'ci' }, owner.api_key, idem);
    expect(created.status).toBe(503);
    await ready();
    // The late write made a key; the retry replaces it rather than adding a second one.
    expect(await inspect.scard(`finplan:account:${owner.account_id}:keys`)).toBe(2);
    const retry = await post(server.url, '/v1/keys/create', { name: 'ci' }, owner.api_key, idem);
    expect(retry.status).toBe(201);
    expect((await post(server.url, '/v1/tvm', TVM_BODY, retry.body.api_key)).status).toBe(200);
    expect((await allKeys(owner.api_key)).map((k) => k.key_id)).toEqual([
      owner.key.key_id,
      retry.body.key.key_id,
    ]);

    const revoked = await whilePaused('/v1/keys/revoke', { key_id: retry.body.key.key_id }, owner.api_key);
    expect(revoked.status).toBe(503);
    await ready();
    const again = await post(server.url, '/v1/keys/revoke', { key_id: retry.body.key.key_id }, owner.api_key);
    expect(again.status).toBe(200);
    expect(again.body.key.revoked_at).toEqual(expect.any(String));
    expect((await post(server.url, '/v1/tvm', TVM_BODY, retry.body.api_key)).status).toBe(401);
  });

  let warmed = 0;
  /** Run every script once, so that the one a held request sends is loaded in this Redis (no NOSCRIPT). */
  const warm = async () => {
    const account = await signup(`warm-${++warmed}@example.com`);
    const extra = await post(server.url, '/v1/keys/create', {}, account.api_key, { 'idempotency-key': 'w' });
    await post(server.url, '/v1/keys/revoke', { key_id: extra.body.key.key_id }, account.api_key);
  };

  it('Redis killed mid-write (before or after running it): after its restart the retries succeed', async () => {
    for (const runsFirst of [false, true]) {
      const email = `killed-${runsFirst}@example.com`;
      await warm();
      const first = await postHoldingBody(server.url, '/v1/signup', { email }, undefined, async () => {
        await sleep(100);
        redis.pause();
      });
      expect(first.status).toBe(503);
      if (runsFirst) {
        redis.resume();
        await expect.poll(() => inspect.exists(`finplan:email:${email}`), { timeout: 10_000 }).toBe(1);
      }
      await redis.stop('SIGKILL');
      await redis.start();
      await ready();
      const retry = await signup(email);
      expect((await post(server.url, '/v1/tvm', TVM_BODY, retry.api_key)).status).toBe(200);
      expect((await allKeys(retry.api_key)).map((k) => k.key_id)).toEqual([retry.key.key_id]);

      const idem = { 'idempotency-key': `killed-${runsFirst}` };
      await warm();
      const created = await postHoldingBody(
        server.url,
        '/v1/keys/create',
        {},
        retry.api_key,
        async () => {
          await sleep(100);
          redis.pause();
        },
        idem,
      );
      expect(created.status).toBe(503);
      if (runsFirst) {
        redis.resume();
        await expect
          .poll(() => inspect.scard(`finplan:account:${retry.account_id}:keys`), { timeout: 10_000 })
          .toBe(2);
      }
      await redis.stop('SIGKILL');
      await redis.start();
      await ready();
      const second = await post(server.url, '/v1/keys/create', {}, retry.api_key, idem);
      expect(second.status).toBe(201);
      expect((await post(server.url, '/v1/tvm', TVM_BODY, second.body.api_key)).status).toBe(200);
      expect(await allKeys(retry.api_key)).toHaveLength(2);
    }
    expect(server.child.exitCode).toBeNull();
  });
});
