import * as z from 'zod/mini';
import rulesJson from '../../data/retirement/beneficiary-rules.json';
import { calculationError } from '../core/errors';
import { annuityCertainFactor, ceilCents, Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { fieldIssue, filingStatus, nonNegativeMoney, number, rate } from '../core/schema';
import { defineTable } from '../core/year-tables';
import { bracketCeilings, householdTax, TAX_ENGINE, taxYearField } from '../tax/engine';
import { fillableBracketRates } from './_lib/bracket-fill';
import type { BeneficiaryRulesSchema } from './_lib/tables';

const RULES = defineTable<z.output<typeof BeneficiaryRulesSchema>>(rulesJson);

/** The strategies, in the order they are reported (and ties are broken). */
export const INHERITED_IRA_STRATEGIES = ['even', 'bracket_fill', 'defer', 'immediate'] as const;
type Strategy = (typeof INHERITED_IRA_STRATEGIES)[number];

/** `/v1/inherited-ira` request. */
export const InheritedIraInput = z
  .strictObject({
    inherited_balance: nonNegativeMoney(
      'Balance of the inherited (traditional) IRA at the start of year 1, the calendar year after the year of ' +
        'death (dollars; the December 31 balance on which the first annual RMD is figured).',
    ),
    account_growth_rate: rate(
      'Annual growth of the account (0.05 = 5%); also the rate at which the taxes paid are carried to the end of ' +
        'the ten years (future value of taxes).',
    ),
    tax_year: taxYearField(),
    filing_status: filingStatus(),
    other_income: nonNegativeMoney(
      'Ordinary income of the beneficiary each year besides the withdrawals (wages, pensions, interest), held ' +
        'level over the ten years (dollars).',
    ),
    target_bracket: number(
      'Ordinary bracket rate (0.22 = the 22% bracket) that bracket_fill fills to its top each year: one of ' +
        "tax_year's rates for filing_status, below the top rate.",
      { gt: 0, lt: 1 },
    ),
    annual_rmd_floor: z.optional(
      nonNegativeMoney(
        'The owner died on or after the required beginning date: the required minimum distribution of year 1 ' +
          '(dollars, at least 0.01 and at most inherited_balance), i.e. inherited_balance over the year-1 life expectancy ' +
          "(26 CFR 1.401(a)(9)-5(d): the longer of the beneficiary's and the owner's remaining single life " +
          'expectancy). Years 2-9 then divide the balance by that life expectancy less 1 a year, and every ' +
          'strategy takes at least the RMD in years 1-9. Omitted (or 0): death before the required beginning ' +
          'date, no annual RMDs.',
      ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.annual_rmd_floor !== undefined && input.annual_rmd_floor > input.inherited_balance)
        issue('annual_rmd_floor', `must be at most inherited_balance (${input.inherited_balance})`);
      // Below a cent, inherited_balance / annual_rmd_floor can overflow a double.
      if (input.annual_rmd_floor !== undefined && input.annual_rmd_floor > 0 && input.annual_rmd_floor < 0.01)
        issue('annual_rmd_floor', 'must be 0 or at least 0.01 (a cent)');
      const rates = fillableBracketRates(input.tax_year, input.filing_status);
      if (rates && !rates.includes(input.target_bracket))
        issue(
          'target_bracket',
          `must be one of the ${input.tax_year} ${input.filing_status} bracket rates below the top: ${rates.join(', ')}`,
          { finplan: 'invalid_input' },
        );
    }),
  );
export type InheritedIraInput = z.input<typeof InheritedIraInput>;

const amount = (description: string) => z.number().check(z.gte(0), z.describe(description));

const YearRow = z.object({
  year: z.int().check(z.describe('Calendar year (tax_year + year index - 1).')),
  start_balance: amount('Balance at the start of the year (before the withdrawal).'),
  required_minimum: amount('Annual RMD of the year (0 without annual_rmd_floor, and in year 10).'),
  withdrawal: amount('Withdrawn at the start of the year (at least required_minimum).'),
  tax: amount(
    'Federal tax the withdrawal adds: householdTax with other_income + withdrawal less householdTax with ' +
      "other_income alone (tax_year's brackets), rounded to cents.",
  ),
  growth: z
    .number()
    .check(
      z.describe(
        '(start_balance - withdrawal) x account_growth_rate, rounded to cents (negative in a loss).',
      ),
    ),
  end_balance: amount("start_balance - withdrawal + growth: the next year's start_balance."),
});

const StrategyResult = z.object({
  strategy: z.enum(INHERITED_IRA_STRATEGIES),
  total_withdrawn: amount('Sum of the withdrawals: inherited_balance + total_growth, to the cent.'),
  total_growth: z.number().check(z.describe('Sum of the yearly growth credited to the account.')),
  total_tax: amount('Sum of the yearly taxes (dollars, not carried forward).'),
  future_value_of_taxes: amount(
    "Each year's tax carried at account_growth_rate from the withdrawal (start of its year) to the end of the " +
      'last year: sum of tax x (1 + account_growth_rate)^(years - k + 1) for year k.',
  ),
  rows: z.array(YearRow).check(z.describe('One row per year, 1-10.')),
});

export const InheritedIraResult = z.object({
  years: z.int().check(z.describe('Length of the ten-year rule (IRC 401(a)(9)(H)): 10.')),
  final_year: z
    .int()
    .check(z.describe('The year the account must be empty by December 31: tax_year + years - 1.')),
  annual_rmds: z
    .boolean()
    .check(z.describe('Whether annual RMDs apply in years 1-9 (annual_rmd_floor > 0).')),
  first_year_life_expectancy: z.optional(
    z
      .number()
      .check(
        z.describe(
          'inherited_balance / annual_rmd_floor (6 places): the year-1 divisor the RMDs of years 2-9 reduce by ' +
            '1 a year; omitted without annual RMDs.',
        ),
      ),
  ),
  bracket_fill_amount: amount(
    'Withdrawal that brings taxable income to the top of target_bracket: ceiling - taxable income of ' +
      'other_income + deduction left unused by it; 0 when other_income is already above the top.',
  ),
  strategies: z
    .array(StrategyResult)
    .check(z.describe('even, bracket_fill, defer, immediate, in that order.')),
  recommendation: z
    .enum(INHERITED_IRA_STRATEGIES)
    .check(
      z.describe(
        'Strategy with the lowest future_value_of_taxes (ties: the first in the order of strategies).',
      ),
    ),
});
/** The `result` of the envelope: the type of the `InheritedIraResult` schema. */
export type InheritedIraResult = z.infer<typeof InheritedIraResult>;

type Input = z.output<typeof InheritedIraInput>;

const ZERO = new Dec(0);

/** The annual RMD of year k (1-based) on a start balance, given the year-1 life expectancy; none in year 10. */
function requiredMinimum(
  k: number,
  balance: Dec,
  input: Input,
  lifeExpectancy: Dec | undefined,
  years: number,
): Dec {
  if (lifeExpectancy === undefined || k >= years) return ZERO;
  if (k === 1) return Dec.min(new Dec(input.annual_rmd_floor as number), balance);
  const divisor = lifeExpectancy.minus((k - 1) * RULES.annual_rmds.life_expectancy_reduction);
  if (divisor.lte(1)) return balance;
  return Dec.min(new Dec(ceilCents(balance.div(divisor).toNumber())), balance);
}

function compute(input: Input): InheritedIraResult {
  const ceiling = bracketCeilings(input.tax_year, input.filing_status).find(
    (b) => b.rate === input.target_bracket,
  );
  if (ceiling?.ceiling === undefined) {
    const rates = bracketCeilings(input.tax_year, input.filing_status)
      .filter((b) => b.ceiling !== undefined)
      .map((b) => b.rate);
    throw calculationError(
      'invalid_input',
      'target_bracket',
      `must be one of the ${input.tax_year} ${input.filing_status} bracket rates below the top: ${rates.join(', ')}`,
    );
  }
  const years = RULES.ten_year_rule.years;
  const g = input.account_growth_rate;
  const household = (withdrawal: Dec) =>
    householdTax({
      tax_year: input.tax_year,
      filing_status: input.filing_status,
      ordinary_income: withdrawal.plus(input.other_income).toNumber(),
      // Withdrawals are neither earned income (additional Medicare tax) nor net investment income.
      earned_income: input.other_income,
      net_investment_income: 0,
    });
  const base = household(ZERO);
  const fill = new Dec(ceiling.ceiling).minus(base.taxable_income).plus(base.unused_deduction);
  const fillAmount = fill.isNegative() ? ZERO : fill;
  const floor = input.annual_rmd_floor ?? 0;
  const lifeExpectancy =
    floor > 0 && input.inherited_balance > 0 ? new Dec(input.inherited_balance).div(floor) : undefined;

  const taxOf = new Map<string, Dec>();
  const addedTax = (withdrawal: Dec): Dec => {
    if (withdrawal.isZero()) return ZERO;
    const key = withdrawal.toFixed(2);
    let tax = taxOf.get(key);
    if (tax === undefined) {
      tax = new Dec(roundMoney(household(withdrawal).total.minus(base.total)));
      taxOf.set(key, tax);
    }
    return tax;
  };

  const planned = (strategy: Strategy, k: number, balance: Dec): Dec => {
    switch (strategy) {
      case 'immediate':
        return balance;
      case 'defer':
        return ZERO;
      case 'bracket_fill':
        return fillAmount;
      case 'even': {
        // Level withdrawals at the start of each remaining year that empty the account at g.
        const remaining = years - k + 1;
        const factor = annuityCertainFactor(g, remaining, 'begin') / Math.exp(remaining * Math.log1p(g));
        return new Dec(roundMoney(balance.toNumber() / factor));
      }
    }
  };

  const strategies = INHERITED_IRA_STRATEGIES.map((strategy) => {
    let balance = new Dec(input.inherited_balance);
    let totalWithdrawn = ZERO;
    let totalGrowth = ZERO;
    let totalTax = ZERO;
    let fvTaxes = 0;
    const rows: InheritedIraResult['strategies'][number]['rows'] = [];
    for (let k = 1; k <= years; k++) {
      const rmd = requiredMinimum(k, balance, input, lifeExpectancy, years);
      const wanted = k === years ? balance : Dec.max(planned(strategy, k, balance), rmd);
      const withdrawal = Dec.min(wanted, balance);
      const tax = addedTax(withdrawal);
      const left = balance.minus(withdrawal);
      const growth = new Dec(roundMoney(left.times(g)));
      const end = left.plus(growth);
      rows.push({
        year: input.tax_year + k - 1,
        start_balance: balance.toNumber(),
        required_minimum: rmd.toNumber(),
        withdrawal: withdrawal.toNumber(),
        tax: tax.toNumber(),
        growth: growth.toNumber(),
        end_balance: end.toNumber(),
      });
      totalWithdrawn = totalWithdrawn.plus(withdrawal);
      totalGrowth = totalGrowth.plus(growth);
      totalTax = totalTax.plus(tax);
      fvTaxes += tax.toNumber() * Math.exp((years - k + 1) * Math.log1p(g));
      balance = end;
    }
    return {
      strategy,
      total_withdrawn: totalWithdrawn.toNumber(),
      total_growth: totalGrowth.toNumber(),
      total_tax: totalTax.toNumber(),
      future_value_of_taxes: roundMoney(fvTaxes),
      rows,
    };
  });

  let best = strategies[0] as (typeof strategies)[number];
  for (const s of strategies) if (s.future_value_of_taxes < best.future_value_of_taxes) best = s;

  const result: InheritedIraResult = {
    years,
    final_year: input.tax_year + years - 1,
    annual_rmds: lifeExpectancy !== undefined,
    bracket_fill_amount: fillAmount.toNumber(),
    strategies,
    recommendation: best.strategy,
  };
  if (lifeExpectancy !== undefined) result.first_year_life_expectancy = roundRate(lifeExpectancy);
  return result;
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): fixed by the
// rule (four strategies of ten years, each year a run of the federal tax engine, the bracket fill with
// its gross-up): 13,000-26,000 measured.
const COST = 30_000;

/**
 * Inherited IRA under the ten-year rule (IRC 401(a)(9)(H), SECURE Act): four ways to empty a traditional
 * IRA inherited by a designated beneficiary who is not an eligible designated beneficiary by December 31
 * of the tenth year after the year of death: `even` (level withdrawals), `bracket_fill` (to the top of
 * `target_bracket` each year), `defer` (all in year 10) and `immediate` (all in year 1), each taking at
 * least the annual RMD of years 1-9 when the owner had begun RMDs (`annual_rmd_floor`). Each year's tax
 * is the federal tax the withdrawal adds to `other_income` (the tax engine's `householdTax`, the brackets
 * of `tax_year` held constant); the recommendation is the strategy with the lowest future value of taxes.
 *
 * @example
 * ```ts
 * import { inheritedIra } from 'finplan/retirement';
 * // 2025 single, 50,000 of other income, 100,000 inherited, no growth: 10,000 a year stays in the 12%
 * // bracket (1,200 of tax a year, 12,000 in all), less than any other strategy.
 * const r = inheritedIra({ inherited_balance: 100_000, account_growth_rate: 0, tax_year: 2025, filing_status: 'single', other_income: 50_000, target_bracket: 0.22 }).result;
 * r.recommendation; // 'even'
 * ```
 */
export const inheritedIra = defineOperation({
  path: '/v1/inherited-ira',
  engine: 'inherited-ira',
  version: '1.0.2',
  prefix: 'inherited-ira',
  uses: [TAX_ENGINE],
  summary:
    'Ten-year rule drawdown of an inherited IRA: even, bracket_fill, defer, immediate; lowest future value of taxes.',
  description:
    'Compares four ways to empty an inherited traditional IRA within the ten-year rule of IRC 401(a)(9)(H) ' +
    '(designated beneficiary who is not an eligible designated beneficiary; year 1 is tax_year, the calendar ' +
    'year after the year of death; the account is empty at the end of year 10): even (level withdrawals that ' +
    'empty the account at account_growth_rate), bracket_fill (each year, the withdrawal that brings taxable ' +
    'income to the top of target_bracket), defer (nothing before year 10) and immediate (everything in year 1). ' +
    'Year 10 takes whatever is left. With annual_rmd_floor (owner died on or after the required beginning ' +
    'date), every strategy takes at least the annual RMD in years 1-9: year 1 the floor itself, year k the start ' +
    'balance over (inherited_balance / annual_rmd_floor - (k - 1)), rounded up to the cent (T.D. 10001, ' +
    '26 CFR 1.401(a)(9)-5(d)). Withdrawals at the start of each year, growth on the rest credited at the end, ' +
    'rounded to cents. Tax: the federal tax (householdTax of the tax engine, brackets and deductions of ' +
    'tax_year held constant, no age-based deductions) of other_income + withdrawal less that of other_income, ' +
    'paid from the withdrawal; the future value of taxes carries each to the end of year 10 at ' +
    'account_growth_rate. Recommendation: lowest future value of taxes, ties to the earlier strategy. Not ' +
    'modeled: state tax, eligible designated beneficiaries (stretch over life expectancy), inherited Roth IRAs, ' +
    'Social Security benefits, bracket indexing.',
  example: {
    inherited_balance: 100000,
    account_growth_rate: 0,
    tax_year: 2025,
    filing_status: 'single',
    other_income: 50000,
    target_bracket: 0.22,
  },
  input: InheritedIraInput,
  output: InheritedIraResult,
  compute,
  cost: () => COST,
  costField: 'inherited_balance',
  costFormula: `${COST}`,
});
