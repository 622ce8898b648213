import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tvm } from '../../src/utilities/tvm';
import { calculationErrorOf, Exact, rootWithin } from '../helpers';

const value = (input: Parameters<typeof tvm>[0]) => tvm(input).result.value;

const errorOf = (input: unknown) => calculationErrorOf(tvm, input);

describe('tvm: Microsoft Excel documentation examples', () => {
  // PMT function (support.microsoft.com, "PMT function"): =PMT(8%/12, 10, 10000) = ($1,037.03);
  // with type 1: ($1,030.16); =PMT(6%/12, 18*12, 0, 50000) = ($129.08).
  it('PMT', () => {
    expect(value({ solve_for: 'pmt', rate: 0.08 / 12, nper: 10, pv: 10_000 })).toBe(-1037.03);
    expect(value({ solve_for: 'pmt', rate: 0.08 / 12, nper: 10, pv: 10_000, payment_timing: 'begin' })).toBe(
      -1030.16,
    );
    expect(value({ solve_for: 'pmt', rate: 0.06 / 12, nper: 18 * 12, pv: 0, fv: 50_000 })).toBe(-129.08);
  });
  // FV function: =FV(0.06/12, 10, -200, -500, 1) = $2,581.40; =FV(0.12/12, 12, -1000) = $12,682.50;
  // =FV(0.11/12, 35, -2000, , 1) = $82,846.25.
  it('FV', () => {
    expect(
      value({ solve_for: 'fv', rate: 0.06 / 12, nper: 10, pmt: -200, pv: -500, payment_timing: 'begin' }),
    ).toBe(2581.4);
    expect(value({ solve_for: 'fv', rate: 0.12 / 12, nper: 12, pmt: -1000 })).toBe(12682.5);
    expect(value({ solve_for: 'fv', rate: 0.11 / 12, nper: 35, pmt: -2000, payment_timing: 'begin' })).toBe(
      82846.25,
    );
  });
  // PV function: =PV(0.08/12, 12*20, 500, , 0) = ($59,777.15).
  it('PV', () => {
    expect(value({ solve_for: 'pv', rate: 0.08 / 12, nper: 240, pmt: 500 })).toBe(-59777.15);
  });
  // NPER function: =NPER(0.12/12, -100, -1000, 10000, 1) = 59.6738657; same with type 0 = 60.0821229;
  // =NPER(0.12/12, -100, -1000) = -9.57859404: a negative count, which finplan reports as no solution.
  it('NPER, and Excel’s negative NPER as no_solution', () => {
    expect(
      value({ solve_for: 'nper', rate: 0.01, pmt: -100, pv: -1000, fv: 10_000, payment_timing: 'begin' }),
    ).toBeCloseTo(59.6738657, 6);
    expect(value({ solve_for: 'nper', rate: 0.01, pmt: -100, pv: -1000, fv: 10_000 })).toBeCloseTo(
      60.0821229,
      6,
    );
    const error = errorOf({ solve_for: 'nper', rate: 0.01, pmt: -100, pv: -1000 });
    expect(error.code).toBe('no_solution');
    expect(error.issues[0]?.path).toBe('nper');
  });
  // RATE function: =RATE(4*12, -200, 8000) = 1% (monthly, shown rounded); 0.77% full precision
  // 0.00770147248820137, 9.24% a year.
  it('RATE', () => {
    const rate = value({ solve_for: 'rate', nper: 48, pmt: -200, pv: 8000 });
    expect(rate).toBeCloseTo(0.0077014725, 10);
    expect(Math.round(rate * 12 * 10_000) / 100).toBe(9.24);
  });
});

