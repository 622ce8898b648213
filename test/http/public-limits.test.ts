// createNodeServer as a public instance meets its users over real loopback sockets (issue 30): one
// address holding slow-body connections cannot take them all (directly, or behind a trusted proxy), a
// deadline holds with simulations in the calling thread, and a client that aborts, CONNECT, an unknown
// Expect and a number JSON turns into infinity each get an honest answer. Each case failed before its fix.
import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, type HandlerOptions } from '../../src/http/handler';
import { createNodeServer, type NodeServerOptions } from '../../src/node/index';
import { TVM_BODY } from './server';

const KEY = 'public-limits-key';
const running: Server[] = [];

async function start(handler: HandlerOptions = {}, node: NodeServerOptions = {}) {
  const server = createNodeServer(createHandler({ apiKeys: [KEY], rateLimit: 10_000, ...handler }), {
    workers: false,
    ...node,
  });
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Held {
  readonly socket: Socket;
  /** Everything the server sent. */
  received: string;
  closed: boolean;
}

/** A connection from `from` (a loopback address of its own) that sends `text` and keeps the socket open. */
function hold(port: number, from: string, text: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    const held: Held = { socket, received: '', closed: false };
    socket.on('data', (chunk) => {
      held.received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      held.closed = true;
    });
    socket.once('connect', () => socket.write(text, () => resolve(held)));
    socket.once('error', reject);
  });
}

/** Send raw bytes from `from`; resolve with the reply once the server closes (or after 5 s). */
function exchange(port: number, from: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let received = '';
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n/.test(received) && /content-length: (\d+)/i.test(received)) {
        const length = Number(/content-length: (\d+)/i.exec(received)![1]);
        if (Buffer.byteLength(received.slice(received.indexOf('\r\n\r\n') + 4)) >= length) socket.end();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(text);
  });
}

function parse(reply: string): {
  status: number;
  headers: string;
  body: { error?: { code: string; message: string; issues?: { path: string }[] } };
} {
  const split = reply.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]),
    headers: reply.slice(0, split).toLowerCase(),
    body: split === -1 || split + 4 === reply.length ? {} : JSON.parse(reply.slice(split + 4)),
  };
}

/** A request whose body (declared 1,000 bytes) never arrives past its first bytes. */
const slowBody = (extra = '') =>
  `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\n` +
  `Content-Length: 1000\r\n${extra}\r\n{"solve_for"`;

const tvm = (extra = '') =>
  `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${TVM_BODY.length}\r\nConnection: close\r\n${extra}\r\n${TVM_BODY}`;

describe('one address cannot take every connection', () => {
  it('beyond its share an address is answered 429 and closed; another address still gets in', async () => {
    const { server, port } = await start({}, { maxConnections: 40, maxConnectionsPerAddress: 8 });
    // 40 slow-body connections from one address: as many as the server takes at once.
    const attack = await Promise.all(Array.from({ length: 40 }, () => hold(port, '127.0.0.2', slowBody())));
    await expect.poll(() => attack.filter((held) => held.closed).length).toBe(32);
    const open = attack.filter((held) => !held.closed);
    expect(open).toHaveLength(8);
    for (const held of attack.filter((h) => h.closed)) {
      const reply = parse(held.received);
      expect(reply.status).toBe(429);
      expect(reply.body.error?.code).toBe('rate_limited');
      expect(reply.headers).toContain('retry-after: 1');
    }
    expect(await new Promise((resolve) => server.getConnections((_, n) => resolve(n)))).toBe(8);
    // Another client is served meanwhile.
    expect(parse(await exchange(port, '127.0.0.3', tvm())).status).toBe(200);
    // A connection of the attacker that closes frees its place.
    open[0]!.socket.destroy();
    await expect.poll(() => new Promise((resolve) => server.getConnections((_, n) => resolve(n)))).toBe(7);
    const next = await hold(port, '127.0.0.2', slowBody());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next.closed).toBe(false);
  });

  it('the default share is an eighth of maxConnections', async () => {
    const { port } = await start({}, { maxConnections: 16 });
    const attack = await Promise.all(Array.from({ length: 4 }, () => hold(port, '127.0.0.4', slowBody())));
    await expect.poll(() => attack.filter((held) => held.closed).length).toBe(2);
  });

  it('behind a trusted proxy the cap counts requests in flight per forwarded client address', async () => {
    const { server, port } = await start(
      { trustProxy: 1 },
      { trustProxy: 1, maxConnections: 64, maxConnectionsPerAddress: 4 },
    );
    // Every connection comes from the proxy (127.0.0.5); ten slow bodies from one client behind it.
    const attack = await Promise.all(
      Array.from({ length: 10 }, () => hold(port, '127.0.0.5', slowBody('X-Forwarded-For: 203.0.113.7\r\n'))),
    );
    await expect.poll(() => attack.filter((held) => held.closed).length).toBe(6);
    for (const held of attack.filter((h) => h.closed)) expect(parse(held.received).status).toBe(429);
    // The proxy's other connections, for other clients, are not capped by its own address.
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        exchange(port, '127.0.0.5', tvm(`X-Forwarded-For: 203.0.113.${20 + i}\r\n`)),
      ),
    );
    expect(others.map((reply) => parse(reply).status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await new Promise((resolve) => server.getConnections((_, n) => resolve(n)))).toBe(4);
  });
});

