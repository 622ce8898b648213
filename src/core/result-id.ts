import { canonicalBytes, canonicalJson } from './canonical-json';
import { sha256Hex } from './sha256';

/** What names a run's result_id: the prefix, the path and the engine version of its operation. */
export interface ResultIdMeta {
  readonly prefix: string;
  readonly path: string;
  readonly engineVersion: string;
}

const encoder = new TextEncoder();

/**
 * The result_id of `meta`'s runs as a function of the parsed input: the canonical bytes around the
 * input (`{"engine_version":...,"input":` and `,"path":...}`, keys already in sorted order) are
 * written once instead of on every call, and the input's are hashed where they are written.
 */
function idFunction({ prefix, path, engineVersion }: ResultIdMeta): (input: unknown) => string {
  const head = encoder.encode(`{"engine_version":${canonicalJson(engineVersion)},"input":`);
  const tail = encoder.encode(`,"path":${canonicalJson(path)}}`);
  const withoutInput = canonicalJson({ path, engine_version: engineVersion });
  return (input) =>
    `${prefix}_${sha256Hex(input === undefined ? withoutInput : canonicalBytes(input, head, tail)).slice(0, 16)}`;
}

/** An id function with the meta it was made for (a caller may reuse one meta object with new values). */
interface CachedId extends ResultIdMeta {
  readonly id: (input: unknown) => string;
}

const idFunctions = new WeakMap<ResultIdMeta, CachedId>();

/**
 * {@link resultId} for an operation's `meta`: the id function made for `meta` is kept (by the object,
 * checked against its current values), so the text around the input is written once per operation.
 *
 * @internal
 */
export function resultIdOf(meta: ResultIdMeta, input: unknown): string {
  let cached = idFunctions.get(meta);
  if (
    cached === undefined ||
    cached.prefix !== meta.prefix ||
    cached.path !== meta.path ||
    cached.engineVersion !== meta.engineVersion
  ) {
    cached = {
      prefix: meta.prefix,
      path: meta.path,
      engineVersion: meta.engineVersion,
      id: idFunction(meta),
    };
    idFunctions.set(meta, cached);
  }
  return cached.id(input);
}

/**
 * The deterministic id of a run: `prefix + '_' +` the first 16 hex characters of the SHA-256 of the
 * canonical JSON of `{ path, engine_version, input }`, where `input` has its defaults applied.
 *
 * @example
 * ```ts
 * import { resultId } from 'finplan';
 * resultId('tvm', '/v1/tvm', 'tvm-1.0.1', { solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100, pv: 0, payment_timing: 'end' });
 * // 'tvm_e90baa5da9dff31a', as tvm({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 }).result_id
 * ```
 */
export function resultId(prefix: string, path: string, engineVersion: string, input: unknown): string {
  return idFunction({ prefix, path, engineVersion })(input);
}
