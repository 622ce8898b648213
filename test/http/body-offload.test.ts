// Issue 30 point 1: a large request body is read off the thread that answers requests. With a pool, a
// body of OFFLOAD_COST characters or more (its reading alone is then that much work: one path-step a
// character, src/core/cost.ts) goes to the pool as text: the worker parses and validates it, asks the
// adapter to charge its declared cost, then computes and returns the envelope's JSON text. The thread
// that answers requests checks only auth, size and tokens. Over real loopback sockets.
//
// Part 1 runs from source with a pool that runs the worker's own job code (`answer` of
// src/node/worker.ts) in-thread and records what it got; part 2 uses the built package with a real
// WorkerPool and counts the test process's JSON.parse calls on the body (the workers have their own).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OFFLOAD_COST, tokensFor } from '../../src/core/cost';
import { CalculationError } from '../../src/core/errors';
import {
  createHandler,
  type HandlerOptions,
  InvalidJsonError,
  type OperationPool,
} from '../../src/http/handler';
import { createNodeServer } from '../../src/node/index';
import { answer } from '../../src/node/worker';
import type { WorkerReply } from '../../src/node/worker-protocol';
import { npvIrr } from '../../src/utilities/cashflow-npv-irr';
import { listen } from './server';

const KEY = 'offload-key';
const DAY_MS = 86_400_000;
const headersFor = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

/** 10,000 daily flows: one outlay then inflows (one sign change: the cheap bracketed IRR search). */
const ONE_CHANGE = JSON.stringify({
  rate: 0.05,
  dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
    date: new Date(Date.UTC(2000, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
    amount: i === 0 ? -1_000_000 : 150,
  })),
});
/** The same flows with signs that keep changing: 10,000 x 530 = 5.3M path-steps, 6 tokens. */
const CHANGING = JSON.stringify({
  rate: 0.05,
  dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
    date: new Date(Date.UTC(2000, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
    amount: Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100,
  })),
});
/** Not JSON: the body cut short. */
const TRUNCATED = ONE_CHANGE.slice(0, -10);
/** JSON, but one date is not a date: a 400 naming the field. */
const BAD_FIELD = ONE_CHANGE.replace('"2000-01-05"', '"2000-13-05"');

/** Headers that depend on the clock: the date, and the bucket's state (it refills while a request runs). */
const CLOCKED = new Set(['date', 'keep-alive', 'connection', 'ratelimit-remaining', 'ratelimit-reset']);

/**
 * POST and read the reply whole: `reply` (status, every header that does not depend on the clock, the
 * body bytes) must be the same with and without a pool; `remaining` is RateLimit-Remaining.
 */
async function post(url: string, path: string, body: string, key = KEY) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: headersFor(key), body });
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!CLOCKED.has(name)) headers[name] = value;
  });
  return {
    reply: { status: response.status, headers, text },
    status: response.status,
    text,
    remaining: Number(response.headers.get('ratelimit-remaining')),
  };
}

// ---------------------------------------------------------------------------------------------------
// Part 1: from source, the worker's job code run in-thread

/** What the pool was asked: which jobs, and whether the worker computed. */
const asked = { run: 0, runBody: [] as string[], computed: 0, costs: [] as number[] };
/** Whether the spy (the "worker") is parsing now: JSON.parse calls then are not the handler's. */
let inWorker = false;

function settle(reply: WorkerReply | undefined): string | undefined {
  if (!reply) return undefined;
  if ('json' in reply) return reply.json;
  if ('invalidJson' in reply) throw new InvalidJsonError(reply.invalidJson);
  if ('calculationError' in reply)
    throw new CalculationError(reply.calculationError.code, reply.calculationError.issues);
  throw new Error(`unexpected worker reply ${JSON.stringify(reply)}`);
}

const spyPool: OperationPool = {
  available: true,
  run: async () => {
    asked.run++;
    throw new Error('run() is not expected: large bodies go to runBody');
  },
  runBody: async (path, body, _deadlineMs, admit) => {
    asked.runBody.push(body);
    let next = 1;
    const id = next++;
    inWorker = true;
    let reply: WorkerReply | undefined;
    try {
      reply = answer({ id, path, raw: body });
    } finally {
      inWorker = false;
    }
    if (!reply || !('cost' in reply)) return settle(reply);
    asked.costs.push(reply.cost);
    const admitted = await admit(reply.cost);
    const computed = answer({ id, admit: admitted });
    if (admitted) asked.computed++;
    return settle(computed);
  },
};

