import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, roundMoney } from '../../../src/core/money';
import { irmaaFor } from '../../../src/healthcare/_lib/irmaa';
import { type SurvivorScenarioInput, survivorScenario } from '../../../src/retirement/index';
import { householdTax } from '../../../src/tax/engine';
import { calculationErrorOf } from '../../helpers';

const run = (input: SurvivorScenarioInput) => survivorScenario(input).result;

/** Whole cents, so that money identities are compared exactly. */
const cents = (value: number) => Math.round(value * 100);

// 2025 figures used by the hand calculations below (data/tax/federal/2025.json and
// data/tax/social-security-taxation.json, data/healthcare/medicare/2025.json):
// - IRC §86(c): base amount 32,000 joint / 25,000 otherwise; adjusted base amount 44,000 / 34,000.
// - Rev. Proc. 2024-40 §2.01 brackets, mfj: 10% to 23,850, 12% to 96,950, 22% to 206,700;
//   single: 10% to 11,925, 12% to 48,475, 22% to 103,350, 24% to 197,300. qss uses the mfj brackets.
// - Standard deduction (IRC §63(c)(7) as amended by OBBBA): 31,500 mfj and qss, 15,750 single;
//   additional 65-or-older amount (Rev. Proc. 2024-40 §2.15): 1,600 married (and qss), 2,000 unmarried.
// - Senior deduction (IRC §151(d)(5)(C)): 6,000 per person 65 or older, less 6% of MAGI over 150,000
//   (joint return) or 75,000 (any other return).
// - CMS 2025 IRMAA fact sheet: joint tier 1 above 212,000; individual tier 1 above 106,000, tier 2 above
//   133,000 up to 167,000: Part B +185.00, Part D +35.30 a month.

