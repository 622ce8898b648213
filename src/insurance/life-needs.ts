import * as z from 'zod/mini';
import { type AnnuityOptions, annuityCertain, annuityFactor, single } from '../core/life-table';
import { Dec, roundMoney, roundRate } from '../core/money';
import { MORTALITY_PERIOD, MORTALITY_TABLE_NAME, SEXES, ssaLifeTable } from '../core/mortality';
import { defineOperation } from '../core/operation';
import {
  fieldIssue,
  integer,
  nonNegativeMoney,
  oneOf,
  rate,
  resultNumber,
  withDefault,
} from '../core/schema';
import { growingAnnuityDue } from './_lib/present-value';

/**
 * The three methods, as `recommended_method` names them (with `highest`, the largest of them).
 *
 * @example
 * ```ts
 * import { LIFE_NEEDS_METHODS } from 'finplan/insurance';
 * LIFE_NEEDS_METHODS.length; // 3
 * ```
 */
export const LIFE_NEEDS_METHODS = ['dime', 'capital_needs', 'human_life_value'] as const;

const years = (description: string) => integer(description, { min: 0, max: 100 });
const share = (description: string) => rate(description, { min: 0, max: 1 });

/** `/v1/insurance/life-needs` request. */
export const LifeNeedsInput = z
  .strictObject({
    age: integer('Age of the insured today (0-119).', { min: 0, max: 119 }),
    sex: oneOf(
      SEXES,
      `Sex of the insured: the column of the SSA ${MORTALITY_PERIOD} period life table that weights the human life value by survival.`,
    ),
    annual_income: nonNegativeMoney("The insured's gross earned income this year (dollars)."),
    income_tax_rate: share(
      "Effective tax rate on the insured's earnings (income and payroll taxes as a share of gross, 0-1): after-tax earnings = annual_income x (1 - income_tax_rate). Human life value.",
    ),
    income_growth: rate(
      "Yearly growth of the insured's earnings (0.03 = 3%; -0.5 to 0.5). Human life value.",
      {
        min: -0.5,
        max: 0.5,
      },
    ),
    retirement_age: integer(
      "Age at which the insured's earnings stop (above age, up to 120): the human life value counts earnings until then.",
      { min: 1, max: 120 },
    ),
    personal_consumption_share: share(
      "Share of the insured's after-tax earnings the insured spends on themself (0-1), which the family would not lose: a planner's assumption, no default. Human life value.",
    ),
    debts: withDefault(
      nonNegativeMoney(
        'Debts other than the mortgage paid off at death (dollars; default 0). DIME and capital needs.',
      ),
      0,
    ),
    mortgage_balance: withDefault(
      nonNegativeMoney('Mortgage balance paid off at death (dollars; default 0). DIME and capital needs.'),
      0,
    ),
    education_costs: withDefault(
      nonNegativeMoney(
        "Education funding to set aside at death, in today's dollars (dollars; default 0). DIME and capital needs.",
      ),
      0,
    ),
    final_expenses: nonNegativeMoney(
      'Funeral, burial, estate settlement and medical costs at death (dollars): supplied by the planner, no default. Capital needs.',
    ),
    income_replacement_years: years(
      "DIME: years of the insured's gross income to replace (0-100): annual_income x income_replacement_years.",
    ),
    survivor_income_need: nonNegativeMoney(
      "Capital needs: after-tax income the survivors need each year, in today's dollars, excluding the mortgage payment (the mortgage is paid off).",
    ),
    survivor_other_income: withDefault(
      nonNegativeMoney(
        "Capital needs: after-tax income the survivors keep each year (a spouse's earnings, pensions), in today's dollars; default 0.",
      ),
      0,
    ),
    income_need_years: years(
      'Capital needs: years the survivors need that income (0-100), the first at death.',
    ),
    survivor_social_security: withDefault(
      nonNegativeMoney(
        "Capital needs: Social Security survivor benefits a year, in today's dollars (from the planner or SSA's estimate: not computed here); default 0.",
      ),
      0,
    ),
    survivor_social_security_years: withDefault(
      years('Capital needs: years the survivor benefits are paid (0-100), the first at death; default 0.'),
      0,
    ),
    existing_assets: withDefault(
      nonNegativeMoney(
        'Capital needs: liquid assets the survivors could use (dollars; default 0), excluding life insurance.',
      ),
      0,
    ),
    existing_coverage: withDefault(
      nonNegativeMoney('Life insurance already in force on the insured (dollars; default 0).'),
      0,
    ),
    discount_rate: rate(
      'Annual return on the insurance proceeds (after tax), at which future amounts are discounted (0.05 = 5%; -0.05 to 0.2).',
      { min: -0.05, max: 0.2 },
    ),
    inflation: rate(
      "Yearly growth of the survivors' income need and of the Social Security benefits (0.025 = 2.5%; -0.05 to 0.2).",
      { min: -0.05, max: 0.2 },
    ),
    recommended_method: withDefault(
      oneOf(
        [...LIFE_NEEDS_METHODS, 'highest'],
        'Method whose figure is the recommended amount: dime, capital_needs, human_life_value, or highest (the largest of the three). Default capital_needs: a convention (the method that nets the family resources), not a rule.',
      ),
      'capital_needs',
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.retirement_age <= input.age) issue('retirement_age', `must be above age (${input.age})`);
    }),
  );
