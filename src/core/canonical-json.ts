/** A string that JSON.stringify would escape: a quote, a backslash, a control character or a surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The JSON form of a string: quoted as is when nothing in it needs escaping (most keys and values). */
function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Bound on each cache below (distinct keys, distinct key lists): the caches never grow past it. */
const CACHE_LIMIT = 4096;

/** Object keys in their JSON form: the same few keys come back on every call. */
const quotedKeys = new Map<string, string>();

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = quote(key);
    if (quotedKeys.size < CACHE_LIMIT && key.length <= 64) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** Whether `keys` is already in sorted (UTF-16 code unit) order. */
function isSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

/**
 * Key lists seen before (objects built in one order, such as a parsed input in schema order), by their
 * first key: the list as it came and sorted. Used only when the list matches key for key.
 */
const sortedLists = new Map<string, { readonly from: readonly string[]; readonly to: readonly string[] }>();

/** The own enumerable keys of `record` in sorted (UTF-16 code unit) order. */
function sortedKeys(record: object): readonly string[] {
  const keys = Object.keys(record);
  if (isSorted(keys)) return keys;
  const first = keys[0] as string;
  const seen = sortedLists.get(first);
  if (seen !== undefined && seen.from.length === keys.length) {
    let same = true;
    for (let i = 0; i < keys.length; i++) {
      if (seen.from[i] !== keys[i]) {
        same = false;
        break;
      }
    }
    if (same) return seen.to;
  }
  const to = keys.slice().sort();
  if (sortedLists.size < CACHE_LIMIT || seen !== undefined) sortedLists.set(first, { from: keys, to });
  return to;
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code unit, no whitespace, `-0` written as `0`,
 * `undefined` members omitted (as JSON.stringify does). Non-finite numbers are rejected because
 * JSON cannot represent them.
 *
 * @example
 * ```ts
 * import { canonicalJson } from 'finplan';
 * canonicalJson({ b: 1, a: [-0, 'x'] }); // '{"a":[0,"x"],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      return String(value); // the JSON form of a finite number; String(-0) is '0'
    case 'string':
      return quote(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (i > 0) out += ',';
          out += item === undefined ? 'null' : canonicalJson(item);
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let out = '{';
      let first = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const member = record[key];
        if (member === undefined) continue;
        out += first ? quoteKey(key) : `,${quoteKey(key)}`;
        out += `:${canonicalJson(member)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported value of type ${typeof value}`);
  }
}
