// node:http: the adapter as the whole server.  node examples/node-http.mjs
import { createServer } from 'node:http';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const handler = createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'], rateLimit: 120 });
createServer(toNodeListener(handler)).listen(8080, '127.0.0.1', () => console.log('http://127.0.0.1:8080'));
