import fc from 'fast-check';
import { SUPPORTED_TAX_YEARS } from '../tax/engine';

/**
 * What a number measures, which sets the range it is drawn from (see {@link arbitraryFromJsonSchema}):
 * `money` (dollars), `rate` (a decimal fraction: interest, return, inflation, growth, a tax rate),
 * `share` (a fraction of a whole: a weight, a ratio), `age`, `years` (a duration in whole years),
 * `months` (a duration in months or monthly periods), `year` (a calendar year), `birth_year`,
 * `price` (dollars per share or unit), `quantity` (a number of shares or units), `people` (a family or
 * household size, a number of dependents). docs/testing.md lists the range of each.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { arbitraryFromJsonSchema, type JsonSchema } from 'finplan/testing';
 * const schema: JsonSchema = { type: 'integer', minimum: 0, maximum: 120, 'x-finplan-kind': 'age' };
 * const ages = fc.sample(arbitraryFromJsonSchema(schema), 100) as number[];
 * ages.every((age) => age >= 18 && age <= 95); // true
 * ```
 */
export type ValueKind =
  | 'money'
  | 'rate'
  | 'share'
  | 'age'
  | 'years'
  | 'months'
  | 'year'
  | 'birth_year'
  | 'price'
  | 'quantity'
  | 'people';

/**
 * The subset of JSON Schema 2020-12 that finplan's request schemas produce, with finplan's
 * `x-finplan-kind` keyword.
 *
 * @example
 * ```ts
 * import type { JsonSchema } from 'finplan/testing';
 * const balance: JsonSchema = { type: 'number', minimum: 0, exclusiveMaximum: 1e12, 'x-finplan-kind': 'money' };
 * ```
 */
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
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  /**
   * What the number measures (finplan's own keyword: `finplan/testing` sets it from the field helper
   * that built the field, or from an operation's hints); without it, the property name decides.
   */
  'x-finplan-kind'?: ValueKind;
}

/**
 * How values are drawn: realistic by default, extreme values mixed in with `extremes: true`.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { taxEstimate } from 'finplan/tax';
 * import { inputArbitrary } from 'finplan/testing';
 * // Robustness: every valid request, however odd, gives a finite tax.
 * fc.assert(fc.property(inputArbitrary(taxEstimate, {}, { extremes: true }), (input) =>
 *   Number.isFinite(taxEstimate(input).result.total_tax)));
 * ```
 */
export interface ArbitraryOptions {
  /**
   * Mix extreme values in with the realistic ones (default false): the bounds, zero, a cent, round
   * amounts, and any double in range (subnormals, amounts near 1e12, rates near their limits), with
   * fast-check's bias toward small and boundary values. For robustness tests: they find what breaks
   * on odd input, at the price of requests no planner sends (and more domain errors such as tvm's
   * `no_solution`).
   */
  readonly extremes?: boolean;
}

/** Arrays are capped so that generated inputs stay fast to compute. */
const MAX_ITEMS = 12;

/**
 * The realistic range of each kind (inclusive), intersected with the field's own bounds. The year
 * "today" is the latest tax year finplan supports, so that ages and birth years agree with tax_year.
 */
const REFERENCE_YEAR = Math.max(...SUPPORTED_TAX_YEARS);
const REALISTIC = {
  /** Dollars, drawn log-uniformly (as many amounts between $100 and $1,000 as between $1M and $10M). */
  money: { min: 100, max: 10_000_000 },
  rate: { min: 0, max: 0.15 },
  share: { min: 0, max: 1 },
  age: { min: 18, max: 95 },
  years: { min: 1, max: 40 },
  months: { min: 12, max: 480 },
  year: { min: REFERENCE_YEAR - 30, max: REFERENCE_YEAR + 5 },
  birth_year: { min: REFERENCE_YEAR - 95, max: REFERENCE_YEAR - 18 },
  /** Log-uniform, to the cent. */
  price: { min: 1, max: 1_000 },
  /** Log-uniform, whole units. */
  quantity: { min: 1, max: 100_000 },
  people: { min: 0, max: 6 },
} as const satisfies Record<ValueKind, { min: number; max: number }>;
/** Share of signed money amounts drawn negative (a loss, an outflow). */
const NEGATIVE_SHARE = 0.1;
/** Rates and shares are drawn on a grid of this step (six places, as results round rates). */
const RATE_STEP = 1e-6;
/** A number range wider than this, with no kind, is money. */
const MONEY_LIKE_RANGE = 1e6;
/** A positive range with no kind whose ends are this far apart is drawn log-uniformly. */
const LOG_UNIFORM_RATIO = 100;

