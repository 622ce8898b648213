// Express: mount the adapter under your app (npm install express).  node examples/express.mjs
import express from 'express';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const app = express();
app.get('/', (_req, res) => res.send('my app'));
// Every /v1 path, /readyz, /healthz and /openapi.json go to finplan. If an express.json() parser ran
// first, the bridge uses the parsed body.
const finplan = toNodeListener(createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] }));
app.use(['/v1', '/readyz', '/healthz', '/openapi.json'], (req, res) => {
  req.url = req.originalUrl; // Express strips the mount path; the handler routes on the full path
  finplan(req, res);
});
app.listen(8080);
