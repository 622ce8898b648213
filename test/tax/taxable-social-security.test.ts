import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { type SocialSecurityIncome, taxableSocialSecurity } from '../../src/tax/taxable-social-security';

const taxable = (input: SocialSecurityIncome) => taxableSocialSecurity(input).taxable.toNumber();

describe('taxable Social Security: IRS Publication 915 worked examples', () => {
  it('George White, single (Pub. 915 / Pub. 17 Worksheet 1): 2,990 of 5,980', () => {
    // Pension 18,600 + wages 9,400 + interest 990 = 28,990 (line 3); half the benefits 2,990 (line 2);
    // line 7 = 31,980; less 25,000 = 6,980 (line 9), under 9,000 (line 10): the lesser of 2,990 and
    // half of 6,980 (3,490) is 2,990.
    const r = taxableSocialSecurity({ filing_status: 'single', benefits: 5_980, other_income: 28_990 });
    expect(r.provisional_income.toNumber()).toBe(31_980);
    expect([r.base_amount, r.adjusted_base_amount]).toEqual([25_000, 34_000]);
    expect(r.taxable.toNumber()).toBe(2_990);
    expect(r.marginal_inclusion).toBe(0); // already half the benefits: capped in the first tier
  });

  it('Joe and Betty Johnson, joint (Pub. 915 Example 3): 6,275 of 10,000', () => {
    // RRB-1099 10,000; pension 38,000 + interest 2,300 = 40,300, plus 200 of savings bond interest
    // excluded under §135, which §86(b)(2)(A) adds back: line 7 = 45,500, over 44,000 so more than half
    // is taxable. 5,000 + 85% x 1,500 = 6,275 (under 85% x 10,000 = 8,500).
    const r = taxableSocialSecurity({ filing_status: 'mfj', benefits: 10_000, other_income: 40_300 + 200 });
    expect(r.provisional_income.toNumber()).toBe(45_500);
    expect([r.base_amount, r.adjusted_base_amount]).toEqual([32_000, 44_000]);
    expect(r.taxable.toNumber()).toBe(6_275);
    expect(r.marginal_inclusion).toBe(0.85);
  });

  it('tax-exempt interest counts in provisional income like other income', () => {
    expect(
      taxable({ filing_status: 'mfj', benefits: 10_000, other_income: 40_000, tax_exempt_interest: 500 }),
    ).toBe(6_275);
  });
});

describe('taxable Social Security: PolicyEngine-US tests', () => {
  // policyengine_us/tests/policy/baseline/calcfunctions/taxable_social_security.yaml (generated from
  // Tax-Calculator, 2019: the base amounts are not indexed). `taxable_ss_magi` is the other income.
  const cases: [string, FilingStatus, number, number, number][] = [
    ['unit test 0', 'single', 38_323 - 3_411 / 2, 3_411, 2_899.35],
    ['unit test 1', 'mfj', 54_598 - 38_818 / 2, 38_818, 15_008.3],
    ['unit test 2', 'mfj', 132_696 - 18_518 / 2, 18_518, 15_740.3],
    ['unit test 3', 'mfj', 84_124 - 10_514 / 2, 10_514, 8_936.9],
    ['unit test 4', 'single', 26_098 - 18_705 / 2, 18_705, 549],
    ['unit test 5', 'mfj', 33_518 - 49_667 / 2, 49_667, 759],
    ['unit test 6', 'mfj', 125_013 - 52_791 / 2, 52_791, 44_872.35],
    ['unit test 7', 'single', 25_533 - 16_874 / 2, 16_874, 266.5],
    ['unit test 8', 'mfj', 51_058 - 34_044 / 2, 34_044, 11_999.3],
    ['unit test 9', 'single', 66_787 - 17_894 / 2, 17_894, 15_209.9],
  ];
  it.each(cases)('SSBenefits %s', (_, filing_status, other_income, benefits, expected) => {
    expect(taxable({ filing_status, benefits, other_income })).toBe(expected);
  });

  it('taxable_social_security_tier_1.yaml and tier_2.yaml (2024)', () => {
    // Single, 20,000 of benefits and 10,000 of wages: combined 20,000 < 25,000.
    expect(taxable({ filing_status: 'single', benefits: 20_000, other_income: 10_000 })).toBe(0);
    // Single, 20,000 + 20,000: combined 30,000, tier 1 only: min(10,000, 2,500).
    expect(taxable({ filing_status: 'single', benefits: 20_000, other_income: 20_000 })).toBe(2_500);
    // Single, 30,000 + 50,000: 85% x 30,000 = 25,500 (tier 1 4,500 + tier 2 21,000).
    expect(taxable({ filing_status: 'single', benefits: 30_000, other_income: 50_000 })).toBe(25_500);
    // Joint, 24,000 + 20,000: combined exactly the 32,000 base amount: nothing taxable.
    expect(taxable({ filing_status: 'mfj', benefits: 24_000, other_income: 20_000 })).toBe(0);
    // Joint, 24,000 + 25,000: combined 37,000: min(12,000, 2,500).
    expect(taxable({ filing_status: 'mfj', benefits: 24_000, other_income: 25_000 })).toBe(2_500);
    // Joint, 40,000 + 60,000: 85% x 40,000 = 34,000 (tier 1 6,000 + tier 2 28,000).
    expect(taxable({ filing_status: 'mfj', benefits: 40_000, other_income: 60_000 })).toBe(34_000);
  });

  it('tax_unit_combined_income_for_social_security_taxability.yaml (2022): provisional income', () => {
    // taxable_ss_magi (other income) + half the benefits: 70,000 + 10,000; 70,000 + 0; 0 + 5,000
    const provisional = (benefits: number, other_income: number) =>
      taxableSocialSecurity({
        filing_status: 'single',
        benefits,
        other_income,
      }).provisional_income.toNumber();
    expect([provisional(20_000, 70_000), provisional(0, 70_000), provisional(10_000, 0)]).toEqual([
      80_000, 70_000, 5_000,
    ]);
  });

  it('separate return, spouses living together: base amounts of zero', () => {
    // PolicyEngine: tier 1 is 0 for a cohabiting separate filer with 10,000 of benefits; the whole is
    // §86(a)(2) with zero amounts: 85% of the 5,000 of provisional income, under 85% of the benefits.
    const r = taxableSocialSecurity({ filing_status: 'mfs', benefits: 10_000, other_income: 0 });
    expect([r.base_amount, r.adjusted_base_amount]).toEqual([0, 0]);
    expect(r.taxable.toNumber()).toBe(4_250);
    // Lived apart all year: the single amounts, and 5,000 of provisional income is far below them.
    expect(
      taxable({ filing_status: 'mfs', benefits: 10_000, other_income: 0, lived_apart_all_year: true }),
    ).toBe(0);
  });

  it('head of household and qualifying surviving spouse use the 25,000 / 34,000 amounts', () => {
    for (const filing_status of ['hoh', 'qss'] as const) {
      const r = taxableSocialSecurity({ filing_status, benefits: 20_000, other_income: 20_000 });
      expect([r.base_amount, r.adjusted_base_amount, r.taxable.toNumber()]).toEqual([25_000, 34_000, 2_500]);
    }
  });
});

