// Issue 30 point 1, A/B on one build: /healthz while 30 keys, each within the default budget (60 a
// minute), send /v1/cashflow/npv-irr with 10,000 dated flows that change sign once (1 token, about 380 KB),
// against a server whose pool parses large bodies in its workers ("new") and the same server with the
// pool wrapped without runBody ("old": the request thread parses and validates every body, as before).
// Alternating runs (AB_ORDER, default old,new,old,new), AB_SECONDS of /healthz samples every 20 ms each.
// Run after `npx tsup --silent`: node bench/body-offload-ab.mjs
import { fork } from 'node:child_process';

const KEYS = Array.from({ length: 30 }, (_, i) => `bench-key-${i}`);
const DAY = 86400000;
const BODY = JSON.stringify({
  rate: 0.05,
  dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
    date: new Date(Date.UTC(2000, 0, 1) + i * DAY).toISOString().slice(0, 10),
    amount: i === 0 ? -1_000_000 : 150,
  })),
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SECONDS = Number(process.env.AB_SECONDS ?? 30);
async function once(mode) {
  const child = fork(new URL('./body-offload-ab-server.mjs', import.meta.url).pathname, [mode], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((r) => child.once('message', r));
  const url = `http://127.0.0.1:${port}`;
  let stop = false;
  const counts = { ok: 0, other: 0 };
  const clients = KEYS.map(async (key, k) => {
    await sleep(k * 50);
    while (!stop) {
      try {
        const res = await fetch(`${url}/v1/cashflow/npv-irr`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: BODY,
        });
        await res.arrayBuffer();
        const remaining = Number(res.headers.get('ratelimit-remaining'));
        if (res.status === 200) counts.ok++;
        else counts.other++;
        const wait =
          res.status === 200 || res.status === 429
            ? Math.max(0, 1 - remaining) * 1000 + (remaining < 1 ? 100 : 0)
            : 1000;
        if (wait > 0) await sleep(wait);
      } catch {
        counts.other++;
        await sleep(100);
      }
    }
  });
  await sleep(3000);
  const lat = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    try {
      const r = await fetch(`${url}/healthz`);
      await r.arrayBuffer();
      lat.push(performance.now() - t);
    } catch {}
    await sleep(20);
  }
  stop = true;
  await Promise.all(clients);
  child.send('exit');
  lat.sort((a, b) => a - b);
  const p = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))].toFixed(1);
  return `${mode}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${lat.at(-1).toFixed(1)} ms; ${counts.ok} answered 200 in ${SECONDS + 3} s, ${counts.other} other; ${lat.length} samples`;
}
for (const mode of (process.env.AB_ORDER ?? 'old,new,old,new').split(',')) {
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  console.log(`${new Date().toISOString().slice(11, 19)} load ${load} ${await once(mode)}`);
}
