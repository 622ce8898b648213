// The guess-free rate search (src/core/rate-roots.ts) through the IRR functions of src/core/irr.ts:
// close pairs of roots, double roots and clusters, checked against exact decimal arithmetic, and the
// evaluation-error bound E that defines "touches zero within rounding".
import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datedRateFunction, irrRoots, periodicRateFunction, xirrRoots } from '../../src/core/irr';
import {
  RATE_GRID,
  RATE_SEARCH_MAX,
  RATE_SEARCH_MIN,
  type RateFunction,
  rateRoots,
  rateSearchKind,
  signChanges,
} from '../../src/core/rate-roots';
import { Exact, rootWithin } from '../helpers';

const U = 2 ** -53;

/** Flows c (1 - (1 + r1) v)(1 - (1 + r2) v), v = 1/(1 + r): IRRs exactly r1 and r2. */
const family = (c: number, r1: number, r2: number) => [c, -c * (2 + r1 + r2), c * (1 + r1) * (1 + r2)];

/** sum c_t e^(-t x) in decimal: the periodic NPV at x = ln(1 + r), exactly for the given doubles. */
function exactNpvAtX(flows: readonly number[], x: Decimal): Decimal {
  const v = x.neg().exp();
  let acc = new Exact(0);
  for (let t = flows.length - 1; t >= 0; t--) acc = acc.times(v).plus(flows[t] as number);
  return acc;
}

/**
 * The documented bound E(x) = (6n + 8) u sum |c_t| e^(-t x) (n: periods from the first to the last
 * non-zero flow) and the slope f'(x) = -sum t c_t e^(-t x), in doubles, written out independently of
 * the engine. Both carry the same positive factor as f on x < 0, so their ratio needs no scaling.
 */
function boundAndSlope(flows: readonly number[], x: number) {
  const first = flows.findIndex((c) => c !== 0);
  const last = flows.length - 1 - [...flows].reverse().findIndex((c) => c !== 0);
  let magnitude = 0;
  let slope = 0;
  flows.forEach((c, t) => {
    const d = Math.exp(-t * x);
    magnitude += Math.abs(c) * d;
    slope -= t * c * d;
  });
  return { bound: (6 * (last - first) + 8) * U * magnitude, slope };
}

// Log-uniform gaps in x = ln(1 + r).
const gap = (min: number, max: number) =>
  fc.double({ min: Math.log(min), max: Math.log(max), noNaN: true }).map(Math.exp);
const scale = fc
  .tuple(fc.double({ min: 0, max: 6, noNaN: true }), fc.boolean())
  .map(([e, negative]) => (negative ? -1 : 1) * 10 ** e);

