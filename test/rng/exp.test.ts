import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { exp, rngFromState, uniform } from '../../src/rng';
import { EXP_TABLES } from '../../src/rng/exp';
import { deep } from '../helpers';
import constants from './fixtures/rng-constants.json';
import { exactIn, fromHexBits, hexBits, ulpDistance, ulpError } from './ulp';

// The reference: decimal.js at 40 significant digits (the error of a 40-digit e^x is ~1e-40 relative, far
// below the 1e-3 ulp resolution the bounds below need).
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN, minE: -9e15, maxE: 9e15 });
const exact = exactIn(D);
const reference = (x: number): Decimal => D.exp(exact(x));
const errorOf = (x: number, ref = reference(x)): number => ulpError(exp(x), ref, exact);

// Inputs are drawn from our own generator (fixed state) so the samples are the same on every run.
const rng = rngFromState([0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344]);
const u = (): number => uniform(rng);

/** The largest error over `xs`, against `refs[i]` for `xs[i]` when given, else e^x computed afresh. */
function maxError(
  xs: readonly number[],
  refs?: readonly Decimal[],
): { max: number; worst: number; correctlyRounded: number; n: number } {
  let max = 0;
  let worst = Number.NaN;
  let correctlyRounded = 0;
  let n = 0;
  for (const [i, x] of xs.entries()) {
    const e = errorOf(x, refs?.[i]);
    n++;
    if (e <= 0.5) correctlyRounded++;
    if (e > max) {
      max = e;
      worst = x;
    }
  }
  return { max, worst, correctlyRounded, n };
}

/**
 * e^x at x = from + i / perUnit (exact doubles) up to `to`, to 40 digits, a grid's worth at the cost of a
 * product each: e^k by decimal.js at each whole k, times e^(1 / perUnit) once per step, at 50 digits (at
 * most perUnit - 1 roundings of 1e-50 relative since the last e^k: below 1e-46 relative, against the 1e-40
 * of decimal.js's own e^x: the same reference).
 */
function gridReference(from: number, to: number, perUnit: number): Decimal[] {
  const D50 = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
  const step = D50.exp(new D50(1).div(perUnit));
  const refs: Decimal[] = [];
  for (let k = from; k <= to; k++) {
    let ref = D50.exp(k);
    for (let j = 0; j < (k === to ? 1 : perUnit); j++) {
      refs.push(new D(ref.toPrecision(40)));
      ref = ref.times(step);
    }
  }
  return refs;
}

describe('exp (Tang, table-driven) against decimal.js at 40 digits', () => {
  // Measured when written: max 0.5050 on the grid, 0.5072 next to table nodes (fdlibm's exp, which this
  // replaced, reaches 1 ulp: exp(1) was 1 ulp above the correctly rounded e, so these bounds fail for it).
  it('the range ordinary simulations use, [-16, 16] (dense grid, step 2^-8; 2^-9 deep): below 0.51 ulp', () => {
    // Gross returns exp(m + s z) of ordinary requests (|z| <= 13.71, s up to about 1), and the ziggurat's
    // wedge exp(-x^2 / 2) on [-6.7, 0]. Extreme requests (expected_return -0.99, return_volatility 1:
    // m = -9.2, s = 3.03) reach [-51, 32], inside the random points of the next test.
    const perUnit = deep(256, 512);
    const grid = Array.from({ length: 32 * perUnit + 1 }, (_, i) => -16 + i / perUnit);
    const r = maxError(grid, gridReference(-16, 16, perUnit));
    expect(r.max, `worst x = ${r.worst}`).toBeLessThan(0.51);
    expect(r.correctlyRounded / r.n).toBeGreaterThan(0.99);
  });

  it('random points of the normal range (-708, 709.78), of [-51, 33] and near 0: below 0.51 ulp', () => {
    const xs = Array.from({ length: 6000 }, (_, i) =>
      i % 3 === 0
        ? -708 + u() * (709.78 + 708)
        : i % 3 === 1
          ? -51 + u() * 84
          : (u() - 0.5) * 2 * 0.5 ** Math.floor(u() * 60),
    );
    const r = maxError(xs);
    expect(r.max, `worst x = ${r.worst}`).toBeLessThan(0.51);
  });

  it('points between table nodes x = k ln2 / 128 +- ln2 / 256 (the largest reduced arguments)', () => {
    const xs = Array.from({ length: 2000 }, () => {
      const k = Math.floor((u() - 0.5) * 2 * 128 * 20);
      return ((k + (u() < 0.5 ? -0.5 : 0.5)) * Math.LN2) / 128 + (u() - 0.5) * 1e-12;
    });
    const r = maxError(xs);
    expect(r.max, `worst x = ${r.worst}`).toBeLessThan(0.51);
  });

  it('subnormal results (x in [-745.13, -708.4]): within 1 ulp of the subnormal grid (rounded twice)', () => {
    const xs = Array.from({ length: 1000 }, () => -745.13 + u() * (745.13 - 708.4));
    const r = maxError(xs);
    expect(r.max, `worst x = ${r.worst}`).toBeLessThan(1);
  });

  it('near overflow (x in [709, 709.78]): below 0.51 ulp', () => {
    const r = maxError(Array.from({ length: 500 }, () => 709 + u() * 0.78));
    expect(r.max, `worst x = ${r.worst}`).toBeLessThan(0.51);
  });
});

