// Fastify: hand the raw request to the bridge.  FINPLAN_KEY=secret node examples/fastify.mjs
import Fastify from 'fastify';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const finplan = toNodeListener(createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] }));
const app = Fastify();

// Your own routes keep Fastify's JSON parsing.
app.get('/', async () => 'my app');
app.post('/echo', async (request) => ({ received: request.body }));

// finplan reads the body itself, so its routes take no Fastify body parsing. A plugin is its own
// encapsulation context: removing the parsers here leaves the routes above untouched.
app.register(async (scope) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const toFinplan = (request, reply) => {
    reply.hijack();
    finplan(request.raw, reply.raw);
  };
  scope.all('/v1/*', toFinplan);
  for (const path of ['/readyz', '/healthz', '/openapi.json']) scope.get(path, toFinplan);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.once('SIGTERM', () => app.close());
