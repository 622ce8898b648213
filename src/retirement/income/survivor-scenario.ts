import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../../core/money';
import { defineOperation } from '../../core/operation';
import {
  integer,
  nonNegativeMoney,
  oneOf,
  optionalResultNumber,
  resultNumber,
  withDefault,
} from '../../core/schema';
import { yearField } from '../../core/year-tables';
import { IRMAA_ENGINE, irmaaFor, irmaaTables, MEDICARE_RULES } from '../../healthcare/engine';
import { type HouseholdYearTax, householdTax, TAX_ENGINE, taxYearField } from '../../tax/engine';

const SPOUSES = ['a', 'b'] as const;
type Spouse = (typeof SPOUSES)[number];
const SURVIVOR_STATUSES = ['single', 'qss'] as const;

/** Oldest age accepted: the survivor year counts the survivor one year older. */
const MAX_AGE = 119;

function spouseSchema(label: string) {
  return z
    .strictObject({
      social_security: nonNegativeMoney(
        `${label}'s own Social Security benefit for the year (dollars a year; gross, before any Medicare premium withheld: box 5 of Form SSA-1099).`,
      ),
      other_income: nonNegativeMoney(
        `${label}'s own ordinary income that stops at their death (dollars a year): a single-life pension, an annuity ending at death, wages. Treated as neither earned income nor investment income.`,
      ),
      age: z.optional(
        integer(
          `${label}'s age at the end of tax_year (0-${MAX_AGE}). At 65 or older it adds the additional standard deduction and the senior deduction, and counts as enrolled in Medicare for IRMAA. Required with irmaa_year.`,
          { min: 0, max: MAX_AGE },
        ),
      ),
    })
    .check(z.describe(`${label}: own Social Security benefit, own other income and age.`));
}

/** `/v1/retirement/survivor-scenario` request. */
export const SurvivorScenarioInput = z
  .strictObject({
    tax_year: taxYearField(),
    spouse_a: spouseSchema('Spouse a'),
    spouse_b: spouseSchema('Spouse b'),
    shared_ordinary_income: nonNegativeMoney(
      'Ordinary income that continues in full to the survivor (dollars a year): IRA and 401(k) withdrawals, interest, a joint-and-100% survivor pension. Treated as neither earned income nor investment income.',
    ),
    deceased: z.optional(
      oneOf(
        SPOUSES,
        'Who dies: a or b. Default: the death that leaves the survivor the lower after-tax income (federal tax only; spouse a on a tie).',
      ),
    ),
    survivor_filing_status: withDefault(
      oneOf(
        SURVIVOR_STATUSES,
        'Filing status of the survivor year: single (default), or qss (qualifying surviving spouse, IRC §2(a): only with a dependent child living in the home, for the two tax years after the year of death).',
      ),
      'single',
    ),
    irmaa_year: z.optional(
      yearField(
        'Adds the Medicare IRMAA surcharges of both years: the CMS table of this premium year is applied to the MAGI of the couple year and of the survivor year (thresholds held constant, as the tax brackets are). Needs both ages.',
        irmaaTables,
      ),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.irmaa_year === undefined) return;
      for (const spouse of ['spouse_a', 'spouse_b'] as const) {
        if (input[spouse].age === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [spouse, 'age'],
            message: 'is required with irmaa_year (Medicare enrollment is taken from age 65)',
            input: undefined,
          });
        }
      }
    }),
  );
export type SurvivorScenarioInput = z.input<typeof SurvivorScenarioInput>;
type Parsed = z.output<typeof SurvivorScenarioInput>;

const TaxYearFigures = z.object({
  filing_status: z.enum(['mfj', ...SURVIVOR_STATUSES]),
  ages: z
    .array(z.number())
    .check(z.describe('Ages at the end of the year of the people on the return (empty when not given).')),
  social_security: resultNumber('Social Security benefits received in the year.'),
  other_income: resultNumber('Own other income of the people alive in the year.'),
  shared_ordinary_income: resultNumber('shared_ordinary_income.'),
  total_income: resultNumber('social_security + other_income + shared_ordinary_income: the cash income.'),
  provisional_income: resultNumber(
    'IRC §86 provisional income: other ordinary income + one-half of the benefits (Pub. 915 Worksheet 1 line 7).',
  ),
  taxable_social_security: resultNumber('Benefits included in gross income under IRC §86.'),
  adjusted_gross_income: resultNumber('Ordinary income + taxable Social Security (also the MAGI for IRMAA).'),
  standard_deduction: resultNumber('Basic standard deduction plus the 65-or-older additional amounts.'),
  senior_deduction: resultNumber(
    'IRC §151(d)(5)(C) deduction for those 65 or older (2025-2028), after its phase-out.',
  ),
  taxable_income: resultNumber('Federal taxable income.'),
  federal_tax: resultNumber('Federal income tax.'),
  after_tax_income: resultNumber('total_income - federal_tax.'),
  effective_rate: resultNumber('federal_tax / total_income (0 without income).'),
  marginal_rate: resultNumber('Bracket rate on the next dollar of ordinary taxable income.'),
  effective_marginal_rate: resultNumber(
    'Federal tax added by the next dollar of ordinary income: the bracket rate times the income it brings into tax (1 + 0.5 or 0.85 of taxable benefits, plus any senior-deduction phase-out).',
  ),
});

