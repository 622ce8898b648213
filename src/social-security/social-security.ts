import * as z from 'zod/mini';
import {
  annuityCertain,
  annuityFactor,
  completeExpectancy,
  expectedPayments,
  single,
} from '../core/life-table';
import { MORTALITY_PERIOD, MORTALITY_TABLE_NAME, SEXES, ssaLifeTable } from '../core/mortality';
import { defineOperation } from '../core/operation';
import { roundMoney, roundRate, roundTo } from '../core/rounding';
import {
  fieldIssue,
  flag,
  integer,
  nonNegativeMoney,
  oneOf,
  optionalResultNumber,
  rate,
  resultNumber,
  withDefault,
} from '../core/schema';
import {
  type ClaimingBenefit,
  claimingBenefit,
  DELAYED_CREDIT_ANNUAL,
  EARLIEST_BIRTH_YEAR,
  EARLIEST_CLAIMING_MONTHS,
  fullRetirementAgeMonths,
  LATEST_CREDIT_MONTHS,
  piaDimes,
  ssaBirthYear,
} from './_lib/benefit';

const FIRST_AGE = EARLIEST_CLAIMING_MONTHS / 12;
const LAST_AGE = LATEST_CREDIT_MONTHS / 12;

/** `/v1/social-security` request. */
export const SocialSecurityInput = z
  .strictObject({
    birth_year: integer(
      `Year of birth (${EARLIEST_BIRTH_YEAR}-2100). SSA counts a person born on January 1 as born in the previous year: say so with born_on_january_1.`,
      { min: EARLIEST_BIRTH_YEAR, max: 2100 },
    ),
    born_on_january_1: withDefault(
      flag(
        'Born on January 1 of birth_year: SSA then uses the previous year for the full retirement age (20 CFR 404.409). Default false.',
      ),
      false,
    ),
    pia_monthly: nonNegativeMoney(
      'Primary insurance amount: the monthly benefit at full retirement age in today dollars (as on the SSA statement). Rounded down to a multiple of $0.10 as SSA does.',
    ),
    longevity_age: integer(
      'Age at death assumed for the lifetime totals (62-120): benefits are paid for every month before it.',
      { min: FIRST_AGE, max: 120 },
    ),
    discount_rate: rate(
      'Real annual discount rate for the present values at age 62 (0.02 = 2% above inflation; -0.1 to 0.2).',
      { min: -0.1, max: 0.2 },
    ),
    sex: z.optional(
      oneOf(
        SEXES,
        `male or female: adds the mortality-weighted view on the SSA ${MORTALITY_PERIOD} period life table (conditional on reaching 62). Omitted: no mortality view.`,
      ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (ssaBirthYear(input.birth_year, input.born_on_january_1) < EARLIEST_BIRTH_YEAR) {
        issue(
          'born_on_january_1',
          `born on January 1, ${input.birth_year} counts as born in ${input.birth_year - 1} (SSA's January 1 rule), which is not covered; supported: ${EARLIEST_BIRTH_YEAR} and later as SSA counts them`,
        );
      }
    }),
  );
export type SocialSecurityInput = z.input<typeof SocialSecurityInput>;

const ClaimingAge = z.object({
  age: resultNumber('Claiming age in whole years (62-70): benefits start the month this age is reached.'),
  months_from_full_retirement_age: resultNumber(
    'Months from full retirement age to the claim (negative: early).',
  ),
  percent_of_pia: resultNumber('Benefit as a fraction of the PIA before dime rounding (0.7 = 70%).'),
  monthly_benefit: resultNumber('Monthly benefit, rounded down to a multiple of $0.10 (today dollars).'),
  annual_benefit: resultNumber('12 x monthly_benefit.'),
  lifetime_benefits: resultNumber(
    'Benefits received from the claim until longevity_age, undiscounted (real dollars).',
  ),
  present_value: resultNumber(
    'Present value at age 62 of the benefits until longevity_age at discount_rate (each month paid one month later).',
  ),
  breakeven_age_vs_62: optionalResultNumber(
    'Age at which cumulative benefits of claiming at this age catch up with claiming at 62 (undiscounted, accruing continuously); absent at 62 or when never before 120.',
  ),
  breakeven_age_vs_previous: optionalResultNumber(
    'The same against claiming one year earlier; absent at 62 or when never before 120.',
  ),
  expected_present_value: optionalResultNumber(
    'With sex: present value at 62 at discount_rate of the benefits weighted by the probability of being alive for each payment.',
  ),
  expected_lifetime_benefits: optionalResultNumber('With sex: the survival-weighted benefits, undiscounted.'),
});

const ClaimingMonth = z.object({
  age_years: resultNumber('Claiming age: years.'),
  age_months: resultNumber('Claiming age: months (0-11).'),
  months_from_full_retirement_age: resultNumber('Months from full retirement age (negative: early).'),
  percent_of_pia: resultNumber('Benefit as a fraction of the PIA before dime rounding.'),
  monthly_benefit: resultNumber('Monthly benefit (multiple of $0.10).'),
});

export const SocialSecurityResult = z.object({
  birth_year: resultNumber('birth_year as given.'),
  ssa_birth_year: resultNumber('The birth year SSA uses (the previous year when born on January 1).'),
  full_retirement_age: z
    .object({ years: z.number(), months: z.number() })
    .check(z.describe('Full retirement age by birth year (20 CFR 404.409(a)).')),
  pia_monthly: resultNumber(
    'The primary insurance amount used: pia_monthly rounded down to a multiple of $0.10.',
  ),
  delayed_credit_rate: resultNumber(
    'Delayed retirement credit a year (0.08: 2/3 of 1% a month, birth years 1943 on).',
  ),
  longevity_age: resultNumber('longevity_age as given.'),
  discount_rate: resultNumber('discount_rate as given (real).'),
  claiming_ages: z.array(ClaimingAge).check(z.describe('One row per claiming age 62 to 70.')),
  by_month: z
    .array(ClaimingMonth)
    .check(
      z.describe('The benefit for every claiming month from 62 and 0 months to 70 and 0 months (97 rows).'),
    ),
  lifetime_maximizing_age: resultNumber(
    'Claiming age (62-70) with the largest present value to longevity_age (the earliest on a tie).',
  ),
  breakeven_age_62_vs_70: optionalResultNumber(
    'Age at which claiming at 70 catches up with claiming at 62, undiscounted (real dollars, benefits accruing continuously).',
  ),
  breakeven_age_62_vs_70_discounted: optionalResultNumber(
    'The same with both streams discounted at discount_rate; absent when 70 never catches up before 120.',
  ),
  mortality_weighted: z.optional(
    z
      .object({
        sex: z.enum(SEXES),
        mortality_table: z.string(),
        life_expectancy_at_62: resultNumber(
          'Complete life expectancy at 62 (years, uniform deaths within each year of age).',
        ),
        maximizing_age: resultNumber(
          'Claiming age (62-70) with the largest expected present value (the earliest on a tie).',
        ),
        probability_alive_at_breakeven_62_vs_70: optionalResultNumber(
          'Probability that a person alive at 62 lives to breakeven_age_62_vs_70.',
        ),
      })
      .check(z.describe('Present when sex is given.')),
  ),
});
/** The `result` of the envelope: the type of the `SocialSecurityResult` schema. */
export type SocialSecurityResult = z.infer<typeof SocialSecurityResult>;

/** Beyond this age nobody lives (the SSA table closes at 120): a later breakeven is reported as none. */
const LAST_BREAKEVEN_AGE = 120;

/**
 * The age at which a benefit `later` (monthly, from age `b`) has paid as much as a benefit `earlier`
 * (from age `a` < `b`), both accruing continuously and discounted to 62 at the annual `rate`:
 * `earlier (v^a - v^x) = later (v^b - v^x)` with v = 1/(1 + rate) (undiscounted: `x = (later b -
 * earlier a) / (later - earlier)`). Undefined when the later benefit is not larger or never catches up
 * before 120.
 */
function breakevenAge(
  a: number,
  earlier: number,
  b: number,
  later: number,
  rate: number,
): number | undefined {
  if (!(later > earlier)) return undefined;
  const delta = Math.log1p(rate);
  let age: number;
  if (delta === 0) age = (later * b - earlier * a) / (later - earlier);
  else {
    const y =
      (later * Math.exp(-delta * (b - FIRST_AGE)) - earlier * Math.exp(-delta * (a - FIRST_AGE))) /
      (later - earlier);
    if (!(y > 0)) return undefined;
    age = FIRST_AGE - Math.log(y) / delta;
  }
  return age <= LAST_BREAKEVEN_AGE ? age : undefined;
}

/** Index of the largest value (the first on a tie). */
function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  return best;
}

