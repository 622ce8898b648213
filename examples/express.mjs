// Express: mount the adapter beside your own routes.  FINPLAN_KEY=secret node examples/express.mjs
import express from 'express';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const key = process.env.FINPLAN_KEY ?? 'change-me';
const app = express();

// finplan first: it reads and caps the body itself and answers its own errors in JSON (a body parser
// in front would answer an oversized body with its own 413 page before finplan sees the request).
// The bridge routes on the full path (req.originalUrl), so either mount works as written:
app.use(['/v1', '/readyz', '/healthz', '/openapi.json'], toNodeListener(createHandler({ apiKeys: [key] })));
// ...or the whole API under a prefix: /api/finplan/v1/tvm, /api/finplan/healthz
app.use('/api/finplan', toNodeListener(createHandler({ apiKeys: [key], basePath: '/api/finplan' })));

// Your own routes, with their own body parsing.
app.use(express.json());
app.get('/', (_req, res) => {
  res.send('my app');
});
app.post('/echo', (req, res) => {
  res.json({ received: req.body });
});

const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close());
