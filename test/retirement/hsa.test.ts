import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HsaInput, hsa } from '../../src/retirement/hsa';
import { calculationErrorOf } from '../helpers';

const run = (input: HsaInput) => hsa(input).result;

const base = {
  tax_year: 2025,
  coverage: 'self_only',
  age: 40,
  annual_contribution: 4300,
  expected_return: 0.05,
  years: 1,
  marginal_rate: 0.24,
} as const;

// The limits are those of Rev. Proc. 2023-23 (2024: self-only 4,150, family 8,300), Rev. Proc. 2024-25
// (2025: 4,300 / 8,550) and Rev. Proc. 2025-19 (2026: 4,400 / 8,750); the catch-up is 1,000 from age 55
// (IRC 223(b)(3)(B)). A part-year limit is the Form 8889 instructions' "Line 3 Limitation Chart and
// Worksheet": each month on whose first day the owner is eligible carries the annual figure (plus the
// catch-up), the twelve lines are added and the sum divided by 12 (IRC 223(b)(2)); the IRS VITA
// training page "HSA Limits on Contributions" (apps.irs.gov/app/vita/content/37/37_06_040.jsp) states the
// last-month rule: eligible on December 1, the full year, provided the owner stays eligible from
// December 1 through December 31 of the next year (the testing period). Pub. 969's own worked examples
// were not found in the reference pages; the cases below are worked by hand.
describe('hsa: limits by hand', () => {
  it('full year, 2025 self-only at 40: 4,300', () => {
    const r = run(base);
    expect(r).toMatchObject({
      annual_limit: 4300,
      catch_up_eligible: false,
      prorated_limit: 4300,
      catch_up: 0,
      contribution_limit: 4300,
      testing_period_amount: 0,
      contribution: 4300,
      excess_contribution: 0,
    });
  });
  // Coverage from August 1, 2025 (August-December: 5 months), 56 at year end: five worksheet lines of
  // 4,300 + 1,000 = 5,300, sum 26,500, / 12 = 2,208.333... -> 2,208.33 (rounded down: 2,208.34 would be
  // an excess). Catch-up part: 1,000 x 5 / 12 = 416.666... -> 416.66.
  it('five months of self-only coverage at 56: 26,500 / 12 = 2,208.33', () => {
    const r = run({ ...base, age: 56, annual_contribution: 5300, months_covered: 5 });
    expect(r).toMatchObject({
      months_covered: 5,
      catch_up_eligible: true,
      prorated_limit: 2208.33,
      catch_up: 416.66,
      contribution_limit: 2208.33,
      contribution: 2208.33,
      excess_contribution: 3091.67, // 5,300 - 2,208.33
    });
  });
  // 2024 family coverage from June 1 (June-December: 7 months) at 45: 8,300 x 7 / 12 = 4,841.666... -> 4,841.66.
  it('seven months of 2024 family coverage: 4,841.66', () => {
    const r = run({ ...base, tax_year: 2024, coverage: 'family', age: 45, months_covered: 7 });
    expect(r.contribution_limit).toBe(4841.66);
    expect(r.annual_limit).toBe(8300);
  });
  // Eligible from December 1, 2024 only (1 month), family coverage, 53: without the rule 8,300 / 12 =
  // 691.666... -> 691.66; with it the full 8,300. If eligibility ends during the testing period (through
  // December 31, 2025), 8,300 - 691.66 = 7,608.34 becomes income with an additional tax.
  it('the last-month rule: December 1 eligibility gives the full year, 7,608.34 at risk', () => {
    const input = {
      ...base,
      tax_year: 2024,
      coverage: 'family',
      age: 53,
      annual_contribution: 8300,
    } as const;
    expect(run({ ...input, months_covered: 1 })).toMatchObject({
      last_month_rule: false,
      prorated_limit: 691.66,
      contribution_limit: 691.66,
      testing_period_amount: 0,
      excess_contribution: 7608.34,
    });
    expect(run({ ...input, months_covered: 1, last_month_rule: true })).toMatchObject({
      last_month_rule: true,
      prorated_limit: 691.66,
      contribution_limit: 8300,
      testing_period_amount: 7608.34,
      contribution: 8300,
      excess_contribution: 0,
    });
  });
  // The catch-up follows the same months: 2026 self-only at 60, 3 months: (4,400 + 1,000) x 3 / 12 =
  // 1,350 of which 250 is catch-up; under the last-month rule 5,400 of which 1,000.
  it('the catch-up is prorated by the same months, and whole under the last-month rule', () => {
    const input = { ...base, tax_year: 2026, age: 60, months_covered: 3 } as const;
    expect(run(input)).toMatchObject({ contribution_limit: 1350, catch_up: 250 });
    expect(run({ ...input, last_month_rule: true })).toMatchObject({
      contribution_limit: 5400,
      catch_up: 1000,
    });
  });
  // 2025 family 8,550: 10,000 wanted is 1,450 over; the projection uses 8,550.
  it('an excess contribution is reported and capped', () => {
    const r = run({ ...base, coverage: 'family', annual_contribution: 10_000 });
    expect(r.excess_contribution).toBe(1450);
    expect(r.contribution).toBe(8550);
    expect(r.hsa_balance).toBe(8550);
  });
});

