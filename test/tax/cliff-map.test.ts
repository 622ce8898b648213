import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalculationError } from '../../src/core/errors';
import { Dec, roundRate } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { irmaaFor } from '../../src/healthcare/_lib/irmaa';
import { premiumTaxCredit } from '../../src/healthcare/_lib/ptc';
import { stateLimits } from '../../src/tax/_lib/state-limits';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { stateTax } from '../../src/tax/_lib/state-tax';
import { cliffMap } from '../../src/tax/cliff-map';
import { householdTax } from '../../src/tax/engine';
import { deep, onceByJson, seededGenerator } from '../helpers';
import { cliffMapOracle } from './cliff-map-oracle';

type Request = Parameters<typeof cliffMap>[0];
const run = (request: Request) => cliffMap(request).result;

describe('tax/cliff-map: the Social Security tax torpedo', () => {
  it('2024 single, 22% bracket, 85% phase-in: 0.22 x 1.85 = 40.7%', () => {
    // Age 67, 45,000 of IRA withdrawals, 50,000 of benefits (IRC §86, Pub. 915 Worksheet 1, 19-line
    // numbering as in test/tax/taxable-social-security.test.ts): line 1 50,000; 2 25,000; 3 45,000;
    // 8 provisional income 70,000; 9 25,000; 10 45,000; 11 9,000; 12 36,000; 13 9,000; 14 4,500;
    // 15 min(25,000, 4,500) = 4,500; 16 0.85 x 36,000 = 30,600; 17 35,100; 18 0.85 x 50,000 = 42,500;
    // 19 taxable benefits 35,100.
    // AGI 80,100; deductions 14,600 + 1,950 (65+) = 16,550; taxable 63,550: the 22% bracket (47,150-100,525).
    // The next dollar adds itself and 0.85 of benefits: 1.85 x 22% = 40.7%.
    const r = run({
      tax_year: 2024,
      filing_status: 'single',
      age: 67,
      ordinary_income: 45_000,
      social_security_benefits: 50_000,
    });
    expect(r.magi).toBe(80_100);
    expect(r.ordinary.marginal_rate).toBe(0.407);
    expect(r.ordinary.bracket_rate).toBe(0.22);
    expect(r.ordinary.taxable_social_security_added).toBe(0.85);
    // The phase-in ends where the taxable part reaches 42,500: 7,400 more of taxable benefits, at 0.85 per
    // dollar, 8,705.88... dollars away (first whole cent 8,705.89); then the plain 22% again.
    const cap = r.ordinary.thresholds[0];
    expect(cap).toMatchObject({
      name: 'social_security_85_percent_cap',
      threshold: 42_500,
      distance: 8705.89,
      kind: 'rate_change',
      rate_before: 0.407,
      rate_after: 0.22,
    });
  });

  it('Pub. 915 (2001) Example 1, George White, in 2024: benefits capped at half, the plain 12% bracket', () => {
    // Worksheet 1 as in test/tax/taxable-social-security.test.ts: 28,990 of pension, wages and interest,
    // 5,980 of benefits; provisional income 31,980 (19-line line 8), taxable benefits 2,990 (line 19): the
    // smaller of half the benefits (line 2) and half of 6,980 (line 14), so line 15 is line 2 and the next
    // dollar adds no benefits. AGI 28,990 + 2,990 = 31,980; 2024 single standard deduction 14,600 (his age is
    // not given: none sent); taxable income 17,380, in the 12% bracket (11,600-47,150): 12%.
    // Example 3 (the Johnsons) does not map: the cliff map takes no savings-bond exclusion to add back.
    const r = run({
      tax_year: 2024,
      filing_status: 'single',
      ordinary_income: 28_990,
      social_security_benefits: 5_980,
    });
    expect(r.magi).toBe(31_980);
    expect(r.ordinary.taxable_social_security_added).toBe(0);
    expect(r.ordinary.bracket_rate).toBe(0.12);
    expect(r.ordinary.marginal_rate).toBe(0.12);
  });

  it('2025: the senior deduction phase-out lifts the same household to 43.142%', () => {
    // 2025: deductions 15,750 + 2,000 + the senior deduction 6,000 - 6% x (80,100 - 75,000) = 5,694.
    // Each dollar adds 1.85 of AGI and removes 0.06 x 1.85 = 0.111 of senior deduction:
    // taxable income rises 1.961 per dollar, x 22% = 43.142%.
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      age: 67,
      ordinary_income: 45_000,
      social_security_benefits: 50_000,
    });
    expect(r.ordinary.marginal_rate).toBe(0.43142);
    expect(r.ordinary.senior_deduction_lost).toBe(0.111);
  });

  it('2024 single, 12% bracket, gains straddling the 0% band: 1.85 x (12% + 15%) = 49.95%', () => {
    // Age 67, 20,000 of IRA withdrawals, 25,000 of qualified income, 40,000 of benefits (Worksheet 1,
    // 19-line numbering): line 2 20,000; 3 45,000; 8 provisional 65,000; 10 40,000; 12 31,000; 15 4,500;
    // 16 0.85 x 31,000 = 26,350; 17 30,850; 18 34,000; 19 taxable benefits 30,850 (under the cap).
    // AGI 75,850; taxable 75,850 - 16,550 = 59,300; ordinary taxable 34,300 (12%);
    // the gains fill 34,300-47,025 at 0% and the rest at 15%. The next ordinary dollar adds 1.85 of
    // ordinary taxable income at 12% and pushes 1.85 of gains from 0% to 15%: 0.222 + 0.2775 = 49.95%.
    const r = run({
      tax_year: 2024,
      filing_status: 'single',
      age: 67,
      ordinary_income: 20_000,
      qualified_income: 25_000,
      social_security_benefits: 40_000,
    });
    expect(r.ordinary.marginal_rate).toBe(0.4995);
    expect(r.ordinary.bracket_rate).toBe(0.12);
    // In 2025 the senior deduction phase-out (AGI 75,850 > 75,000) multiplies it by 1.06:
    // 1.85 x 1.06 x 27% = 52.947%.
    const r2025 = run({
      tax_year: 2025,
      filing_status: 'single',
      age: 67,
      ordinary_income: 20_000,
      qualified_income: 25_000,
      social_security_benefits: 40_000,
    });
    expect(r2025.ordinary.marginal_rate).toBe(0.52947);
  });
});