function compute(input: z.output<typeof SocialSecurityInput>): SocialSecurityResult {
  const year = ssaBirthYear(input.birth_year, input.born_on_january_1);
  const fra = fullRetirementAgeMonths(year);
  const pia = input.pia_monthly;
  const rate = input.discount_rate;
  const row = (b: ClaimingBenefit) => ({
    months_from_full_retirement_age: b.monthsFromFra,
    percent_of_pia: roundRate(b.fractionOfPia),
    monthly_benefit: roundMoney(b.monthlyBenefit),
  });

  // Every claiming month once; the yearly rows are every twelfth.
  const months = Array.from(
    { length: LATEST_CREDIT_MONTHS - EARLIEST_CLAIMING_MONTHS + 1 },
    (_, k) => EARLIEST_CLAIMING_MONTHS + k,
  );
  const byMonth = months.map((m) => claimingBenefit(pia, m, fra));
  const by_month = byMonth.map((b, k) => ({
    age_years: Math.floor((months[k] as number) / 12),
    age_months: (months[k] as number) % 12,
    ...row(b),
  }));

  const status =
    input.sex === undefined ? undefined : single({ table: ssaLifeTable(input.sex), age: FIRST_AGE });
  const ages = Array.from({ length: LAST_AGE - FIRST_AGE + 1 }, (_, i) => FIRST_AGE + i);
  const benefits = ages.map((age) => byMonth[(age - FIRST_AGE) * 12] as ClaimingBenefit);
  const monthly = benefits.map((b) => b.monthlyBenefit.toNumber());
  const presentValues: number[] = [];
  const expectedValues: number[] = [];
  const claiming_ages = ages.map((age, i) => {
    const b = benefits[i] as ClaimingBenefit;
    const annual = b.monthlyBenefit.times(12);
    const years = Math.max(0, input.longevity_age - age);
    const timing = { frequency: 12, timing: 'arrears', deferral: age - FIRST_AGE } as const;
    const pv = annual.times(annuityCertain(years, { rate, ...timing }));
    presentValues.push(pv.toNumber());
    const out: SocialSecurityResult['claiming_ages'][number] = {
      age,
      ...row(b),
      annual_benefit: roundMoney(annual),
      lifetime_benefits: roundMoney(annual.times(years)),
      present_value: roundMoney(pv),
    };
    if (i > 0) {
      const vs62 = breakevenAge(FIRST_AGE, monthly[0]!, age, monthly[i]!, 0);
      const vsPrevious = breakevenAge(age - 1, monthly[i - 1]!, age, monthly[i]!, 0);
      if (vs62 !== undefined) out.breakeven_age_vs_62 = roundTo(vs62, 2);
      if (vsPrevious !== undefined) out.breakeven_age_vs_previous = roundTo(vsPrevious, 2);
    }
    if (status) {
      const epv = annual.times(annuityFactor(status, { rate, ...timing }));
      expectedValues.push(epv.toNumber());
      out.expected_present_value = roundMoney(epv);
      out.expected_lifetime_benefits = roundMoney(annual.times(expectedPayments(status, timing)));
    }
    return out;
  });

  const last = ages.length - 1;
  const breakeven = breakevenAge(FIRST_AGE, monthly[0]!, LAST_AGE, monthly[last]!, 0);
  const discounted = breakevenAge(FIRST_AGE, monthly[0]!, LAST_AGE, monthly[last]!, rate);
  const result: SocialSecurityResult = {
    birth_year: input.birth_year,
    ssa_birth_year: year,
    full_retirement_age: { years: Math.floor(fra / 12), months: fra % 12 },
    pia_monthly: roundMoney(piaDimes(pia).div(10)),
    delayed_credit_rate: roundRate(DELAYED_CREDIT_ANNUAL),
    longevity_age: input.longevity_age,
    discount_rate: rate,
    claiming_ages,
    by_month,
    lifetime_maximizing_age: ages[argmax(presentValues)] as number,
  };
  if (breakeven !== undefined) result.breakeven_age_62_vs_70 = roundTo(breakeven, 2);
  if (discounted !== undefined) result.breakeven_age_62_vs_70_discounted = roundTo(discounted, 2);
  if (status && input.sex) {
    const weighted: NonNullable<SocialSecurityResult['mortality_weighted']> = {
      sex: input.sex,
      mortality_table: MORTALITY_TABLE_NAME,
      life_expectancy_at_62: roundTo(completeExpectancy(status), 2),
      maximizing_age: ages[argmax(expectedValues)] as number,
    };
    if (breakeven !== undefined) {
      weighted.probability_alive_at_breakeven_62_vs_70 = roundRate(status.weight(breakeven - FIRST_AGE));
    }
    result.mortality_weighted = weighted;
  }
  return result;
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): fixed by
// the rules (97 claiming months, 9 claiming ages valued over the months to longevity_age), and with sex
// the same over the life table's months: 15,000-30,000 measured, but up to 36,000 and 90,000 with a
// subnormal discount_rate (below 2.2e-308 in magnitude: arithmetic on one is slow on common processors),
// which the charge bounds.
const BASE_COST = 45_000;
const LIFE_TABLE_COST = 55_000;

