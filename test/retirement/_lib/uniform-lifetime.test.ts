import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RMD_BEGINNING_AGES_TEXT,
  RMD_SPLIT_BIRTH_YEARS_TEXT,
  rmdBeginning,
  rmdYear,
} from '../../../src/retirement/_lib/uniform-lifetime';

// The one RMD rule every operation uses (rmd, withdrawal-sequencing, roth-conversion).
describe('rmdBeginning: what a birth year tells', () => {
  // Born before July 1, 1949: 70 1/2 (SECURE Act sec. 114(d)), attained six calendar months after the
  // 70th birthday (26 CFR 1.401(a)(9)-2, A-3): in the year of the 70th birthday for January-June births,
  // of the 71st for July-December. Born 1941: 2011 or 2012.
  it('born 1941: 70 1/2, first distribution year 2011 or 2012 (not fixed)', () => {
    expect(rmdBeginning(1941)).toEqual({
      age: 70.5,
      firstYear: undefined,
      earliestFirstYear: 2011,
      latestFirstYear: 2012,
    });
  });
  // Born 1949: 70 1/2 in 2019 (January-June births) or 72 in 2021 (July-December, SECURE Act sec. 114).
  it('born 1949: 70 1/2 or 72, first distribution year 2019 or 2021', () => {
    expect(rmdBeginning(1949)).toEqual({
      age: undefined,
      firstYear: undefined,
      earliestFirstYear: 2019,
      latestFirstYear: 2021,
    });
  });
  it('born 1950, 1951, 1959, 1960: 72 (2022), 73 (2024), 73 (2032), 75 (2035)', () => {
    expect([1950, 1951, 1959, 1960].map((y) => [rmdBeginning(y).age, rmdBeginning(y).firstYear])).toEqual([
      [72, 2022],
      [73, 2024],
      [73, 2032],
      [75, 2035],
    ]);
  });
  it('the descriptions are generated from the rows', () => {
    expect(RMD_BEGINNING_AGES_TEXT).toBe(
      '70 1/2 for births before July 1949, 72 for July 1949-1950, 73 for 1951-1959, 75 for 1960 or later',
    );
    expect(RMD_SPLIT_BIRTH_YEARS_TEXT).toBe('1949');
  });
});

describe('rmdYear: properties', () => {
  const birthYear = fc.integer({ min: 1900, max: 2100 });
  it('a first distribution year is fixed exactly when the earliest and latest agree', () => {
    fc.assert(
      fc.property(birthYear, (y) => {
        const b = rmdBeginning(y);
        return (
          b.earliestFirstYear <= b.latestFirstYear &&
          (b.firstYear === undefined) === (b.earliestFirstYear !== b.latestFirstYear)
        );
      }),
    );
  });
  // Age by age an owner goes from not due to due (through refused years only before the table's
  // first year, 2022), never back; and a due year's divisor is the table's.
  it('not due, then due: never back, refusals only before 2022', () => {
    fc.assert(
      fc.property(birthYear, (y) => {
        const order = { not_due: 0, refused: 1, due: 2 } as const;
        let last = 0;
        for (let age = 0; age <= 120; age++) {
          const year = rmdYear(y, age);
          if (order[year.status] < last) return false;
          last = order[year.status];
          if (year.status === 'refused' && y + age >= 2022) return false;
        }
        return true;
      }),
    );
  });
});
