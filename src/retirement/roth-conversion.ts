import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  age,
  fieldIssue,
  filingStatus,
  integer,
  nonNegativeMoney,
  optionalResultNumber,
  rate,
  resultNumber,
  withDefault,
} from '../core/schema';
import { yearField } from '../core/year-tables';
import { IRMAA_ENGINE, irmaaFor, irmaaTables } from '../healthcare/engine';
import { type HouseholdYear, householdTax, TAX_ENGINE, taxYearField } from '../tax/engine';
import {
  bracketCeilingOf,
  fillableBracketRates,
  notFillableMessage,
  ordinaryRoomTo,
} from './_lib/bracket-fill';
import {
  RMD_BEGINNING_AGES_TEXT,
  RMD_BIRTH_YEARS,
  RMD_SPLIT_BIRTH_YEARS_TEXT,
  rmdBeginning,
  rmdDivisorFor,
  rmdYearIssue,
  UNIFORM_TABLE_FIRST_YEAR,
} from './_lib/uniform-lifetime';

const RothConversionObject = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  current_age: age('Age attained by December 31 of tax_year, the first year of the plan (0-119).'),
  end_age: age(
    'Planning horizon (above current_age): the last year of the plan is the one in which the owner attains ' +
      'end_age - 1; the ending balances are those at the end of that year.',
  ),
  birth_year: integer(
    `Owner's year of birth (${RMD_BIRTH_YEARS.min}-${RMD_BIRTH_YEARS.max}): tax_year - current_age. Sets the ` +
      `RMD beginning age (${RMD_BEGINNING_AGES_TEXT}). A plan year before ${UNIFORM_TABLE_FIRST_YEAR} in which ` +
      'an RMD is or may be due is a 400, as in /v1/retirement/rmd.',
    RMD_BIRTH_YEARS,
  ),
  tax_deferred_balance: nonNegativeMoney(
    'Traditional IRA balance at the start of tax_year (the prior December 31 balance for the RMD; dollars).',
  ),
  roth_balance: nonNegativeMoney('Roth IRA balance at the start of tax_year (dollars).'),
  other_ordinary_income: withDefault(
    nonNegativeMoney(
      'Ordinary income of each year besides RMDs and conversions (pension, wages, interest), in dollars of ' +
        'today (default 0).',
    ),
    0,
  ),
  annual_return: rate('Real annual return of both accounts (0.04 = 4% above inflation; -0.99 to 1).'),
  target_bracket: rate(
    'Rate of the ordinary bracket to fill with conversions each year (0.22 converts up to the top of the ' +
      "22% bracket); one of the tax year's bracket rates below the top one.",
    { min: 0, max: 1 },
  ),
  conversion_end_age: age(
    'Conversions happen in the years in which the owner attains current_age to conversion_end_age - 1 ' +
      '(current_age to end_age; equal to current_age: no conversion).',
  ),
  heirs_tax_rate: withDefault(
    rate(
      'Tax rate of the heirs on the tax-deferred balance left at the end (0-1, default 0): the after-tax ' +
        'wealth counts that balance x (1 - heirs_tax_rate); Roth balances count in full.',
      { min: 0, max: 1 },
    ),
    0,
  ),
  irmaa_cap: z.optional(
    z
      .strictObject({
        irmaa_year: yearField(
          'Premium year whose IRMAA thresholds are held constant (the tier of a premium year is set by the ' +
            'MAGI of two years before).',
          irmaaTables,
        ),
        max_tier: integer('Highest IRMAA tier allowed (0 = no surcharge, 1-5 the CMS rows).', {
          min: 0,
          max: 5,
        }),
      })
      .check(
        z.describe(
          'Optional: cap each conversion so that MAGI (other income + RMD + conversion) stays within max_tier ' +
            'of the IRMAA table of irmaa_year, in every conversion year.',
        ),
      ),
  ),
});

