import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import {
  alternativeMinimumTax,
  amtExemption,
  amtPreferenceCapacity,
  amtRateTax,
  tentativeMinimumTax,
} from '../../src/tax/amt';
import { federalTable, SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { federalTax } from '../../src/tax/federal-tax';

describe('AMT: exemption and phase-out (Form 6251 line 5)', () => {
  it('2024, Rev. Proc. 2023-34 §3.11: 85,700 / 133,300 / 66,650, phase-out 25% from 609,350 / 1,218,700', () => {
    const t = federalTable(2024);
    expect(amtExemption(t, 'single', 609_350).toNumber()).toBe(85700);
    // 85,700 - 25% x (700,000 - 609,350) = 85,700 - 22,662.50 = 63,037.50
    expect(amtExemption(t, 'single', 700_000).toNumber()).toBe(63037.5);
    // fully phased out at 609,350 + 4 x 85,700 = 952,150
    expect(amtExemption(t, 'single', 952_150).toNumber()).toBe(0);
    expect(amtExemption(t, 'mfj', 1_218_700).toNumber()).toBe(133300);
    expect(amtExemption(t, 'qss', 1_318_700).toNumber()).toBe(108300); // 133,300 - 25% x 100,000
    expect(amtExemption(t, 'mfs', 709_350).toNumber()).toBe(41650); // 66,650 - 25,000
  });
  it('2025, Rev. Proc. 2024-40 §2.11: 88,100 / 137,000 / 68,500 from 626,350 / 1,252,700', () => {
    const t = federalTable(2025);
    // 88,100 - 25% x (800,000 - 626,350) = 88,100 - 43,412.50 = 44,687.50
    expect(amtExemption(t, 'single', 800_000).toNumber()).toBe(44687.5);
    expect(amtExemption(t, 'hoh', 626_350).toNumber()).toBe(88100);
    expect(amtExemption(t, 'mfj', 1_352_700).toNumber()).toBe(112000);
  });
  it('2026, Rev. Proc. 2025-32 §4.10: 90,100 / 140,200 / 70,100, 50% phase-out from 500,000 / 1,000,000 (OBBBA §70107)', () => {
    const t = federalTable(2026);
    expect(amtExemption(t, 'single', 600_000).toNumber()).toBe(40100); // 90,100 - 50% x 100,000
    // complete phase-out printed in §4.10: 680,200 / 1,280,400 / 640,200
    expect(amtExemption(t, 'single', 680_200).toNumber()).toBe(0);
    expect(amtExemption(t, 'single', 680_199).toNumber()).toBe(0.5);
    expect(amtExemption(t, 'mfj', 1_280_400).toNumber()).toBe(0);
    expect(amtExemption(t, 'mfs', 640_200).toNumber()).toBe(0);
  });
  // PolicyEngine-US amt_exemption.yaml cases are for 2022 (not a supported year); the formula they check,
  // exemption - 25% x max(0, AMTI - start), is the one above.
});

describe('AMT: 26% / 28% rate tax (§55(b)(1)(A), Form 6251 line 7)', () => {
  it('breakpoint from the table; half on a separate return', () => {
    const t = federalTable(2025);
    expect(amtRateTax(t, 'single', 239_100).toNumber()).toBe(62166); // 26% x 239,100
    // above: 28% x 300,000 - 2% x 239,100 = 84,000 - 4,782 = 79,218
    expect(amtRateTax(t, 'single', 300_000).toNumber()).toBe(79218);
    expect(amtRateTax(t, 'mfs', 119_550).toNumber()).toBe(31083); // 26% x 119,550
    expect(amtRateTax(t, 'mfs', 200_000).toNumber()).toBe(53609); // 28% x 200,000 - 2% x 119,550
    // 2024 Form 6251 line 7: "multiply by 28% and subtract $4,652 ($2,326 if married filing separately)"
    expect(amtRateTax(federalTable(2024), 'mfj', 500_000).toNumber()).toBe(0.28 * 500_000 - 4652);
    expect(amtRateTax(federalTable(2024), 'mfs', 500_000).toNumber()).toBe(0.28 * 500_000 - 2326);
  });
});

describe('AMT: Form 6251 worked by hand', () => {
  it('2026 single, 450,000 wages, 100,000 qualified, 300,000 ISO bargain element (Part III, 50% phase-out)', () => {
    // Regular tax: TI = 550,000 - 16,100 = 533,900; ordinary part 433,900:
    //   58,448 (tax on 256,225, Rev. Proc. 2025-32 §4.01 Table 3) + 35% x 177,675 = 120,634.25;
    //   gains [433,900, 533,900] inside the 15% band (to 545,500, §4.03): 15% x 100,000 = 15,000;
    //   regular tax (line 10) = 135,634.25.
    // Part I: line 1 = 533,900; line 2a = 16,100 (standard deduction); line 2i = 300,000; line 4 AMTI = 850,000.
    // Part II: line 5 exemption = 90,100 - 50% x (850,000 - 500,000) < 0 -> 0 (§4.10; OBBBA 50% rate);
    //   line 6 = 850,000.
    // Part III: 12 = 850,000; 13 = 15 = 100,000; 16 = min(12, 15) = 100,000; 17 = 750,000;
    //   18 = 28% x 750,000 - 2% x 244,500 = 210,000 - 4,890 = 205,110;
    //   19 = 49,450; 20 = 433,900; 21 = 0; 22 = 100,000; 23 = 0 (at 0%); 24 = 100,000;
    //   25 = 545,500; 26 = 0; 27 = 433,900; 28 = 433,900; 29 = 111,600; 30 = 100,000 (at 15%); 31 = 15,000;
    //   32 = 100,000; 33 = 0 (at 20%); 34 = 0; 35 = 850,000; 36 = 0; 38 = 205,110 + 15,000 = 220,110;
    //   39 = 28% x 850,000 - 4,890 = 233,110; 40 = min(38, 39) = 220,110.
    // Line 7 = 9 = 220,110; line 11 AMT = 220,110 - 135,634.25 = 84,475.75.
    const t = federalTable(2026);
    const fed = federalTax({
      table: t,
      filing_status: 'single',
      ordinary_income: 450_000,
      qualified_income: 100_000,
      amt_preferences: 300_000,
    });
    expect(fed.regular_tax.toNumber()).toBe(135634.25);
    expect(fed.amt?.amti.toNumber()).toBe(850000);
    expect(fed.amt?.exemption.toNumber()).toBe(0);
    expect(fed.amt?.tentative_minimum_tax.toNumber()).toBe(220110);
    expect(fed.amt?.amt.toNumber()).toBe(84475.75);
    expect(fed.total.toNumber()).toBe(
      135634.25 + 84475.75 + fed.niit.toNumber() + fed.additional_medicare_tax.toNumber(),
    );

    // Without the exercise: AMTI 550,000; exemption 90,100 - 25,000 = 65,100; line 6 = 484,900;
    //   line 18 = 28% x 384,900 - 4,890 = 102,882; line 31 = 15,000; line 38 = 117,882 < line 39 130,882;
    //   TMT 117,882 < regular tax -> AMT 0.
    const none = federalTax({
      table: t,
      filing_status: 'single',
      ordinary_income: 450_000,
      qualified_income: 100_000,
      amt_preferences: 0,
    });
    expect(none.amt?.tentative_minimum_tax.toNumber()).toBe(117882);
    expect(none.amt?.amt.toNumber()).toBe(0);
  });

  it('2025 single, partial phase-out: 500,000 wages + 300,000 ISO', () => {
    // Regular: TI 484,250 -> 57,231 + 35% x 233,725 = 139,034.75 (Rev. Proc. 2024-40 §2.01 Table 3).
    // AMTI 800,000; exemption 88,100 - 25% x 173,650 = 44,687.50; line 6 = 755,312.50;
    // TMT = 28% x 755,312.50 - 2% x 239,100 = 211,487.50 - 4,782 = 206,705.50; AMT = 67,670.75.
    const fed = federalTax({
      table: federalTable(2025),
      filing_status: 'single',
      ordinary_income: 500_000,
      qualified_income: 0,
      amt_preferences: 300_000,
    });
    expect(fed.regular_tax.toNumber()).toBe(139034.75);
    expect(fed.amt?.exemption.toNumber()).toBe(44687.5);
    expect(fed.amt?.amt.toNumber()).toBe(67670.75);
  });

  it('Part III keeps the 0% band inside the AMT (2024 single, all qualified income)', () => {
    // Same structure as PolicyEngine-US amt_tax_including_cg.yaml "All CG, preferential base above the 20%
    // bracket threshold" (2023 figures there), with 2024 figures: line 12 = 600,000 of qualified income,
    // ordinary taxable 0: 0% on 47,025; 15% on 518,900 - 47,025 = 471,875 -> 70,781.25;
    // 20% on 600,000 - 518,900 = 81,100 -> 16,220; total 87,001.25.
    const t = federalTable(2024);
    // AMTI 670,430: exemption 85,700 - 25% x (670,430 - 609,350) = 70,430, so line 6 = 600,000.
    const amti = 670_430;
    expect(
      tentativeMinimumTax(t, 'single', { amti, qualified: 600_000, ordinary_taxable: 0 }).toNumber(),
    ).toBe(87001.25);
    // Mixed (as "Mixed preferential + regular ordinary income", 2024 figures): line 12 = 300,000, 100,000 of it
    // qualified, regular ordinary taxable 50,000: 26% x 200,000 = 52,000; 0% room max(0, 47,025 - 50,000) = 0;
    // all 100,000 at 15% = 15,000; total 67,000.
    expect(
      tentativeMinimumTax(t, 'single', {
        amti: 385_700,
        qualified: 100_000,
        ordinary_taxable: 50_000,
      }).toNumber(),
    ).toBe(67000);
  });
});

describe('AMT: PolicyEngine-US cases', () => {
  // policyengine_us/tests/policy/baseline/gov/irs/tax/federal_income/alternative_minimum_tax/alternative_minimum_tax.yaml
  it('"AMT add-on is zero for MFJ filer whose AMTI minus exemption is below the 20% cap gains threshold (taxsim #424)" (2024)', () => {
    // QDI 65,148.79 + LTCG 390,720.38 = 455,869.17 qualified; interest 20,301.98 + pension 33,581.32 = 53,883.30 ordinary.
    const fed = federalTax({
      table: federalTable(2024),
      filing_status: 'mfj',
      ordinary_income: 53_883.3,
      qualified_income: 455_869.17,
      amt_preferences: 0,
    });
    expect(fed.amt?.amt.toNumber()).toBe(0);
  });
  it('"single filer with 5k of income" (2024): 0; 2,000,000 of wages (2024): 0', () => {
    const t = federalTable(2024);
    expect(
      federalTax({
        table: t,
        filing_status: 'single',
        ordinary_income: 5000,
        qualified_income: 0,
        amt_preferences: 0,
      }).amt?.amt.toNumber(),
    ).toBe(0);
    expect(
      federalTax({
        table: t,
        filing_status: 'single',
        ordinary_income: 2_000_000,
        qualified_income: 0,
        amt_preferences: 0,
      }).amt?.amt.toNumber(),
    ).toBe(0);
  });
});

const year = fc.constantFrom(...SUPPORTED_TAX_YEARS);
const status = fc.constantFrom(...FILING_STATUSES);
const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);

