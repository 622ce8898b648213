// The handler mounted in host servers as their users mount it, over real loopback sockets, beside one of
// the host's own routes: Hono on @hono/node-server (a Fetch host on Node) and Express. Each case failed
// before its fix (issue 28).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/core/envelope';
import { createHandler, type HandlerOptions, type OperationPool } from '../../src/http/handler';
import { toNodeListener } from '../../src/node/index';
import { listen, type TestServer, TVM_BODY } from './server';

const KEY = 'hosts-key';
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const TAX_BODY = JSON.stringify({
  tax_year: 2025,
  filing_status: 'mfj',
  ordinary_income: 180_000,
  qualified_income: 16_000,
});
const DEBT = JSON.stringify({
  loan_balance: 20_000,
  loan_annual_rate: 0.06,
  loan_minimum_payment: 400,
  extra_monthly: 200,
  expected_return: 0.07,
  return_volatility: 0.15,
  marginal_tax_rate: 0.22,
  seed: 1,
  horizon_years: 10,
  num_simulations: 2_000,
});

/** Hono on @hono/node-server, finplan's Fetch handler mounted beside the host's own JSON route. */
async function hono(finplan: (request: Request) => Promise<Response>): Promise<TestServer> {
  const app = new Hono();
  app.post('/echo', async (c) => c.json({ received: await c.req.json() }));
  app.all('/v1/*', (c) => finplan(c.req.raw));
  app.get('/healthz', (c) => finplan(c.req.raw));
  return listen(createAdaptorServer({ fetch: app.fetch }) as Server);
}

const post = (
  url: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = auth,
) => fetch(url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

/** `text` as a body of unknown length (sent chunked), in pieces of `size` characters. */
function stream(text: string, size = 1024): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < text.length; i += size)
        controller.enqueue(new TextEncoder().encode(text.slice(i, i + size)));
      controller.close();
    },
  });
}

describe('Hono on @hono/node-server', () => {
  const options: HandlerOptions = { apiKeys: [KEY], rateLimit: 10_000, maxBodyBytes: 4096 };
  let mounted: TestServer;
  let bridged: TestServer;
  beforeAll(async () => {
    mounted = await hono(createHandler(options));
    bridged = await listen(createServer(toNodeListener(createHandler(options), { workers: false })));
  });
  afterAll(async () => {
    await mounted.close();
    await bridged.close();
  });

  it.each([
    ['/v1/tvm', TVM_BODY],
    ['/v1/tax/estimate', TAX_BODY],
  ])('answers %s with the same bytes as the Node bridge', async (path, body) => {
    const [viaHono, viaBridge] = await Promise.all([
      post(`${mounted.url}${path}`, body),
      post(`${bridged.url}${path}`, body),
    ]);
    expect(viaHono.status).toBe(200);
    const text = await viaHono.text();
    expect(text).toBe(await viaBridge.text());
    expect(JSON.parse(text).result_id).toMatch(/^[a-z0-9-]+_[0-9a-f]{16}$/);
  });

  it("leaves the host's own JSON route its body", async () => {
    const echoed = await post(`${mounted.url}/echo`, '{"hello":"world"}', {
      'content-type': 'application/json',
    });
    expect(await echoed.json()).toEqual({ received: { hello: 'world' } });
  });

  it('reads a body of unknown length (chunked) and stops at the cap', async () => {
    const ok = await post(`${mounted.url}/v1/tvm`, stream(TVM_BODY));
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.value).toBe(-1798.65);
    const big = await post(`${mounted.url}/v1/tvm`, stream(' '.repeat(20 * 1024)));
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('payload_too_large');
  });

  it('a declared body over the cap is 413 before it is read', async () => {
    const big = await post(`${mounted.url}/v1/tvm`, ' '.repeat(5000));
    expect(big.status).toBe(413);
  });
});

