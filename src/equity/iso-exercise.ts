import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';

import { TAX_ENGINE } from '../tax/engine';
import { isoTaxFields, isoYearTax, spreadRule } from './_lib/iso-common';

/** `/v1/equity-comp/iso` request. */
export const IsoExerciseInput = z
  .strictObject({
    ...isoTaxFields,
    shares: z
      .number()
      .check(
        z.gt(0),
        z.lte(1e9),
        z.describe('Number of ISO shares exercised and held past year end (may be fractional).'),
      ),
  })
  .check(z.superRefine(spreadRule(false)));
export type IsoExerciseInput = z.input<typeof IsoExerciseInput>;

export const IsoExerciseResult = z.object({
  bargain_element: z
    .number()
    .check(z.describe('shares x (fmv_at_exercise - strike_price): the AMT preference (Form 6251 line 2i).')),
  amt_without_exercise: z.number(),
  amt_with_exercise: z.number(),
  incremental_amt: z.number().check(z.describe('amt_with_exercise - amt_without_exercise.')),
  amt_credit_carryforward: z
    .number()
    .check(
      z.describe(
        'Minimum tax credit carried forward (Form 8801): the AMT caused by the ISO, a deferral item.',
      ),
    ),
  regular_tax: z.number().check(z.describe('Regular federal income tax (the exercise does not change it).')),
  amti_with_exercise: z.number().check(z.describe('Form 6251 line 4 with the exercise.')),
  amt_exemption_with_exercise: z
    .number()
    .check(z.describe('Form 6251 line 5 after the phase-out, with the exercise.')),
  tentative_minimum_tax_with_exercise: z.number().check(z.describe('Form 6251 line 9 with the exercise.')),
});
/** The `result` of the envelope: the type of the `IsoExerciseResult` schema. */
export type IsoExerciseResult = z.infer<typeof IsoExerciseResult>;

function compute(input: z.output<typeof IsoExerciseInput>): IsoExerciseResult {
  const bargain = new Dec(input.fmv_at_exercise).minus(input.strike_price).times(input.shares);
  const without = isoYearTax(input, 0);
  const withExercise = isoYearTax(input, bargain.toNumber());
  const amtWithout = roundMoney(without.amt.amt);
  const amtWith = roundMoney(withExercise.amt.amt);
  const incremental = roundMoney(new Dec(amtWith).minus(amtWithout));
  return {
    bargain_element: roundMoney(bargain),
    amt_without_exercise: amtWithout,
    amt_with_exercise: amtWith,
    incremental_amt: incremental,
    amt_credit_carryforward: incremental,
    regular_tax: roundMoney(without.regular_tax),
    amti_with_exercise: roundMoney(withExercise.amt.amti),
    amt_exemption_with_exercise: roundMoney(withExercise.amt.exemption),
    tentative_minimum_tax_with_exercise: roundMoney(withExercise.amt.tentative_minimum_tax),
  };
}

/**
 * AMT effect of exercising incentive stock options and holding the shares past year end: the bargain
 * element is an AMT preference (Form 6251 line 2i) but not regular income. The year's return is
 * `ordinary_income` (wages, before the standard deduction, which the engine applies) plus optional
 * qualified income; the AMT is computed with and without the exercise (Form 6251: standard deduction
 * added back, exemption phase-out, 26%/28%, gains at 0/15/20%). The extra AMT is a deferral item, so it
 * all becomes a minimum tax credit carried forward (Form 8801). Itemized deductions, 65+ amounts, the
 * senior deduction and other AMT adjustments are not modeled.
 *
 * @example
 * ```ts
 * import { isoExercise } from 'finplan/equity';
 * // 2025 single, 150,000 of wages, 1,000 shares at 10 with FMV 110: 100,000 of bargain element.
 * isoExercise({ tax_year: 2025, filing_status: 'single', shares: 1000, strike_price: 10, fmv_at_exercise: 110,
 *   ordinary_income: 150_000 }).result.incremental_amt; // 17027
 * ```
 */
export const isoExercise = defineOperation({
  path: '/v1/equity-comp/iso',
  engine: 'equity-comp',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'eqc-iso',
  summary: 'AMT caused by an incentive stock option exercise, and the minimum tax credit it creates.',
  description:
    'Bargain element = shares x (FMV - strike), an AMT preference. Regular tax on ordinary_income (wages before ' +
    'the standard deduction) and qualified income; Form 6251 with and without the exercise; the incremental AMT ' +
    'is carried forward as a minimum tax credit. Tax years 2024-2026.',
  example: {
    tax_year: 2025,
    filing_status: 'single',
    shares: 1000,
    strike_price: 10,
    fmv_at_exercise: 110,
    ordinary_income: 150000,
  },
  input: IsoExerciseInput,
  output: IsoExerciseResult,
  compute,
});