describe('tax/cliff-map: the torpedo against PolicyEngine-US', () => {
  // policyengine_us/tests/policy/baseline/gov/irs/income/taxable_income/adjusted_gross_income/
  // irs_gross_income/social_security/taxable_social_security_tier_1.yaml and _tier_2.yaml (2024, wages
  // only): PolicyEngine's taxable benefits give the tier; the next dollar adds 1 + its inclusion rate
  // (0.5 or 0.85, 0 at the 85% cap) of AGI at the bracket rate.
  const cases: [string, 'single' | 'mfj', number, number, number, number, number][] = [
    // name, status, wages, benefits, PolicyEngine taxable benefits, inclusion, marginal rate
    // combined 30,000 (tier 1): 2,500; AGI 22,500 - 14,600 = 7,900 in the 10% bracket: 1.5 x 10%
    ['single, 20,000 wages, 20,000 benefits', 'single', 20_000, 20_000, 2_500, 0.5, 0.15],
    // 85% x 30,000 = 25,500 (capped); AGI 75,500 - 14,600 = 60,900 in the 22% bracket: 22%
    ['single, 50,000 wages, 30,000 benefits', 'single', 50_000, 30_000, 25_500, 0, 0.22],
    // combined 37,000 (tier 1): 2,500; AGI 27,500 under the 29,200 deduction: the next 1.5 still is: 0
    ['joint, 25,000 wages, 24,000 benefits', 'mfj', 25_000, 24_000, 2_500, 0.5, 0],
    // 85% x 40,000 = 34,000 (capped); AGI 94,000 - 29,200 = 64,800 in the 12% bracket: 12%
    ['joint, 60,000 wages, 40,000 benefits', 'mfj', 60_000, 40_000, 34_000, 0, 0.12],
  ];
  it.each(cases)('%s', (_, filing_status, wages, benefits, taxable, inclusion, marginal) => {
    const r = run({
      tax_year: 2024,
      filing_status,
      ordinary_income: wages,
      earned_income: wages,
      social_security_benefits: benefits,
    });
    expect(r.magi).toBe(wages + taxable);
    expect(r.ordinary.taxable_social_security_added).toBe(inclusion);
    expect(r.ordinary.marginal_rate).toBe(marginal);
  });

  it('senior deduction (OBBBA, IRC 151(d)(5)(C)): PolicyEngine-US senior_deduction/integration.yaml, 2025', () => {
    // Single 65, AGI 90,000: 6,000 - 6% x 15,000 = 5,100. Joint, both 65, AGI 200,000: 2 x (6,000 - 6% x
    // 50,000) = 6,000. Issue 8110, joint AGI 246,188: 2 x (6,000 - 6% x 96,188 = 5,771.28) = 457.44.
    const senior = (filing_status: 'single' | 'mfj', agi: number) =>
      householdTax({
        tax_year: 2025,
        filing_status,
        age: 65,
        ...(filing_status === 'mfj' ? { spouse_age: 65 } : {}),
        ordinary_income: agi,
      }).senior_deduction.toNumber();
    expect([senior('single', 90_000), senior('mfj', 200_000), senior('mfj', 246_188)]).toEqual([
      5100, 6000, 457.44,
    ]);
  });

  it('2025 joint, both 66, in the 85% phase-in and the senior phase-out: 1.85 x (1 + 2 x 6%) x 22%', () => {
    // 80,000 of IRA withdrawals, 100,000 of benefits: provisional 80,000 + 50,000 = 130,000; taxable
    // benefits 0.85 x (130,000 - 44,000) + min(6,000, 0.5 x 98,000) = 79,100 (under 85,000). AGI 159,100;
    // senior deduction 2 x (6,000 - 6% x 9,100 = 5,454) = 10,908 (each spouse's 6,000 phases out: 12% of
    // MAGI together); deductions 31,500 + 2 x 1,600 + 10,908 = 45,608; taxable 113,492, the 22% bracket.
    // The next dollar: AGI + 1.85, senior deduction - 0.12 x 1.85 = 0.222, taxable income + 2.072:
    // 2.072 x 22% = 45.584%.
    const r = run({
      tax_year: 2025,
      filing_status: 'mfj',
      age: 66,
      spouse_age: 66,
      ordinary_income: 80_000,
      social_security_benefits: 100_000,
    });
    expect(r.magi).toBe(159_100);
    expect(r.ordinary.taxable_social_security_added).toBe(0.85);
    expect(r.ordinary.senior_deduction_lost).toBe(0.222);
    expect(r.ordinary.bracket_rate).toBe(0.22);
    expect(r.ordinary.marginal_rate).toBe(0.45584);
  });
});

describe('tax/cliff-map: cliffs', () => {
  it('IRMAA: one dollar over a tier costs the whole annual surcharge step (2024 MAGI, 2026 premiums)', () => {
    // 2026 CMS table, individual: tier 1 starts above 109,000 (Part B +81.20, Part D +14.50 a month):
    // 12 x 95.70 = 1,148.40 a year. 2024 single 66: taxable 109,000 - 16,550 = 92,450, 22% bracket.
    const r = run({
      tax_year: 2024,
      filing_status: 'single',
      age: 66,
      ordinary_income: 109_000,
      medicare_enrollees: 1,
    });
    const tier = irmaaFor(2026, 'single', 109_000.01);
    const step = new Dec(tier.part_b_irmaa).plus(tier.part_d_irmaa).times(12).toNumber();
    expect(step).toBe(1148.4);
    expect(r.ordinary.irmaa_surcharge).toBe(1148.4);
    expect(r.ordinary.marginal_rate).toBe(1148.62); // 0.22 + 1,148.40
    expect(r.ordinary.thresholds[0]).toMatchObject({
      name: 'irmaa_tier_1',
      distance: 0.01,
      kind: 'cliff',
      cliff_cost: 1148.4,
    });
    expect(r.irmaa_premium_year).toBe(2026);
    expect(r.irmaa_table_year).toBe(2026);
    // Two enrollees on a joint return pay it twice.
    const couple = run({
      tax_year: 2024,
      filing_status: 'mfj',
      age: 66,
      spouse_age: 66,
      ordinary_income: 218_000,
      medicare_enrollees: 2,
    });
    expect(couple.ordinary.irmaa_surcharge).toBe(2 * 1148.4);
  });

  it('IRMAA for a year whose premium table is not published says so and uses the latest', () => {
    const r = run({
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 50_000,
      medicare_enrollees: 1,
    });
    expect(r.irmaa_premium_year).toBe(2027);
    expect(r.irmaa_table_year).toBe(2026);
    expect(r.notes.join(' ')).toContain('2027 IRMAA table is not published');
  });

  it('2026 ACA: one dollar over 400% of the poverty line loses the whole credit', () => {
    // Coverage year 2026 uses the 2025 guideline, 15,650 for one person: the cliff is 62,600.
    // At 62,600 (400%): applicable percentage 9.96%, contribution 62,600 x 0.0996 = 6,234.96 -> 6,235;
    // credit 9,000 - 6,235 = 2,765. At 62,600.01 the credit is 0: crossing costs 2,765.
    const r = run({
      tax_year: 2026,
      filing_status: 'single',
      age: 40,
      ordinary_income: 62_000,
      aca_coverage: true,
      household_size: 1,
      benchmark_annual_premium: 9_000,
    });
    expect(r.poverty_guideline_year).toBe(2025);
    const cliff = r.ordinary.thresholds.find((row) => row.name === 'aca_400_percent');
    expect(cliff).toMatchObject({ threshold: 62_600, distance: 600.01, kind: 'cliff', cliff_cost: 2765 });
    const credit = premiumTaxCredit({
      coverageYear: 2026,
      householdSize: 1,
      householdIncome: 62_600,
      benchmarkAnnualPremium: 9_000,
    }).premium_tax_credit;
    expect(credit.toNumber()).toBe(2765);
    // The next gain dollar meets it too: long-term gains are in household income.
    expect(r.ltcg.thresholds.find((row) => row.name === 'aca_400_percent')?.distance).toBe(600.01);
  });
});

