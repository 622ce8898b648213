import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IRR_RATE_MAX, IRR_RATE_MIN } from '../../src/core/irr';
import { RATE_GRID as IRR_GRID, signChanges } from '../../src/core/rate-roots';
import { type NpvIrrInput, npvIrr } from '../../src/utilities/cashflow-npv-irr';
import { calculationErrorOf, Exact, rootWithin } from '../helpers';

function periodic(input: NpvIrrInput) {
  const { result } = npvIrr(input);
  if (result.kind !== 'periodic') throw new Error('expected a periodic result');
  return result;
}

function dated(input: NpvIrrInput) {
  const { result } = npvIrr(input);
  if (result.kind !== 'dated') throw new Error('expected a dated result');
  return result;
}

const errorOf = (input: unknown) => calculationErrorOf(npvIrr, input);

/** Textbook NPV, first flow at t = 0, written independently of the engine (no Horner). */
function npvAt(rate: number, flows: readonly number[]): { npv: number; scale: number } {
  let npv = 0;
  let scale = 0;
  flows.forEach((c, t) => {
    npv += c / (1 + rate) ** t;
    scale += Math.abs(c) / (1 + rate) ** t;
  });
  return { npv, scale };
}

const DAY = 86_400_000;
function xnpvAt(rate: number, flows: readonly { date: string; amount: number }[]) {
  const t0 = Math.min(...flows.map((f) => Date.parse(f.date)));
  let npv = 0;
  let scale = 0;
  for (const f of flows) {
    const years = (Date.parse(f.date) - t0) / DAY / 365;
    npv += f.amount / (1 + rate) ** years;
    scale += Math.abs(f.amount) / (1 + rate) ** years;
  }
  return { npv, scale };
}

// Microsoft Excel XIRR and XNPV documentation example.
const EXCEL_DATED = [
  { date: '2008-01-01', amount: -10_000 },
  { date: '2008-03-01', amount: 2750 },
  { date: '2008-10-30', amount: 4250 },
  { date: '2009-02-15', amount: 3250 },
  { date: '2009-04-01', amount: 2750 },
];

describe('npv-irr: Microsoft Excel documentation examples', () => {
  // NPV function (support.microsoft.com): rate 10%, initial cost -10,000 one year from today, then
  // 3,000, 4,200, 6,800: =NPV(10%, -10000, 3000, 4200, 6800) = $1,188.44. Excel discounts the first
  // value one period: -10000/1.1 + 3000/1.1^2 + 4200/1.1^3 + 6800/1.1^4 = 1188.4434. finplan's `npv`
  // puts the first flow at t = 0, so it is 1.1 x that = 1307.2877 -> 1307.29.
  it('NPV (npv_excel) and the t = 0 npv', () => {
    const result = periodic({ rate: 0.1, cashflows: [-10_000, 3000, 4200, 6800] });
    expect(result.npv_excel).toBe(1188.44);
    expect(result.npv).toBe(1307.29);
  });
  // IRR function: -70,000 then 12,000, 15,000, 18,000, 21,000, 26,000: =IRR(A2:A7) = 8.66%;
  // after four years =IRR(A2:A6) = -2.12%; after two years =IRR(A2:A4, -10%) = -44.35%.
  it('IRR: 8.66%, and the negative roots -2.12% and -44.35% without a guess', () => {
    const five = periodic({ rate: 0.1, cashflows: [-70_000, 12_000, 15_000, 18_000, 21_000, 26_000] });
    expect(five.irr).toBeCloseTo(0.0866, 4);
    expect(five.irr_status).toBe('unique');
    const four = periodic({ rate: 0.1, cashflows: [-70_000, 12_000, 15_000, 18_000, 21_000] });
    expect(four.irr).toBeCloseTo(-0.0212, 4);
    const two = periodic({ rate: 0.1, cashflows: [-70_000, 12_000, 15_000] });
    expect(two.irr).toBeCloseTo(-0.4435, 4);
  });
  // XIRR function: the five dated flows above: =XIRR(A3:A7, B3:B7, 0.1) = 0.373362535 (37.34%).
  it('XIRR = 0.373362535', () => {
    const result = dated({ rate: 0.09, dated_cashflows: EXCEL_DATED });
    expect(result.xirr).toBeCloseTo(0.373362535, 8);
    expect(result.xirr_status).toBe('unique');
  });
  // XNPV function: the same flows at 9%: =XNPV(.09, A2:A6, B2:B6) = $2,086.65. By hand:
  // -10000 + 2750/1.09^(60/365) + 4250/1.09^(303/365) + 3250/1.09^(411/365) + 2750/1.09^(456/365).
  it('XNPV = 2,086.65, valued at the earliest date', () => {
    const result = dated({ rate: 0.09, dated_cashflows: EXCEL_DATED });
    expect(result.xnpv).toBe(2086.65);
    expect(result.start_date).toBe('2008-01-01');
  });
  it('dates in any order give the same result (Excel requires the earliest first)', () => {
    const reversed = dated({ rate: 0.09, dated_cashflows: [...EXCEL_DATED].reverse() });
    expect(reversed).toEqual(dated({ rate: 0.09, dated_cashflows: EXCEL_DATED }));
  });
});

