import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DisabilityNeedsInput, disabilityNeeds } from '../../src/insurance/disability-needs';
import { calculationErrorOf } from '../helpers';

const run = (input: DisabilityNeedsInput) => disabilityNeeds(input).result;

/** 40, earning 120,000, 60% group LTD capped at 5,000 a month, employer-paid; 80% of after-tax income. */
const BASE: DisabilityNeedsInput = {
  age: 40,
  benefit_end_age: 65,
  annual_income: 120_000,
  income_tax_rate: 0.25,
  replacement_ratio: 0.8,
  group_ltd_benefit_rate: 0.6,
  group_ltd_monthly_max: 5_000,
  premium_paid_by: 'employer',
  benefit_tax_rate: 0.15,
  elimination_period_days: 90,
  discount_rate: 0.04,
};

describe('disability-needs: the benefit and its taxation by hand', () => {
  it('employer-paid premiums: the capped benefit is taxable (IRC 105(a))', () => {
    // After tax 120,000 x 0.75 / 12 = 7,500 a month; target 7,500 x 0.8 = 6,000.
    // Group 0.6 x 10,000 = 6,000, capped at 5,000; taxable: 5,000 x (1 - 0.15) = 4,250.
    // Gap 6,000 - 4,250 = 1,750; covered 4,250 / 7,500 = 0.566667.
    const r = run(BASE);
    expect(r).toMatchObject({
      after_tax_monthly_income: 7_500,
      target_monthly_benefit: 6_000,
      group_ltd: {
        gross_monthly_benefit: 5_000,
        benefit_taxation: 'taxable',
        after_tax_monthly_benefit: 4_250,
      },
      monthly_gap: 1_750,
      replacement_ratio_covered: 0.566667,
    });
    expect(r.group_ltd.tax_rule).toContain('IRC 105(a)');
  });
  it('premiums paid pre-tax through a cafeteria plan count as employer-paid: taxable', () => {
    expect(run({ ...BASE, premium_paid_by: 'employee_pre_tax' }).group_ltd).toMatchObject({
      benefit_taxation: 'taxable',
      after_tax_monthly_benefit: 4_250,
    });
  });
  it('employee-paid after tax: the benefit is tax-free (IRC 104(a)(3)), no benefit_tax_rate', () => {
    // 5,000 tax-free against 6,000: gap 1,000.
    const { benefit_tax_rate: _, ...rest } = BASE;
    const r = run({ ...rest, premium_paid_by: 'employee_after_tax' });
    expect(r.group_ltd).toMatchObject({ benefit_taxation: 'tax_free', after_tax_monthly_benefit: 5_000 });
    expect(r.group_ltd.tax_rule).toContain('IRC 104(a)(3)');
    expect(r.monthly_gap).toBe(1_000);
    expect(r.notes).toEqual([]);
  });
  it('after-tax premiums with a benefit_tax_rate: accepted, the same amounts, and a note that it was not used', () => {
    // A planner's form sends the benefit tax rate whoever paid the premium. The benefit is tax-free
    // (IRC 104(a)(3)), so the rate changes nothing: 5,000 tax-free against 6,000, gap 1,000.
    const { benefit_tax_rate: _, ...rest } = BASE;
    const without = run({ ...rest, premium_paid_by: 'employee_after_tax' });
    const { notes, ...amounts } = run({ ...BASE, premium_paid_by: 'employee_after_tax' });
    const { notes: noNotes, ...expected } = without;
    expect(amounts).toEqual(expected);
    expect(amounts.monthly_gap).toBe(1_000);
    expect(noNotes).toEqual([]);
    expect(notes).toEqual([
      'benefit_tax_rate is not used: the group benefit is tax-free (premiums paid with after-tax dollars, IRC 104(a)(3)).',
    ]);
  });
  it('no group LTD: the whole target is the gap', () => {
    const r = run({
      ...BASE,
      group_ltd_benefit_rate: 0,
      group_ltd_monthly_max: undefined,
      premium_paid_by: undefined,
      benefit_tax_rate: undefined,
      other_monthly_benefits: 500,
    });
    expect(r.group_ltd).toMatchObject({ gross_monthly_benefit: 0, benefit_taxation: 'none' });
    expect(r.monthly_gap).toBe(5_500);
  });
});

describe('disability-needs: elimination period and present value by hand', () => {
  it('a 90-day elimination period', () => {
    // Cash need 6,000 x 12 x 90 / 365 = 17,753.42; savings 10,000: shortfall 7,753.42.
    const r = run({ ...BASE, liquid_savings: 10_000 }).elimination_period;
    expect(r).toEqual({ days: 90, cash_need: 17_753.42, liquid_savings: 10_000, shortfall: 7_753.42 });
  });
  it('one year of benefits at 12%, no elimination period: twelve monthly payments in arrears', () => {
    // Monthly rate 1.12^(1/12) - 1 = 0.0094887929; a_12 = (1 - 1/1.12) / 0.0094887929 = 11.291516;
    // 1,750 x 11.291516 = 19,760.15. Undiscounted 1,750 x 12 = 21,000.
    const r = run({ ...BASE, age: 64, elimination_period_days: 0, discount_rate: 0.12 });
    expect(r.benefit_months).toBe(12);
    expect(r.total_gap).toBe(21_000);
    expect(r.present_value_of_gap).toBe(19_760.15);
  });
  it('one year with 90 days first: 9 payments, deferred 90/365 of a year', () => {
    // 12 - 12 x 90/365 = 9.04 -> 9 payments; a_9 at 0.0094887929 = 8.6264..., times 1.12^(-90/365):
    // factor 8.350801; 1,750 x 8.350801 = 14,613.90.
    const r = run({ ...BASE, age: 64, discount_rate: 0.12 });
    expect(r.benefit_months).toBe(9);
    expect(r.present_value_of_gap).toBe(14_613.9);
  });
  it('a zero rate: the present value is the undiscounted total', () => {
    const r = run({ ...BASE, discount_rate: 0 });
    expect(r.benefit_months).toBe(297); // 300 - 2.96 -> 297
    expect(r.present_value_of_gap).toBe(r.total_gap);
    expect(r.total_gap).toBe(519_750);
  });
});

