// The HTTP adapter over a real loopback socket: auth, every error status, rate limiting, body limits,
// the public probes and the OpenAPI document.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineOperation } from '../../src/core/operation';
import { hashApiKey } from '../../src/http/api-keys';
import { MemoryStore, type Store } from '../../src/http/store';
import { toNodeListener } from '../../src/node/index';
import { startServer, type TestServer, TVM_BODY } from './server';

const KEY = 'test-key-1';
const json = { 'content-type': 'application/json' };
const bearer = { authorization: `Bearer ${KEY}`, ...json };

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ apiKeys: [KEY], apiKeyHashes: [hashApiKey('second-key')], rateLimit: 1000 });
});
afterAll(() => server.close());

const post = (path: string, body: string, headers: Record<string, string> = bearer) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers, body });

describe('public endpoints', () => {
  it('GET /healthz and /readyz answer without a credential', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const head = await fetch(`${server.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('GET /openapi.json is OpenAPI 3.1.0, version 1.3.0, with every operation, both security schemes', async () => {
    const response = await fetch(`${server.url}/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth']);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    const tvm = doc.paths['/v1/tvm'].post;
    expect(Object.keys(tvm.responses)).toEqual(['200', '400', '401', '405', '413', '415', '429', '503']);
    const request = tvm.requestBody.content['application/json'].schema;
    expect(request.properties.solve_for.enum).toEqual(['rate', 'nper', 'pmt', 'pv', 'fv']);
    expect(request.additionalProperties).toBe(false);
    expect(doc.components.schemas.TvmResult.properties.value.type).toBe('number');
    expect(doc.paths['/v1/capital-market-assumptions'].post).toBeDefined();
    expect(doc.paths['/readyz'].get.security).toEqual([]);
  });
});

describe('authentication', () => {
  it('a missing credential is 401 with WWW-Authenticate', async () => {
    const response = await post('/v1/tvm', TVM_BODY, json);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await response.json()).error.code).toBe('unauthorized');
  });
  it('a wrong key is 401 and is never echoed', async () => {
    const response = await post('/v1/tvm', TVM_BODY, { authorization: 'Bearer not-the-key', ...json });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('not-the-key');
    const wrongHeader = await post('/v1/tvm', TVM_BODY, { 'x-api-key': 'nope', ...json });
    expect(wrongHeader.status).toBe(401);
    const notBearer = await post('/v1/tvm', TVM_BODY, { authorization: `Basic ${KEY}`, ...json });
    expect(notBearer.status).toBe(401);
  });
  it('Bearer and X-API-Key both work, for plain and pre-hashed keys', async () => {
    const viaBearer = await post('/v1/tvm', TVM_BODY);
    expect(viaBearer.status).toBe(200);
    const envelope = await viaBearer.json();
    expect(envelope.result.value).toBe(-1798.65);
    expect(envelope.result_id).toMatch(/^tvm_[0-9a-f]{16}$/);
    expect((await post('/v1/tvm', TVM_BODY, { 'x-api-key': KEY, ...json })).status).toBe(200);
    expect((await post('/v1/tvm', TVM_BODY, { 'x-api-key': 'second-key', ...json })).status).toBe(200);
  });
});

