import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/canonical-json';
import { buildEnvelope, envelopeOfFresh, finiteResult } from '../../src/core/envelope';
import { envelopeJson } from '../../src/core/envelope-json';
import { resultId } from '../../src/core/result-id';
import { codePointUnit } from '../helpers';

/** The straightforward implementations the envelope had before it was made faster: the reference. */
function referenceCanonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('non-finite');
      return String(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item) => (item === undefined ? 'null' : referenceCanonicalJson(item))).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const members: string[] = [];
      for (const key of Object.keys(record).sort()) {
        if (record[key] === undefined) continue;
        members.push(`${JSON.stringify(key)}:${referenceCanonicalJson(record[key])}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError('unsupported');
  }
}

function referenceFinite(value: unknown, where = 'result'): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`finplan bug: non-finite number at ${where}`);
    return value === 0 ? 0 : value;
  }
  if (Array.isArray(value)) return value.map((item, i) => referenceFinite(item, `${where}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member !== undefined) out[key] = referenceFinite(member, `${where}.${key}`);
    }
    return out;
  }
  return value;
}

/** JSON-like values with awkward keys and strings (quotes, controls, lone surrogates), -0 and undefined. */
const tree = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-0, 0, 1e21, 5e-324),
    fc.string({ unit: codePointUnit, maxLength: 8 }),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: codePointUnit, maxLength: 6 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('canonicalJson (cached keys and sort orders)', () => {
  it('is the reference canonical JSON of any value, however often the same key lists come back', () => {
    fc.assert(
      fc.property(
        tree.filter((v) => v !== undefined),
        (value) => {
          const expected = referenceCanonicalJson(value);
          expect(canonicalJson(value)).toBe(expected);
          expect(canonicalJson(value)).toBe(expected); // second time through the caches
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('large dictionaries (not cached) and many shapes sharing a first key', () => {
    const big = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${(i * 7919) % 200}`, i]));
    expect(canonicalJson(big)).toBe(referenceCanonicalJson(big));
    expect(canonicalJson(big)).toBe(referenceCanonicalJson(big));
    for (let n = 1; n <= 20; n++) {
      const shape = Object.fromEntries([['z', 0], ...Array.from({ length: n }, (_, i) => [`a${n - i}`, i])]);
      expect(canonicalJson(shape)).toBe(referenceCanonicalJson(shape));
      expect(canonicalJson(shape)).toBe(referenceCanonicalJson(shape));
    }
  });
  it('values longer than the reused buffer, past the size it is kept at, and after a throw', () => {
    // The bytes are written into one buffer of 1 KiB, grown on demand and replaced when past 1 MiB:
    // pieces that straddle each growth (ASCII, escaped and multi-byte strings), then a small value.
    const sizes = [1000, 1023, 1024, 1025, 5000, (1 << 20) + 3];
    for (const size of sizes) {
      for (const piece of ['a', 'é', '€"\\\n', '😀', '\ud800x']) {
        const value = {
          pad: 'x'.repeat(size - 3),
          text: piece.repeat(Math.ceil(size / 200)),
          list: [size, -0],
        };
        expect(canonicalJson(value)).toBe(referenceCanonicalJson(value));
        const hex = createHash('sha256')
          .update(referenceCanonicalJson({ path: '/v1/p', engine_version: 'p-1', input: value }))
          .digest('hex');
        expect(resultId('p', '/v1/p', 'p-1', value)).toBe(`p_${hex.slice(0, 16)}`);
      }
    }
    expect(() => canonicalJson({ a: 'x'.repeat(3000), b: Number.NaN })).toThrow(/non-finite/);
    expect(canonicalJson({ b: [1, 'é'], a: true })).toBe('{"a":true,"b":[1,"é"]}');
  });
  it('a cached sort order is used only for the very same key list', () => {
    expect(canonicalJson({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonicalJson({ b: 1, d: 2, c: 3 })).toBe('{"b":1,"c":3,"d":2}');
    expect(canonicalJson({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
    expect(canonicalJson({ '"q': 1, '\u0001': 2, '\ud800': 3 })).toBe(
      referenceCanonicalJson({ '"q': 1, '\u0001': 2, '\ud800': 3 }),
    );
  });
});

describe('finiteResult', () => {
  it('is a copy equal to the reference copy, -0 written as 0 and undefined members dropped', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const copy = finiteResult(value);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(referenceFinite(value)));
        expect(copy).toStrictEqual(referenceFinite(value));
        if (typeof value === 'object' && value !== null) expect(copy).not.toBe(value);
      }),
      { numRuns: 2000 },
    );
    const input = { a: -0, b: undefined, c: [{ d: -0 }], e: 'x' };
    const copy = finiteResult(input);
    expect(Object.is(copy.a, 0)).toBe(true);
    expect('b' in copy).toBe(false);
    expect(Object.is(copy.c[0]?.d, 0)).toBe(true);
    expect(Object.is(input.a, -0)).toBe(true); // the input is left as it was
  });
  it('names the path of a non-finite number', () => {
    expect(() => finiteResult({ a: [1, { b: Number.NaN }] })).toThrow(
      'finplan bug: non-finite number at result.a[1].b',
    );
    expect(() => finiteResult([Number.POSITIVE_INFINITY], 'x')).toThrow('non-finite number at x[0]');
  });
});

describe('envelopeJson (the HTTP body, written without building the envelope)', () => {
  const meta = { prefix: 'demo', path: '/v1/demo', engineVersion: 'demo-1.0.0' };
  it('is JSON.stringify(buildEnvelope(...)) byte for byte, for any result', () => {
    fc.assert(
      fc.property(tree, tree, (input, result) => {
        expect(envelopeJson(meta, input, result)).toBe(JSON.stringify(buildEnvelope(meta, input, result)));
      }),
      { numRuns: 2000 },
    );
  });
  it('values that are not plain (a Date, a class instance, a Map) go through the copy, as before', () => {
    class Point {
      x = -0;
      get y() {
        return 1;
      }
    }
    for (const result of [{ at: new Date(0) }, new Point(), { m: new Map([[1, 2]]) }, [new Point()]]) {
      expect(envelopeJson(meta, {}, result)).toBe(JSON.stringify(buildEnvelope(meta, {}, result)));
    }
  });
  it('throws the path of a non-finite number as buildEnvelope does', () => {
    expect(() => envelopeJson(meta, {}, { a: [1, { b: Number.NaN }] })).toThrow(
      'finplan bug: non-finite number at result.a[1].b',
    );
    expect(() => envelopeJson(meta, {}, [Number.NEGATIVE_INFINITY])).toThrow(
      'non-finite number at result[0]',
    );
  });
});

describe('envelopeOfFresh (an operation run: its result checked in place, copied only when needed)', () => {
  const meta = { prefix: 'demo', path: '/v1/demo', engineVersion: 'demo-1.0.0' };
  it('equals buildEnvelope for any result, and is the result itself exactly when the copy would equal it', () => {
    fc.assert(
      fc.property(tree, tree, (input, result) => {
        const fresh = envelopeOfFresh(meta, input, result);
        const built = buildEnvelope(meta, input, result);
        expect(fresh).toStrictEqual(built);
        expect(JSON.stringify(fresh)).toBe(JSON.stringify(built));
        const copyNeeded =
          JSON.stringify(referenceFinite(result)) !== JSON.stringify(result) ||
          !isDeepStrictEqual(referenceFinite(result), result);
        if (typeof result === 'object' && result !== null && copyNeeded)
          expect(fresh.result).not.toBe(result);
      }),
      { numRuns: 2000 },
    );
    // -0, an undefined member, a class instance, a null-prototype object: copied
    for (const result of [
      { a: -0 },
      { a: [1, -0] },
      { a: undefined },
      { d: new Date(0) },
      Object.create(null),
    ])
      expect(envelopeOfFresh(meta, {}, result).result).not.toBe(result);
    const clean = { a: 1, b: [0, 2, { c: 'x' }], d: null };
    expect(envelopeOfFresh(meta, {}, clean).result).toBe(clean);
  });
  it('throws the path of a non-finite number as buildEnvelope does', () => {
    expect(() => envelopeOfFresh(meta, {}, { a: [1, { b: Number.NaN }] })).toThrow(
      'finplan bug: non-finite number at result.a[1].b',
    );
  });
});

describe('resultId', () => {
  it('is the SHA-256 of the canonical JSON of { path, engine_version, input }', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), tree, (prefix, path, version, input) => {
        const text = referenceCanonicalJson({ path, engine_version: version, input });
        const hex = createHash('sha256').update(text).digest('hex');
        expect(resultId(prefix, path, version, input)).toBe(`${prefix}_${hex.slice(0, 16)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('buildEnvelope keeps the id text per meta object, yet follows a meta object reused with new values', () => {
    const meta = { prefix: 'demo', path: '/v1/demo', engineVersion: 'demo-1.0.0' };
    const first = buildEnvelope(meta, { x: 1 }, {});
    expect(first.result_id).toBe(resultId('demo', '/v1/demo', 'demo-1.0.0', { x: 1 }));
    expect(buildEnvelope(meta, { x: 2 }, {}).result_id).toBe(
      resultId('demo', '/v1/demo', 'demo-1.0.0', { x: 2 }),
    );
    meta.engineVersion = 'demo-1.0.1';
    const bumped = buildEnvelope(meta, { x: 1 }, {});
    expect(bumped.result_id).toBe(resultId('demo', '/v1/demo', 'demo-1.0.1', { x: 1 }));
    expect(bumped.result_id).not.toBe(first.result_id);
    expect(JSON.parse(envelopeJson(meta, { x: 1 }, {})).result_id).toBe(bumped.result_id);
  });
});
