import { canonicalJson } from './canonical-json';
import { sha256Hex } from './sha256';

/**
 * The deterministic id of a run: `prefix + '_' +` the first 16 hex characters of the SHA-256 of the
 * canonical JSON of `{ path, engine_version, input }`, where `input` has its defaults applied.
 *
 * @example
 * ```ts
 * import { resultId } from 'finplan';
 * resultId('tvm', '/v1/tvm', 'tvm-1.0.0', { solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100, pv: 0, payment_timing: 'end' });
 * // 'tvm_bebcd070be405886', as tvm({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 }).result_id
 * ```
 */
export function resultId(prefix: string, path: string, engineVersion: string, input: unknown): string {
  // canonicalJson({ path, engine_version, input }) written out: the keys are already in sorted order.
  const text =
    input === undefined
      ? canonicalJson({ path, engine_version: engineVersion })
      : `{"engine_version":${canonicalJson(engineVersion)},"input":${canonicalJson(input)},"path":${canonicalJson(path)}}`;
  return `${prefix}_${sha256Hex(text).slice(0, 16)}`;
}
