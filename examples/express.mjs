// Express: mount the adapter beside your own routes.  FINPLAN_KEY=secret node examples/express.mjs
import express from 'express';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const finplan = toNodeListener(createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] }));
const app = express();
app.get('/', (_req, res) => {
  res.send('my app');
});
// Every /v1 path and the probes go to finplan. Express strips the mount path from req.url, and the
// handler routes on the full path, so give it back. finplan reads and caps the body itself; if an
// express.json() parser ran first, the bridge uses the parsed body instead.
app.use(['/v1', '/readyz', '/healthz', '/openapi.json'], (req, res) => {
  req.url = req.originalUrl;
  finplan(req, res);
});
const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close());
