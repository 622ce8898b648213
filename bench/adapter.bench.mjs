// The HTTP adapter (auth + rate limit + validation + tvm + envelope, through toNodeListener) against a
// bare node:http server returning a constant JSON body: requests/s over keep-alive loopback, measured
// with autocannon in the same run.
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { createHandler } from '../dist/http/index.js';
import { toNodeListener } from '../dist/node/index.js';
import { compare } from './harness.mjs';

const BODY = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 });
const KEY = 'bench-key';

function listen(listener) {
  const server = createServer({ keepAliveTimeout: 10_000 }, listener);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function requestsPerSecond(server, duration) {
  const { port } = server.address();
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

export async function run() {
  const constant = JSON.stringify({
    result_id: 'tvm_0000000000000000',
    engine_version: 'tvm-1.0.0',
    result: { value: -1798.65 },
  });
  const bare = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(constant);
    });
  });
  // A budget far above the load, so the limiter runs on every request but never refuses.
  const adapter = await listen(toNodeListener(createHandler({ apiKeys: [KEY], rateLimit: 100_000_000 })));
  try {
    await requestsPerSecond(bare, 1);
    await requestsPerSecond(adapter, 1);
    const bareRps = await requestsPerSecond(bare, 5);
    const adapterRps = await requestsPerSecond(adapter, 5);
    return [
      compare(
        'HTTP /v1/tvm keep-alive',
        'createHandler + toNodeListener',
        adapterRps,
        'bare node:http constant JSON',
        bareRps,
        'req/s, 32 connections, autocannon',
      ),
    ];
  } finally {
    bare.close();
    adapter.close();
  }
}