describe('rate roots: two close roots (three-flow family)', () => {
  // Between the roots the NPV dips by about |c| dx^2 / 4 (dx = x2 - x1), while E = 20u x 4|c| there
  // (n = 2, and the three terms are about |c|, 2|c|, |c|). The dip exceeds E, and the two roots are
  // told apart, when dx > sqrt(320 u) = 1.9e-7 in ln(1 + r): a gap (r2 - r1) / (1 + r) of 1.9e-7, or
  // 2.1e-6 relative to r itself at r = 10%. The property runs from 1e-6, five times the limit, up to the
  // grid step 0.005. Each root is within 4E/|f'| of the true one: the computed NPV is within E of the
  // exact, and the flows' own rounding moves the true roots by less than E/|f'|.
  it('both roots are reported, each within its conditioning of r1 and r2', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.5, max: 1, noNaN: true }), gap(1e-6, 0.005), scale, (r1, dx, c) => {
        const x1 = Math.log1p(r1);
        const x2 = x1 + dx;
        const flows = family(c, r1, Math.expm1(x2));
        const { roots, status } = irrRoots(flows);
        expect(status).toBe('multiple');
        expect(roots).toHaveLength(2);
        for (const [i, x] of [x1, x2].entries()) {
          const found = Math.log1p(roots[i] as number);
          const { bound, slope } = boundAndSlope(flows, x);
          const tolerance = (4 * bound) / Math.abs(slope) + 1e-14;
          expect(tolerance).toBeLessThan(dx / 4);
          expect(Math.abs(found - x)).toBeLessThanOrEqual(tolerance);
          // A true root of the flows as given (doubles, exactly) lies within the tolerance.
          const f = (at: Decimal) => exactNpvAtX(flows, at);
          expect(rootWithin(f, found, tolerance)).toBe(true);
        }
      }),
    );
  });

  it('the same for dated flows a year apart', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.5, max: 1, noNaN: true }), gap(1e-6, 0.005), scale, (r1, dx, c) => {
        const x1 = Math.log1p(r1);
        const r2 = Math.expm1(x1 + dx);
        const { roots } = xirrRoots([0, 1, 2], family(c, r1, r2));
        expect(roots).toHaveLength(2);
        expect(Math.abs(Math.log1p(roots[0] as number) - x1)).toBeLessThan(dx / 4);
        expect(Math.abs(Math.log1p(roots[1] as number) - x1 - dx)).toBeLessThan(dx / 4);
      }),
    );
  });

  // Below the limit the dip is within E: the NPV touches zero within rounding, one double root (at
  // the extremum, or where two roots found beside a grid point are merged). It is where |f| <= 2E, f
  // being about c ((x - x_mid)^2 - dx^2 / 4): within dx/2 + sqrt(2E/|c|) = dx/2 + sqrt(160u) of the
  // midpoint.
  it('closer than the limit: one double root, between the two', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.5, max: 1, noNaN: true }), gap(1e-12, 1e-7), scale, (r1, dx, c) => {
        const x1 = Math.log1p(r1);
        const { roots } = irrRoots(family(c, r1, Math.expm1(x1 + dx)));
        expect(roots).toHaveLength(1);
        for (const root of roots) {
          expect(Math.abs(Math.log1p(root) - x1 - dx / 2)).toBeLessThanOrEqual(dx / 2 + Math.sqrt(160 * U));
        }
      }),
    );
  });

  // Two roots with a positive factor q(v) (no positive root of its own): more flows, more sign
  // changes than roots, so the search goes down to f' and f'' before Descartes' count is met.
  it('a random positive factor keeps both roots found', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.3, max: 0.5, noNaN: true }),
        gap(1e-5, 0.005),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (r1, dx, q) => {
          const x1 = Math.log1p(r1);
          const pair = family(1000, r1, Math.expm1(x1 + dx));
          const flows = new Array<number>(q.length + 2).fill(0);
          pair.forEach((p, i) => {
            q.forEach((qj, j) => {
              flows[i + j] = (flows[i + j] as number) + p * qj;
            });
          });
          const { roots } = irrRoots(flows);
          const near = roots.map(Math.log1p).filter((x) => x > x1 - 0.01 && x < x1 + dx + 0.01);
          expect(near).toHaveLength(2);
          for (const found of near) {
            const { bound, slope } = boundAndSlope(flows, found);
            const f = (at: Decimal) => exactNpvAtX(flows, at);
            expect(rootWithin(f, found, (4 * bound) / Math.abs(slope) + 1e-14)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('rate roots: clusters, touches, zeros', () => {
  // (1 - 1.1 v)(1 - 1.1005 v)(1 - 1.1012 v)(1 - 1.102 v): four roots within 0.002 of each other, all in
  // one grid cell (ln 1.1 = 0.09531 to ln 1.102 = 0.09713, between 0.095 and 0.100); found through f'''.
  // The coefficients are rounded to doubles, so the roots of the flows as given are checked exactly:
  // each within 1e-6 in ln(1 + r) (the roots are 4e-4 apart or more). The worst-case bound E allows
  // more (4E/|f'| is about 2e-4 here, the slopes being ~1e-9 in a cluster); the actual error is far
  // smaller (the exact NPV at each reported root is below 3e-16).
  it('four roots in one grid cell', () => {
    let flows = [1];
    for (const a of [1.1, 1.1005, 1.1012, 1.102]) {
      const next = new Array<number>(flows.length + 1).fill(0);
      flows.forEach((c, i) => {
        next[i] = (next[i] as number) + c;
        next[i + 1] = (next[i + 1] as number) - a * c;
      });
      flows = next;
    }
    const { roots } = irrRoots(flows);
    expect(roots).toHaveLength(4);
    for (const [i, expected] of [0.1, 0.1005, 0.1012, 0.102].entries()) {
      expect(roots[i]).toBeCloseTo(expected, 5);
      const x = Math.log1p(roots[i] as number);
      expect(rootWithin((at) => exactNpvAtX(flows, at), x, 1e-6)).toBe(true);
    }
  });

  // c (1 - a v)^2: a double root at r = a - 1, where the NPV touches zero without crossing.
  it('an exact double root is reported once, for any scale and place in the range', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.9, max: 50, noNaN: true }), scale, (r, c) => {
        const a = 1 + r;
        const { roots } = irrRoots([c, -2 * a * c, a * a * c]);
        expect(roots).toHaveLength(1);
        expect(Math.abs(Math.log1p(roots[0] as number) - Math.log(a))).toBeLessThan(1e-6);
      }),
    );
  });

  it('touches need a real dip: 100 - 220 v + 121.0000001 v^2 has no root', () => {
    // Discriminant 220^2 - 4 x 100 x 121.0000001 = -4e-5 < 0: no real root; its minimum, 8e-8 at
    // v = 1.1/1.21, is far above E (20u x 400 = 9e-13).
    expect(irrRoots([100, -220, 121.0000001]).status).toBe('no_root_found');
  });

  it('the grid has r = 0 as a point, and the range ends at its ends', () => {
    expect(RATE_GRID).toContain(0);
    expect(Math.expm1(RATE_GRID[0] as number)).toBeCloseTo(RATE_SEARCH_MIN, 12);
    expect(Math.expm1(RATE_GRID.at(-1) as number)).toBeCloseTo(RATE_SEARCH_MAX, 6);
  });

  it('leading and trailing zero flows change no root, and never make r = 10,000 one', () => {
    // -100, 230, -132 two periods later, or padded with zeros: the same v-polynomial times v^k.
    const padded = [...new Array(120).fill(0), -100, 230, -132, 0, 0];
    expect(irrRoots(padded).roots.map((r) => Number(r.toFixed(12)))).toEqual([0.1, 0.2]);
  });
});

