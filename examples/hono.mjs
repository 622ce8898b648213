// Hono: the handler is a Fetch handler, so it mounts directly (npm install hono @hono/node-server).
import { serve } from '@hono/node-server';
import { createHandler } from 'finplan/http';
import { Hono } from 'hono';

const finplan = createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] });
const app = new Hono();
app.get('/', (c) => c.text('my app'));
app.all('/v1/*', (c) => finplan(c.req.raw));
app.get('/openapi.json', (c) => finplan(c.req.raw));
serve({ fetch: app.fetch, port: 8080 });
