/** Test helpers: distances in units in the last place between doubles. */

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
