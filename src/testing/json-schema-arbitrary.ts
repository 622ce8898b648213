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

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  let min = schema.minimum ?? -1e12;
  let max = schema.maximum ?? 1e12;
  if (schema.exclusiveMinimum !== undefined) min = Math.max(min, schema.exclusiveMinimum);
  if (schema.exclusiveMaximum !== undefined) max = Math.min(max, schema.exclusiveMaximum);
  if (integer) {
    const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.integer({
      min: schema.exclusiveMinimum === lo ? lo + 1 : lo,
      max: schema.exclusiveMaximum === hi ? hi - 1 : hi,
    });
  }
  return fc.double({
    min,
    max,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * A fast-check arbitrary of values shaped by a JSON Schema: right types and bounds, optional
 * properties sometimes omitted. Cross-field rules (refinements) are not encoded: filter the values
 * through the operation's schema ({@link inputArbitrary} does).
 */
export function arbitraryFromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(arbitraryFromJsonSchema));
  if (schema.allOf && schema.allOf.length > 0)
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
      const required = new Set(schema.required ?? []);
      const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, arbitraryFromJsonSchema(value)]),
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
