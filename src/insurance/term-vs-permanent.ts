import * as z from 'zod/mini';
import { irrRoots, pickIrr } from '../core/irr';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  fieldIssue,
  integer,
  MONEY_LIMIT,
  nonNegativeMoney,
  number,
  optionalResultNumber,
  rate,
  resultNumber,
} from '../core/schema';

/** Longest illustration accepted (years). */
const MAX_YEARS = 100;

/** `/v1/insurance/term-vs-permanent` request. */
export const TermVsPermanentInput = z
  .strictObject({
    term_premium: nonNegativeMoney(
      'Annual term premium (dollars), level, paid at the start of each year of the term.',
    ),
    term_years: integer(`Years of the term (1-${MAX_YEARS}); no term coverage or premium after.`, {
      min: 1,
      max: MAX_YEARS,
    }),
    term_death_benefit: nonNegativeMoney('Death benefit of the term policy (dollars).'),
    permanent_premium: nonNegativeMoney(
      'Annual premium of the permanent policy (dollars), paid at the start of each premium year.',
    ),
    premium_years: z.optional(
      integer(`Years the permanent premium is paid (1-${MAX_YEARS}); default every year of cash_values.`, {
        min: 1,
        max: MAX_YEARS,
      }),
    ),
    cash_values: z
      .array(nonNegativeMoney('Cash (surrender) value at the end of the year (dollars).'))
      .check(
        z.minLength(1),
        z.maxLength(MAX_YEARS),
        z.describe(
          `The permanent policy's cash surrender value at the end of each policy year, year 1 first (1-${MAX_YEARS} years), from its illustration: an input, not carrier data.`,
        ),
      ),
    permanent_death_benefit: number('Death benefit of the permanent policy (dollars), level.', {
      min: 0,
      lt: MONEY_LIMIT,
    }),
    investment_return: rate(
      'Annual return, after tax, on the invested premium difference (0.05 = 5%; -0.5 to 0.5).',
      { min: -0.5, max: 0.5 },
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.premium_years !== undefined && input.premium_years > input.cash_values.length)
        issue('premium_years', `must be at most the years of cash_values (${input.cash_values.length})`);
    }),
  );
export type TermVsPermanentInput = z.input<typeof TermVsPermanentInput>;
type Parsed = z.output<typeof TermVsPermanentInput>;

const money = resultNumber;

const Row = z.object({
  year: money('Policy year (1 = the first).'),
  permanent_premium: money('Permanent premium paid at the start of the year.'),
  term_premium: money('Term premium paid at the start of the year (0 after the term).'),
  invested_difference: money(
    'permanent_premium - term_premium, invested at the start of the year (negative: withdrawn).',
  ),
  side_fund: money('The invested differences with their returns at the end of the year.'),
  btid_death_benefit: money(
    'Buy term and invest the difference: term death benefit (during the term) + side_fund.',
  ),
  cash_value: money('The permanent policy\u2019s cash value at the end of the year (the input).'),
  permanent_death_benefit: money('permanent_death_benefit.'),
  cash_value_advantage: money('cash_value - side_fund: positive when the permanent policy is ahead.'),
  cash_value_irr: optionalResultNumber(
    'The annual return that grows the permanent premiums paid so far into this year\u2019s cash value (IRR; absent when there is none, e.g. a zero cash value).',
  ),
});

export const TermVsPermanentResult = z.object({
  years: money('Years compared (the length of cash_values).'),
  investment_return: money('investment_return.'),
  rows: z.array(Row),
  crossover_year: optionalResultNumber(
    'The first year whose cash value reaches the side fund (permanent ahead on surrender value); absent if none.',
  ),
  cash_value_irr: optionalResultNumber(
    'The annual return implied by the cash value in the last year on every permanent premium (IRR by the shared root search of /v1/cashflow/npv-irr); absent when there is none.',
  ),
  breakeven_return: optionalResultNumber(
    'The return on the invested differences at which the side fund equals the last cash value (IRR of the differences against it): buy term and invest wins on surrender value above it; absent when there is none.',
  ),
  final_side_fund: money('side_fund in the last year.'),
  final_cash_value: money('cash_value in the last year.'),
});
/** The `result` of the envelope: the type of the `TermVsPermanentResult` schema. */
export type TermVsPermanentResult = z.infer<typeof TermVsPermanentResult>;

/**
 * The IRR of paying `outflows[k]` at the start of years k + 1 (times k) and receiving `value` at time
 * `outflows.length`, through the same search as `/v1/cashflow/npv-irr`; among several roots the one
 * nearest `near`.
 */
function impliedReturn(outflows: readonly number[], value: number, near: number): number | undefined {
  const flows = [...outflows.map((x) => (x === 0 ? 0 : -x)), value];
  const { roots } = irrRoots(flows);
  const irr = pickIrr(roots, near);
  return irr === undefined ? undefined : roundRate(irr);
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): each year t
// searches the IRR of its t premiums and cash value, so the flows searched grow as years^2 / 2; a search
// scans the whole rate grid when the cash value is too small for a rate in the searched range (108,000-
// 239,000 measured for 100 years of 0.01 cash value, 30,000-36,000 for 100 ordinary years).
const BASE_COST = 2_000;
const YEAR_PAIR_COST = 24;

