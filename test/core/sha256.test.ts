import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexPortable } from '../../src/core/sha256';
import { codePointUnit } from '../helpers';

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vectors', () => {
    // FIPS 180-2 Appendix B.1 and B.2.
    expect(sha256HexPortable('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256HexPortable('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('abc')).toBe(sha256HexPortable('abc'));
  });
  it('the native and portable paths give the same digest for any text', () => {
    // Any code point, lone surrogates included (UTF-8 encodes them as U+FFFD).
    fc.assert(
      fc.property(fc.string({ unit: codePointUnit, maxLength: 300 }), (text) => {
        const expected = createHash('sha256').update(text).digest('hex');
        expect(sha256HexPortable(text)).toBe(expected);
        expect(sha256Hex(text)).toBe(expected);
      }),
    );
  });
});
