import * as z from 'zod/mini';
import { single } from '../core/life-table';
import { Dec, roundMoney, roundRate } from '../core/money';
import { MORTALITY_PERIOD, MORTALITY_TABLE_NAME, SEXES, ssaLifeTable } from '../core/mortality';
import { defineOperation } from '../core/operation';
import {
  absent,
  crossFieldRules,
  fieldIssue,
  integer,
  MONEY_LIMIT,
  number,
  oneOf,
  present,
  rate,
  resultNumber,
  when,
} from '../core/schema';

/** Days of care in a year: a convention (the daily benefit times 365 is a year's benefit). */
const DAYS_PER_YEAR = 365;
/**
 * Inflation riders of a long-term care policy (`policy.inflation_rider`).
 *
 * @example
 * ```ts
 * import { INFLATION_RIDERS } from 'finplan/insurance';
 * INFLATION_RIDERS[2]; // 'compound'
 * ```
 */
export const INFLATION_RIDERS = ['none', 'simple', 'compound'] as const;

const positiveMoney = (description: string) => number(description, { gt: 0, lt: MONEY_LIMIT });

const Policy = z
  .strictObject({
    daily_benefit: positiveMoney('Daily benefit of the policy today (dollars a day of care).'),
    benefit_period_years: integer('Years of care the policy pays for, after the elimination period (1-30).', {
      min: 1,
      max: 30,
    }),
    elimination_period_days: integer('Days of care paid out of pocket before benefits start (0-365).', {
      min: 0,
      max: 365,
    }),
    inflation_rider: oneOf(
      INFLATION_RIDERS,
      'none; simple (the daily benefit rises by inflation_rider_rate of the original each policy year); compound (by inflation_rider_rate of the current benefit each year).',
    ),
    inflation_rider_rate: z.optional(
      rate('Yearly increase of the daily benefit (0.03 = 3%; 0-0.1); required with a rider.', {
        min: 0,
        max: 0.1,
      }),
    ),
  })
  .check(
    crossFieldRules(
      when(
        'inflation_rider',
        ['simple', 'compound'],
        present('inflation_rider_rate'),
        absent('inflation_rider_rate'),
      ),
    ),
    z.superRefine((policy, ctx) => {
      const issue = fieldIssue(ctx, policy);
      const rider = policy.inflation_rider !== 'none';
      if (rider && policy.inflation_rider_rate === undefined)
        issue('inflation_rider_rate', 'is required with a simple or compound inflation_rider');
      if (!rider && policy.inflation_rider_rate !== undefined)
        issue('inflation_rider_rate', 'applies only with a simple or compound inflation_rider');
    }),
  );

/** `/v1/insurance/long-term-care` request. */
export const LongTermCareInput = z
  .strictObject({
    current_age: integer('Age today (0-110); the policy, if any, is bought today.', { min: 0, max: 110 }),
    care_start_age: integer('Age at which care starts (current_age to 119).', { min: 0, max: 119 }),
    care_years: integer('Years of care (1-30).', { min: 1, max: 30 }),
    annual_cost_today: positiveMoney(
      'Cost of a year of the care chosen, at today\u2019s prices (dollars; from a cost-of-care survey for the place and type of care: an input, no built-in figure).',
    ),
    cost_inflation: rate('Yearly growth of the cost of care (0.04 = 4%; -0.05 to 0.2).', {
      min: -0.05,
      max: 0.2,
    }),
    discount_rate: rate('Annual return on money set aside for care, the discount rate (-0.05 to 0.2).', {
      min: -0.05,
      max: 0.2,
    }),
    policy: z.optional(Policy.check(z.describe('A long-term care policy bought today; omitted: no policy.'))),
    sex: z.optional(
      oneOf(
        SEXES,
        `male or female: weights the lump sum by the probability of being alive at care_start_age (SSA ${MORTALITY_PERIOD} period life table).`,
      ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input.care_start_age < input.current_age)
        issue('care_start_age', `must be at least current_age (${input.current_age})`);
    }),
  );
