/** Test helpers: distances in units in the last place between doubles. */
import type Decimal from 'decimal.js';

const view = new DataView(new ArrayBuffer(8));

/** The bits of a double as a signed 64-bit integer, mapped so that integer order = numeric order. */
export function orderedBits(x: number): bigint {
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  return bits < 0n ? -(bits & 0x7fff_ffff_ffff_ffffn) : bits;
}

/**
 * The number of representable doubles between `a` and `b` (0 when equal, 1 for neighbours; +0 and
 * -0 count as equal). Two NaNs are 0 apart; a NaN and a number are infinitely far apart.
 */
export function ulpDistance(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b))
    return Number.isNaN(a) && Number.isNaN(b) ? 0 : Number.POSITIVE_INFINITY;
  if (a === b) return 0;
  const d = orderedBits(a) - orderedBits(b);
  return Number(d < 0n ? -d : d);
}

/** The 64 bits of a double as a 16-digit hex string with `0x` prefix. */
export function hexBits(x: number): string {
  view.setFloat64(0, x);
  return `0x${view.getBigUint64(0).toString(16).padStart(16, '0')}`;
}

/** The double whose 64 bits are `hex`. */
export function fromHexBits(hex: string): number {
  view.setBigUint64(0, BigInt(hex));
  return view.getFloat64(0);
}

/**
 * The error of `approx` in units in the last place of the exact value `ref` (a decimal.js number):
 * |approx - ref| / ulp(ref), where ulp(ref) is the spacing of the doubles in ref's binade (2^-1074 below
 * 2^-1022). 0.5 or less means `approx` is the correctly rounded value.
 */
export function ulpError(approx: number, ref: Decimal, exact: (x: number) => Decimal): number {
  const D = ref.constructor as typeof Decimal;
  const rounded = Math.abs(Number(ref.toPrecision(40)));
  view.setFloat64(0, rounded);
  let binade = Number((view.getBigUint64(0) >> 52n) & 0x7ffn) - 1023;
  if (binade < -1022) binade = -1022;
  else if (exact(rounded).gt(ref.abs()) && rounded === 2 ** binade && binade > -1022) binade -= 1;
  const ulp = powerOfTwo(D, binade - 52);
  return exact(approx).minus(ref).abs().div(ulp).toNumber();
}

/** `2^k` in class `D` (to D's precision), computed once per class and exponent. */
function powerOfTwo(D: typeof Decimal, k: number): Decimal {
  let powers = POWERS_OF_TWO.get(D);
  if (powers === undefined) {
    powers = new Map();
    POWERS_OF_TWO.set(D, powers);
  }
  let power = powers.get(k);
  if (power === undefined) {
    power = new D(2).pow(k);
    powers.set(k, power);
  }
  return power;
}
const POWERS_OF_TWO = new WeakMap<typeof Decimal, Map<number, Decimal>>();

/** The exact value of a double as a decimal of class `D` (mantissa x 2^exponent, to D's precision). */
export function exactIn(D: typeof Decimal): (x: number) => Decimal {
  return (x: number) => {
    if (x === 0) return new D(0);
    view.setFloat64(0, x);
    const bits = view.getBigUint64(0);
    const sign = bits >> 63n === 1n ? -1 : 1;
    const e = Number((bits >> 52n) & 0x7ffn);
    const frac = bits & 0xf_ffff_ffff_ffffn;
    const mant = e === 0 ? frac : frac | (1n << 52n);
    const pow = (e === 0 ? 1 : e) - 1075;
    return new D(mant.toString()).times(powerOfTwo(D, pow)).times(sign);
  };
}