describe('error statuses', () => {
  it('malformed JSON is 400 with an error object', async () => {
    const response = await post('/v1/tvm', '{"solve_for": ');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_json');
    expect(typeof body.error.message).toBe('string');
  });
  it('invalid input is 400 naming the field; no solution is 400 no_solution', async () => {
    const bad = await post('/v1/tvm', JSON.stringify({ solve_for: 'pmt', rate: 'x', nper: 12 }));
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.issues[0].path).toBe('rate');
    const none = await post('/v1/tvm', JSON.stringify({ solve_for: 'rate', nper: 10, pmt: 1, pv: 1, fv: 1 }));
    expect(none.status).toBe(400);
    expect((await none.json()).error.code).toBe('no_solution');
    const notObject = await post('/v1/tvm', '[1,2]');
    expect(notObject.status).toBe(400);
  });
  it('a debt-vs-invest minimum below the interest the schedule accrues is 400 (no negative amortization)', async () => {
    // 1,650 x 0.0004 / 12 = 0.055 -> 0.06 of interest in month 1: a 0.05 minimum would grow the balance.
    const body = {
      loan_balance: 1650,
      loan_annual_rate: 0.0004,
      loan_minimum_payment: 0.05,
      extra_monthly: 0,
      horizon_years: 1,
      expected_return: 0.05,
      return_volatility: 0.1,
      num_simulations: 10,
    };
    const rejected = await post('/v1/debt-vs-invest', JSON.stringify(body));
    expect(rejected.status).toBe(400);
    expect((await rejected.json()).error.issues[0].path).toBe('loan_minimum_payment');
    const accepted = await post(
      '/v1/debt-vs-invest',
      JSON.stringify({ ...body, loan_minimum_payment: 0.06 }),
    );
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).result.invest.ending_loan_balance).toBe(1650);
  });
  it('an unknown path is 404; GET on a POST path is 405 with Allow: POST', async () => {
    const missing = await post('/v1/nope', TVM_BODY);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    const get = await fetch(`${server.url}/v1/tvm`, { headers: bearer });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await get.json()).error.code).toBe('method_not_allowed');
    const postProbe = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(postProbe.status).toBe(405);
  });
  it('a non-JSON content type is 415', async () => {
    const response = await post('/v1/tvm', TVM_BODY, {
      authorization: `Bearer ${KEY}`,
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('unsupported_media_type');
    expect(
      (await post('/v1/tvm', TVM_BODY, { ...bearer, 'content-type': 'application/json; charset=utf-8' }))
        .status,
    ).toBe(200);
  });
});

/** Send a body over a raw node:http request, writing `chunks` pieces of `chunkSize` bytes, without ending
 * the request until the response arrives; returns the status and how many bytes had been written. */
function uploadUntilAnswered(
  port: number,
  options: { chunkSize: number; chunks: number; declareLength: boolean },
): Promise<{ status: number; body: string; written: number }> {
  return new Promise((resolve, reject) => {
    const total = options.chunkSize * options.chunks;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/v1/tvm',
      method: 'POST',
      headers: { ...bearer, ...(options.declareLength ? { 'content-length': String(total) } : {}) },
    });
    let written = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, written }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(options.chunkSize, 0x20);
    const writeNext = () => {
      if (answered || written >= total) return;
      written += chunk.byteLength;
      req.write(chunk, () => setTimeout(writeNext, 2));
    };
    writeNext();
  });
}

