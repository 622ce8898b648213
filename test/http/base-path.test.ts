// createHandler({ basePath }) mounted where the full request path reaches it: over a real node:http
// socket and as a Hono route (the Next.js route-handler case: the handler sees /api/finplan/v1/...).
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { startServer, type TestServer, TVM_BODY } from './server';

const KEY = 'base-path-key';
const BASE = '/api/finplan';
const post = (url: string, body = TVM_BODY) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body,
  });

/** POST with the request target exactly as written (fetch would normalise dot segments). */
function rawPost(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(TVM_BODY);
  });
}

describe('basePath over a real socket', () => {
  let mounted: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    mounted = await startServer({ apiKeys: [KEY], basePath: BASE });
    plain = await startServer({ apiKeys: [KEY] });
  });
  afterAll(async () => {
    await mounted?.close();
    await plain?.close();
  });

  it('serves the operations, probes and OpenAPI under the prefix, with the same envelope', async () => {
    const under = await post(`${mounted.url}${BASE}/v1/tvm`);
    expect(under.status).toBe(200);
    const root = await post(`${plain.url}/v1/tvm`);
    expect(await under.json()).toEqual(await root.json());
    expect((await fetch(`${mounted.url}${BASE}/healthz`)).status).toBe(200);
    expect((await fetch(`${mounted.url}${BASE}/readyz`)).status).toBe(200);
    const doc = await (await fetch(`${mounted.url}${BASE}/openapi.json`)).json();
    expect(doc.servers).toEqual([{ url: BASE }]);
    expect(Object.keys(doc.paths)).toContain('/v1/tvm');
  });

  it('anything not exactly under the prefix is a JSON 404 naming the path as sent', async () => {
    for (const path of [
      '/v1/tvm',
      `${BASE}`,
      `${BASE}x/v1/tvm`,
      `${BASE}//v1/tvm`,
      `/API/finplan/v1/tvm`,
      `${BASE}/%2e%2e${BASE}/v1/tvm`,
      `/api/finplan/../finplan/v1/tvm`,
    ]) {
      const response = await rawPost(mounted.port, path);
      expect(response.status, path).toBe(404);
      const body = JSON.parse(response.body);
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toBe(`no operation at ${path}`);
    }
    const wrongMethod = await fetch(`${mounted.url}${BASE}/v1/tvm`);
    expect(wrongMethod.status).toBe(405);
    expect((await wrongMethod.json()).error.message).toContain(`${BASE}/v1/tvm`);
  });
});

describe('basePath under Hono', () => {
  it('a route on the prefix hands the raw request to the handler', async () => {
    const finplan = createHandler({ apiKeys: [KEY], basePath: BASE });
    const app = new Hono();
    app.get('/', (c) => c.text('my app'));
    app.all(`${BASE}/*`, (c) => finplan(c.req.raw));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await post(`${url}${BASE}/v1/tvm`);
      expect(response.status).toBe(200);
      expect((await response.json()).result.value).toBe(-1798.65);
      expect(await (await fetch(`${url}/`)).text()).toBe('my app');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('basePath option', () => {
  it('servers follow the prefix; a URL that already ends with it is kept', async () => {
    const handler = createHandler({
      apiKeys: [KEY],
      basePath: BASE,
      servers: [{ url: 'https://api.example' }, { url: `https://other.example${BASE}` }],
    });
    const doc = await (await handler(new Request(`http://x${BASE}/openapi.json`))).json();
    expect(doc.servers).toEqual([
      { url: `https://api.example${BASE}` },
      { url: `https://other.example${BASE}` },
    ]);
  });

  it.each(['api', '/api/', '/', '/a/../b', '/a/./b', '/a b', '/%2e', '/a//b', '/a?b'])(
    'rejects %j with a RangeError naming basePath',
    (basePath) => {
      expect(() => createHandler({ apiKeys: [KEY], basePath })).toThrow(/basePath/);
    },
  );
});
