// Two `finplan serve` processes (the built CLI) sharing one real redis-server: rate budgets, keys and
// revocation hold across instances under concurrent load; killing and restarting Redis flips
// readiness and back, calculations get 503 meanwhile (never a 500 or a hang), keys survive (AOF).
// Skipped, saying so, when redis-server is not installed.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_AVAILABLE, type RedisServer, startRedisServer } from '../helpers/redis-server';
import { CLI, serveCli } from '../helpers/serve-cli';
import { TVM_BODY } from './server';

// Requests a minute: the bucket refills one token a second, so a refused client is told Retry-After: 1
// (the test waits it out) rather than 3 s at 20 a minute.
const BUDGET = 60;

interface Instance {
  readonly child: ChildProcess;
  readonly url: string;
}

const serve = (redisUrl: string): Promise<Instance> =>
  serveCli(['--redis', redisUrl, '--signup', '--rate-limit', String(BUDGET), '--workers', '0']);

const post = (url: string, path: string, body: string, key?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!REDIS_AVAILABLE)('two finplan serve instances sharing one Redis', () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    if (!existsSync(CLI))
      throw new Error('dist/cli.js is missing: run `npx tsup --silent` (npm test does it)');
    redis = await startRedisServer();
    [a, b] = await Promise.all([serve(redis.url), serve(redis.url)]);
  });
  afterAll(async () => {
    for (const instance of [a, b]) instance?.child.kill('SIGTERM');
    await redis?.dispose();
  });

  const signup = async (url: string, email: string) => {
    const reply = await post(url, '/v1/signup', JSON.stringify({ email }));
    expect(reply.status).toBe(201);
    return (await reply.json()) as { api_key: string; key: { key_id: string } };
  };

  it('under concurrent load on both, a key is admitted at most budget + 1 (plus the refill meanwhile)', async () => {
    const owner = await signup(a.url, 'load@example.com');
    // The load runs on a second key (a fresh bucket); the first reads the usage afterwards.
    const { api_key } = await (await post(b.url, '/v1/keys/create', '{}', owner.api_key)).json();
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 2.5 * BUDGET }, (_, i) =>
        post(i % 2 ? a.url : b.url, '/v1/tvm', TVM_BODY, api_key),
      ),
    );
    const elapsedSeconds = (Date.now() - started) / 1000;
    const statuses = replies.map((r) => r.status);
    const admitted = statuses.filter((s) => s === 200).length;
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // Refill is BUDGET/60 a second: whatever the machine's speed, the bound holds.
    expect(admitted).toBeLessThanOrEqual(BUDGET + 1 + Math.floor((elapsedSeconds * BUDGET) / 60));
    expect(admitted).toBeGreaterThanOrEqual(BUDGET);
    const limited = replies.find((r) => r.status === 429)!;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // A client honouring Retry-After succeeds next, on either instance.
    await sleep(retryAfter * 1000);
    expect((await post(b.url, '/v1/tvm', TVM_BODY, api_key)).status).toBe(200);
    // Every admitted request was counted against the key, whichever instance served it.
    const usage = await (await post(a.url, '/v1/usage', '{}', owner.api_key)).json();
    expect(usage.total).toBe(admitted + 1);
  });

  it('a key revoked on one instance is refused on its next request at the other; duplicate email 409', async () => {
    const account = await signup(a.url, 'revoke@example.com');
    // Once its key is used, the email is taken on every instance.
    expect((await post(a.url, '/v1/tvm', TVM_BODY, account.api_key)).status).toBe(200);
    expect((await post(b.url, '/v1/signup', JSON.stringify({ email: 'REVOKE@example.com' }))).status).toBe(
      409,
    );
    const created = await (await post(b.url, '/v1/keys/create', '{}', account.api_key)).json();
    expect((await post(a.url, '/v1/tvm', TVM_BODY, created.api_key)).status).toBe(200);
    const revoke = await post(
      b.url,
      '/v1/keys/revoke',
      JSON.stringify({ key_id: created.key.key_id }),
      account.api_key,
    );
    expect(revoke.status).toBe(200);
    expect((await post(a.url, '/v1/tvm', TVM_BODY, created.api_key)).status).toBe(401);
  });

  it('Redis killed: /readyz 503 {status, reason}, calculations 503, /healthz 200; restarted: ready, keys kept', async () => {
    const { api_key } = await signup(b.url, 'restart@example.com');
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    await redis.stop('SIGKILL');
    for (const instance of [a, b]) {
      await expect
        .poll(async () => (await fetch(`${instance.url}/readyz`)).status, { timeout: 60_000, interval: 50 })
        .toBe(503);
      const ready = await (await fetch(`${instance.url}/readyz`)).json();
      expect(ready).toEqual({ status: 'unavailable', reason: expect.stringContaining('store unreachable') });
      const calc = await post(instance.url, '/v1/tvm', TVM_BODY, api_key);
      expect(calc.status).toBe(503);
      expect((await calc.json()).error.code).toBe('service_unavailable');
      expect(calc.headers.get('retry-after')).toBe('1');
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      expect(
        (await post(instance.url, '/v1/signup', JSON.stringify({ email: 'x@example.com' }))).status,
      ).toBe(503);
    }
    await redis.start();
    for (const instance of [a, b]) {
      await expect
        .poll(async () => (await fetch(`${instance.url}/readyz`)).status, { timeout: 60_000, interval: 50 })
        .toBe(200);
      expect((await post(instance.url, '/v1/tvm', TVM_BODY, api_key)).status).toBe(200);
    }
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });
});