describe('hsa: projection by hand', () => {
  // 2025 self-only at 40, 4,300 a year at the end of each year, 5%, marginal rate 24%.
  // HSA: 4,300; then 4,300 x 1.05 + 4,300 = 8,815.
  // Taxable: 4,300 x 0.76 = 3,268; then 3,268 x (1 + 0.05 x 0.76 = 1.038) + 3,268 = 3,392.184 + 3,268 =
  // 6,660.184 -> 6,660.18. Advantage 8,815 - 6,660.18 = 2,154.82.
  it('two years: 8,815 against 6,660.18', () => {
    const r = run({ ...base, years: 2 });
    expect(r.rows).toEqual([
      { year: 2025, age: 40, limit: 4300, contribution: 4300, hsa_balance: 4300, taxable_balance: 3268 },
      { year: 2026, age: 41, limit: 4300, contribution: 4300, hsa_balance: 8815, taxable_balance: 6660.18 },
    ]);
    expect(r).toMatchObject({
      total_contributions: 8600,
      hsa_balance: 8815,
      taxable_account_balance: 6660.18,
      triple_tax_advantage: 2154.82,
    });
  });
  // 54 at the end of 2025 (no catch-up), 55 in 2026: the limits of 2025 held, 4,300 then 5,300; the part
  // year is year 1 only (6 months: 2,150), year 2 is a full year.
  it('the catch-up starts the year the owner turns 55; proration applies to year 1 only', () => {
    const r = run({
      ...base,
      age: 54,
      annual_contribution: 6000,
      years: 3,
      months_covered: 6,
      expected_return: 0,
    });
    expect(r.rows.map((row) => [row.age, row.limit, row.contribution])).toEqual([
      [54, 2150, 2150],
      [55, 5300, 5300],
      [56, 5300, 5300],
    ]);
    expect(r.hsa_balance).toBe(12_750);
  });
});

describe('hsa: bad input', () => {
  it('months_covered outside 1-12, an unknown coverage, an unsupported year are 400s naming the field', () => {
    expect(calculationErrorOf(hsa, { ...base, months_covered: 13 }).issues[0]?.path).toBe('months_covered');
    expect(calculationErrorOf(hsa, { ...base, months_covered: 0 }).issues[0]?.path).toBe('months_covered');
    expect(calculationErrorOf(hsa, { ...base, coverage: 'self' }).issues[0]?.path).toBe('coverage');
    const year = calculationErrorOf(hsa, { ...base, tax_year: 2023 });
    expect(year.code).toBe('unsupported_year');
    expect(year.issues[0]?.path).toBe('tax_year');
    expect(calculationErrorOf(hsa, { ...base, marginal_rate: 1.5 }).issues[0]?.path).toBe('marginal_rate');
  });
});

describe('hsa: properties', () => {
  const input = fc.record({
    tax_year: fc.integer({ min: 2024, max: 2026 }),
    coverage: fc.constantFrom('self_only' as const, 'family' as const),
    age: fc.integer({ min: 0, max: 120 }),
    annual_contribution: fc.integer({ min: 0, max: 2_000_000 }).map((c) => c / 100),
    expected_return: fc.integer({ min: -50, max: 150 }).map((p) => p / 1000),
    years: fc.integer({ min: 1, max: 40 }),
    marginal_rate: fc.integer({ min: 0, max: 50 }).map((p) => p / 100),
    months_covered: fc.integer({ min: 1, max: 12 }),
    last_month_rule: fc.boolean(),
  });
  it('limits are never negative and never fall with the months covered; the rule only raises them', () => {
    fc.assert(
      fc.property(input, (i) => {
        const a = run({ ...i, last_month_rule: false });
        const b = run({ ...i, last_month_rule: false, months_covered: Math.min(12, i.months_covered + 1) });
        const full = run({ ...i, last_month_rule: true });
        return (
          a.contribution_limit >= 0 &&
          a.catch_up >= 0 &&
          b.contribution_limit >= a.contribution_limit &&
          b.catch_up >= a.catch_up &&
          full.contribution_limit >= a.contribution_limit &&
          full.contribution_limit ===
            run({ ...i, months_covered: 12, last_month_rule: false }).contribution_limit
        );
      }),
    );
  });
  it('contribution + excess = annual_contribution; no row contributes above its limit', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const cents = (x: number) => Math.round(x * 100);
        return (
          cents(r.contribution) + cents(r.excess_contribution) === cents(i.annual_contribution) &&
          r.rows.every((row) => row.contribution <= row.limit && row.contribution >= 0) &&
          r.rows.length === i.years
        );
      }),
    );
  });
  it('at a non-negative return the HSA never trails the taxable account; at a 0% rate they are equal', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const zero = run({ ...i, marginal_rate: 0 });
        return (
          (i.expected_return < 0 || r.triple_tax_advantage >= 0) &&
          zero.hsa_balance === zero.taxable_account_balance
        );
      }),
    );
  });
});
