/**
 * Field helpers for operation schemas. Schemas are written with `zod/mini` (functional checks, so that
 * a bundle carries only the validators it uses); these helpers give every area the same bounds and
 * descriptions for the fields that recur (money, rates, ages, years, seeds, filing status).
 *
 * @module
 */
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/** Largest magnitude accepted for a money amount. */
export const MONEY_LIMIT = 1e12;

/** Numeric bounds of a field: inclusive `min`/`max`, exclusive `gt`/`lt`. */
export interface Bounds {
  readonly min?: number;
  readonly max?: number;
  readonly gt?: number;
  readonly lt?: number;
}

function boundChecks(bounds: Bounds) {
  const checks = [];
  if (bounds.gt !== undefined) checks.push(z.gt(bounds.gt));
  if (bounds.min !== undefined) checks.push(z.gte(bounds.min));
  if (bounds.lt !== undefined) checks.push(z.lt(bounds.lt));
  if (bounds.max !== undefined) checks.push(z.lte(bounds.max));
  return checks;
}

/**
 * A finite number within `bounds`, with its description.
 *
 * @example
 * ```ts
 * const years = number('Years until the goal.', { gt: 0, max: 100 });
 * ```
 */
export function number(description: string, bounds: Bounds = {}) {
  return z.number().check(...boundChecks(bounds), z.describe(description));
}

/**
 * A safe integer within `bounds`, with its description.
 *
 * @example
 * ```ts
 * const periods = integer('Periods per year (1-365).', { min: 1, max: 365 });
 * ```
 */
export function integer(description: string, bounds: Bounds = {}) {
  return z.int().check(...boundChecks(bounds), z.describe(description));
}

/**
 * What a request field measures, as the field helper that built it says: `money` (dollars), `rate` (a
 * decimal fraction: 0.05 = 5%), `age` (whole years of a person's age) or `years` (a duration in whole
 * years). `finplan/testing` reads it to draw values a planner would use; validation ignores it.
 */
export type FieldKind = 'money' | 'rate' | 'age' | 'years';

/** The kind of each schema built by a field helper (weakly held: a schema no one uses is collected). */
const fieldKinds = new WeakMap<object, FieldKind>();

function withKind<T extends object>(schema: T, kind: FieldKind): T {
  fieldKinds.set(schema, kind);
  return schema;
}

/**
 * The {@link FieldKind} of a schema built by `money`, `nonNegativeMoney`, `rate`, `age` or `wholeYears`
 * (through `.check(...)` refinements, `z.optional` and defaults); `undefined` for any other schema.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * fieldKindOf(z.optional(money('Balance (dollars).'))); // 'money'
 * fieldKindOf(z.number()) === undefined; // true
 * ```
 */
export function fieldKindOf(schema: unknown): FieldKind | undefined {
  let at = schema as { _zod?: { parent?: unknown; def?: { innerType?: unknown } } } | undefined;
  // A refinement (`.check`) points to its parent; a wrapper (optional, default) holds its inner type.
  for (let depth = 0; at?._zod && depth < 16; depth++) {
    const kind = fieldKinds.get(at);
    if (kind) return kind;
    at = (at._zod.parent ?? at._zod.def?.innerType) as typeof at;
  }
  return undefined;
}

/** A money amount (dollars), finite, |x| < 1e12. */
export function money(description: string) {
  return withKind(number(description, { gt: -MONEY_LIMIT, lt: MONEY_LIMIT }), 'money');
}

/** A non-negative money amount (dollars), below 1e12. */
export function nonNegativeMoney(description: string) {
  return withKind(number(description, { min: 0, lt: MONEY_LIMIT }), 'money');
}

/** One cent: the smallest money amount that means anything in a result (which is rounded to cents). */
export const ONE_CENT = 0.01;

/**
 * A money amount of at least one cent, below 1e12: for an amount that is divided by (a premium, a price
 * per unit), where a fraction of a cent is meaningless and a subnormal one would overflow the quotient.
 *
 * @example
 * ```ts
 * const premium = centsOrMore('Single premium paid today (dollars, at least 0.01).');
 * ```
 */
