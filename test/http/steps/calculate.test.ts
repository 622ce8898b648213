// The calculation step: body, cost charged as it becomes known, placement by cost, the envelope, usage.
import { describe, expect, it } from 'vitest';
import { OFFLOAD_COST } from '../../../src/core/cost';
import { envelopeJson } from '../../../src/core/envelope-json';
import type { Identity } from '../../../src/http/auth';
import { createCalculator } from '../../../src/http/calculate';
import { createLimiter } from '../../../src/http/limit';
import { utcDay } from '../../../src/http/platform';
import type { Executor } from '../../../src/http/pool';
import { MemoryStore, MemoryUsageStore } from '../../../src/http/stores/memory';
import type { UsageStore } from '../../../src/http/stores/types';
import { answer } from '../../../src/node/worker';
import { npvIrr } from '../../../src/utilities/cashflow-npv-irr';
import { tvm } from '../../../src/utilities/tvm';
import { JSON_HEADERS, parts } from './parts';

const identity: Identity = { hash: 'h', keyId: 'key_1', accountId: 'acct_1', bucket: 'rate:1' };
const TVM = { solve_for: 'pmt' as const, rate: 0.005, nper: 360, pv: 300_000 };
const request = (body: string, execute?: Executor) =>
  parts({ pathname: '/v1/tvm', headers: JSON_HEADERS, body, ...(execute ? { execute } : {}) });

/** 3,000 dated flows whose signs keep changing: 3,000 x 530 = 1.59M path-steps, 2 tokens. */
const FLOWS = JSON.stringify({
  rate: 0.05,
  dated_cashflows: Array.from({ length: 3_000 }, (_, i) => ({
    date: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    amount: Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100,
  })),
});

function setup(rateLimit = 60, usageStore: UsageStore = new MemoryUsageStore()) {
  const calculate = createCalculator({ rateLimit, maxBodyBytes: 1024 * 1024, usageStore });
  const meter = createLimiter({ store: new MemoryStore(), rateLimit })(identity.bucket);
  meter.charge(1); // the arrival token, as the handler takes it
  return { calculate, meter, usageStore };
}

describe('createCalculator', () => {
  it('a cheap request: the envelope the library builds, byte for byte, with the RateLimit headers', async () => {
    const { calculate, meter, usageStore } = setup();
    const reply = await calculate(tvm, request(JSON.stringify(TVM)), identity, meter);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(envelopeJson(tvm, tvm.parse(TVM), tvm.compute(tvm.parse(TVM))));
    expect(JSON.parse(reply.body)).toEqual(tvm(TVM));
    expect(reply.headers).toMatchObject({
      'ratelimit-remaining': '59',
      'content-type': 'application/json; charset=utf-8',
    });
    // Counted against the key.
    expect(await usageStore.usage('acct_1', [utcDay(Date.now())])).toEqual([
      { keyId: 'key_1', day: utcDay(Date.now()), operation: '/v1/tvm', count: 1 },
    ]);
  });

  it('400s: not JSON, and a field out of bounds named', async () => {
    const { calculate, meter } = setup();
    const notJson = await calculate(tvm, request('{"rate":'), identity, meter);
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.code).toBe('invalid_json');
    const bad = await calculate(tvm, request(JSON.stringify({ ...TVM, nper: -1 })), identity, meter);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.issues[0].path).toBe('nper');
  });

  it('the declared cost is charged before computing: 2 tokens, then 429 when the bucket cannot pay', async () => {
    const { calculate, meter } = setup(2);
    const first = await calculate(
      npvIrr,
      parts({ pathname: '/v1/cashflow/npv-irr', headers: JSON_HEADERS, body: FLOWS }),
      identity,
      meter,
    );
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('0');
    const meter2 = createLimiter({ store: new MemoryStore(), rateLimit: 2 })(identity.bucket);
    meter2.charge(1);
    meter2.charge(1); // the bucket is empty now
    const refused = await calculate(
      npvIrr,
      parts({ pathname: '/v1/cashflow/npv-irr', headers: JSON_HEADERS, body: FLOWS }),
      identity,
      meter2,
    );
    expect(refused.status).toBe(429);
  });

  it('placement: a costly request goes to the executor, a large body to its fromBody, a cheap one stays', async () => {
    const seen: string[] = [];
    const execute: Executor = Object.assign(
      async (operation: Parameters<Executor>[0], input: unknown) => {
        seen.push(`run ${operation.path}`);
        return operation.run(input);
      },
      {
        fromBody: (
          operation: Parameters<Executor>[0],
          body: string,
          admit: (cost: number) => Promise<boolean>,
        ) => {
          seen.push(`fromBody ${operation.path}`);
          const asked = answer({ id: 1, path: operation.path, raw: body });
          if (!asked || !('cost' in asked)) throw new Error('expected a cost');
          return admit(asked.cost).then((ok) => {
            const done = answer({ id: 1, admit: ok });
            return done && 'json' in done ? done.json : undefined;
          });
        },
      },
    );
    const { calculate, meter } = setup();
    expect(FLOWS.length).toBeGreaterThanOrEqual(OFFLOAD_COST);
    const small = JSON.stringify({
      rate: 0.05,
      cashflows: Array.from({ length: 1_000 }, (_, i) => (i % 2 ? 1 : -1)),
    });
    expect(small.length).toBeLessThan(OFFLOAD_COST);
    expect(npvIrr.cost(npvIrr.parse(JSON.parse(small)))).toBeGreaterThanOrEqual(OFFLOAD_COST);
    const at = (body: string) =>
      parts({ pathname: '/v1/cashflow/npv-irr', headers: JSON_HEADERS, body, execute });
    const pooled = await calculate(npvIrr, at(FLOWS), identity, meter);
    const costly = await calculate(npvIrr, at(small), identity, meter);
    await calculate(tvm, request(JSON.stringify(TVM), execute), identity, meter);
    expect(seen).toEqual(['fromBody /v1/cashflow/npv-irr', 'run /v1/cashflow/npv-irr']);
    expect(pooled.body).toBe(JSON.stringify(npvIrr(JSON.parse(FLOWS))));
    expect(costly.body).toBe(JSON.stringify(npvIrr(JSON.parse(small))));
  });

  it('with a usage store of another kind, the count is awaited before the reply; its failure is ignored', async () => {
    const memory = new MemoryUsageStore();
    let pending = 0;
    const slow: UsageStore = {
      ping: () => memory.ping(),
      usage: (account, days) => memory.usage(account, days),
      record: (...args) => {
        pending++;
        return new Promise((resolve) => setTimeout(resolve, 5)).then(() => {
          pending--;
          return memory.record(...args);
        });
      },
    };
    const { calculate, meter } = setup(60, slow);
    const reply = await calculate(tvm, request(JSON.stringify(TVM)), identity, meter);
    expect(reply.status).toBe(200);
    expect(pending).toBe(0);
    const failing: UsageStore = { ...slow, record: () => Promise.reject(new Error('down')) };
    const second = setup(60, failing);
    expect((await second.calculate(tvm, request(JSON.stringify(TVM)), identity, second.meter)).status).toBe(
      200,
    );
  });
});
