import { canonicalJson } from './canonical-json';
import { sha256Hex } from './sha256';

/**
 * The deterministic id of a run: `prefix + '_' +` the first 16 hex characters of the SHA-256 of the
 * canonical JSON of `{ path, engine_version, input }`, where `input` has its defaults applied.
 */
export function resultId(prefix: string, path: string, engineVersion: string, input: unknown): string {
  return `${prefix}_${sha256Hex(canonicalJson({ path, engine_version: engineVersion, input })).slice(0, 16)}`;
}