describe('request size limit', () => {
  it('a 2 MB body declared by Content-Length gets 413 before it is sent', async () => {
    const result = await uploadUntilAnswered(server.port, {
      chunkSize: 64 * 1024,
      chunks: 32,
      declareLength: true,
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe('payload_too_large');
    expect(result.written).toBeLessThan(2 * 1024 * 1024);
  });
  it('a 2 MB chunked body gets 413 as soon as the 1 MiB cap is crossed, without buffering the rest', async () => {
    const result = await uploadUntilAnswered(server.port, {
      chunkSize: 64 * 1024,
      chunks: 32,
      declareLength: false,
    });
    expect(result.status).toBe(413);
    expect(result.written).toBeLessThan(2 * 1024 * 1024);
  });
  it('fetch with a 2 MB body gets 413', async () => {
    const response = await post('/v1/tvm', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(response.status).toBe(413);
  });
});

describe('rate limiting', () => {
  it('a burst over a small budget gets 429 with Retry-After, and succeeds once that time has passed', async () => {
    // 60 a minute = one token a second; the bucket starts full. The store's clock is the test's, so a
    // slow machine cannot refill the bucket mid-burst.
    let now = 1_000_000;
    const limited = await startServer({
      apiKeys: [KEY],
      rateLimit: 60,
      store: new MemoryStore({ now: () => now }),
    });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 61; i++) {
        last = await fetch(`${limited.url}/v1/tvm`, { method: 'POST', headers: bearer, body: TVM_BODY });
        statuses.push(last.status);
        if (last.status === 200) await last.arrayBuffer();
      }
      expect(statuses.filter((s) => s === 200).length).toBe(60);
      const rejected = last as Response;
      expect(rejected.status).toBe(429);
      expect(rejected.headers.get('ratelimit-limit')).toBe('60');
      expect(rejected.headers.get('ratelimit-remaining')).toBe('0');
      const retryAfter = Number(rejected.headers.get('retry-after'));
      expect(retryAfter).toBe(1);
      expect((await rejected.json()).error.code).toBe('rate_limited');
      now += retryAfter * 1000 - 1;
      const early = await fetch(`${limited.url}/v1/tvm`, { method: 'POST', headers: bearer, body: TVM_BODY });
      expect(early.status).toBe(429);
      now += 1;
      const after = await fetch(`${limited.url}/v1/tvm`, { method: 'POST', headers: bearer, body: TVM_BODY });
      expect(after.status).toBe(200);
      expect(after.headers.get('ratelimit-limit')).toBe('60');
    } finally {
      await limited.close();
    }
  });
  it('budgets are per key', async () => {
    const limited = await startServer({ apiKeys: ['a', 'b'], rateLimit: 1 });
    try {
      const send = (key: string) =>
        fetch(`${limited.url}/v1/tvm`, {
          method: 'POST',
          headers: { 'x-api-key': key, ...json },
          body: TVM_BODY,
        });
      expect((await send('a')).status).toBe(200);
      const second = await send('a');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBe(60);
      expect((await send('b')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
  it('development mode never answers 429', async () => {
    const dev = await startServer({ apiKeys: [KEY], rateLimit: 1, dev: true });
    try {
      for (let i = 0; i < 100; i++) {
        const response = await fetch(`${dev.url}/v1/tvm`, {
          method: 'POST',
          headers: bearer,
          body: TVM_BODY,
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    } finally {
      await dev.close();
    }
  });
});

describe('store failures and bugs', () => {
  const unreachable: Store = {
    ping: () => Promise.reject(new Error('connection refused')),
    takeToken: () => Promise.reject(new Error('connection refused')),
  };
  it('an unreachable store: /readyz is 503 {status, reason}; operations are 503', async () => {
    const down = await startServer({ apiKeys: [KEY], store: unreachable });
    try {
      const ready = await fetch(`${down.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body.status).toBe('unavailable');
      expect(body.reason).toContain('connection refused');
      const op = await fetch(`${down.url}/v1/tvm`, { method: 'POST', headers: bearer, body: TVM_BODY });
      expect(op.status).toBe(503);
      expect((await op.json()).error.code).toBe('service_unavailable');
      expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });
  it('a thrown bug is a 500 without a stack trace, reported to onError', async () => {
    const errors: unknown[] = [];
    const buggy = defineOperation({
      path: '/v1/buggy',
      engine: 'buggy',
      version: '1.0.0',
      prefix: 'bug',
      summary: 'throws',
      input: z.strictObject({}),
      output: z.object({}),
      compute: () => {
        throw new Error('secret internal detail');
      },
    });
    const broken = await startServer({ apiKeys: [KEY], operations: [buggy], onError: (e) => errors.push(e) });
    try {
      const response = await fetch(`${broken.url}/v1/buggy`, { method: 'POST', headers: bearer, body: '{}' });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toContain('secret');
      expect(text).not.toContain('at ');
      expect(JSON.parse(text).error.code).toBe('internal_error');
      expect(errors).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
  it('an onError that throws still lets the 500 through, and the server keeps serving', async () => {
    // Before: the logger's throw escaped the handler, and the node bridge answered 400 "the request could
    // not be read" (a Fetch runtime got a rejected promise instead of a response).
    const buggy = defineOperation({
      path: '/v1/buggy',
      engine: 'buggy',
      version: '1.0.0',
      prefix: 'bug',
      summary: 'throws',
      input: z.strictObject({}),
      output: z.object({}),
      compute: () => {
        throw new Error('secret internal detail');
      },
    });
    const broken = await startServer({
      apiKeys: [KEY],
      operations: [buggy],
      onError: () => {
        throw new Error('the log is unreachable');
      },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${broken.url}/v1/buggy`, {
          method: 'POST',
          headers: bearer,
          body: '{}',
        });
        expect(response.status).toBe(500);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
        expect(text).not.toMatch(/secret|unreachable|\bat \S+ \(/);
      }
      expect((await fetch(`${broken.url}/healthz`)).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
  it("a Fetch handler of someone else's that throws is a JSON 500 from toNodeListener, not a 400", async () => {
    const listener = toNodeListener(
      async () => {
        throw new Error('secret internal detail');
      },
      { workers: false },
    );
    const foreign = createServer(listener);
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
    try {
      for (const init of [{ method: 'POST', headers: json, body: '{}' }, { method: 'GET' }]) {
        const response = await fetch(`${url}/anything`, init);
        expect(response.status).toBe(500);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
        expect(text).not.toContain('secret');
      }
    } finally {
      foreign.closeAllConnections();
      await new Promise((resolve) => foreign.close(resolve));
    }
  });
});
