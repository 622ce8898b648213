import { DISCLAIMER, finiteResult } from './envelope';
import { type ResultIdMeta, resultIdOf } from './result-id';

/**
 * Whether `value` holds only finite numbers and plain objects and arrays (walked without copying):
 * then `JSON.stringify(value)` is the JSON of `finiteResult`'s copy (it writes -0 as 0 and omits
 * undefined members just as the copy does). False sends the caller to the copy.
 */
function plainAndFinite(value: unknown): boolean {
  if (typeof value === 'number') return value - value === 0;
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' ? item - item !== 0 : !plainAndFinite(item)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (typeof member === 'number' ? member - member !== 0 : !plainAndFinite(member)) return false;
  }
  return true;
}

const DISCLAIMER_JSON = JSON.stringify(DISCLAIMER);

/**
 * `JSON.stringify(buildEnvelope(meta, parsedInput, result))`, byte for byte, without building the
 * envelope or copying the result when it holds only plain objects and finite numbers (what the HTTP
 * adapter sends). Throws as `buildEnvelope` does on a non-finite number.
 */
export function envelopeJson(meta: ResultIdMeta, parsedInput: unknown, result: unknown): string {
  const id = resultIdOf(meta, parsedInput);
  const text = JSON.stringify(plainAndFinite(result) ? result : finiteResult(result));
  return `{"result_id":${JSON.stringify(id)},"engine_version":${JSON.stringify(meta.engineVersion)},${
    text === undefined ? '' : `"result":${text},`
  }"disclaimer":${DISCLAIMER_JSON}}`;
}