describe('tvm: numpy-financial documentation examples', () => {
  // numpy_financial.fv(0.05/12, 10*12, -100, -100) = 15692.928894335748
  it('fv', () =>
    expect(value({ solve_for: 'fv', rate: 0.05 / 12, nper: 120, pmt: -100, pv: -100 })).toBe(15692.93));
  // numpy_financial.pv(0.05/12, 10*12, -100, 15692.93) = -100.00067131625819
  it('pv', () =>
    expect(value({ solve_for: 'pv', rate: 0.05 / 12, nper: 120, pmt: -100, fv: 15692.93 })).toBe(-100));
  // numpy_financial.pmt(0.075/12, 12*15, 200000) = -1854.0247200054619
  it('pmt', () =>
    expect(value({ solve_for: 'pmt', rate: 0.075 / 12, nper: 180, pv: 200_000 })).toBe(-1854.02));
  // numpy_financial.nper(0.07/12, -150, 8000) = 64.07334877066185
  it('nper', () =>
    expect(value({ solve_for: 'nper', rate: 0.07 / 12, pmt: -150, pv: 8000 })).toBe(64.073349));
  // numpy_financial.rate(10, 0, -3500, 10000) = 0.1106908537142689
  it('rate', () =>
    expect(value({ solve_for: 'rate', nper: 10, pmt: 0, pv: -3500, fv: 10_000 })).toBe(0.1106908537));
});