describe('deadlines in the calling thread (workers: false)', () => {
  // 100,000 paths x 10 years x 12 months: far more than 1 ms of work on any machine.
  const big = JSON.stringify({
    loan_balance: 20_000,
    loan_annual_rate: 0.06,
    loan_minimum_payment: 400,
    extra_monthly: 200,
    expected_return: 0.07,
    return_volatility: 0.15,
    marginal_tax_rate: 0.22,
    seed: 1,
    horizon_years: 10,
    num_simulations: 100_000,
  });
  const simulation = (body: string) =>
    `POST /v1/debt-vs-invest HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;

  it('a simulation past --deadline-ms is stopped between paths: 503 with Retry-After', async () => {
    const { port } = await start({}, { deadlineMs: 1 });
    const reply = parse(await exchange(port, '127.0.0.1', simulation(big)));
    expect(reply.status).toBe(503);
    expect(reply.body.error?.code).toBe('service_unavailable');
    expect(reply.body.error?.message).toBe('the calculation did not finish within 1 ms');
    expect(reply.headers).toContain('retry-after: 1');
    // The thread is free for the next request, and a calculation within its deadline is unchanged.
    expect(parse(await exchange(port, '127.0.0.1', tvm())).status).toBe(200);
  });

  it('within the deadline the envelope is the one computed without any', async () => {
    const { port } = await start({}, { deadlineMs: 600_000 });
    const small = JSON.stringify({ ...JSON.parse(big), num_simulations: 500 });
    const reply = await exchange(port, '127.0.0.1', simulation(small));
    const { debtVsInvest } = await import('../../src/utilities/debt-vs-invest');
    expect(parse(reply).body).toEqual(JSON.parse(JSON.stringify(debtVsInvest(JSON.parse(small)))));
  });
});

describe('honest errors', () => {
  it('a client that aborts mid-body is not an internal error: onError is never called', async () => {
    const errors: unknown[] = [];
    const { server, port } = await start({ onError: (error) => errors.push(error) });
    const aborted = await Promise.all(Array.from({ length: 20 }, () => hold(port, '127.0.0.1', slowBody())));
    await expect.poll(() => new Promise((resolve) => server.getConnections((_, n) => resolve(n)))).toBe(20);
    for (const held of aborted) held.socket.destroy();
    await expect.poll(() => new Promise((resolve) => server.getConnections((_, n) => resolve(n)))).toBe(0);
    // The next request is served after the aborts were handled.
    expect(parse(await exchange(port, '127.0.0.1', tvm())).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('CONNECT gets a JSON 405 with Allow', async () => {
    const { port } = await start();
    const reply = parse(
      await exchange(port, '127.0.0.1', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
    );
    expect(reply.status).toBe(405);
    expect(reply.body.error?.code).toBe('method_not_allowed');
    expect(reply.headers).toContain('allow: get, head, post');
  });

  it('Expect: bogus gets a JSON 417; Expect: 100-continue still works', async () => {
    const { port } = await start();
    const reply = parse(await exchange(port, '127.0.0.1', tvm('Expect: bogus\r\n')));
    expect(reply.status).toBe(417);
    expect(reply.body.error?.code).toBe('expectation_failed');
    expect(reply.body.error?.message).toContain('Expect: bogus');
    const continued = await exchange(port, '127.0.0.1', tvm('Expect: 100-continue\r\n'));
    expect(continued).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  });

  it('1e400 (JSON.parse gives Infinity) is a 400 naming the field: must be a finite number', async () => {
    const { port } = await start();
    const body = '{"solve_for":"pmt","rate":0.005,"nper":360,"pv":1e400}';
    const reply = parse(
      await exchange(
        port,
        '127.0.0.1',
        `POST /v1/tvm HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error?.issues?.[0]?.path).toBe('pv');
    expect(reply.body.error?.message).toContain('pv: must be a finite number');
  });
});