describe('tax/cliff-map: the ACA floor', () => {
  it('below 100% of the guideline, reaching it gains the whole credit (a cliff with a negative cost)', () => {
    // 2026, one person, 15,000: under the 2025 guideline 15,650, no credit (IRC §36B(c)(1)(A)). At
    // 15,650 (100%): applicable percentage 2.10% (Rev. Proc. 2025-25), contribution 15,650 x 0.021 =
    // 328.65 -> 329; credit 9,000 - 329 = 8,671. The standard deduction (16,100) leaves no tax.
    const r = run({
      tax_year: 2026,
      filing_status: 'single',
      age: 40,
      ordinary_income: 15_000,
      aca_coverage: true,
      household_size: 1,
      benchmark_annual_premium: 9_000,
    });
    expect(r.aca_premium).toBe(9_000);
    expect(r.ordinary.thresholds[0]).toMatchObject({
      name: 'aca_100_percent',
      threshold: 15_650,
      distance: 650,
      kind: 'cliff',
      cliff_cost: -8671,
    });
  });
});

describe('tax/cliff-map: the series', () => {
  it('runs from the current income over the range, with the cliffs marked', () => {
    const r = run({
      tax_year: 2024,
      filing_status: 'single',
      age: 66,
      ordinary_income: 100_000,
      medicare_enrollees: 1,
      series_range: 20_000,
      series_step: 5_000,
    });
    expect(r.series.points.map((p) => p.income)).toEqual([100_000, 105_000, 110_000, 115_000, 120_000]);
    expect(r.series.points[1]?.irmaa_surcharge).toBe(0);
    expect(r.series.points[2]?.irmaa_surcharge).toBe(1148.4);
    expect(r.series.markers).toContainEqual({ added_income: 9000.01, name: 'irmaa_tier_1', kind: 'cliff' });
    // The tier-1 surcharge amortized over the 9,000.01 of headroom: 1,148.40 / 9,000.01 = 0.12759986... -> 12.76% a dollar.
    expect(r.ordinary.irmaa_cliff_cost).toBe(1148.4);
    expect(r.ordinary.irmaa_amortized_rate).toBe(roundRate(new Dec(1148.4).div(9000.01)));
    expect(r.ordinary.irmaa_amortized_rate).toBe(0.1276);
  });

  it('refuses more than 201 points, an uncovered state, and missing ACA inputs, naming the field', () => {
    const fields = (request: object) => {
      try {
        cliffMap(request as Request);
      } catch (error) {
        if (isCalculationError(error)) return error.issues.map((issue) => issue.path);
        throw error;
      }
      return [];
    };
    const base = { tax_year: 2025, filing_status: 'single', ordinary_income: 50_000 };
    expect(fields({ ...base, series_range: 100_000, series_step: 499 })).toEqual(['series_step']);
    expect(fields({ ...base, series_range: 100_000, series_step: 500 })).toEqual([]);
    expect(fields({ ...base, state: 'ZZ' })).toEqual(['state']);
    expect(fields({ ...base, aca_coverage: true })).toEqual(['household_size', 'benchmark_annual_premium']);
    expect(fields({ ...base, medicare_enrollees: 2 })).toEqual(['medicare_enrollees']);
    expect(fields({ ...base, earned_income: 60_000 })).toEqual(['earned_income']);
  });

  it('reports a rate change once, on the rule that causes it', () => {
    // 2026 mfj, 66 and 62: the senior deduction is gone at MAGI 150,000 + 6,000 / 6% = 250,000, which is
    // also the NIIT threshold. Without investment income the NIIT does not apply: only the senior
    // deduction's end is a threshold there; with 10,000 of gains the NIIT starts one cent later.
    const request = {
      tax_year: 2026,
      filing_status: 'mfj',
      age: 66,
      spouse_age: 62,
      ordinary_income: 200_000,
    } as const;
    const names = (r: ReturnType<typeof run>) => r.ordinary.thresholds.map((row) => row.name);
    expect(names(run(request))).toContain('senior_deduction_phaseout_end');
    expect(names(run(request))).not.toContain('niit_threshold');
    const withGains = run({ ...request, qualified_income: 10_000 });
    const niit = withGains.ordinary.thresholds.find((row) => row.name === 'niit_threshold');
    // Taxable income at 250,000: 250,000 - 32,200 - 1,650 (one 65+) = 216,150, ordinary 206,150: the 22%
    // bracket (to 211,400). The dollar below: 22% x 1.06 (the senior deduction's last 6%) = 23.32%; the
    // dollar above: 22% + 3.8% NIIT = 25.8%.
    expect(niit).toMatchObject({
      distance: 40_000.01,
      kind: 'rate_change',
      rate_before: 0.2332,
      rate_after: 0.258,
    });
  });

  it('marks where the deductions are used up and federal tax begins', () => {
    // 2026 single, 10,000: the 16,100 standard deduction leaves 6,100.01 to go before the 10% bracket.
    const r = run({ tax_year: 2026, filing_status: 'single', ordinary_income: 10_000 });
    expect(r.ordinary.marginal_rate).toBe(0);
    expect(r.ordinary.thresholds[0]).toMatchObject({
      name: 'deductions_used_up',
      distance: 6100.01,
      rate_before: 0,
      rate_after: 0.1,
    });
  });

  it('the additional Medicare tax applies to the next dollar only when it is earned', () => {
    // 2025 single, 199,000 of wages: taxable 199,000 - 15,750 = 183,250 (24%). The 0.9% tax starts above
    // 200,000 of wages (IRC §3101(b)(2)): 1,000.01 away when the next dollar is wages, never otherwise.
    const request = {
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 199_000,
      earned_income: 199_000,
    } as const;
    const wages = run({ ...request, next_dollar_earned: true }).ordinary.thresholds;
    expect(wages.find((row) => row.name === 'additional_medicare_threshold')).toMatchObject({
      distance: 1000.01,
      rate_before: 0.24,
      rate_after: 0.249,
    });
    const withdrawal = run(request).ordinary.thresholds;
    expect(withdrawal.map((row) => row.name)).not.toContain('additional_medicare_threshold');
  });

  it('earned_income defaults to ordinary_income, as in /v1/tax/estimate (give 0 for withdrawals)', () => {
    // 2025 single, 260,000 of ordinary income. Default: all of it wages: additional Medicare tax 0.9% x (260,000 - 200,000) = 540 (IRC 3101(b)(2)).
    const request = { tax_year: 2025, filing_status: 'single', ordinary_income: 260_000 } as const;
    const wages = householdTax({ ...request, earned_income: 260_000 });
    const withdrawals = householdTax({ ...request, earned_income: 0 });
    expect(wages.additional_medicare_tax.minus(withdrawals.additional_medicare_tax).toNumber()).toBe(540);
    expect(run(request).federal_tax).toBe(wages.total.toNumber());
    expect(run({ ...request, earned_income: 0 }).federal_tax).toBe(withdrawals.total.toNumber());
    // the next dollar is a withdrawal unless next_dollar_earned: then it carries the 0.9% too
    const next = run({ ...request, next_dollar_earned: true }).ordinary;
    expect([run(request).ordinary.additional_medicare_tax, next.additional_medicare_tax]).toEqual([0, 0.009]);
  });

  it('a state with a year it has no table for is a 400 unsupported_year on tax_year', () => {
    try {
      cliffMap({ tax_year: 2026, filing_status: 'single', ordinary_income: 1, state: 'IL' });
      expect.unreachable();
    } catch (error) {
      expect(isCalculationError(error) && error.code).toBe('unsupported_year');
      expect(isCalculationError(error) && error.issues.map((issue) => issue.path)).toEqual(['tax_year']);
    }
  });

  it('adds a covered state through the state engine', () => {
    // Illinois, 4.95% flat on ordinary + qualified income, on top of the federal 12% (taxable 34,250).
    const r = run({ tax_year: 2025, filing_status: 'single', ordinary_income: 50_000, state: 'il' });
    expect(r.ordinary.state_tax).toBe(0.0495);
    expect(r.ordinary.marginal_rate).toBe(0.1695);
  });

  it('a state that deducts federal income tax (AL) takes the federal tax computed here', () => {
    // 2025 single, 50,000: federal 3,871.50 (10% x 11,925 + 12% x 22,325). Alabama: 50,000 - 2,500 (standard
    // deduction past 35,500 of AGI) - 1,500 (exemption) - 3,871.50 = 42,128.50: 110 + 5% x 39,128.50 -> 2,066.43
    const r = run({ tax_year: 2025, filing_status: 'single', ordinary_income: 50_000, state: 'AL' });
    expect([r.federal_tax, r.state_tax]).toEqual([3871.5, 2066.43]);
    // the next dollar: 5% on the Alabama dollar less 5% x 12% of the federal tax it adds = 4.4%
    expect(r.ordinary.state_tax).toBeCloseTo(0.044, 6);
  });

  it('New York: the supplemental tax cliff at 323,200 of joint taxable income (2025 IT-201-I worksheets 2 and 3)', () => {
    // NY AGI 240,000 + 30,000 = 270,000; TI 270,000 - 16,050 = 253,950; worksheet 2 (TI over 161,550 to
    // 323,200), fully phased in (line 6 = 108,450 -> 50,000): 8,552.75 + 6% x 92,400 = 14,096.75; + 333 + 807
    // = 15,236.75. 69,250.01 more of income reaches TI 323,200.01 and AGI 339,250.01: worksheet 3, line 3
    // = 18,251.75 + 6.85% x 0.01; line 4 = 1,140; line 8 = 16,050.01 / 50,000 -> 0.3210; line 9 = 0.3210
    // x 2,747 = 881.787. Just below (TI 323,200, worksheet 2): 18,251.75 + 333 + 807 = 19,391.75. The lump:
    // 1,140 + 881.787 + 0.000685 - 1,140 = 881.787685 -> 881.79.
    const r = run({
      tax_year: 2025,
      filing_status: 'mfj',
      ordinary_income: 240_000,
      qualified_income: 30_000,
      earned_income: 240_000,
      state: 'NY',
    });
    expect(r.state_tax).toBe(15_236.75);
    expect(r.ordinary.thresholds.find((t) => t.name === 'ny_bracket_ceiling_6')).toMatchObject({
      threshold: 323_200,
      distance: 69_250.01,
      kind: 'cliff',
      cliff_cost: 881.79,
    });
  });
});

