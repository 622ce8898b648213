/** A string that JSON.stringify would escape: a quote, a backslash, a control character or a surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The JSON form of a string: quoted as is when nothing in it needs escaping (most keys and values). */
function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Bound on the cache below (distinct first keys): it never grows past it. */
const CACHE_LIMIT = 4096;
/** Key lists kept per first key, and the longest list kept (a large dictionary is sorted each time). */
const LISTS_PER_KEY = 8;
const LONGEST_LIST = 64;

/** A key list as it came, and its keys sorted with their JSON form and colon (`"key":`). */
interface SortedList {
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly quoted: readonly string[];
}

/**
 * Key lists seen before (an object built in one order, such as a parsed input in schema order, with or
 * without its optional fields), by their first key, a few lists each: a list is used only when it
 * matches key for key. The same few shapes come back on every call, so sorting and quoting are done
 * once per shape.
 */
const sortedLists = new Map<string, SortedList[]>();

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `keys` (at least one) sorted by UTF-16 code unit, and quoted: from the cache when seen before. */
function sortedKeys(keys: string[]): SortedList {
  const first = keys[0] as string;
  let lists = sortedLists.get(first);
  if (lists !== undefined) {
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i] as SortedList;
      if (sameKeys(list.from, keys)) return list;
    }
  }
  const to = keys.slice().sort();
  const list = { from: keys, to, quoted: to.map((key) => `${quote(key)}:`) };
  if (keys.length > LONGEST_LIST) return list;
  if (lists === undefined && sortedLists.size < CACHE_LIMIT) {
    lists = [];
    sortedLists.set(first, lists);
  }
  if (lists !== undefined && lists.length < LISTS_PER_KEY) lists.push(list);
  return list;
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
      const keys = Object.keys(record);
      if (keys.length === 0) return '{}';
      const { to, quoted } = sortedKeys(keys);
      let out = '{';
      for (let i = 0; i < to.length; i++) {
        const member = record[to[i] as string];
        if (member === undefined) continue;
        out += `${out.length === 1 ? '' : ','}${quoted[i]}${canonicalJson(member)}`;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported value of type ${typeof value}`);
  }
}