describe('exp tables (built at load) against decimal.js', () => {
  const D60 = Decimal.clone({ precision: 60 });
  const exact60 = exactIn(D60);
  it('2^(1/128) literals are the fixture values (scripts/rng-constants.mjs)', () => {
    expect(EXP_TABLES.hi[1]).toBe(constants.exp.two_pow_1_128_hi);
    expect(EXP_TABLES.lo[1]).toBe(constants.exp.two_pow_1_128_lo);
    expect(new D60(constants.exp.two_pow_1_128).toPrecision(40)).toBe(
      new D60(2).pow(new D60(1).div(128)).toPrecision(40),
    );
  });

  it('hi[i] is the correctly rounded 2^(i/128) and hi + lo is within 2^-100 of it', () => {
    let worst = 0;
    for (let i = 0; i < 128; i++) {
      const ref = new D60(2).pow(new D60(i).div(128));
      expect(EXP_TABLES.hi[i], `i = ${i}`).toBe(Number(ref.toPrecision(40)));
      const rel = exact60(EXP_TABLES.hi[i]!).plus(exact60(EXP_TABLES.lo[i]!)).minus(ref).abs().div(ref);
      worst = Math.max(worst, rel.toNumber());
    }
    expect(worst).toBeLessThan(2 ** -100);
  });

  it('pow2[j + 1022] is 2^j for j = -1022 .. 1023', () => {
    expect(EXP_TABLES.pow2.length).toBe(2046);
    for (let j = -1022; j <= 1023; j++) {
      // The double with exponent field j + 1023 and a zero fraction.
      const bits = `0x${(BigInt(j + 1023) << 52n).toString(16).padStart(16, '0')}`;
      expect(EXP_TABLES.pow2[j + 1022], `j = ${j}`).toBe(fromHexBits(bits));
    }
  });
});

describe('exp against Math.exp', () => {
  // V8's Math.exp is fdlibm's (< 1 ulp) and ours is below 0.51 ulp, so they are at most 1 ulp apart.
  it('within 1 ulp of Math.exp over 250,000 inputs of (-708, 709) (1e6 deep)', () => {
    let max = 0;
    for (let i = 0, n = deep(250_000, 1_000_000); i < n; i++) {
      const x = i % 2 === 0 ? (u() - 0.5) * 40 : -708 + u() * 1417;
      max = Math.max(max, ulpDistance(exp(x), Math.exp(x)));
    }
    expect(max).toBeLessThanOrEqual(1);
  });
});

describe('golden values (exact bits, may change only with a major engine version bump)', () => {
  // Our results, recorded once (Node 20); the test above checks each against decimal.js as well.
  const EXP: Array<[number, string]> = [
    [1, '0x4005bf0a8b145769'],
    [-1, '0x3fd78b56362cef38'],
    [0.5, '0x3ffa61298e1e069c'],
    [0.34657359027997264, '0x3ff6a09e667f3bcc'],
    [1.0397207708399179, '0x4006a09e667f3bcc'],
    [10, '0x40d5829dcf950560'],
    [-10, '0x3f07cd79b5647c9b'],
    [100, '0x48f3494a9b171bf5'],
    [-100, '0x36ea8c1f14e2af5d'],
    [700, '0x7f0d945df4f8ec8e'],
    [-700, '0x00d14f2b0fb9307f'],
    [709.78, '0x7fefe9ce5c4c52b4'],
    [-740, '0x0000000000000055'],
    [-745.13, '0x0000000000000001'],
    [1e-10, '0x3ff000000006df38'],
    [0.057927770053852815, '0x3ff0f44773f2c31d'], // exp(m) of mu = 0.07, sigma = 0.15
  ];
  it.each(EXP)('exp(%d)', (x, hex) => {
    expect(hexBits(exp(x))).toBe(hex);
    expect(exp(x)).toBe(fromHexBits(hex));
    expect(errorOf(x)).toBeLessThan(x < -708.4 ? 1 : 0.51);
  });
});

describe('special cases', () => {
  it('exp', () => {
    expect(exp(0)).toBe(1);
    expect(Object.is(exp(-0), 1)).toBe(true);
    expect(exp(5e-324)).toBe(1);
    expect(exp(-5e-324)).toBe(1);
    expect(exp(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(exp(Number.NEGATIVE_INFINITY), 0)).toBe(true);
    expect(exp(Number.NaN)).toBeNaN();
    expect(Number.isFinite(exp(709.78))).toBe(true);
    expect(exp(709.782712893384)).toBe(1.7976931348622732e308); // the overflow threshold itself
    expect(exp(709.7827128933841)).toBe(Number.POSITIVE_INFINITY);
    expect(exp(710)).toBe(Number.POSITIVE_INFINITY);
    expect(exp(1e308)).toBe(Number.POSITIVE_INFINITY);
    // Below u_threshold = -745.13321910194110842 the result is 0; just above it, 2^-1074.
    expect(exp(-745.2)).toBe(0);
    expect(exp(-745.1332191019411)).toBe(5e-324);
    expect(exp(-745.1332191019412)).toBe(0);
    expect(exp(-1e308)).toBe(0);
    // The edges of the one-table-lookup range (-708, 709) and just outside.
    for (const x of [-708, -707.9999999999999, -708.0000000000001, 709, 708.9999999999999]) {
      expect(errorOf(x), `x = ${x}`).toBeLessThan(0.51);
    }
  });

  it('is monotone along a fine grid through table nodes', () => {
    // The first decreases, if any (one expect at the end: an expect per point cost seconds).
    const decreases: number[] = [];
    let prev = exp(-2);
    for (let i = 1; i <= 200_000; i++) {
      const x = -2 + i * 2 ** -15;
      const y = exp(x);
      if (!(y >= prev) && decreases.length < 3) decreases.push(x);
      prev = y;
    }
    expect(decreases).toEqual([]);
  });
});