/**
 * Social Security claiming: the retirement benefit at each claiming age 62-70 (and each month between)
 * from the primary insurance amount, with SSA's full retirement age by birth year, early-retirement
 * reduction (5/9 of 1% a month for 36 months, 5/12 of 1% beyond), delayed retirement credits (2/3 of 1%
 * a month to 70) and dime rounding; the lifetime benefits and their present value at 62 to
 * `longevity_age`, the claiming age that maximizes it, and the breakeven ages. With `sex`, the same
 * weighted by the SSA 2021 period life table. Real (today) dollars throughout: benefits keep pace with
 * inflation through the COLA.
 *
 * @example
 * ```ts
 * import { socialSecurity } from 'finplan/social-security';
 * const { result } = socialSecurity({ birth_year: 1960, pia_monthly: 1000, longevity_age: 85, discount_rate: 0 });
 * // Full retirement age 67: 60 months early = 36 x 5/9% + 24 x 5/12% = 30% less; 36 months late = 24% more.
 * result.claiming_ages[0]?.monthly_benefit; // 700
 * result.claiming_ages[8]?.monthly_benefit; // 1240
 * // 700 (x - 62) = 1240 (x - 70): x = (1240 x 70 - 700 x 62) / 540
 * result.breakeven_age_62_vs_70; // 80.37
 * ```
 */
