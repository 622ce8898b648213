// Child process of bench/adapter.bench.mjs: one server on a free loopback port, of the kind given:
// - `bare`: node:http answering a constant JSON body (the floor of any Node server);
// - `adapter`: what `finplan serve` runs (createNodeServer: toNodeListener around createHandler);
// - `fastify`: what a user would write by hand instead, in Fastify 5: a bearer-key check,
//   @fastify/rate-limit, and a route per operation whose body is validated by Fastify against the
//   operation's JSON Schema (from finplan's OpenAPI document), then computed by calling the operation;
// - `hono`: createHandler mounted in Hono 4 on @hono/node-server (a Fetch host on Node), with the
//   shared worker pool, as docs/http.md shows;
// - `listener`: toNodeListener around a core that reads the body and answers the constant (what the
//   node bridge costs by itself).
// Sends { port } once listening; on the message 'cpu' answers with its CPU time (user + system, us)
// and the requests served so far, so the parent can take CPU time per request over a window.
import { createServer } from 'node:http';

const dist = process.env.FINPLAN_DIST ?? '../dist';
const { createHandler, openApiDocument } = await import(`${dist}/http/index.js`);
const { createNodeServer, sharedWorkerPool, toNodeListener } = await import(`${dist}/node/index.js`);

const KEY = 'bench-key';
// A budget far above the load, so each limiter runs on every request but never refuses.
const BUDGET = 100_000_000;
const constant = JSON.stringify({
  result_id: 'tvm_0000000000000000',
  engine_version: 'tvm-1.0.0',
  result: { value: -1798.65 },
});
const kind = process.argv[2];
let served = 0;
const count = () => {
  served++;
};

async function fastify() {
  const { default: Fastify } = await import('fastify');
  const { default: rateLimit } = await import('@fastify/rate-limit');
  const { tvm } = await import(`${dist}/utilities/index.js`);
  const { taxEstimate } = await import(`${dist}/tax/index.js`);
  const doc = openApiDocument();
  const app = Fastify({ logger: false, ajv: { customOptions: { strict: false } } });
  app.addHook('onRequest', async (request, reply) => {
    count();
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      reply.code(401).send({ error: { code: 'unauthorized', message: 'missing or invalid credential' } });
    }
  });
  await app.register(rateLimit, {
    max: BUDGET,
    timeWindow: 60_000,
    keyGenerator: (r) => r.headers.authorization,
  });
  for (const operation of [tvm, taxEstimate]) {
    const body = doc.paths[operation.path].post.requestBody.content['application/json'].schema;
    app.post(operation.path, { schema: { body } }, async (request) => operation(request.body));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

async function hono() {
  const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const finplan = createHandler({ apiKeys: [KEY], rateLimit: BUDGET, pool: sharedWorkerPool() });
  const app = new Hono();
  app.use(async (_c, next) => {
    count();
    await next();
  });
  app.all('/v1/*', (c) => finplan(c.req.raw));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

function node(listener) {
  const server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    count();
    listener(req, res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function adapter() {
  const server = createNodeServer(createHandler({ apiKeys: [KEY], rateLimit: BUDGET }));
  server.on('request', count);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const constantCore = Object.assign(async () => new Response(constant), {
  [Symbol.for('finplan.http.handler-core')]: async (parts) => {
    await parts.readBody(1 << 20);
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: constant };
  },
});
const bare = (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(constant);
  });
};

const server =
  kind === 'fastify'
    ? await fastify()
    : kind === 'hono'
      ? await hono()
      : kind === 'adapter'
        ? await adapter()
        : await node(kind === 'listener' ? toNodeListener(constantCore) : bare);
process.send({ port: server.address().port });
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system, served });
  } else if (message === 'exit') process.exit(0);
});
