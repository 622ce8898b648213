import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLOAD_COST, tokensFor } from '../../src/core/cost';
import { buildEnvelope } from '../../src/core/envelope';
import { createHandler, type OperationPool } from '../../src/http/handler';
import { createNodeServer } from '../../src/node/index';
import { servedRegistry as registry } from '../../src/served-operations';
import { npvIrr } from '../../src/utilities/cashflow-npv-irr';
import { listen, type TestServer, TVM_BODY } from './server';

const KEY = 'cost-key';
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
/** A small budget: the bucket refills one token every 6 s, so what a request was charged shows. */
const BUDGET = 10;
const REFILL_MS = 60_000 / BUDGET;
const DAY_MS = 86_400_000;

/** 10,000 daily flows whose signs change often (a ledger of deposits and withdrawals). */
const TEN_THOUSAND_DATED = JSON.stringify({
  rate: 0.05,
  dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
    date: new Date(Date.UTC(2000, 0, 1) + i * DAY_MS).toISOString().slice(0, 10),
    amount: Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100,
  })),
});

const jobs: string[] = [];
const bodies: (string | undefined)[] = [];
const spy: OperationPool = {
  available: true,
  run: async (path, input, _deadlineMs, body) => {
    jobs.push(path);
    bodies.push(body);
    const operation = registry.get(path);
    if (!operation) throw new Error(`no operation at ${path}`);
    return buildEnvelope(operation, input, operation.compute(input as never));
  },
};

let running: TestServer;

beforeAll(async () => {
  running = await listen(
    createNodeServer(createHandler({ apiKeys: [KEY], rateLimit: BUDGET, pool: spy }), { workers: false }),
  );
});

afterAll(() => running.close());

/** POST `body` to `path`; the reply, its RateLimit-Remaining, and how long it took (ms). */
async function post(path: string, body: string) {
  const started = Date.now();
  const response = await fetch(`${running.url}${path}`, { method: 'POST', headers: auth, body });
  const json = await response.json();
  return {
    status: response.status,
    remaining: Number(response.headers.get('ratelimit-remaining')),
    json,
    elapsedMs: Date.now() - started,
  };
}

describe('cost-based placement and tokens (real sockets)', () => {
  it('/v1/cashflow/npv-irr with 10,000 dated flows is charged more than one token and runs in the pool', async () => {
    const cost = npvIrr.cost(npvIrr.parse(JSON.parse(TEN_THOUSAND_DATED)));
    const tokens = tokensFor(cost);
    expect(tokens).toBeGreaterThan(1);
    expect(cost).toBeGreaterThanOrEqual(OFFLOAD_COST);

    jobs.length = 0;
    bodies.length = 0;
    const reply = await post('/v1/cashflow/npv-irr', TEN_THOUSAND_DATED);
    expect(reply.status).toBe(200);
    expect(jobs).toEqual(['/v1/cashflow/npv-irr']);
    // The pool gets the body text too: a string is far cheaper to hand to another thread.
    expect(bodies).toEqual([TEN_THOUSAND_DATED]);
    // The envelope is the one the library gives.
    expect(reply.json).toEqual(npvIrr(JSON.parse(TEN_THOUSAND_DATED)));
    // A full bucket less the request's tokens, plus what refilled while it ran.
    expect(reply.remaining).toBeLessThanOrEqual(BUDGET - tokens + Math.floor(reply.elapsedMs / REFILL_MS));
  });

  it('a cheap request pays one token and computes on the receiving thread', async () => {
    jobs.length = 0;
    const before = await post('/v1/tvm', TVM_BODY);
    const after = await post('/v1/tvm', TVM_BODY);
    expect(after.status).toBe(200);
    expect(jobs).toEqual([]);
    expect(after.remaining).toBeGreaterThanOrEqual(before.remaining - 1);
    expect(after.remaining).toBeLessThanOrEqual(
      before.remaining - 1 + Math.ceil(after.elapsedMs / REFILL_MS),
    );
  });

  it('a few dated flows stay under the offload threshold and on the receiving thread', async () => {
    jobs.length = 0;
    const body = {
      rate: 0.1,
      dated_cashflows: [
        { date: '2024-01-01', amount: -1000 },
        { date: '2025-01-01', amount: 1100 },
      ],
    };
    expect(npvIrr.cost(npvIrr.parse(body))).toBeLessThan(OFFLOAD_COST);
    const reply = await post('/v1/cashflow/npv-irr', JSON.stringify(body));
    expect(reply.status).toBe(200);
    expect(jobs).toEqual([]);
  });
});
