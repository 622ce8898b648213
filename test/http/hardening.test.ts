// The adapter as an attacker or a careless client meets it, over real loopback sockets: raw request
// targets, oversized error replies, requests Node itself refuses, bodies nobody will read, slow clients,
// too many connections, credentials from proxies, CORS, and simulations that would block the event loop.
// Each case failed before its fix (issue 7).
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type HandlerOptions } from '../../src/http/handler';
import { MemoryStore } from '../../src/http/store';
import { createNodeServer, type NodeServerOptions } from '../../src/node/index';
import { listen, type TestServer, TVM_BODY } from './server';

const KEY = 'hardening-key';
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

function start(handler: HandlerOptions = {}, node: NodeServerOptions = {}): Promise<TestServer> {
  return listen(
    createNodeServer(createHandler({ apiKeys: [KEY], rateLimit: 10_000, ...handler }), {
      workers: false,
      ...node,
    }),
  );
}

/** Send raw bytes; resolve with everything the server sent back once it closes the connection. */
function raw(port: number, text: string, options: { timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${options.timeoutMs ?? 5_000} ms; got: ${received.slice(0, 200)}`));
    }, options.timeoutMs ?? 5_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(text);
  });
}

/** Status and JSON body of a raw HTTP/1.1 reply. */
function parseReply(text: string): { status: number; headers: string; body: unknown } {
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const bodyText = text.slice(split + 4);
  return { status, headers: head.toLowerCase(), body: bodyText ? JSON.parse(bodyText) : undefined };
}

function post(target: string, body = TVM_BODY, extra = ''): string {
  return (
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n${body}`
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

describe('routing on the raw request target', () => {
  it('serves /v1/tvm (with a query string, and in absolute form) and nothing that merely normalises to it', async () => {
    expect(parseReply(await raw(server.port, post('/v1/tvm'))).status).toBe(200);
    expect(parseReply(await raw(server.port, post('/v1/tvm?x=1'))).status).toBe(200);
    expect(parseReply(await raw(server.port, post(`http://127.0.0.1:${server.port}/v1/tvm`))).status).toBe(
      200,
    );
    for (const target of ['//evil.example/v1/tvm', '/v1/%2e%2e/v1/tvm', '/v1/./tvm', '/v1/TVM', '/v1/tvm/']) {
      const reply = parseReply(await raw(server.port, post(target)));
      expect(reply.status, target).toBe(404);
      expect((reply.body as { error: { message: string } }).error.message).toBe(`no operation at ${target}`);
    }
  });

  it('a backslash path is never served as /v1/tvm', async () => {
    const reply = parseReply(await raw(server.port, post('/v1\\tvm')));
    expect(reply.status).toBe(404);
    expect((reply.body as { error: { message: string } }).error.message).toBe('no operation at /v1\\tvm');
  });

  it('a long unknown path is echoed clipped', async () => {
    const target = `/v1/${'a'.repeat(5_000)}`;
    const reply = parseReply(await raw(server.port, post(target)));
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body).length).toBeLessThan(600);
  });
});

