import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TermVsPermanentInput, termVsPermanent } from '../../src/insurance/term-vs-permanent';
import { calculationErrorOf } from '../helpers';

const run = (input: TermVsPermanentInput) => termVsPermanent(input).result;

const TWO_YEARS: TermVsPermanentInput = {
  term_premium: 500,
  term_years: 20,
  term_death_benefit: 500_000,
  permanent_premium: 5_000,
  cash_values: [0, 10_500],
  permanent_death_benefit: 500_000,
  investment_return: 0.05,
};

describe('term-vs-permanent: by hand', () => {
  it('two years: side fund, crossover, implied returns', () => {
    // Difference 5,000 - 500 = 4,500 a year at the start. Side fund 4,500 x 1.05 = 4,725; then
    // (4,725 + 4,500) x 1.05 = 9,686.25. Cash values 0 then 10,500: crossover in year 2.
    // Cash value IRR: 5,000 x^2 + 5,000 x = 10,500, x = (-1 + sqrt(1 + 4 x 2.1)) / 2 = 1.0329709
    //   -> 0.032971. Year 1: 5,000 paid, 0 back: no sign change, no IRR.
    // Breakeven: 4,500 x^2 + 4,500 x = 10,500, x = (-1 + sqrt(1 + 4 x 2.33333)) / 2 = 1.1072751 -> 0.107275.
    const r = run(TWO_YEARS);
    expect(r.rows[0]).toEqual({
      year: 1,
      permanent_premium: 5_000,
      term_premium: 500,
      invested_difference: 4_500,
      side_fund: 4_725,
      btid_death_benefit: 504_725,
      cash_value: 0,
      permanent_death_benefit: 500_000,
      cash_value_advantage: -4_725,
    });
    expect(r.rows[1]).toMatchObject({
      side_fund: 9_686.25,
      cash_value_advantage: 813.75,
      cash_value_irr: 0.032971,
    });
    expect(r).toMatchObject({
      years: 2,
      crossover_year: 2,
      cash_value_irr: 0.032971,
      breakeven_return: 0.107275,
      final_side_fund: 9_686.25,
      final_cash_value: 10_500,
    });
  });
  it('after the term: no term premium or benefit, the whole permanent premium is invested', () => {
    // Year 1: 4,500 x 1.05 = 4,725; year 2 (term over): (4,725 + 5,000) x 1.05 = 10,211.25.
    const r = run({ ...TWO_YEARS, term_years: 1 });
    expect(r.rows[1]).toMatchObject({ term_premium: 0, invested_difference: 5_000, side_fund: 10_211.25 });
    expect(r.rows[1]?.btid_death_benefit).toBe(10_211.25);
    expect(r.crossover_year).toBe(2);
  });
  it('limited pay: no permanent premium after premium_years', () => {
    // Year 2: difference 0 - 500 = -500: (4,725 - 500) x 1.05 = 4,436.25. IRR: 5,000 (1 + r)^2 = 10,500.
    const r = run({ ...TWO_YEARS, premium_years: 1 });
    expect(r.rows[1]).toMatchObject({ invested_difference: -500, side_fund: 4_436.25 });
    expect(r.cash_value_irr).toBe(Math.round((Math.sqrt(2.1) - 1) * 1e6) / 1e6); // 0.449138
  });
  it('never reaching the side fund: no crossover', () => {
    expect(run({ ...TWO_YEARS, cash_values: [0, 5_000] }).crossover_year).toBeUndefined();
  });
});

describe('term-vs-permanent: bad input', () => {
  it('names the field', () => {
    expect(calculationErrorOf(termVsPermanent, { ...TWO_YEARS, premium_years: 3 }).issues[0]?.path).toBe(
      'premium_years',
    );
    expect(calculationErrorOf(termVsPermanent, { ...TWO_YEARS, cash_values: [] }).issues[0]?.path).toBe(
      'cash_values',
    );
  });
});

describe('term-vs-permanent: properties', () => {
  const input = fc
    .record({
      term_premium: fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
      term_years: fc.integer({ min: 1, max: 40 }),
      term_death_benefit: fc.integer({ min: 0, max: 2_000_000 }),
      permanent_premium: fc.integer({ min: 100_000, max: 3_000_000 }).map((c) => c / 100),
      growth: fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 40 }),
      investment_return: fc.integer({ min: -200, max: 1_200 }).map((bp) => bp / 10_000),
    })
    .map(({ growth, ...rest }): TermVsPermanentInput => {
      // Rising cash values, a fraction of the premiums paid and then some.
      let cv = 0;
      const cash_values = growth.map((g) => {
        cv += (rest.permanent_premium * g) / 1_000;
        return Math.round(cv * 100) / 100;
      });
      return { ...rest, cash_values, permanent_death_benefit: 500_000 };
    });

  /** Premiums at the start of each year grown at r to the end of year t. */
  const accumulate = (amounts: readonly number[], r: number) =>
    amounts.reduce((fund, a) => (fund + a) * (1 + r), 0);

  it('the implied return reproduces each cash value when plugged back in', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        return r.rows.every((row, k) => {
          if (row.cash_value_irr === undefined) return row.cash_value === 0;
          const paid = r.rows.slice(0, k + 1).map((x) => x.permanent_premium);
          const grown = accumulate(paid, row.cash_value_irr);
          // 6-place rounding of the rate: within 1e-6 x years x the value, plus a cent.
          return Math.abs(grown - row.cash_value) <= 1e-6 * (k + 1) * (row.cash_value + paid[0]!) * 2 + 0.01;
        });
      }),
    );
  });
  it('the side fund at the breakeven return equals the last cash value', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = run(i);
        if (r.breakeven_return === undefined) return true;
        const differences = r.rows.map((x) => x.invested_difference);
        const grown = accumulate(differences, r.breakeven_return);
        const scale = r.final_cash_value + differences.reduce((s, x) => s + Math.abs(x), 0);
        const close = Math.abs(grown - r.final_cash_value) <= 1e-6 * r.years * scale * 2 + 0.01;
        // Within the accepted inputs, the operation's own side fund at that return agrees.
        if (Math.abs(r.breakeven_return) > 0.5) return close;
        const again = run({ ...i, investment_return: r.breakeven_return });
        return (
          close && Math.abs(again.final_side_fund - r.final_cash_value) <= 1e-6 * r.years * scale * 2 + 0.01
        );
      }),
    );
  });
  it('a higher investment return never lowers the side fund when every difference is invested', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 500 }), (i, bp) => {
        const a = run(i);
        if (a.rows.some((row) => row.invested_difference < 0)) return true;
        const b = run({ ...i, investment_return: Math.min(0.5, i.investment_return + bp / 10_000) });
        return b.final_side_fund >= a.final_side_fund;
      }),
    );
  });
});