/** `/v1/roth-conversion` request. */
export const RothConversionInput = RothConversionObject.check(
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.end_age <= input.current_age)
      issue('end_age', `must be above current_age (${input.current_age})`);
    if (input.conversion_end_age < input.current_age || input.conversion_end_age > input.end_age)
      issue(
        'conversion_end_age',
        `must be from current_age (${input.current_age}) to end_age (${input.end_age})`,
      );
    if (input.birth_year + input.current_age !== input.tax_year)
      issue('birth_year', `must be tax_year - current_age (${input.tax_year - input.current_age})`);
    else {
      // The RMD rule in every year of the plan (a year of the table held is always answered).
      const refusal = rmdYearIssue(input.birth_year, input.current_age, input.end_age - 1);
      if (refusal !== undefined) issue('birth_year', refusal.message, { finplan: refusal.code });
    }
    const rates = fillableBracketRates(input.tax_year, input.filing_status);
    if (rates && !rates.includes(input.target_bracket))
      issue('target_bracket', notFillableMessage(input.tax_year, input.filing_status, rates), {
        finplan: 'invalid_input',
      });
  }),
);
export type RothConversionInput = z.input<typeof RothConversionInput>;

const YearRow = z.object({
  age: z.int().check(z.describe('Age attained in the year.')),
  year: z
    .int()
    .check(z.describe('tax_year + the year index (a label: the brackets of tax_year apply to every year).')),
  rmd: resultNumber(
    'RMD taken (and spent) with conversions: start-of-year balance / Uniform Lifetime divisor.',
  ),
  conversion: resultNumber('Amount converted (dollars).'),
  conversion_tax: resultNumber(
    'Federal tax the conversion adds (tax with it less tax without it), paid from the converted amount.',
  ),
  federal_tax: resultNumber('Federal tax of the year with the conversion.'),
  tax_deferred_balance: resultNumber('Tax-deferred balance at the end of the year, with conversions.'),
  roth_balance: resultNumber('Roth balance at the end of the year, with conversions.'),
  after_tax_wealth: resultNumber('tax_deferred_balance x (1 - heirs_tax_rate) + roth_balance.'),
  baseline_rmd: resultNumber('RMD without conversions.'),
  baseline_federal_tax: resultNumber('Federal tax of the year without conversions.'),
  baseline_tax_deferred_balance: resultNumber(
    'Tax-deferred balance at the end of the year without conversions.',
  ),
  baseline_roth_balance: resultNumber('Roth balance at the end of the year without conversions.'),
  baseline_after_tax_wealth: resultNumber('The baseline balances valued as after_tax_wealth.'),
});

const Scenario = (what: string) =>
  z.object({
    lifetime_tax: resultNumber(`Sum of the yearly federal tax ${what} (real dollars, not discounted).`),
    lifetime_net_income: resultNumber(
      `Sum over the years ${what} of other_ordinary_income + RMD - (federal tax - conversion tax): the income ` +
        'spent.',
    ),
    ending_tax_deferred_balance: resultNumber(`Tax-deferred balance at end_age ${what}.`),
    ending_roth_balance: resultNumber(`Roth balance at end_age ${what}.`),
    ending_after_tax_wealth: resultNumber(
      `ending_tax_deferred_balance x (1 - heirs_tax_rate) + ending_roth_balance ${what}.`,
    ),
  });