describe('tvm: edge cases', () => {
  it('zero rate is exact', () => {
    // 120 payments of -100 with no interest: fv = 12,000; pmt to pay 12,000 over 120 = -100.
    expect(value({ solve_for: 'fv', rate: 0, nper: 120, pmt: -100 })).toBe(12_000);
    expect(value({ solve_for: 'pmt', rate: 0, nper: 120, pv: 12_000 })).toBe(-100);
    expect(value({ solve_for: 'nper', rate: 0, pmt: -100, pv: 12_000 })).toBe(120);
    expect(value({ solve_for: 'pv', rate: 0, nper: 10, pmt: 5, fv: 50 })).toBe(-100);
  });
  it('finds a negative rate', () => {
    // Pay 1,000 now and receive 100 a period for 9 periods: 900 back, so the rate is negative.
    const rate = value({ solve_for: 'rate', nper: 9, pmt: 100, pv: -1000 });
    expect(rate).toBeLessThan(0);
    expect(value({ solve_for: 'pv', rate, nper: 9, pmt: 100 })).toBe(-1000);
  });
  it('reports both rates when the flows change sign twice, and picks the one nearest zero', () => {
    // Flows: +1000 now, -300 for five periods, +400 at the end (+100 net at period 5): two sign changes.
    const { result } = tvm({ solve_for: 'rate', nper: 5, pmt: -300, pv: 1000, fv: 400 });
    expect(result.rate_roots).toHaveLength(2);
    expect(result.rate).toBe(result.rate_roots?.[1]);
    for (const root of result.rate_roots ?? []) {
      expect(value({ solve_for: 'fv', rate: root, nper: 5, pmt: -300, pv: 1000 })).toBeCloseTo(400, 2);
    }
  });
  it('no_solution when the flows never change sign', () => {
    const error = errorOf({ solve_for: 'rate', nper: 10, pmt: 100, pv: 100, fv: 100 });
    expect(error.code).toBe('no_solution');
    expect(error.issues[0]?.path).toBe('rate');
    expect(errorOf({ solve_for: 'rate', nper: 10 }).code).toBe('no_solution');
  });
  it('no_solution, not a boundary rate, when the flows never change sign and the balance underflows there', () => {
    // Only a future value: no rate balances it. At r = 10,000, fv / (1 + r)^600 underflows to exactly 0,
    // which a scan over the range must not report as a root.
    expect(errorOf({ solve_for: 'rate', nper: 600, pmt: 0, pv: 0, fv: 926_378.77 }).code).toBe('no_solution');
    expect(
      errorOf({ solve_for: 'rate', nper: 600, pmt: 0, pv: -505_066, payment_timing: 'begin' }).code,
    ).toBe('no_solution');
  });
  it('finds two close roots of a long schedule (both balance the equation)', () => {
    // +999,999.98 now, -2,073.51 a month for 600 months, +332,972.37 at the end: two sign changes, two
    // negative rates within 0.5% of each other.
    const { result } = tvm({ solve_for: 'rate', nper: 600, pmt: -2073.51, pv: 999_999.98, fv: 332_972.37 });
    expect(result.rate_roots).toHaveLength(2);
    for (const root of result.rate_roots ?? []) {
      expect(value({ solve_for: 'fv', rate: root, nper: 600, pmt: -2073.51, pv: 999_999.98 })).toBeCloseTo(
        332_972.37,
        0,
      );
    }
  });
  // Issue 27. +966,160.70 now, -8,581.09 a period for 301 periods, +1,680,183.48 at the end: two
  // sign changes. The balance is 1,680,183.48 + 966,160.70 - 301 x 8,581.09 = 63,437.09 > 0 at r = 0
  // and positive again at the next grid point (ln(1 + r) = 0.005), yet negative between: the rates
  // 0.0006862349 and 0.0048265444 both lie in that one grid cell. Each is checked by exact decimal
  // arithmetic: the balance changes sign within 1e-10 of it.
  it('finds two rates inside one grid cell beside r = 0 (issue 27)', () => {
    const problem = { nper: 301, pmt: -8581.09, pv: 966_160.7, fv: 1_680_183.48 };
    const { result } = tvm({ solve_for: 'rate', ...problem });
    expect(result.rate_roots).toEqual([0.0006862349, 0.0048265444]);
    expect(result.value).toBe(0.0006862349);
    const balance = (r: Decimal) => {
      const growth = r.plus(1).pow(problem.nper);
      return growth.times(problem.pv).plus(growth.minus(1).div(r).times(problem.pmt)).plus(problem.fv);
    };
    for (const root of result.rate_roots ?? []) expect(rootWithin(balance, root, 1e-10)).toBe(true);
  });
  // pv -1,000, pmt 2,002 for 2 periods, fv -3,004: the flows -1,000, 2,002, -1,002 (the last is
  // pmt + fv), which sum to 0 (r = 0) and also vanish at r = 0.002 (-(1 - v)(1,000 - 1,002 v)).
  it('a rate of exactly 0 does not hide a second rate beside it', () => {
    const { result } = tvm({ solve_for: 'rate', nper: 2, pmt: 2002, pv: -1000, fv: -3004 });
    expect(result.rate_roots).toEqual([0, 0.002]);
    expect(result.value).toBe(0);
  });
  it('no_solution when a payment never amortizes the balance', () => {
    // 1% a period on 10,000 is 100 of interest: a 50 payment never pays it down.
    expect(errorOf({ solve_for: 'nper', rate: 0.01, pmt: -50, pv: 10_000 }).code).toBe('no_solution');
    expect(errorOf({ solve_for: 'nper', rate: 0, pmt: 0, pv: 10_000 }).code).toBe('no_solution');
  });
  it('no_solution when the solved money is beyond what cents can express', () => {
    expect(errorOf({ solve_for: 'fv', rate: 1, nper: 1000, pv: -1 }).code).toBe('no_solution');
  });
  it('bad input names the field', () => {
    expect(errorOf({ solve_for: 'pmt', rate: 0.01, nper: 12, pv: 1000, pmt: 5 }).issues[0]).toMatchObject({
      path: 'pmt',
      message: 'must be omitted when solve_for is "pmt"',
    });
    expect(errorOf({ solve_for: 'pmt', nper: 12, pv: 1000 }).issues[0]).toMatchObject({
      path: 'rate',
      message: 'is required',
    });
    expect(errorOf({ solve_for: 'pmt', rate: 'x', nper: 12 }).issues[0]?.path).toBe('rate');
    expect(errorOf({ solve_for: 'apr', rate: 0.01, nper: 12 }).issues[0]?.path).toBe('solve_for');
    expect(errorOf({ solve_for: 'pmt', rate: 0.01, nper: 12, pv: 1e13 }).issues[0]?.path).toBe('pv');
    expect(errorOf({ solve_for: 'pmt', rate: 0.01, nper: 12, timing: 'begin' }).issues[0]?.code).toBe(
      'unknown_field',
    );
  });
});

