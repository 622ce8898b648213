// The HTTP adapter over keep-alive loopback with autocannon, side by side with what a user would pick
// instead (issue 28): `finplan serve`'s server (createNodeServer) against a hand-written Fastify 5 server
// doing the same work (bearer check, @fastify/rate-limit, a JSON-Schema-validated route calling the
// operation), createHandler mounted in Hono on @hono/node-server against `finplan serve`, and both
// against a bare node:http server returning a constant (the floor). Two bodies: /v1/tvm and
// /v1/tax/estimate. Each server runs in its own process (bench/adapter-server.mjs), so none shares its
// event loop with the load generator nor with another; servers are measured in alternating rounds
// (the order rotates), and each round also reads the server's own CPU time per request, which moves much
// less than req/s when other work shares the cores. `FINPLAN_DIST=<dir>` serves another build.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { compare } from './harness.mjs';

const BODIES = {
  '/v1/tvm': JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 }),
  '/v1/tax/estimate': JSON.stringify({
    tax_year: 2025,
    filing_status: 'single',
    ordinary_income: 120000,
    qualified_income: 15000,
    state_tax_rate: 0.05,
  }),
};
const KEY = 'bench-key';
const SERVER = fileURLToPath(new URL('./adapter-server.mjs', import.meta.url));
const ROUNDS = Number(process.env.ADAPTER_ROUNDS ?? 5);
const SECONDS = Number(process.env.ADAPTER_SECONDS ?? 2);
const KINDS = ['bare', 'adapter', 'fastify', 'hono'];

function start(kind) {
  const child = fork(SERVER, [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', ({ port }) => resolve({ child, port }));
  });
}

/** The server's CPU time (us) and requests served so far. */
function usage(child) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send('cpu');
  });
}

async function load(port, path, duration) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: BODIES[path],
    connections: 32,
    pipelining: 1,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** One round on a server: its req/s, p99 latency (ms) and CPU microseconds per request. */
async function round(server, path) {
  const before = await usage(server.child);
  const result = await load(server.port, path, SECONDS);
  const after = await usage(server.child);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    us: (after.cpu - before.cpu) / (after.served - before.served),
  };
}

const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];

/** The same reply bytes from every finplan server (the bare one answers a constant). */
async function sameBytes(servers, path) {
  const texts = await Promise.all(
    ['adapter', 'fastify', 'hono'].map(async (kind) => {
      const response = await fetch(`http://127.0.0.1:${servers[kind].port}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: BODIES[path],
      });
      return response.text();
    }),
  );
  return texts.every((text) => text === texts[0]);
}

export async function run() {
  const servers = {};
  for (const kind of KINDS) servers[kind] = await start(kind);
  const rows = [];
  try {
    for (const path of Object.keys(BODIES)) {
      const same = await sameBytes(servers, path);
      for (const kind of KINDS) await load(servers[kind].port, path, 1);
      const rounds = Object.fromEntries(KINDS.map((kind) => [kind, []]));
      for (let i = 0; i < ROUNDS; i++) {
        const order = KINDS.map((_, k) => KINDS[(k + i) % KINDS.length]);
        for (const kind of order) rounds[kind].push(await round(servers[kind], path));
      }
      const rps = (kind) => median(rounds[kind].map((r) => r.rps));
      const p99 = (kind) => median(rounds[kind].map((r) => r.p99));
      const cpu = (kind) => median(rounds[kind].map((r) => r.us));
      const ratios = (a, b) => rounds[a].map((r, i) => (r.rps / rounds[b][i].rps).toFixed(2)).join(' ');
      const note = (a, b) =>
        `req/s, median of ${ROUNDS} rotating ${SECONDS} s rounds, 32 connections; per-round ${ratios(a, b)}; p99 ${p99(a)} vs ${p99(b)} ms; CPU ${cpu(a).toFixed(1)} vs ${cpu(b).toFixed(1)} us a request`;
      rows.push(
        compare(
          `HTTP ${path}`,
          '`finplan serve` (createNodeServer)',
          rps('adapter'),
          'Fastify 5 hand-written route (auth, rate limit, JSON Schema)',
          rps('fastify'),
          `${note('adapter', 'fastify')}; the same bytes from all three finplan servers: ${same}`,
        ),
        compare(
          `HTTP ${path}`,
          'createHandler in Hono (@hono/node-server, pool)',
          rps('hono'),
          '`finplan serve` (createNodeServer)',
          rps('adapter'),
          `goal >= 0.85; ${note('hono', 'adapter')}`,
        ),
        compare(
          `HTTP ${path}`,
          '`finplan serve` (createNodeServer)',
          rps('adapter'),
          'bare node:http constant JSON (floor)',
          rps('bare'),
          note('adapter', 'bare'),
        ),
      );
    }
  } finally {
    for (const kind of KINDS) servers[kind].child.send('exit');
  }
  return rows;
}