describe('createHandler({ pool }) for Fetch hosts', () => {
  /** A pool that answers nothing until told: shows which requests were handed to it. */
  function heldPool() {
    const jobs: {
      path: string;
      input: unknown;
      deadlineMs: number;
      finish: (e: Envelope<unknown>) => void;
    }[] = [];
    const pool: OperationPool = {
      available: true,
      run: (path, input, deadlineMs) =>
        new Promise((finish) => jobs.push({ path, input, deadlineMs, finish })),
    };
    return { pool, jobs };
  }

  it('hands a costly operation to the pool and answers cheap calls and probes meanwhile', async () => {
    const { pool, jobs } = heldPool();
    const running = await hono(createHandler({ apiKeys: [KEY], dev: true, pool, deadlineMs: 1234 }));
    try {
      const simulation = post(`${running.url}/v1/debt-vs-invest`, DEBT);
      while (jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(jobs[0]).toMatchObject({ path: '/v1/debt-vs-invest', deadlineMs: 1234 });
      // The simulation is held in the pool: the thread is free for the rest.
      expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
      expect((await post(`${running.url}/v1/tvm`, TVM_BODY)).status).toBe(200);
      expect(jobs).toHaveLength(1);
      const envelope = { result_id: 'dvi_0', engine_version: 'x', result: { held: true }, disclaimer: 'd' };
      jobs[0]?.finish(envelope);
      expect(await (await simulation).json()).toEqual(envelope);
    } finally {
      await running.close();
    }
  });

  it('computes in-thread when the pool is not available (no worker threads)', async () => {
    const handler = createHandler({
      apiKeys: [KEY],
      dev: true,
      pool: { available: false, run: () => Promise.reject(new Error('never called')) },
    });
    const response = await handler(
      new Request('http://x/v1/debt-vs-invest', { method: 'POST', headers: auth, body: DEBT }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a deadline that is not a positive integer', () => {
    const { pool } = heldPool();
    expect(() => createHandler({ pool, deadlineMs: 0 })).toThrow(RangeError);
  });
});

// The worker pool runs the built worker script, so this uses the built package (npm test builds it).
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('Hono with sharedWorkerPool() from finplan/node (built package)', () => {
  it('serves a simulation from the pool with the bytes computed in-thread', async () => {
    if (!existsSync(`${root}dist/node/worker.js`))
      throw new Error('dist/ is missing: run `npm run build` first');
    const node = (await import(
      pathToFileURL(`${root}dist/node/index.js`).href
    )) as typeof import('../../src/node/index');
    const http = (await import(
      pathToFileURL(`${root}dist/http/index.js`).href
    )) as typeof import('../../src/http/index');
    const pool = new node.WorkerPool({ size: 1 });
    const running = await hono(http.createHandler({ apiKeys: [KEY], dev: true, pool, deadlineMs: 600_000 }));
    try {
      const response = await post(`${running.url}/v1/debt-vs-invest`, DEBT);
      expect(pool.available).toBe(true);
      const { debtVsInvest } = await import(pathToFileURL(`${root}dist/utilities/index.js`).href);
      expect(await response.text()).toBe(JSON.stringify(debtVsInvest(JSON.parse(DEBT))));
    } finally {
      await running.close();
      await pool.close();
    }
  });
});

describe('Express', () => {
  it("mounted at a prefix with basePath, as docs/http.md writes it, beside the host's routes", async () => {
    const app = express();
    app.use('/api/finplan', toNodeListener(createHandler({ apiKeys: [KEY], basePath: '/api/finplan' })));
    app.use(express.json());
    app.post('/echo', (req, res) => {
      res.json({ received: req.body });
    });
    const running = await listen(createServer(app));
    try {
      const ok = await post(`${running.url}/api/finplan/v1/tvm`, TVM_BODY);
      expect(ok.status).toBe(200);
      expect((await ok.json()).result.value).toBe(-1798.65);
      expect((await fetch(`${running.url}/api/finplan/healthz`)).status).toBe(200);
      const echoed = await post(`${running.url}/echo`, '{"a":1}', { 'content-type': 'application/json' });
      expect(await echoed.json()).toEqual({ received: { a: 1 } });
    } finally {
      await running.close();
    }
  });

  it("with a host's body parser in front allowing more, finplan still holds the body to its own cap", async () => {
    const app = express();
    app.use(express.json({ limit: '10mb' }));
    app.use(toNodeListener(createHandler({ apiKeys: [KEY], maxBodyBytes: 4096 }), { maxBodyBytes: 4096 }));
    const running = await listen(createServer(app));
    try {
      const flows = Array.from({ length: 3000 }, (_, i) => (i === 0 ? -1000 : 1));
      // Sent chunked: no Content-Length for the handler to refuse it by before reading.
      const big = await post(
        `${running.url}/v1/cashflow/npv-irr`,
        stream(JSON.stringify({ rate: 0.1, cashflows: flows })),
      );
      expect(big.status).toBe(413);
      expect((await big.json()).error.code).toBe('payload_too_large');
      // ...and uses the body it parsed when it is within the cap
      const ok = await post(`${running.url}/v1/tvm`, TVM_BODY);
      expect((await ok.json()).result.value).toBe(-1798.65);
    } finally {
      await running.close();
    }
  });
});