describe('retirement/survivor-scenario: the widow’s penalty worked by hand (2025)', () => {
  // Spouse a (70) draws 40,000 of Social Security, spouse b (68) 20,000; they withdraw 100,000 a year from
  // IRAs, which the survivor keeps withdrawing. Spouse a dies.
  const widow = {
    tax_year: 2025,
    spouse_a: { social_security: 40_000, other_income: 0, age: 70 },
    spouse_b: { social_security: 20_000, other_income: 0, age: 68 },
    shared_ordinary_income: 100_000,
    deceased: 'a',
  } as const;

  it('couple year, mfj: IRC §86 worksheet, deductions and brackets', () => {
    // Pub. 915 Worksheet 1, joint:
    //   1. benefits                                   60,000
    //   2. one-half of line 1                         30,000
    //   3. other income (IRA withdrawals)            100,000
    //   7. provisional income (2 + 3)                130,000
    //   8. base amount                                32,000
    //   9. line 7 - line 8                            98,000
    //  10. adjusted base amount - base amount         12,000
    //  11. line 9 - line 10                           86,000
    //  12. smaller of line 9 and line 10              12,000
    //  13. one-half of line 12                         6,000
    //  14. smaller of line 2 and line 13               6,000
    //  15. 85% of line 11                             73,100
    //  16. line 14 + line 15                          79,100
    //  17. 85% of line 1                              51,000
    //  18. taxable benefits: smaller of 16 and 17     51,000
    // AGI = 100,000 + 51,000 = 151,000. Standard deduction 31,500 + 2 x 1,600 = 34,700. Senior deduction:
    // each 6,000 - 6% x (151,000 - 150,000) = 5,940, two of them: 11,880.
    // Taxable income 151,000 - 34,700 - 11,880 = 104,420.
    // Tax: 2,385 + 12% x 73,100 (8,772) + 22% x (104,420 - 96,950 = 7,470) (1,643.40) = 12,800.40.
    const c = run(widow).couple;
    expect(c).toMatchObject({
      filing_status: 'mfj',
      ages: [70, 68],
      social_security: 60_000,
      total_income: 160_000,
      provisional_income: 130_000,
      taxable_social_security: 51_000,
      adjusted_gross_income: 151_000,
      standard_deduction: 34_700,
      senior_deduction: 11_880,
      taxable_income: 104_420,
      federal_tax: 12_800.4,
      after_tax_income: 147_199.6,
      marginal_rate: 0.22,
    });
    // 12,800.40 / 160,000 = 0.0800025 -> 0.080003 (half up at 6 places)
    expect(c.effective_rate).toBe(0.080003);
    // Next dollar: benefits already 85% taxable (no more inclusion), but it phases out 6 cents of each
    // spouse's senior deduction: taxable income rises 1.12 at 22% = 0.2464.
    expect(c.effective_marginal_rate).toBe(0.2464);
  });

  it('survivor year, single: the larger benefit, the same withdrawals, more tax on less income', () => {
    // Worksheet 1, single: benefits 40,000 (b keeps a's larger benefit); half 20,000; other 100,000;
    //   7. provisional income 120,000;  8. base amount 25,000;  9. 95,000;  10. 34,000 - 25,000 = 9,000;
    //  11. 86,000;  12. 9,000;  13. 4,500;  14. smaller of 20,000 and 4,500: 4,500;  15. 85% x 86,000 = 73,100;
    //  16. 77,600;  17. 85% x 40,000 = 34,000;  18. taxable benefits 34,000.
    // AGI 134,000. Standard deduction 15,750 + 2,000 (b is 69 in the year after) = 17,750. Senior
    // deduction 6,000 - 6% x (134,000 - 75,000) = 6,000 - 3,540 = 2,460. Taxable 134,000 - 17,750 - 2,460
    // = 113,790. Tax: 1,192.50 + 12% x 36,550 (4,386) + 22% x 54,875 (12,072.50) + 24% x 10,440 (2,505.60)
    // = 20,156.60.
    const r = run(widow);
    expect(r).toMatchObject({
      deceased: 'a',
      deceased_chosen_by: 'request',
      survivor: 'b',
      survivor_benefit_from: 'deceased',
    });
    expect(r.survivor_year).toMatchObject({
      filing_status: 'single',
      ages: [69],
      social_security: 40_000,
      other_income: 0,
      total_income: 140_000,
      provisional_income: 120_000,
      taxable_social_security: 34_000,
      adjusted_gross_income: 134_000,
      standard_deduction: 17_750,
      senior_deduction: 2_460,
      taxable_income: 113_790,
      federal_tax: 20_156.6,
      after_tax_income: 119_843.4,
      marginal_rate: 0.24,
      // 24% x (1 + 0.06 of phase-out) = 0.2544
      effective_marginal_rate: 0.2544,
    });
    // 20,156.60 / 140,000 = 0.14397571... -> 0.143976
    expect(r.survivor_year.effective_rate).toBe(0.143976);
    expect(r.change).toEqual({
      total_income: -20_000,
      taxable_social_security: -17_000,
      taxable_income: 9_370,
      federal_tax: 7_356.2,
      after_tax_income: -27_356.2,
      effective_rate: 0.063973,
      marginal_rate: 0.02,
      effective_marginal_rate: 0.008,
      // 119,843.40 / 147,199.60 = 0.81415575... -> 0.814156
      after_tax_income_ratio: 0.814156,
    });
  });

  it('IRMAA both ways: the couple under the joint threshold, the survivor in tier 2 of the individual table', () => {
    // Couple MAGI 151,000 <= 212,000: tier 0 for both. Survivor MAGI 134,000 > 133,000 (and <= 167,000):
    // tier 2, (185.00 + 35.30) x 12 = 2,643.60 for the one person on Medicare.
    const r = run({ ...widow, irmaa_year: 2025 });
    expect(r.irmaa).toEqual({
      irmaa_year: 2025,
      couple: {
        magi: 151_000,
        table: 'joint',
        tier: 0,
        enrolled: 2,
        part_b_irmaa_monthly: 0,
        part_d_irmaa_monthly: 0,
        annual_surcharge: 0,
        after_tax_income_less_irmaa: 147_199.6,
      },
      survivor_year: {
        magi: 134_000,
        table: 'individual',
        tier: 2,
        enrolled: 1,
        part_b_irmaa_monthly: 185,
        part_d_irmaa_monthly: 35.3,
        annual_surcharge: 2_643.6,
        after_tax_income_less_irmaa: 117_199.8,
      },
      change_in_annual_surcharge: 2_643.6,
      change_in_after_tax_income_less_irmaa: -29_999.8,
    });
    // Without irmaa_year, no IRMAA block and nothing else changes.
    const plain = run(widow);
    expect(plain.irmaa).toBeUndefined();
    expect(plain.survivor_year).toEqual(r.survivor_year);
  });

  it('qualifying surviving spouse: mfj brackets and standard deduction, but the single §86 and senior-deduction amounts', () => {
    // qss is not a joint return: IRC §86(c) base amounts 25,000/34,000 (taxable benefits 34,000 as above),
    // the senior deduction phases out over 75,000 (2,460 as above), and the IRMAA table is the individual
    // one. Standard deduction 31,500 + 1,600 (a surviving spouse takes the married additional amount,
    // IRC §63(f)(3)) = 33,100. Taxable 134,000 - 33,100 - 2,460 = 98,440.
    // Tax: 2,385 + 8,772 + 22% x (98,440 - 96,950 = 1,490) (327.80) = 11,484.80.
    const r = run({ ...widow, survivor_filing_status: 'qss', irmaa_year: 2025 });
    expect(r.survivor_year).toMatchObject({
      filing_status: 'qss',
      taxable_social_security: 34_000,
      standard_deduction: 33_100,
      senior_deduction: 2_460,
      taxable_income: 98_440,
      federal_tax: 11_484.8,
      marginal_rate: 0.22,
    });
    expect(r.irmaa?.survivor_year).toMatchObject({ table: 'individual', tier: 2 });
  });
});