describe('npv-irr: numpy-financial documentation examples', () => {
  // npf.npv(0.281, [-100, 39, 59, 55, 20]) = -0.0084785916384548798 (first flow at t = 0).
  it('npv(0.281, [-100, 39, 59, 55, 20]) = -0.00848 -> -0.01', () => {
    expect(periodic({ rate: 0.281, cashflows: [-100, 39, 59, 55, 20] }).npv).toBe(-0.01);
  });
  // npf.irr([-100, 39, 59, 55, 20]) = 0.28094842116...; round(irr([-100, 0, 0, 74]), 5) = -0.0955;
  // round(irr([-100, 100, 0, -7]), 5) = -0.0833; round(irr([-100, 100, 0, 7]), 5) = 0.06206;
  // round(irr([-5, 10.5, 1, -8, 1]), 5) = 0.0886. numpy-financial returns the root nearest zero; with
  // rate 0 finplan's rule (nearest to rate) picks the same one.
  it.each([
    [[-100, 39, 59, 55, 20], 0.28094842116, 10],
    [[-100, 0, 0, 74], -0.0955, 5],
    [[-100, 100, 0, -7], -0.0833, 4],
    [[-100, 100, 0, 7], 0.06206, 5],
    [[-5, 10.5, 1, -8, 1], 0.0886, 4],
  ])('irr(%j) = %d', (flows, expected, digits) => {
    expect(periodic({ rate: 0, cashflows: flows }).irr).toBeCloseTo(expected, digits);
  });
  // -100 + 100 v - 7 v^3 = 0 (v = 1/(1+r)) has two positive roots: v = 1.0909 (r = -0.0833) and
  // v = 3.114 (r = -0.679, from the quadratic left after dividing out the first).
  it('reports every root: irr([-100, 100, 0, -7]) also has r = -0.679', () => {
    const result = periodic({ rate: 0, cashflows: [-100, 100, 0, -7] });
    expect(result.irr_status).toBe('multiple');
    expect(result.irr_roots).toHaveLength(2);
    expect(result.irr_roots[0]).toBeCloseTo(-0.6789, 4);
  });
});

