/**
 * A fast accepting path for request schemas: `fastParse(schema)` derives from a schema a parser
 * built from closures (no code generation, so it also runs where `eval` is not allowed) that returns
 * exactly what `z.safeParse(schema, raw).data` would for a request zod accepts, and {@link REJECT} for
 * anything else. A rejected request is then parsed by zod, which says what is wrong; the fast path
 * never has to word an error, so it only ever decides "certainly valid, and here is the value".
 *
 * It follows zod's own rules (v4 core): an object's members in shape order with zod's rules for absent
 * optional and defaulted keys, unknown keys refused by a strict object, numbers finite, the checks of
 * every schema run in order. Bounds and integer formats are compared inline; every other check (a
 * refinement, a cross-field rule) is zod's own check function run on the value. A schema kind it does
 * not know (a union, a record, a transform, anything coerced) is parsed by zod where it sits. A differential
 * test (test/core/fast-parse.test.ts) holds it to zod over every operation's generated requests.
 *
 * @module
 * @internal
 */
import type * as core from 'zod/v4/core';

/** What the fast path returns for a request it does not accept (zod then parses it). */
export const REJECT: unique symbol = Symbol('reject');

/** Parses one value: its output, or {@link REJECT}. */
type Step = (value: unknown) => unknown;

/** A zod check as the fast path runs it: true when the value passes (it may replace `payload.value`). */
type CheckStep = (payload: core.ParsePayload) => boolean;

type AnySchema = core.$ZodType;

/** Every value a check or a delegated schema parses (synchronous, as `z.safeParse`). */
const SYNC: core.ParseContextInternal = { async: false };

/** zod's own parse of `schema` at this place: for kinds the fast path does not compile. */
function delegate(schema: AnySchema): Step {
  return (value) => {
    const result = schema._zod.run({ value, issues: [] }, SYNC);
    if (result instanceof Promise || result.issues.length > 0) return REJECT;
    return result.value;
  };
}

/** One check of a schema (`gte`, `lt`, `int`, a refinement ...). */
function checkStep(check: core.$ZodCheck): CheckStep | undefined {
  const def = check._zod.def as core.$ZodCheckDef & {
    value?: unknown;
    inclusive?: boolean;
    format?: string;
  };
  if (def.check === 'describe' || def.check === 'meta') return undefined; // no-op checks (metadata)
  if (def.when === undefined && typeof def.value === 'number') {
    const bound = def.value;
    if (def.check === 'greater_than') {
      return def.inclusive
        ? (payload) => (payload.value as number) >= bound
        : (payload) => (payload.value as number) > bound;
    }
    if (def.check === 'less_than') {
      return def.inclusive
        ? (payload) => (payload.value as number) <= bound
        : (payload) => (payload.value as number) < bound;
    }
  }
  if (def.check === 'number_format' && def.format === 'safeint' && def.when === undefined) {
    return (payload) => Number.isSafeInteger(payload.value);
  }
  const when = def.when;
  const run = check._zod.check as (payload: core.ParsePayload) => unknown;
  return (payload) => {
    if (when !== undefined && !when(payload)) return true;
    const outcome = run(payload);
    return !(outcome instanceof Promise) && payload.issues.length === 0;
  };
}

/** The checks zod runs after parsing `schema` (the schema itself first when it is also a check). */
function checkSteps(schema: AnySchema): CheckStep[] {
  const own = schema._zod.def.checks ?? [];
  const all = schema._zod.traits.has('$ZodCheck') ? [schema as unknown as core.$ZodCheck, ...own] : own;
  return all.map(checkStep).filter((step): step is CheckStep => step !== undefined);
}

/** `parse` followed by the schema's checks. */
function withChecks(schema: AnySchema, parse: Step): Step {
  const checks = checkSteps(schema);
  if (checks.length === 0) return parse;
  return (value) => {
    const parsed = parse(value);
    if (parsed === REJECT) return REJECT;
    const payload: core.ParsePayload = { value: parsed, issues: [] };
    for (let i = 0; i < checks.length; i++) {
      if (!(checks[i] as CheckStep)(payload)) return REJECT;
    }
    return payload.value;
  };
}

/** How an object member is written to the output, from its schema's optin/optout (zod's rules). */
enum Presence {
  /** Required: an absent key is an error. */
  Required,
  /** `optional`: written only when the key is present. */
  WhenPresent,
  /** `optional` around a default: written when present or when it has a value. */
  WhenPresentOrDefined,
  /** `default`: always written. */
  Always,
}

function presence(schema: AnySchema): Presence {
  const { optin, optout } = schema._zod;
  if (optin === undefined) return Presence.Required;
  if (optout === 'optional')
    return optin === 'optional' ? Presence.WhenPresent : Presence.WhenPresentOrDefined;
  return optin === 'defaulted' ? Presence.Always : Presence.WhenPresentOrDefined;
}