describe('retirement/survivor-scenario: a survivor who pays less (2025), deceased chosen by default', () => {
  // a (72): 36,000 of benefits and a 30,000 single-life pension; b (70): 18,000 of benefits; 20,000 of
  // shared IRA withdrawals. No deceased given: a's death (losing the pension) leaves b the lower income.
  const input = {
    tax_year: 2025,
    spouse_a: { social_security: 36_000, other_income: 30_000, age: 72 },
    spouse_b: { social_security: 18_000, other_income: 0, age: 70 },
    shared_ordinary_income: 20_000,
  };

  it('couple: provisional income 77,000 over the 44,000 adjusted base amount', () => {
    // Worksheet 1, joint: line 1 54,000; 2. 27,000; 3. 50,000; 7. 77,000; 8. 32,000; 9. 45,000;
    // 10. 12,000; 11. 33,000; 12. 12,000; 13. 6,000; 14. 6,000; 15. 28,050; 16. 34,050; 17. 45,900;
    // 18. 34,050. AGI 84,050; deductions 34,700 + 12,000 (MAGI under 150,000: no phase-out);
    // taxable 37,350; tax 2,385 + 12% x 13,500 = 4,005.
    const c = run(input).couple;
    expect(c).toMatchObject({
      provisional_income: 77_000,
      taxable_social_security: 34_050,
      adjusted_gross_income: 84_050,
      senior_deduction: 12_000,
      taxable_income: 37_350,
      federal_tax: 4_005,
      after_tax_income: 99_995,
      marginal_rate: 0.12,
      // 12% x (1 + 0.85 more taxable benefits) = 0.222
      effective_marginal_rate: 0.222,
    });
  });

  it('survivor: 36,000 of benefits and 20,000 of withdrawals, single', () => {
    // Worksheet 1, single: 1. 36,000; 2. 18,000; 3. 20,000; 7. 38,000; 8. 25,000; 9. 13,000; 10. 9,000;
    // 11. 4,000; 12. 9,000; 13. 4,500; 14. 4,500; 15. 3,400; 16. 7,900; 17. 30,600; 18. 7,900.
    // AGI 27,900; deductions 17,750 + 6,000; taxable 4,150; tax 415.
    const r = run(input);
    expect(r).toMatchObject({ deceased: 'a', deceased_chosen_by: 'lower_survivor_income', survivor: 'b' });
    expect(r.survivor_year).toMatchObject({
      ages: [71],
      social_security: 36_000,
      provisional_income: 38_000,
      taxable_social_security: 7_900,
      taxable_income: 4_150,
      federal_tax: 415,
      after_tax_income: 55_585,
      effective_marginal_rate: 0.185,
    });
    expect(r.change.federal_tax).toBe(-3_590);
    // b's death instead: a keeps his own 36,000, his pension and the withdrawals: more income.
    const other = run({ ...input, deceased: 'b' });
    expect(other.survivor_benefit_from).toBe('own');
    expect(other.survivor_year.after_tax_income).toBeGreaterThan(r.survivor_year.after_tax_income);
  });
});