describe("tax/cliff-map: the limits of a state's deductions, exemptions and credits", () => {
  const rows = (request: Request, prefix: string) =>
    run(request).ordinary.thresholds.filter((t) => t.name.startsWith(prefix));

  it('Oregon: the exemption credit lost over 100,000 and the federal tax subtraction cap tiers', () => {
    // 2025 single, 95,000. OR-40 instructions: no $256 exemption credit above 100,000 of federal AGI: the cent past
    // it costs 256 + 0.01 x (22% federal + 8.75% Oregon) -> 256.00. The federal tax (12,349 here) is
    // over the subtraction cap, which falls from 8,500 to 6,800 at AGI 125,000 (ORS 316.680(1)(b),
    // Table 4: 125,000 and over): 1,700 x 8.75% = 148.75 (Oregon taxable 125,000 - 2,835 - 6,800 =
    // 115,365, still the 8.75% bracket).
    const r = run({ tax_year: 2025, filing_status: 'single', ordinary_income: 95_000, state: 'OR' });
    const find = (name: string) => r.ordinary.thresholds.find((t) => t.name === name);
    expect(find('or_exemption_credit_limit')).toMatchObject({
      measure: 'magi',
      threshold: 100_000,
      distance: 5_000.01,
      kind: 'cliff',
      cliff_cost: 256,
      source: 'data/tax/state/or/2025.json#exemption_credit_phaseout',
    });
    expect(find('or_federal_tax_deduction_cap_2')).toMatchObject({
      measure: 'magi',
      threshold: 125_000,
      distance: 30_000,
      kind: 'cliff',
      cliff_cost: 148.75,
    });
  });

  it("Alabama: the standard deduction's 20 steps of $25 each $500 over 25,500 (Ala. Code 40-18-15(b))", () => {
    // 2025 single, 20,000: 3,000 less 25 per full 500 of AGI over 25,500, not below 2,500: steps at
    // 26,000, 26,500, ..., 35,500, each 25 x 5% = 1.25 (Alabama taxable income is over 3,000 there).
    const steps = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 20_000, state: 'AL' },
      'al_standard',
    );
    expect(steps.map((t) => t.threshold)).toEqual(Array.from({ length: 20 }, (_, k) => 26_000 + 500 * k));
    expect(steps.map((t) => t.distance)).toEqual(Array.from({ length: 20 }, (_, k) => 6_000 + 500 * k));
    expect(new Set(steps.map((t) => `${t.kind} ${t.cliff_cost}`))).toEqual(new Set(['cliff 1.25']));
  });

  it("California: the exemption credit's $6 per $2,500 over 252,203 (R&TC 17054.1), 26 steps", () => {
    // 2025 single, 240,000: the 153 credit loses 6 for each 2,500 or part of one over 252,203: 25 steps of
    // 6 and a last one of 3; each lump is the credit lost (plus a cent's tax, under half a cent).
    const steps = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 240_000, state: 'CA' },
      'ca_exemption',
    );
    expect(steps).toHaveLength(26);
    expect(steps[0]).toMatchObject({ threshold: 252_203, distance: 12_203.01, kind: 'cliff', cliff_cost: 6 });
    expect(steps[25]).toMatchObject({
      threshold: 314_703,
      distance: 74_703.01,
      kind: 'cliff',
      cliff_cost: 3,
    });
  });

  it("Wisconsin head of household: the sliding deduction's start and where the single floor takes over", () => {
    // 2025, 15,000. Head of household: 17,520 less 22.515% over 19,550; never below the single amount,
    // 13,560 less 12% over 19,550. From 19,550 each dollar adds 0.22515 of taxable income at 3.5%:
    // +0.0078803 of rate. The lines meet where 3,960 = 0.10515 x (x - 19,550): x = 57,210.485 (first cent
    // over it 57,210.49, shown to the cent); from there the deduction slides at 12%, 0.10515 x 4.4% =
    // 0.0046266 less rate.
    const r = rows(
      { tax_year: 2025, filing_status: 'hoh', ordinary_income: 15_000, state: 'WI' },
      'wi_standard',
    );
    const start = r.find((t) => t.name === 'wi_standard_deduction_sliding_start');
    expect(start).toMatchObject({ threshold: 19_550, distance: 4_550.01, kind: 'rate_change' });
    expect((start?.rate_after ?? 0) - (start?.rate_before ?? 0)).toBeCloseTo(0.22515 * 0.035, 5);
    const floor = r.find((t) => t.name === 'wi_standard_deduction_sliding_floor');
    expect(floor).toMatchObject({ threshold: 57_210.49, distance: 42_210.49, kind: 'rate_change' });
    expect((floor?.rate_before ?? 0) - (floor?.rate_after ?? 0)).toBeCloseTo(0.10515 * 0.044, 5);
    // the head of household line's own zero (97,364) lies under the floor: nothing changes there
    expect(r.map((t) => t.name)).not.toContain('wi_standard_deduction_sliding_end');
  });

  it("Minnesota: the standard deduction limitation's 3% and 10% tiers and its 80% cap", () => {
    // 2025 single, 200,000 (Minn. Stat. 290.0123 subd. 5): 3% of AGI over 238,950, 10% over 330,300,
    // at most 80% of 14,950 = 11,960: 2,740.50 + 10% x (x - 330,300) = 11,960 at x = 422,495. Past the
    // cap the 10% stops: 10% x 9.85% = 0.00985 less rate.
    const r = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 200_000, state: 'MN' },
      'mn_standard',
    );
    expect(r.map((t) => [t.name, t.measure, t.threshold])).toEqual([
      ['mn_standard_deduction_limitation_1', 'magi', 238_950],
      ['mn_standard_deduction_limitation_2', 'magi', 330_300],
      ['mn_standard_deduction_limitation_cap', 'magi', 422_495],
    ]);
    const cap = r[2];
    expect(cap?.distance).toBe(222_495);
    expect((cap?.rate_before ?? 0) - (cap?.rate_after ?? 0)).toBeCloseTo(0.00985, 6);
  });

  it("Vermont: the Social Security exemption's phase-out from 55,000 to 65,000 of federal AGI", () => {
    // 2025 single, 67, 30,000 of IRA withdrawals and 20,000 of benefits: provisional income 40,000, taxable
    // benefits 0.85 x 6,000 + 4,500 = 9,600, AGI 39,600; each dollar adds 1.85 of AGI up to the 85% cap
    // (17,000 of benefits, 8,705.88 dollars away), so AGI passes 55,000 at 8,324.33 (15,400.01 more). From
    // there the exemption (32 V.S.A. 5830e(a)) shrinks by (AGI - 55,000) / 10,000; past the cap AGI is
    // 47,000 + the added income, over 65,000 from 18,000.01, where the last 17,000 x 1/10,000 per dollar
    // of the phase-out stops: 1.7 x 6.6% = 0.1122 less rate.
    const request: Request = {
      tax_year: 2025,
      filing_status: 'single',
      age: 67,
      ordinary_income: 30_000,
      social_security_benefits: 20_000,
      state: 'VT',
    };
    const r = rows(request, 'vt_social');
    expect(r.map((t) => [t.name, t.measure, t.threshold, t.distance, t.kind])).toEqual([
      ['vt_social_security_exclusion_phaseout_start', 'magi', 55_000, 8_324.33, 'rate_change'],
      ['vt_social_security_exclusion_phaseout_end', 'magi', 65_000, 18_000.01, 'rate_change'],
    ]);
    expect(r[0]?.source).toBe('data/tax/state/vt/2025.json#retirement_exclusions');
    expect((r[1]?.rate_before ?? 0) - (r[1]?.rate_after ?? 0)).toBeCloseTo(1.7 * 0.066, 4);
  });

  it('New Jersey: one cent over the minimum taxable income brings the whole tax (N.J.S.A. 54A:2-4)', () => {
    // 2025 single, 9,000: no tax up to 10,000 of gross income; at 10,000.01 the schedule's 1.4% x 9,000.01
    // = 126.0001 at once (federal tax is still zero under the 15,750 standard deduction).
    const r = rows({ tax_year: 2025, filing_status: 'single', ordinary_income: 9_000, state: 'NJ' }, 'nj_no');
    expect(r).toEqual([
      expect.objectContaining({
        name: 'nj_no_tax_limit',
        measure: 'state_agi',
        threshold: 10_000,
        distance: 1_000.01,
        kind: 'cliff',
        cliff_cost: 126,
        source: 'data/tax/state/nj/2025.json#no_tax_at_or_below',
      }),
    ]);
  });

  it('Ohio: the exemption is gone once modified AGI reaches 750,000 (2025 IT 1040 booklet p. 17)', () => {
    // "$80,001 - $749,999 $1,900", "$750,000 or greater $0": the cliff is at 750,000 itself (50,000 above
    // 700,000, not 50,000.01); it costs 1,900 x 3.125% = 59.375 -> 59.38.
    const r = rows({ tax_year: 2025, filing_status: 'single', ordinary_income: 700_000, state: 'OH' }, 'oh_');
    expect(r).toEqual([
      expect.objectContaining({
        name: 'oh_personal_exemption_tier_3_end',
        measure: 'state_agi',
        threshold: 750_000,
        distance: 50_000,
        kind: 'cliff',
        cliff_cost: 59.38,
        source: 'data/tax/state/oh/2025.json#personal_exemption_tiers',
      }),
    ]);
  });

  it('Illinois: the exemption (and the 1,000 at 65) lost over 250,000 of federal AGI (35 ILCS 5/204(g))', () => {
    // 2025 single, 66, 240,000: at 250,000.01 the 2,850 exemption and the 1,000 at 65 go at once:
    // 3,850 x 4.95% = 190.575, plus the cent at 32% + 4.95% -> 190.58, shown with each rule
    const r = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 240_000, state: 'IL', age: 66 },
      'il_',
    );
    expect(r.map((t) => [t.name, t.measure, t.threshold, t.distance, t.kind, t.cliff_cost])).toEqual([
      ['il_age_deduction_1_limit', 'magi', 250_000, 10_000.01, 'cliff', 190.58],
      ['il_personal_exemption_tier_1_end', 'magi', 250_000, 10_000.01, 'cliff', 190.58],
    ]);
    expect(r[0]?.source).toBe('data/tax/state/il/2025.json#age_deductions');
    // under 65 only the exemption: 2,850 x 4.95% = 141.075 + 0.0037 -> 141.08
    const young = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 240_000, state: 'IL' },
      'il_',
    );
    expect(young.map((t) => [t.name, t.cliff_cost])).toEqual([['il_personal_exemption_tier_1_end', 141.08]]);
  });

  it('Indiana: the 500 at 65 lost when federal AGI reaches 40,000 (IC 6-3-1-3.5(a)(5)(C))', () => {
    // 2025 single, 66, 30,000: allowed only below 40,000, so 40,000.00 itself loses it: 500 x 3% = 15 (plus the
    // cent at 12% + 3%, 0.0015)
    const r = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 30_000, state: 'IN', age: 66 },
      'in_',
    );
    expect(r).toEqual([
      expect.objectContaining({
        name: 'in_age_deduction_2_limit',
        measure: 'magi',
        threshold: 40_000,
        distance: 10_000,
        kind: 'cliff',
        cliff_cost: 15,
        source: 'data/tax/state/in/2025.json#age_deductions',
      }),
    ]);
  });

  it('Colorado: the standard deduction capped at 12,000 from federal AGI of 300,000 (C.R.S. 39-22-104(3)(p.5))', () => {
    // 2025 single, 290,000: at 300,000.00 the 15,750 deduction falls to 12,000: 3,750 x 4.4% = 165 (+0.0039)
    const r = rows({ tax_year: 2025, filing_status: 'single', ordinary_income: 290_000, state: 'CO' }, 'co_');
    expect(r).toEqual([
      expect.objectContaining({
        name: 'co_standard_deduction_cap',
        measure: 'magi',
        threshold: 300_000,
        distance: 10_000,
        kind: 'cliff',
        cliff_cost: 165,
        source: 'data/tax/state/co/2025.json#standard_deduction_cap',
      }),
    ]);
  });

  it("Idaho: the senior deduction's phase-out from 75,000 to 175,000 of federal AGI (IRC 151(d)(5)(C), HB 559)", () => {
    // 2025 single, 67, 60,000: from 75,000 each dollar takes 6 cents off the senior deduction, federal and Idaho:
    // 22% x 1.06 + 5.3% x 1.06 = 28.938%; past 175,000 (6,000 / 6% = 100,000 later) the 24% bracket and 5.3%
    const r = rows(
      { tax_year: 2025, filing_status: 'single', ordinary_income: 60_000, state: 'ID', age: 67 },
      'id_',
    );
    expect(r.map((t) => [t.name, t.measure, t.threshold, t.distance, t.kind])).toEqual([
      ['id_senior_deduction_phaseout_start', 'magi', 75_000, 15_000.01, 'rate_change'],
      ['id_senior_deduction_phaseout_end', 'magi', 175_000, 115_000.01, 'rate_change'],
    ]);
    expect(r[0]?.source).toBe('data/tax/state/id/2025.json#federal_standard_deduction');
    expect([r[0]?.rate_before, r[0]?.rate_after]).toEqual([0.273, 0.28938]);
    expect([r[1]?.rate_before, r[1]?.rate_after]).toEqual([0.31058, 0.293]);
  });

  it("Utah: the taxpayer tax credit's phase-out ends at 18,213 + 945 / 1.3% = 90,905.31 (Utah Code 59-10-1018)", () => {
    // 2025 single, 60,000: the credit (6% x 15,750 = 945) loses 1.3 cents a dollar over 18,213; it is gone past
    // 90,905.307..., the first cent over it shown: the 1.3% stops (22% + 5.8% -> 22% + 4.5%). The start (18,213)
    // is offered too, but the credit covers the whole tax there (under 20,375.33), so nothing changes at it.
    const r = rows({ tax_year: 2025, filing_status: 'single', ordinary_income: 60_000, state: 'UT' }, 'ut_');
    expect(r.map((t) => [t.name, t.measure, t.threshold, t.distance, t.kind])).toEqual([
      ['ut_deduction_credit_phaseout_end', 'state_agi', 90_905.31, 30_905.31, 'rate_change'],
    ]);
    expect(r[0]?.source).toBe('data/tax/state/ut/2025.json#deduction_credit');
    expect([r[0]?.rate_before, r[0]?.rate_after]).toEqual([0.278, 0.265]);
    // both ends are offered to the map (the start at 18,213 on the state's AGI; at 65 the credit is 6% x 17,750)
    const table = stateTaxTables.get(2025).UT;
    if (table === undefined) throw new Error('no Utah table');
    const offered = (age?: number) => {
      const input = { filing_status: 'single' as const, age };
      return stateLimits(table, input, stateTax(table, { ...input, state_taxable_income: 60_000 })).map(
        (l) => [l.name, l.measure, l.threshold],
      );
    };
    expect(offered()).toEqual([
      ['deduction_credit_phaseout_start', 'state_agi', 18_213],
      ['deduction_credit_phaseout_end', 'state_agi', new Dec(945).div('0.013').plus(18_213).toNumber()],
    ]);
    expect(offered(65)[1]?.[2]).toBeCloseTo(18_213 + 1065 / 0.013, 6);
  });

  it('Rhode Island: two phase-outs stepping on the same cent each show the lump of that cent', () => {
    // 2025 single, 250,000: the standard deduction (10,900) and the exemption (5,100) each lose 20% for
    // each 7,250 or part of one over 254,250: (10,900 + 5,100) x 20% x 5.99% = 191.68 at 254,250.01, the
    // lump of that cent, listed with each rule.
    const r = rows({ tax_year: 2025, filing_status: 'single', ordinary_income: 250_000, state: 'RI' }, 'ri_');
    const first = r.filter((t) => t.distance === 4_250.01);
    expect(first.map((t) => t.name).sort()).toEqual([
      'ri_personal_exemption_phaseout_step_1',
      'ri_standard_deduction_phaseout_step_1',
    ]);
    expect(first.map((t) => t.cliff_cost)).toEqual([191.68, 191.68]);
  });
});