export const RothConversionResult = z.object({
  bracket_ceiling: resultNumber('Taxable income at the top of target_bracket (tax_year, filing_status).'),
  rmd_beginning_age: z.optional(
    z
      .number()
      .check(
        z.describe(
          `Age at which RMDs begin for birth_year (${RMD_BEGINNING_AGES_TEXT}; 70 1/2 is given as 70.5); ` +
            `omitted for ${RMD_SPLIT_BIRTH_YEARS_TEXT}, which the birth date splits between two ages (past ` +
            'both in every year the plan can model).',
        ),
      ),
  ),
  first_year_conversion: resultNumber('Conversion of the first year.'),
  total_converted: resultNumber('Sum of the conversions.'),
  with_conversions: Scenario('with conversions'),
  baseline: Scenario('without conversions'),
  lifetime_tax_difference: resultNumber(
    'baseline.lifetime_tax - with_conversions.lifetime_tax (positive: saved).',
  ),
  advantage: resultNumber(
    'Ending after-tax wealth + lifetime net income with conversions, less the same without (positive: ' +
      'conversions come out ahead).',
  ),
  breakeven_age: optionalResultNumber(
    'First age from whose year-end on after-tax wealth + net income spent so far with conversions is at ' +
      'least that without, through end_age; omitted when that never happens.',
  ),
  breakeven_year: optionalResultNumber('The calendar label (year) of breakeven_age.'),
  years: z.array(YearRow).check(z.describe('One row per year, current_age to end_age - 1.')),
});
/** The `result` of the envelope: the type of the `RothConversionResult` schema. */
export type RothConversionResult = z.infer<typeof RothConversionResult>;

type Parsed = z.output<typeof RothConversionInput>;

/** The most MAGI that stays within `maxTier` (undefined: no limit) given MAGI `magi`: see `irmaaFor`. */
function irmaaRoom(cap: NonNullable<Parsed['irmaa_cap']>, input: Parsed, magi: number): number | undefined {
  let m = magi;
  let tier = irmaaFor(cap.irmaa_year, input.filing_status, m);
  if (tier.tier > cap.max_tier) return 0;
  while (tier.tier < cap.max_tier && tier.headroom !== undefined) {
    m = roundMoney(new Dec(m).plus(tier.headroom).plus(0.01));
    tier = irmaaFor(cap.irmaa_year, input.filing_status, m);
  }
  // max_tier above the table's top tier, or at it: no limit.
  if (tier.headroom === undefined || tier.tier > cap.max_tier)
    return tier.headroom === undefined ? undefined : 0;
  return roundMoney(new Dec(m).plus(tier.headroom).minus(magi));
}

