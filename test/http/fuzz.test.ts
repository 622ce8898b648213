// Fuzzing every registered operation and every platform endpoint through the handler: random and
// malformed bodies, wrong types, huge numbers, deep nesting, `__proto__` keys, non-JSON text, wrong
// content types. Whatever arrives: never a 5xx, always a JSON body, never a stack trace, never a
// non-finite number (JSON would carry it as null) in a result. CI runs a few cases per path;
// `npm run fuzz` (FUZZ_RUNS=300) runs long.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { PLATFORM_PATHS } from '../../src/http/platform';
import { servedRegistry as registry } from '../../src/served-operations';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const TIMEOUT = Math.max(30_000, RUNS * 2_000);
const KEY = 'fuzz-key';

/** Golden requests by path: valid starting points to mutate. */
const goldenInputs = new Map<string, Record<string, unknown>[]>();
const goldenDir = join(__dirname, '..', 'goldens');
for (const file of readdirSync(goldenDir).filter((name) => name.endsWith('.json'))) {
  const golden = JSON.parse(readFileSync(join(goldenDir, file), 'utf8')) as {
    path?: string;
    cases?: { input: unknown }[];
  };
  if (!golden.path || !Array.isArray(golden.cases)) continue;
  const inputs = golden.cases
    .map((c) => c.input)
    .filter((input): input is Record<string, unknown> => typeof input === 'object' && input !== null);
  goldenInputs.set(golden.path, inputs);
}

const handler = createHandler({ apiKeys: [KEY], dev: true, signup: true });

const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e308, -1e308, 1e21, 2 ** 53 + 2, 5e-324, -0, 0, -1, 1e-12, 99999999999999),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('NaN', 'Infinity', '', '2026-02-30', '1e999', 'null', '__proto__'),
);

/** JSON text nested `depth` levels deep (arrays or objects). */
const deep = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A `__proto__` / `constructor` key written in the JSON text itself (JSON.parse makes it an own key). */
const protoBody = (base: Record<string, unknown>) =>
  fc.constantFrom('__proto__', 'constructor', 'prototype').chain((name) =>
    fc.jsonValue({ maxDepth: 2 }).map((value) => {
      const text = JSON.stringify(base);
      const inner = `"${name}":${JSON.stringify({ polluted: value, isAdmin: true })}`;
      return text === '{}' ? `{${inner}}` : `{${inner},${text.slice(1)}`;
    }),
  );

function bodies(path: string): fc.Arbitrary<{ body: string; contentType?: string }> {
  const bases = goldenInputs.get(path) ?? [{}];
  const base = fc.constantFrom(...bases);
  const mutated = base.chain((input) => {
    const fields = Object.keys(input);
    if (fields.length === 0) return nasty.map((value) => JSON.stringify({ extra: value }));
    return fc.tuple(fc.constantFrom(...fields), nasty, fc.boolean()).map(([field, value, drop]) => {
      const copy: Record<string, unknown> = { ...input };
      if (drop) delete copy[field];
      else copy[field] = value;
      return JSON.stringify(copy);
    });
  });
  return fc.oneof(
    mutated.map((body) => ({ body })),
    fc.jsonValue({ maxDepth: 4 }).map((value) => ({ body: JSON.stringify(value) })),
    fc.string({ maxLength: 60 }).map((body) => ({ body })),
    deep.map((body) => ({ body })),
    base.chain(protoBody).map((body) => ({ body })),
    fc
      .tuple(
        base,
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''),
      )
      .map(([input, contentType]) => ({ body: JSON.stringify(input), contentType })),
  );
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(hasNull);
  if (typeof value === 'object') return Object.values(value as object).some(hasNull);
  return false;
}

async function assertSound(path: string, body: string, contentType: string | undefined, key?: string) {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  if (contentType !== '') headers['content-type'] = contentType ?? 'application/json';
  const response = await handler(
    new Request(`http://finplan.test${path}`, { method: 'POST', headers, body }),
  );
  const text = await response.text();
  const context = `${path} ${response.status} <- ${body.slice(0, 200)}`;
  expect(response.status, context).toBeLessThan(500);
  expect(response.headers.get('content-type'), context).toContain('application/json');
  const reply = JSON.parse(text);
  expect(text, context).not.toMatch(/\bat \S+ \(|node_modules|\/src\/|Error: /);
  if (response.status >= 400) {
    expect(typeof reply.error?.code, context).toBe('string');
    expect(typeof reply.error?.message, context).toBe('string');
  } else if (registry.get(path)) {
    // No NaN / Infinity (JSON.stringify writes them as null) and no null in a result.
    expect(hasNull(reply.result), context).toBe(false);
  }
}

describe('fuzz: every operation', () => {
  it.each(registry.operations.map((operation) => operation.path))(
    '%s never answers 5xx, non-JSON, a stack trace or a non-finite number',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(bodies(path), ({ body, contentType }) => assertSound(path, body, contentType, KEY)),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('fuzz: platform endpoints', () => {
  it.each([...PLATFORM_PATHS])(
    '%s never answers 5xx, non-JSON or a stack trace',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(bodies(path), fc.boolean(), ({ body, contentType }, withKey) =>
          assertSound(path, body, contentType, withKey ? KEY : undefined),
        ),
        { numRuns: RUNS * 4 },
      );
    },
    TIMEOUT,
  );

  it('no request polluted Object.prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
