// Fastify: hand the raw request to the bridge.  FINPLAN_KEY=secret node examples/fastify.mjs
import Fastify from 'fastify';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const finplan = toNodeListener(createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] }));
const app = Fastify();
// finplan reads the body itself: no Fastify body parsing on its routes.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
const toFinplan = (request, reply) => {
  reply.hijack();
  finplan(request.raw, reply.raw);
};
app.all('/v1/*', toFinplan);
for (const path of ['/readyz', '/healthz', '/openapi.json']) app.get(path, toFinplan);
app.get('/', async () => 'my app');
const address = await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.once('SIGTERM', () => app.close());
