// The HTTP adapter (auth + rate limit + validation + tvm + envelope, through toNodeListener) against a
// bare node:http server returning a constant JSON body, over keep-alive loopback with autocannon.
// Each server runs in its own process (bench/adapter-server.mjs), so neither shares its event loop with
// the load generator nor with the other; the two are measured in alternating rounds, and each round
// also reads the server's own CPU time (user + system) per request, which moves much less than req/s
// when other work shares the cores. `FINPLAN_DIST=<dir>` serves another build (e.g. to compare two).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { compare } from './harness.mjs';

const BODY = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 });
const KEY = 'bench-key';
const SERVER = fileURLToPath(new URL('./adapter-server.mjs', import.meta.url));
const ROUNDS = Number(process.env.ADAPTER_ROUNDS ?? 6);
const SECONDS = Number(process.env.ADAPTER_SECONDS ?? 2);

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

async function requestsPerSecond(port, duration) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v1/tvm`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: BODY,
    connections: 32,
    pipelining: 1,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** One round on a server: its req/s and its CPU microseconds per request. */
async function round(server) {
  const before = await usage(server.child);
  const rps = await requestsPerSecond(server.port, SECONDS);
  const after = await usage(server.child);
  return { rps, us: (after.cpu - before.cpu) / (after.served - before.served) };
}

const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];

export async function run() {
  const bare = await start('bare');
  const adapter = await start('adapter');
  try {
    await requestsPerSecond(bare.port, 2);
    await requestsPerSecond(adapter.port, 2);
    const rounds = { bare: [], adapter: [] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ['bare', 'adapter'] : ['adapter', 'bare'];
      for (const name of order) rounds[name].push(await round(name === 'bare' ? bare : adapter));
    }
    const ratios = rounds.adapter.map((r, i) => (r.rps / rounds.bare[i].rps).toFixed(2));
    const cpu = (name) => Math.min(...rounds[name].map((r) => r.us));
    return [
      compare(
        'HTTP /v1/tvm keep-alive',
        'createHandler + toNodeListener',
        median(rounds.adapter.map((r) => r.rps)),
        'bare node:http constant JSON',
        median(rounds.bare.map((r) => r.rps)),
        `req/s, median of ${ROUNDS} alternating ${SECONDS} s rounds, each server in its own process, 32 connections, autocannon; per-round ratios ${ratios.join(' ')}`,
      ),
      compare(
        'HTTP /v1/tvm server CPU',
        'createHandler + toNodeListener',
        1e6 / cpu('adapter'),
        'bare node:http constant JSON',
        1e6 / cpu('bare'),
        `requests per CPU-second of the server process (best round): ${cpu('adapter').toFixed(1)} us vs ${cpu('bare').toFixed(1)} us a request`,
      ),
    ];
  } finally {
    bare.child.send('exit');
    adapter.child.send('exit');
  }
}