// Properties: random households through the composed engines.
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const household = fc
  .record({
    tax_year: fc.constantFrom(2024, 2025, 2026),
    filing_status: fc.constantFrom(...FILING_STATUSES),
    age: fc.integer({ min: 30, max: 80 }),
    ordinary_income: cents(400_000),
    qualified_income: cents(200_000),
    social_security_benefits: fc.oneof(fc.constant(0), cents(60_000)),
    aca: fc.boolean(),
    household_size: fc.integer({ min: 1, max: 6 }),
    benchmark_annual_premium: cents(30_000),
    medicare: fc.boolean(),
  })
  .map(
    ({ aca, medicare, household_size, benchmark_annual_premium, ...rest }): Request => ({
      ...rest,
      ...(aca ? { aca_coverage: true, household_size, benchmark_annual_premium } : {}),
      ...(medicare ? { medicare_enrollees: 1 } : {}),
      series_range: 50_000,
      series_step: 5_000,
    }),
  );

/** The composed cost, built here from the engines' entry points, independently of the operation. */
function composedCost(request: Request, ordinary: number, ltcg: number): Dec {
  const ord = new Dec(request.ordinary_income).plus(ordinary);
  const q = new Dec(request.qualified_income ?? 0).plus(ltcg);
  const benefits = request.social_security_benefits ?? 0;
  const fed = householdTax({
    tax_year: request.tax_year,
    filing_status: request.filing_status,
    age: request.age,
    ordinary_income: ord.toNumber(),
    qualified_income: q.toNumber(),
    social_security_benefits: benefits,
    // the request's default: all of the current ordinary income is earned; the next dollar is not
    earned_income: request.earned_income ?? request.ordinary_income,
  });
  let cost = fed.total;
  if (request.aca_coverage) {
    const income = fed.gross_income.plus(benefits).minus(fed.taxable_social_security);
    cost = cost.plus(
      premiumTaxCredit({
        coverageYear: request.tax_year,
        householdSize: request.household_size as number,
        householdIncome: income.toNumber(),
        benchmarkAnnualPremium: request.benchmark_annual_premium as number,
        filingStatus: request.filing_status,
      }).net_premium,
    );
  }
  if ((request.medicare_enrollees ?? 0) > 0) {
    const tier = irmaaFor(2026, request.filing_status, fed.gross_income.toNumber());
    cost = cost.plus(new Dec(tier.part_b_irmaa).plus(tier.part_d_irmaa).times(12));
  }
  return cost;
}

