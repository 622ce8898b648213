// The mounting examples run as a user runs them: `node examples/<name>.mjs`, importing the built
// package through its own exports map ('finplan/http', 'finplan/node'), with the real framework.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../src/http/handler';
import { toNodeListener } from '../src/node/index';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'example-key';
const TVM = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 });
const children: ChildProcess[] = [];

beforeAll(() => {
  if (!existsSync(`${root}dist/http/index.js`))
    throw new Error('dist/ is missing: run `npm run build` first');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

function start(example: string): Promise<string> {
  const child = spawn(process.execPath, [`examples/${example}`], {
    cwd: root,
    env: { ...process.env, PORT: '0', FINPLAN_KEY: KEY },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`${example} exited ${code}: ${output}`)));
  });
}

async function exercise(url: string): Promise<void> {
  const ok = await fetch(`${url}/v1/tvm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: TVM,
  });
  expect(ok.status).toBe(200);
  expect((await ok.json()).result.value).toBe(-1798.65);
  const denied = await fetch(`${url}/v1/tvm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: TVM,
  });
  expect(denied.status).toBe(401);
  const bad = await fetch(`${url}/v1/tvm`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: '{"solve_for":"pmt","rate":"x","nper":1}',
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.issues[0].path).toBe('rate');
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  const served = await (await fetch(`${url}/openapi.json`)).text();
  expect(JSON.parse(served).openapi).toBe('3.1.0');
  // The built package's node bridge takes the document's parts from dist/openapi-parts.json: the document
  // is the one the sources build, byte for byte.
  expect(served).toBe(await documentAt(new URL(url).pathname.replace(/\/$/, '')));
}

/** The OpenAPI document a handler of the sources serves when mounted at `basePath`. */
async function documentAt(basePath: string): Promise<string> {
  const handler = createHandler({ apiKeys: [KEY], ...(basePath ? { basePath } : {}) });
  return (await handler(new Request(`http://x${basePath}/openapi.json`))).text();
}

/** The host's own JSON route still parses its bodies with finplan mounted beside it. */
async function hostRoute(url: string): Promise<void> {
  const echoed = await fetch(`${url}/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"hello":"world"}',
  });
  expect(echoed.status).toBe(200);
  expect(await echoed.json()).toEqual({ received: { hello: 'world' } });
}

describe('mounting examples', () => {
  it('examples/node-http.mjs', async () => {
    await exercise(await start('node-http.mjs'));
  });
  it.each(['fastify.mjs', 'hono.mjs'])('examples/%s, beside a JSON route of the host', async (example) => {
    const url = await start(example);
    await exercise(url);
    await hostRoute(url);
  });
  // One process for both mounts: the example serves the API at the root and under /api/finplan at once.
  it('examples/express.mjs, beside a JSON route of the host, and under /api/finplan as written', async () => {
    const url = await start('express.mjs');
    await exercise(url);
    await hostRoute(url);
    await exercise(`${url}/api/finplan`);
  });

  it('examples/fetch-runtime.mjs exports a Fetch handler', async () => {
    const previous = process.env.FINPLAN_KEY;
    process.env.FINPLAN_KEY = KEY; // read once, when the module is first imported
    const module: string = new URL('../examples/fetch-runtime.mjs', import.meta.url).href;
    const { default: worker } = (await import(/* @vite-ignore */ module)) as {
      default: { fetch: (request: Request) => Promise<Response> };
    };
    const response = await worker.fetch(
      new Request('http://worker/v1/tvm', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: TVM,
      }),
    );
    expect(response.status).toBe(200);
    if (previous === undefined) delete process.env.FINPLAN_KEY;
    else process.env.FINPLAN_KEY = previous;
  });

  it('under Express with express.json() first, the bridge uses the parsed body', async () => {
    const app = express();
    app.use(express.json());
    app.use(toNodeListener(createHandler({ apiKeys: [KEY] })));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await exercise(url);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