describe('npv-irr: multiple roots, no IRR, edge cases', () => {
  // -100 + 230 v - 132 v^2 = 0 -> v = (230 ± sqrt(230^2 - 4*100*132)) / 264 = (230 ± 10) / 264
  // -> v = 10/11 or 220/264 = 5/6 -> r = 0.10 or 0.20.
  it('flows -100, 230, -132 have the roots 0.10 and 0.20; irr is the one closest to rate', () => {
    const low = periodic({ rate: 0.05, cashflows: [-100, 230, -132] });
    expect(low.irr_roots).toEqual([0.1, 0.2]);
    expect(low.irr_status).toBe('multiple');
    expect(low.irr).toBe(0.1);
    expect(periodic({ rate: 0.3, cashflows: [-100, 230, -132] }).irr).toBe(0.2);
    expect(periodic({ rate: 0.14, cashflows: [-100, 230, -132] }).irr).toBe(0.1);
    expect(periodic({ rate: 0.16, cashflows: [-100, 230, -132] }).irr).toBe(0.2);
  });
  it('no sign change: irr omitted, status no_sign_change', () => {
    const result = periodic({ rate: 0.05, cashflows: [100, 200, 300] });
    expect(result).not.toHaveProperty('irr');
    expect(result.irr_roots).toEqual([]);
    expect(result.irr_status).toBe('no_sign_change');
    expect(periodic({ rate: 0.05, cashflows: [0, 0] }).irr_status).toBe('no_sign_change');
  });
  // 100 - 250 v + 160 v^2 has discriminant 250^2 - 4*100*160 = -1500 < 0: no real root.
  it('sign changes without a real root: status no_root_found', () => {
    const result = periodic({ rate: 0.05, cashflows: [100, -250, 160] });
    expect(result).not.toHaveProperty('irr');
    expect(result.irr_status).toBe('no_root_found');
  });
  // -100 + 0.001 v: r = 0.001/100 - 1 = -0.99999, below the searched range.
  it('a root below the searched range is not reported', () => {
    expect(periodic({ rate: 0, cashflows: [-100, 0.001] }).irr_status).toBe('no_root_found');
    expect(IRR_RATE_MIN).toBe(-0.9999);
    expect(IRR_RATE_MAX).toBe(10_000);
  });
  it('the scan grid is the documented one: 651 points, step 0.005 in ln(1 + r) for |x| <= 0.7', () => {
    expect(IRR_GRID).toHaveLength(651);
    expect(Math.expm1(IRR_GRID[0] as number)).toBeCloseTo(IRR_RATE_MIN, 12);
    expect(Math.expm1(IRR_GRID.at(-1) as number)).toBeCloseTo(IRR_RATE_MAX, 6);
    for (let i = 1; i < IRR_GRID.length; i++) {
      const [a, b] = [IRR_GRID[i - 1] as number, IRR_GRID[i] as number];
      expect(b - a).toBeLessThanOrEqual(Math.abs(a) < 0.7 - 1e-9 ? 0.005 + 1e-12 : 0.05);
    }
  });
  // -100 + 200 v - 100 v^2 = -100 (1 - v)^2: a double root at r = 0, found because 0 is a grid point.
  it('a double root at r = 0 is found (0 is on the grid)', () => {
    expect(IRR_GRID).toContain(0);
    expect(periodic({ rate: 0.1, cashflows: [-100, 200, -100] }).irr_roots).toEqual([0]);
  });
  it('flows on the same date are netted for the root search', () => {
    const result = dated({
      rate: 0.1,
      dated_cashflows: [
        { date: '2024-01-01', amount: -150 },
        { date: '2024-01-01', amount: 50 },
        { date: '2025-01-01', amount: 110 },
      ],
    });
    // -100 + 110 / (1 + r)^(366/365) = 0 -> r = 1.1^(365/366) - 1 = 0.0997...
    expect(result.xirr).toBeCloseTo(1.1 ** (365 / 366) - 1, 10);
    expect(result.xirr_status).toBe('unique');
  });
  it('a leap day counts as a day (actual/365)', () => {
    const result = dated({
      rate: 0,
      dated_cashflows: [
        { date: '2024-02-28', amount: -100 },
        { date: '2024-03-01', amount: 100 + 1e-9 },
      ],
    });
    expect(result.xirr).toBeGreaterThan(0);
    expect(dated({ rate: 0.5, dated_cashflows: [{ date: '2024-02-29', amount: 10 }] }).xnpv).toBe(10);
  });
  it('a single flow has an NPV and no IRR', () => {
    expect(periodic({ rate: 0.1, cashflows: [-5] })).toMatchObject({ npv: -5, npv_excel: -4.55 });
  });
  it('an NPV too large for a double is a 400 naming rate', () => {
    const error = errorOf({ rate: -0.99, cashflows: Array.from({ length: 1000 }, () => 1) });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('rate');
  });
});

