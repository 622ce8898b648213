// The probe step: /healthz without a store call, /readyz pinging each store once, /openapi.json.
import { describe, expect, it } from 'vitest';
import { createProbes } from '../../../src/http/probes';
import { MemoryStore } from '../../../src/http/stores/memory';
import { servedRegistry as registry } from '../../../src/served-operations';

describe('createProbes', () => {
  it('/healthz answers without asking the stores; /readyz asks each store once', async () => {
    const store = new MemoryStore();
    let pings = 0;
    store.ping = async () => {
      pings++;
    };
    const probe = createProbes({
      stores: [store, store, store],
      operations: registry.operations,
      signup: false,
    });
    expect(await probe('/healthz')).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"status":"ok"}',
    });
    expect(pings).toBe(0);
    expect((await probe('/readyz')).body).toBe('{"status":"ready"}');
    expect(pings).toBe(1);
  });

  it('/readyz is 503 with the reason when a store does not answer', async () => {
    const store = new MemoryStore();
    store.ping = () => Promise.reject(new Error('connection refused'));
    const reply = await createProbes({ stores: [store], operations: [], signup: false })('/readyz');
    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.body)).toEqual({
      status: 'unavailable',
      reason: 'store unreachable: connection refused',
    });
  });

  it('/openapi.json describes the operations, the servers, and signup only when it is on', async () => {
    const probe = createProbes({
      stores: [],
      operations: registry.operations,
      servers: [{ url: '/api' }],
      signup: false,
    });
    const first = await probe('/openapi.json');
    const document = JSON.parse(first.body);
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(document.paths)).toContain('/v1/tvm');
    expect(Object.keys(document.paths)).not.toContain('/v1/signup');
    // Built once: the same text again.
    expect((await probe('/openapi.json')).body).toBe(first.body);
    const withSignup = await createProbes({ stores: [], operations: [], signup: true })('/openapi.json');
    expect(Object.keys(JSON.parse(withSignup.body).paths)).toContain('/v1/signup');
  });
});