export function centsOrMore(description: string) {
  return number(description, { min: ONE_CENT, lt: MONEY_LIMIT });
}

/** A rate as a decimal fraction (0.05 = 5%), by default in [-0.99, 1]. */
export function rate(description: string, bounds: { min?: number; max?: number } = {}) {
  return withKind(number(description, { min: bounds.min ?? -0.99, max: bounds.max ?? 1 }), 'rate');
}

/** An age in whole years, 0-120. */
export function age(description: string) {
  return withKind(integer(description, { min: 0, max: 120 }), 'age');
}

/** A whole number of years, 1-100 unless bounded otherwise. */
export function wholeYears(description: string, bounds: { min?: number; max?: number } = {}) {
  return withKind(integer(description, { min: bounds.min ?? 1, max: bounds.max ?? 100 }), 'years');
}

/**
 * A field with a default: omitted, it takes `value` (and the parsed input, hence the result_id, carries
 * it).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const timing = withDefault(z.enum(['begin', 'end']), 'end');
 * ```
 */
export function withDefault<T extends z.ZodMiniType>(schema: T, value: z.output<T> & {}) {
  // biome-ignore lint/suspicious/noExplicitAny: zod's default-value type is the schema's output minus undefined
  return z._default(schema, value as any);
}

/**
 * One of `values`, with its description.
 *
 * @example
 * ```ts
 * const timing = oneOf(['begin', 'end'], 'When payments fall in each period.');
 * ```
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z.enum(values).check(z.describe(description));
}

/**
 * A JSON Schema `pattern` (for `z.meta`) matching exactly the given codes in any letter case: the
 * documented form of a field the operation compares case-insensitively, so that every value it accepts
 * (`IL`, `il`, `Il`) is valid against the OpenAPI document.
 *
 * @example
 * ```ts
 * anyCasePattern(['AK', 'DC']); // '^(?:[Aa][Kk]|[Dd][Cc])$'
 * ```
 */
export function anyCasePattern(codes: readonly string[]): string {
  const letter = (c: string) =>
    c.toUpperCase() === c.toLowerCase()
      ? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      : `[${c.toUpperCase()}${c.toLowerCase()}]`;
  return `^(?:${codes.map((code) => [...code].map(letter).join('')).join('|')})$`;
}

/**
 * A true/false flag, with its description.
 *
 * @example
 * ```ts
 * const include = withDefault(flag('Return the schedule (default false).'), false);
 * ```
 */
export function flag(description: string) {
  return z.boolean().check(z.describe(description));
}

/**
 * Attach a description (shown in the OpenAPI document and the CLI) to any schema.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const row = described(z.object({ year: z.int() }), 'One row of the schedule.');
 * ```
 */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return schema.check(z.describe(description));
}

/**
 * A number of a result schema, with its description (for the OpenAPI document).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Result = z.object({ premium: resultNumber('The single premium (dollars).') });
 * ```
 */
export function resultNumber(description: string) {
  return z.number().check(z.describe(description));
}

/** A number of a result schema that is omitted (never null) where it does not apply, with its description. */
export function optionalResultNumber(description: string) {
  return z.optional(z.number()).check(z.describe(description));
}

/** Seed used when a stochastic operation is called without one. */
export const DEFAULT_SEED = 1;

/** The seed of a stochastic operation: an unsigned 32-bit integer, default {@link DEFAULT_SEED}. */
export function seed() {
  return withDefault(
    integer(`Seed of the random market paths (unsigned 32-bit integer; default ${DEFAULT_SEED}).`, {
      min: 0,
      max: 0xffffffff,
    }),
    DEFAULT_SEED,
  );
}

/** Number of Monte Carlo paths, 1-100000, default 10000. */
export function numSimulations() {
  return withDefault(integer('Number of simulated paths.', { min: 1, max: 100_000 }), 10_000);
}

