// node:http: the adapter as the whole server.  FINPLAN_KEY=secret node examples/node-http.mjs
import { createServer } from 'node:http';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const handler = createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'], rateLimit: 120 });
const server = createServer(toNodeListener(handler));
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close());