export type LifeNeedsInput = z.input<typeof LifeNeedsInput>;
type Parsed = z.output<typeof LifeNeedsInput>;

const money = resultNumber;

export const LifeNeedsResult = z.object({
  dime: z.object({
    debts: money('debts.'),
    income: money('annual_income x income_replacement_years.'),
    mortgage: money('mortgage_balance.'),
    education: money('education_costs.'),
    need: money('The sum of the four (dollars).'),
    gap: money('need - existing_coverage, at least 0.'),
  }),
  capital_needs: z.object({
    final_expenses: money('final_expenses.'),
    debts: money('debts.'),
    mortgage: money('mortgage_balance.'),
    education: money('education_costs.'),
    annual_income_gap: money(
      "survivor_income_need - survivor_other_income, at least 0 (a year, today's dollars).",
    ),
    income_gap_present_value: money(
      'The income gap at the start of each of income_need_years years, growing with inflation, discounted at discount_rate.',
    ),
    total_needs: money('final expenses + debts + mortgage + education + income_gap_present_value.'),
    existing_assets: money('existing_assets.'),
    social_security_present_value: money(
      'survivor_social_security at the start of each of survivor_social_security_years years, growing with inflation, discounted at discount_rate.',
    ),
    total_resources: money('existing_assets + social_security_present_value.'),
    need: money('total_needs - total_resources, at least 0 (dollars).'),
    gap: money('need - existing_coverage, at least 0.'),
  }),
  human_life_value: z.object({
    mortality_table: z.string(),
    after_tax_income: money('annual_income x (1 - income_tax_rate): the first year.'),
    family_share_of_income: money(
      'after_tax_income x (1 - personal_consumption_share): what the family would lose in the first year.',
    ),
    earning_years: money('retirement_age - age.'),
    present_value_certain: money(
      "The family's share of earnings at the end of each year until retirement_age, growing by income_growth, discounted at discount_rate, as if the insured were sure to live.",
    ),
    survival_probability_to_retirement: money(
      'Probability that the insured lives to retirement_age on the table (6 places).',
    ),
    need: money(
      'The human life value: present_value_certain with each year weighted by the probability that the insured lives to earn it.',
    ),
    gap: money('need - existing_coverage, at least 0.'),
  }),
  recommended_method: z.enum(LIFE_NEEDS_METHODS),
  recommended_amount: money("The need of recommended_method (with highest: the largest method's)."),
  existing_coverage: money('existing_coverage.'),
  coverage_gap: money('recommended_amount - existing_coverage, at least 0: the insurance to add.'),
});
/** The `result` of the envelope: the type of the `LifeNeedsResult` schema. */
export type LifeNeedsResult = z.infer<typeof LifeNeedsResult>;

/** `a - b`, at least 0 (both already in cents). */
const shortfall = (a: number, b: number) => Math.max(0, new Dec(a).minus(b).toNumber());
const sum = (...values: number[]) => values.reduce((acc, v) => acc.plus(v), new Dec(0)).toNumber();

