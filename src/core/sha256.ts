import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

type NodeCrypto = {
  createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } };
};

/** node:crypto where the runtime has it (Node, Bun, Deno), without an import that bundlers would follow. */
const nodeCrypto: NodeCrypto | undefined = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

/** SHA-256 of the UTF-8 bytes of `text`, as lower-case hex, in portable JavaScript (@noble/hashes). */
export function sha256HexPortable(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * SHA-256 of the UTF-8 bytes of `text`, as lower-case hex: native where the runtime offers
 * node:crypto synchronously (several times faster), @noble/hashes everywhere else. Same digest.
 */
export const sha256Hex: (text: string) => string = nodeCrypto
  ? (text) => nodeCrypto.createHash('sha256').update(text).digest('hex')
  : sha256HexPortable;
