// Fastify: hand the raw request to the bridge (npm install fastify).  node examples/fastify.mjs
import Fastify from 'fastify';
import { createHandler } from 'finplan/http';
import { toNodeListener } from 'finplan/node';

const finplan = toNodeListener(createHandler({ apiKeys: [process.env.FINPLAN_KEY ?? 'change-me'] }));
const app = Fastify();
// Let finplan read the body itself: no Fastify parsing for these routes.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', (_request, _payload, done) => done(null));
app.all('/v1/*', (request, reply) => {
  reply.hijack();
  finplan(request.raw, reply.raw);
});
app.listen({ port: 8080 });