/** Names that say what a field measures, for fields whose schema does not (first match wins). */
const NAME_KINDS: readonly (readonly [RegExp, ValueKind])[] = [
  [/(^|_)(share|fraction|ratio|weight)(_|$)/, 'share'],
  [/(^|_)(family_size|household_size|dependents)$/, 'people'],
  [/(^|_)birth_year$/, 'birth_year'],
  [/(^|_)age$/, 'age'],
  [/(^|_)years$/, 'years'],
  [/(^|_)months$/, 'months'],
  [/(^|_)year$/, 'year'],
  [/(^|_)(rate|return|inflation|growth|cola|volatility|yield)$/, 'rate'],
];

function kindOf(schema: JsonSchema, name: string | undefined): ValueKind | undefined {
  const declared = schema['x-finplan-kind'];
  const named = name === undefined ? undefined : NAME_KINDS.find(([pattern]) => pattern.test(name))?.[1];
  // A share built with the rate helper (0-1 bounds) is still a share: the name is more precise.
  if (named === 'share' && (declared === undefined || declared === 'rate')) return 'share';
  return declared ?? named;
}

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

/** The integers of a range (undefined when it has none), capped to safe integers. */
function integerBounds(range: Interval): { min: number; max: number } | undefined {
  let min = Math.max(Math.ceil(range.min), Number.MIN_SAFE_INTEGER);
  let max = Math.min(Math.floor(range.max), Number.MAX_SAFE_INTEGER);
  if (range.minExcluded && min === range.min) min += 1;
  if (range.maxExcluded && max === range.max) max -= 1;
  return min <= max ? { min, max } : undefined;
}

/** Uniform integers of [min, max], without fast-check's bias toward small and boundary values. */
function uniformInteger(min: number, max: number): fc.Arbitrary<number> {
  return fc.noBias(fc.integer({ min, max }));
}

/** Uniform multiples of `step` within the range (the range's own bounds when none fits). */
function uniformGrid(range: Interval, step: number): fc.Arbitrary<number> {
  const grid = integerBounds({
    ...range,
    min: range.min / step,
    max: range.max / step,
  });
  if (!grid) return fc.constant(inside(range, range.min) ? range.min : range.max);
  return uniformInteger(grid.min, grid.max).map((k) => {
    const x = Number((k * step).toFixed(12));
    return Object.is(x, -0) ? 0 : x;
  });
}

/** The realistic part of a range: its intersection with [lo, hi], or undefined when empty. */
function within(range: Interval, lo: number, hi: number): Interval | undefined {
  const min = Math.max(range.min, lo);
  const max = Math.min(range.max, hi);
  const clipped: Interval = {
    min,
    max,
    minExcluded: min === range.min && range.minExcluded,
    maxExcluded: max === range.max && range.maxExcluded,
  };
  if (min > max || (min === max && (clipped.minExcluded || clipped.maxExcluded))) return undefined;
  return clipped;
}

/** Cents drawn log-uniformly over [lo, hi] (0 < lo <= hi). */
function logUniformCents(lo: number, hi: number): fc.Arbitrary<number> {
  const steps = 1_000_000;
  const ratio = Math.log(hi / lo);
  return uniformInteger(0, steps).map((k) =>
    Math.min(Math.max(Math.round(lo * Math.exp((ratio * k) / steps) * 100) / 100, lo), hi),
  );
}