/** The five federal filing statuses. */
export const FILING_STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'] as const;
/** A federal filing status: `single`, `mfj`, `mfs`, `hoh` or `qss` (qualifying surviving spouse). */
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** A federal filing status: single, mfj, mfs, hoh or qss (qualifying surviving spouse). */
export function filingStatus(description = 'Filing status: single, mfj, mfs, hoh or qss.') {
  return oneOf(FILING_STATUSES, description);
}

/** A JSON Schema fragment (2020-12), as the OpenAPI document carries it. */
export type JsonSchemaRule = Readonly<Record<string, unknown>>;

/**
 * Cross-field rules of an object schema in JSON Schema, for the OpenAPI document (generated clients and
 * validators see them): a check to put next to the `superRefine` that enforces the same rules at run
 * time. `test/http/openapi-rules.test.ts` checks that every request an operation accepts satisfies them.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Flows = z.object({ a: z.optional(z.number()), b: z.optional(z.number()) }).check(
 *   crossFieldRules(exactlyOne('a', 'b')),
 * );
 * (z.toJSONSchema(Flows) as { oneOf: unknown[] }).oneOf.length; // 2
 * ```
 */
export function crossFieldRules(...rules: JsonSchemaRule[]) {
  return z.meta(rules.length === 1 ? { ...rules[0] } : { allOf: rules });
}

/**
 * All the fields are present (each named in `properties` too, so that linters see it defined).
 *
 * @example
 * ```ts
 * present('bracket_ceiling').required; // ['bracket_ceiling']
 * ```
 */
export function present(...fields: string[]) {
  return { properties: Object.fromEntries(fields.map((field) => [field, {}])), required: fields };
}

/**
 * Exactly one of the fields is present.
 *
 * @example
 * ```ts
 * exactlyOne('premium', 'target_annual_income').oneOf.length; // 2
 * ```
 */
export function exactlyOne(...fields: string[]) {
  return { oneOf: fields.map((field) => present(field)) };
}

/**
 * None of the fields is present.
 *
 * @example
 * ```ts
 * 'anyOf' in absent('spouse_age', 'spouse_blind').not; // true (one field: not present('spouse_age'))
 * ```
 */
export function absent(...fields: string[]) {
  return {
    not: fields.length === 1 ? present(...fields) : { anyOf: fields.map((field) => present(field)) },
  };
}

/**
 * `then` applies when `field` is present and one of `values`; `otherwise` (if given) when not. A field
 * left out is not one of `values`: use it only where the field's default is not one of them.
 *
 * @example
 * ```ts
 * when('strategy', ['bracket_fill'], present('bracket_ceiling')).then.required; // ['bracket_ceiling']
 * ```
 */
export function when(
  field: string,
  values: readonly string[],
  then: JsonSchemaRule,
  otherwise?: JsonSchemaRule,
) {
  return {
    if: { properties: { [field]: { enum: [...values] } }, required: [field] },
    then,
    ...(otherwise ? { else: otherwise } : {}),
  };
}

/**
 * The issue reporter of a cross-field rule (`z.superRefine`): `issue(field, message)` adds a custom
 * issue at the top-level `field` of `input`, carrying the value received there; `params` may give the
 * error code (`{ finplan: 'unsupported_year' }`).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Range = z.object({ low: z.number(), high: z.number() }).check(
 *   z.superRefine((input, ctx) => {
 *     const issue = fieldIssue(ctx, input);
 *     if (input.high < input.low) issue('high', 'must be at least low');
 *   }),
 * );
 * z.safeParse(Range, { low: 2, high: 1 }).error?.issues[0]?.path; // ['high']
 * ```
 */
export function fieldIssue<T extends object>(ctx: core.$RefinementCtx<T>, input: T) {
  return (field: keyof T & string, message: string, params?: Record<string, unknown>): void => {
    ctx.addIssue({ code: 'custom', path: [field], message, input: input[field], ...(params && { params }) });
  };
}
