import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ssaLifeTable } from '../../src/core/mortality';
import { type LifeNeedsInput, lifeNeeds } from '../../src/insurance/life-needs';
import { calculationErrorOf } from '../helpers';

const run = (input: LifeNeedsInput) => lifeNeeds(input).result;

/** A 40-year-old earning 100,000 with a mortgage, two children's education and 500,000 of coverage. */
const BASE: LifeNeedsInput = {
  age: 40,
  sex: 'female',
  annual_income: 100_000,
  income_tax_rate: 0.25,
  income_growth: 0.03,
  retirement_age: 65,
  personal_consumption_share: 0.3,
  debts: 20_000,
  mortgage_balance: 250_000,
  education_costs: 100_000,
  final_expenses: 15_000,
  income_replacement_years: 10,
  survivor_income_need: 60_000,
  survivor_other_income: 20_000,
  income_need_years: 20,
  existing_coverage: 500_000,
  discount_rate: 0.05,
  inflation: 0.03,
};

describe('life-needs: DIME by hand', () => {
  it('debts + income x years + mortgage + education', () => {
    // 20,000 + 100,000 x 10 + 250,000 + 100,000 = 1,370,000; gap 1,370,000 - 500,000 = 870,000.
    expect(run(BASE).dime).toEqual({
      debts: 20_000,
      income: 1_000_000,
      mortgage: 250_000,
      education: 100_000,
      need: 1_370_000,
      gap: 870_000,
    });
  });
});

describe('life-needs: capital needs by hand', () => {
  it('a zero real rate: the income gap times its years', () => {
    // discount_rate = inflation: every growing payment is worth its value today. Gap 60,000 - 20,000 =
    // 40,000 x 20 years = 800,000; Social Security 12,000 x 10 = 120,000.
    // Needs 15,000 + 20,000 + 250,000 + 100,000 + 800,000 = 1,185,000; resources 50,000 + 120,000 =
    // 170,000; need 1,015,000; gap against 500,000: 515,000.
    const r = run({
      ...BASE,
      discount_rate: 0.03,
      survivor_social_security: 12_000,
      survivor_social_security_years: 10,
      existing_assets: 50_000,
    }).capital_needs;
    expect(r).toEqual({
      final_expenses: 15_000,
      debts: 20_000,
      mortgage: 250_000,
      education: 100_000,
      annual_income_gap: 40_000,
      income_gap_present_value: 800_000,
      total_needs: 1_185_000,
      existing_assets: 50_000,
      social_security_present_value: 120_000,
      total_resources: 170_000,
      need: 1_015_000,
      gap: 515_000,
    });
  });
  it('two years of the gap at 5% with no inflation: an annuity-due', () => {
    // 40,000 at death and 40,000 a year later: 40,000 + 40,000 / 1.05 = 78,095.238 -> 78,095.24.
    const r = run({ ...BASE, inflation: 0, income_need_years: 2 }).capital_needs;
    expect(r.income_gap_present_value).toBe(78_095.24);
    expect(r.total_needs).toBe(463_095.24); // 15,000 + 20,000 + 250,000 + 100,000 + 78,095.24
  });
  it('twenty years growing 3% at 5%: the growing annuity-due', () => {
    // 40,000 x sum_{t=0}^{19} (1.03 / 1.05)^t = 40,000 x (1 - (1.03/1.05)^20) / (1 - 1.03/1.05)
    // = 40,000 x 16.763023 = 670,520.91.
    expect(run(BASE).capital_needs.income_gap_present_value).toBe(670_520.91);
  });
  it('resources above needs: no need, no gap', () => {
    const r = run({ ...BASE, existing_assets: 5_000_000 }).capital_needs;
    expect(r.need).toBe(0);
    expect(r.gap).toBe(0);
  });
});

describe('life-needs: human life value reproduces the life table', () => {
  const q = ssaLifeTable('female').q;
  const p40 = 1 - (q[40] as number); // l41 / l40 = 1 - 0.002066
  const p41 = 1 - (q[41] as number); // l42 / l41 = 1 - 0.002202
  it('one year: the family share at the end of the year times l41 / l40, discounted', () => {
    // After tax 100,000 x 0.75 = 75,000; family share 75,000 x 0.7 = 52,500.
    // Certain: 52,500 / 1.05 = 50,000. Weighted: 52,500 x 0.997934 / 1.05 = 49,896.70.
    expect(p40).toBe(0.997934);
    const r = run({ ...BASE, retirement_age: 41 }).human_life_value;
    expect(r).toMatchObject({
      after_tax_income: 75_000,
      family_share_of_income: 52_500,
      earning_years: 1,
      present_value_certain: 50_000,
      survival_probability_to_retirement: 0.997934,
      need: 49_896.7,
    });
  });
  it('two years, growing 3%: the second year weighted by l42 / l40 = p40 x p41', () => {
    // 49,896.70 + 52,500 x 1.03 x 0.997934 x 0.997798 / 1.05^2 = 49,896.70 + 48,838.5069 = 98,735.21.
    // Certain: 50,000 + 54,075 / 1.1025 = 99,047.62.
    const r = run({ ...BASE, retirement_age: 42 }).human_life_value;
    expect(r.present_value_certain).toBe(99_047.62);
    expect(r.need).toBe(98_735.21);
    expect(r.survival_probability_to_retirement).toBe(Math.round(p40 * p41 * 1e6) / 1e6);
  });
});

