import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import p2024 from '../../data/utilities/ira-phaseouts/2024.json';
import p2025 from '../../data/utilities/ira-phaseouts/2025.json';
import p2026 from '../../data/utilities/ira-phaseouts/2026.json';
import { type IraEligibilityInput, iraEligibility } from '../../src/utilities/ira-eligibility';
import { calculationErrorOf } from '../helpers';

const run = (input: IraEligibilityInput) => iraEligibility(input).result;

const errorOf = (input: unknown) => calculationErrorOf(iraEligibility, input);

// Method reproduced (IRS Pub. 590-A):
// Worksheet 1-2 (reduced IRA deduction): line 1 = top of the range, line 3 = line 1 - MAGI, line 4 =
//   line 3 x (limit / width), "if the result is not a multiple of $10, increase it to the next multiple
//   of $10 ... if less than $200, enter $200"; line 7 = smaller of line 4 and compensation.
// Worksheet 2-2 (reduced Roth limit): line 5 = (MAGI - start) / width, line 6 = lesser of the dollar
//   limit and compensation, line 8 = line 6 - line 6 x line 5, rounded up to $10, at least $200;
//   line 11 = lesser of line 8 and line 6 (less other IRA contributions, not modeled).
// Statute: IRC 219(g)(2)(A)-(C); 408A(c)(3)(A); Treas. Reg. 1.408A-3 Q&A-3(b).