describe('disability-needs: bad input', () => {
  it('names the field', () => {
    const { premium_paid_by: _, ...noPayer } = BASE;
    expect(calculationErrorOf(disabilityNeeds, noPayer).issues[0]?.path).toBe('premium_paid_by');
    const { benefit_tax_rate: __, ...noRate } = BASE;
    expect(calculationErrorOf(disabilityNeeds, noRate).issues[0]?.path).toBe('benefit_tax_rate');
    expect(calculationErrorOf(disabilityNeeds, { ...BASE, benefit_end_age: 40 }).issues[0]?.path).toBe(
      'benefit_end_age',
    );
    expect(
      calculationErrorOf(disabilityNeeds, { ...BASE, age: 64, elimination_period_days: 365 }).issues[0]?.path,
    ).toBe('elimination_period_days');
    // Without a group benefit there is no benefit to tax: refused, as premium_paid_by is.
    const noGroup = { ...BASE, group_ltd_benefit_rate: 0, group_ltd_monthly_max: undefined };
    const { premium_paid_by: ___, ...noGroupNoPayer } = noGroup;
    expect(calculationErrorOf(disabilityNeeds, noGroupNoPayer).issues.map((i) => i.path)).toEqual([
      'benefit_tax_rate',
    ]);
  });
  it('envelope: engine disability-needs-1.1.0, prefix dis', () => {
    const envelope = disabilityNeeds(BASE);
    expect(envelope.engine_version).toBe('disability-needs-1.1.0');
    expect(envelope.result_id).toMatch(/^dis_[0-9a-f]{16}$/);
    expect(envelope.result.notes).toEqual([]);
  });
});

describe('disability-needs: properties', () => {
  const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  const pct = fc.integer({ min: 0, max: 100 }).map((p) => p / 100);
  const input = fc
    .record({
      age: fc.integer({ min: 20, max: 64 }),
      span: fc.integer({ min: 1, max: 40 }),
      annual_income: cents(1_000_000),
      income_tax_rate: pct,
      replacement_ratio: pct,
      group_ltd_benefit_rate: pct,
      payer: fc.constantFrom('employer', 'employee_pre_tax', 'employee_after_tax') as fc.Arbitrary<
        'employer' | 'employee_pre_tax' | 'employee_after_tax'
      >,
      benefit_tax_rate: pct,
      other_monthly_benefits: cents(10_000),
      elimination_period_days: fc.constantFrom(0, 30, 90, 180, 365),
      discount_rate: fc.integer({ min: -500, max: 2000 }).map((bp) => bp / 10_000),
    })
    .map(({ span, payer, benefit_tax_rate, ...rest }): DisabilityNeedsInput => {
      const group = rest.group_ltd_benefit_rate > 0;
      return {
        ...rest,
        benefit_end_age: Math.min(100, rest.age + span + 1),
        ...(group ? { premium_paid_by: payer } : {}),
        ...(group && payer !== 'employee_after_tax' ? { benefit_tax_rate } : {}),
      };
    });

  it('more existing benefits never raise the gap or its present value', () => {
    fc.assert(
      fc.property(input, cents(5_000), (i, more) => {
        const a = run(i);
        const b = run({ ...i, other_monthly_benefits: (i.other_monthly_benefits ?? 0) + more });
        return b.monthly_gap <= a.monthly_gap && b.total_gap <= a.total_gap;
      }),
    );
  });
  it('an after-tax premium never leaves a larger gap than an employer-paid one', () => {
    fc.assert(
      fc.property(input, (i) => {
        if (i.premium_paid_by === undefined) return true;
        const { benefit_tax_rate: _, ...rest } = i;
        const taxFree = run({ ...rest, premium_paid_by: 'employee_after_tax' });
        const taxed = run({
          ...rest,
          premium_paid_by: 'employer',
          benefit_tax_rate: i.benefit_tax_rate ?? 0.2,
        });
        return taxFree.monthly_gap <= taxed.monthly_gap;
      }),
    );
  });
  it('a benefit_tax_rate sent with after-tax premiums changes no amount', () => {
    fc.assert(
      fc.property(input, pct, (i, rate) => {
        if (i.premium_paid_by === undefined) return;
        const { benefit_tax_rate: _, ...rest } = i;
        const { notes: none, ...bare } = run({ ...rest, premium_paid_by: 'employee_after_tax' });
        const { notes, ...given } = run({
          ...rest,
          premium_paid_by: 'employee_after_tax',
          benefit_tax_rate: rate,
        });
        expect(given).toEqual(bare);
        expect([none.length, notes.length]).toEqual([0, 1]);
      }),
    );
  });
  it('the present value never exceeds the undiscounted total at a non-negative rate', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        return i.discount_rate < 0 || r.present_value_of_gap <= r.total_gap + 0.01;
      }),
    );
  });
});