describe('rate roots: every reported root zeroes the NPV within the bound', () => {
  // For a reported r, at x = ln(1 + r) exactly: |NPV| <= 2E + |NPV'| w. The computed NPV is within E
  // of the exact one; at a touch it was within E of zero, and at a crossing Brent's method stopped
  // with a bracket of 1e-15 + 4 ulps of x around the computed crossing. Reporting r = e^x - 1 as a
  // double moves x by up to an ulp of r over 1 + r (much near r = -1): w is the sum.
  const flows = fc
    .array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 2, maxLength: 30 })
    .filter((f) => signChanges(f) > 0);

  it('periodic flows', () => {
    fc.assert(
      fc.property(flows, (cashflows) => {
        for (const r of irrRoots(cashflows).roots) {
          const x = new Exact(r).plus(1).ln();
          const npv = exactNpvAtX(cashflows, x).abs().toNumber();
          const { bound, slope } = boundAndSlope(cashflows, x.toNumber());
          const w = 1e-14 + 8 * Number.EPSILON * (Math.abs(x.toNumber()) + Math.abs(r) / (1 + r));
          expect(npv).toBeLessThanOrEqual(2 * bound + Math.abs(slope) * w);
        }
      }),
    );
  });

  it('dated flows', () => {
    const dated = fc
      .uniqueArray(fc.integer({ min: 0, max: 30 * 365 }), { minLength: 2, maxLength: 12 })
      .chain((days) =>
        fc.tuple(
          fc.constant([0, ...days.filter((d) => d > 0)].sort((a, b) => a - b).map((d) => d / 365)),
          fc.array(
            fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((a) => a !== 0),
            {
              minLength: days.length + 1,
              maxLength: days.length + 1,
            },
          ),
        ),
      )
      .map(([years, amounts]) => [years, amounts.slice(0, years.length)] as const)
      .filter(([, amounts]) => signChanges(amounts) > 0);
    fc.assert(
      fc.property(dated, ([years, amounts]) => {
        const fn = datedRateFunction(years, amounts);
        for (const r of rateRoots(fn)) {
          const x = new Exact(r).plus(1).ln();
          let npv = new Exact(0);
          let magnitude = 0;
          let slope = 0;
          years.forEach((y, i) => {
            const a = amounts[i] as number;
            npv = npv.plus(x.times(-y).exp().times(a));
            const d = Math.exp(-y * x.toNumber());
            magnitude += Math.abs(a) * d;
            slope -= y * a * d;
          });
          const last = years.at(-1) as number;
          const xn = x.toNumber();
          const bound = (amounts.length + 2 * last * Math.abs(xn) + 8) * U * magnitude;
          const w = 1e-14 + 8 * Number.EPSILON * (Math.abs(xn) + Math.abs(r) / (1 + r));
          expect(npv.abs().toNumber()).toBeLessThanOrEqual(2 * bound + Math.abs(slope) * w);
        }
      }),
    );
  });

  it('the engine’s bound is the documented one', () => {
    const cashflows = [0, -824_946.38, 1_816_531.93, -1_000_000, 0];
    const fn = periodicRateFunction(cashflows);
    for (const x of [-0.3, 0, 0.0953, 2]) {
      // The engine drops the leading zero (a factor e^x) and scales by e^(2x) on x < 0 (2 periods from
      // the first non-zero flow to the last): e^(3x) in all there.
      const factor = Math.exp((x < 0 ? 3 : 1) * x);
      const side = x < 0 ? -1 : 1;
      const bound = fn.errorFactor(x, 0) * (fn.magnitudes(x, 0, side)[0] as number);
      expect(bound).toBeCloseTo(boundAndSlope(cashflows, x).bound * factor, 20);
    }
  });
});