describe('ira-eligibility: traditional deduction phase-out (IRC 219(g); Pub. 590-A Worksheet 1-2)', () => {
  it('2025 single, covered, MAGI 84,000: 7,000 x (89,000 - 84,000) / 10,000 = 3,500', () => {
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      magi: 84_000,
      age: 40,
      covered_by_workplace_plan: true,
    });
    expect(r.contribution_limit).toBe(7_000);
    expect(r.deductible_amount).toBe(3_500);
    expect(r.deduction).toMatchObject({
      status: 'partial',
      basis: 'covered',
      phase_out: { start: 79_000, end: 89_000, width: 10_000, reduction_fraction: 0.5 },
    });
    expect(r.deduction.reason).toMatch(/79,000-89,000/);
  });

  it('2025 single, covered, MAGI 88,950: 7,000 x 50 / 10,000 = 35 -> the $200 floor (219(g)(2)(B))', () => {
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      magi: 88_950,
      age: 40,
      covered_by_workplace_plan: true,
    });
    expect(r.deductible_amount).toBe(200);
    expect(r.deduction.status).toBe('partial');
  });

  it('round up to the next $10 (219(g)(2)(C))', () => {
    // 2025 single: 7,000 x (89,000 - 84,123) / 10,000 = 3,413.90 -> 3,420.
    expect(
      run({ tax_year: 2025, filing_status: 'single', magi: 84_123, age: 40, covered_by_workplace_plan: true })
        .deductible_amount,
    ).toBe(3_420);
    // 2024 mfj, age 50: 8,000 x (143,000 - 130,015) / 20,000 = 5,194 -> 5,200.
    expect(
      run({ tax_year: 2024, filing_status: 'mfj', magi: 130_015, age: 50, covered_by_workplace_plan: true })
        .deductible_amount,
    ).toBe(5_200);
    // 2026 hoh, age 50: 8,600 x (91,000 - 85,432.10) / 10,000 = 4,788.39 -> 4,790.
    expect(
      run({ tax_year: 2026, filing_status: 'hoh', magi: 85_432.1, age: 50, covered_by_workplace_plan: true })
        .deductible_amount,
    ).toBe(4_790);
  });

  it('range ends: full at the start, nothing at the end', () => {
    const at = (magi: number) =>
      run({ tax_year: 2026, filing_status: 'single', magi, age: 30, covered_by_workplace_plan: true })
        .deduction;
    expect(at(81_000)).toMatchObject({ status: 'full' });
    expect(at(91_000)).toMatchObject({ status: 'none' });
    expect(at(90_999.99)).toMatchObject({ status: 'partial' }); // 7,500 x 0.01 / 10,000 -> $200 floor
    expect(
      run({
        tax_year: 2026,
        filing_status: 'single',
        magi: 90_999.99,
        age: 30,
        covered_by_workplace_plan: true,
      }).deductible_amount,
    ).toBe(200);
  });

  it('spouse covered, mfj (219(g)(7)): 2025, MAGI 240,000: 7,000 x 6,000 / 10,000 = 4,200; age 52: 4,800', () => {
    const base = {
      tax_year: 2025,
      filing_status: 'mfj',
      magi: 240_000,
      covered_by_workplace_plan: false,
      spouse_covered_by_workplace_plan: true,
    } as const;
    const r = run({ ...base, age: 40 });
    expect(r.deductible_amount).toBe(4_200);
    expect(r.deduction).toMatchObject({
      basis: 'spouse_covered',
      phase_out: { start: 236_000, end: 246_000 },
    });
    expect(run({ ...base, age: 52 }).deductible_amount).toBe(4_800); // 8,000 x 0.6
    // A covered contributor uses the covered range even when the spouse is covered too.
    const both = run({ ...base, age: 40, covered_by_workplace_plan: true, magi: 136_000 });
    expect(both.deduction).toMatchObject({ basis: 'covered', phase_out: { start: 126_000, end: 146_000 } });
    expect(both.deductible_amount).toBe(3_500); // 7,000 x 10,000 / 20,000
  });

  it('mfs (lived with spouse), 0-10,000: 2026, MAGI 4,000: 7,500 x 6,000 / 10,000 = 4,500; 9,990 -> $200', () => {
    const base = { tax_year: 2026, filing_status: 'mfs', age: 30, covered_by_workplace_plan: true } as const;
    expect(run({ ...base, magi: 4_000 }).deductible_amount).toBe(4_500);
    expect(run({ ...base, magi: 9_990 }).deductible_amount).toBe(200); // 7.50 -> 10 -> 200
    expect(run({ ...base, magi: 10_000 }).deductible_amount).toBe(0);
    // Only the spouse covered: the same 0-10,000 range (219(g)(3)(B)(iii)).
    expect(
      run({ ...base, covered_by_workplace_plan: false, spouse_covered_by_workplace_plan: true, magi: 4_000 })
        .deduction,
    ).toMatchObject({ basis: 'spouse_covered', phase_out: { start: 0, end: 10_000 } });
  });

  it('neither covered: full deduction at any MAGI; spouse flag ignored without a spouse', () => {
    const r = run({
      tax_year: 2026,
      filing_status: 'mfj',
      magi: 5_000_000,
      age: 55,
      covered_by_workplace_plan: false,
    });
    expect(r.deductible_amount).toBe(8_600);
    expect(r.deduction).toMatchObject({ status: 'full', basis: 'not_covered' });
    expect(r.deduction.phase_out).toBeUndefined();
    for (const filing_status of ['single', 'hoh', 'qss'] as const) {
      const s = run({
        tax_year: 2026,
        filing_status,
        magi: 500_000,
        age: 40,
        covered_by_workplace_plan: false,
        spouse_covered_by_workplace_plan: true,
      });
      expect(s.deductible_amount).toBe(7_500);
      expect(s.deduction.basis).toBe('not_covered');
    }
  });

  it('qss takes the mfj ranges (IRS Notices: "filing a joint return or as a qualifying widow(er)")', () => {
    // 2026, age 50: 8,600 x (149,000 - 140,000) / 20,000 = 3,870.
    const r = run({
      tax_year: 2026,
      filing_status: 'qss',
      magi: 140_000,
      age: 50,
      covered_by_workplace_plan: true,
    });
    expect(r.deductible_amount).toBe(3_870);
    expect(r.deduction.phase_out).toMatchObject({ start: 129_000, end: 149_000, width: 20_000 });
    expect(r.roth.phase_out).toMatchObject({ start: 242_000, end: 252_000 });
    expect(r.deduction.reason).toMatch(/qss/);
  });

  it('compensation: the deduction phases out the dollar limit, then takes the lesser with compensation', () => {
    // Worksheet 1-2 line 7: smaller of 3,500 (line 4) and compensation 2,000.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      magi: 84_000,
      age: 40,
      covered_by_workplace_plan: true,
      compensation: 2_000,
    });
    expect(r.contribution_limit).toBe(2_000);
    expect(r.capped_by_compensation).toBe(true);
    expect(r.deductible_amount).toBe(2_000);
    expect(r.deduction.status).toBe('full');
    expect(r.deduction.reason).toMatch(/compensation caps it at 2,000/);
  });

  it('no compensation: nothing to contribute, deduct or put in a Roth', () => {
    const r = run({
      tax_year: 2026,
      filing_status: 'single',
      magi: 50_000,
      age: 40,
      covered_by_workplace_plan: false,
      compensation: 0,
    });
    expect(r).toMatchObject({ contribution_limit: 0, deductible_amount: 0, roth_eligible_amount: 0 });
    expect(r.deduction.status).toBe('none');
    expect(r.roth.status).toBe('none');
  });
});