/** Dollars to the cent, log-uniform over [min, max] (negative now and then when the field allows it). */
function realisticMoney(
  range: Interval,
  { min, max }: { min: number; max: number } = REALISTIC.money,
): fc.Arbitrary<number> | undefined {
  const positive = within(range, min, max);
  const negative = within(range, -max, -min);
  const up = positive && logUniformCents(positive.min, positive.max).filter((x) => inside(range, x));
  const down =
    negative &&
    logUniformCents(-negative.max, -negative.min)
      .map((x) => -x)
      .filter((x) => inside(range, x));
  if (up && down)
    return fc.oneof(
      { arbitrary: up, weight: Math.round((1 - NEGATIVE_SHARE) * 100) },
      { arbitrary: down, weight: Math.round(NEGATIVE_SHARE * 100) },
    );
  return up ?? down;
}

/** The realistic draw of a number of a given kind: undefined when the field's bounds exclude the kind's range. */
function realisticNumber(
  kind: ValueKind,
  range: Interval,
  integer: boolean,
): fc.Arbitrary<number> | undefined {
  if (kind === 'money' || kind === 'price') return realisticMoney(range, REALISTIC[kind]);
  const { min, max } = REALISTIC[kind];
  const part = within(range, min, max);
  if (!part) return undefined;
  if (kind === 'quantity')
    return logUniformCents(part.min, part.max).map((x) => Math.max(part.min, Math.round(x)));
  if (
    integer ||
    kind === 'age' ||
    kind === 'years' ||
    kind === 'months' ||
    kind === 'year' ||
    kind === 'birth_year'
  ) {
    const whole = integerBounds(part);
    return whole && uniformInteger(whole.min, whole.max);
  }
  return uniformGrid(part, RATE_STEP);
}

/**
 * A realistic number of a field with no kind: money when the range is that wide; log-uniform over a
 * positive range of two decades or more (a multiplier such as 0.1-10 is 1 at the median); else uniform.
 */
function plainNumber(range: Interval, integer: boolean): fc.Arbitrary<number> {
  if (range.max - range.min > MONEY_LIKE_RANGE) {
    const money = realisticMoney(range);
    if (money && !integer) return money;
    if (money) return money.map(Math.round).filter((x) => inside(range, x));
  }
  if (!integer && range.min > 0 && range.max / range.min >= LOG_UNIFORM_RATIO) {
    const ratio = Math.log(range.max / range.min);
    return uniformInteger(0, 1_000_000)
      .map((k) => Number((range.min * Math.exp((ratio * k) / 1_000_000)).toPrecision(6)))
      .filter((x) => inside(range, x));
  }
  if (integer) {
    const whole = integerBounds(range);
    return whole ? uniformInteger(whole.min, whole.max) : fc.constant(range.min);
  }
  return uniformGrid(range, RATE_STEP);
}

/** Values a planner tries first: the bounds, zero, a cent, round numbers. */
function edges(range: Interval, integer: boolean): fc.Arbitrary<number> | undefined {
  const candidates = [
    range.min,
    range.max,
    0,
    0.01,
    0.05,
    1,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
  ];
  const values = [...new Set(candidates)].filter(
    (x) => inside(range, x) && (!integer || Number.isInteger(x)),
  );
  return values.length > 0 ? fc.constantFrom(...values) : undefined;
}

/** Anything in range: fast-check's own draw (doubles spread over bit patterns, integers biased to the ends). */
function anyInRange(range: Interval, integer: boolean): fc.Arbitrary<number> {
  if (integer) {
    const whole = integerBounds(range);
    return whole ? fc.integer(whole) : fc.constant(range.min);
  }
  return fc.double({ ...range, noNaN: true, noDefaultInfinity: true });
}

function numberArbitrary(schema: JsonSchema, name: string | undefined, options: ArbitraryOptions) {
  const range = intervalOf(schema);
  const integer = schema.type === 'integer';
  const kind = kindOf(schema, name);
  const realistic = (kind && realisticNumber(kind, range, integer)) ?? plainNumber(range, integer);
  if (!options.extremes) return realistic;
  const edge = edges(range, integer);
  return fc.oneof({ arbitrary: realistic, weight: 5 }, ...(edge ? [{ arbitrary: edge, weight: 2 }] : []), {
    arbitrary: anyInRange(range, integer),
    weight: 3,
  });
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A real calendar date (YYYY-MM-DD) in the realistic years. */
function realisticDate(): fc.Arbitrary<string> {
  const { min, max } = REALISTIC.year;
  return fc
    .tuple(uniformInteger(min, max), uniformInteger(1, 12), uniformInteger(1, 31))
    .map(([year, month, day]) => {
      const last = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
      const two = (n: number) => String(n).padStart(2, '0');
      return `${year}-${two(month)}-${two(Math.min(day, last))}`;
    });
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const shaped = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern))
    : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
  if (schema.format !== 'date') return shaped;
  // A real date mostly; with extremes, anything the pattern admits too (2026-02-30 ...).
  return options.extremes
    ? fc.oneof({ arbitrary: realisticDate(), weight: 3 }, { arbitrary: shaped, weight: 1 })
    : realisticDate();
}

