// The handler as a plain Fetch function (Bun, Deno, Workers) and the Node bridge's generic path for a
// Fetch handler that is not finplan's own.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { toNodeListener } from '../../src/node/index';
import { TVM_BODY } from './server';

const KEY = 'fetch-key';
const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const handler = createHandler({ apiKeys: [KEY], maxBodyBytes: 1024 });

describe('the Fetch handler called directly', () => {
  it('answers an operation', async () => {
    const response = await handler(
      new Request('http://x/v1/tvm', { method: 'POST', headers, body: TVM_BODY }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).result.value).toBe(-1798.65);
  });
  it('stops reading a streamed body at the cap', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(512).fill(0x20));
      },
    });
    const response = await handler(
      new Request('http://x/v1/tvm', {
        method: 'POST',
        headers,
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });
  it('HEAD on a probe has no body', async () => {
    const response = await handler(new Request('http://x/healthz', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('toNodeListener with a foreign Fetch handler', () => {
  it('builds Request/Response objects and still caps the body', async () => {
    const wrapped = (request: Request) => handler(request);
    const server = createServer(toNodeListener(wrapped, { maxBodyBytes: 1024 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ok = await fetch(`${url}/v1/tvm`, { method: 'POST', headers, body: TVM_BODY });
      expect(ok.status).toBe(200);
      expect((await ok.json()).result.value).toBe(-1798.65);
      const big = await fetch(`${url}/v1/tvm`, { method: 'POST', headers, body: 'x'.repeat(4096) });
      expect(big.status).toBe(413);
      const head = await fetch(`${url}/healthz`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('createHandler options', () => {
  it('rejects malformed keys, hashes and budgets at start-up, not per request', () => {
    expect(() => createHandler({ apiKeys: [''] })).toThrow(/non-empty/);
    expect(() => createHandler({ apiKeyHashes: ['not-a-digest'] })).toThrow(/SHA-256/);
    expect(() => createHandler({ apiKeys: ['k'], rateLimit: 0 })).toThrow(/rateLimit/);
    expect(() => createHandler({ apiKeys: ['k'], rateLimit: 1.5 })).toThrow(/rateLimit/);
  });
});
