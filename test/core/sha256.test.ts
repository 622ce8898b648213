import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexPortable } from '../../src/core/sha256';

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
    // Any code point, lone surrogates included (UTF-8 encodes them as U+FFFD): what the 'binary' unit
    // draws, with ASCII and surrogates drawn more often, without the 'binary' unit's table of every code
    // point, which fast-check builds on its first use in a process (about 1.4 s).
    const codePoint = fc
      .oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0, max: 0x10ffff }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
      )
      .map((code) => String.fromCodePoint(code));
    fc.assert(
      fc.property(fc.string({ unit: codePoint, maxLength: 300 }), (text) => {
        const expected = createHash('sha256').update(text).digest('hex');
        expect(sha256HexPortable(text)).toBe(expected);
        expect(sha256Hex(text)).toBe(expected);
      }),
    );
  });
});
