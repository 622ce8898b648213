import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annuityCertainFactor,
  apportion,
  ceilCents,
  Dec,
  dollars,
  floorCents,
  monthlyInterest,
  roundMoney,
  roundRate,
  roundTo,
} from '../../src/core/money';
import { deep } from '../helpers';

// ---------------------------------------------------------------------------------------------------
// The oracle: the rounding finplan shipped before the fast path, decimal.js all the way (the value's
// shortest decimal form, half up, 40 digits, never -0). The fast rounding must agree with it on every
// double, bit for bit.
const Oracle = Decimal.clone({ rounding: Decimal.ROUND_HALF_UP, precision: 40 });
function oracle(value: number | Decimal, places: number): number {
  const n = new Oracle(value).toDecimalPlaces(places).toNumber();
  return n === 0 ? 0 : n;
}

const bits = new Float64Array(1);
const ints = new BigInt64Array(bits.buffer);
/** The double `steps` units in the last place away from `x` (toward +infinity for steps > 0). */
function ulps(x: number, steps: number): number {
  if (steps === 0 || !Number.isFinite(x)) return x;
  bits[0] = x;
  // Doubles of one sign are ordered like their bit patterns; map to a monotone integer line.
  const ordered = ints[0]! < 0n ? -(ints[0]! & 0x7fffffffffffffffn) : ints[0]!;
  const moved = ordered + BigInt(steps);
  ints[0] = moved < 0n ? -moved | -0x8000000000000000n : moved;
  return bits[0]!;
}

/** Agreement with the oracle (or with `want`, the oracle's answer known otherwise), -0 and NaN included (Object.is). */
function agrees(value: number | Decimal, places: number, want?: number): boolean {
  const fast = places === 2 ? roundMoney(value) : places === 6 ? roundRate(value) : roundTo(value, places);
  return Object.is(fast, want ?? oracle(value, places)) && Object.is(roundTo(value, places), fast);
}

const places = fc.oneof(fc.constant(2), fc.constant(6), fc.constant(10), fc.integer({ min: 0, max: 22 }));
/** The double nearest a half unit of the `p`-th place: the decimal k.5 x 10^-p, read from its digits. */
const tie = (k: bigint, p: number, negative: boolean) => Number(`${negative ? '-' : ''}${k}5e-${p + 1}`);
const ties = fc.record({
  k: fc.oneof(
    fc.bigInt({ min: 0n, max: 1000n }),
    fc.bigInt({ min: 0n, max: 10n ** 9n }),
    fc.bigInt({ min: 0n, max: 10n ** 17n }),
  ),
  p: places,
  negative: fc.boolean(),
  steps: fc.oneof(fc.constant(0), fc.integer({ min: -8, max: 8 }), fc.integer({ min: -5000, max: 5000 })),
});