describe('taxable Social Security: properties', () => {
  const dollars = fc.integer({ min: 0, max: 300_000 });
  const income = fc.record({
    filing_status: fc.constantFrom(...FILING_STATUSES),
    benefits: fc.integer({ min: 0, max: 120_000 }),
    other_income: dollars,
    tax_exempt_interest: fc.integer({ min: 0, max: 20_000 }),
    lived_apart_all_year: fc.boolean(),
  });

  it('never more than 85% of the benefits, never negative; at most half while under the adjusted base', () => {
    fc.assert(
      fc.property(income, (input) => {
        const r = taxableSocialSecurity(input);
        expect(r.taxable.gte(0)).toBe(true);
        expect(r.taxable.lte(new Dec(input.benefits).times(0.85))).toBe(true);
        if (r.provisional_income.lt(r.adjusted_base_amount)) {
          expect(r.taxable.lte(new Dec(input.benefits).times(0.5))).toBe(true);
        }
      }),
    );
  });

  it('zero at or below the base amount', () => {
    fc.assert(
      fc.property(income, (input) => {
        const r = taxableSocialSecurity(input);
        if (r.provisional_income.lte(r.base_amount)) expect(r.taxable.isZero()).toBe(true);
      }),
    );
  });

  it('never decreases as other income rises', () => {
    fc.assert(
      fc.property(income, fc.integer({ min: 1, max: 100_000 }), (input, more) => {
        const lower = taxableSocialSecurity(input).taxable;
        const higher = taxableSocialSecurity({ ...input, other_income: input.other_income + more }).taxable;
        expect(higher.gte(lower)).toBe(true);
      }),
    );
  });

  it('marginal_inclusion is the rate of the next dollar (0, 0.5 or 0.85)', () => {
    // Provisional income raised by a billionth of a dollar (exact in decimal) moves the taxable part by
    // marginal_inclusion billionths: integer inputs put no kink inside that step.
    const step = new Dec('1e-9');
    fc.assert(
      fc.property(income, (input) => {
        const r = taxableSocialSecurity(input);
        const next = taxableSocialSecurity({
          ...input,
          tax_exempt_interest: new Dec(input.tax_exempt_interest).plus(step).toNumber(),
        });
        expect([0, 0.5, 0.85]).toContain(r.marginal_inclusion);
        expect(next.taxable.minus(r.taxable).div(step).toNumber()).toBe(r.marginal_inclusion);
      }),
    );
  });

  it('no benefits, nothing taxable', () => {
    fc.assert(
      fc.property(income, (input) => {
        expect(taxableSocialSecurity({ ...input, benefits: 0 }).taxable.isZero()).toBe(true);
      }),
    );
  });
});