const IrmaaYearFigures = z.object({
  magi: resultNumber('MAGI read by Medicare: the adjusted gross income of the year.'),
  table: z.enum(['joint', 'individual']),
  tier: resultNumber('IRMAA tier (0 = no surcharge, 1-5).'),
  enrolled: resultNumber('People on Medicare in the year (65 or older).'),
  part_b_irmaa_monthly: resultNumber('Part B adjustment per person per month.'),
  part_d_irmaa_monthly: resultNumber('Part D adjustment per person per month.'),
  annual_surcharge: resultNumber('12 x (Part B + Part D adjustments) x enrolled.'),
  after_tax_income_less_irmaa: resultNumber('after_tax_income - annual_surcharge.'),
});

export const SurvivorScenarioResult = z.object({
  tax_year: resultNumber('Tax year whose federal tables are used for both years.'),
  deceased: z.enum(SPOUSES),
  deceased_chosen_by: z
    .enum(['request', 'lower_survivor_income'])
    .check(
      z.describe(
        'request: deceased was given; lower_survivor_income: the death leaving the survivor the lower after-tax income.',
      ),
    ),
  survivor: z.enum(SPOUSES),
  survivor_benefit_from: z
    .enum(['own', 'deceased'])
    .check(
      z.describe(
        "Which benefit the survivor keeps: the larger of their own and the deceased's (own on a tie).",
      ),
    ),
  couple: TaxYearFigures.check(
    z.describe(
      'A year with both spouses alive, filing jointly; also the filing status of the year of death (IRC §6013(a)(2)), whose income depends on the date of death and is not shown.',
    ),
  ),
  survivor_year: TaxYearFigures.check(
    z.describe(
      "The first full year after the death: the larger benefit, the survivor's own and the shared income, filing single (or qss); the survivor one year older; on tax_year's tables.",
    ),
  ),
  change: z
    .object({
      total_income: resultNumber('survivor_year - couple.'),
      taxable_social_security: resultNumber('survivor_year - couple.'),
      taxable_income: resultNumber('survivor_year - couple.'),
      federal_tax: resultNumber(
        'survivor_year - couple: above 0 when the survivor pays more on less income.',
      ),
      after_tax_income: resultNumber('survivor_year - couple.'),
      effective_rate: resultNumber('survivor_year - couple (the widow’s penalty in rate).'),
      marginal_rate: resultNumber('survivor_year - couple.'),
      effective_marginal_rate: resultNumber('survivor_year - couple.'),
      after_tax_income_ratio: optionalResultNumber(
        "survivor_year's after-tax income / the couple's; absent when the couple's is 0.",
      ),
    })
    .check(z.describe('The widow’s penalty: survivor year minus couple year.')),
  irmaa: z.optional(
    z
      .object({
        irmaa_year: resultNumber('Premium year of the CMS table applied.'),
        couple: IrmaaYearFigures,
        survivor_year: IrmaaYearFigures,
        change_in_annual_surcharge: resultNumber('survivor_year - couple.'),
        change_in_after_tax_income_less_irmaa: resultNumber('survivor_year - couple.'),
      })
      .check(z.describe('With irmaa_year: the Medicare surcharges of both years.')),
  ),
});
/** The `result` of the envelope: the type of the `SurvivorScenarioResult` schema. */
export type SurvivorScenarioResult = z.infer<typeof SurvivorScenarioResult>;

type Status = 'mfj' | (typeof SURVIVOR_STATUSES)[number];
type YearFigures = z.infer<typeof TaxYearFigures>;

/** One year's household: who files, with which benefits and income. */
interface YearCase {
  readonly status: Status;
  readonly benefits: number;
  readonly own: number;
  readonly shared: number;
  readonly ages: readonly number[];
}

interface YearResult {
  readonly figures: YearFigures;
  readonly tax: HouseholdYearTax;
  readonly afterTax: Dec;
}

/** A decimal as the number that prints it (exact for amounts of up to 15 significant digits). */
const num = (value: Dec): number => value.toNumber();

