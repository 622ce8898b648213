// Per-request CPU time of createHandler's core (no network, no load generator), one build per process:
// POST /v1/tvm with a configured key and the in-memory stores (the synchronous route), GET /healthz and
// a 404; 7 rounds of 20,000 requests, the median round. Compare two builds by running it on each,
// alternately: node bench/handler-core-ab.mjs <dist directory>.
const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const { createHandler } = await import(`${dist}/http/index.js`);
const CORE = Symbol.for('finplan.http.handler-core');
const core = createHandler({ apiKeys: ['k'], rateLimit: 1_000_000_000 })[CORE];
const body = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 });
const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };
const parts = (method, pathname) => ({
  method,
  pathname,
  header: (n) => headers[n],
  readBody: () => Promise.resolve(body),
});
const cases = { tvm: ['POST', '/v1/tvm'], healthz: ['GET', '/healthz'], notFound: ['POST', '/v1/nope'] };
/** Microseconds of CPU a request, by case. */
const out = {};
for (const [name, [method, path]] of Object.entries(cases)) {
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const n = 20000;
    const t = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const reply = await core(parts(method, path));
      if (reply.status >= 500) throw new Error(reply.body);
    }
    const u = process.cpuUsage(t);
    rounds.push((u.user + u.system) / n);
  }
  rounds.sort((a, b) => a - b);
  out[name] = rounds[3];
}
console.log(JSON.stringify(out));
