// Latency of /healthz while maximum-cost simulations run (issues 7 and 28): the server of `finplan serve`
// (createNodeServer) with simulations in its worker pool, against the same server computing them on the
// main thread, createHandler mounted in Hono on @hono/node-server with and without `pool`, all against
// the 100 ms limit. Two clients keep one maximum-cost /v1/debt-vs-invest
// request (20,000 paths x 600 months = 12M path-steps, the bound) in flight each, while a third samples
// /healthz; the idle latency is measured first.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createHandler } from '../dist/http/index.js';
import { createNodeServer, WorkerPool } from '../dist/node/index.js';

const KEY = 'bench-key';
const MAX_COST = JSON.stringify({
  loan_balance: 20_000,
  loan_annual_rate: 0.06,
  loan_minimum_payment: 400,
  extra_monthly: 200,
  expected_return: 0.07,
  return_volatility: 0.15,
  marginal_tax_rate: 0.22,
  horizon_years: 50,
  num_simulations: 20_000,
});
const LIMIT_MS = 100;

async function listen(workers) {
  const server = createNodeServer(createHandler({ apiKeys: [KEY], dev: true }), {
    workers,
    deadlineMs: 120_000,
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/** createHandler mounted in Hono on @hono/node-server, with `pool` when given (docs/http.md). */
async function hono(pool) {
  const finplan = createHandler({
    apiKeys: [KEY],
    dev: true,
    ...(pool ? { pool, deadlineMs: 120_000 } : {}),
  });
  const app = new Hono();
  app.all('/v1/*', (c) => finplan(c.req.raw));
  app.get('/healthz', (c) => finplan(c.req.raw));
  const server = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

async function healthz(url) {
  const start = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  return performance.now() - start;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** /healthz latencies (ms, sorted) while `clients` maximum-cost simulations stay in flight. */
async function duringSimulations(url, samples, clients = 2) {
  let stop = false;
  let simulations = 0;
  let failures = 0;
  const load = Array.from({ length: clients }, async () => {
    while (!stop) {
      try {
        const response = await fetch(`${url}/v1/debt-vs-invest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: MAX_COST,
        });
        if (response.status !== 200) throw new Error(`simulation answered ${response.status}`);
        await response.arrayBuffer();
        simulations++;
      } catch {
        failures++;
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const latencies = [];
  for (let i = 0; i < samples; i++) {
    try {
      latencies.push(await healthz(url));
    } catch {
      // A keep-alive connection reset while the event loop was blocked: counted, not timed.
      failures++;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stop = true;
  await Promise.all(load);
  return { latencies: latencies.sort((a, b) => a - b), simulations, failures };
}

function row(subject, sorted, note) {
  const p99 = percentile(sorted, 99);
  return {
    benchmark: '/healthz during max-cost simulations',
    subject,
    ops: `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`,
    peer: `${LIMIT_MS} ms limit`,
    peerOps: `${LIMIT_MS} ms`,
    ratio: (LIMIT_MS / p99).toFixed(3),
    note,
  };
}

export async function run() {
  const pool = new WorkerPool();
  const pooled = await listen(pool);
  const idle = [];
  for (let i = 0; i < 200; i++) idle.push(await healthz(pooled.url));
  idle.sort((a, b) => a - b);
  const withPool = await duringSimulations(pooled.url, 100);
  pooled.server.closeAllConnections();
  pooled.server.close();
  await pool.close();

  const inThread = await listen(false);
  const blocked = await duringSimulations(inThread.url, 20);
  inThread.server.closeAllConnections();
  inThread.server.close();

  const honoPool = new WorkerPool();
  const mounted = await hono(honoPool);
  const honoWithPool = await duringSimulations(mounted.url, 100);
  mounted.server.closeAllConnections();
  mounted.server.close();
  await honoPool.close();

  const bareMount = await hono(undefined);
  const honoBlocked = await duringSimulations(bareMount.url, 20);
  bareMount.server.closeAllConnections();
  bareMount.server.close();

  return [
    row('idle server', idle, 'no simulation running'),
    row(
      `worker pool (${pool.size} workers)`,
      withPool.latencies,
      `${withPool.simulations} max-cost simulations answered meanwhile, ${withPool.failures} failed requests; ratio = limit / p99 (>= 1 meets it)`,
    ),
    row(
      'main thread (workers: false)',
      blocked.latencies,
      `what the pool prevents: ${blocked.failures} requests failed (connections reset while the loop was blocked)`,
    ),
    row(
      `Hono mount, createHandler({ pool }) (${honoPool.size} workers)`,
      honoWithPool.latencies,
      `${honoWithPool.simulations} max-cost simulations answered meanwhile, ${honoWithPool.failures} failed requests`,
    ),
    row(
      'Hono mount without a pool (request thread)',
      honoBlocked.latencies,
      `what createHandler({ pool }) prevents: ${honoBlocked.failures} requests failed`,
    ),
  ];
}
