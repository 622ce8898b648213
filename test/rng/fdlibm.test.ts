import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { exp, log, rngFromState, uniform } from '../../src/rng';
import { hexBits, ulpDistance } from './ulp';

// fdlibm's log. (exp is Tang's table-driven method since the stochastic engines' 2.0.0:
// test/rng/exp.test.ts.)

// Inputs are drawn from our own generator (fixed state) so the samples are the same on every run.
const rng = rngFromState([0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344]);
const u = (): number => uniform(rng);
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const HI = (() => {
  f64[0] = 1;
  return u32[1] === 0x3ff00000 ? 1 : 0;
})();
/** A double from a random bit pattern with the high word limited to [0, maxHigh]. */
function randomBits(maxHigh: number): number {
  u32[HI] = Math.floor(u() * (maxHigh + 1));
  u32[1 - HI] = rng.next();
  return f64[0]!;
}

function logInputs(n: number): Float64Array {
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const kind = i % 8;
    let x: number;
    if (kind <= 2)
      x = randomBits(0x7fefffff); // every positive finite double, by bit pattern
    else if (kind === 3)
      x = randomBits(0x000fffff); // subnormals
    else if (kind === 4)
      x = 1 + (u() - 0.5) * 2 ** -Math.floor(u() * 53); // near 1
    else if (kind === 5) x = 1 + (u() - 0.5) * 1e-5;
    else if (kind === 6)
      x = 0.5 + u() * 1.5; // the reduction range around sqrt(2)
    else x = u() * 1000;
    xs[i] = x;
  }
  return xs;
}

function maxUlpAgainst(f: (x: number) => number, g: (x: number) => number, xs: Float64Array) {
  let max = 0;
  let worst = Number.NaN;
  let exact = 0;
  for (const x of xs) {
    const a = f(x);
    const b = g(x);
    if (Object.is(a, b)) {
      exact++;
      continue;
    }
    const d = ulpDistance(a, b);
    if (d > max) {
      max = d;
      worst = x;
    }
  }
  return { max, worst, exact };
}

// V8's Math.log is itself an fdlibm port, so on Node these agree bit for bit; other engines may round
// differently but stay within 1 ulp of the true value, as this does.
describe('fdlibm log against Math.log', () => {
  it('log is within 1 ulp of Math.log over 1e6 inputs spanning the whole range', () => {
    const r = maxUlpAgainst(log, Math.log, logInputs(1_000_000));
    expect(r.max, `worst input ${r.worst}`).toBeLessThanOrEqual(1);
  });
});

describe('fdlibm log against a 60-digit decimal.js reference (engine-independent)', () => {
  const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN, minE: -9e15, maxE: 9e15 });
  const TWO = new D(2);
  /** The exact value of a double as a Decimal (to 60 digits): mantissa * 2^exponent. */
  function exact(x: number): Decimal {
    if (x === 0) return new D(0);
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    const bits = view.getBigUint64(0);
    const sign = bits >> 63n === 1n ? -1 : 1;
    const e = Number((bits >> 52n) & 0x7ffn);
    const frac = bits & 0xf_ffff_ffff_ffffn;
    const mant = e === 0 ? frac : frac | (1n << 52n);
    const pow = (e === 0 ? 1 : e) - 1075;
    return new D(mant.toString()).times(TWO.pow(pow)).times(sign);
  }
  const correctlyRounded = (d: Decimal): number => Number(d.toString());

  it('log: within 1 ulp of the correctly rounded result', () => {
    const xs = logInputs(4000);
    let max = 0;
    for (const x of xs) {
      const ref = correctlyRounded(D.ln(exact(x)));
      max = Math.max(max, ulpDistance(log(x), ref));
    }
    expect(max).toBeLessThanOrEqual(1);
  });
});

describe('golden values (exact bits, must never change)', () => {
  // Our results, recorded once; each was checked against mpmath (50 digits) to be the correctly
  // rounded value or 1 ulp from it.
  const LOG: Array<[number, string]> = [
    [2, '0x3fe62e42fefa39ef'],
    [10, '0x40026bb1bbb55516'],
    [0.5, '0xbfe62e42fefa39ef'],
    [Math.E, '0x3ff0000000000000'],
    [1.0000001, '0x3e7ad7f2847b6492'],
    [0.9999999, '0xbe7ad7f2b1049b9f'],
    [1 + 2 ** -52, '0x3cafffffffffffff'],
    [1e-300, '0xc085963447f87fb5'],
    [5e-324, '0xc0874385446d71c3'],
    [2.2250738585072014e-308, '0xc086232bdd7abcd2'],
    [1e300, '0x4085963447f87fb5'],
    [Number.MAX_VALUE, '0x40862e42fefa39ef'],
    [Math.SQRT1_2, '0xbfd62e42fefa39ee'],
    [Math.SQRT2, '0x3fd62e42fefa39f0'],
  ];
  it.each(LOG)('log(%d)', (x, hex) => {
    expect(hexBits(log(x))).toBe(hex);
  });
});

describe('special cases', () => {
  it('log', () => {
    expect(log(1)).toBe(0);
    expect(Object.is(log(1), 0)).toBe(true);
    expect(log(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(log(-0)).toBe(Number.NEGATIVE_INFINITY);
    expect(log(-1)).toBeNaN();
    expect(log(-5e-324)).toBeNaN();
    expect(log(Number.NEGATIVE_INFINITY)).toBeNaN();
    expect(log(Number.NaN)).toBeNaN();
    expect(log(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(log(2 ** 1023)).toBe(1023 * Math.LN2);
    expect(log(2 ** -1074)).toBe(-744.4400719213812);
  });

  it('round trip log(exp(x)) is close to x', () => {
    for (let x = -700; x <= 700; x += 0.731) {
      expect(Math.abs(log(exp(x)) - x)).toBeLessThanOrEqual(2 * Number.EPSILON * Math.max(1, Math.abs(x)));
    }
  });
});