interface Member {
  readonly key: string;
  readonly step: Step;
  readonly presence: Presence;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectStep(def: core.$ZodObjectDef): Step | undefined {
  const keys = Object.keys(def.shape);
  if (Object.getOwnPropertySymbols(def.shape).length > 0 || keys.includes('__proto__')) return undefined;
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== undefined && catchall !== 'never') return undefined; // loose objects: zod's walk
  const strict = catchall === 'never';
  const members: Member[] = keys.map((key) => {
    const schema = def.shape[key] as AnySchema;
    return { key, step: stepOf(schema), presence: presence(schema) };
  });
  const known = new Set(keys);
  return (value) => {
    if (!isPlainRecord(value)) return REJECT;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < members.length; i++) {
      const { key, step, presence: rule } = members[i] as Member;
      // one lookup for a key that holds a value (it is then present); `in` only for undefined
      const raw = value[key];
      const present = raw !== undefined || key in value;
      if (!present && rule === Presence.Required) return REJECT;
      const parsed = step(raw);
      if (parsed === REJECT) return REJECT;
      if (
        rule === Presence.Always ||
        present ||
        (rule === Presence.WhenPresentOrDefined && parsed !== undefined)
      ) {
        out[key] = parsed;
      }
    }
    if (strict) for (const key in value) if (!known.has(key)) return REJECT;
    return out;
  };
}

function arrayStep(def: core.$ZodArrayDef): Step {
  const element = stepOf(def.element as AnySchema);
  return (value) => {
    if (!Array.isArray(value)) return REJECT;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const parsed = element(value[i]);
      if (parsed === REJECT) return REJECT;
      out[i] = parsed;
    }
    return out;
  };
}

/** The parse of `schema` without its checks, or undefined when zod must parse it. */
function parseStep(schema: AnySchema): Step | undefined {
  const def = schema._zod.def as core.$ZodTypeDef & { coerce?: boolean };
  if (def.coerce) return undefined;
  switch (def.type) {
    case 'number':
      return (value) => (typeof value === 'number' && value - value === 0 ? value : REJECT);
    case 'string':
      return (value) => (typeof value === 'string' ? value : REJECT);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : REJECT);
    case 'enum':
    case 'literal': {
      const values = schema._zod.values;
      if (values === undefined) return undefined;
      return (value) => (values.has(value as core.util.Primitive) ? value : REJECT);
    }
    case 'object':
      return objectStep(def as core.$ZodObjectDef);
    case 'array':
      return arrayStep(def as core.$ZodArrayDef);
    case 'optional': {
      const inner = (def as core.$ZodOptionalDef).innerType as AnySchema;
      const step = stepOf(inner);
      if (inner._zod.optin === 'defaulted') return step;
      return (value) => (value === undefined ? undefined : step(value));
    }
    case 'default': {
      const inner = stepOf((def as core.$ZodDefaultDef).innerType as AnySchema);
      const withDefault = def as core.$ZodDefaultDef;
      return (value) => {
        // zod reads `defaultValue` on every use (a getter that copies an object default).
        if (value === undefined) return withDefault.defaultValue;
        const parsed = inner(value);
        return parsed === undefined ? withDefault.defaultValue : parsed;
      };
    }
    case 'pipe': {
      const pipe = def as core.$ZodPipeDef;
      const first = stepOf(pipe.in as AnySchema);
      const second = stepOf(pipe.out as AnySchema);
      return (value) => {
        const parsed = first(value);
        return parsed === REJECT ? REJECT : second(parsed);
      };
    }
    case 'nullable': {
      const inner = stepOf((def as core.$ZodNullableDef).innerType as AnySchema);
      return (value) => (value === null ? null : inner(value));
    }
    default:
      return undefined;
  }
}

/**
 * A number within bounds (the common money, rate and age field) in one step, when its only checks are a
 * lower bound, an upper bound and the safe-integer format: what the number parse and those checks
 * accept, compared inline, without the payload each zod check is run with. Undefined otherwise.
 */
function boundedNumberStep(schema: AnySchema): Step | undefined {
  const def = schema._zod.def as core.$ZodTypeDef & { coerce?: boolean };
  if (def.type !== 'number' || def.coerce || schema._zod.traits.has('$ZodCheck')) return undefined;
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let minOpen = false;
  let maxOpen = false;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as core.$ZodCheckDef & { value?: unknown; inclusive?: boolean; format?: string };
    if (c.check === 'describe' || c.check === 'meta') continue;
    if (c.when !== undefined) return undefined;
    if (c.check === 'greater_than' && typeof c.value === 'number' && min === Number.NEGATIVE_INFINITY) {
      min = c.value;
      minOpen = !c.inclusive;
    } else if (c.check === 'less_than' && typeof c.value === 'number' && max === Number.POSITIVE_INFINITY) {
      max = c.value;
      maxOpen = !c.inclusive;
    } else if (c.check === 'number_format' && c.format === 'safeint') integer = true;
    else return undefined;
  }
  return (value) =>
    typeof value === 'number' &&
    value - value === 0 &&
    (minOpen ? value > min : value >= min) &&
    (maxOpen ? value < max : value <= max) &&
    (!integer || Number.isSafeInteger(value))
      ? value
      : REJECT;
}

/** The fast parse of `schema` with its checks; zod's own where the fast path has no rule for it. */
function stepOf(schema: AnySchema): Step {
  const bounded = boundedNumberStep(schema);
  if (bounded !== undefined) return bounded;
  const parse = parseStep(schema);
  return parse === undefined ? delegate(schema) : withChecks(schema, parse);
}

/**
 * The fast accepting parser of `schema`, built from it now (an operation builds its own once, on its
 * first parse): the parsed value of a request zod accepts, {@link REJECT} otherwise.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Input = z.strictObject({ years: z._default(z.number().check(z.gt(0)), 10) });
 * fastParse(Input)({}); // { years: 10 }
 * fastParse(Input)({ years: -1 }) === REJECT; // true: zod words the error
 * ```
 */
export function fastParse(schema: AnySchema): Step {
  return stepOf(schema);
}