// The cost of an IRR request is figured from how its search goes (src/utilities/cashflow-npv-irr.ts):
// the kind rateSearchKind reports before the search must be the way rateRoots then goes.
describe('rate roots: the search kind a cost is figured from', () => {
  /** `fn` with its evaluations of f counted. */
  function counted(fn: RateFunction): { fn: RateFunction; values: () => number } {
    let values = 0;
    const value = (x: number) => {
      values++;
      return fn.value(x);
    };
    return {
      fn: {
        ...fn,
        value,
        derivative: fn.derivative.bind(fn),
        errorFactor: fn.errorFactor.bind(fn),
        magnitudes: fn.magnitudes.bind(fn),
        derivativeChanges: fn.derivativeChanges.bind(fn),
      },
      values: () => values,
    };
  }
  const flowsArbitrary = fc.array(
    fc.oneof(fc.constant(0), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(-1e9, 0.01)),
    { minLength: 1, maxLength: 40 },
  );

  it('none: f is never evaluated; bracketed: Brent alone, under 60 evaluations; grid: the whole grid', () => {
    fc.assert(
      fc.property(flowsArbitrary, fc.boolean(), (flows, datedFlows) => {
        const build = () =>
          datedFlows
            ? datedRateFunction(
                flows.map((_, i) => i / 12),
                flows,
              )
            : periodicRateFunction(flows);
        const kind = rateSearchKind(build());
        const { fn, values } = counted(build());
        rateRoots(fn);
        if (kind === 'none') expect(values()).toBe(0);
        else if (kind === 'bracketed') expect(values()).toBeLessThan(60);
        else expect(values()).toBeGreaterThanOrEqual(RATE_GRID.length);
      }),
      { numRuns: 300 },
    );
  });

  it('one sign change whose root lies outside the range scans the grid', () => {
    // -1e12 now, one cent a period later: r = 1e-14 - 1, far below -99.99%.
    const flows = [-1e12, 0.01];
    expect(rateSearchKind(periodicRateFunction(flows))).toBe('grid');
    expect(rateSearchKind(periodicRateFunction([-100, 110]))).toBe('bracketed');
    expect(rateSearchKind(periodicRateFunction([100, 110]))).toBe('none');
    expect(rateSearchKind(periodicRateFunction([-100, 230, -132]))).toBe('grid');
  });
});