function finiteEverywhere(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === null) return false;
  if (Array.isArray(value)) return value.every(finiteEverywhere);
  if (typeof value === 'object') return Object.values(value as object).every(finiteEverywhere);
  return true;
}

/**
 * The properties' maps by request: the first and the last draw the same households from one fixed
 * seed, computed once (a result is only read).
 */
const runOnce = onceByJson((request: Request) => run(request));

describe('tax/cliff-map: properties', () => {
  it('the marginal rate is the one-dollar difference of the composed engines (ordinary and ltcg)', () => {
    fc.assert(
      fc.property(household, (request) => {
        const r = runOnce(request);
        const now = composedCost(request, 0, 0);
        expect(r.ordinary.marginal_rate).toBe(roundRate(composedCost(request, 1, 0).minus(now)));
        expect(r.ltcg.marginal_rate).toBe(roundRate(composedCost(request, 0, 1).minus(now)));
        const parts = r.ordinary;
        const sum = new Dec(parts.income_tax)
          .plus(parts.niit)
          .plus(parts.additional_medicare_tax)
          .plus(parts.state_tax)
          .plus(parts.aca_premium)
          .plus(parts.irmaa_surcharge);
        expect(Math.abs(sum.minus(parts.marginal_rate).toNumber())).toBeLessThanOrEqual(4e-6);
      }),
      { numRuns: 12 },
    );
  });

  it('with a state: each threshold once, ahead and sorted; state thresholds name their state and its table', () => {
    const states = ['AL', 'CA', 'CT', 'ME', 'MN', 'NY', 'OR', 'RI', 'VT', 'WI', 'CO', 'MD', 'OH', 'VA', 'NJ'];
    fc.assert(
      fc.property(household, fc.constantFrom(...states), (base, state) => {
        const request = { ...base, tax_year: 2025, state, aca_coverage: false } as Request;
        const r = run(request);
        for (const list of [r.ordinary.thresholds, r.ltcg.thresholds]) {
          const names = list.map((row) => row.name);
          expect(new Set(names).size).toBe(names.length);
          for (const [i, row] of list.entries()) {
            expect(row.distance).toBeGreaterThan(0);
            if (i > 0) expect(row.distance).toBeGreaterThanOrEqual((list[i - 1] as typeof row).distance);
            if (row.source.startsWith('data/tax/state/')) {
              expect(row.name.startsWith(`${state.toLowerCase()}_`)).toBe(true);
              expect(row.source.startsWith(`data/tax/state/${state.toLowerCase()}/2025.json`)).toBe(true);
              expect(Number.isFinite(row.threshold) && row.threshold > 0).toBe(true);
            }
          }
        }
        expect(finiteEverywhere(r)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('thresholds are ahead (distance > 0) and sorted; the series rises with its index; no NaN', () => {
    fc.assert(
      fc.property(household, (request) => {
        const r = runOnce(request);
        for (const list of [r.ordinary.thresholds, r.ltcg.thresholds]) {
          for (const [i, row] of list.entries()) {
            expect(row.distance).toBeGreaterThan(0);
            if (i > 0) expect(row.distance).toBeGreaterThanOrEqual((list[i - 1] as typeof row).distance);
          }
        }
        const points = r.series.points;
        expect(points).toHaveLength(11);
        for (let i = 1; i < points.length; i++) {
          const [a, b] = [points[i - 1], points[i]] as [(typeof points)[0], (typeof points)[0]];
          expect(b.income).toBeGreaterThan(a.income);
          expect(b.federal_tax).toBeGreaterThanOrEqual(a.federal_tax);
          // Without ACA coverage (whose credit starts at 100% of the guideline) the cost never falls.
          if (!request.aca_coverage) expect(b.total_cost).toBeGreaterThanOrEqual(a.total_cost);
        }
        expect(finiteEverywhere(r)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});

describe('tax/cliff-map: the exact composition against the decimal one it replaced (issue 28)', () => {
  // test/tax/cliff-map-oracle.ts is the computation as it stood at cliff-map 2.3.0 (decimal amounts,
  // string memo keys, every probe searched): the same engines, so the same result for every request,
  // to the last field and in the same key order. CLIFF_MAP_RUNS raises the count.
  const RUNS = Number(process.env.CLIFF_MAP_RUNS ?? deep(20, 60));
  const STATES = Object.keys(stateTaxTables.get(2025));

  function household(g: ReturnType<typeof seededGenerator>): Request {
    const filing_status = g.pick(FILING_STATUSES);
    const money = (scale: number) =>
      g.chance(0.1)
        ? g.pick([1234.5678, 0.1 + 0.2, 45_000.005])
        : g.chance(0.5)
          ? g.int(scale)
          : g.int(scale * 100) / 100;
    const ordinary = money(250_000);
    const state = g.chance(0.7) ? g.pick(STATES) : undefined;
    const request: Record<string, unknown> = {
      tax_year: state === undefined ? g.pick([2024, 2025, 2026]) : 2025,
      filing_status,
      ordinary_income: ordinary,
      qualified_income: g.chance(0.5) ? money(60_000) : 0,
      social_security_benefits: g.chance(0.6) ? money(50_000) : 0,
      medicare_enrollees: filing_status === 'mfj' ? g.int(3) : g.int(2),
      next_dollar_earned: g.chance(0.2),
      series_income: g.pick(['ordinary', 'ltcg']),
      series_range: g.pick([2_000, 10_000, 30_000]),
      series_step: g.pick([1_000, 2_500.5, 5_000]),
    };
    if (g.chance(0.8)) request.age = g.pick([40, 55, 60, 64, 65, 67, 72, 80]);
    if (filing_status === 'mfj' && g.chance(0.6)) request.spouse_age = g.pick([50, 63, 65, 70]);
    if (g.chance(0.3)) request.earned_income = Math.min(ordinary, money(120_000));
    if (state !== undefined) request.state = g.chance(0.2) ? state.toLowerCase() : state;
    if (g.chance(0.25)) {
      request.aca_coverage = true;
      request.household_size = 1 + g.int(5);
      request.benchmark_annual_premium = g.int(30_000);
    }
    return request as Request;
  }

  it('every field of random households (states, benefits, ACA, Medicare, non-cent amounts) is the oracle one', () => {
    const g = seededGenerator(20261128);
    for (let i = 0; i < RUNS; i++) {
      const request = household(g);
      const input = cliffMap.parse(request);
      const got = cliffMap.compute(input);
      const want = cliffMapOracle(cliffMap.parse(request));
      expect(JSON.stringify(got), JSON.stringify(request)).toBe(JSON.stringify(want));
    }
  });

  it('the issue 28 household, with no state, NY, CA and the states with phase-outs and recaptures', () => {
    const base = {
      tax_year: 2025,
      filing_status: 'mfj' as const,
      age: 66,
      spouse_age: 66,
      ordinary_income: 150_000,
      qualified_income: 20_000,
      social_security_benefits: 40_000,
      medicare_enrollees: 2,
      series_range: 50_000,
      series_step: 1_000,
    };
    for (const state of [
      undefined,
      'NY',
      'CA',
      'ME',
      'CT',
      'MN',
      'OR',
      'AL',
      'MO',
      'UT',
      'WI',
      'NJ',
      'RI',
      'VT',
    ]) {
      const request = state === undefined ? base : { ...base, state };
      const got = cliffMap.compute(cliffMap.parse(request));
      const want = cliffMapOracle(cliffMap.parse(request));
      expect(JSON.stringify(got), state).toBe(JSON.stringify(want));
    }
  });
});
