import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { money, rate, wholeYears } from '../core/schema';

/** `/v1/inflation-adjust` request: constant-rate inflation (or deflation) over whole years. */
export const InflationAdjustInput = z.strictObject({
  amount: money('Amount to adjust (dollars).'),
  annual_rate: rate('Constant annual inflation rate (0.03 = 3%; negative for deflation, -0.99 to 1).'),
  years: wholeYears('Whole years between the two dates (0-100).', { min: 0, max: 100 }),
  direction: z
    .enum(['to_nominal', 'to_real'])
    .check(
      z.describe(
        '`to_nominal`: today-dollar amount -> dollars of `years` from now (x (1 + rate)^years); ' +
          '`to_real`: dollars of `years` from now -> today dollars (/ (1 + rate)^years).',
      ),
    ),
});
export type InflationAdjustInput = z.input<typeof InflationAdjustInput>;

const StreamRow = z.object({
  year: z.int().check(z.describe('Years from now, 0 to `years`.')),
  factor: z
    .number()
    .check(z.describe('(1 + rate)^year for to_nominal, (1 + rate)^-year for to_real (6 places).')),
  amount: z.number().check(z.describe('amount x the unrounded factor, to cents.')),
});

export const InflationAdjustResult = z.object({
  adjusted_amount: z.number().check(z.describe('The amount after `years` of adjustment.')),
  factor: z.number().check(z.describe('The whole adjustment factor (6 places).')),
  cumulative_inflation: z
    .number()
    .check(z.describe('(1 + rate)^years - 1: the price change over the period (6 places).')),
  stream: z.array(StreamRow).check(z.describe('Year-by-year values, year 0 to `years`.')),
});
/** The `result` of the envelope: the type of the `InflationAdjustResult` schema. */
export type InflationAdjustResult = z.infer<typeof InflationAdjustResult>;

function compute(input: z.output<typeof InflationAdjustInput>): InflationAdjustResult {
  const growth = new Dec(input.annual_rate).plus(1);
  const step = input.direction === 'to_nominal' ? growth : new Dec(1).div(growth);
  const amount = new Dec(input.amount);
  const stream: InflationAdjustResult['stream'] = [];
  let factor = new Dec(1);
  for (let year = 0; year <= input.years; year++) {
    if (year > 0) factor = factor.mul(step);
    stream.push({ year, factor: roundRate(factor), amount: roundMoney(amount.mul(factor)) });
  }
  return {
    adjusted_amount: roundMoney(amount.mul(factor)),
    factor: roundRate(factor),
    cumulative_inflation: roundRate(growth.pow(input.years).minus(1)),
    stream,
  };
}

/**
 * Inflation adjustment at a constant annual rate (deflation allowed): `to_nominal` grows an amount
 * in today's dollars to the dollars of `years` from now, `amount x (1 + rate)^years`; `to_real`
 * brings future dollars back to today's, `amount / (1 + rate)^years`. Exact decimal arithmetic; no
 * price-index table is used. The stream gives the value at each year from 0 to `years`.
 *
 * @example
 * ```ts
 * import { inflationAdjust } from 'finplan/utilities';
 * // 1,000 today at 3% inflation: 1,000 x 1.03^10 = 1,343.92 in ten years' dollars.
 * inflationAdjust({ amount: 1000, annual_rate: 0.03, years: 10, direction: 'to_nominal' })
 *   .result.adjusted_amount; // 1343.92
 * ```
 */
export const inflationAdjust = defineOperation({
  path: '/v1/inflation-adjust',
  engine: 'inflation',
  version: '1.0.0',
  prefix: 'infl',
  summary: 'Adjust an amount for constant-rate inflation or deflation, with a year-by-year stream.',
  description:
    'to_nominal: amount x (1 + annual_rate)^years (today dollars to future dollars); to_real: ' +
    'amount / (1 + annual_rate)^years (future dollars to today dollars). Constant rate, annual steps, ' +
    'exact decimal arithmetic; no price-index table is used.',
  example: { amount: 50000, annual_rate: 0.03, years: 10, direction: 'to_nominal' },
  input: InflationAdjustInput,
  output: InflationAdjustResult,
  compute,
});