describe('life-needs: recommendation and gap', () => {
  it('capital needs by default; highest picks the largest', () => {
    const r = run(BASE);
    expect(r.recommended_method).toBe('capital_needs');
    expect(r.recommended_amount).toBe(r.capital_needs.need);
    expect(r.coverage_gap).toBe(r.capital_needs.gap);
    const h = run({ ...BASE, recommended_method: 'highest' });
    expect(h.recommended_method).toBe('dime');
    expect(h.recommended_amount).toBe(1_370_000);
    expect(h.coverage_gap).toBe(870_000);
  });
});

describe('life-needs: bad input', () => {
  it('retirement_age must be above age; final_expenses is required', () => {
    expect(calculationErrorOf(lifeNeeds, { ...BASE, retirement_age: 40 }).issues[0]).toMatchObject({
      path: 'retirement_age',
      message: 'must be above age (40)',
    });
    const { final_expenses: _, ...missing } = BASE;
    expect(calculationErrorOf(lifeNeeds, missing).issues[0]?.path).toBe('final_expenses');
    expect(calculationErrorOf(lifeNeeds, { ...BASE, income_tax_rate: 1.5 }).issues[0]?.path).toBe(
      'income_tax_rate',
    );
  });
});

describe('life-needs: properties', () => {
  const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  const input = fc
    .record({
      age: fc.integer({ min: 18, max: 70 }),
      sex: fc.constantFrom('male' as const, 'female' as const),
      annual_income: cents(1_000_000),
      income_tax_rate: fc.integer({ min: 0, max: 60 }).map((p) => p / 100),
      income_growth: fc.integer({ min: -200, max: 800 }).map((bp) => bp / 10_000),
      working: fc.integer({ min: 1, max: 40 }),
      personal_consumption_share: fc.integer({ min: 0, max: 100 }).map((p) => p / 100),
      debts: cents(500_000),
      mortgage_balance: cents(2_000_000),
      education_costs: cents(500_000),
      final_expenses: cents(100_000),
      income_replacement_years: fc.integer({ min: 0, max: 30 }),
      survivor_income_need: cents(300_000),
      survivor_other_income: cents(200_000),
      income_need_years: fc.integer({ min: 0, max: 40 }),
      survivor_social_security: cents(60_000),
      survivor_social_security_years: fc.integer({ min: 0, max: 40 }),
      existing_assets: cents(3_000_000),
      existing_coverage: cents(3_000_000),
      discount_rate: fc.integer({ min: -500, max: 2000 }).map((bp) => bp / 10_000),
      inflation: fc.integer({ min: 0, max: 800 }).map((bp) => bp / 10_000),
      recommended_method: fc.constantFrom(
        'dime',
        'capital_needs',
        'human_life_value',
        'highest',
      ) as fc.Arbitrary<'dime' | 'capital_needs' | 'human_life_value' | 'highest'>,
    })
    .map(({ working, ...rest }) => ({ ...rest, retirement_age: Math.min(120, rest.age + working) }));

  it('more debt (or mortgage) never lowers any need or the gap', () => {
    fc.assert(
      fc.property(input, cents(1_000_000), fc.boolean(), (i, more, mortgage) => {
        const a = run(i);
        const b = run(
          mortgage ? { ...i, mortgage_balance: i.mortgage_balance + more } : { ...i, debts: i.debts + more },
        );
        return (
          b.dime.need >= a.dime.need &&
          b.capital_needs.need >= a.capital_needs.need &&
          b.human_life_value.need === a.human_life_value.need &&
          b.recommended_amount >= a.recommended_amount &&
          b.coverage_gap >= a.coverage_gap
        );
      }),
    );
  });
  it('more existing coverage never raises a gap', () => {
    fc.assert(
      fc.property(input, cents(1_000_000), (i, more) => {
        const a = run(i);
        const b = run({ ...i, existing_coverage: i.existing_coverage + more });
        return (
          b.coverage_gap <= a.coverage_gap &&
          b.dime.gap <= a.dime.gap &&
          b.capital_needs.gap <= a.capital_needs.gap &&
          b.human_life_value.gap <= a.human_life_value.gap &&
          b.recommended_amount === a.recommended_amount
        );
      }),
    );
  });
  it('components add up to the cent; survival weighting never raises the human life value', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        const c = r.capital_needs;
        const toCents = (x: number) => Math.round(x * 100);
        const sumCents = (...xs: number[]) => xs.reduce((s, x) => s + toCents(x), 0);
        return (
          toCents(r.dime.need) === sumCents(r.dime.debts, r.dime.income, r.dime.mortgage, r.dime.education) &&
          toCents(c.total_needs) ===
            sumCents(c.final_expenses, c.debts, c.mortgage, c.education, c.income_gap_present_value) &&
          toCents(c.total_resources) === sumCents(c.existing_assets, c.social_security_present_value) &&
          toCents(c.need) === Math.max(0, toCents(c.total_needs) - toCents(c.total_resources)) &&
          r.human_life_value.need <= r.human_life_value.present_value_certain &&
          r.coverage_gap === Math.max(0, (toCents(r.recommended_amount) - toCents(r.existing_coverage)) / 100)
        );
      }),
    );
  });
});
