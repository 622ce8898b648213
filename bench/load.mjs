// `npm run load`: holds a built `finplan serve` (one key, a budget far above the load, simulations
// in-thread) at its maximum rate with autocannon for 60 s after a 10 s warm-up, then checks: zero
// errors and zero non-2xx replies, resident memory growth after warm-up under 10%. Prints p50/p99.
// LOAD_SECONDS shortens the run; LOAD_REDIS=redis://... serves from Redis instead of memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const KEY = 'load-key';
const BODY = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 });

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const args = ['dist/cli.js', 'serve', '--port', '0', '--rate-limit', '1000000', '--workers', '0'];
if (process.env.LOAD_REDIS) args.push('--redis', process.env.LOAD_REDIS);
const child = spawn(process.execPath, args, { env: { ...process.env, FINPLAN_API_KEYS: KEY } });
const url = await new Promise((resolve, reject) => {
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
});

const hit = (duration) =>
  autocannon({
    url: `${url}/v1/tvm`,
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: BODY,
    connections: 32,
    duration,
  });

try {
  await hit(10);
  const before = rssBytes(child.pid);
  const result = await hit(SECONDS);
  const after = rssBytes(child.pid);
  const growth = (after - before) / before;
  const line = {
    seconds: SECONDS,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    'rss before MB': +(before / 2 ** 20).toFixed(1),
    'rss after MB': +(after / 2 ** 20).toFixed(1),
    'rss growth %': +(growth * 100).toFixed(1),
    store: process.env.LOAD_REDIS ? 'redis' : 'memory',
  };
  console.log(JSON.stringify(line, null, 2));
  const failures = [];
  if (line.errors > 0 || line.non2xx > 0) failures.push(`${line.errors} errors, ${line.non2xx} non-2xx`);
  if (growth >= 0.1) failures.push(`RSS grew ${line['rss growth %']}% after warm-up`);
  if (failures.length > 0) {
    console.error(`load: FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  child.kill('SIGTERM');
}