describe('error replies are bounded', () => {
  it('1 MB of unknown keys gives a small 400: 20 issues, then a count of the rest; names clipped', async () => {
    const body: Record<string, number> = {
      solve_for: 'pmt' as unknown as number,
      rate: 0.005,
      nper: 360,
      pv: 1,
    };
    for (let i = 0; i < 36_000; i++) body[`unknown_field_${i}`] = i;
    body[`k${'x'.repeat(10_000)}`] = 1;
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(900_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const response = await fetch(`${server.url}/v1/tvm`, { method: 'POST', headers: auth, body: text });
    expect(response.status).toBe(400);
    const reply = await response.text();
    expect(reply.length).toBeLessThan(16_384);
    const { error } = JSON.parse(reply) as {
      error: { issues: { path: string; code: string; message: string }[] };
    };
    expect(error.issues).toHaveLength(21);
    const last = error.issues[20]!;
    expect(last.code).toBe('too_many_issues');
    expect(last.message).toMatch(/^\d+ more issues not shown$/);
    expect(Number(/^(\d+)/.exec(last.message)?.[1])).toBeGreaterThan(10_000);
  });
});

describe('requests Node refuses get the JSON error object', () => {
  it('headers over the limit: 431 with a JSON body', async () => {
    const reply = parseReply(
      await raw(server.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`),
    );
    expect(reply.status).toBe(431);
    expect(reply.headers).toContain('content-type: application/json');
    expect(reply.body).toEqual({
      error: { code: 'request_header_fields_too_large', message: 'the request headers are too large' },
    });
  });

  it('a malformed request: 400 with a JSON body', async () => {
    const reply = parseReply(await raw(server.port, 'THIS IS NOT HTTP\r\n\r\n'));
    expect(reply.status).toBe(400);
    expect((reply.body as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});

/**
 * Announce a 512 MiB body to a path that refuses it before reading, and keep sending until the server
 * closes the connection (at most 64 MiB). Resolves with what was sent and what came back.
 */
function uploadToRefusal(port: number, head: string): Promise<{ sent: number; reply: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let reply = '';
    let open = true;
    socket.on('data', (data) => {
      reply += data.toString('latin1');
    });
    const finish = () => {
      if (!open) return;
      open = false;
      resolve({ sent, reply });
    };
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(head);
    const pump = () => {
      while (open && sent < 64 * 1024 * 1024) {
        sent += chunk.byteLength;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (open) socket.end();
    };
    pump();
  });
}

describe('bodies nobody will read are not read', () => {
  for (const [name, head] of [
    [
      '401',
      'POST /v1/tvm HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 536870912\r\n\r\n',
    ],
    ['404', `POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 536870912\r\n\r\n`],
    [
      '415',
      `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: text/plain\r\nContent-Length: 536870912\r\n\r\n`,
    ],
    [
      '413',
      `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 536870912\r\n\r\n`,
    ],
  ] as const) {
    it(`after a ${name}, the connection closes once a bounded part of a 512 MiB body is read, and the client gets the reply`, async () => {
      const { sent, reply } = await uploadToRefusal(server.port, head);
      expect(reply.startsWith(`HTTP/1.1 ${name}`), reply.slice(0, 80)).toBe(true);
      expect(reply.toLowerCase()).toContain('connection: close');
      expect(parseReply(reply).body).toHaveProperty('error.code');
      // Before the fix Node read the whole upload (all 64 MiB sent here); now it stops after about
      // 1 MiB plus what the kernel's socket buffers hold.
      expect(sent).toBeLessThan(32 * 1024 * 1024);
    });
  }

  it('fetch with a 2 MB body reads the 413 (not EPIPE), and it carries the RateLimit headers', async () => {
    const limited = await start({ rateLimit: 100 });
    try {
      const response = await fetch(`${limited.url}/v1/tvm`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('ratelimit-limit')).toBe('100');
      expect(response.headers.get('ratelimit-remaining')).toBe('99');
      expect((await response.json()).error.code).toBe('payload_too_large');
      const declared = parseReply(
        await raw(
          limited.port,
          `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 9999999\r\n\r\n`,
        ),
      );
      expect(declared.status).toBe(413);
      expect(declared.headers).toContain('ratelimit-remaining: 98');
    } finally {
      await limited.close();
    }
  });
});

describe('slow clients and connection floods', () => {
  it('a client that never finishes its headers is answered 408 and closed at the headers timeout', async () => {
    const slow = await start({}, { headersTimeoutMs: 300, requestTimeoutMs: 600 });
    try {
      const reply = await raw(slow.port, 'POST /v1/tvm HTTP/1.1\r\nHost: x\r\n', { timeoutMs: 10_000 });
      expect(parseReply(reply).status).toBe(408);
      expect((parseReply(reply).body as { error: { code: string } }).error.code).toBe('request_timeout');
    } finally {
      await slow.close();
    }
  });

  it('past maxConnections new connections are closed at once', async () => {
    const capped = await start({}, { maxConnections: 2, maxConnectionsPerAddress: 2 });
    const held = [connect(capped.port, '127.0.0.1'), connect(capped.port, '127.0.0.1')];
    try {
      await Promise.all(held.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const third = await raw(capped.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(third).toBe('');
    } finally {
      for (const socket of held) socket.destroy();
      await capped.close();
    }
  });

  it('createNodeServer sets the documented defaults', () => {
    const plain = createNodeServer(createHandler({ apiKeys: [KEY] }), { workers: false });
    expect(plain.headersTimeout).toBe(10_000);
    expect(plain.requestTimeout).toBe(30_000);
    expect(plain.keepAliveTimeout).toBe(5_000);
    expect(plain.maxConnections).toBe(1_024);
  });
});

describe('credentials', () => {
  it('Authorization: Basic (from a proxy) plus a valid X-API-Key is accepted', async () => {
    const response = await fetch(`${server.url}/v1/tvm`, {
      method: 'POST',
      headers: { authorization: 'Basic dXNlcjpwYXNz', 'x-api-key': KEY, 'content-type': 'application/json' },
      body: TVM_BODY,
    });
    expect(response.status).toBe(200);
  });

  it('Authorization: Basic alone is 401 saying the scheme is not accepted', async () => {
    const response = await fetch(`${server.url}/v1/tvm`, {
      method: 'POST',
      headers: { authorization: 'Basic dXNlcjpwYXNz', 'content-type': 'application/json' },
      body: TVM_BODY,
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe(
      'the Authorization scheme "Basic" is not accepted: send Authorization: Bearer <key> or X-API-Key: <key>',
    );
  });

  it('a malformed Bearer header is 401 saying so', async () => {
    const response = await fetch(`${server.url}/v1/tvm`, {
      method: 'POST',
      headers: { authorization: 'Bearer', 'content-type': 'application/json' },
      body: TVM_BODY,
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toMatch(/malformed Authorization header/);
  });
});

describe('CORS', () => {
  let cors: TestServer;
  beforeAll(async () => {
    cors = await start({ cors: { origins: ['https://app.example'] } });
  });
  afterAll(() => cors.close());

  it('answers a preflight from an allowed origin without a credential', async () => {
    const response = await fetch(`${cors.url}/v1/tvm`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, content-type, x-api-key',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toBe('origin');
  });

  it('refuses a preflight from another origin; replies to allowed origins expose the rate-limit headers', async () => {
    const refused = await fetch(`${cors.url}/v1/tvm`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const response = await fetch(`${cors.url}/v1/tvm`, {
      method: 'POST',
      headers: { ...auth, origin: 'https://app.example' },
      body: TVM_BODY,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-expose-headers')).toContain('ratelimit-remaining');
  });

  it('is off by default: OPTIONS is 405 and no Access-Control header is sent', async () => {
    const response = await fetch(`${server.url}/v1/tvm`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

const DEBT = {
  loan_balance: 20_000,
  loan_annual_rate: 0.06,
  loan_minimum_payment: 400,
  extra_monthly: 200,
  expected_return: 0.07,
  return_volatility: 0.15,
  marginal_tax_rate: 0.22,
  seed: 1,
};

describe('cost', () => {
  it('a request over the path-step bound is a 400 too_expensive naming the field', async () => {
    const response = await fetch(`${server.url}/v1/debt-vs-invest`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ...DEBT, horizon_years: 50, num_simulations: 100_000 }),
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('too_expensive');
    expect(error.issues[0].path).toBe('num_simulations');
  });

  it('rate-limit tokens are charged by cost: 1 + 1 per million path-steps, never more than the budget', async () => {
    // The in-thread deadline (10 s by default) is not what this measures: on a machine shared by many
    // processes the 12M path-step request can take longer, and would be a 503.
    const unhurried = { deadlineMs: 600_000 };
    const metered = await start({ rateLimit: 30, store: new MemoryStore({ now: () => 0 }) }, unhurried);
    try {
      // 10,000 paths x 20 years x 12 months = 2.4M path-steps: 3 tokens.
      const response = await fetch(`${metered.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...DEBT, horizon_years: 20, num_simulations: 10_000 }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-remaining')).toBe('27');
      const cheap = await fetch(`${metered.url}/v1/tvm`, { method: 'POST', headers: auth, body: TVM_BODY });
      expect(cheap.headers.get('ratelimit-remaining')).toBe('26');
    } finally {
      await metered.close();
    }
    const small = await start({ rateLimit: 2, store: new MemoryStore({ now: () => 0 }) }, unhurried);
    try {
      // The same 2.4M path-steps would be 3 tokens; a budget of 2 charges 2, so the request can pass.
      const response = await fetch(`${small.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...DEBT, horizon_years: 20, num_simulations: 10_000 }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      const refused = await fetch(`${small.url}/v1/tvm`, { method: 'POST', headers: auth, body: TVM_BODY });
      expect(refused.status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

/** Resolve once `condition` holds (polled every 5 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

// The worker pool runs the built worker script, so these use the built package (npm test builds it).
const root = fileURLToPath(new URL('../../', import.meta.url));
type NodeModule = typeof import('../../src/node/index');
type HttpModule = typeof import('../../src/http/index');

describe('simulations off the main thread (built package)', () => {
  let node: NodeModule;
  let http: HttpModule;
  /**
   * One worker for the tests below (a pool of one, as each had its own): its thread loads the engines once
   * instead of once a test. Each test leaves it idle; the deadline test makes it replace its worker.
   */
  let pool: InstanceType<NodeModule['WorkerPool']>;
  beforeAll(async () => {
    if (!existsSync(`${root}dist/node/worker.js`))
      throw new Error('dist/ is missing: run `npm run build` first');
    node = (await import(pathToFileURL(`${root}dist/node/index.js`).href)) as NodeModule;
    http = (await import(pathToFileURL(`${root}dist/http/index.js`).href)) as HttpModule;
    pool = new node.WorkerPool({ size: 1 });
  });
  afterAll(() => pool?.close());

  const maxCost = JSON.stringify({ ...DEBT, horizon_years: 50, num_simulations: 20_000 });

  it('during a maximum-cost request, /healthz and a cheap call are answered before it finishes', async () => {
    const running = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], dev: true }), {
        workers: pool,
        // Not what is tested here: a loaded machine must not turn the long request into a 503.
        deadlineMs: 600_000,
      }),
    );
    try {
      const events: string[] = [];
      const big = fetch(`${running.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: maxCost,
      }).then(async (response) => {
        expect(response.status).toBe(200);
        await response.json();
        events.push('simulation');
      });
      // Once the simulation is in the worker (on the main thread it would now block everything):
      await until(() => pool.busy === 1);
      const health = await fetch(`${running.url}/healthz`);
      expect(health.status).toBe(200);
      events.push('healthz');
      const cheap = await fetch(`${running.url}/v1/tvm`, { method: 'POST', headers: auth, body: TVM_BODY });
      expect(cheap.status).toBe(200);
      events.push('tvm');
      await big;
      expect(events).toEqual(['healthz', 'tvm', 'simulation']);
    } finally {
      await running.close();
    }
  });

  it('npv-irr with 10,000 dated flows computes in the pool, charged by its cost (issue 30)', async () => {
    const running = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], rateLimit: 60 }), {
        workers: pool,
        deadlineMs: 600_000,
      }),
    );
    try {
      const body = JSON.stringify({
        rate: 0.05,
        dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
          date: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
          amount: Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100,
        })),
      });
      const events: string[] = [];
      const started = Date.now();
      const flows = fetch(`${running.url}/v1/cashflow/npv-irr`, { method: 'POST', headers: auth, body }).then(
        async (response) => {
          expect(response.status).toBe(200);
          // 10,000 x 530 = 5.3M path-steps: 6 tokens of the 60, less what refilled (one a second).
          const refilled = Math.floor((Date.now() - started) / 1000);
          expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(54 + refilled);
          await response.json();
          events.push('npv-irr');
        },
      );
      await until(() => pool.busy === 1);
      const health = await fetch(`${running.url}/healthz`);
      expect(health.status).toBe(200);
      events.push('healthz');
      await flows;
      expect(events).toEqual(['healthz', 'npv-irr']);
    } finally {
      await running.close();
    }
  });

  it('the envelope from the pool is the one computed in-thread (same result_id and bytes)', async () => {
    const running = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], dev: true }), {
        workers: pool,
        // Not what is tested here: a loaded machine must not turn the long request into a 503.
        deadlineMs: 600_000,
      }),
    );
    try {
      // 2,000 paths x 120 months = 240,000 path-steps: over OFFLOAD_COST, so it runs in the pool.
      const body = { ...DEBT, horizon_years: 10, num_simulations: 2_000 };
      const response = await fetch(`${running.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
      const { debtVsInvest } = await import(pathToFileURL(`${root}dist/utilities/index.js`).href);
      expect(await response.text()).toBe(JSON.stringify(debtVsInvest(body)));
    } finally {
      await running.close();
    }
  });

  it('past its deadline a simulation is a 503 with Retry-After, and the pool serves the next one', async () => {
    const running = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], dev: true }), {
        workers: pool,
        deadlineMs: 20,
      }),
    );
    try {
      const late = await fetch(`${running.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: maxCost,
      });
      expect(late.status).toBe(503);
      expect(Number(late.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await late.json()).error.code).toBe('service_unavailable');
    } finally {
      await running.close();
    }
    const patient = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], dev: true }), {
        workers: pool,
        deadlineMs: 600_000,
      }),
    );
    try {
      const next = await fetch(`${patient.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...DEBT, horizon_years: 5, num_simulations: 2_000 }),
      });
      expect(next.status).toBe(200);
      expect(pool.busy).toBe(0);
    } finally {
      await patient.close();
    }
  });

  it('a full queue is refused at once with 503', async () => {
    const pool = new node.WorkerPool({ size: 1, maxQueue: 0 });
    const running = await listen(
      node.createNodeServer(http.createHandler({ apiKeys: [KEY], dev: true }), {
        workers: pool,
        // Not what is tested here: a loaded machine must not turn the long request into a 503.
        deadlineMs: 600_000,
      }),
    );
    try {
      const first = fetch(`${running.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: maxCost,
      });
      await until(() => pool.busy === 1);
      const second = await fetch(`${running.url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: auth,
        body: maxCost,
      });
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).not.toBeNull();
      expect((await first).status).toBe(200);
    } finally {
      await running.close();
      await pool.close();
    }
  });
});