// Issue 27: two IRRs closer together than the scan grid (0.005 in ln(1 + r)), a double root, and a
// root at r = 0 beside another, all reported; each root is checked by exact decimal arithmetic: the
// NPV changes sign within 1e-10 of it (the reported 10 places).
describe('npv-irr: close roots, double roots, a root at r = 0 (issue 27)', () => {
  const npvExact =
    (flows: readonly number[]) =>
    (r: Decimal): Decimal =>
      flows.reduce((sum, c, t) => sum.plus(new Exact(c).div(r.plus(1).pow(t))), new Exact(0));

  // -824,946.38 + 1,816,531.93 v - 1,000,000 v^2 (v = 1/(1 + r)): discriminant 1,816,531.93^2 -
  // 4 x 824,946.38 x 1,000,000 = 2,732,709.5249, sqrt 1,653.0909; v = (1,816,531.93 ± 1,653.0909) /
  // 2,000,000 = 0.90909251 or 0.90743942, r = 0.0999980624 or 0.1020019391. In ln(1 + r) they are
  // 0.095308 and 0.097128, both between the grid points 0.095 and 0.100, where the NPV is negative.
  const CLOSE = [-824_946.38, 1_816_531.93, -1_000_000];
  it('two IRRs 0.2% apart, between two grid points: 0.0999980624 and 0.1020019391', () => {
    const result = periodic({ rate: 0.1, cashflows: CLOSE });
    expect(result.irr_roots).toEqual([0.0999980624, 0.1020019391]);
    expect(result.irr_status).toBe('multiple');
    expect(result.irr).toBe(0.0999980624);
    for (const root of result.irr_roots) expect(rootWithin(npvExact(CLOSE), root, 1e-10)).toBe(true);
  });
  // The same flows a year apart (2021 and 2022 have 365 days: times 0, 1, 2 years): the same roots.
  it('the same as dated flows (XIRR)', () => {
    const result = dated({
      rate: 0.1,
      dated_cashflows: [
        { date: '2021-01-01', amount: CLOSE[0] as number },
        { date: '2022-01-01', amount: CLOSE[1] as number },
        { date: '2023-01-01', amount: CLOSE[2] as number },
      ],
    });
    expect(result.xirr_roots).toEqual([0.0999980624, 0.1020019391]);
    expect(result.xirr_status).toBe('multiple');
    for (const root of result.xirr_roots) expect(rootWithin(npvExact(CLOSE), root, 1e-10)).toBe(true);
  });
  // -1,000 + 2,002 v - 1,002 v^2 = -(1 - v)(1,000 - 1,002 v): v = 1 (r = 0, the flows sum to 0) and
  // v = 1,000/1,002 (r = 0.002), in the grid cell just right of the grid point r = 0. Mirrored,
  // -1,000 + 1,998 v - 998 v^2 = -(1 - v)(1,000 - 998 v): r = 0 and r = -0.002, the cell just left.
  it('a root at exactly r = 0 does not hide a neighbour on either side', () => {
    const right = periodic({ rate: 0.1, cashflows: [-1000, 2002, -1002] });
    expect(right.irr_roots).toEqual([0, 0.002]);
    const left = periodic({ rate: 0.1, cashflows: [-1000, 1998, -998] });
    expect(left.irr_roots).toEqual([-0.002, 0]);
    const datedRight = dated({
      rate: 0.1,
      dated_cashflows: [
        { date: '2021-01-01', amount: -1000 },
        { date: '2022-01-01', amount: 2002 },
        { date: '2023-01-01', amount: -1002 },
      ],
    });
    expect(datedRight.xirr_roots).toEqual([0, 0.002]);
    for (const root of [0.002, -0.002]) {
      const flows = root > 0 ? [-1000, 2002, -1002] : [-1000, 1998, -998];
      expect(rootWithin(npvExact(flows), root, 1e-10)).toBe(true);
    }
  });
  // 100 - 220 v + 121 v^2 = (10 - 11 v)^2: a double root at v = 10/11, r = 0.1 exactly. The NPV only
  // touches zero there (it is >= 0 everywhere); at r = 0.1 its terms are 100, -200 and 100, so the
  // computed NPV is within the evaluation bound of zero. Reported once, as the root it is.
  it('a double root where the NPV touches zero without crossing: r = 0.1', () => {
    const result = periodic({ rate: 0, cashflows: [100, -220, 121] });
    expect(result.irr_roots).toEqual([0.1]);
    expect(result.irr_status).toBe('unique');
    expect(npvExact([100, -220, 121])(new Exact(0.1)).abs().toNumber()).toBeLessThan(1e-12);
  });
});

