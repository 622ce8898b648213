import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxValueTransport } from '../../src/core/transportation';

const objective = (value: number[][], x: number[][]) =>
  x.reduce((sum, row, i) => sum + row.reduce((s, amount, a) => s + amount * (value[i]?.[a] as number), 0), 0);

/** Every whole-unit plan with row sums `demand` and column sums `supply` (small problems only). */
function plans(supply: readonly number[], demand: readonly number[]): number[][][] {
  if (demand.length === 0) return supply.every((left) => left === 0) ? [[]] : [];
  const [first, ...rest] = demand as [number, ...number[]];
  const rows: number[][] = [];
  const fill = (a: number, left: number, row: number[]) => {
    if (a === supply.length) {
      if (left === 0) rows.push(row);
      return;
    }
    for (let take = 0; take <= Math.min(left, supply[a] as number); take++)
      fill(a + 1, left - take, [...row, take]);
  };
  fill(0, first, []);
  return rows.flatMap((row) =>
    plans(
      supply.map((s, a) => s - (row[a] as number)),
      rest,
    ).map((others) => [row, ...others]),
  );
}

describe('maxValueTransport', () => {
  it('hand calculation: 2 x 2', () => {
    // x00 = t, x01 = 5 - t, x10 = 4 - t, x11 = 1 + t (rows 5 and 5, columns 4 and 6): value
    // 2t + (5 - t) + (4 - t) + 3(1 + t) = 12 + 3t, largest at t = 4 (x10 >= 0), value 24.
    const x = maxValueTransport(
      [
        [2, 1],
        [1, 3],
      ],
      [4, 6],
      [5, 5],
    );
    expect(x).toEqual([
      [4, 1],
      [0, 5],
    ]);
  });

  it('meets every row and column sum and reaches the best value of an exhaustive search', () => {
    // Integer values and amounts: the objectives are exact integers, so equality is exact.
    const problem = fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }))
      .chain(([rows, cols]) =>
        fc.record({
          value: fc.array(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: cols, maxLength: cols }), {
            minLength: rows,
            maxLength: rows,
          }),
          supply: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: cols, maxLength: cols }),
          cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
            minLength: rows - 1,
            maxLength: rows - 1,
          }),
        }),
      );
    fc.assert(
      fc.property(problem, ({ value, supply, cuts }) => {
        // Split the total supply into the row demands at the sorted cut points.
        const total = supply.reduce((s, v) => s + v, 0);
        const marks = [0, ...cuts.map((c) => Math.floor(c * total)).sort((p, q) => p - q), total];
        const demand = marks.slice(1).map((mark, i) => mark - (marks[i] as number));
        const x = maxValueTransport(value, supply, demand);
        x.forEach((row, i) => {
          expect(row.reduce((s, v) => s + v, 0)).toBe(demand[i]);
          for (const amount of row) expect(amount).toBeGreaterThanOrEqual(0);
        });
        supply.forEach((s, a) => {
          expect(x.reduce((sum, row) => sum + (row[a] as number), 0)).toBe(s);
        });
        const best = Math.max(...plans(supply, demand).map((plan) => objective(value, plan)));
        expect(objective(value, x)).toBe(best);
      }),
      { numRuns: 300 },
    );
  });
});
