import * as z from 'zod/mini';
import { Dec, dollars, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import { age, nonNegativeMoney } from '../core/schema';
import { yearField } from '../core/year-tables';
import { STATUTORY_AGES } from '../tax/engine';
import {
  type CatchUpCategory,
  capAtCompensation,
  catchUpCategory,
  contributionLimitTable,
  contributionLimitTables,
} from './_lib/limit-tables';

const HSA_COVERAGES = ['self_only', 'family'] as const;
const CATCH_UP_CATEGORIES = ['none', 'age_50', 'age_60_63'] as const;

/** `/v1/contribution-limits` request. */
export const ContributionLimitsInput = z.strictObject({
  tax_year: yearField(
    'Tax (calendar) year of the limits (the IRS cost-of-living notice of that year).',
    contributionLimitTables,
  ),
  age: age(
    'Age attained by December 31 of tax_year (the catch-up tests read "attained age 50 / 55 / 60 before ' +
      'the close of the taxable year"). 50+: age-50 catch-up; 60-63: ages 60-63 catch-up instead (from 2025); ' +
      '55+: HSA catch-up.',
  ),
  compensation: z.optional(
    nonNegativeMoney(
      'Compensation for the year (W-2 wages or earned income). Caps the elective deferral, IRA, SIMPLE and ' +
        '415(c) amounts and is the base of the SEP 25%. Omitted: no compensation cap is applied.',
    ),
  ),
  prior_year_wages: z.optional(
    nonNegativeMoney(
      'FICA wages (Form W-2 box 3) from the employer sponsoring the plan in the year before tax_year; tested ' +
        'against the Roth catch-up wage threshold (IRC 414(v)(7)). Omitted: the mandate is reported as not required.',
    ),
  ),
  hsa_coverage: z
    .optional(z.enum(HSA_COVERAGES))
    .check(
      z.describe(
        'HDHP coverage for the whole year: self_only or family. Omitted: both HSA limits are returned.',
      ),
    ),
  simple_small_employer: z
    ._default(z.boolean(), false)
    .check(
      z.describe(
        'The SIMPLE plan uses the 110% small-employer amounts (25 or fewer employees, or 26-100 with the ' +
          'higher employer contribution; IRC 408(p)(2)(E)(i)(I)-(II)). Default false.',
      ),
    ),
});
export type ContributionLimitsInput = z.input<typeof ContributionLimitsInput>;

const amount = (description: string) => z.number().check(z.gte(0), z.describe(description));

const CappedBlock = {
  limit: amount('The base limit after the compensation cap.'),
  catch_up: amount('The age-appropriate catch-up after the compensation cap.'),
  total: amount('limit + catch_up.'),
  capped_by_compensation: z.boolean().check(z.describe('Whether compensation lowered limit or catch_up.')),
};

export const ContributionLimitsResult = z.object({
  tax_year: z.int(),
  age: z.int(),
  catch_up_category: z
    .enum(CATCH_UP_CATEGORIES)
    .check(
      z.describe('none (under 50), age_50 (50-59, 64+, or 60-63 in 2024), age_60_63 (60-63 from 2025).'),
    ),
  compensation_cap_applied: z
    .boolean()
    .check(z.describe('Whether compensation was given (false: no compensation cap was applied anywhere).')),
  elective_deferral: z
    .object(CappedBlock)
    .check(
      z.describe(
        '401(k) / 403(b) / governmental 457(b) elective deferrals: 402(g)(1) limit and 414(v) catch-up.',
      ),
    ),
  annual_additions: z
    .object(CappedBlock)
    .check(
      z.describe(
        '415(c)(1) annual additions: lesser of the dollar limit and 100% of compensation; catch_up is the ' +
          'elective-deferral catch-up, which is not counted against 415(c) (414(v)(3)(A)).',
      ),
    ),
  ira: z
    .object(CappedBlock)
    .check(
      z.describe(
        'Traditional + Roth IRA: 219(b)(5) limit and age-50 catch-up, lesser of that or compensation.',
      ),
    ),
  simple: z
    .object({
      small_employer: z.boolean().check(z.describe('Whether the 110% small-employer amounts were used.')),
      ...CappedBlock,
    })
    .check(
      z.describe('SIMPLE IRA / SIMPLE 401(k) employee deferrals: 408(p)(2)(E) limit and 414(v) catch-up.'),
    ),
  sep: z
    .object({
      limit: amount('Employer SEP contribution limit: min(25% x compensation_considered, 415(c) limit).'),
      compensation_rate: z.number().check(z.describe('0.25 (IRC 402(h)(2)(A), 404(h)(1)(C)).')),
      compensation_considered: z.optional(
        amount(
          'Compensation counted: min(compensation, 401(a)(17) limit); omitted when compensation is not given.',
        ),
      ),
      compensation_limit: amount('401(a)(17) compensation limit.'),
      annual_additions_limit: amount('415(c)(1)(A) dollar limit.'),
      min_compensation_for_participation: amount(
        '408(k)(2)(C): an employee paid less may be excluded from the SEP.',
      ),
      capped_by_compensation: z
        .boolean()
        .check(z.describe('Whether 25% of compensation (not the 415(c) dollar limit) set the limit.')),
    })
    .check(z.describe('SEP IRA employer contributions (no catch-up).')),
  hsa: z
    .object({
      self_only: amount('223(b)(2)(A) self-only limit.'),
      family: amount('223(b)(2)(B) family limit.'),
      catch_up: amount('223(b)(3) catch-up: 1,000 at age 55+, else 0.'),
      coverage: z.optional(z.enum(HSA_COVERAGES)).check(z.describe('hsa_coverage, when given.')),
      limit: z.optional(
        amount('Limit for the given coverage plus catch_up; omitted when hsa_coverage is not given.'),
      ),
    })
    .check(z.describe('HSA limits for 12 months of HDHP coverage; not capped by compensation.')),
  roth_catch_up_required: z
    .boolean()
    .check(
      z.describe('Whether elective-deferral catch-ups for tax_year must be designated Roth (IRC 414(v)(7)).'),
    ),
  roth_catch_up: z.object({
    in_force: z
      .boolean()
      .check(z.describe('Whether the mandate is enforced for tax_year (from 2026; Notice 2023-62).')),
    wage_threshold: amount('Prior-year FICA wages above which catch-ups must be Roth.'),
    wages_year: z.int().check(z.describe('The calendar year whose wages are tested (tax_year - 1).')),
    reason: z.string(),
  }),
});
/** The `result` of the envelope: the type of the `ContributionLimitsResult` schema. */
export type ContributionLimitsResult = z.infer<typeof ContributionLimitsResult>;

const money = (d: Dec) => roundMoney(d);

function block(limit: number, catchUp: number, compensation: number | undefined) {
  const capped = capAtCompensation(limit, catchUp, compensation);
  return {
    limit: money(capped.limit),
    catch_up: money(capped.catch_up),
    total: money(capped.total),
    capped_by_compensation: capped.capped,
  };
}

function catchUpAmount(category: CatchUpCategory, age50: number, ages60To63: number | undefined): number {
  if (category === 'none') return 0;
  if (category === 'age_60_63' && ages60To63 !== undefined) return ages60To63;
  return age50;
}

function rothCatchUp(
  year: number,
  electiveCatchUp: number,
  age: number,
  priorYearWages: number | undefined,
): { required: boolean; reason: string } {
  const {
    wage_threshold: threshold,
    wages_year: wagesYear,
    in_force: inForce,
  } = contributionLimitTable(year).roth_catch_up;
  const test = `${wagesYear} FICA wages from the plan sponsor over ${dollars(threshold)}`;
  if (!inForce) {
    return {
      required: false,
      reason:
        `Not enforced for ${year}: Notice 2023-62's administrative transition period covers 2024 and 2025, so ` +
        `catch-ups may be pre-tax (statutory test: ${test}).`,
    };
  }
  if (age < STATUTORY_AGES.catch_up.age)
    return { required: false, reason: `No catch-up at age ${age}: the mandate does not apply.` };
  if (electiveCatchUp <= 0) {
    return {
      required: false,
      reason: 'Compensation leaves no room for a catch-up: the mandate does not apply.',
    };
  }
  if (priorYearWages === undefined) {
    return {
      required: false,
      reason: `prior_year_wages not given: the mandate applies to catch-ups when ${test}.`,
    };
  }
  if (priorYearWages > threshold) {
    return {
      required: true,
      reason:
        `${wagesYear} wages ${dollars(priorYearWages)} exceed ${dollars(threshold)}: ${year} catch-ups to a ` +
        '401(k), 403(b) or governmental 457(b) must be Roth (IRC 414(v)(7)); not SEP or SIMPLE IRA catch-ups.',
    };
  }
  return {
    required: false,
    reason: `${wagesYear} wages ${dollars(priorYearWages)} do not exceed ${dollars(threshold)}: catch-ups may be pre-tax.`,
  };
}

function compute(input: z.output<typeof ContributionLimitsInput>): ContributionLimitsResult {
  const year = input.tax_year;
  const t = contributionLimitTable(year);
  // Compensation is money: counted to the cent, so that the caps and flags match the amounts reported.
  const compensation = input.compensation === undefined ? undefined : roundMoney(input.compensation);
  const category = catchUpCategory(input.age, t.elective_deferral.catch_up_60_63 !== undefined);

  // 402(g)(1) + 414(v): deferrals are annual additions, so 415(c)(1)(B) caps them at 100% of
  // compensation; 414(v)(2)(A)(ii) caps the catch-up at compensation less the other deferrals.
  const electiveCatchUp = catchUpAmount(
    category,
    t.elective_deferral.catch_up_50,
    t.elective_deferral.catch_up_60_63,
  );
  const elective = block(t.elective_deferral.limit, electiveCatchUp, compensation);

  // 415(c)(1): lesser of the dollar limit or 100% of compensation; catch-ups are not counted (414(v)(3)(A)).
  const additionsLimit = capAtCompensation(t.annual_additions_415c.limit, 0, compensation);
  const annualAdditions = {
    limit: money(additionsLimit.limit),
    catch_up: elective.catch_up,
    total: money(additionsLimit.limit.plus(elective.catch_up)),
    capped_by_compensation: additionsLimit.capped,
  };

  // 219(b)(1): lesser of the 219(b)(5) amount (with the age-50 catch-up) or compensation.
  const ira = block(
    t.ira.limit,
    input.age >= STATUTORY_AGES.catch_up.age ? t.ira.catch_up_50 : 0,
    compensation,
  );

  // 408(p)(2)(A)(ii), (E): deferrals out of compensation; small employers use the 110% amounts, but the
  // ages 60-63 amount is the same for both (Notice 2024-80).
  const small = input.simple_small_employer;
  const simpleCatchUp = catchUpAmount(
    category,
    small ? t.simple.catch_up_50_small_employer : t.simple.catch_up_50,
    t.simple.catch_up_60_63,
  );
  const simple = {
    small_employer: small,
    ...block(small ? t.simple.limit_small_employer : t.simple.limit, simpleCatchUp, compensation),
  };

  // 402(h)(2)(A): lesser of 25% of compensation (capped at 401(a)(17)) or the 415(c)(1)(A) amount.
  // Without compensation only the 415(c) dollar ceiling applies.
  const additionsDollar = new Dec(t.annual_additions_415c.limit);
  const considered =
    compensation === undefined ? undefined : Dec.min(compensation, t.compensation_limit_401a17.limit);
  const byRate = considered?.times(t.sep.compensation_rate);
  const sep: ContributionLimitsResult['sep'] = {
    limit: money(byRate === undefined ? additionsDollar : Dec.min(byRate, additionsDollar)),
    compensation_rate: roundRate(t.sep.compensation_rate),
    ...(considered === undefined ? {} : { compensation_considered: money(considered) }),
    compensation_limit: t.compensation_limit_401a17.limit,
    annual_additions_limit: t.annual_additions_415c.limit,
    min_compensation_for_participation: t.sep.min_compensation_for_participation,
    capped_by_compensation: byRate?.lt(additionsDollar) ?? false,
  };

  // 223(b)(2)-(3): dollar limits, no compensation test; +1,000 at 55+.
  const hsaCatchUp = input.age >= STATUTORY_AGES.hsa_catch_up.age ? t.hsa.catch_up_55 : 0;
  const hsa: ContributionLimitsResult['hsa'] = {
    self_only: t.hsa.self_only,
    family: t.hsa.family,
    catch_up: hsaCatchUp,
  };
  if (input.hsa_coverage !== undefined) {
    hsa.coverage = input.hsa_coverage;
    hsa.limit = t.hsa[input.hsa_coverage] + hsaCatchUp;
  }

  const roth = rothCatchUp(year, elective.catch_up, input.age, input.prior_year_wages);
  return {
    tax_year: year,
    age: input.age,
    catch_up_category: category,
    compensation_cap_applied: compensation !== undefined,
    elective_deferral: elective,
    annual_additions: annualAdditions,
    ira,
    simple,
    sep,
    hsa,
    roth_catch_up_required: roth.required,
    roth_catch_up: {
      in_force: t.roth_catch_up.in_force,
      wage_threshold: t.roth_catch_up.wage_threshold,
      wages_year: t.roth_catch_up.wages_year,
      reason: roth.reason,
    },
  };
}

/**
 * Retirement-plan and HSA contribution limits for one person and tax year (2024-2026): elective
 * deferrals (402(g)) with the age-appropriate catch-up (age 50, or ages 60-63 from 2025, which replaces
 * the age-50 amount), the 415(c) annual-additions ceiling, the IRA limit, SIMPLE (general or 110%
 * small-employer) and SEP limits, and the HSA limits with the age-55 catch-up. When `compensation` is
 * given, each amount the law ties to pay is capped at it (HSA limits are not). Flags whether catch-ups
 * must be Roth under the SECURE 2.0 mandate (enforced from 2026, prior-year wages over the threshold).
 * Figures: `data/utilities/contribution-limits/YYYY.json`.
 *
 * @example
 * ```ts
 * import { contributionLimits } from 'finplan/utilities';
 * // Notice 2024-80: age 61 in 2025: 23,500 + 11,250 = 34,750
 * contributionLimits({ tax_year: 2025, age: 61 }).result.elective_deferral.total; // 34750
 * ```
 */
export const contributionLimits = defineOperation({
  path: '/v1/contribution-limits',
  engine: 'contribution-limits',
  version: '1.0.0',
  prefix: 'limits',
  summary: 'Retirement-plan, IRA and HSA contribution limits for one person and tax year.',
  description:
    'Elective deferral (402(g)) with the age-50 or ages 60-63 catch-up (414(v); age at December 31), ' +
    '415(c) annual additions, IRA (219(b)), SIMPLE (408(p), optional 110% small-employer amounts), SEP ' +
    '(402(h): min(25% of compensation up to 401(a)(17), 415(c))) and HSA (223(b)) limits for 2024-2026 ' +
    '(IRS Notices 2023-75, 2024-80, 2025-67; Rev. Procs. 2023-23, 2024-25, 2025-19). Amounts tied to pay ' +
    'are capped at compensation when it is given; HSA limits are not. roth_catch_up_required flags the ' +
    '414(v)(7) Roth catch-up mandate (enforced from 2026; prior-year FICA wages over the threshold).',
  example: {
    tax_year: 2025,
    age: 61,
    compensation: 180000,
    prior_year_wages: 170000,
    hsa_coverage: 'family',
  },
  input: ContributionLimitsInput,
  output: ContributionLimitsResult,
  compute,
});