describe('retirement/survivor-scenario: bad input', () => {
  const base = {
    tax_year: 2025,
    spouse_a: { social_security: 30_000, other_income: 0 },
    spouse_b: { social_security: 10_000, other_income: 0 },
    shared_ordinary_income: 0,
  };

  it('irmaa_year needs both ages', () => {
    const error = calculationErrorOf(survivorScenario, { ...base, irmaa_year: 2025 });
    expect(error.issues.map((issue) => issue.path)).toEqual(['spouse_a.age', 'spouse_b.age']);
  });

  it('names the field', () => {
    expect(calculationErrorOf(survivorScenario, { ...base, tax_year: 2023 }).code).toBe('unsupported_year');
    expect(calculationErrorOf(survivorScenario, { ...base, irmaa_year: 2019 }).code).toBe('unsupported_year');
    const negative = { ...base, spouse_b: { social_security: -1, other_income: 0 } };
    expect(calculationErrorOf(survivorScenario, negative).issues[0]!.path).toBe('spouse_b.social_security');
    expect(calculationErrorOf(survivorScenario, { ...base, deceased: 'c' }).issues[0]!.path).toBe('deceased');
    const typo = { ...base, spouse_a: { social_security: 1, other_income: 0, pension: 5 } };
    expect(calculationErrorOf(survivorScenario, typo).issues[0]!.path).toMatch(/^spouse_a/);
    expect(
      calculationErrorOf(survivorScenario, { ...base, survivor_filing_status: 'mfj' }).issues[0]!.path,
    ).toBe('survivor_filing_status');
    const { shared_ordinary_income: _, ...missing } = base;
    expect(calculationErrorOf(survivorScenario, missing).issues[0]!.path).toBe('shared_ordinary_income');
  });
});

const amount = fc.integer({ min: 0, max: 40_000_000 }).map((c) => c / 100);
const spouse = fc.record({
  social_security: amount,
  other_income: amount,
  age: fc.integer({ min: 55, max: 95 }),
});
const scenario = fc.record({
  tax_year: fc.constantFrom(2024, 2025, 2026),
  spouse_a: spouse,
  spouse_b: spouse,
  shared_ordinary_income: amount,
  survivor_filing_status: fc.constantFrom('single' as const, 'qss' as const),
});

