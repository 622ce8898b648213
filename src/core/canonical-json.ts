/**
 * Canonical JSON is written once, as UTF-8 bytes into one reused buffer: the result_id hashes those
 * bytes directly, and {@link canonicalJson} decodes them. A string built by concatenation would have
 * to be flattened and encoded again before hashing, which cost more than writing it (issue 31).
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The buffer starts at this size and is replaced by a fresh one after a write past the bound below. */
const START_BYTES = 1024;
const KEEP_BYTES = 1 << 20;

let buffer = new Uint8Array(START_BYTES);
/** Bytes written so far in the current write. */
let at = 0;

function reserve(bytes: number): void {
  if (at + bytes <= buffer.length) return;
  const grown = new Uint8Array(Math.max(2 * buffer.length, at + bytes));
  grown.set(buffer.subarray(0, at));
  buffer = grown;
}

/** Copied a byte at a time: the pieces are short (a quoted key), where `Uint8Array#set` costs more. */
function putBytes(bytes: Uint8Array): void {
  reserve(bytes.length);
  const out = buffer;
  let p = at;
  for (let i = 0; i < bytes.length; i++) out[p++] = bytes[i] as number;
  at = p;
}

/** Text known to be ASCII (a number's JSON form, `true`, `null`...), a byte a character. */
function putAscii(text: string): void {
  reserve(text.length);
  const out = buffer;
  let p = at;
  for (let i = 0; i < text.length; i++) out[p++] = text.charCodeAt(i);
  at = p;
}

/**
 * The JSON form of a string, quoted. Printable ASCII without a quote or a backslash (most keys and
 * values) is copied a byte a character; anything else is escaped by JSON.stringify (quotes,
 * backslashes, control characters, lone surrogates) and encoded as UTF-8.
 */
function putString(text: string): void {
  reserve(text.length + 2);
  const out = buffer;
  const start = at;
  let p = start;
  out[p++] = 34;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 34 || code === 92) {
      at = start;
      const quoted = JSON.stringify(text);
      reserve(3 * quoted.length);
      at += encoder.encodeInto(quoted, buffer.subarray(at)).written;
      return;
    }
    out[p++] = code;
  }
  out[p++] = 34;
  at = p;
}

/** Bound on the cache below (distinct first keys): it never grows past it. */
const CACHE_LIMIT = 4096;
/** Key lists kept per first key, and the longest list kept (a large dictionary is sorted each time). */
const LISTS_PER_KEY = 8;
const LONGEST_LIST = 64;

/** A key list as it came, and its keys sorted with their JSON form and colon (`"key":`) as bytes. */
interface SortedList {
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly quoted: readonly Uint8Array[];
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

function quotedKey(key: string): Uint8Array {
  return encoder.encode(`${JSON.stringify(key)}:`);
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
  const list = { from: keys, to, quoted: to.map(quotedKey) };
  if (keys.length > LONGEST_LIST) return list;
  if (lists === undefined && sortedLists.size < CACHE_LIMIT) {
    lists = [];
    sortedLists.set(first, lists);
  }
  if (lists !== undefined && lists.length < LISTS_PER_KEY) lists.push(list);
  return list;
}

function putValue(value: unknown): void {
  if (value === null) {
    putAscii('null');
    return;
  }
  switch (typeof value) {
    case 'number':
      if (value - value !== 0) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      putAscii(String(value)); // the JSON form of a finite number; String(-0) is '0'
      return;
    case 'string':
      putString(value);
      return;
    case 'boolean':
      putAscii(value ? 'true' : 'false');
      return;
    case 'object': {
      if (Array.isArray(value)) {
        reserve(1);
        buffer[at++] = 91; // [
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (i > 0) {
            reserve(1);
            buffer[at++] = 44; // ,
          }
          if (item === undefined) putAscii('null');
          else putValue(item);
        }
        reserve(1);
        buffer[at++] = 93; // ]
        return;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      reserve(1);
      buffer[at++] = 123; // {
      if (keys.length > 0) {
        const { to, quoted } = sortedKeys(keys);
        let written = false;
        for (let i = 0; i < to.length; i++) {
          const member = record[to[i] as string];
          if (member === undefined) continue;
          if (written) {
            reserve(1);
            buffer[at++] = 44; // ,
          }
          written = true;
          putBytes(quoted[i] as Uint8Array);
          putValue(member);
        }
      }
      reserve(1);
      buffer[at++] = 125; // }
      return;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported value of type ${typeof value}`);
  }
}

/**
 * The UTF-8 bytes of `head`, the canonical JSON of `value`, and `tail`: a view of the shared buffer,
 * valid until the next call (hash it or copy it at once).
 *
 * @internal
 */
export function canonicalBytes(value: unknown, head?: Uint8Array, tail?: Uint8Array): Uint8Array {
  if (buffer.length > KEEP_BYTES) buffer = new Uint8Array(START_BYTES);
  at = 0;
  if (head !== undefined) putBytes(head);
  putValue(value);
  if (tail !== undefined) putBytes(tail);
  return buffer.subarray(0, at);
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
  return decoder.decode(canonicalBytes(value));
}
