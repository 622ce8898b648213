import * as z from 'zod/mini';
import { annuityCertainFactor, ceilCents, Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { integer, nonNegativeMoney, rate } from '../core/schema';

/** College starts at this age (the interface assumes it: docs/education.md). */
const COLLEGE_AGE = 18;
/** Years of college paid for. */
const COLLEGE_YEARS = 4;

/** `/v1/college-savings` request. */
export const CollegeSavingsInput = z.strictObject({
  current_child_age: integer(
    `Child's age today in whole years (0-${COLLEGE_AGE - 1}); college starts at ${COLLEGE_AGE}.`,
    { min: 0, max: COLLEGE_AGE - 1 },
  ),
  annual_cost_today: nonNegativeMoney("One year of college at today's prices (dollars)."),
  tuition_inflation: rate('Annual growth of college costs (0.05 = 5%; -0.5 to 0.5).', {
    min: -0.5,
    max: 0.5,
  }),
  current_savings: nonNegativeMoney('Savings already set aside for college, invested from now (dollars).'),
  expected_return: rate(
    'Annual return on the savings, compounded yearly, before and during college (0.06 = 6%; -0.5 to 0.5).',
    { min: -0.5, max: 0.5 },
  ),
});
export type CollegeSavingsInput = z.input<typeof CollegeSavingsInput>;

const amount = (description: string) => z.number().check(z.describe(description));

export const CollegeSavingsResult = z.object({
  years_until_college: z.int().check(z.describe(`${COLLEGE_AGE} - current_child_age (1-${COLLEGE_AGE}).`)),
  total_cost_nominal: amount(
    'The four college years at future prices: sum over k = 0..3 of annual_cost_today x ' +
      '(1 + tuition_inflation)^(years_until_college + k), each rounded to the cent.',
  ),
  required_savings_at_start: amount(
    "What must be saved by the day college starts: each year's cost, paid at the start of that college " +
      'year, discounted to the first day at expected_return (sum of cost_k / (1 + r)^k).',
  ),
  projected_without_saving: amount(
    'current_savings x (1 + expected_return)^years_until_college: the savings at college start with no more saved.',
  ),
  funding_gap: amount('required_savings_at_start - projected_without_saving, never below 0.'),
  required_annual_saving: amount(
    'Level saving at the end of each year from now until college starts (years_until_college deposits, ' +
      'the last on the first day of college) that closes the gap; rounded up to the cent; 0 when on track.',
  ),
  required_monthly_saving: amount(
    'Level saving at the end of each month (12 x years_until_college deposits) at the monthly rate ' +
      'equivalent to expected_return, (1 + r)^(1/12) - 1, that closes the gap; rounded up to the cent.',
  ),
  on_track: z
    .boolean()
    .check(z.describe('Whether current savings alone cover the four years (funding_gap = 0).')),
});
/** The `result` of the envelope: the type of the `CollegeSavingsResult` schema. */
export type CollegeSavingsResult = z.infer<typeof CollegeSavingsResult>;

/** A gap this small relative to the requirement is float noise: on track. */
const NOISE = 1e-12;

function compute(input: z.output<typeof CollegeSavingsInput>): CollegeSavingsResult {
  const n = COLLEGE_AGE - input.current_child_age;
  const r = input.expected_return;
  const costs: number[] = [];
  let required = 0;
  for (let k = 0; k < COLLEGE_YEARS; k++) {
    const cost = roundMoney(input.annual_cost_today * (1 + input.tuition_inflation) ** (n + k));
    costs.push(cost);
    required += cost / (1 + r) ** k;
  }
  const total = costs.reduce((sum, cost) => sum.plus(cost), new Dec(0));
  const projected = input.current_savings * (1 + r) ** n;
  const gap = required - projected;
  const onTrack = gap <= NOISE * Math.max(1, required);
  const monthly = Math.expm1(Math.log1p(r) / 12);
  // Round up to the cent after dropping float noise beyond 12 significant digits: never short.
  const level = (factor: number) =>
    onTrack ? 0 : ceilCents(new Dec(gap / factor).toSignificantDigits(12).toNumber());
  return {
    years_until_college: n,
    total_cost_nominal: total.toNumber(),
    required_savings_at_start: roundMoney(required),
    projected_without_saving: roundMoney(projected),
    funding_gap: onTrack ? 0 : roundMoney(gap),
    required_annual_saving: level(annuityCertainFactor(r, n, 'end')),
    required_monthly_saving: level(annuityCertainFactor(monthly, 12 * n, 'end')),
    on_track: onTrack,
  };
}

/**
 * College savings: what four years of college starting at 18 will cost at tuition-inflated prices, what
 * must be saved by the first day, how far current savings go, and the level yearly or monthly saving
 * that closes the gap. Timing (see docs/education.md): each college year is paid in full at its start
 * (ages 18, 19, 20, 21); money not yet spent keeps earning `expected_return`; current savings compound
 * yearly from now; new savings are deposited at the end of each year (or month), the last deposit on the
 * first day of college.
 *
 * @example
 * ```ts
 * import { collegeSavings } from 'finplan/education';
 * // A newborn, 10,000 a year today, no inflation, no return, nothing saved: 4 x 10,000 = 40,000 over
 * // 18 years is 2,222.23 a year (40,000 / 18 = 2,222.22..., rounded up).
 * collegeSavings({
 *   current_child_age: 0, annual_cost_today: 10_000, tuition_inflation: 0, current_savings: 0, expected_return: 0,
 * }).result.required_annual_saving; // 2222.23
 * ```
 */
export const collegeSavings = defineOperation({
  path: '/v1/college-savings',
  engine: 'college-savings',
  version: '1.0.0',
  prefix: 'col',
  summary: 'College cost at 18 for four tuition-inflated years, and the saving needed to fund it.',
  description:
    'College starts at age 18 and lasts four years; year k (k = 0..3) costs annual_cost_today x ' +
    '(1 + tuition_inflation)^(years_until_college + k), paid at the start of that year. The amount needed ' +
    'on the first day discounts the four costs at expected_return while the rest stays invested. Current ' +
    'savings compound yearly; the required saving is level, at the end of each year (or month, at the ' +
    'equivalent monthly rate), rounded up to the cent.',
  example: {
    current_child_age: 8,
    annual_cost_today: 20000,
    tuition_inflation: 0.05,
    current_savings: 25000,
    expected_return: 0.06,
  },
  input: CollegeSavingsInput,
  output: CollegeSavingsResult,
  compute,
});