describe('retirement/survivor-scenario: properties', () => {
  it('the survivor never has more cash income; keeps the larger benefit; money adds up to the cent', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom('a' as const, 'b' as const), (input, deceased) => {
        const r = run({ ...input, deceased });
        const dead = deceased === 'a' ? input.spouse_a : input.spouse_b;
        const alive = deceased === 'a' ? input.spouse_b : input.spouse_a;
        expect(r.survivor).toBe(deceased === 'a' ? 'b' : 'a');
        expect(r.survivor_year.social_security).toBe(Math.max(dead.social_security, alive.social_security));
        expect(r.survivor_year.other_income).toBe(alive.other_income);
        expect(r.survivor_year.total_income).toBeLessThanOrEqual(r.couple.total_income);
        for (const y of [r.couple, r.survivor_year]) {
          expect(cents(y.after_tax_income)).toBe(cents(y.total_income) - cents(y.federal_tax));
          expect(cents(y.taxable_social_security)).toBeLessThanOrEqual(
            Math.ceil(cents(y.social_security) * 0.85),
          );
          expect(y.federal_tax).toBeGreaterThanOrEqual(0);
          expect(y.effective_rate).toBeGreaterThanOrEqual(0);
          expect(y.effective_rate).toBeLessThan(0.37);
          expect(y.effective_marginal_rate).toBeGreaterThanOrEqual(y.marginal_rate);
        }
        expect(cents(r.change.federal_tax)).toBe(
          cents(r.survivor_year.federal_tax) - cents(r.couple.federal_tax),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('composes the tax engine: each year is householdTax of its income, nothing re-implemented', () => {
    // Sums in decimal (float sums of cents can miss by an ulp); results compared after the one rounding.
    const sum = (...values: number[]) => values.reduce((acc, v) => acc.plus(v), new Dec(0)).toNumber();
    fc.assert(
      fc.property(scenario, (input) => {
        const r = run({ ...input, deceased: 'b' });
        const couple = householdTax({
          tax_year: input.tax_year,
          filing_status: 'mfj',
          ordinary_income: sum(
            input.spouse_a.other_income,
            input.spouse_b.other_income,
            input.shared_ordinary_income,
          ),
          social_security_benefits: sum(input.spouse_a.social_security, input.spouse_b.social_security),
          age: input.spouse_a.age,
          spouse_age: input.spouse_b.age,
          earned_income: 0,
          net_investment_income: 0,
        });
        expect(r.couple.federal_tax).toBe(roundMoney(couple.total));
        expect(r.couple.taxable_social_security).toBe(roundMoney(couple.taxable_social_security));
        const survivor = householdTax({
          tax_year: input.tax_year,
          filing_status: input.survivor_filing_status,
          ordinary_income: sum(input.spouse_a.other_income, input.shared_ordinary_income),
          social_security_benefits: Math.max(input.spouse_a.social_security, input.spouse_b.social_security),
          age: input.spouse_a.age + 1,
          earned_income: 0,
          net_investment_income: 0,
        });
        expect(r.survivor_year.taxable_social_security).toBe(roundMoney(survivor.taxable_social_security));
        expect(r.survivor_year.federal_tax).toBe(roundMoney(survivor.total));
      }),
      { numRuns: 60 },
    );
  });

  it('swapping the spouses (and who dies) changes nothing in either year', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom('a' as const, 'b' as const), (input, deceased) => {
        const r = run({ ...input, deceased });
        const swapped = run({
          ...input,
          spouse_a: input.spouse_b,
          spouse_b: input.spouse_a,
          deceased: deceased === 'a' ? 'b' : 'a',
        });
        expect(swapped.survivor_year).toEqual(r.survivor_year);
        const { ages: _a, ...couple } = r.couple;
        const { ages: _b, ...swappedCouple } = swapped.couple;
        expect(swappedCouple).toEqual(couple);
      }),
      { numRuns: 60 },
    );
  });

  it('by default the deceased is the one whose death leaves the lower after-tax income', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const r = run(input);
        const other = run({ ...input, deceased: r.deceased === 'a' ? 'b' : 'a' });
        expect(r.survivor_year.after_tax_income).toBeLessThanOrEqual(other.survivor_year.after_tax_income);
        if (r.deceased === 'b') {
          expect(r.survivor_year.after_tax_income).toBeLessThan(other.survivor_year.after_tax_income);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('more shared income never lowers the survivor’s federal tax or IRMAA tier', () => {
    fc.assert(
      fc.property(scenario, amount, (input, extra) => {
        const at = (shared: number) =>
          run({ ...input, shared_ordinary_income: shared, deceased: 'a', irmaa_year: 2026 });
        const low = at(input.shared_ordinary_income);
        const high = at(input.shared_ordinary_income + extra);
        expect(high.survivor_year.federal_tax).toBeGreaterThanOrEqual(low.survivor_year.federal_tax);
        expect(high.irmaa!.survivor_year.tier).toBeGreaterThanOrEqual(low.irmaa!.survivor_year.tier);
      }),
      { numRuns: 60 },
    );
  });

  it('IRMAA is the engine’s tier of each year’s MAGI, charged for each person 65 or older', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const r = run({ ...input, deceased: 'a', irmaa_year: 2026 });
        const irmaa = r.irmaa!;
        const enrolledCouple = [input.spouse_a.age, input.spouse_b.age].filter((age) => age >= 65).length;
        expect(irmaa.couple.enrolled).toBe(enrolledCouple);
        expect(irmaa.survivor_year.enrolled).toBe(input.spouse_b.age + 1 >= 65 ? 1 : 0);
        expect(irmaa.couple.tier).toBe(irmaaFor(2026, 'mfj', r.couple.adjusted_gross_income).tier);
        expect(irmaa.survivor_year.tier).toBe(
          irmaaFor(2026, 'single', r.survivor_year.adjusted_gross_income).tier,
        );
        for (const y of [irmaa.couple, irmaa.survivor_year]) {
          const monthly = cents(y.part_b_irmaa_monthly) + cents(y.part_d_irmaa_monthly);
          expect(cents(y.annual_surcharge)).toBe(12 * monthly * y.enrolled);
        }
      }),
      { numRuns: 60 },
    );
  });
});
