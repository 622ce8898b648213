// Latency of /healthz while costly requests run, against the 100 ms limit.
// - Issues 7 and 28: the server of `finplan serve` (createNodeServer) with simulations in its worker pool,
//   against the same server computing them on the main thread, createHandler mounted in Hono on
//   @hono/node-server with and without `pool`. Two clients keep one maximum-cost /v1/debt-vs-invest
//   request (20,000 paths x 600 months = 12M path-steps, the bound) in flight each, while a third samples
//   /healthz; the idle latency is measured first.
// - Issue 30: a `finplan serve` process (real sockets, the default budget of 60 tokens a minute) with 30
//   API keys, each client sending /v1/cashflow/npv-irr with 10,000 dated flows one after another within
//   its budget (it waits for the tokens its next request costs, by RateLimit-Remaining), while /healthz is
//   sampled every 20 ms; with the worker pool, and with --workers 0 for comparison.
// FINPLAN_HEALTHZ_ONLY=issue30 runs only the issue 30 load.
import { spawn } from 'node:child_process';
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

function row(subject, sorted, note, benchmark = '/healthz during max-cost simulations') {
  const p99 = percentile(sorted, 99);
  return {
    benchmark,
    subject,
    ops: `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`,
    peer: `${LIMIT_MS} ms limit`,
    peerOps: `${LIMIT_MS} ms`,
    ratio: (LIMIT_MS / p99).toFixed(3),
    note,
  };
}

// ---------------------------------------------------------------------------------------------------
// Issue 30: 30 keys within their budgets, each sending 10,000 dated flows

const KEYS = Array.from({ length: 30 }, (_, i) => `bench-key-${i}`);
const ISSUE30_SECONDS = Number(process.env.FINPLAN_HEALTHZ_SECONDS ?? 40);
const DAY_MS = 86_400_000;
/** 10,000 daily flows: signs that keep changing (the whole IRR scan), or one outlay then inflows. */
const flows = (amount) =>
  JSON.stringify({
    rate: 0.05,
    dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
      date: new Date(Date.UTC(2000, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
      amount: amount(i),
    })),
  });
const CHANGING = flows((i) => Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100);
const ONE_CHANGE = flows((i) => (i === 0 ? -1_000_000 : 150));

/** A `finplan serve` child process with the 30 keys; resolves with its URL and a stop function. */
async function finplanServe(extra) {
  const cli = new URL('../dist/cli.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--deadline-ms', '30000', ...extra], {
    env: { ...process.env, FINPLAN_API_KEYS: KEYS.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`finplan serve exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /healthz latencies (ms, sorted) while each key sends `body` within its budget: after each reply it
 * waits until its bucket holds the next request's tokens (one a second at 60 a minute).
 */
async function keysWithinBudget(url, body, tokens, seconds) {
  let stop = false;
  const counts = { ok: 0, limited: 0, unavailable: 0, failed: 0 };
  const clients = KEYS.map(async (key, k) => {
    await sleep(k * 50);
    while (!stop) {
      try {
        const response = await fetch(`${url}/v1/cashflow/npv-irr`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        const remaining = Number(response.headers.get('ratelimit-remaining'));
        if (response.status === 200) counts.ok++;
        else if (response.status === 429) counts.limited++;
        else if (response.status === 503) counts.unavailable++;
        else counts.failed++;
        const wait =
          response.status === 200 || response.status === 429
            ? Math.max(0, tokens - remaining) * 1000 + (remaining < tokens ? 100 : 0)
            : Number(response.headers.get('retry-after') ?? 1) * 1000;
        if (wait > 0) await sleep(wait);
      } catch {
        counts.failed++;
        await sleep(100);
      }
    }
  });
  await sleep(3_000);
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    try {
      latencies.push(await healthz(url));
    } catch {
      counts.failed++;
    }
    await sleep(20);
  }
  stop = true;
  await Promise.all(clients);
  return { latencies: latencies.sort((a, b) => a - b), counts };
}

async function issue30() {
  const rows = [];
  const scenarios = [
    ['signs that keep changing', CHANGING, []],
    ['one outlay then inflows', ONE_CHANGE, []],
    ['signs that keep changing, --workers 0', CHANGING, ['--workers', '0']],
  ].filter(
    ([label]) => !process.env.FINPLAN_HEALTHZ_CASE || label.includes(process.env.FINPLAN_HEALTHZ_CASE),
  );
  if (process.env.FINPLAN_HEALTHZ_WORKERS)
    for (const scenario of scenarios)
      if (scenario[2].length === 0) scenario[2] = ['--workers', process.env.FINPLAN_HEALTHZ_WORKERS];
  for (const [label, body, extra] of scenarios) {
    const server = await finplanServe(extra);
    try {
      if (rows.length === 0) {
        // The same server idle first: what the machine itself adds.
        const idle = [];
        for (let i = 0; i < 300; i++) {
          idle.push(await healthz(server.url));
          await sleep(10);
        }
        rows.push(
          row(
            `finplan serve${extra.length > 0 ? ` ${extra.join(' ')}` : ''}, idle`,
            idle.sort((a, b) => a - b),
            'no request running',
            '/healthz under 30 keys within budget (issue 30)',
          ),
        );
      }
      // The tokens one request costs, from a first request of a key of its own.
      const probe = await fetch(`${server.url}/v1/cashflow/npv-irr`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS[0]}`, 'content-type': 'application/json' },
        body,
      });
      await probe.arrayBuffer();
      const tokens = 60 - Number(probe.headers.get('ratelimit-remaining'));
      const seconds = extra.includes('0') ? Math.min(ISSUE30_SECONDS, 20) : ISSUE30_SECONDS;
      const { latencies, counts } = await keysWithinBudget(server.url, body, tokens, seconds);
      rows.push(
        row(
          `finplan serve${extra.length > 0 ? ` ${extra.join(' ')}` : ''}, 30 keys, npv-irr 10,000 dated flows: ${label}`,
          latencies,
          `${tokens} tokens a request; over ${seconds} s: ${counts.ok} answered 200, ${counts.limited} 429, ${counts.unavailable} 503, ${counts.failed} failed; ${latencies.length} /healthz samples`,
          '/healthz under 30 keys within budget (issue 30)',
        ),
      );
    } finally {
      await server.stop();
    }
  }
  return rows;
}

export async function run() {
  if (process.env.FINPLAN_HEALTHZ_ONLY === 'issue30') return issue30();
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

  const rows = [
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
  return [...rows, ...(await issue30())];
}
