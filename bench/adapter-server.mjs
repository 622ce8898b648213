// Child process of bench/adapter.bench.mjs: one server (`bare` or `adapter`) on a free loopback port.
// Sends { port } once listening; on the message 'cpu' answers with its CPU time (user + system, us)
// and the requests served so far, so the parent can take CPU time per request over a window.
import { createServer } from 'node:http';

const dist = process.env.FINPLAN_DIST ?? '../dist';
const { createHandler } = await import(`${dist}/http/index.js`);
const { toNodeListener } = await import(`${dist}/node/index.js`);

const KEY = 'bench-key';
const constant = JSON.stringify({
  result_id: 'tvm_0000000000000000',
  engine_version: 'tvm-1.0.0',
  result: { value: -1798.65 },
});
const bare = (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(constant);
  });
};
// A budget far above the load, so the limiter runs on every request but never refuses.
const kind = process.argv[2];
// `listener`: toNodeListener around a handler core that reads the body and answers the constant (what
// the node bridge costs by itself).
const constantCore = Object.assign(async () => new Response(constant), {
  [Symbol.for('finplan.http.handler-core')]: async (parts) => {
    await parts.readBody(1 << 20);
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: constant };
  },
});
const listener =
  kind === 'bare'
    ? bare
    : kind === 'listener'
      ? toNodeListener(constantCore)
      : toNodeListener(createHandler({ apiKeys: [KEY], rateLimit: 100_000_000 }));
let served = 0;
const server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
  served++;
  listener(req, res);
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system, served });
  } else if (message === 'exit') process.exit(0);
});