function compute(input: Parsed): LifeNeedsResult {
  const coverage = input.existing_coverage;

  const dimeIncome = roundMoney(new Dec(input.annual_income).times(input.income_replacement_years));
  const dimeNeed = sum(input.debts, dimeIncome, input.mortgage_balance, input.education_costs);

  const incomeGap = shortfall(input.survivor_income_need, input.survivor_other_income);
  const gapPv = roundMoney(
    incomeGap * growingAnnuityDue(input.discount_rate, input.inflation, input.income_need_years),
  );
  const ssPv = roundMoney(
    input.survivor_social_security *
      growingAnnuityDue(input.discount_rate, input.inflation, input.survivor_social_security_years),
  );
  const needs = sum(input.final_expenses, input.debts, input.mortgage_balance, input.education_costs, gapPv);
  const resources = sum(input.existing_assets, ssPv);
  const capitalNeed = shortfall(needs, resources);

  const afterTax = roundMoney(new Dec(input.annual_income).times(new Dec(1).minus(input.income_tax_rate)));
  const familyShare = roundMoney(new Dec(afterTax).times(new Dec(1).minus(input.personal_consumption_share)));
  const earningYears = input.retirement_age - input.age;
  const pattern: AnnuityOptions = {
    rate: input.discount_rate,
    timing: 'arrears',
    growth: input.income_growth,
    termYears: earningYears,
  };
  const life = single({ table: ssaLifeTable(input.sex), age: input.age });
  const hlvCertain = roundMoney(familyShare * annuityCertain(earningYears, pattern));
  const hlv = roundMoney(familyShare * annuityFactor(life, pattern));

  const needs3 = { dime: dimeNeed, capital_needs: capitalNeed, human_life_value: hlv } as const;
  const method =
    input.recommended_method === 'highest'
      ? LIFE_NEEDS_METHODS.reduce((best, m) => (needs3[m] > needs3[best] ? m : best))
      : input.recommended_method;
  const recommended = needs3[method];

  return {
    dime: {
      debts: input.debts,
      income: dimeIncome,
      mortgage: input.mortgage_balance,
      education: input.education_costs,
      need: dimeNeed,
      gap: shortfall(dimeNeed, coverage),
    },
    capital_needs: {
      final_expenses: input.final_expenses,
      debts: input.debts,
      mortgage: input.mortgage_balance,
      education: input.education_costs,
      annual_income_gap: incomeGap,
      income_gap_present_value: gapPv,
      total_needs: needs,
      existing_assets: input.existing_assets,
      social_security_present_value: ssPv,
      total_resources: resources,
      need: capitalNeed,
      gap: shortfall(capitalNeed, coverage),
    },
    human_life_value: {
      mortality_table: MORTALITY_TABLE_NAME,
      after_tax_income: afterTax,
      family_share_of_income: familyShare,
      earning_years: earningYears,
      present_value_certain: hlvCertain,
      survival_probability_to_retirement: roundRate(life.weight(earningYears)),
      need: hlv,
      gap: shortfall(hlv, coverage),
    },
    recommended_method: method,
    recommended_amount: recommended,
    existing_coverage: coverage,
    coverage_gap: shortfall(recommended, coverage),
  };
}

/**
 * Life insurance needs by three methods side by side: DIME (debts + income x years + mortgage +
 * education), capital needs (the present value of the survivors' after-tax income gap over the years it
 * lasts, final expenses, debts, mortgage and education, less existing assets and the present value of
 * survivor Social Security benefits supplied as an input) and human life value (the present value of the
 * insured's after-tax earnings net of personal consumption, growing until retirement, each year weighted
 * by survival on the SSA 2021 period life table); the recommended amount and the gap against existing
 * coverage.
 *
 * @example
 * ```ts
 * import { lifeNeeds } from 'finplan/insurance';
 * const { result } = lifeNeeds({
 *   age: 40, sex: 'female', annual_income: 100_000, income_tax_rate: 0.25, income_growth: 0.03,
 *   retirement_age: 65, personal_consumption_share: 0.3, debts: 20_000, mortgage_balance: 250_000,
 *   education_costs: 100_000, final_expenses: 15_000, income_replacement_years: 10,
 *   survivor_income_need: 60_000, survivor_other_income: 20_000, income_need_years: 20,
 *   existing_coverage: 500_000, discount_rate: 0.05, inflation: 0.03,
 * });
 * result.dime.need; // 1370000
 * ```
 */
export const lifeNeeds = defineOperation({
  path: '/v1/insurance/life-needs',
  engine: 'life-insurance-needs',
  version: '1.0.0',
  prefix: 'lin',
  summary: 'Life insurance need by DIME, capital needs and human life value, and the coverage gap.',
  description:
    'DIME: debts + annual_income x income_replacement_years + mortgage_balance + education_costs (undiscounted, gross ' +
    'income: a rule of thumb). Capital needs: final_expenses + debts + mortgage_balance + education_costs + the ' +
    'present value of the after-tax income gap (survivor_income_need - survivor_other_income) at the start of each ' +
    'of income_need_years years, growing with inflation and discounted at discount_rate, less existing_assets and ' +
    'the present value, on the same basis, of survivor_social_security for survivor_social_security_years (an ' +
    'input: not computed). Human life value: annual_income x (1 - income_tax_rate) x (1 - ' +
    'personal_consumption_share), paid at the end of each year until retirement_age, growing by income_growth, ' +
    'discounted at discount_rate and weighted by the probability that the insured lives to the payment on the ' +
    'SSA 2021 period life table. The recommended amount is the figure of recommended_method (default ' +
    'capital_needs, a convention); each gap is the need less existing_coverage, at least 0. Every default amount ' +
    'is 0 (none); final expenses, the consumption share and the rates are inputs, never assumed.',
  example: {
    age: 40,
    sex: 'female',
    annual_income: 100000,
    income_tax_rate: 0.25,
    income_growth: 0.03,
    retirement_age: 65,
    personal_consumption_share: 0.3,
    debts: 20000,
    mortgage_balance: 250000,
    education_costs: 100000,
    final_expenses: 15000,
    income_replacement_years: 10,
    survivor_income_need: 60000,
    survivor_other_income: 20000,
    income_need_years: 20,
    existing_coverage: 500000,
    discount_rate: 0.05,
    inflation: 0.03,
  },
  input: LifeNeedsInput,
  output: LifeNeedsResult,
  compute,
});