function taxYear(year: number, c: YearCase): YearResult {
  const ordinary = new Dec(c.own).plus(c.shared);
  const household = {
    tax_year: year,
    filing_status: c.status,
    social_security_benefits: c.benefits,
    age: c.ages[0],
    spouse_age: c.ages[1],
    // Pensions, annuities, withdrawals and interest: no additional Medicare tax, no NIIT (see the docs).
    earned_income: 0,
    net_investment_income: 0,
  };
  const tax = householdTax({ ...household, ordinary_income: num(ordinary) });
  const next = householdTax({ ...household, ordinary_income: num(ordinary.plus(1)) });
  const total = ordinary.plus(c.benefits);
  const federal = tax.total;
  // The rounded tax is subtracted, so that the result adds up to the cent.
  const afterTax = total.minus(roundMoney(federal));
  const figures: YearFigures = {
    filing_status: c.status,
    ages: [...c.ages],
    social_security: roundMoney(c.benefits),
    other_income: roundMoney(c.own),
    shared_ordinary_income: roundMoney(c.shared),
    total_income: roundMoney(total),
    provisional_income: roundMoney(tax.social_security?.provisional_income ?? ordinary),
    taxable_social_security: roundMoney(tax.taxable_social_security),
    adjusted_gross_income: roundMoney(tax.gross_income),
    standard_deduction: roundMoney(tax.standard_deduction.total),
    senior_deduction: roundMoney(tax.senior_deduction),
    taxable_income: roundMoney(tax.taxable_income),
    federal_tax: roundMoney(federal),
    after_tax_income: roundMoney(afterTax),
    effective_rate: total.gt(0) ? roundRate(federal.div(total)) : 0,
    marginal_rate: tax.marginal_ordinary_rate,
    effective_marginal_rate: roundRate(next.total.minus(federal)),
  };
  return { figures, tax, afterTax };
}

const agesOf = (...ages: (number | undefined)[]): number[] =>
  ages.filter((age): age is number => age !== undefined);

/** The survivor year when `deceased` dies: the larger benefit, own and shared income, one year older. */
function survivorCase(input: Parsed, deceased: Spouse): YearCase {
  const survivor = deceased === 'a' ? input.spouse_b : input.spouse_a;
  const dead = deceased === 'a' ? input.spouse_a : input.spouse_b;
  return {
    status: input.survivor_filing_status,
    benefits: Math.max(survivor.social_security, dead.social_security),
    own: survivor.other_income,
    shared: input.shared_ordinary_income,
    ages: agesOf(survivor.age === undefined ? undefined : survivor.age + 1),
  };
}

const money = (value: number): Dec => new Dec(value);
const difference = (after: number, before: number): number => roundMoney(money(after).minus(before));
const rateDifference = (after: number, before: number): number => roundRate(after - before);

type IrmaaFigures = z.infer<typeof IrmaaYearFigures>;

function irmaaYear(year: number, result: YearResult, status: Status, enrolled: number): IrmaaFigures {
  const magi = result.tax.gross_income;
  const tier = irmaaFor(year, status, num(magi));
  const annual = new Dec(tier.part_b_irmaa).plus(tier.part_d_irmaa).times(12).times(enrolled);
  return {
    magi: roundMoney(magi),
    table: tier.table === 'joint' ? 'joint' : 'individual',
    tier: tier.tier,
    enrolled,
    part_b_irmaa_monthly: roundMoney(tier.part_b_irmaa),
    part_d_irmaa_monthly: roundMoney(tier.part_d_irmaa),
    annual_surcharge: roundMoney(annual),
    after_tax_income_less_irmaa: roundMoney(result.afterTax.minus(annual)),
  };
}