function compute(input: Parsed): TermVsPermanentResult {
  const n = input.cash_values.length;
  const premiumYears = input.premium_years ?? n;
  const growth = 1 + input.investment_return;
  const rows: z.infer<typeof Row>[] = [];
  const premiums: number[] = [];
  const differences: number[] = [];
  let fund = 0;
  let crossover: number | undefined;
  for (let t = 1; t <= n; t++) {
    const permanent = t <= premiumYears ? input.permanent_premium : 0;
    const term = t <= input.term_years ? input.term_premium : 0;
    const difference = new Dec(permanent).minus(term).toNumber();
    premiums.push(permanent);
    differences.push(difference);
    fund = (fund + difference) * growth;
    const sideFund = roundMoney(fund);
    const cashValue = input.cash_values[t - 1] as number;
    if (crossover === undefined && cashValue >= sideFund) crossover = t;
    const irr = impliedReturn(premiums, cashValue, input.investment_return);
    rows.push({
      year: t,
      permanent_premium: permanent,
      term_premium: term,
      invested_difference: difference,
      side_fund: sideFund,
      btid_death_benefit: roundMoney(
        new Dec(t <= input.term_years ? input.term_death_benefit : 0).plus(sideFund),
      ),
      cash_value: cashValue,
      permanent_death_benefit: input.permanent_death_benefit,
      cash_value_advantage: new Dec(cashValue).minus(sideFund).toNumber(),
      ...(irr === undefined ? {} : { cash_value_irr: irr }),
    });
  }
  const last = rows[n - 1] as z.infer<typeof Row>;
  const breakeven = impliedReturn(differences, last.cash_value, input.investment_return);
  return {
    years: n,
    investment_return: input.investment_return,
    rows,
    ...(crossover === undefined ? {} : { crossover_year: crossover }),
    ...(last.cash_value_irr === undefined ? {} : { cash_value_irr: last.cash_value_irr }),
    ...(breakeven === undefined ? {} : { breakeven_return: breakeven }),
    final_side_fund: last.side_fund,
    final_cash_value: last.cash_value,
  };
}

/**
 * Term versus permanent life insurance: buy term and invest the difference against a permanent
 * policy's premium, cash values and death benefit (the planner's inputs from an illustration), year by
 * year; the crossover year at which the cash value reaches the side fund, the return the cash value
 * implies on the premiums (IRR by the shared search of `/v1/cashflow/npv-irr`), and the breakeven return
 * on the invested difference.
 *
 * @example
 * ```ts
 * import { termVsPermanent } from 'finplan/insurance';
 * const { result } = termVsPermanent({
 *   term_premium: 500, term_years: 20, term_death_benefit: 500_000, permanent_premium: 5_000,
 *   cash_values: [0, 10_500], permanent_death_benefit: 500_000, investment_return: 0.05,
 * });
 * // side fund: 4,500 x 1.05 = 4,725, then (4,725 + 4,500) x 1.05 = 9,686.25
 * result.final_side_fund; // 9686.25
 * result.crossover_year; // 2
 * ```
 */
export const termVsPermanent = defineOperation({
  path: '/v1/insurance/term-vs-permanent',
  engine: 'term-vs-permanent',
  version: '1.0.1',
  prefix: 'tvp',
  summary:
    'Buy term and invest the difference against a permanent policy: year by year, crossover, implied return.',
  description:
    'Each year the permanent premium (for premium_years) less the term premium (during term_years), both at the ' +
    'start of the year, is invested at investment_return (after tax); the side fund at the end of the year is set ' +
    'against the permanent policy\u2019s cash value (an input), and the term death benefit plus the side fund ' +
    'against the permanent death benefit. The crossover year is the first whose cash value reaches the side fund. ' +
    'cash_value_irr is the internal rate of return of the premiums paid against the cash value (each year\u2019s ' +
    'and the last), and breakeven_return that of the premium differences against the last cash value, both ' +
    'found by the guess-free rate search of /v1/cashflow/npv-irr (nearest to investment_return when several). ' +
    'Policy charges, dividends, loans and taxes on surrender are whatever the illustration\u2019s cash values ' +
    'already reflect; nothing is assumed.',
  example: {
    term_premium: 500,
    term_years: 20,
    term_death_benefit: 500000,
    permanent_premium: 5000,
    cash_values: [0, 10500],
    permanent_death_benefit: 500000,
    investment_return: 0.05,
  },
  input: TermVsPermanentInput,
  output: TermVsPermanentResult,
  compute,
  cost: (input) => BASE_COST + YEAR_PAIR_COST * input.cash_values.length ** 2,
  costField: 'cash_values',
  costFormula: `${BASE_COST} + ${YEAR_PAIR_COST} x years^2 (years: the length of cash_values)`,
});