describe('tvm: properties', () => {
  const r = fc.double({ min: -0.5, max: 0.5, noNaN: true });
  const n = fc.integer({ min: 1, max: 600 });
  const m = fc.double({ min: -1e6, max: 1e6, noNaN: true });
  const timing = fc.constantFrom('begin' as const, 'end' as const);

  it('solving for any variable and plugging it back balances the equation', () => {
    fc.assert(
      fc.property(r, n, m, m, timing, (rate, nper, pv, pmt, payment_timing) => {
        fc.pre((1 + Math.abs(rate)) ** nper < 1e4);
        const fv = value({ solve_for: 'fv', rate, nper, pv, pmt, payment_timing });
        // PV from the (rounded) FV comes back within a cent per unit of discounting.
        const back = value({ solve_for: 'pv', rate, nper, pmt, fv, payment_timing });
        expect(Math.abs(back - pv)).toBeLessThanOrEqual(
          0.01 * Math.max(1, (1 + rate) ** -nper) + 1e-9 * Math.abs(pv),
        );
      }),
    );
  });

  it('a solved rate reproduces the payment it was solved from', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.0001, max: 0.05, noNaN: true }),
        fc.integer({ min: 2, max: 480 }),
        (rate, nper) => {
          const pmt = value({ solve_for: 'pmt', rate, nper, pv: 100_000 });
          const solved = value({ solve_for: 'rate', nper, pmt, pv: 100_000 });
          expect(value({ solve_for: 'pmt', rate: solved, nper, pv: 100_000 })).toBeCloseTo(pmt, 2);
        },
      ),
    );
  });

  it('a payment grows with the rate (more interest to pay)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        n,
        (a, b, nper) => {
          fc.pre(a < b);
          expect(value({ solve_for: 'pmt', rate: a, nper, pv: 100_000 })).toBeGreaterThanOrEqual(
            value({ solve_for: 'pmt', rate: b, nper, pv: 100_000 }),
          );
        },
      ),
    );
  });

  // Two close rates by construction: with pmt = -1,000 and G_i = (1 + r_i)^n, A_i = (G_i - 1) / r_i,
  // pv G_i + fv = -pmt A_i for i = 1, 2 gives pv = -pmt (A1 - A2) / (G1 - G2), fv = -pv G1 - pmt A1.
  // Both rates are reported; each lies, in exact decimal arithmetic on the problem as given (pv and fv
  // rounded to doubles, which moves the rates a little from r1 and r2), within 1e-10 (the reported 10
  // places) plus 4E/|balance'| of a true rate, E being the documented evaluation bound
  // (n |x| + 16) u x the sum of the magnitudes of the equation's terms, and these windows are apart.
  it('two close rates, 0.1% to 30% apart, are both reported', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 360 }),
        fc.double({ min: 0.0005, max: 0.02, noNaN: true }),
        fc.double({ min: Math.log(1e-3), max: Math.log(0.3), noNaN: true }).map(Math.exp),
        (nper, r1, gap) => {
          const r2 = r1 * (1 + gap);
          const pmt = -1000;
          const [g1, g2] = [(1 + r1) ** nper, (1 + r2) ** nper];
          const [a1, a2] = [(g1 - 1) / r1, (g2 - 1) / r2];
          const pv = (-pmt * (a1 - a2)) / (g1 - g2);
          const fv = -pv * g1 - pmt * a1;
          fc.pre(Math.abs(pv) < 1e11 && Math.abs(fv) < 1e11);
          const { result } = tvm({ solve_for: 'rate', nper, pmt, pv, fv });
          const roots = result.rate_roots ?? [];
          expect(roots).toHaveLength(2);
          const balance = (r: Decimal) => {
            const growth = r.plus(1).pow(nper);
            return growth.times(pv).plus(growth.minus(1).div(r).times(pmt)).plus(fv);
          };
          for (const root of roots) {
            const g = (1 + root) ** nper;
            const size = Math.abs(fv) + Math.abs(pv) * g + (Math.abs(pmt) * (g - 1)) / root;
            const bound = (nper * Math.log1p(root) + 16) * 2 ** -53 * size;
            const h = new Exact(1e-12);
            const at = new Exact(root);
            const slope = balance(at.plus(h))
              .minus(balance(at.minus(h)))
              .div(h.times(2))
              .abs()
              .toNumber();
            const half = 1e-10 + (4 * bound) / slope;
            expect(half).toBeLessThan(((roots[1] as number) - (roots[0] as number)) / 2);
            expect(rootWithin(balance, root, half)).toBe(true);
          }
        },
      ),
    );
  });
});
