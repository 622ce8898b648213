import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RothRolloverInput, rothRollover529 } from '../../src/education/529-to-roth';
import { calculationErrorOf } from '../helpers';

const run = (input: RothRolloverInput) => rothRollover529(input).result;

describe('529-to-Roth: hand calculations', () => {
  // Opened 2008, so the 15-year test is met from 2023; 0% return; age 25, compensation 40,000.
  // IRA limits: 2025 7,000 (Notice 2024-80), 2026 7,500 (Notice 2025-67), later years held at 7,500.
  // 2025: 7,000; 2026-2028: 7,500 each (cumulative 29,500); 2029: 35,000 - 29,500 = 5,500; 2030: 0.
  it('the lifetime limit in five years at 0%', () => {
    const result = run({
      start_year: 2025,
      account_opened_year: 2008,
      balance_529: 50_000,
      beneficiary_age: 25,
      annual_compensation: 40_000,
      expected_return: 0,
      horizon_years: 6,
    });
    expect(result.schedule.map((row) => row.rollover)).toEqual([7000, 7500, 7500, 7500, 5500, 0]);
    expect(result.schedule.map((row) => row.ira_limit_from_table)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(result.schedule.map((row) => row.limited_by)).toEqual([
      'annual_limit',
      'annual_limit',
      'annual_limit',
      'annual_limit',
      'lifetime_limit',
      'lifetime_limit',
    ]);
    expect(result).toMatchObject({
      lifetime_limit: 35_000,
      first_eligible_year: 2023,
      total_rolled_over: 35_000,
      rollover_years: 5,
      last_rollover_year: 2029,
      lifetime_limit_reached: true,
      remaining_529_balance: 15_000,
      horizon_end_year: 2030,
      projected_roth_value: 35_000,
    });
  });

  // Opened 2010; 10,000 on Jan 1, 2024, of which 3,000 is a 2021 contribution with its earnings; 10% a
  // year; age 49 at the end of 2024 (catch-up from 2025: 1,000 in 2025, 1,100 in 2026); compensation
  // 5,000, other IRA contributions 500, so compensation caps each year at 5,000 - 500 = 4,500.
  //   2024: eligible 7,000 -> 7,700, the 2021 money 3,000 -> 3,300; account 14 years: no rollover.
  //   2025: 7,700 -> 8,470; 3,300 -> 3,630 (2025 - 2021 = 4 < 5). Limit 8,000, compensation 4,500 binds:
  //         roll 4,500, eligible 3,970; Roth 4,500; 529 3,970 + 3,630 = 7,600.
  //   2026: 3,970 -> 4,367; 3,630 -> 3,993, now 5 years old: eligible 8,360. Roll 4,500 (limit 8,600):
  //         eligible 3,860; Roth 4,500 x 1.1 + 4,500 = 9,450.
  //   2027: 3,860 -> 4,246 < 4,500: roll 4,246 (eligible balance binds); Roth 9,450 x 1.1 + 4,246 = 14,641.
  it('account age, lookback, catch-up, compensation and growth', () => {
    const result = run({
      start_year: 2024,
      account_opened_year: 2010,
      balance_529: 10_000,
      recent_contributions: [{ year: 2021, amount: 3_000 }],
      beneficiary_age: 49,
      annual_compensation: 5_000,
      other_ira_contributions: 500,
      expected_return: 0.1,
      horizon_years: 4,
    });
    expect(result.schedule).toEqual([
      {
        year: 2024,
        beneficiary_age: 49,
        account_years: 14,
        ira_limit: 7000,
        ira_limit_from_table: true,
        annual_room: 4500,
        eligible_balance: 7700,
        rollover: 0,
        limited_by: 'account_age',
        cumulative_rollovers: 0,
        balance_529: 11_000,
        roth_value: 0,
      },
      {
        year: 2025,
        beneficiary_age: 50,
        account_years: 15,
        ira_limit: 8000,
        ira_limit_from_table: true,
        annual_room: 4500,
        eligible_balance: 8470,
        rollover: 4500,
        limited_by: 'compensation',
        cumulative_rollovers: 4500,
        balance_529: 7600,
        roth_value: 4500,
      },
      {
        year: 2026,
        beneficiary_age: 51,
        account_years: 16,
        ira_limit: 8600,
        ira_limit_from_table: true,
        annual_room: 4500,
        eligible_balance: 8360,
        rollover: 4500,
        limited_by: 'compensation',
        cumulative_rollovers: 9000,
        balance_529: 3860,
        roth_value: 9450,
      },
      {
        year: 2027,
        beneficiary_age: 52,
        account_years: 17,
        ira_limit: 8600,
        ira_limit_from_table: false,
        annual_room: 4500,
        eligible_balance: 4246,
        rollover: 4246,
        limited_by: 'eligible_balance',
        cumulative_rollovers: 13_246,
        balance_529: 0,
        roth_value: 14_641,
      },
    ]);
    expect(result).toMatchObject({
      total_rolled_over: 13_246,
      rollover_years: 3,
      projected_roth_value: 14_641,
    });
  });

  it('prior rollovers count against the lifetime limit', () => {
    const result = run({
      start_year: 2026,
      account_opened_year: 2000,
      balance_529: 100_000,
      prior_rollovers: 33_000,
      beneficiary_age: 30,
      annual_compensation: 90_000,
      expected_return: 0.05,
      horizon_years: 3,
    });
    expect(result.schedule.map((row) => row.rollover)).toEqual([2000, 0, 0]);
    expect(result.lifetime_remaining_at_start).toBe(2000);
  });

  it('rejects bad input naming the field', () => {
    const base = {
      start_year: 2025,
      account_opened_year: 2008,
      balance_529: 1000,
      beneficiary_age: 25,
      annual_compensation: 40_000,
      expected_return: 0,
    };
    const path = (input: unknown) => calculationErrorOf(rothRollover529, input).issues[0]?.path;
    expect(path({ ...base, start_year: 2023 })).toBe('start_year');
    expect(path({ ...base, prior_rollovers: 36_000 })).toBe('prior_rollovers');
    expect(path({ ...base, account_opened_year: 2026 })).toBe('account_opened_year');
    expect(path({ ...base, recent_contributions: [{ year: 2019, amount: 10 }] })).toBe(
      'recent_contributions[0].year',
    );
    expect(path({ ...base, recent_contributions: [{ year: 2024, amount: 2000 }] })).toBe(
      'recent_contributions',
    );
  });
});

const inputs = fc
  .record({
    start_year: fc.constantFrom(2024, 2025, 2026),
    opened_ago: fc.integer({ min: 0, max: 30 }),
    balance_cents: fc.integer({ min: 0, max: 200_000_00 }),
    recent_share: fc.integer({ min: 0, max: 100 }),
    recent_age: fc.integer({ min: 1, max: 4 }),
    prior_rollovers: fc.integer({ min: 0, max: 35_000 }),
    beneficiary_age: fc.integer({ min: 0, max: 80 }),
    annual_compensation: fc.integer({ min: 0, max: 20_000 }),
    other_ira_contributions: fc.integer({ min: 0, max: 8_000 }),
    expected_return: fc.integer({ min: -300, max: 1200 }).map((b) => b / 10_000),
    horizon_years: fc.integer({ min: 1, max: 40 }),
  })
  .map(
    (x): RothRolloverInput => ({
      start_year: x.start_year,
      account_opened_year: x.start_year - x.opened_ago,
      balance_529: x.balance_cents / 100,
      recent_contributions: [
        {
          year: x.start_year - x.recent_age,
          amount: Math.floor((x.balance_cents * x.recent_share) / 100) / 100,
        },
      ],
      prior_rollovers: x.prior_rollovers,
      beneficiary_age: x.beneficiary_age,
      annual_compensation: x.annual_compensation,
      other_ira_contributions: x.other_ira_contributions,
      expected_return: x.expected_return,
      horizon_years: x.horizon_years,
    }),
  );

describe('529-to-Roth: properties', () => {
  it('every rollover keeps within the rules', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run(input);
        expect(result.schedule).toHaveLength(input.horizon_years as number);
        for (const row of result.schedule) {
          expect(row.rollover).toBeGreaterThanOrEqual(0);
          expect(row.rollover).toBeLessThanOrEqual(row.annual_room);
          expect(row.rollover).toBeLessThanOrEqual(row.eligible_balance);
          if (row.account_years < 15) expect(row.rollover).toBe(0);
          expect(row.cumulative_rollovers).toBeLessThanOrEqual(35_000);
        }
        expect(result.total_rolled_over).toBeLessThanOrEqual(result.lifetime_remaining_at_start);
      }),
    );
  });
  it('at 0% return, money is only moved: 529 + rolled over = the starting balance (in cents)', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run({ ...input, expected_return: 0 });
        expect(
          Math.round(result.remaining_529_balance * 100) + Math.round(result.total_rolled_over * 100),
        ).toBe(Math.round(input.balance_529 * 100));
        expect(result.projected_roth_value).toBe(result.total_rolled_over);
      }),
    );
  });
  // Rolling over moves money between two accounts earning the same return: the 529 left plus the Roth
  // equals the 529 that nothing was rolled from, up to a cent of rounding per account and year.
  // (More compensation need not roll more in total: money rolled later has grown longer in the 529.)
  it('rollovers conserve wealth at any return', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = run(input);
        const untouched = run({ ...input, annual_compensation: 0 });
        expect(untouched.total_rolled_over).toBe(0);
        const moved = result.remaining_529_balance + result.projected_roth_value;
        expect(Math.abs(moved - untouched.remaining_529_balance)).toBeLessThanOrEqual(
          0.01 * 2 * (input.horizon_years as number) + 1e-6,
        );
      }),
    );
  });
});