describe('npv-irr: properties', () => {
  const flows = fc
    .array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 2, maxLength: 40 })
    .filter((f) => signChanges(f) > 0);

  it('NPV at every reported IRR is ~0 relative to the flows’ scale', () => {
    fc.assert(
      fc.property(flows, fc.double({ min: -0.5, max: 1, noNaN: true }), (cashflows, rate) => {
        const result = periodic({ rate, cashflows });
        for (const root of result.irr_roots) {
          const { npv, scale } = npvAt(root, cashflows);
          expect(Math.abs(npv)).toBeLessThanOrEqual(1e-6 * scale);
        }
        expect(result.irr_roots.length).toBeLessThanOrEqual(signChanges(cashflows));
        expect([...result.irr_roots].sort((a, b) => a - b)).toEqual(result.irr_roots);
        if (result.irr !== undefined) expect(result.irr_roots).toContain(result.irr);
      }),
    );
  });

  // A conventional investment (outflow first, then inflows only) has exactly one IRR, positive
  // exactly when the undiscounted flows sum to more than zero (NPV at r = 0 is that sum). It is
  // reported when it lies in the searched range, i.e. when the NPV changes sign between its ends.
  it('conventional flows: one IRR, with the sign of the flows’ sum, when in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        (outlay, inflows) => {
          const cashflows = [-outlay, ...inflows];
          const sum = inflows.reduce((a, b) => a + b, -outlay);
          const result = periodic({ rate: 0.05, cashflows });
          const inRange = npvAt(IRR_RATE_MIN, cashflows).npv > 0 && npvAt(IRR_RATE_MAX, cashflows).npv < 0;
          expect(result.irr_status).toBe(inRange ? 'unique' : 'no_root_found');
          if (inRange) expect(Math.sign(result.irr ?? Number.NaN)).toBe(Math.sign(sum));
        },
      ),
    );
  });

  it('scaling every flow does not move the IRRs; npv_excel = npv / (1 + rate)', () => {
    fc.assert(
      fc.property(flows, fc.integer({ min: 2, max: 1000 }), (cashflows, k) => {
        const base = periodic({ rate: 0.07, cashflows });
        const scaled = periodic({ rate: 0.07, cashflows: cashflows.map((c) => c * k) });
        expect(scaled.irr_roots.length).toBe(base.irr_roots.length);
        for (const [i, root] of scaled.irr_roots.entries()) {
          expect(root).toBeCloseTo(base.irr_roots[i] as number, 8);
        }
        expect(Math.abs(base.npv_excel - base.npv / 1.07)).toBeLessThanOrEqual(0.01);
      }),
    );
  });

  const datedFlows = fc
    .array(
      fc.record({
        date: fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
        amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      }),
      { minLength: 2, maxLength: 25 },
    )
    .map((list) => list.map((f) => ({ date: f.date.toISOString().slice(0, 10), amount: f.amount })))
    .filter((list) => new Set(list.map((f) => f.date)).size === list.length)
    .filter(
      (list) => signChanges([...list].sort((a, b) => (a.date < b.date ? -1 : 1)).map((f) => f.amount)) > 0,
    );

  it('XNPV at every reported XIRR is ~0; XNPV matches a textbook sum; order does not matter', () => {
    fc.assert(
      fc.property(datedFlows, (dated_cashflows) => {
        const result = dated({ rate: 0.08, dated_cashflows });
        expect(Math.abs(result.xnpv - xnpvAt(0.08, dated_cashflows).npv)).toBeLessThanOrEqual(0.01);
        for (const root of result.xirr_roots) {
          const { npv, scale } = xnpvAt(root, dated_cashflows);
          expect(Math.abs(npv)).toBeLessThanOrEqual(1e-6 * scale);
        }
        expect(dated({ rate: 0.08, dated_cashflows: [...dated_cashflows].reverse() })).toEqual(result);
      }),
    );
  });
});

describe('npv-irr: envelope and errors', () => {
  it('golden result_id', () => {
    expect(npvIrr({ rate: 0.1, cashflows: [-10_000, 3000, 4200, 6800] }).result_id).toBe(
      'npv_efaf4e0df1a18479',
    );
  });
  it('both or neither of cashflows and dated_cashflows is a 400', () => {
    const neither = errorOf({ rate: 0.1 });
    expect(neither.code).toBe('invalid_input');
    expect(neither.issues[0]?.path).toBe('cashflows');
    const both = errorOf({ rate: 0.1, cashflows: [-1, 2], dated_cashflows: EXCEL_DATED });
    expect(both.issues[0]?.path).toBe('dated_cashflows');
  });
  it('an impossible calendar date is a 400 naming dated_cashflows[i].date', () => {
    const error = errorOf({
      rate: 0.1,
      dated_cashflows: [
        { date: '2023-01-01', amount: -100 },
        { date: '2023-02-30', amount: 110 },
      ],
    });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('dated_cashflows[1].date');
    expect(errorOf({ rate: 0.1, dated_cashflows: [{ date: '2023-02-29', amount: 1 }] }).issues[0]?.path).toBe(
      'dated_cashflows[0].date',
    );
  });
  it('more than 10,000 flows, a rate at or below -1 and unknown fields are 400s', () => {
    expect(errorOf({ rate: 0.1, cashflows: new Array(10_001).fill(1) }).issues[0]?.path).toBe('cashflows');
    expect(errorOf({ rate: -1, cashflows: [1] }).issues[0]?.path).toBe('rate');
    expect(errorOf({ rate: 0.1, cashflows: [1], guess: 0.1 }).issues[0]).toMatchObject({
      path: 'guess',
      code: 'unknown_field',
    });
  });
});
