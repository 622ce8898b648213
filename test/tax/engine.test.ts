import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, roundMoney } from '../../src/core/money';
import { FILING_STATUSES } from '../../src/core/schema';
import { bracketRoom } from '../../src/tax/bracket-room';
import {
  bracketCeilings,
  bracketRoomAt,
  type GrossUpInput,
  grossUp,
  type HouseholdYear,
  householdTax,
  TAX_ENGINE,
} from '../../src/tax/engine';
import { federalTable, SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import { taxEstimate } from '../../src/tax/tax-estimate';

const year = fc.constantFrom(...SUPPORTED_TAX_YEARS);
const status = fc.constantFrom(...FILING_STATUSES);
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);

describe('TAX_ENGINE', () => {
  it('names the engine and carries a semver', () => {
    expect(TAX_ENGINE.name).toBe('federal-tax');
    expect(TAX_ENGINE.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('householdTax', () => {
  it('is what /v1/tax/estimate computes, federal part, to the cent', () => {
    fc.assert(
      fc.property(
        year,
        status,
        cents(600_000),
        cents(300_000),
        fc.option(fc.integer({ min: 60, max: 90 }), { nil: undefined }),
        (tax_year, filing_status, ordinary_income, qualified_income, age) => {
          const input = { tax_year, filing_status, ordinary_income, qualified_income, age };
          const t = householdTax(input);
          const e = taxEstimate(input).result;
          expect(roundMoney(t.regular_tax)).toBe(e.income_tax);
          expect(roundMoney(t.niit)).toBe(e.niit);
          expect(roundMoney(t.additional_medicare_tax)).toBe(e.additional_medicare_tax);
          expect(roundMoney(t.taxable_income)).toBe(e.taxable_income);
          expect(t.marginal_ordinary_rate).toBe(e.marginal_ordinary_rate);
          expect(t.taxable_social_security.isZero()).toBe(true);
        },
      ),
    );
  });

  it('Pub. 915 George White in 2025: 2,990 of benefits taxable, 823 of tax', () => {
    // Single, 67: 15,750 + 2,000 (65+) + 6,000 (senior deduction, MAGI 31,980) = 23,750 of deductions;
    // AGI 28,990 + 2,990 = 31,980; taxable 8,230 at 10%.
    const t = householdTax({
      tax_year: 2025,
      filing_status: 'single',
      age: 67,
      ordinary_income: 28_990,
      social_security_benefits: 5_980,
    });
    expect(t.taxable_social_security.toNumber()).toBe(2_990);
    expect(t.social_security?.provisional_income.toNumber()).toBe(31_980);
    expect(t.gross_income.toNumber()).toBe(31_980);
    expect(t.deduction.plus(t.senior_deduction).toNumber()).toBe(23_750);
    expect(t.taxable_income.toNumber()).toBe(8_230);
    expect(t.total.toNumber()).toBe(823);
  });

  it('qualified income and tax-exempt interest count in provisional income', () => {
    const base: HouseholdYear = {
      tax_year: 2026,
      filing_status: 'mfj',
      ordinary_income: 30_000,
      social_security_benefits: 30_000,
    };
    // 30,000 + 15,000 = 45,000: 44,000 exceeded by 1,000 -> 6,000 + 850.
    expect(householdTax(base).taxable_social_security.toNumber()).toBe(6_850);
    expect(
      householdTax({
        ...base,
        ordinary_income: 20_000,
        qualified_income: 10_000,
      }).taxable_social_security.toNumber(),
    ).toBe(6_850);
    expect(
      householdTax({
        ...base,
        ordinary_income: 25_000,
        tax_exempt_interest: 5_000,
      }).taxable_social_security.toNumber(),
    ).toBe(6_850);
  });

  it('benefits are never earned income: no additional Medicare tax on them', () => {
    // 2026 single: 195,000 of wages is under the 200,000 threshold; the 34,000 of taxable benefits
    // (85% of 40,000) raise AGI, not Medicare wages.
    const t = householdTax({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 195_000,
      social_security_benefits: 40_000,
    });
    expect(t.taxable_social_security.toNumber()).toBe(34_000);
    expect(t.gross_income.toNumber()).toBe(229_000);
    expect(t.additional_medicare_tax.toNumber()).toBe(0);
  });

  it('an unsupported year is an unsupported_year error', () => {
    expect(() => householdTax({ tax_year: 2019, filing_status: 'single', ordinary_income: 1 })).toThrowError(
      'tax_year 2019 is not supported',
    );
  });
});

describe('bracketCeilings and bracketRoomAt', () => {
  it('2026 mfj (Rev. Proc. 2025-32 §4.01 Table 1)', () => {
    expect(bracketCeilings(2026, 'mfj')).toEqual([
      { rate: 0.1, from: 0, ceiling: 24_800 },
      { rate: 0.12, from: 24_800, ceiling: 100_800 },
      { rate: 0.22, from: 100_800, ceiling: 211_400 },
      { rate: 0.24, from: 211_400, ceiling: 403_550 },
      { rate: 0.32, from: 403_550, ceiling: 512_450 },
      { rate: 0.35, from: 512_450, ceiling: 768_700 },
      { rate: 0.37, from: 768_700 },
    ]);
  });

  it('every year and status: the table thresholds, each ceiling the next bracket start', () => {
    for (const tax_year of SUPPORTED_TAX_YEARS) {
      for (const filing_status of FILING_STATUSES) {
        const rows = bracketCeilings(tax_year, filing_status);
        const table = federalTable(tax_year).ordinary_brackets;
        expect(rows.map((r) => r.from)).toEqual(table.thresholds[filing_status]);
        expect(rows.map((r) => r.rate)).toEqual(table.rates);
        expect(rows.map((row) => row.ceiling)).toEqual([...rows.slice(1).map((row) => row.from), undefined]);
      }
    }
  });

  it('a ceiling belongs to its bracket; the next dollar is in the one above', () => {
    expect(bracketRoomAt(2025, 'single', 11_924)).toMatchObject({ rate: 0.1, index: 0, ceiling: 11_925 });
    expect(bracketRoomAt(2025, 'single', 11_924).room?.toNumber()).toBe(1);
    expect(bracketRoomAt(2025, 'single', 11_925).rate).toBe(0.12);
    expect(bracketRoomAt(2025, 'single', 11_925).room?.toNumber()).toBe(36_550);
    expect(bracketRoomAt(2026, 'mfs', 400_000)).toEqual({ rate: 0.37, from: 384_350, index: 6 });
    expect(bracketRoomAt(2026, 'single', -5).room?.toNumber()).toBe(12_400);
  });

  it('agrees with /v1/tax/bracket-room, which is computed with it', () => {
    fc.assert(
      fc.property(year, status, cents(900_000), (tax_year, filing_status, taxable_income) => {
        const position = bracketRoomAt(tax_year, filing_status, taxable_income);
        const op = bracketRoom({ tax_year, filing_status, taxable_income }).result;
        expect(position.rate).toBe(op.current_rate);
        expect(position.room === undefined ? undefined : roundMoney(position.room)).toBe(
          op.room_in_current_bracket,
        );
      }),
    );
  });
});

/** Net of `gross` added to the household, computed independently of the solver. */
function netOf(input: GrossUpInput, gross: number): Dec {
  const before = householdTax(input).total;
  const after = householdTax({
    ...input,
    ordinary_income: new Dec(input.ordinary_income).plus(gross).toNumber(),
    earned_income: input.earned_income ?? input.ordinary_income,
    net_investment_income: input.net_investment_income ?? input.qualified_income ?? 0,
  }).total;
  return new Dec(gross).minus(after.minus(before));
}

describe('grossUp', () => {
  it('2026 single with 60,000 of wages: 12% then 22%', () => {
    // Taxable 43,900; 6,500 to the 50,400 ceiling nets 5,720; 14,280 more at 78% takes 18,307.6923...
    const r = grossUp({
      tax_year: 2026,
      filing_status: 'single',
      ordinary_income: 60_000,
      target_net: 20_000,
    });
    expect(r.gross).toBe(24_807.7);
    expect(r.net.toNumber()).toBe(20_000.006); // 5,720 + 78% x 18,307.70
    expect(r.added_tax.toNumber()).toBe(4_807.694);
    expect(r.after.total.minus(r.before.total).toNumber()).toBe(4_807.694);
  });

  it('exact hit: 2024 mfj with no other income, 40,000 net is 41,200 gross', () => {
    // The 29,200 standard deduction shelters the first 29,200; then 10%: 10,800 / 0.9 = 12,000.
    const r = grossUp({ tax_year: 2024, filing_status: 'mfj', ordinary_income: 0, target_net: 40_000 });
    expect(r.gross).toBe(41_200);
    expect(r.added_tax.toNumber()).toBe(1_200);
    expect(r.net.toNumber()).toBe(40_000);
  });

  it('the Social Security tax torpedo: each dollar taxes 1.5 dollars in the 10% bracket', () => {
    // 2024 single, 50: 30,000 of benefits and 10,000 of other income put provisional income exactly at
    // 25,000. Adding g makes 0.5 g of benefits taxable; taxable income 1.5 g - 4,600 (14,600 deduction),
    // so past g = 3,066.67 the net is 0.85 g + 460. At g = 9,000 (provisional 34,000): 8,110.
    const input = {
      tax_year: 2024,
      filing_status: 'single' as const,
      age: 50,
      ordinary_income: 10_000,
      social_security_benefits: 30_000,
    };
    const r = grossUp({ ...input, target_net: 8_110 });
    expect(r.gross).toBe(9_000);
    expect(r.after.taxable_social_security.toNumber()).toBe(4_500);
    expect(r.added_tax.toNumber()).toBe(890);
    expect(r.before.total.toNumber()).toBe(0);
  });

  it('a zero target needs no gross; a negative one is refused', () => {
    expect(
      grossUp({ tax_year: 2025, filing_status: 'hoh', ordinary_income: 80_000, target_net: 0 }).gross,
    ).toBe(0);
    expect(() =>
      grossUp({ tax_year: 2025, filing_status: 'hoh', ordinary_income: 80_000, target_net: -1 }),
    ).toThrowError(RangeError);
  });

  it('the gross is the smallest whole cent whose net meets the target', () => {
    fc.assert(
      fc.property(
        fc.record({
          tax_year: year,
          filing_status: status,
          ordinary_income: cents(400_000),
          qualified_income: cents(100_000),
          social_security_benefits: fc.oneof(fc.constant(0), cents(90_000)),
          age: fc.integer({ min: 50, max: 90 }),
          target_net: cents(300_000),
        }),
        (input) => {
          const r = grossUp(input);
          expect(Number.isInteger(Math.round(r.gross * 100))).toBe(true);
          expect(Math.abs(r.gross * 100 - Math.round(r.gross * 100))).toBeLessThan(1e-6);
          expect(r.gross).toBeGreaterThanOrEqual(input.target_net);
          const net = netOf(input, r.gross);
          expect(net.toNumber()).toBe(r.net.toNumber());
          expect(net.gte(input.target_net)).toBe(true);
          if (r.gross > 0) {
            const less = new Dec(r.gross).minus(0.01).toNumber();
            expect(netOf(input, less).lt(input.target_net)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with an explicit MAGI, the added income raises it', () => {
    // 2025 single, 190,000 of wages and 60,000 of qualified income with MAGI given as 250,000: adding
    // 10,000 lifts MAGI to 260,000 and the NIIT base (min(60,000, 60,000)) stays whole.
    const input = {
      tax_year: 2025,
      filing_status: 'single' as const,
      ordinary_income: 190_000,
      qualified_income: 60_000,
      magi: 250_000,
      target_net: 5_000,
    };
    const r = grossUp(input);
    expect(r.before.niit.toNumber()).toBe(1_900); // 3.8% x min(60,000, 50,000)
    expect(r.after.niit.toNumber()).toBeGreaterThan(1_900);
  });
});
