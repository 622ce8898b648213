import fc from 'fast-check';

/** The subset of JSON Schema 2020-12 that finplan's request schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Arrays are capped so that generated inputs stay fast to compute. */
const MAX_ITEMS = 12;

/** A range wider than this is money-like: magnitudes are drawn log-uniformly (see {@link moneyLike}). */
const MONEY_LIKE_RANGE = 1e6;
/** Planner magnitudes of money: $1 to $10,000,000, log-uniform (cents and smaller amounts come from the edges). */
const MONEY_DECADES = { min: 0, max: 7 } as const;
/** Typical rates: 0 to 15%. */
const TYPICAL_RATE_MAX = 0.15;

interface Interval {
  readonly min: number;
  readonly max: number;
  readonly minExcluded: boolean;
  readonly maxExcluded: boolean;
}

function intervalOf(schema: JsonSchema): Interval {
  let min = schema.minimum ?? -1e12;
  let max = schema.maximum ?? 1e12;
  let minExcluded = false;
  let maxExcluded = false;
  if (schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum >= min) {
    min = schema.exclusiveMinimum;
    minExcluded = true;
  }
  if (schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum <= max) {
    max = schema.exclusiveMaximum;
    maxExcluded = true;
  }
  return { min, max, minExcluded, maxExcluded };
}

function inside(range: Interval, x: number): boolean {
  return (
    (range.minExcluded ? x > range.min : x >= range.min) &&
    (range.maxExcluded ? x < range.max : x <= range.max)
  );
}

/** Values a planner tries first: the bounds, zero, a cent, round numbers. */
function edges(range: Interval, candidates: readonly number[]): fc.Arbitrary<number> | undefined {
  const values = [...new Set([range.min, range.max, ...candidates])].filter((x) => inside(range, x));
  return values.length > 0 ? fc.constantFrom(...values) : undefined;
}

function full(range: Interval): fc.Arbitrary<number> {
  return fc.double({ ...range, noNaN: true, noDefaultInfinity: true });
}

/**
 * Money: mostly cents between $1 and $10M drawn log-uniformly (negative too when allowed), then
 * edge values, then anything in range, so that a property exercises the amounts planners use instead
 * of amounts below a dollar or above $100 billion (which a uniform draw over +-1e12 mostly gives).
 */
function moneyLike(range: Interval): fc.Arbitrary<number> {
  const planner = fc
    // fc.double spreads over bit patterns (mostly tiny values): draw the decade uniformly in 1/1000 steps.
    .tuple(fc.integer({ min: MONEY_DECADES.min * 1000, max: MONEY_DECADES.max * 1000 }), fc.boolean())
    .map(([milliDecade, negative]) => {
      const cents = Math.round(10 ** (milliDecade / 1000) * 100) / 100;
      return negative && range.min < 0 ? -cents : cents;
    })
    .filter((x) => inside(range, x));
  const edge = edges(range, [0, 0.01, 1, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]);
  return fc.oneof({ arbitrary: planner, weight: 7 }, ...(edge ? [{ arbitrary: edge, weight: 2 }] : []), {
    arbitrary: full(range),
    weight: 1,
  });
}

/** Rates and other narrow ranges: mostly 0-15% where allowed, then anything in range, then edges. */
function rateLike(range: Interval): fc.Arbitrary<number> {
  const lo = Math.max(range.min, 0);
  const hi = Math.min(range.max, TYPICAL_RATE_MAX);
  const typical =
    lo < hi ? fc.double({ min: lo, max: hi, noNaN: true }).filter((x) => inside(range, x)) : undefined;
  const edge = edges(range, [0, 0.05]);
  return fc.oneof(
    ...(typical ? [{ arbitrary: typical, weight: 6 }] : []),
    { arbitrary: full(range), weight: 3 },
    ...(edge ? [{ arbitrary: edge, weight: 1 }] : []),
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const range = intervalOf(schema);
  if (schema.type === 'integer') {
    const lo = Math.max(Math.ceil(range.min), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(range.max), Number.MAX_SAFE_INTEGER);
    return fc.integer({
      min: range.minExcluded && lo === range.min ? lo + 1 : lo,
      max: range.maxExcluded && hi === range.max ? hi - 1 : hi,
    });
  }
  return range.max - range.min > MONEY_LIKE_RANGE ? moneyLike(range) : rateLike(range);
}

/**
 * A fast-check arbitrary of values shaped by a JSON Schema: right types and bounds, optional
 * properties sometimes omitted, numbers drawn as a planner would use them (money log-uniform over
 * $0.01-$10M with edge values mixed in; rates mostly 0-15%). `overrides` replace the arbitrary of
 * top-level properties (always present then). Cross-field rules (refinements) are not encoded: filter
 * the values through the operation's schema ({@link inputArbitrary} does).
 */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  overrides: Readonly<Record<string, fc.Arbitrary<unknown>>> = {},
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  // A union (no type of its own): one of its members. On a typed object, oneOf / allOf / if-then are
  // cross-field rules (`crossFieldRules`), left to the operation's schema as the other refinements are.
  const alternatives = schema.type === undefined ? (schema.anyOf ?? schema.oneOf) : undefined;
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => arbitraryFromJsonSchema(alternative)));
  if (schema.type === undefined && schema.allOf && schema.allOf.length > 0)
    return arbitraryFromJsonSchema(Object.assign({}, ...schema.allOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set([...(schema.required ?? []), ...Object.keys(overrides)]);
      const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [
            key,
            overrides[key] ?? arbitraryFromJsonSchema(value),
          ]),
        ),
        { requiredKeys },
      );
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything();
  }
}
