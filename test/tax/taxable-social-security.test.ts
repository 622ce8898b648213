import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { type SocialSecurityIncome, taxableSocialSecurity } from '../../src/tax/taxable-social-security';

const taxable = (input: SocialSecurityIncome) => taxableSocialSecurity(input).taxable.toNumber();

// IRS Publication 915 ("Social Security and Equivalent Railroad Retirement Benefits") prints its worked
// examples with a filled-in Worksheet 1 ("Figuring Your Taxable Benefits"). Editions reached: 2001 (the
// IRS PDF as copied at formsbank.com, template 298303; its HTML at unclefed.com TaxHelpArchives/2001/
// HTML/p91503.html). The 2024 and 2025 editions (irs.gov/publications/p915) were not reachable here: the
// citations below give the edition actually read. The same examples, same figures, are in Publication 17
// ("Social Security and Equivalent Railroad Retirement Benefits" chapter, "Examples"), read in the IRS Tax
// Map for 2009 and 2015 (taxmap.ntis.gov/taxmap/archive2009/taxmap/pub17/p17-060.htm,
// taxmap.ntis.gov/taxmap/pub17/p17-060.htm).
//
// Two layouts of Worksheet 1. 2001 (18 lines): 1 benefits, 2 one-half of line 1, 3 other income,
// 4 exclusions, 5 lines 2 + 3 + 4, 6 adjustments, 7 line 5 - line 6 (provisional income), 8 base amount,
// 9 line 7 - line 8, 10 $9,000 / $12,000, 11 line 9 - line 10, 12 smaller of lines 9 and 10, 13 one-half of
// line 12, 14 smaller of lines 2 and 13, 15 85% of line 11, 16 lines 14 + 15, 17 85% of line 1, 18 taxable
// benefits (smaller of lines 16 and 17). 19 lines (the Pub. 17 Worksheet 1 of 2009 and 2015, and the IRS
// Link & Learn exercise below): tax-exempt interest gets its own line 4, exclusions move to line 5, and
// every later line moves down one: provisional income is line 8, the base amount line 9, the $9,000 /
// $12,000 line 11, the taxable benefits line 19.
//
// The engine's outputs are the worksheet's lines: provisional_income (2001 line 7, 19-line line 8),
// base_amount (line 8 / 9), adjusted_base_amount - base_amount (line 10 / 11), taxable (line 18 / 19).
//
// Not reproduced, because the engine's inputs do not map: the lump-sum election for benefits of an earlier
// year (Pub. 915 (2001) "Lump-Sum Election", Example Jane Jackson, Worksheets 2 and 4: it refigures an
// earlier year's return), and the IRA deduction examples of the Appendix (Pub. 590 Appendix B worksheets:
// the IRA deduction and the taxable benefits depend on each other). No edition read prints a married-
// filing-separately worked example: the zero base amounts are checked against PolicyEngine-US below.
describe('taxable Social Security: IRS Publication 915 worked examples', () => {
  it('Pub. 915 (2001), How Much Is Taxable? > Examples, Example 1, George White, single: 2,990 of 5,980', () => {
    // Pub. 915 (2001) page 6 of the PDF, Filled-in Worksheet 1 (18-line layout); the same figures in
    // Pub. 17 (2009 and 2015), Examples, Example 1, with the 19-line Worksheet 1 (shown second).
    // Fully taxable pension 18,600 + part-time wages 9,400 + taxable interest 990 = 28,990.
    //                                                     2001   19-line
    //   benefits (box 5 of Form SSA-1099)                  1       1        5,980
    //   one-half of line 1                                 2       2        2,990
    //   other income                                       3       3       28,990
    //   tax-exempt interest                                -       4           -0-
    //   exclusions                                         4       5           -0-
    //   lines 2 through 5                                  5       6       31,980
    //   adjustments                                        6       7           -0-
    //   provisional income                                 7       8       31,980
    //   base amount (single)                               8       9       25,000
    //   line 8 - line 9                                    9      10        6,980
    //   $9,000                                            10      11        9,000
    //   line 10 - line 11, not below zero                 11      12          -0-
    //   smaller of lines 10 and 11                        12      13        6,980
    //   one-half of line 13                               13      14        3,490
    //   smaller of lines 2 and 14                         14      15        2,990
    //   85% of line 12                                    15      16          -0-
    //   lines 15 + 16                                     16      17        2,990
    //   85% of line 1                                     17      18        5,083
    //   taxable benefits: smaller of lines 17 and 18      18      19        2,990
    // Read as printed: lines 1-8 (the same worksheet in Pub. 17 (2001)), lines 1-10 (Pub. 17 (2015)) and
    // "$2,990" of taxable benefits (Form 1040 line 20b in 2001). The other lines follow the worksheet's
    // own instructions.
    const r = taxableSocialSecurity({ filing_status: 'single', benefits: 5_980, other_income: 28_990 });
    expect(r.provisional_income.toNumber()).toBe(31_980);
    expect(r.base_amount).toBe(25_000);
    expect(r.adjusted_base_amount - r.base_amount).toBe(9_000);
    expect(r.taxable.toNumber()).toBe(2_990);
    expect(r.marginal_inclusion).toBe(0); // line 15 is line 2, half the benefits: capped in the first tier
  });

  it('Pub. 915 (2001), How Much Is Taxable? > Examples, Example 3, Joe and Betty Johnson, joint: 6,275', () => {
    // Pub. 915 (2001) page 8 of the PDF, Filled-in Worksheet 1 (18-line layout). Joe's Form RRB-1099
    // shows 10,000 in box 5; Betty's fully taxable pension 38,000 + interest 2,300 = 40,300 of total
    // income; 200 of qualified U.S. savings bond interest excluded (Form 8815), which Worksheet 1 adds
    // back (IRC §86(b)(2)(A), the §135 exclusion): the engine's other_income is the modified AGI, 40,500.
    //                                                     2001   19-line
    //   benefits (box 5 of Form RRB-1099)                  1       1       10,000
    //   one-half of line 1                                 2       2        5,000
    //   other income                                       3       3       40,300
    //   tax-exempt interest                                -       4           -0-
    //   exclusions (savings bond interest)                 4       5          200
    //   lines 2 through 5                                  5       6       45,500
    //   adjustments                                        6       7           -0-
    //   provisional income                                 7       8       45,500
    //   base amount (joint)                                8       9       32,000
    //   line 8 - line 9                                    9      10       13,500
    //   $12,000                                           10      11       12,000
    //   line 10 - line 11                                 11      12        1,500
    //   smaller of lines 10 and 11                        12      13       12,000
    //   one-half of line 13                               13      14        6,000
    //   smaller of lines 2 and 14                         14      15        5,000
    //   85% of line 12                                    15      16        1,275
    //   lines 15 + 16                                     16      17        6,275
    //   85% of line 1                                     17      18        8,500
    //   taxable benefits: smaller of lines 17 and 18      18      19        6,275
    // Printed: lines 1-3, "the income on line 7 of the worksheet ($45,500) is more than $44,000" and
    // "$6,275 on line 20b"; the other lines follow the worksheet's own instructions.
    const r = taxableSocialSecurity({ filing_status: 'mfj', benefits: 10_000, other_income: 40_300 + 200 });
    expect(r.provisional_income.toNumber()).toBe(45_500);
    expect(r.base_amount).toBe(32_000);
    expect(r.adjusted_base_amount - r.base_amount).toBe(12_000);
    expect(r.taxable.toNumber()).toBe(6_275);
    expect(r.marginal_inclusion).toBe(0.85); // line 17 is under line 18: the next dollar adds 0.85
  });

  it('IRS Link & Learn Taxes (VITA/TCE), Social Security, Gregoria, single: 9,345 of 11,000', () => {
    // The IRS volunteer training's exercise on Pub. 915's 19-line Worksheet 1, answer page
    // app/vita/content/0506/0506_01_050pop.jsp (read on a copy of apps.irs.gov at esswebqa.epsilonsystems
    // .com). Every line is printed except line 3: 1 = 11,000; 2 = 5,500; 4 = 8,000; 5 = 26,200;
    // 6 = 39,700; 7 = 0; 8 = 39,700; 9 = 25,000; 10 = 14,700; 11 = 9,000; 12 = 5,700; 13 = 9,000;
    // 14 = 4,500; 15 = 4,500; 16 = 4,845; 17 = 9,345; 18 = 9,350; 19 = 9,345. Line 6 = 5,500 + 8,000 +
    // 26,200, so the other income of lines 3-5 is 34,200; only its total (line 8) enters the computation.
    // The 85% tier, 5 dollars under the 85%-of-benefits cap (line 18).
    const r = taxableSocialSecurity({
      filing_status: 'single',
      benefits: 11_000,
      other_income: 26_200,
      tax_exempt_interest: 8_000,
    });
    expect(r.provisional_income.toNumber()).toBe(39_700);
    expect(r.base_amount).toBe(25_000);
    expect(r.adjusted_base_amount - r.base_amount).toBe(9_000);
    expect(r.taxable.toNumber()).toBe(9_345);
    expect(r.marginal_inclusion).toBe(0.85);
  });

  it('tax-exempt interest counts in provisional income like other income (19-line Worksheet 1 line 4)', () => {
    // The Johnsons' 45,500 with 500 of it as tax-exempt interest: the same 6,275.
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