describe('ira-eligibility: Roth phase-out (IRC 408A(c)(3); Pub. 590-A Worksheet 2-2)', () => {
  it('2026 single, age 50, MAGI 160,000: 8,600 x (168,000 - 160,000) / 15,000 = 4,586.67 -> 4,590', () => {
    // Worksheet 2-2 with line 5 at three places: 7,000 / 15,000 = 0.467; 8,600 x 0.467 = 4,016.20;
    // 8,600 - 4,016.20 = 4,583.80 -> 4,590: the same.
    const r = run({
      tax_year: 2026,
      filing_status: 'single',
      magi: 160_000,
      age: 50,
      covered_by_workplace_plan: true,
    });
    expect(r.roth_eligible_amount).toBe(4_590);
    expect(r.roth).toMatchObject({
      status: 'partial',
      phase_out: { start: 153_000, end: 168_000, width: 15_000, reduction_fraction: 0.466667 },
    });
    // Covered single with MAGI 160,000 is far past the deduction range.
    expect(r.deductible_amount).toBe(0);
    expect(r.deduction.status).toBe('none');
  });

  it('2025 mfj, MAGI 240,000: 7,000 x 6,000 / 10,000 = 4,200; 2024 single 160,990: 7,000 x 10 / 15,000 -> $200', () => {
    expect(
      run({ tax_year: 2025, filing_status: 'mfj', magi: 240_000, age: 40, covered_by_workplace_plan: false })
        .roth_eligible_amount,
    ).toBe(4_200);
    expect(
      run({
        tax_year: 2024,
        filing_status: 'single',
        magi: 160_990,
        age: 40,
        covered_by_workplace_plan: false,
      }).roth_eligible_amount,
    ).toBe(200); // 4.67 -> 10 -> 200
    expect(
      run({
        tax_year: 2024,
        filing_status: 'single',
        magi: 161_000,
        age: 40,
        covered_by_workplace_plan: false,
      }).roth,
    ).toMatchObject({ status: 'none' });
  });

  it('mfs Roth 0-10,000: 2026, MAGI 4,000: 7,500 x 0.6 = 4,500', () => {
    expect(
      run({ tax_year: 2026, filing_status: 'mfs', magi: 4_000, age: 30, covered_by_workplace_plan: false })
        .roth_eligible_amount,
    ).toBe(4_500);
  });

  it('compensation: the Roth phase-out applies to the lesser of the limit and compensation', () => {
    const base = {
      tax_year: 2025,
      filing_status: 'single',
      magi: 157_500,
      age: 40,
      covered_by_workplace_plan: false,
    } as const;
    // 2,000 x (165,000 - 157,500) / 15,000 = 1,000 (Worksheet 2-2 line 6 = 2,000).
    expect(run({ ...base, compensation: 2_000 }).roth_eligible_amount).toBe(1_000);
    // 150 x 0.5 = 75 -> 80 -> $200 floor -> line 11: lesser of 200 and 150 = 150.
    const small = run({ ...base, compensation: 150 });
    expect(small.roth_eligible_amount).toBe(150);
    expect(small.roth.status).toBe('full');
    // 1,234.56 x 0.5 = 617.28 -> 620.
    expect(run({ ...base, compensation: 1_234.56 }).roth_eligible_amount).toBe(620);
  });
});

const PHASE_OUTS = { 2024: p2024, 2025: p2025, 2026: p2026 } as const;
const YEARS = [2024, 2025, 2026] as const;
const STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'] as const;

const inputs = fc.record(
  {
    tax_year: fc.constantFrom(...YEARS),
    filing_status: fc.constantFrom(...STATUSES),
    magi: fc.oneof(
      fc.integer({ min: -10_000, max: 300_000 }),
      fc.double({ min: 0, max: 300_000, noNaN: true }),
    ),
    age: fc.integer({ min: 18, max: 90 }),
    covered_by_workplace_plan: fc.boolean(),
    spouse_covered_by_workplace_plan: fc.boolean(),
    compensation: fc.oneof(
      fc.integer({ min: 0, max: 20_000 }),
      fc.double({ min: 0, max: 20_000, noNaN: true }),
    ),
  },
  { requiredKeys: ['tax_year', 'filing_status', 'magi', 'age', 'covered_by_workplace_plan'] },
);

/** Independent integer oracle: limit x (end - magi) / width rounded up to $10, $200 floor. */
function oracle(limit: number, magi: number, [start, end]: readonly number[]): number {
  if (magi <= (start as number)) return limit;
  if (magi >= (end as number)) return 0;
  const numerator = limit * ((end as number) - magi);
  const denominator = 10 * ((end as number) - (start as number));
  const tens = Math.floor((numerator + denominator - 1) / denominator);
  return Math.max(200, 10 * tens);
}