function compute(input: Parsed): SurvivorScenarioResult {
  const year = input.tax_year;
  const a = input.spouse_a;
  const b = input.spouse_b;
  const coupleCase: YearCase = {
    status: 'mfj',
    benefits: num(money(a.social_security).plus(b.social_security)),
    own: num(money(a.other_income).plus(b.other_income)),
    shared: input.shared_ordinary_income,
    ages: agesOf(a.age, b.age),
  };
  const couple = taxYear(year, coupleCase);

  let deceased: Spouse;
  let survivor: YearResult;
  let survivorAt: YearCase;
  if (input.deceased !== undefined) {
    deceased = input.deceased;
    survivorAt = survivorCase(input, deceased);
    survivor = taxYear(year, survivorAt);
  } else {
    // The worse death for the survivor's after-tax income; a on a tie.
    const ifA = survivorCase(input, 'a');
    const ifB = survivorCase(input, 'b');
    const whenA = taxYear(year, ifA);
    const whenB = taxYear(year, ifB);
    const bWorse = whenB.afterTax.lt(whenA.afterTax);
    deceased = bWorse ? 'b' : 'a';
    survivorAt = bWorse ? ifB : ifA;
    survivor = bWorse ? whenB : whenA;
  }
  const own = deceased === 'a' ? b.social_security : a.social_security;
  const theirs = deceased === 'a' ? a.social_security : b.social_security;

  const c = couple.figures;
  const s = survivor.figures;
  const result: SurvivorScenarioResult = {
    tax_year: year,
    deceased,
    deceased_chosen_by: input.deceased === undefined ? 'lower_survivor_income' : 'request',
    survivor: deceased === 'a' ? 'b' : 'a',
    survivor_benefit_from: theirs > own ? 'deceased' : 'own',
    couple: c,
    survivor_year: s,
    change: {
      total_income: difference(s.total_income, c.total_income),
      taxable_social_security: difference(s.taxable_social_security, c.taxable_social_security),
      taxable_income: difference(s.taxable_income, c.taxable_income),
      federal_tax: difference(s.federal_tax, c.federal_tax),
      after_tax_income: difference(s.after_tax_income, c.after_tax_income),
      effective_rate: rateDifference(s.effective_rate, c.effective_rate),
      marginal_rate: rateDifference(s.marginal_rate, c.marginal_rate),
      effective_marginal_rate: rateDifference(s.effective_marginal_rate, c.effective_marginal_rate),
      ...(couple.afterTax.gt(0)
        ? { after_tax_income_ratio: roundRate(survivor.afterTax.div(couple.afterTax)) }
        : {}),
    },
  };
  if (input.irmaa_year !== undefined) {
    const medicareAge = MEDICARE_RULES.eligibility.medicare_age;
    const enrolled = (ages: readonly number[]) => ages.filter((age) => age >= medicareAge).length;
    const ci = irmaaYear(input.irmaa_year, couple, 'mfj', enrolled(coupleCase.ages));
    const si = irmaaYear(input.irmaa_year, survivor, survivorAt.status, enrolled(survivorAt.ages));
    result.irmaa = {
      irmaa_year: input.irmaa_year,
      couple: ci,
      survivor_year: si,
      change_in_annual_surcharge: difference(si.annual_surcharge, ci.annual_surcharge),
      change_in_after_tax_income_less_irmaa: difference(
        si.after_tax_income_less_irmaa,
        ci.after_tax_income_less_irmaa,
      ),
    };
  }
  return result;
}

/**
 * Couple versus survivor, one year each on the same year's federal tables: the couple files jointly
 * with both Social Security benefits and both spouses' own income; in the first full year after a
 * death the survivor keeps the larger of the two benefits (the survivor benefit, assuming the deceased
 * claimed at or after full retirement age and the survivor has reached survivor full retirement age),
 * loses the deceased's own income, keeps the shared income and files single (or as a qualifying
 * surviving spouse). Federal tax through the tax engine (`householdTax`: taxable benefits under IRC §86,
 * the 65-or-older deductions), optional Medicare IRMAA through the IRMAA engine (`irmaaFor`), and the
 * change between the two years: the "widow's penalty".
 *
 * @example
 * ```ts
 * import { survivorScenario } from 'finplan/retirement';
 * // 2025: 60,000 of benefits and 100,000 of IRA withdrawals. The couple owes 12,800.40; the survivor,
 * // with 40,000 of benefits and the same withdrawals filing single, owes 20,156.60 on 20,000 less.
 * const r = survivorScenario({
 *   tax_year: 2025,
 *   spouse_a: { social_security: 40_000, other_income: 0, age: 70 },
 *   spouse_b: { social_security: 20_000, other_income: 0, age: 68 },
 *   shared_ordinary_income: 100_000,
 *   deceased: 'a',
 * }).result;
 * r.change.federal_tax; // 7356.2
 * ```
 */
export const survivorScenario = defineOperation({
  path: '/v1/retirement/survivor-scenario',
  engine: 'survivor-scenario',
  version: '1.0.1',
  uses: [TAX_ENGINE, IRMAA_ENGINE],
  prefix: 'surv',
  summary:
    'Couple versus survivor: income, taxable Social Security, federal tax and IRMAA, and the widow’s penalty.',
  description:
    'Compares a year of a married couple filing jointly with the first full year of the survivor: the larger ' +
    'Social Security benefit kept, the deceased’s own income lost, the shared income kept, filing single (or ' +
    'qualifying surviving spouse). Federal tax with taxable Social Security under IRC §86 and the 65-or-older ' +
    'deductions, effective and marginal rates, optional Medicare IRMAA, and the changes.',
  example: {
    tax_year: 2025,
    spouse_a: { social_security: 40000, other_income: 0, age: 70 },
    spouse_b: { social_security: 20000, other_income: 0, age: 68 },
    shared_ordinary_income: 100000,
    deceased: 'a',
    irmaa_year: 2025,
  },
  input: SurvivorScenarioInput,
  output: SurvivorScenarioResult,
  compute,
});