function compute(input: Parsed): RothConversionResult {
  const ceiling = bracketCeilingOf(
    input.tax_year,
    input.filing_status,
    input.target_bracket,
    'target_bracket',
  );
  const growth = new Dec(1).plus(input.annual_return);
  const keep = new Dec(1).minus(input.heirs_tax_rate);
  const wealth = (deferred: Dec, roth: Dec) => roundMoney(deferred.times(keep).plus(roth));
  const other = new Dec(input.other_ordinary_income);

  let deferred = new Dec(roundMoney(input.tax_deferred_balance));
  let roth = new Dec(roundMoney(input.roth_balance));
  let baseDeferred = deferred;
  let baseRoth = roth;
  const totals = {
    tax: new Dec(0),
    net: new Dec(0),
    converted: new Dec(0),
    baseTax: new Dec(0),
    baseNet: new Dec(0),
  };
  const years: RothConversionResult['years'] = [];
  const lead: Dec[] = [];

  for (let ageNow = input.current_age; ageNow < input.end_age; ageNow++) {
    const household = (ordinary: Dec): HouseholdYear => ({
      tax_year: input.tax_year,
      filing_status: input.filing_status,
      age: ageNow,
      ordinary_income: ordinary.toNumber(),
    });
    const divisor = rmdDivisorFor(ageNow, input.birth_year);
    const rmdOf = (balance: Dec) =>
      divisor === undefined ? new Dec(0) : new Dec(roundMoney(balance.div(divisor)));

    // With conversions: RMD first, then the conversion that fills the bracket (and the IRMAA tier).
    const rmd = rmdOf(deferred);
    const beforeIncome = other.plus(rmd);
    let conversion = new Dec(0);
    if (ageNow < input.conversion_end_age) {
      let room = ordinaryRoomTo(household(beforeIncome), ceiling);
      if (input.irmaa_cap !== undefined) {
        const limit = irmaaRoom(input.irmaa_cap, input, beforeIncome.toNumber());
        if (limit !== undefined) room = Math.min(room, limit);
      }
      conversion = Dec.min(room, deferred.minus(rmd));
    }
    const taxBefore = householdTax(household(beforeIncome)).total;
    const taxAfter = conversion.isZero()
      ? taxBefore
      : householdTax(household(beforeIncome.plus(conversion))).total;
    const federalTax = new Dec(roundMoney(taxAfter));
    const conversionTax = new Dec(roundMoney(taxAfter.minus(taxBefore)));
    deferred = new Dec(roundMoney(deferred.minus(rmd).minus(conversion).times(growth)));
    roth = new Dec(roundMoney(roth.plus(conversion).minus(conversionTax).times(growth)));
    totals.tax = totals.tax.plus(federalTax);
    totals.net = totals.net.plus(beforeIncome).minus(federalTax.minus(conversionTax));
    totals.converted = totals.converted.plus(conversion);

    // Baseline: the RMD only.
    const baseRmd = rmdOf(baseDeferred);
    const baseIncome = other.plus(baseRmd);
    const baseTax = new Dec(roundMoney(householdTax(household(baseIncome)).total));
    baseDeferred = new Dec(roundMoney(baseDeferred.minus(baseRmd).times(growth)));
    baseRoth = new Dec(roundMoney(baseRoth.times(growth)));
    totals.baseTax = totals.baseTax.plus(baseTax);
    totals.baseNet = totals.baseNet.plus(baseIncome).minus(baseTax);

    const afterTax = wealth(deferred, roth);
    const baseAfterTax = wealth(baseDeferred, baseRoth);
    lead.push(new Dec(afterTax).plus(totals.net).minus(baseAfterTax).minus(totals.baseNet));
    years.push({
      age: ageNow,
      year: input.tax_year + (ageNow - input.current_age),
      rmd: roundMoney(rmd),
      conversion: roundMoney(conversion),
      conversion_tax: roundMoney(conversionTax),
      federal_tax: roundMoney(federalTax),
      tax_deferred_balance: roundMoney(deferred),
      roth_balance: roundMoney(roth),
      after_tax_wealth: afterTax,
      baseline_rmd: roundMoney(baseRmd),
      baseline_federal_tax: roundMoney(baseTax),
      baseline_tax_deferred_balance: roundMoney(baseDeferred),
      baseline_roth_balance: roundMoney(baseRoth),
      baseline_after_tax_wealth: baseAfterTax,
    });
  }

  // Breakeven: the first year-end from which conversions stay at least even through the horizon.
  let breakeven: number | undefined;
  for (let i = lead.length - 1; i >= 0 && (lead[i] as Dec).gte(0); i--) breakeven = i;
  const beginningAge = rmdBeginning(input.birth_year).age;
  const last = years[years.length - 1] as RothConversionResult['years'][number];
  const summary = (tax: Dec, net: Dec, deferredEnd: number, rothEnd: number, wealthEnd: number) => ({
    lifetime_tax: roundMoney(tax),
    lifetime_net_income: roundMoney(net),
    ending_tax_deferred_balance: deferredEnd,
    ending_roth_balance: rothEnd,
    ending_after_tax_wealth: wealthEnd,
  });
  return {
    bracket_ceiling: ceiling,
    ...(beginningAge === undefined ? {} : { rmd_beginning_age: beginningAge }),
    first_year_conversion: (years[0] as RothConversionResult['years'][number]).conversion,
    total_converted: roundMoney(totals.converted),
    with_conversions: summary(
      totals.tax,
      totals.net,
      last.tax_deferred_balance,
      last.roth_balance,
      last.after_tax_wealth,
    ),
    baseline: summary(
      totals.baseTax,
      totals.baseNet,
      last.baseline_tax_deferred_balance,
      last.baseline_roth_balance,
      last.baseline_after_tax_wealth,
    ),
    lifetime_tax_difference: roundMoney(totals.baseTax.minus(totals.tax)),
    advantage: roundMoney(lead[lead.length - 1] as Dec),
    ...(breakeven === undefined
      ? {}
      : { breakeven_age: input.current_age + breakeven, breakeven_year: input.tax_year + breakeven }),
    years,
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): each year
// of the plan runs the federal tax engine with and without conversions; a conversion year also fills
// the target bracket (and finds the IRMAA room with irmaa_cap).
const YEAR_COST = 2_500;
const CONVERSION_YEAR_COST = 3_000;
const IRMAA_CAP_YEAR_COST = 1_500;

/** Path-steps of a request: its years, and its conversion years. */
function cost(input: Parsed): number {
  const conversionYears = Math.max(0, input.conversion_end_age - input.current_age);
  const perConversion = CONVERSION_YEAR_COST + (input.irmaa_cap === undefined ? 0 : IRMAA_CAP_YEAR_COST);
  return (input.end_age - input.current_age) * YEAR_COST + conversionYears * perConversion;
}

/**
 * Yearly Roth conversions that fill the ordinary bracket `target_bracket` (its top, plus the deduction,
 * less other income and the RMD), compared with a no-conversion baseline, in real dollars with the
 * brackets of `tax_year` held constant: the per-year table, the lifetime federal tax both ways, the ending
 * after-tax wealth (the tax-deferred balance at `1 - heirs_tax_rate`), and the breakeven age. RMDs start at
 * the SECURE 2.0 age, are taken before the conversion and spent; the conversion's tax is paid from the
 * converted amount. Optionally capped at an IRMAA tier (`irmaa_cap`).
 *
 * @example
 * ```ts
 * import { rothConversion } from 'finplan/retirement';
 * // 2025 single at 60 with 20,000 of pension, filling the 12% bracket: 48,475 + 15,750 - 20,000.
 * rothConversion({
 *   tax_year: 2025, filing_status: 'single', current_age: 60, end_age: 90, birth_year: 1965,
 *   tax_deferred_balance: 800_000, roth_balance: 0, other_ordinary_income: 20_000, annual_return: 0.04,
 *   target_bracket: 0.12, conversion_end_age: 75,
 * }).result.first_year_conversion; // 44225
 * ```
 */
export const rothConversion = defineOperation({
  path: '/v1/roth-conversion',
  engine: 'roth-conversion',
  version: '1.1.1',
  uses: [TAX_ENGINE, IRMAA_ENGINE],
  prefix: 'roth',
  summary: 'Yearly Roth conversions to the top of a bracket against a no-conversion baseline.',
  description:
    'Each year from current_age to end_age - 1: the RMD (Uniform Lifetime Table, from the SECURE 2.0 ' +
    'beginning age of birth_year) is taken first and spent; while the age is below conversion_end_age, the ' +
    'conversion fills ordinary taxable income to the top of the target_bracket bracket (capped at the ' +
    'tax-deferred balance left, and at an IRMAA tier with irmaa_cap); its federal tax (the tax with it less ' +
    'the tax without it) is paid from the converted amount, the rest goes to the Roth account; both accounts ' +
    'then grow at annual_return. Real dollars, real return, the brackets and deductions of tax_year held ' +
    'constant every year, the 65+ deductions from the age of each year. Compared with the same years ' +
    'without conversions: lifetime federal tax, ending after-tax wealth (tax-deferred balance x (1 - ' +
    'heirs_tax_rate) + Roth), and the breakeven age counting the income spent. Federal tax only.',
  example: {
    tax_year: 2025,
    filing_status: 'single',
    current_age: 60,
    end_age: 90,
    birth_year: 1965,
    tax_deferred_balance: 800000,
    roth_balance: 0,
    other_ordinary_income: 20000,
    annual_return: 0.04,
    target_bracket: 0.12,
    conversion_end_age: 75,
  },
  input: RothConversionInput,
  output: RothConversionResult,
  compute,
  cost,
  costField: 'end_age',
  costFormula:
    `(end_age - current_age) x ${YEAR_COST} + (conversion_end_age - current_age) x ${CONVERSION_YEAR_COST} ` +
    `(${CONVERSION_YEAR_COST + IRMAA_CAP_YEAR_COST} with irmaa_cap)`,
});