describe('money rounding', () => {
  it('rounds half up to cents on the decimal value written, both signs', () => {
    expect(roundMoney(2.675)).toBe(2.68); // the double is 2.67499999…; its shortest decimal form is 2.675
    expect(roundMoney(-2.675)).toBe(-2.68);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(1234.5649)).toBe(1234.56);
    expect(roundMoney(1.0049999999)).toBe(1);
    expect(roundMoney(1.0050000001)).toBe(1.01);
    expect(roundMoney(-1.0049999999)).toBe(-1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1e15)).toBe(1e15);
    expect(roundMoney(1e20)).toBe(1e20);
    expect(roundMoney(123456789012.345)).toBe(123456789012.35);
    expect(roundMoney(5e-324)).toBe(0);
  });
  it('never returns -0', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(Object.is(roundRate(-0.0000001), 0)).toBe(true);
    expect(Object.is(roundMoney(-0), 0)).toBe(true);
    expect(Object.is(roundTo(-0.4, 0), 0)).toBe(true);
  });
  it('rounds rates to 6 places and arbitrary places half up', () => {
    expect(roundRate(0.0512345678)).toBe(0.051235);
    expect(roundRate(0.0000005)).toBe(0.000001);
    expect(roundTo(59.67386567, 6)).toBe(59.673866);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.15, 1)).toBe(0.2);
  });
  it('NaN, infinities and unusual places behave as decimal.js does', () => {
    expect(roundMoney(Number.NaN)).toBeNaN();
    expect(roundMoney(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundMoney(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(roundTo(1.23456789, 30)).toBe(oracle(1.23456789, 30));
    expect(() => roundTo(1.5, -1)).toThrow();
    expect(() => roundTo(1.5, 1.5)).toThrow();
  });
  it('takes decimals (Dec or any decimal.js Decimal) as before', () => {
    expect(roundMoney(new Dec('2.675'))).toBe(2.68);
    expect(roundMoney(new Dec('-0.004'))).toBe(0);
    expect(roundMoney(new Dec('1.00499999999999999999999'))).toBe(1);
    expect(roundMoney(new Decimal('0.125'))).toBe(0.13);
    expect(roundRate(new Dec(1).div(3))).toBe(0.333333);
  });
  it('uses a private Decimal clone: the global Decimal settings are untouched', () => {
    const before = { rounding: Decimal.rounding, precision: Decimal.precision };
    roundMoney(1.005);
    expect({ rounding: Decimal.rounding, precision: Decimal.precision }).toEqual(before);
    expect(Dec).not.toBe(Decimal);
    expect(Dec.rounding).toBe(Decimal.ROUND_HALF_UP);
  });
});

describe('fast rounding = the decimal.js rounding, for every double (differential)', () => {
  it('hand-picked: ties, near-ties, huge, tiny, negative, -0', () => {
    const values = [
      1.005,
      2.675,
      1.0049999999,
      1.0050000001,
      0.125,
      0.375,
      1.45,
      8.345,
      1.255,
      10.235,
      1e-7,
      5e-7,
      4.9999999e-7,
      0.0000005,
      0.5,
      1.5,
      2.5,
      1e15,
      1e15 + 0.125,
      1e16,
      1e20,
      1e21,
      1.7976931348623157e308,
      4503599627370495.5,
      4503599627370496,
      9007199254740991,
      9007199254740992,
      9007199254740994,
      45035996273704.95,
      450359962737049.5,
      0,
      -0,
      5e-324,
      2.2250738585072014e-308,
      0.1 + 0.2,
      0.3 - 0.1,
      1234.5649,
      999999999999.995,
      99999999999.995,
      123456789.125,
      0.045,
      0.0449999999999999,
      0.015,
      0.025,
      0.035,
    ];
    // The values that disagree, asserted once (an expect per value cost more than the value).
    const disagree: string[] = [];
    for (const v of values) {
      for (const p of [0, 1, 2, 3, 6, 8, 10, 12, 15, 16, 17, 20, 22, 23, 30]) {
        for (const x of [v, -v, ulps(v, 1), ulps(v, -1), v + 1e-7, v - 1e-7, v * (1 + 1e-7)]) {
          if (!agrees(x, p)) disagree.push(`${x} to ${p} places`);
        }
      }
    }
    expect(disagree).toEqual([]);
  });

  it('every double fast-check draws (NaN, infinities, subnormals included)', () => {
    fc.assert(
      fc.property(fc.double(), places, (x, p) => agrees(x, p)),
      { numRuns: deep(25_000, 100_000) },
    );
  });

  it('money-sized and rate-sized doubles', () => {
    const sized = fc.oneof(
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
      fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((c) => c / 100),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((c) => c / 1000),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((c) => c / 1e7),
      fc.double({ min: 1e14, max: 1e21, noNaN: true }),
    );
    fc.assert(
      fc.property(sized, places, (x, p) => agrees(x, p)),
      { numRuns: deep(25_000, 100_000) },
    );
  });

  it('exact ties k.5 x 10^-p of the decimal form, and doubles a few (or thousands of) ulps away', () => {
    fc.assert(
      fc.property(ties, ({ k, p, negative, steps }) => agrees(ulps(tie(k, p, negative), steps), p)),
      { numRuns: deep(25_000, 100_000) },
    );
  });

  it('ties offset by about 1e-7 (absolute and relative)', () => {
    const offset = fc.oneof(
      fc.double({ min: -1e-7, max: 1e-7, noNaN: true }),
      fc.constantFrom(1e-7, -1e-7, 1e-9, -1e-9, 1e-12, -1e-12),
    );
    fc.assert(
      fc.property(ties, offset, fc.boolean(), ({ k, p, negative }, d, relative) => {
        const t = tie(k, p, negative);
        const x = relative ? t * (1 + d) : t + d;
        return agrees(x, p);
      }),
      { numRuns: deep(12_500, 50_000) },
    );
  });

  it('every value with 3 decimals (half cents included) from -100.000 to 100.000', () => {
    // x = i / 1000 is written i thousandths (its shortest decimal form): half up (away from zero) to
    // cents is the integer sign(i) x floor((|i| + 5) / 10) cents, as decimal.js rounds it, never -0.
    const disagree: number[] = [];
    for (let i = -100_000; i <= 100_000; i++) {
      const x = i / 1000;
      const cents = Math.sign(i) * Math.floor((Math.abs(i) + 5) / 10);
      if (!agrees(x, 2, cents === 0 ? 0 : cents / 100)) disagree.push(x);
    }
    expect(disagree).toEqual([]);
  });

  it('decimals with more digits than a double, against decimal.js', () => {
    const digits = fc.tuple(
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      fc.integer({ min: 0, max: 30 }),
    );
    fc.assert(
      fc.property(digits, places, ([m, e], p) => {
        const d = new Dec(`${m}e-${e}`);
        return Object.is(roundTo(d, p), oracle(new Oracle(d.toString()), p));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('ceilCents and floorCents', () => {
  it('round up and down to the cent, toward +/- infinity', () => {
    expect(ceilCents(10.001)).toBe(10.01);
    expect(floorCents(10.019)).toBe(10.01);
    expect(ceilCents(-10.019)).toBe(-10.01);
    expect(floorCents(-10.011)).toBe(-10.02);
    expect(ceilCents(10)).toBe(10);
    expect(floorCents(10)).toBe(10);
    expect(ceilCents(0.001)).toBe(0.01);
    expect(Object.is(ceilCents(-0.001), 0)).toBe(true);
    expect(Object.is(floorCents(-0), 0)).toBe(true);
  });
  it('float noise within 1e-9 of a cent counts as on it', () => {
    expect(ceilCents(0.1 + 0.2)).toBe(0.3); // 0.30000000000000004
    expect(floorCents(0.7 - 0.4)).toBe(0.3); // 0.29999999999999993
    expect(floorCents(1.1 * 3)).toBe(3.3);
    expect(ceilCents(1.23 + 9e-10)).toBe(1.23);
    expect(floorCents(1.23 - 9e-10)).toBe(1.23);
    expect(ceilCents(1.23 + 1e-8)).toBe(1.24); // beyond the noise: a real fraction of a cent
    expect(floorCents(1.23 - 1e-8)).toBe(1.22);
    expect(ceilCents(12_345_678.91)).toBe(12_345_678.91); // large amounts: a few ulps
    expect(ceilCents(999_999_999_999.99)).toBe(999_999_999_999.99);
  });
  it('every amount written with two decimals (below 2^51 cents) is its own ceiling and floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 51), max: 2 ** 51 }), (c) => {
        const x = Number(`${c}e-2`);
        return Object.is(ceilCents(x), x === 0 ? 0 : x) && Object.is(floorCents(x), x === 0 ? 0 : x);
      }),
      { numRuns: 20_000 },
    );
  });
  it('ceil >= value >= floor (up to the noise), a cent apart at most, both whole cents', () => {
    const value = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      fc.double({ min: -10, max: 10, noNaN: true }),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((c) => c / 1000),
    );
    fc.assert(
      fc.property(value, (x) => {
        const up = ceilCents(x);
        const down = floorCents(x);
        const noise = Math.max(1e-9, Math.abs(x) * 2 ** -48);
        const upCents = Math.round(up * 100);
        const downCents = Math.round(down * 100);
        return (
          up >= x - noise &&
          down <= x + noise &&
          (upCents - downCents === 0 || upCents - downCents === 1) &&
          up === roundMoney(up) &&
          down === roundMoney(down) &&
          // The stated rule: on a cent when within 1e-7 cents of it, or 2^-50 of the value in cents.
          (upCents === downCents) ===
            Math.abs(x * 100 - Math.round(x * 100)) <= Math.max(1e-7, Math.abs(x * 100) * 2 ** -50)
        );
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('annuityCertainFactor', () => {
  it('hand cases', () => {
    expect(annuityCertainFactor(0.5, 2)).toBe(2.5);
    expect(annuityCertainFactor(0.5, 2, 'begin')).toBe(3.75);
    expect(annuityCertainFactor(0, 360)).toBe(360);
    expect(annuityCertainFactor(0, 12.5, 'begin')).toBe(12.5);
    expect(annuityCertainFactor(1e-320, 10)).toBe(10); // n ln(1 + r) underflows: n
    expect(annuityCertainFactor(0.06 / 12, 120)).toBeCloseTo(163.8793468, 6); // goal-funding's example
    expect(annuityCertainFactor(0.1, 1)).toBeCloseTo(1, 14);
    expect(annuityCertainFactor(-0.5, 2)).toBeCloseTo(1.5, 14); // 0.5 + 1
  });
  it('is n at rate 0 and tends to n as the rate does', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 10_000, noNaN: true }), (n) => {
        const atZero = annuityCertainFactor(0, n);
        const near = annuityCertainFactor(1e-12, n);
        return atZero === n && annuityCertainFactor(0, n, 'begin') === n && Math.abs(near - n) <= 1e-8 * n;
      }),
    );
  });
  it('tvm identities: r F + 1 = (1+r)^n, F(n + m) = F(n)(1+r)^m + F(m), begin = end x (1 + r)', () => {
    const r = fc.double({ min: -0.9, max: 1, noNaN: true }).filter((x) => Math.abs(x) > 1e-9);
    const n = fc.integer({ min: 1, max: 300 }); // (1 + r)^600 stays finite
    fc.assert(
      fc.property(r, n, n, (rate, a, b) => {
        const g = (k: number) => (1 + rate) ** k;
        const f = (k: number) => annuityCertainFactor(rate, k);
        const close = (x: number, y: number) =>
          Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
        return (
          close(rate * f(a) + 1, g(a)) &&
          close(f(a + b), f(a) * g(b) + f(b)) &&
          annuityCertainFactor(rate, a, 'begin') === f(a) * (1 + rate) &&
          // The future value of payments pmt at rate r over n, brought back n periods, is their present
          // value: sum of pmt / (1 + r)^t for t = 1..n (checked for short terms by summing).
          (a > 40 ||
            close(
              f(a) / g(a),
              Array.from({ length: a }, (_, t) => g(-(t + 1))).reduce((x, y) => x + y),
            ))
        );
      }),
    );
  });
});

describe('apportion', () => {
  it('hand cases: largest remainder, ties to the earlier entry', () => {
    expect(apportion(10_000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(apportion(100, [0.5, 0.3, 0.2])).toEqual([50, 30, 20]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportion(10, [0.26, 0.74])).toEqual([3, 7]); // 2.6 and 7.4: the 0.6 remainder gets the cent
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
    expect(apportion(7, [0, 1])).toEqual([0, 7]);
    expect(apportion(-10_000, [1, 1, 1])).toEqual([-3333, -3333, -3334]);
  });
  it('refuses what cannot be apportioned', () => {
    expect(() => apportion(1.5, [1])).toThrow(RangeError);
    expect(() => apportion(100, [0, 0])).toThrow(RangeError);
    expect(() => apportion(100, [])).toThrow(RangeError);
    expect(() => apportion(100, [1, -1, 1])).toThrow(RangeError);
    expect(() => apportion(100, [1, Number.NaN])).toThrow(RangeError);
    expect(() => apportion(100, [1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
  it('sums exactly to the total, each part within a cent of its exact share', () => {
    const weights = fc.array(
      fc.oneof(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        fc.constant(0),
      ),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 14), max: 10 ** 14 }),
        weights.filter((w) => w.reduce((a, b) => a + b, 0) > 0),
        (total, w) => {
          const parts = apportion(total, w);
          const sum = w.reduce((a, b) => a + b, 0);
          return (
            parts.length === w.length &&
            parts.every(Number.isInteger) &&
            parts.reduce((a, b) => a + b, 0) === total &&
            parts.every((part, i) => Math.abs(part - (total * (w[i] as number)) / sum) < 1 + 1e-6)
          );
        },
      ),
    );
  });
});

describe('monthlyInterest', () => {
  it('keeps an exact half cent and rounds it up', () => {
    // 6.00 x 0.07 / 12 = 0.035 exactly -> 0.04 (half up); 6.00 x 0.05 / 12 = 0.025 -> 0.03.
    expect(monthlyInterest(new Dec('6.00'), new Dec('0.07')).toString()).toBe('0.04');
    expect(monthlyInterest(new Dec('6.00'), new Dec('0.05')).toString()).toBe('0.03');
    // Just below a half cent stays down: 5.99 x 0.07 / 12 = 0.03494... -> 0.03.
    expect(monthlyInterest(new Dec('5.99'), new Dec('0.07')).toString()).toBe('0.03');
  });
  it('200,000 at 6%: first month 1,000.00', () => {
    expect(monthlyInterest(new Dec(200_000), new Dec('0.06')).toString()).toBe('1000');
  });
  it('takes numbers as their decimal form, and any decimal.js Decimal', () => {
    expect(monthlyInterest(6, 0.07).toString()).toBe('0.04');
    expect(monthlyInterest(6, 0.05).toNumber()).toBe(0.03);
    expect(monthlyInterest(new Decimal('6'), 0.07).toString()).toBe('0.04');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), fc.integer({ min: 0, max: 10 ** 6 }), (c, bp) => {
        const exact = new Dec(c)
          .div(100)
          .mul(new Dec(bp).div(10 ** 6))
          .div(12);
        return monthlyInterest(c / 100, bp / 10 ** 6).eq(exact.toDecimalPlaces(2));
      }),
    );
  });
});

describe('dollars', () => {
  it('formats with thousands separators, cents only when present', () => {
    expect(dollars(84_000)).toBe('84,000');
    expect(dollars(1234.5)).toBe('1,234.50');
    expect(dollars(-1_234_567.891)).toBe('-1,234,567.89');
    expect(dollars(0.005)).toBe('0.01');
    expect(dollars(-0.004)).toBe('0');
    expect(dollars(new Dec('999.999'))).toBe('1,000');
  });
});
