// The penalty rules against CMS's published worked examples (Medicare & You, medicare.gov). The examples
// are from years before 2024, so they are reproduced here on the rule functions with the premium the
// example states; the operation's own years are in test/healthcare/medicare-late-enrollment-penalty.test.ts.
import { describe, expect, it } from 'vitest';
import {
  partBMonthlyPenalty,
  partBPenaltyRate,
  partDMonthlyPenalty,
} from '../../../src/healthcare/_lib/penalties';

describe('Part B: 10% per full 12-month period', () => {
  it('Medicare & You, Mr. Smith: IEP ended Sept. 30, 2010, signed up March 2013: 30 months, 2 full periods, 20%', () => {
    // "(While Mr. Smith waited a total of 30 months to sign up, this included only 2 full 12-month periods.)"
    expect(partBPenaltyRate(30).toNumber()).toBe(0.2);
  });
  it('Medicare & You, Mr. Smith: IEP ended December 2016, signed up March 2019: 27 months, 20%', () => {
    expect(partBPenaltyRate(27).toNumber()).toBe(0.2);
  });
  it('11 months late is no full period; 12 is one; 35 is two; 36 is three', () => {
    expect([11, 12, 35, 36].map((m) => partBPenaltyRate(m).toNumber())).toEqual([0, 0.1, 0.2, 0.3]);
  });
  it('medicare.gov, 24 months late in 2023: $164.90 + $32.98 = $197.88, rounded to $197.90', () => {
    const penalty = partBMonthlyPenalty(164.9, 24);
    expect(penalty.toNumber()).toBe(33);
    expect(penalty.plus(164.9).toNumber()).toBe(197.9);
  });
});

describe('Part D: 1% of the national base beneficiary premium per uncovered month, to the nearest $0.10', () => {
  it('medicare.gov, Mrs. Martin: July 2011-December 2013, 30 months, 30% of $32.42 (2014) = $9.726 -> $9.70', () => {
    expect(partDMonthlyPenalty(32.42, 30).toNumber()).toBe(9.7);
  });
  it('medicare.gov, 14 months without coverage in 2023: 14% of $32.74 = $4.58 -> $4.60', () => {
    expect(partDMonthlyPenalty(32.74, 14).toNumber()).toBe(4.6);
  });
  it('rounds half up at an exact five cents: 5% of $31.00 = $1.55 -> $1.60', () => {
    expect(partDMonthlyPenalty(31, 5).toNumber()).toBe(1.6);
  });
});