export const socialSecurity = defineOperation({
  path: '/v1/social-security',
  engine: 'social-security',
  version: '1.0.0',
  prefix: 'ss',
  summary: 'Social Security retirement benefit at each claiming age 62-70, lifetime value and breakevens.',
  description:
    'Benefit at each claiming age 62-70 and each month between from the primary insurance amount: full ' +
    'retirement age by birth year (20 CFR 404.409, born on January 1 counts as the previous year), ' +
    'reduction of 5/9 of 1% a month for the first 36 months early and 5/12 of 1% beyond (20 CFR 404.410), ' +
    'delayed retirement credits of 2/3 of 1% a month to age 70 (birth years 1943 on), SSA rounding to ' +
    'dimes (reduction up, credit and benefit down). Lifetime benefits and present values at 62 to ' +
    'longevity_age at the real discount_rate (real dollars, each month paid one month later), the ' +
    'lifetime-maximizing claiming age and the breakeven ages. With sex, survival-weighted values on the ' +
    'SSA 2021 period life table (conditional on reaching 62). Earnings test, spousal and survivor ' +
    'benefits and taxation of benefits are not modeled.',
  example: { birth_year: 1960, pia_monthly: 1000, longevity_age: 85, discount_rate: 0 },
  input: SocialSecurityInput,
  output: SocialSecurityResult,
  compute,
  cost: (input) => BASE_COST + (input.sex === undefined ? 0 : LIFE_TABLE_COST),
  costField: 'sex',
  costFormula: `${BASE_COST}, + ${LIFE_TABLE_COST} with sex`,
});
