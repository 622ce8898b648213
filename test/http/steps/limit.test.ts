// The rate-limit step: a token bucket per key, charged as the cost becomes known, with its headers.
import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../../src/http/limit';
import type { Reply } from '../../../src/http/responses';
import { MemoryStore } from '../../../src/http/stores/memory';
import type { RateLimitStore } from '../../../src/http/stores/types';

describe('createLimiter', () => {
  it('the in-memory store charges synchronously and sets the RateLimit headers', () => {
    const meter = createLimiter({ store: new MemoryStore(), rateLimit: 10 })('rate:a');
    expect(meter.headers).toEqual({});
    expect(meter.decision).toBeUndefined();
    const charged = meter.charge(1);
    expect(charged).toBeUndefined();
    expect(meter.headers).toEqual({
      'ratelimit-limit': '10',
      'ratelimit-remaining': '9',
      'ratelimit-reset': '6',
    });
    expect(meter.charge(5)).toBeUndefined();
    expect(meter.headers['ratelimit-remaining']).toBe('4');
  });

  it('429 with Retry-After when the bucket cannot pay, naming what the request costs', () => {
    const limiter = createLimiter({ store: new MemoryStore(), rateLimit: 3 });
    const meter = limiter('rate:b');
    expect(meter.charge(3)).toBeUndefined();
    const refused = meter.charge(1) as Reply;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('20');
    expect(JSON.parse(refused.body).error.message).toBe('over the budget of 3 requests per minute');
    const costly = limiter('rate:b').charge(2) as Reply;
    expect(JSON.parse(costly.body).error.message).toBe(
      'this request costs 2 tokens of the budget of 3 per minute; not enough are left',
    );
    // Each key its own bucket.
    expect(limiter('rate:c').charge(3)).toBeUndefined();
  });

  it('a store of another kind is asked asynchronously; its failure is a 503', async () => {
    const memory = new MemoryStore();
    const remote: RateLimitStore = {
      takeToken: (bucket, capacity, count) => memory.takeToken(bucket, capacity, count),
      ping: () => memory.ping(),
    };
    const meter = createLimiter({ store: remote, rateLimit: 5 })('rate:d');
    const charged = meter.charge(1);
    expect(charged).toBeInstanceOf(Promise);
    expect(await charged).toBeUndefined();
    expect(meter.headers['ratelimit-remaining']).toBe('4');
    const failing: RateLimitStore = {
      takeToken: () => Promise.reject(new Error('down')),
      ping: async () => {},
    };
    const down = (await createLimiter({ store: failing, rateLimit: 5 })('rate:e').charge(1)) as Reply;
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body).error.message).toBe(
      'the rate-limit store is unreachable; try again shortly',
    );
  });

  it('development mode charges nothing and sets no headers', () => {
    const meter = createLimiter({ store: new MemoryStore(), rateLimit: 1, dev: true })('rate:f');
    expect(meter.charge(1)).toBeUndefined();
    expect(meter.charge(100)).toBeUndefined();
    expect(meter.headers).toEqual({});
  });

  it('refuses a budget that is not a positive integer', () => {
    for (const rateLimit of [0, -1, 1.5, Number.NaN])
      expect(() => createLimiter({ store: new MemoryStore(), rateLimit })).toThrow(RangeError);
  });
});
