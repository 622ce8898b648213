// Hono on Node: the handler is a Fetch handler, so it mounts directly.  FINPLAN_KEY=secret node examples/hono.mjs
import { serve } from '@hono/node-server';
import { createHandler } from 'finplan/http';
import { sharedWorkerPool } from 'finplan/node';
import { Hono } from 'hono';

// With a worker pool, simulations and other costly calls compute off the thread that answers your
// routes and the probes (without it they run on the request thread).
const finplan = createHandler({
  apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'],
  pool: sharedWorkerPool(),
});
const app = new Hono();
app.get('/', (c) => c.text('my app'));
app.post('/echo', async (c) => c.json({ received: await c.req.json() }));
app.all('/v1/*', (c) => finplan(c.req.raw));
for (const path of ['/readyz', '/healthz', '/openapi.json']) app.get(path, (c) => finplan(c.req.raw));
const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 8080), hostname: '127.0.0.1' },
  (info) => {
    console.log(`listening on http://127.0.0.1:${info.port}`);
  },
);
process.once('SIGTERM', () => server.close());