export type LongTermCareInput = z.input<typeof LongTermCareInput>;
type Parsed = z.output<typeof LongTermCareInput>;

const money = resultNumber;

const Row = z.object({
  year: money('Year of care (1 = the first).'),
  age: money('Age at the start of the year of care.'),
  annual_cost: money('Cost of the year: annual_cost_today x (1 + cost_inflation)^(years from today).'),
  daily_benefit: money('The policy\u2019s daily benefit that year, with its rider (0 without a policy).'),
  covered_days: money(
    'Days of the year the policy pays: after the elimination period, within the benefit period.',
  ),
  policy_benefit: money('min(daily_benefit, annual_cost / 365) x covered_days.'),
  out_of_pocket: money('annual_cost - policy_benefit.'),
});

export const LongTermCareResult = z.object({
  years_to_care: money('care_start_age - current_age.'),
  rows: z.array(Row),
  total_cost: money('Sum of annual_cost (nominal).'),
  total_policy_benefit: money('Sum of policy_benefit (nominal).'),
  total_out_of_pocket: money('Sum of out_of_pocket (nominal).'),
  present_value_cost: money(
    'The cost of care discounted to today at discount_rate (each year at its start): the lump sum needed today without a policy.',
  ),
  present_value_policy_benefit: money('The policy benefits discounted the same way.'),
  lump_sum_needed_today: money(
    'present_value_cost - present_value_policy_benefit: what must be set aside today to pay the care the policy does not.',
  ),
  lump_sum_needed_at_care_start: money('The same amount valued at care_start_age.'),
  survival_weighted: z.optional(
    z.object({
      sex: z.enum(SEXES),
      mortality_table: z.string(),
      probability_alive_at_care_start: money('l(care_start_age) / l(current_age) on the table (6 places).'),
      present_value_cost: money('present_value_cost x probability_alive_at_care_start.'),
      lump_sum_needed_today: money('lump_sum_needed_today x probability_alive_at_care_start.'),
    }),
  ),
});
/** The `result` of the envelope: the type of the `LongTermCareResult` schema. */
export type LongTermCareResult = z.infer<typeof LongTermCareResult>;

/** Days of care year k (from day 365k) that fall after `elimination` days and within `period` days after it. */
function coveredDays(k: number, elimination: number, period: number): number {
  const from = Math.max(DAYS_PER_YEAR * k, elimination);
  const to = Math.min(DAYS_PER_YEAR * (k + 1), elimination + period);
  return Math.max(0, to - from);
}