/** Calls of JSON.parse on a large body outside the spy worker: what the request thread parsed. */
let handlerParses = 0;
const parse = JSON.parse;
beforeAll(() => {
  vi.spyOn(JSON, 'parse').mockImplementation(((text: string, reviver?: never) => {
    if (!inWorker && typeof text === 'string' && text.length >= OFFLOAD_COST) handlerParses++;
    return parse(text, reviver);
  }) as typeof JSON.parse);
});
afterAll(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  asked.run = 0;
  asked.runBody = [];
  asked.computed = 0;
  asked.costs = [];
  handlerParses = 0;
});

/** A server of `createHandler(options)` with the spy pool, and one with no pool at all. */
async function pair(options: HandlerOptions) {
  const pooled = await listen(
    createNodeServer(createHandler({ ...options, pool: spyPool }), { workers: false }),
  );
  const bare = await listen(createNodeServer(createHandler(options), { workers: false }));
  return {
    pooled,
    bare,
    close: async () => {
      await pooled.close();
      await bare.close();
    },
  };
}

describe('large bodies are read by the pool, not the request thread (from source)', () => {
  it('10,000 dated flows: the text goes to the pool unparsed; the same bytes as without a pool', async () => {
    expect(ONE_CHANGE.length).toBeGreaterThanOrEqual(OFFLOAD_COST);
    const servers = await pair({ apiKeys: [KEY], rateLimit: 60 });
    try {
      const pooled = await post(servers.pooled.url, '/v1/cashflow/npv-irr', ONE_CHANGE);
      expect(handlerParses).toBe(0);
      expect(asked.runBody).toEqual([ONE_CHANGE]);
      expect(asked.run).toBe(0);
      expect(asked.computed).toBe(1);
      // The hook counts: without a pool the request thread parses the body once.
      const bare = await post(servers.bare.url, '/v1/cashflow/npv-irr', ONE_CHANGE);
      expect(handlerParses).toBe(1);
      expect(pooled.status).toBe(200);
      expect(pooled.reply).toEqual(bare.reply);
      expect(JSON.parse(pooled.text)).toEqual(npvIrr(JSON.parse(ONE_CHANGE)));
    } finally {
      await servers.close();
    }
  });

  it('a large body that is not JSON, or names a bad field, gets the same 400 as without a pool', async () => {
    const servers = await pair({ apiKeys: [KEY], rateLimit: 60 });
    try {
      for (const body of [TRUNCATED, BAD_FIELD]) {
        const pooled = await post(servers.pooled.url, '/v1/cashflow/npv-irr', body);
        const bare = await post(servers.bare.url, '/v1/cashflow/npv-irr', body);
        expect(pooled.status).toBe(400);
        expect(pooled.reply).toEqual(bare.reply);
      }
      expect(
        JSON.parse((await post(servers.pooled.url, '/v1/cashflow/npv-irr', TRUNCATED)).text).error.code,
      ).toBe('invalid_json');
      expect(asked.runBody).toHaveLength(3);
      expect(asked.computed).toBe(0);
      expect(handlerParses).toBe(2);
    } finally {
      await servers.close();
    }
  });

  it('the declared cost is charged before the worker computes: 6 tokens, and 429 without computing', async () => {
    const tokens = tokensFor(npvIrr.cost(npvIrr.parse(JSON.parse(CHANGING))));
    expect(tokens).toBe(6);
    handlerParses = 0; // the line above parsed the body here, not in the handler
    // A budget of 10: the first request takes 6; the second, arriving before 6 refilled (one token
    // every 6 s), passes the arrival token, is validated in the pool, then refused before computing.
    const servers = await pair({ apiKeys: [KEY], rateLimit: 10 });
    try {
      const started = Date.now();
      const first = await post(servers.pooled.url, '/v1/cashflow/npv-irr', CHANGING);
      const second = await post(servers.pooled.url, '/v1/cashflow/npv-irr', CHANGING);
      const refilled = Math.floor((Date.now() - started) / 6_000);
      expect(first.status).toBe(200);
      expect(first.remaining).toBeLessThanOrEqual(10 - 6 + refilled);
      if (refilled >= 2) return; // a very slow machine: the second could pass; nothing more to see
      expect(second.status).toBe(429);
      expect(JSON.parse(second.text).error.code).toBe('rate_limited');
      expect(asked.costs).toEqual([5_300_000, 5_300_000]);
      expect(asked.computed).toBe(1);
      expect(handlerParses).toBe(0);
      // Without a pool: the same two replies.
      const bareFirst = await post(servers.bare.url, '/v1/cashflow/npv-irr', CHANGING);
      const bareSecond = await post(servers.bare.url, '/v1/cashflow/npv-irr', CHANGING);
      expect(bareFirst.status).toBe(200);
      expect(bareSecond.status).toBe(429);
      expect(JSON.parse(bareSecond.text)).toEqual(JSON.parse(second.text));
    } finally {
      await servers.close();
    }
  });

  it('a small body stays on the request thread', async () => {
    const servers = await pair({ apiKeys: [KEY], rateLimit: 60 });
    try {
      const body = JSON.stringify({ rate: 0.05, cashflows: [-1000, 300, 400, 500] });
      const reply = await post(servers.pooled.url, '/v1/cashflow/npv-irr', body);
      expect(reply.status).toBe(200);
      expect(asked.runBody).toEqual([]);
    } finally {
      await servers.close();
    }
  });

  it('a body is charged at least one path-step a character: 1.2 MB of a cheap request costs 2 tokens', async () => {
    // tvm costs 0 path-steps, but reading 1,200,000 characters is work: tokensFor(1,200,000) = 2.
    const body = `${' '.repeat(1_200_000)}${JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 })}`;
    const options = { apiKeys: [KEY], rateLimit: 60, maxBodyBytes: 2 * 1024 * 1024 };
    const pooled = await listen(
      createNodeServer(createHandler({ ...options, pool: spyPool }), {
        workers: false,
        maxBodyBytes: 2 * 1024 * 1024,
      }),
    );
    const bare = await listen(
      createNodeServer(createHandler(options), { workers: false, maxBodyBytes: 2 * 1024 * 1024 }),
    );
    try {
      for (const server of [pooled, bare]) {
        const started = Date.now();
        const reply = await post(server.url, '/v1/tvm', body);
        expect(reply.status).toBe(200);
        expect(reply.remaining).toBeLessThanOrEqual(58 + Math.floor((Date.now() - started) / 1000));
      }
      expect(asked.runBody).toHaveLength(1);
    } finally {
      await pooled.close();
      await bare.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Part 2: the built package with a real WorkerPool (npm test builds dist/ first)

const root = fileURLToPath(new URL('../../', import.meta.url));
type NodeModule = typeof import('../../src/node/index');
type HttpModule = typeof import('../../src/http/index');

describe('large bodies are parsed in the worker threads (built package)', () => {
  let node: NodeModule;
  let http: HttpModule;
  beforeAll(async () => {
    if (!existsSync(`${root}dist/node/worker.js`))
      throw new Error('dist/ is missing: run `npm run build` first');
    node = (await import(pathToFileURL(`${root}dist/node/index.js`).href)) as NodeModule;
    http = (await import(pathToFileURL(`${root}dist/http/index.js`).href)) as HttpModule;
  });

  it('the request thread never parses the body; replies are byte for byte those of workers: false', async () => {
    const pool = new node.WorkerPool({ size: 1 });
    const options = { apiKeys: [KEY], rateLimit: 60 };
    const pooled = await listen(
      node.createNodeServer(http.createHandler(options), { workers: pool, deadlineMs: 600_000 }),
    );
    const bare = await listen(node.createNodeServer(http.createHandler(options), { workers: false }));
    try {
      for (const body of [ONE_CHANGE, TRUNCATED, BAD_FIELD]) {
        handlerParses = 0;
        const inPool = await post(pooled.url, '/v1/cashflow/npv-irr', body);
        expect(handlerParses).toBe(0);
        const inThread = await post(bare.url, '/v1/cashflow/npv-irr', body);
        // The hook sees the request thread's parse when there is no pool.
        expect(handlerParses).toBe(1);
        expect(inPool.status).toBe(body === ONE_CHANGE ? 200 : 400);
        expect(inPool.reply).toEqual(inThread.reply);
      }
    } finally {
      await pooled.close();
      await bare.close();
      await pool.close();
    }
  });
});
