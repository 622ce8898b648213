import { type ResultIdMeta, resultIdOf } from './result-id';

/** The fixed disclaimer carried by every result. */
export const DISCLAIMER =
  'This result is a planning calculation for illustration only; it is not tax, legal or financial advice.';

/**
 * What every operation returns: a deterministic `result_id`, the `engine_version` that produced it,
 * the operation-specific `result`, and the fixed {@link DISCLAIMER}.
 */
export interface Envelope<R> {
  readonly result_id: string;
  readonly engine_version: string;
  readonly result: R;
  readonly disclaimer: string;
}

/** Thrown inside {@link copyFinite} on a non-finite number; the slow walk then names the path. */
const NON_FINITE: unique symbol = Symbol('non-finite');

/**
 * The copy of {@link finiteResult} without path bookkeeping: throws {@link NON_FINITE} on NaN or
 * Infinity. Objects are copied with a spread and arrays with `slice` (V8 clones those whole), then
 * only the members that need it are replaced: nested objects by their copies, -0 by 0 (`x - x` is 0
 * for every finite number and NaN otherwise); undefined members are deleted.
 */
function copyFinite(value: unknown): unknown {
  if (typeof value === 'number') {
    if (value - value !== 0) throw NON_FINITE;
    return value + 0;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const item: unknown = out[i];
      if (typeof item === 'number') {
        if (item - item !== 0) throw NON_FINITE;
        if (item === 0) out[i] = 0;
      } else if (typeof item === 'object' && item !== null) out[i] = copyFinite(item);
    }
    return out;
  }
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in out) {
    const member = out[key];
    if (typeof member === 'number') {
      if (member - member !== 0) throw NON_FINITE;
      if (member === 0 && 1 / member < 0) out[key] = 0;
    } else if (member === undefined) delete out[key];
    else if (typeof member === 'object' && member !== null) out[key] = copyFinite(member);
  }
  return out;
}

/** The path of the first non-finite number in `value` (walked only when there is one). */
function nonFinitePath(value: unknown, where: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : where;
  if (typeof value !== 'object' || value === null) return undefined;
  const array = Array.isArray(value);
  for (const [key, member] of Object.entries(value)) {
    const found = nonFinitePath(member, array ? `${where}[${key}]` : `${where}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Copy `value`, turning `-0` into `0`, omitting `undefined` members and throwing on `NaN`/`Infinity`
 * (a bug: JSON would turn them into `null`) with the path of the bad number in the message. The path
 * is built only when there is a bad number: a good result is copied in one walk with no string work.
 */
export function finiteResult<T>(value: T, where = 'result'): T {
  try {
    return copyFinite(value) as T;
  } catch (error) {
    if (error !== NON_FINITE) throw error;
    throw new Error(`finplan bug: non-finite number at ${nonFinitePath(value, where)}`);
  }
}

/**
 * Whether `value` is what {@link finiteResult} would copy it to: plain objects (of Object.prototype) and
 * arrays, numbers finite and not -0, no undefined member of an object. Walked without copying or
 * allocating.
 */
function alreadyFinite(value: unknown): boolean {
  if (typeof value === 'number') return value - value === 0 && (value !== 0 || 1 / value > 0);
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' ? item - item !== 0 || (item === 0 && 1 / item < 0) : !alreadyFinite(item))
        return false;
    }
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (typeof member === 'number') {
      if (member - member !== 0 || (member === 0 && 1 / member < 0)) return false;
    } else if (member === undefined || !alreadyFinite(member)) return false;
  }
  return true;
}

/**
 * {@link buildEnvelope} for a result its computation has just built and nothing else holds (an
 * operation's run): the result itself when it is already what {@link finiteResult} would copy it to
 * (the usual case: checked in place, without the copy), otherwise the copy.
 *
 * @internal
 */
export function envelopeOfFresh<R>(meta: ResultIdMeta, parsedInput: unknown, result: R): Envelope<R> {
  return {
    result_id: resultIdOf(meta, parsedInput),
    engine_version: meta.engineVersion,
    result: alreadyFinite(result) ? result : finiteResult(result),
    disclaimer: DISCLAIMER,
  };
}

/**
 * Build the envelope of a run from the parsed input (defaults applied) and its result.
 *
 * @example
 * ```ts
 * import { buildEnvelope } from 'finplan';
 * const envelope = buildEnvelope({ prefix: 'demo', path: '/v1/demo', engineVersion: 'demo-1.0.0' }, { x: 1 }, { y: 2 });
 * envelope.result_id; // demo_ and 16 hex characters, the same for the same input
 * ```
 */
export function buildEnvelope<R>(meta: ResultIdMeta, parsedInput: unknown, result: R): Envelope<R> {
  return {
    result_id: resultIdOf(meta, parsedInput),
    engine_version: meta.engineVersion,
    result: finiteResult(result),
    disclaimer: DISCLAIMER,
  };
}
