// The fast accepting parser against zod, its reference: over every operation's generated requests
// (valid ones, schema-shaped ones valid or not, valid ones with one field broken, and any value), it must
// accept exactly what zod accepts, with the same value key for key (and in the same key order), and
// reject everything else so that zod words the error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fastParse, REJECT } from '../../src/core/fast-parse';

import { servedRegistry as registry } from '../../src/served-operations';
import { taxEstimate } from '../../src/tax/tax-estimate';
import { inputArbitrary, rawInputArbitrary } from '../../src/testing/index';

type AnyOperation = (typeof registry.operations)[number];

/** The same value in the same key order (JSON text), and the same undefined members (toStrictEqual). */
function expectAgreement(schema: z.ZodMiniType, raw: unknown): void {
  const reference = z.safeParse(schema, structuredCloneOrSame(raw));
  const fast = fastParse(schema)(raw);
  if (!reference.success) {
    expect(fast, 'zod rejects this request').toBe(REJECT);
    return;
  }
  expect(fast, 'zod accepts this request').not.toBe(REJECT);
  expect(fast).toStrictEqual(reference.data);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference.data));
}

/** A copy for zod's parse where one can be made (so that neither parse sees the other's work). */
function structuredCloneOrSame(raw: unknown): unknown {
  try {
    return structuredClone(raw);
  } catch {
    return raw;
  }
}

/** A valid request with one member replaced by another value, removed, or an unknown one added. */
function broken(operation: AnyOperation): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      inputArbitrary(operation, {}, { extremes: true }),
      fc.nat(),
      fc.oneof(fc.anything(), fc.double(), fc.constant(undefined)),
    )
    .chain(([input, pick, value]) => {
      const record = input as Record<string, unknown>;
      const keys = Object.keys(record);
      const key = keys[pick % Math.max(keys.length, 1)] ?? 'x';
      return fc.constantFrom(
        { ...record, [key]: value },
        Object.fromEntries(Object.entries(record).filter(([k]) => k !== key)),
        { ...record, unknown_field: value },
      );
    });
}

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (_, operation) => {
    it('accepts what zod accepts, with the same value, and rejects the rest', () => {
      fc.assert(
        fc.property(
          fc.oneof(
            inputArbitrary(operation, {}, { extremes: true }),
            rawInputArbitrary(operation),
            broken(operation),
            fc.anything(),
          ),
          (raw) => expectAgreement(operation.input, raw),
        ),
        { numRuns: 80 },
      );
    });
  },
);

describe('fastParse', () => {
  const Input = z.strictObject({
    years: z._default(z.number().check(z.gt(0)), 10),
    tags: z._default(z.array(z.string()), []),
    note: z.optional(z.string()),
    level: z.optional(z._default(z.int(), 3)),
  });

  it('applies defaults as zod does, with a fresh copy of an object default each time', () => {
    const first = fastParse(Input)({}) as { years: number; tags: string[]; level: number };
    expect(first).toStrictEqual({ years: 10, tags: [], level: 3 });
    first.tags.push('changed');
    expect(fastParse(Input)({})).toStrictEqual({ years: 10, tags: [], level: 3 });
    expectAgreement(Input, {});
    expectAgreement(Input, { note: undefined, level: undefined });
  });

  it('refuses what zod refuses: unknown and inherited keys, __proto__, NaN, infinities, arrays', () => {
    const refused: unknown[] = [
      { years: Number.NaN },
      { years: Number.POSITIVE_INFINITY },
      { years: 0 },
      { extra: 1 },
      JSON.parse('{"__proto__": 1}'),
      Object.create({ inherited: 1 }),
      [],
      null,
      'text',
      { level: 1.5 },
      { level: 2 ** 53 },
    ];
    for (const raw of refused) {
      expect(fastParse(Input)(raw), JSON.stringify(raw)).toBe(REJECT);
      expect(z.safeParse(Input, raw).success, JSON.stringify(raw)).toBe(false);
    }
  });

  it('runs refinements and cross-field rules: a single-filer spouse_age is refused, then worded by zod', () => {
    const raw = { tax_year: 2025, filing_status: 'single', ordinary_income: 50_000, spouse_age: 60 };
    expect(fastParse(taxEstimate.input)(raw)).toBe(REJECT);
    expect(() => taxEstimate.parse(raw)).toThrow(/spouse_age/);
    expectAgreement(taxEstimate.input, { ...raw, filing_status: 'mfj' });
  });

  it('leaves kinds it does not compile to zod where they sit (a union inside an object)', () => {
    const Mixed = z.strictObject({ id: z.union([z.string(), z.number().check(z.gte(0))]) });
    expect(fastParse(Mixed)({ id: 'a' })).toStrictEqual({ id: 'a' });
    expect(fastParse(Mixed)({ id: -1 })).toBe(REJECT);
    expectAgreement(Mixed, { id: 3 });
  });
});