function compute(input: Parsed): LongTermCareResult {
  const deferral = input.care_start_age - input.current_age;
  const policy = input.policy;
  const rows: z.infer<typeof Row>[] = [];
  let pvCost = 0;
  let pvBenefit = 0;
  for (let k = 0; k < input.care_years; k++) {
    const t = deferral + k;
    const cost = input.annual_cost_today * Math.exp(t * Math.log1p(input.cost_inflation));
    let daily = 0;
    let days = 0;
    let benefit = 0;
    if (policy !== undefined) {
      const r = policy.inflation_rider_rate ?? 0;
      const factor =
        policy.inflation_rider === 'compound'
          ? Math.exp(t * Math.log1p(r))
          : policy.inflation_rider === 'simple'
            ? 1 + r * t
            : 1;
      daily = policy.daily_benefit * factor;
      days = coveredDays(k, policy.elimination_period_days, policy.benefit_period_years * DAYS_PER_YEAR);
      benefit = Math.min(daily, cost / DAYS_PER_YEAR) * days;
    }
    const v = Math.exp(-t * Math.log1p(input.discount_rate));
    pvCost += cost * v;
    pvBenefit += benefit * v;
    const annualCost = roundMoney(cost);
    const policyBenefit = roundMoney(benefit);
    rows.push({
      year: k + 1,
      age: input.care_start_age + k,
      annual_cost: annualCost,
      daily_benefit: roundMoney(daily),
      covered_days: days,
      policy_benefit: policyBenefit,
      out_of_pocket: new Dec(annualCost).minus(policyBenefit).toNumber(),
    });
  }
  const total = (key: 'annual_cost' | 'policy_benefit' | 'out_of_pocket') =>
    rows.reduce((sum, row) => sum.plus(row[key]), new Dec(0)).toNumber();
  const presentCost = roundMoney(pvCost);
  const presentBenefit = roundMoney(pvBenefit);
  const lumpSum = new Dec(presentCost).minus(presentBenefit).toNumber();
  const result: LongTermCareResult = {
    years_to_care: deferral,
    rows,
    total_cost: total('annual_cost'),
    total_policy_benefit: total('policy_benefit'),
    total_out_of_pocket: total('out_of_pocket'),
    present_value_cost: presentCost,
    present_value_policy_benefit: presentBenefit,
    lump_sum_needed_today: lumpSum,
    lump_sum_needed_at_care_start: roundMoney(
      (pvCost - pvBenefit) * Math.exp(deferral * Math.log1p(input.discount_rate)),
    ),
  };
  if (input.sex !== undefined) {
    const alive = single({ table: ssaLifeTable(input.sex), age: input.current_age }).weight(deferral);
    result.survival_weighted = {
      sex: input.sex,
      mortality_table: MORTALITY_TABLE_NAME,
      probability_alive_at_care_start: roundRate(alive),
      present_value_cost: roundMoney(pvCost * alive),
      lump_sum_needed_today: roundMoney((pvCost - pvBenefit) * alive),
    };
  }
  return result;
}

/**
 * Long-term care funding: the cost of care at an inflation rate for a number of years from a chosen age,
 * the lump sum needed today (and at the start of care) to pay it, and what a policy's daily benefit,
 * benefit period, elimination period and inflation rider pay of it; optionally weighted by the
 * probability of being alive at the start of care on the SSA 2021 period life table.
 *
 * @example
 * ```ts
 * import { longTermCare } from 'finplan/insurance';
 * const { result } = longTermCare({
 *   current_age: 65, care_start_age: 65, care_years: 2, annual_cost_today: 100_000,
 *   cost_inflation: 0, discount_rate: 0,
 *   policy: { daily_benefit: 200, benefit_period_years: 3, elimination_period_days: 90, inflation_rider: 'none' },
 * });
 * // year 1: 275 days x 200 = 55,000; year 2: 365 x 200 = 73,000
 * result.total_policy_benefit; // 128000
 * result.lump_sum_needed_today; // 72000
 * ```
 */
export const longTermCare = defineOperation({
  path: '/v1/insurance/long-term-care',
  engine: 'long-term-care',
  version: '1.0.0',
  prefix: 'ltc',
  summary: 'Long-term care: projected cost, lump sum needed today, and what a policy pays of it.',
  description:
    'Each year of care costs annual_cost_today x (1 + cost_inflation)^t, t the years from today to the start of ' +
    'that care year, paid at its start and discounted to today at discount_rate. A policy bought today pays ' +
    'min(daily benefit, cost / 365) for each day of care after elimination_period_days and within ' +
    'benefit_period_years x 365 days; the daily benefit rises by the rider (simple: 1 + rate x t; compound: ' +
    '(1 + rate)^t). The lump sum needed is the present value of the cost less that of the benefits. With sex, ' +
    'both are also weighted by the probability of being alive at care_start_age on the SSA 2021 period life ' +
    'table. The cost of care, its inflation and the policy terms are inputs; premiums, the probability of ' +
    'needing care and its duration are not modeled (no morbidity table).',
  example: {
    current_age: 65,
    care_start_age: 65,
    care_years: 2,
    annual_cost_today: 100000,
    cost_inflation: 0,
    discount_rate: 0,
    policy: {
      daily_benefit: 200,
      benefit_period_years: 3,
      elimination_period_days: 90,
      inflation_rider: 'none',
    },
  },
  input: LongTermCareInput,
  output: LongTermCareResult,
  compute,
});