function build(schema: JsonSchema, options: ArbitraryOptions, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  // A union (no type of its own): one of its members. On a typed object, oneOf / allOf / if-then are
  // cross-field rules (`crossFieldRules`), left to the operation's schema as the other refinements are.
  const alternatives = schema.type === undefined ? (schema.anyOf ?? schema.oneOf) : undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => build(alternative, options, name)));
  if (schema.type === undefined && schema.allOf && schema.allOf.length > 0)
    return build(Object.assign({}, ...schema.allOf), options, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return numberArbitrary(schema, name, options);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema, options);
    case 'array':
      return fc.array(schema.items ? build(schema.items, options, name) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object':
      return objectArbitrary(schema, {}, options);
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything();
  }
}

function objectArbitrary(
  schema: JsonSchema,
  overrides: Readonly<Record<string, fc.Arbitrary<unknown>>>,
  options: ArbitraryOptions,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set([...(schema.required ?? []), ...Object.keys(overrides)]);
  const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, overrides[key] ?? build(value, options, key)]),
    ),
    { requiredKeys },
  );
}

/**
 * A fast-check arbitrary of values shaped by a JSON Schema: right types and bounds, optional
 * properties sometimes omitted, and numbers drawn as a planner would use them, by what each measures
 * (the `x-finplan-kind` keyword, else the property name, else the range):
 *
 * | kind | drawn (within the field's bounds) |
 * |---|---|
 * | money (or a number with a range wider than 1e6) | log-uniform $100-$10M to the cent; 10% negative where allowed |
 * | rate (`*_rate`, `*_return`, inflation, growth, cola, volatility, yield) | uniform 0-15% (6 places) |
 * | share (`*_share`, `*_fraction`, `*_ratio`, `weight`) | uniform 0-1 |
 * | age (`*_age`) | 18-95 |
 * | years (`*_years`) | 1-40 |
 * | months (`*_months`) | 12-480 |
 * | year (`*_year`) | the latest supported tax year - 30 to + 5 |
 * | birth_year (`*birth_year`) | ages 18-95 in the latest supported tax year |
 * | people (`family_size`, `household_size`, `dependents`) | 0-6 |
 * | price, quantity (set by an operation's hints) | log-uniform $1-$1,000 to the cent; 1-100,000 whole |
 * | other numbers | log-uniform over a positive range of two decades or more, else uniform |
 *
 * When a field's bounds exclude its kind's range (a child's age 0-17), it is drawn uniformly over its
 * bounds. Enumerations pick a member (years from the supported years), dates are real calendar dates.
 * With `options.extremes`, edge and any-in-range values are mixed in (see {@link ArbitraryOptions}).
 * `overrides` replace the arbitrary of top-level properties (always present then). Cross-field rules
 * (refinements) are not encoded: filter the values through the operation's schema
 * ({@link inputArbitrary} does).
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { arbitraryFromJsonSchema } from 'finplan/testing';
 * const schema = { type: 'object', properties: { balance: { type: 'number', minimum: 0, maximum: 1e12 } }, required: ['balance'] };
 * const drawn = fc.sample(arbitraryFromJsonSchema(schema), 100) as { balance: number }[];
 * drawn.every(({ balance }) => balance >= 100 && balance <= 10_000_000); // true
 * ```
 */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  overrides: Readonly<Record<string, fc.Arbitrary<unknown>>> = {},
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.const === undefined && schema.enum === undefined)
    return objectArbitrary(schema, overrides, options);
  return build(schema, options);
}
