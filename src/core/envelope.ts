import { resultId } from './result-id';

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

/**
 * Copy `value`, turning `-0` into `0` and throwing on `NaN`/`Infinity` (a bug: JSON would turn them
 * into `null`). Results are small trees, so the copy is cheap next to the computation.
 */
export function finiteResult<T>(value: T, where = 'result'): T {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`finplan bug: non-finite number at ${where}`);
    return (value === 0 ? 0 : value) as T;
  }
  if (Array.isArray(value)) return value.map((item, i) => finiteResult(item, `${where}[${i}]`)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member !== undefined) out[key] = finiteResult(member, `${where}.${key}`);
    }
    return out as T;
  }
  return value;
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
export function buildEnvelope<R>(
  meta: { readonly prefix: string; readonly path: string; readonly engineVersion: string },
  parsedInput: unknown,
  result: R,
): Envelope<R> {
  return {
    result_id: resultId(meta.prefix, meta.path, meta.engineVersion, parsedInput),
    engine_version: meta.engineVersion,
    result: finiteResult(result),
    disclaimer: DISCLAIMER,
  };
}