describe('AMT: properties', () => {
  it('line 38 never exceeds line 39 (so the line-40 minimum adds no kink), and TMT never decreases with AMTI', () => {
    fc.assert(
      fc.property(
        year,
        status,
        money(3_000_000),
        money(1_000_000),
        money(1_000_000),
        money(50_000),
        (y, st, amti, q, o, d) => {
          const t = federalTable(y);
          const g = { qualified: q, ordinary_taxable: o };
          const tmt = tentativeMinimumTax(t, st, { amti, ...g });
          // Line 39 on the exact taxable excess (AMTI less the exemption, in decimal: never in float).
          const allOrdinary = amtRateTax(t, st, new Dec(amti).minus(amtExemption(t, st, amti)));
          expect(tmt.lte(allOrdinary)).toBe(true);
          expect(tentativeMinimumTax(t, st, { amti: amti + d, ...g }).gte(tmt)).toBe(true);
        },
      ),
    );
  });

  it('capacity: at the solved preference the AMT is unchanged; one dollar more raises it', () => {
    fc.assert(
      fc.property(year, status, money(1_500_000), money(600_000), (y, st, wages, q) => {
        const t = federalTable(y);
        const fed = (pref: number) =>
          federalTax({
            table: t,
            filing_status: st,
            ordinary_income: wages,
            qualified_income: q,
            amt_preferences: pref,
          });
        const base = fed(0);
        const amt0 = base.amt?.amt.toNumber() ?? 0;
        const capacity = amtPreferenceCapacity(t, st, {
          amti: base.amt?.amti ?? 0,
          qualified: q,
          ordinary_taxable: Math.max(0, base.taxable_income.toNumber() - q),
          regular_tax: base.regular_tax,
        });
        expect(capacity).toBeGreaterThanOrEqual(0);
        const at = Math.floor(capacity * 100) / 100;
        expect((fed(at).amt?.amt.toNumber() ?? 0) - amt0).toBeLessThan(1e-6);
        expect((fed(at + 1).amt?.amt.toNumber() ?? 0) - amt0).toBeGreaterThan(0.1);
      }),
      { numRuns: 300 },
    );
  });

  it('capacity agrees with a bisection on the AMT (independent check)', () => {
    fc.assert(
      fc.property(year, status, money(800_000), money(300_000), (y, st, wages, q) => {
        const t = federalTable(y);
        const amtAt = (pref: number) =>
          federalTax({
            table: t,
            filing_status: st,
            ordinary_income: wages,
            qualified_income: q,
            amt_preferences: pref,
          }).amt?.amt.toNumber() ?? 0;
        const base = federalTax({
          table: t,
          filing_status: st,
          ordinary_income: wages,
          qualified_income: q,
          amt_preferences: 0,
        });
        const a0 = amtAt(0);
        let lo = 0;
        let hi = 1e8;
        for (let i = 0; i < 100; i++) {
          const mid = (lo + hi) / 2;
          if (amtAt(mid) - a0 > 1e-9) hi = mid;
          else lo = mid;
        }
        const capacity = amtPreferenceCapacity(t, st, {
          amti: base.amt?.amti ?? 0,
          qualified: q,
          ordinary_taxable: Math.max(0, base.taxable_income.toNumber() - q),
          regular_tax: base.regular_tax,
        });
        expect(Math.abs(capacity - lo)).toBeLessThan(1e-3);
      }),
      { numRuns: 60 },
    );
  });
});

describe('AMT: alternativeMinimumTax directly', () => {
  it('AMT = max(0, TMT - regular tax)', () => {
    const t = federalTable(2025);
    const r = alternativeMinimumTax(t, 'single', {
      amti: 250_000,
      qualified: 0,
      ordinary_taxable: 134_250,
      regular_tax: 25_067,
    });
    expect(r.tentative_minimum_tax.toNumber()).toBe(42094); // 26% x (250,000 - 88,100)
    expect(r.amt.toNumber()).toBe(17027);
    const low = alternativeMinimumTax(t, 'single', {
      amti: 100_000,
      qualified: 0,
      ordinary_taxable: 84_250,
      regular_tax: 13_000,
    });
    expect(low.amt.toNumber()).toBe(0);
  });
});
