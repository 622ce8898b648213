import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { bracketRoom } from '../../src/tax/bracket-room';
import { SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { type TaxEstimateInput, taxEstimate } from '../../src/tax/tax-estimate';
import { calculationErrorOf } from '../helpers';

const estimate = (input: TaxEstimateInput) => taxEstimate(input).result;

const errorOf = (input: unknown) => calculationErrorOf(taxEstimate, input);

describe('tax/estimate: 120,000 of wages, every filing status and year (hand calculations)', () => {
  // [year, status, standard deduction, taxable income, tax]. Single and head of household are reference
  // cases beside the tables: data/tax/federal/<year>.cases.json (test/data/cases.test.ts).
  const cases: [number, FilingStatus, number, number, number][] = [
    // 2024 mfj: 120,000 - 29,200 (Rev. Proc. 2023-34 §3.15(1)) = 90,800; 10% x 23,200 + 12% x 67,600 = 10,432 (§3.01, Table 1).
    [2024, 'mfj', 29200, 90800, 10432],
    // 2024 mfs: 120,000 - 14,600 (§3.15(1)) = 105,400, taxed as single (§3.01 Table 4 equals Table 3 below
    // 37%): 10% x 11,600 + 12% x 35,550 + 22% x 53,375 + 24% x 4,875 = 18,338.50.
    [2024, 'mfs', 14600, 105400, 18338.5],
    // 2024 qss: as mfj (§3.15(1), Table 1): 10,432.
    [2024, 'qss', 29200, 90800, 10432],
    // 2025 mfj: 120,000 - 31,500 (OBBBA §70102) = 88,500; 10% x 23,850 + 12% x 64,650 = 10,143
    // (Rev. Proc. 2024-40 §2.01, Table 1).
    [2025, 'mfj', 31500, 88500, 10143],
    // 2025 mfs: 120,000 - 15,750 (OBBBA) = 104,250, taxed as single (§2.01 Table 4 equals Table 3 here): 17,867.
    [2025, 'mfs', 15750, 104250, 17867],
    // 2025 qss: as mfj: 10,143.
    [2025, 'qss', 31500, 88500, 10143],
    // 2026 mfj: 120,000 - 32,200 (Rev. Proc. 2025-32 §4.14(1)) = 87,800; 10% x 24,800 + 12% x 63,000 = 10,040 (§4.01, Table 1).
    [2026, 'mfj', 32200, 87800, 10040],
    // 2026 mfs: 120,000 - 16,100 (Rev. Proc. 2025-32 §4.14(1)) = 103,900, taxed as single: 10% x 12,400 +
    // 12% x 38,000 + 22% x 53,500 = 17,570 (§4.01 Table 4).
    [2026, 'mfs', 16100, 103900, 17570],
    // 2026 qss: as mfj: 10,040.
    [2026, 'qss', 32200, 87800, 10040],
  ];
  it.each(cases)('%i %s', (tax_year, filing_status, deduction, taxable, tax) => {
    const r = estimate({ tax_year, filing_status, ordinary_income: 120_000 });
    expect(r.deduction_type).toBe('standard');
    expect(r.deduction).toBe(deduction);
    expect(r.taxable_income).toBe(taxable);
    expect(r.ordinary_tax).toBe(tax);
    expect(r.income_tax).toBe(tax);
    expect(r.capital_gains_tax).toBe(0);
    expect(r.total_tax).toBe(tax); // wages under every Medicare threshold, no NII, no state tax
    expect(r.brackets.reduce((s, b) => s.plus(b.tax), new Dec(0)).toNumber()).toBe(tax);
  });

  it('2025 uses the OBBBA standard deduction, not Rev. Proc. 2024-40 §2.15(1)', () => {
    // §2.15(1) printed 15,000 / 30,000 / 22,500; OBBBA §70102 set 15,750 / 31,500 / 23,625.
    expect(estimate({ tax_year: 2025, filing_status: 'single', ordinary_income: 50_000 }).deduction).toBe(
      15750,
    );
    expect(estimate({ tax_year: 2025, filing_status: 'mfj', ordinary_income: 50_000 }).deduction).toBe(31500);
    expect(estimate({ tax_year: 2025, filing_status: 'hoh', ordinary_income: 50_000 }).deduction).toBe(23625);
  });
});

describe('tax/estimate: 450,000 of wages + 150,000 qualified, every filing status and year (hand calculations)', () => {
  // [year, status, ordinary tax, capital gains tax, NIIT, additional Medicare]
  const cases: [number, FilingStatus, number, number, number, number][] = [
    // 2024 single: TI = 600,000 - 14,600 = 585,400; ordinary part 435,400 -> 55,678.50 + 35% x 191,675 = 122,764.75;
    //   gains on [435,400, 585,400], 15% band to 518,900 (Rev. Proc. 2023-34 §3.03): 15% x 83,500 + 20% x 66,500 = 25,825;
    //   NIIT 3.8% x min(150,000, 600,000 - 200,000) = 5,700 (§1411); Medicare 0.9% x (450,000 - 200,000) = 2,250.
    [2024, 'single', 122764.75, 25825, 5700, 2250],
    // 2024 mfj: TI 570,800; ordinary 420,800 -> 78,221 + 32% x 36,900 = 90,029; all 150,000 at 15% (band to 583,750)
    //   = 22,500; NIIT 5,700; Medicare 0.9% x (450,000 - 250,000) = 1,800.
    [2024, 'mfj', 90029, 22500, 5700, 1800],
    // 2024 mfs: ordinary 435,400 -> 98,334.75 + 37% x 69,800 = 124,160.75; 15% band ends at 291,850 -> all at 20%
    //   = 30,000; Medicare 0.9% x (450,000 - 125,000) = 2,925.
    [2024, 'mfs', 124160.75, 30000, 5700, 2925],
    // 2024 hoh: TI 578,100; ordinary 428,100 -> 53,977 + 35% x 184,400 = 118,517; 15% x 123,250 + 20% x 26,750 = 23,837.50.
    [2024, 'hoh', 118517, 23837.5, 5700, 2250],
    // 2024 qss: as mfj, but Medicare 0.9% x (450,000 - 200,000) = 2,250 (§3101(b)(2)(C) "any other case").
    [2024, 'qss', 90029, 22500, 5700, 2250],
    // 2025 single: TI 584,250; ordinary 434,250 -> 57,231 + 35% x 183,725 = 121,534.75;
    //   15% x (533,400 - 434,250 = 99,150) + 20% x 50,850 = 25,042.50 (Rev. Proc. 2024-40 §2.03).
    [2025, 'single', 121534.75, 25042.5, 5700, 2250],
    // 2025 mfj: ordinary 418,500 -> 80,398 + 32% x 23,900 = 88,046; all at 15% (band to 600,050) = 22,500.
    [2025, 'mfj', 88046, 22500, 5700, 1800],
    // 2025 mfs: ordinary 434,250 -> 101,077.25 + 37% x 58,450 = 122,703.75; band ends 300,000 -> 20% = 30,000.
    [2025, 'mfs', 122703.75, 30000, 5700, 2925],
    // 2025 hoh: ordinary 426,375 -> 55,484 + 35% x 175,875 = 117,040.25; 15% x 140,325 + 20% x 9,675 = 22,983.75.
    [2025, 'hoh', 117040.25, 22983.75, 5700, 2250],
    [2025, 'qss', 88046, 22500, 5700, 2250],
    // 2026 single: TI 583,900; ordinary 433,900 -> 120,634.25; 15% x 111,600 + 20% x 38,400 = 24,420 (band to 545,500,
    //   Rev. Proc. 2025-32 §4.03).
    [2026, 'single', 120634.25, 24420, 5700, 2250],
    // 2026 mfj: ordinary 417,800 -> 86,608; all at 15% (band to 613,700) = 22,500.
    [2026, 'mfj', 86608, 22500, 5700, 1800],
    // 2026 mfs: ordinary 433,900 -> 103,291.75 + 37% x 49,550 = 121,625.25; band ends 306,850 -> 30,000.
    [2026, 'mfs', 121625.25, 30000, 5700, 2925],
    // 2026 hoh: ordinary 425,850 -> 116,008.50; all at 15% (band to 579,600; top of stack 575,850) = 22,500.
    [2026, 'hoh', 116008.5, 22500, 5700, 2250],
    [2026, 'qss', 86608, 22500, 5700, 2250],
  ];
  it.each(cases)('%i %s', (tax_year, filing_status, ordinaryTax, gainsTax, niit, medicare) => {
    const r = estimate({
      tax_year,
      filing_status,
      ordinary_income: 450_000,
      qualified_income: 150_000,
      state_tax_rate: 0.05,
    });
    expect(r.ordinary_tax).toBe(ordinaryTax);
    expect(r.capital_gains_tax).toBe(gainsTax);
    expect(r.niit).toBe(niit);
    expect(r.additional_medicare_tax).toBe(medicare);
    expect(r.state_tax).toBe(30_000); // 5% x (450,000 + 150,000)
    expect(r.total_tax).toBe(
      new Dec(ordinaryTax).plus(gainsTax).plus(niit).plus(medicare).plus(30_000).toNumber(),
    );
    expect(r.effective_rate).toBe(new Dec(r.total_tax).div(600_000).toDecimalPlaces(6).toNumber());
  });
});

describe('tax/estimate: thresholds that differ by provision', () => {
  it('qss: additional Medicare at 200,000 (like single) but NIIT at 250,000 (like mfj)', () => {
    // 240,000 of wages, MAGI 240,000 with 50,000 of net investment income.
    // qss: Medicare 0.9% x (240,000 - 200,000) = 360; NIIT: MAGI under 250,000 -> 0.
    // mfj: Medicare under 250,000 -> 0; NIIT 0.  single: Medicare 360; NIIT 3.8% x min(50,000, 40,000) = 1,520.
    const base = { tax_year: 2025, ordinary_income: 240_000, net_investment_income: 50_000, magi: 240_000 };
    const qss = estimate({ ...base, filing_status: 'qss' });
    expect([qss.additional_medicare_tax, qss.niit]).toEqual([360, 0]);
    const mfj = estimate({ ...base, filing_status: 'mfj' });
    expect([mfj.additional_medicare_tax, mfj.niit]).toEqual([0, 0]);
    const single = estimate({ ...base, filing_status: 'single' });
    expect([single.additional_medicare_tax, single.niit]).toEqual([360, 1520]);
  });

  it('earned_income defaults to ordinary_income and can be given apart', () => {
    // 2026 single: 300,000 of ordinary income of which 150,000 is wages -> no additional Medicare tax.
    expect(
      estimate({ tax_year: 2026, filing_status: 'single', ordinary_income: 300_000 }).additional_medicare_tax,
    ).toBe(900);
    expect(
      estimate({ tax_year: 2026, filing_status: 'single', ordinary_income: 300_000, earned_income: 150_000 })
        .additional_medicare_tax,
    ).toBe(0);
  });
});

describe('tax/estimate: 65+ and blind additional standard deduction (§63(f))', () => {
  it('unmarried amount for single and hoh, married amount for mfj, mfs and qss', () => {
    // 2024 single 66: 14,600 + 1,950 (Rev. Proc. 2023-34 §3.15(3)) = 16,550.
    expect(
      estimate({ tax_year: 2024, filing_status: 'single', ordinary_income: 80_000, age: 66 }).deduction,
    ).toBe(16550);
    // 2024 mfj both 65+: 29,200 + 2 x 1,550 = 32,300.
    expect(
      estimate({ tax_year: 2024, filing_status: 'mfj', ordinary_income: 80_000, age: 65, spouse_age: 70 })
        .deduction,
    ).toBe(32300);
    // 2024 qss 70: the married amount, 29,200 + 1,550 = 30,750 (a surviving spouse is not "unmarried and not a
    // surviving spouse", §63(f)(3); data/tax/README.md).
    expect(
      estimate({ tax_year: 2024, filing_status: 'qss', ordinary_income: 80_000, age: 70 }).deduction,
    ).toBe(30750);
    // 2026 hoh 65 and blind: 24,150 + 2 x 2,050 (Rev. Proc. 2025-32 §4.14(3)) = 28,250.
    expect(
      estimate({ tax_year: 2026, filing_status: 'hoh', ordinary_income: 80_000, age: 65, blind: true })
        .deduction,
    ).toBe(28250);
    // 2025 mfj, spouse blind only: 31,500 + 1,600 (Rev. Proc. 2024-40 §2.15(3)) = 33,100.
    expect(
      estimate({ tax_year: 2025, filing_status: 'mfj', ordinary_income: 80_000, spouse_blind: true })
        .deduction,
    ).toBe(33100);
    // 64 at year end: no additional amount.
    expect(
      estimate({ tax_year: 2025, filing_status: 'single', ordinary_income: 80_000, age: 64 }).deduction,
    ).toBe(15750);
  });
});

describe('tax/estimate: OBBBA senior deduction, PolicyEngine-US cases', () => {
  // policyengine_us/tests/policy/baseline/gov/irs/income/taxable_income/deductions/senior_deduction/integration.yaml
  // (period 2025; AGI given directly there, here as ordinary_income so that MAGI = AGI).
  const senior = (
    filing_status: FilingStatus,
    agi: number,
    age: number,
    spouse_age?: number,
    tax_year = 2025,
  ) =>
    estimate({
      tax_year,
      filing_status,
      ordinary_income: agi,
      age,
      ...(spouse_age === undefined ? {} : { spouse_age }),
    }).senior_deduction;

  it('"Two eligible seniors, income above the phase-out": 2 x (6,000 - 6% x 50,000) = 6,000', () => {
    expect(senior('mfj', 200_000, 65, 65)).toBe(6000);
  });
  it('"Single senior, income above the phase-out, 2025": 6,000 - 6% x 15,000 = 5,100', () => {
    expect(senior('single', 90_000, 65)).toBe(5100);
  });
  it('"Married filing separately does not qualify": 0', () => {
    expect(senior('mfs', 90_000, 65)).toBe(0);
  });
  it('"Single non-senior": 0', () => {
    expect(senior('single', 90_000, 64)).toBe(0);
  });
  it('"Issue 8110 - per-senior phase-out at AGI $246,188": 2 x (6,000 - 5,771.28) = 457.44', () => {
    expect(senior('mfj', 246_188, 65, 65)).toBe(457.44);
  });
  it('"Joint filers, only one senior eligible (spouse age 60)": 3,000', () => {
    expect(senior('mfj', 200_000, 65, 60)).toBe(3000);
  });
  it('"Two seniors, AGI fully phases out deduction" (260,000) and at 250,000: 0', () => {
    expect(senior('mfj', 260_000, 65, 65)).toBe(0);
    expect(senior('mfj', 250_000, 65, 65)).toBe(0);
  });
  it('"Two seniors, AGI exactly at threshold": 12,000', () => {
    expect(senior('mfj', 150_000, 65, 65)).toBe(12000);
  });
  it('single at 75,000: 6,000; at 75,001: 5,999.94; at 175,000: 0', () => {
    expect(senior('single', 75_000, 65)).toBe(6000);
    expect(senior('single', 75_001, 65)).toBe(5999.94);
    expect(senior('single', 175_000, 65)).toBe(0);
  });
  it('"Puerto Rico excluded income is added back": MAGI 84,000 on AGI 74,000 -> 5,460', () => {
    const r = estimate({
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 74_000,
      magi: 84_000,
      age: 65,
    });
    expect(r.senior_deduction).toBe(5460);
  });
  it('not indexed in 2026 (same 5,100), not in the law for 2024 (0); qss uses the 75,000 threshold', () => {
    expect(senior('single', 90_000, 65, undefined, 2026)).toBe(5100);
    expect(senior('single', 90_000, 65, undefined, 2024)).toBe(0);
    expect(senior('qss', 90_000, 65)).toBe(5100);
  });
  it('is allowed on top of itemized deductions (hand calculation)', () => {
    // 2025 mfj both 65, 160,000 of income, 20,000 itemized (used although below the standard deduction):
    // senior = 2 x (6,000 - 6% x 10,000) = 10,800; TI = 160,000 - 20,000 - 10,800 = 129,200;
    // tax = 11,157 + 22% x (129,200 - 96,950) = 11,157 + 7,095 = 18,252 (Rev. Proc. 2024-40 §2.01 Table 1).
    const r = estimate({
      tax_year: 2025,
      filing_status: 'mfj',
      ordinary_income: 160_000,
      itemized_deductions: 20_000,
      age: 65,
      spouse_age: 66,
    });
    expect(r.deduction_type).toBe('itemized');
    expect([r.deduction, r.standard_deduction, r.senior_deduction]).toEqual([20000, 34700, 10800]);
    expect(r.taxable_income).toBe(129200);
    expect(r.income_tax).toBe(18252);
  });
});

describe('tax/estimate: PolicyEngine-US capital gains, NIIT and Medicare cases', () => {
  // policyengine_us/tests/policy/baseline/gov/irs/integration/non_sch_d_capital_gains.yaml (period 2026, single).
  it('case 1b: 60,000 wages + 10,000 distributions: ordinary 5,020, gains 667.50, income tax 5,687.50', () => {
    // TI = 70,000 - 16,100 = 53,900; ordinary 43,900 -> 1,240 + 12% x 31,500 = 5,020;
    // gains [43,900, 53,900] across the 49,450 zero-rate max: 5,550 at 0% and 4,450 at 15% = 667.50.
    const r = estimate({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 60_000,
      qualified_income: 10_000,
    });
    expect([r.ordinary_tax, r.capital_gains_tax, r.income_tax]).toEqual([5020, 667.5, 5687.5]);
    expect(r.niit).toBe(0);
  });
  it('case 1c: 30,000 of distributions alone: 0', () => {
    const r = estimate({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 0,
      qualified_income: 30_000,
    });
    expect(r.taxable_income).toBe(13900);
    expect(r.income_tax).toBe(0);
  });
  it('case 2: 5,000 of distributions, age 70: below the standard deduction, 0', () => {
    const r = estimate({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 0,
      qualified_income: 5000,
      age: 70,
    });
    expect(r.income_tax).toBe(0);
    expect(r.marginal_ordinary_rate).toBe(0); // deductions still unused: the next dollar is sheltered
  });
  it('case 3: 300,000 wages + 10,000 distributions: NIIT 3.8% x min(10,000, 110,000) = 380', () => {
    const r = estimate({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 300_000,
      qualified_income: 10_000,
    });
    expect(r.niit).toBe(380);
    expect(r.additional_medicare_tax).toBe(900); // 0.9% x 100,000
  });
  // policyengine_us/tests/policy/baseline/gov/irs/tax/federal_income/additional_medicare_tax.yaml
  it('"Traditional retirement deferrals do not reduce Additional Medicare wages" (2025): 450', () => {
    const r = estimate({
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 200_000,
      earned_income: 250_000,
    });
    expect(r.additional_medicare_tax).toBe(450);
  });
  // policyengine_us/tests/policy/baseline/gov/irs/tax/federal_income/net_investment_income_tax.yaml (2024)
  it('"Passive pass-through and other investment income above threshold": AGI 230,000, NII 35,000 -> 1,140', () => {
    const r = estimate({
      tax_year: 2024,
      filing_status: 'single',
      ordinary_income: 230_000,
      net_investment_income: 35_000,
    });
    expect(r.niit).toBe(1140);
  });
  it('"Passive pass-through income below the AGI threshold": AGI 199,000 -> 0', () => {
    const r = estimate({
      tax_year: 2024,
      filing_status: 'single',
      ordinary_income: 199_000,
      net_investment_income: 50_000,
    });
    expect(r.niit).toBe(0);
  });
});

describe('tax/estimate: worksheet details', () => {
  it('takes the all-ordinary tax when it is lower (QDCG worksheet line 25)', () => {
    // 2025 single: ordinary taxable 48,350 (= the zero-rate max) and 125 of qualified income. The 125 sits
    // above 48,350 (15% band) but below 48,475 where the 12% bracket ends: 15% x 125 = 18.75 against 12% x 125
    // = 15. Line 25 takes the smaller: income tax = tax on 48,475 = 5,578.50 (Rev. Proc. 2024-40 Table 3 base).
    const r = estimate({
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 64_100,
      qualified_income: 125,
    });
    expect(r.taxable_income).toBe(48475);
    expect(r.ordinary_tax).toBe(5563.5); // 1,192.50 + 12% x 36,425
    expect(r.income_tax).toBe(5578.5);
    expect(r.capital_gains_tax).toBe(15);
  });

  it('the deductions absorb ordinary income first, then qualified income', () => {
    // 2025 single: 10,000 ordinary + 20,000 qualified, 15,750 deduction: TI 14,250, all qualified, at 0%.
    const r = estimate({
      tax_year: 2025,
      filing_status: 'single',
      ordinary_income: 10_000,
      qualified_income: 20_000,
    });
    expect([r.taxable_income, r.ordinary_taxable_income, r.qualified_taxable_income]).toEqual([
      14250, 0, 14250,
    ]);
    expect(r.income_tax).toBe(0);
    expect(r.brackets).toEqual([]);
    expect(r.marginal_capital_gains_rate).toBe(0);
  });

  it('marginal rates: bracket rate of the next ordinary dollar; band rate of the next gain dollar', () => {
    // 2024 mfj, 200,000 wages + 50,000 qualified: ordinary taxable 170,800 (22%), top 220,800 (15% band).
    const r = estimate({
      tax_year: 2024,
      filing_status: 'mfj',
      ordinary_income: 200_000,
      qualified_income: 50_000,
    });
    expect([r.marginal_ordinary_rate, r.marginal_capital_gains_rate]).toEqual([0.22, 0.15]);
  });

  it('no income: everything zero, effective rate 0', () => {
    const r = estimate({ tax_year: 2026, filing_status: 'hoh', ordinary_income: 0 });
    expect([r.total_tax, r.effective_rate, r.taxable_income]).toEqual([0, 0, 0]);
  });
});

const year = fc.constantFrom(...SUPPORTED_TAX_YEARS);
const status = fc.constantFrom(...FILING_STATUSES);
const money = fc.integer({ min: 0, max: 300_000_000 }).map((c) => c / 100);
const age = fc.option(fc.integer({ min: 40, max: 90 }), { nil: undefined });

describe('tax/estimate: properties', () => {
  it('total tax never decreases as ordinary or qualified income rises', () => {
    fc.assert(
      fc.property(year, status, money, money, money, age, (tax_year, filing_status, o, q, extra, a) => {
        const base = { tax_year, filing_status, ...(a === undefined ? {} : { age: a }) };
        const t0 = estimate({ ...base, ordinary_income: o, qualified_income: q }).total_tax;
        expect(
          estimate({ ...base, ordinary_income: o + extra, qualified_income: q }).total_tax,
        ).toBeGreaterThanOrEqual(t0);
        expect(
          estimate({ ...base, ordinary_income: o, qualified_income: q + extra }).total_tax,
        ).toBeGreaterThanOrEqual(t0);
      }),
    );
  });

  it('ordinary tax equals the sum of bracket-room’s bracket taxes at the same ordinary taxable income', () => {
    fc.assert(
      fc.property(year, status, money, money, (tax_year, filing_status, o, q) => {
        const r = estimate({ tax_year, filing_status, ordinary_income: o, qualified_income: q });
        const room = bracketRoom({
          tax_year,
          filing_status,
          taxable_income: r.ordinary_taxable_income,
        }).result;
        const fills = room.brackets.reduce((s, b) => s.plus(b.tax), new Dec(0)).toNumber();
        expect(fills).toBe(r.ordinary_tax);
        expect(room.ordinary_tax).toBe(r.ordinary_tax);
        expect(r.brackets.reduce((s, b) => s.plus(b.tax), new Dec(0)).toNumber()).toBe(r.ordinary_tax);
      }),
    );
  });

  it('the printed pieces add up, and the capital gains tax never exceeds 20% of the qualified income', () => {
    fc.assert(
      fc.property(year, status, money, money, (tax_year, filing_status, o, q) => {
        const r = estimate({
          tax_year,
          filing_status,
          ordinary_income: o,
          qualified_income: q,
          state_tax_rate: 0.04,
        });
        expect(new Dec(r.ordinary_tax).plus(r.capital_gains_tax).toNumber()).toBe(r.income_tax);
        const sum = new Dec(r.income_tax).plus(r.niit).plus(r.additional_medicare_tax).plus(r.state_tax);
        expect(sum.toNumber()).toBe(r.total_tax);
        expect(new Dec(r.capital_gains_tax).lte(new Dec(q).times(0.2).plus(0.01))).toBe(true);
      }),
    );
  });
});

describe('tax/estimate: contract', () => {
  it('golden result_id', () => {
    expect(
      taxEstimate({
        tax_year: 2025,
        filing_status: 'mfj',
        ordinary_income: 180_000,
        qualified_income: 20_000,
      }).result_id,
    ).toBe('tax_82c421efefe23336');
  });

  it('an unsupported year is unsupported_year on tax_year, listing the supported years', () => {
    const error = errorOf({ tax_year: 2023, filing_status: 'single', ordinary_income: 1 });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues[0]?.path).toBe('tax_year');
    expect(error.message).toContain('2024, 2025, 2026');
  });

  it('bad input names the field', () => {
    expect(errorOf({ tax_year: 2025, filing_status: 'single', ordinary_income: -1 }).issues[0]?.path).toBe(
      'ordinary_income',
    );
    const spouse = errorOf({ tax_year: 2025, filing_status: 'single', ordinary_income: 1, spouse_age: 70 });
    expect(spouse.code).toBe('invalid_input');
    expect(spouse.issues[0]?.path).toBe('spouse_age');
    expect(
      errorOf({ tax_year: 2025, filing_status: 'single', ordinary_income: 1, state_tax_rate: 0.3 }).issues[0]
        ?.path,
    ).toBe('state_tax_rate');
    expect(
      errorOf({ tax_year: 2025, filing_status: 'single', ordinary_income: 1, itemised: 5 }).issues[0]?.code,
    ).toBe('unknown_field');
  });
});
