import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { canonicalJson } from './canonical-json';

/**
 * The deterministic id of a run: `prefix + '_' +` the first 16 hex characters of the SHA-256 of the
 * canonical JSON of `{ path, engine_version, input }`, where `input` has its defaults applied.
 */
export function resultId(prefix: string, path: string, engineVersion: string, input: unknown): string {
  const digest = sha256(utf8ToBytes(canonicalJson({ path, engine_version: engineVersion, input })));
  return `${prefix}_${bytesToHex(digest).slice(0, 16)}`;
}
