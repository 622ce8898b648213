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
    case 'boolean':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          out += `${i === 0 ? '' : ','}${item === undefined ? 'null' : canonicalJson(item)}`;
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const members: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const member = record[key];
        if (member === undefined) continue;
        members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
      }
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: unsupported value of type ${typeof value}`);
  }
}
