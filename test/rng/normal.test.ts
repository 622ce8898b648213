import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, inverseNormalCdf, normal, type Rng } from '../../src/rng';
import { ZIGGURAT } from '../../src/rng/normal';
import quantiles from './fixtures/normal-quantiles.json';
import constants from './fixtures/rng-constants.json';
import { ulpDistance } from './ulp';

describe('inverseNormalCdf (Wichura AS 241)', () => {
  it('matches well-known quantiles', () => {
    // 1.959963984540054: the 97.5% point of N(0, 1) to 16 digits (Wikipedia, "1.96"); the exact
    // quantile of the double 0.975 is 1.95996398454005385... (mpmath, 60 digits).
    // -6.361340902404056: the 1e-10 quantile as given in the brief; mpmath (60 digits) gives
    // -6.36134090240405620 for the double 1e-10.
    expect(inverseNormalCdf(0.5)).toBe(0);
    expect(inverseNormalCdf(0.975)).toBeCloseTo(1.959963984540054, 15);
    expect(inverseNormalCdf(0.025)).toBeCloseTo(-1.959963984540054, 15);
    expect(inverseNormalCdf(1e-10)).toBeCloseTo(-6.361340902404056, 14);
    // The classical 9-decimal percentage points (Abramowitz & Stegun, ch. 26): 0.95 -> 1.644853627,
    // 0.99 -> 2.326347874, 0.999 -> 3.090232306.
    expect(inverseNormalCdf(0.95)).toBeCloseTo(1.644853627, 9);
    expect(inverseNormalCdf(0.99)).toBeCloseTo(2.326347874, 9);
    expect(inverseNormalCdf(0.999)).toBeCloseTo(3.090232306, 9);
  });

  it('is within 4 ulp of the exact quantile (mpmath, 60 digits) at 620 probabilities from 1e-300 to 1 - 1e-15', () => {
    // Fixture: test/rng/fixtures/normal-quantiles.json, see its generated_by. 4 ulp is the largest
    // error AS 241's double-precision rational evaluation shows there (about 9e-16 relative).
    let max = 0;
    let worst = Number.NaN;
    for (const [p, z] of [...quantiles.named, ...quantiles.sample] as Array<[number, number]>) {
      const d = ulpDistance(inverseNormalCdf(p), z);
      if (d > max) {
        max = d;
        worst = p;
      }
    }
    expect(max, `worst p = ${worst}`).toBeLessThanOrEqual(4);
  });

  it('handles the edges of its domain', () => {
    expect(inverseNormalCdf(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(inverseNormalCdf(1)).toBe(Number.POSITIVE_INFINITY);
    expect(inverseNormalCdf(-0.1)).toBeNaN();
    expect(inverseNormalCdf(1.1)).toBeNaN();
    expect(inverseNormalCdf(Number.NaN)).toBeNaN();
    expect(inverseNormalCdf(5e-324)).toBeCloseTo(-38.4674, 3);
    expect(inverseNormalCdf(2 ** -53)).toBeCloseTo(-8.2095361516, 9);
  });

  it('is exactly antisymmetric on the uniformOpen grid: z(1 - p) = -z(p)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 27 - 1 }),
        fc.integer({ min: 0, max: 2 ** 25 - 1 }),
        (a, b) => {
          const p = (a * 2 ** 25 + b + 0.5) / 2 ** 52;
          expect(inverseNormalCdf(1 - p)).toBe(-inverseNormalCdf(p));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is antisymmetric to rounding for any p: |z(1 - p) + z(p)| is tiny', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (p) => {
        const z = inverseNormalCdf(p);
        // 1 - p is rounded when p < 0.5; its rounding moves the quantile by at most ulp(1)/phi(z).
        const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
        expect(Math.abs(inverseNormalCdf(1 - p) + z)).toBeLessThanOrEqual(
          2e-16 / density + 4e-15 * Math.abs(z),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('is non-decreasing along a fine grid through both branch points', () => {
    // The first decrease, if any (one expect at the end: an expect per point cost seconds).
    const decreases: number[] = [];
    let prev = Number.NEGATIVE_INFINITY;
    for (let i = 1; i < 200_000; i++) {
      const p = i / 200_000;
      const z = inverseNormalCdf(p);
      if (!(z >= prev) && decreases.length < 3) decreases.push(p);
      prev = z;
    }
    for (const split of [0.075, 0.925]) {
      for (let k = -2000; k <= 2000; k++) {
        const p = split + k * 2 ** -52;
        if (!(inverseNormalCdf(p + 2 ** -52) >= inverseNormalCdf(p)) && decreases.length < 3)
          decreases.push(p);
      }
    }
    expect(decreases).toEqual([]);
  });
});

/** A generator that replays `outputs`, then throws; `used` counts the outputs taken. */
function replay(outputs: readonly number[]): Rng & { used: number } {
  const stub = {
    used: 0,
    next(): number {
      if (stub.used >= outputs.length) throw new Error('replay: out of outputs');
      return outputs[stub.used++]! >>> 0;
    },
    clone(): Rng {
      throw new Error('unused');
    },
    getState(): [number, number, number, number] {
      throw new Error('unused');
    },
  };
  return stub;
}

const X = ZIGGURAT.x;
const F = ZIGGURAT.f;
const TWO_POW_MINUS_52 = 2 ** -52;

describe('ziggurat tables (built at load) against decimal.js', () => {
  interface ConstantsScript {
    readonly D: typeof import('decimal.js').default;
    readonly exact: (x: number) => import('decimal.js').default;
    readonly areaOf: (r: import('decimal.js').default) => import('decimal.js').default;
    readonly layers: (
      r: import('decimal.js').default,
      v: import('decimal.js').default,
    ) => { x: Array<import('decimal.js').default>; residual: import('decimal.js').default };
  }
  const script: string = new URL('../../scripts/rng-constants.mjs', import.meta.url).href;
  const load = async () => (await import(/* @vite-ignore */ script)) as ConstantsScript;
  /** The 256 layers closed from the fixture's r and v at 60 digits, computed once for the tests below. */
  let closed: ReturnType<ConstantsScript['layers']> | undefined;
  const fixtureLayers = async () => {
    const { D, layers } = await load();
    closed ??= layers(new D(constants.ziggurat.r), new D(constants.ziggurat.v));
    return closed;
  };

  it('r and v are the fixture values, and r is the root of the top-layer closure (60 digits)', async () => {
    const { D, areaOf } = await load();
    const r = new D(constants.ziggurat.r);
    const v = new D(constants.ziggurat.v);
    // The fixture's r closes the 256 layers: the top layer's area is v to 1e-40 (the residual moves by
    // about 0.02 per unit of r, so r is the root to ~1e-38, far inside its double's rounding interval).
    const { residual } = await fixtureLayers();
    expect(residual.abs().lt('1e-40'), `residual ${residual}`).toBe(true);
    expect(areaOf(r).minus(v).abs().lt('1e-44')).toBe(true);
    // The module's literals are the doubles nearest.
    expect(X[1]).toBe(Number(constants.ziggurat.r));
    expect(X[1]).toBe(constants.ziggurat.r_double);
    expect(X[0]).toBe(constants.ziggurat.v_double / F[1]!);
  });

  it('the layers have equal areas to 1e-12 relative, so the density is the normal one to 1e-12', async () => {
    // Layer i >= 1 is [0, x[i]) x [f[i], f[i + 1]); layer 0 is x[0] x f[1] (the rectangle to r plus the
    // tail's area). Computed exactly from the double tables; measured: 7.9e-14 at the top layer, where the
    // recursion x[i + 1] = sqrt(-2 ln(v / x[i] + f[i])) is worst conditioned.
    const { D, exact } = await load();
    const v = new D(constants.ziggurat.v);
    let worst = 0;
    for (let i = 0; i < 256; i++) {
      const area =
        i === 0 ? exact(X[0]!).times(exact(F[1]!)) : exact(X[i]!).times(exact(F[i + 1]!).minus(exact(F[i]!)));
      worst = Math.max(worst, area.div(v).minus(1).abs().toNumber());
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('edges within 1e-13 relative of the exact ones; heights f[i] within 8 ulp of exp(-x[i]^2 / 2)', async () => {
    const { D, exact } = await load();
    const { x } = await fixtureLayers();
    let worstEdge = 0;
    let worstHeight = 0;
    for (let i = 0; i < 256; i++) {
      worstEdge = Math.max(worstEdge, exact(X[i]!).div(x[i]!).minus(1).abs().toNumber());
      const height = D.exp(exact(X[i]!).pow(2).div(-2));
      worstHeight = Math.max(worstHeight, ulpDistance(F[i]!, Number(height.toPrecision(40))));
    }
    expect(worstEdge).toBeLessThan(1e-13);
    expect(worstHeight).toBeLessThanOrEqual(8);
    expect(X[256]).toBe(0);
    expect(F[256]).toBe(1);
    for (let i = 0; i < 256; i++) expect(X[i + 1]! < X[i]! && F[i + 1]! > F[i]!).toBe(true);
  });
});

describe('normal (ziggurat)', () => {
  it('fast path: two outputs, layer from bits 0-7, sign from bit 8, position from the other 52 bits', () => {
    const a = (0x5a3c1e << 9) | 0x007; // layer 7, sign bit 0
    const b = 0xdeadbeef;
    const rng = replay([a, b]);
    const expected = ((a >>> 9) * 2 ** 29 + (b >>> 3) + 0.5) * TWO_POW_MINUS_52 * X[7]!;
    expect(expected).toBeLessThan(X[8]!); // inside the next layer's width: accepted at once
    expect(normal(rng)).toBe(expected);
    expect(rng.used).toBe(2);
    expect(normal(replay([a | 0x100, b]))).toBe(-expected); // the sign bit flips it exactly
  });

  it('tail: layer 0 beyond r draws r + t from the tail (Marsaglia), four outputs an attempt', () => {
    // Layer 0 with the largest position: x = x[0] (1 - 2^-53) > r.
    const a = (0x7fffff << 9) | 0x000;
    const b = 0xffffffff;
    // uniformOpen(a1, b1) = ((a1 >>> 5) 2^25 + (b1 >>> 7) + 0.5) / 2^52: 0.5 and 0.9 (roughly).
    const half = [0x80000000, 0];
    const high = [0xe6666666, 0];
    const rng = replay([a, b, ...half, ...high]);
    const z = normal(rng);
    // t = -ln(0.5) / r = 0.1897, y = -ln(0.9...) = 0.1: 2y >= t^2, accepted.
    expect(z).toBeGreaterThan(X[1]!);
    expect(z).toBeCloseTo(X[1]! + Math.LN2 / X[1]!, 12);
    expect(rng.used).toBe(6);
  });

  it('wedge: the top layer (no inner rectangle) tests the point against the curve', () => {
    const a = (0x400000 << 9) | 0x0ff; // layer 255, position 0.5, sign 0
    const x = (0x400000 * 2 ** 29 + 0.5) * TWO_POW_MINUS_52 * X[255]!;
    // A low height is under the curve: accepted after 4 outputs.
    const accepted = replay([a, 0, 0, 0]);
    expect(normal(accepted)).toBe(x);
    expect(accepted.used).toBe(4);
    // A height at the top of the layer is above the curve: rejected, then the next attempt (fast path
    // in layer 7) is returned.
    const next = [(0x100 << 9) | 0x007, 0];
    const rejected = replay([a, 0, 0xffffffff, 0xffffffff, ...next]);
    expect(normal(rejected)).toBe((0x100 * 2 ** 29 + 0.5) * TWO_POW_MINUS_52 * X[7]!);
    expect(rejected.used).toBe(6);
  });

  it('consumes two outputs for 98.5% of deviates (seed 5, 1e6 deviates), 2.04 on average', () => {
    // Fast-path acceptance: (1/256) sum x[i + 1] / x[i] = 0.98508 per attempt.
    const rng = createRng(5);
    let calls = 0;
    const counting: Rng = {
      next: () => {
        calls++;
        return rng.next();
      },
      clone: () => rng,
      getState: () => rng.getState(),
    };
    let two = 0;
    const n = 1_000_000;
    for (let i = 0; i < n; i++) {
      const before = calls;
      normal(counting);
      if (calls - before === 2) two++;
    }
    expect(two / n).toBeGreaterThan(0.984);
    expect(two / n).toBeLessThan(0.986);
    expect(calls / n).toBeLessThan(2.05);
  });

  it('is reproducible: the same seed gives the same deviates and the same generator state', () => {
    const a = createRng(123);
    const b = createRng(123);
    // The first differing draw, if any (one expect at the end: an expect per draw cost more than the draws).
    let differs: string | undefined;
    for (let i = 0; i < 10_000 && differs === undefined; i++) {
      const [x, y] = [normal(a), normal(b)];
      if (!Object.is(x, y)) differs = `draw ${i}: ${x} != ${y}`;
    }
    expect(differs).toBeUndefined();
    expect(a.getState()).toEqual(b.getState());
  });

  it('moments over 1e6 draws (seed 1): mean, sd, skewness, kurtosis within 4 standard errors', () => {
    // Seed fixed before looking at the result. SE: mean 0.001, sd 0.0007, skewness 0.0024,
    // kurtosis 0.0049.
    const rng = createRng(1);
    const n = 1_000_000;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const z = normal(rng);
      const z2 = z * z;
      s1 += z;
      s2 += z2;
      s3 += z2 * z;
      s4 += z2 * z2;
      if (z < min) min = z;
      if (z > max) max = z;
    }
    const mean = s1 / n;
    const variance = s2 / n - mean * mean;
    const sd = Math.sqrt(variance);
    const skew = (s3 / n - 3 * mean * variance - mean ** 3) / variance ** 1.5;
    const kurt = (s4 / n - 4 * mean * (s3 / n) + 6 * mean * mean * (s2 / n) - 3 * mean ** 4) / variance ** 2;
    expect(Math.abs(mean)).toBeLessThan(0.004);
    expect(Math.abs(sd - 1)).toBeLessThan(0.003);
    expect(Math.abs(skew)).toBeLessThan(0.01);
    expect(Math.abs(kurt - 3)).toBeLessThan(0.02);
    expect(Math.max(-min, max)).toBeLessThanOrEqual(13.71); // r + ln(2^53) / r = 13.708
  });

  it('Kolmogorov-Smirnov and chi-square against the normal CDF (seed 3, 1e6 draws)', () => {
    // Cells between the quantiles z_j = inverseNormalCdf(j / 2^16) (AS 241, 1e-16 accurate). KS: the
    // largest |F_n(z_j) - j / 2^16| over the grid (a lower bound of the KS statistic D_n) must stay
    // below 1.9495 / sqrt(n), the 0.1% critical value of the Kolmogorov distribution. Chi-square: the
    // 1024 equiprobable cells of 64 grid cells each, df 1023, 0.1% critical value 1168.50.
    const M = 2 ** 16;
    const edges = Float64Array.from({ length: M - 1 }, (_, j) => inverseNormalCdf((j + 1) / M));
    const cells = new Float64Array(M);
    const rng = createRng(3);
    const n = 1_000_000;
    for (let i = 0; i < n; i++) {
      const z = normal(rng);
      let lo = 0;
      let hi = M - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (z < edges[mid]!) hi = mid;
        else lo = mid + 1;
      }
      cells[lo]!++;
    }
    let cumulative = 0;
    let ks = 0;
    for (let j = 0; j < M - 1; j++) {
      cumulative += cells[j]!;
      ks = Math.max(ks, Math.abs(cumulative / n - (j + 1) / M));
    }
    expect(ks * Math.sqrt(n)).toBeLessThan(1.9495);
    let chi2 = 0;
    const expected = n / 1024;
    for (let c = 0; c < 1024; c++) {
      let count = 0;
      for (let j = c * 64; j < (c + 1) * 64; j++) count += cells[j]!;
      chi2 += (count - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(1168.5);
  });

  it('tail frequencies beyond 3, r = 3.654 and 4 standard deviations (seed 2, 4e6 draws)', () => {
    // P(|Z| > 3) = 0.0026997961, P(|Z| > r) = 2.5803249e-4 (only the tail branch gives these),
    // P(|Z| > 4) = 6.3342484e-5; the bounds are 4 standard errors of the count.
    const rng = createRng(2);
    const n = 4_000_000;
    let beyond3 = 0;
    let beyondR = 0;
    let beyond4 = 0;
    for (let i = 0; i < n; i++) {
      const z = Math.abs(normal(rng));
      if (z > 3) beyond3++;
      if (z > X[1]!) beyondR++;
      if (z > 4) beyond4++;
    }
    const within4Se = (count: number, p: number) =>
      expect(Math.abs(count - n * p), `${count} against ${n * p}`).toBeLessThan(
        4 * Math.sqrt(n * p * (1 - p)),
      );
    within4Se(beyond3, 0.0026997960632601866);
    within4Se(beyondR, 2.5803248765390077e-4);
    within4Se(beyond4, 6.334248366623973e-5);
  });

  it('is symmetric: flipping bit 8 of the first output flips the sign (1e5 draws, every branch)', () => {
    // ... unless the first attempt was rejected (a wedge miss, about 0.7% of draws): the sign is then
    // taken from the attempt that was accepted, and the deviate is unchanged.
    const rng = createRng(8);
    let flippedSign = 0;
    const n = 100_000;
    // The first few draws that break either statement (one expect at the end: an expect per draw
    // cost seconds).
    const failures: string[] = [];
    for (let i = 0; i < n; i++) {
      const copy = rng.clone();
      const z = normal(rng);
      let first = true;
      const flipped: Rng = {
        next: () => {
          const out = copy.next();
          if (!first) return out;
          first = false;
          return (out ^ 0x100) >>> 0;
        },
        clone: () => copy,
        getState: () => copy.getState(),
      };
      const w = normal(flipped);
      if (w === -z) flippedSign++;
      else if (!Object.is(w, z) && failures.length < 5)
        failures.push(`draw ${i}: ${w} is neither ${z} nor -${z}`);
      const [got, want] = [copy.getState(), rng.getState()];
      if (got.some((word, k) => word !== want[k]) && failures.length < 5)
        failures.push(`draw ${i}: state ${got} != ${want}`);
    }
    expect(failures).toEqual([]);
    expect(flippedSign / n).toBeGreaterThan(0.99);
  });
});