describe('ira-eligibility properties', () => {
  it('amounts lie in [0, contribution_limit] and are multiples of $10 or the whole limit; partial >= $200', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = run(input);
        for (const [value, status] of [
          [r.deductible_amount, r.deduction.status],
          [r.roth_eligible_amount, r.roth.status],
        ] as const) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(r.contribution_limit);
          expect(value === r.contribution_limit || value % 10 === 0).toBe(true);
          if (status === 'partial') expect(value).toBeGreaterThanOrEqual(200);
          expect(status).toBe(value === 0 ? 'none' : value === r.contribution_limit ? 'full' : 'partial');
        }
        if (input.compensation !== undefined) {
          expect(r.contribution_limit).toBeLessThanOrEqual(input.compensation + 0.005);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('deductible and Roth amounts never increase with MAGI', () => {
    fc.assert(
      fc.property(inputs, fc.double({ min: 0, max: 50_000, noNaN: true }), (input, more) => {
        const low = run(input);
        const high = run({ ...input, magi: input.magi + more });
        expect(high.deductible_amount).toBeLessThanOrEqual(low.deductible_amount);
        expect(high.roth_eligible_amount).toBeLessThanOrEqual(low.roth_eligible_amount);
      }),
      { numRuns: 400 },
    );
  });

  it('whole-dollar inputs without compensation match the integer oracle on the table ranges', () => {
    const whole = fc.record({
      tax_year: fc.constantFrom(...YEARS),
      filing_status: fc.constantFrom(...STATUSES),
      magi: fc.integer({ min: 0, max: 300_000 }),
      age: fc.integer({ min: 18, max: 90 }),
      covered_by_workplace_plan: fc.boolean(),
      spouse_covered_by_workplace_plan: fc.boolean(),
    });
    fc.assert(
      fc.property(whole, (input) => {
        const r = run(input);
        const t = PHASE_OUTS[input.tax_year];
        const limit = r.contribution_limit;
        expect(r.roth_eligible_amount).toBe(oracle(limit, input.magi, t.roth[input.filing_status]));
        const married = input.filing_status === 'mfj' || input.filing_status === 'mfs';
        let expected = limit;
        if (input.covered_by_workplace_plan) {
          expected = oracle(limit, input.magi, t.traditional_deduction.covered[input.filing_status]);
        } else if (input.spouse_covered_by_workplace_plan && married) {
          expected = oracle(
            limit,
            input.magi,
            t.traditional_deduction.spouse_covered[input.filing_status as 'mfj' | 'mfs'],
          );
        }
        expect(r.deductible_amount).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('qss gives the mfj amounts for every input', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const q = run({ ...input, filing_status: 'qss', spouse_covered_by_workplace_plan: false });
        const j = run({ ...input, filing_status: 'mfj', spouse_covered_by_workplace_plan: false });
        expect(q.deductible_amount).toBe(j.deductible_amount);
        expect(q.roth_eligible_amount).toBe(j.roth_eligible_amount);
        expect(q.roth.phase_out).toEqual(j.roth.phase_out);
      }),
      { numRuns: 200 },
    );
  });
});

describe('ira-eligibility envelope and errors', () => {
  it('golden result_id (an omitted default and the same value given share it)', () => {
    const input = {
      tax_year: 2026,
      filing_status: 'single',
      magi: 160_000,
      age: 50,
      covered_by_workplace_plan: true,
    } as const;
    expect(iraEligibility(input).result_id).toBe('ira_bbffe977ef1a0aea');
    expect(iraEligibility({ ...input, spouse_covered_by_workplace_plan: false }).result_id).toBe(
      iraEligibility(input).result_id,
    );
  });

  it('an unsupported year is unsupported_year naming tax_year', () => {
    const error = errorOf({
      tax_year: 2027,
      filing_status: 'single',
      magi: 1,
      age: 40,
      covered_by_workplace_plan: true,
    });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]?.path).toBe('tax_year');
  });

  it('invalid fields are invalid_input naming the field', () => {
    const ok = { tax_year: 2025, filing_status: 'single', magi: 1, age: 40, covered_by_workplace_plan: true };
    const cases: Array<[unknown, string]> = [
      [{ ...ok, filing_status: 'married' }, 'filing_status'],
      [{ ...ok, covered_by_workplace_plan: 'yes' }, 'covered_by_workplace_plan'],
      [{ ...ok, compensation: -1 }, 'compensation'],
      [{ ...ok, age: 121 }, 'age'],
      [{ ...ok, magi: Number.POSITIVE_INFINITY }, 'magi'],
      [{ ...ok, lived_apart: true }, 'lived_apart'],
    ];
    for (const [input, path] of cases) {
      const error = errorOf(input);
      expect(error.code).toBe('invalid_input');
      expect(error.issues.map((issue) => issue.path)).toContain(path);
    }
  });
});
