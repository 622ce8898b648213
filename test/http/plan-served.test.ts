// /v1/plan/lifetime over real loopback sockets from the built package: the worker pool loads the
// plan's solver itself (its first plan job awaits it) and answers the same bytes as the request thread
// does with workers: false, and as the library does after `await lifetimePlan.ready()`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { listen } from './server';

const root = fileURLToPath(new URL('../../', import.meta.url));
type NodeModule = typeof import('../../src/node/index');
type HttpModule = typeof import('../../src/http/index');
type PlanModule = typeof import('../../src/plan/index');

const KEY = 'plan-key';
const REQUEST = {
  start_year: 2026,
  real_return: 0.03,
  inflation: 0.025,
  people: [{ birth_year: 1961, planning_age: 85, social_security: { pia: 2_400, claiming_age: 67 } }],
  accounts: [
    { type: 'tax_deferred', balance: 800_000 },
    { type: 'roth', balance: 100_000 },
  ],
  state: 'PA',
};

async function post(url: string, body: unknown) {
  const response = await fetch(`${url}/v1/plan/lifetime`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('the lifetime plan served (built package)', () => {
  let node: NodeModule;
  let http: HttpModule;
  let plan: PlanModule;
  beforeAll(async () => {
    if (!existsSync(`${root}dist/node/worker.js`))
      throw new Error('dist/ is missing: run `npm run build` first');
    node = (await import(pathToFileURL(`${root}dist/node/index.js`).href)) as NodeModule;
    http = (await import(pathToFileURL(`${root}dist/http/index.js`).href)) as HttpModule;
    plan = (await import(pathToFileURL(`${root}dist/plan/index.js`).href)) as PlanModule;
  });

  it('a worker computes it (loading the solver) and answers what the request thread and the library do', async () => {
    const pool = new node.WorkerPool({ size: 1 });
    const options = { apiKeys: [KEY], rateLimit: 600 };
    const pooled = await listen(
      node.createNodeServer(http.createHandler(options), { workers: pool, deadlineMs: 600_000 }),
    );
    const bare = await listen(node.createNodeServer(http.createHandler(options), { workers: false }));
    try {
      const inFlight = post(pooled.url, REQUEST);
      // The thread that answers requests is free while a worker plans.
      const probe = await fetch(`${pooled.url}/healthz`);
      expect(probe.status).toBe(200);
      const inPool = await inFlight;
      const inThread = await post(bare.url, REQUEST);
      expect(inPool.status).toBe(200);
      expect(inPool.text).toBe(inThread.text);
      await plan.lifetimePlan.ready();
      expect(JSON.parse(inPool.text)).toEqual(plan.lifetimePlan(REQUEST as never));
      // A refused plan is a 400 naming the field.
      const refused = await post(pooled.url, { ...REQUEST, spending_goal: 10_000 });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error.issues[0].path).toBe('spending_goal');
    } finally {
      await pooled.close();
      await bare.close();
      await pool.close();
    }
  });
});
