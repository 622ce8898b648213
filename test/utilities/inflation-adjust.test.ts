import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InflationAdjustInput, inflationAdjust } from '../../src/utilities/inflation-adjust';
import { calculationErrorOf } from '../helpers';

const run = (input: InflationAdjustInput) => inflationAdjust(input).result;

const errorOf = (input: unknown) => calculationErrorOf(inflationAdjust, input);

describe('inflation adjust: hand calculations', () => {
  // 1.03^3 = 1.092727: 1,000 -> 1,030.00 -> 1,060.90 -> 1,092.73.
  it('1,000 at 3% for 3 years to nominal, year by year', () => {
    expect(run({ amount: 1000, annual_rate: 0.03, years: 3, direction: 'to_nominal' })).toEqual({
      adjusted_amount: 1092.73,
      factor: 1.092727,
      cumulative_inflation: 0.092727,
      stream: [
        { year: 0, factor: 1, amount: 1000 },
        { year: 1, factor: 1.03, amount: 1030 },
        { year: 2, factor: 1.0609, amount: 1060.9 },
        { year: 3, factor: 1.092727, amount: 1092.73 },
      ],
    });
  });
  // 1.03^10 = 1.3439163793; 1,000 x that = 1,343.92; 1,000 / that = 744.0939 -> 744.09.
  it('ten years at 3%: 1,343.92 nominal, 744.09 real', () => {
    expect(run({ amount: 1000, annual_rate: 0.03, years: 10, direction: 'to_nominal' }).adjusted_amount).toBe(
      1343.92,
    );
    const real = run({ amount: 1000, annual_rate: 0.03, years: 10, direction: 'to_real' });
    expect(real.adjusted_amount).toBe(744.09);
    expect(real.factor).toBe(0.744094); // 1 / 1.3439163793 = 0.7440939
    expect(real.cumulative_inflation).toBe(0.343916); // prices rose 34.39% either way
  });
  // Deflation of 2% a year: 1,000 x 0.98^5 = 903.92 (0.98^5 = 0.9039207968).
  it('deflation: 1,000 at -2% for 5 years is 903.92 nominal', () => {
    const result = run({ amount: 1000, annual_rate: -0.02, years: 5, direction: 'to_nominal' });
    expect(result.adjusted_amount).toBe(903.92);
    expect(result.cumulative_inflation).toBe(-0.096079);
  });
  it('zero years or a zero rate leave the amount unchanged', () => {
    expect(run({ amount: -1234.56, annual_rate: 0.05, years: 0, direction: 'to_real' })).toEqual({
      adjusted_amount: -1234.56,
      factor: 1,
      cumulative_inflation: 0,
      stream: [{ year: 0, factor: 1, amount: -1234.56 }],
    });
    expect(run({ amount: 500, annual_rate: 0, years: 40, direction: 'to_nominal' }).adjusted_amount).toBe(
      500,
    );
  });
});

describe('inflation adjust: properties', () => {
  const requests = fc.record({
    amount: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((c) => c / 100),
    annual_rate: fc.integer({ min: -500, max: 2000 }).map((bp) => bp / 10_000),
    years: fc.integer({ min: 0, max: 100 }),
  });

  // to_nominal rounds the amount to cents (error <= 0.005); to_real divides that error by the
  // factor F = (1 + rate)^years and rounds again: |back - amount| <= 0.005 / F + 0.005.
  it('to_nominal then to_real returns the amount (to the rounding)', () => {
    fc.assert(
      fc.property(requests, ({ amount, annual_rate, years }) => {
        const nominal = run({ amount, annual_rate, years, direction: 'to_nominal' }).adjusted_amount;
        fc.pre(Math.abs(nominal) < 1e11); // a request amount must stay below 1e12
        const back = run({ amount: nominal, annual_rate, years, direction: 'to_real' }).adjusted_amount;
        const factor = (1 + annual_rate) ** years;
        expect(Math.abs(back - amount)).toBeLessThanOrEqual(0.005 / factor + 0.005 + 1e-9);
      }),
    );
  });

  it('the stream runs year 0..years, ends at the adjusted amount, and moves one way', () => {
    fc.assert(
      fc.property(requests, fc.constantFrom('to_nominal' as const, 'to_real' as const), (req, direction) => {
        const result = run({ ...req, direction });
        expect(result.stream.map((row) => row.year)).toEqual(
          Array.from({ length: req.years + 1 }, (_, i) => i),
        );
        expect(result.stream.at(-1)?.amount).toBe(result.adjusted_amount);
        expect(result.stream[0]?.amount).toBe(req.amount);
        // |amount| grows with inflation going to nominal, shrinks going to real (and vice versa).
        const grows = req.annual_rate > 0 === (direction === 'to_nominal');
        for (let i = 1; i < result.stream.length; i++) {
          const [prev, next] = [Math.abs(result.stream[i - 1]!.amount), Math.abs(result.stream[i]!.amount)];
          if (req.annual_rate === 0) expect(next).toBe(prev);
          else if (grows) expect(next).toBeGreaterThanOrEqual(prev);
          else expect(next).toBeLessThanOrEqual(prev);
        }
      }),
    );
  });
});

describe('inflation adjust: envelope and errors', () => {
  it('golden result_id', () => {
    expect(
      inflationAdjust({ amount: 1000, annual_rate: 0.03, years: 10, direction: 'to_nominal' }).result_id,
    ).toBe('infl_e45e2e9c26d5cdbb');
  });
  it('bad input is a 400 naming the field', () => {
    const base = { amount: 1000, annual_rate: 0.03, years: 10, direction: 'to_nominal' };
    expect(errorOf({ ...base, direction: 'nominal' }).issues[0]?.path).toBe('direction');
    expect(errorOf({ ...base, years: 101 }).issues[0]?.path).toBe('years');
    expect(errorOf({ ...base, years: 2.5 }).issues[0]?.path).toBe('years');
    expect(errorOf({ ...base, annual_rate: -1 }).issues[0]?.path).toBe('annual_rate');
    const error = errorOf({ ...base, rate: 0.03 });
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]).toMatchObject({ path: 'rate', code: 'unknown_field' });
  });
});
