import * as z from 'zod/mini';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  age,
  anyCasePattern,
  filingStatus,
  flag,
  integer,
  nonNegativeMoney,
  number,
  oneOf,
  withDefault,
} from '../core/schema';
import {
  applicablePercentageTables,
  IRMAA_ENGINE,
  irmaaFor,
  irmaaSchedule,
  irmaaTables,
  type PremiumTaxCredit,
  PTC_ENGINE,
  premiumTaxCredit,
} from '../healthcare/engine';
import {
  Amount,
  add,
  amountOf,
  amountOfDec,
  amountToNumber,
  compare,
  compareTo,
  type Int,
  minus,
  mul,
  plus,
  pow10,
  roundAmount,
  roundRatio,
  toNumber,
  ZERO_AMOUNT,
} from './_lib/exact';
import type { Federal } from './_lib/federal';
import { type StateMeasure, stateLimits, stateMeasure } from './_lib/state-limits';
import type { StateTaxTable } from './_lib/state-table';
import { stateTaxTable, stateTaxTablesByCode } from './_lib/state-tables';
import {
  STATE_TAX_ENGINE,
  type StateTax,
  type StateTaxInput,
  type StateTaxUnits,
  stateTax,
} from './_lib/state-tax';
import {
  bracketCeilings,
  federalTable,
  type HouseholdTax,
  householdTax,
  TAX_ENGINE,
  taxableSocialSecurity,
  taxYearField,
} from './engine';
import { ScaledSocialSecurity } from './taxable-social-security';

/**
 * The most steps a series may take: `series_range / series_step` at most this, so at most
 * `MAX_SERIES_STEPS + 1` points. Each point runs every composed engine once, exactly: 200 keeps the
 * worst request near 0.1 s on one core (the HTTP adapter computes it on the main thread), and is one
 * point per 1,000 dollars over a 200,000 range.
 *
 * @example
 * ```ts
 * import { MAX_SERIES_STEPS } from './cliff-map';
 * MAX_SERIES_STEPS; // 200
 * ```
 */
export const MAX_SERIES_STEPS = 200;

const STATE_CODES: readonly string[] = Object.keys(stateTaxTablesByCode).sort();
const STATES = new Set(STATE_CODES);

const CliffMapObject = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  age: z.optional(
    age('Taxpayer age at the end of the tax year (65+: additional standard deduction, senior deduction).'),
  ),
  spouse_age: z.optional(age('Spouse age at the end of the tax year (mfj only).')),
  ordinary_income: nonNegativeMoney(
    'Ordinary income in AGI other than Social Security (wages, interest, pensions, IRA withdrawals), after above-the-line adjustments.',
  ),
  qualified_income: withDefault(
    nonNegativeMoney('Qualified dividends plus net long-term capital gain. Default 0.'),
    0,
  ),
  social_security_benefits: withDefault(
    nonNegativeMoney('Social Security benefits of the year (box 5 of Form SSA-1099). Default 0.'),
    0,
  ),
  earned_income: z.optional(
    nonNegativeMoney(
      'Wages and self-employment income included in ordinary_income, for the 0.9% additional Medicare tax (at most ordinary_income). Default: ordinary_income, as in /v1/tax/estimate; give 0 for a household living on withdrawals, pensions and interest.',
    ),
  ),
  next_dollar_earned: withDefault(
    flag(
      'The next dollar of ordinary income is wages or self-employment income (it adds to earned_income). Default false: an IRA withdrawal, a pension, interest.',
    ),
    false,
  ),
  state: z.optional(
    z.string().check(
      z.meta({
        pattern: anyCasePattern(STATE_CODES),
        description: `Two-letter postal code of the state of residence, in any letter case (IL, il); omitted: no state tax. Covered: ${STATE_CODES.join(', ')} (tax year 2025).`,
      }),
    ),
  ),
  aca_coverage: withDefault(
    flag(
      'The household buys Marketplace coverage for the tax year: the premium tax credit lost as income rises is counted. Default false.',
    ),
    false,
  ),
  household_size: z.optional(
    integer('Tax family size for the poverty guideline (1-20); required with aca_coverage.', {
      min: 1,
      max: 20,
    }),
  ),
  benchmark_annual_premium: z.optional(
    nonNegativeMoney(
      'Annual premium of the benchmark (second-lowest-cost silver) plan for the household; required with aca_coverage.',
    ),
  ),
  medicare_enrollees: withDefault(
    integer(
      "People on the return enrolled in Medicare (0-2; 2 only on a joint return): each pays the IRMAA that this year's MAGI sets for the premium year tax_year + 2. Default 0.",
      { min: 0, max: 2 },
    ),
    0,
  ),
  series_income: withDefault(
    oneOf(
      ['ordinary', 'ltcg'],
      'Income that rises along the series: ordinary (default) or ltcg (long-term gain).',
    ),
    'ordinary',
  ),
  series_range: withDefault(
    number(
      'How far the series raises that income above its current level (dollars, 1 to 10,000,000). Default 100,000.',
      {
        min: 1,
        max: 10_000_000,
      },
    ),
    100_000,
  ),
  series_step: withDefault(
    number(
      `Step between series points (dollars, at least 1; series_range / series_step at most ${MAX_SERIES_STEPS}, so at most ${MAX_SERIES_STEPS + 1} points). Default 1,000.`,
      { min: 1, max: 10_000_000 },
    ),
    1_000,
  ),
});

function addIssue(
  ctx: { addIssue: (issue: never) => void },
  path: string,
  message: string,
  input: unknown,
  code?: string,
): void {
  (ctx.addIssue as (issue: object) => void)({
    code: 'custom',
    path: [path],
    message,
    input,
    ...(code === undefined ? {} : { params: { finplan: code } }),
  });
}

/** `/v1/tax/cliff-map` request. */
export const CliffMapInput = CliffMapObject.check(
  z.superRefine((input, ctx) => {
    if (input.filing_status !== 'mfj' && input.spouse_age !== undefined) {
      addIssue(ctx, 'spouse_age', 'applies only to a joint return (filing_status mfj)', input.spouse_age);
    }
    if (input.earned_income !== undefined && input.earned_income > input.ordinary_income) {
      addIssue(
        ctx,
        'earned_income',
        'must not exceed ordinary_income (it is part of it)',
        input.earned_income,
      );
    }
    const unsupported =
      input.state === undefined
        ? undefined
        : stateTaxTablesByCode[input.state.toUpperCase()]?.unsupported(input.tax_year);
    if (unsupported !== undefined) addIssue(ctx, 'tax_year', unsupported, input.tax_year, 'unsupported_year');
    if (input.state !== undefined && !STATES.has(input.state.toUpperCase())) {
      addIssue(
        ctx,
        'state',
        `state ${input.state} is not covered; covered: ${STATE_CODES.join(', ')}`,
        input.state,
        'unsupported_jurisdiction',
      );
    }
    if (input.aca_coverage) {
      for (const name of ['household_size', 'benchmark_annual_premium'] as const) {
        if (input[name] === undefined) addIssue(ctx, name, 'is required with aca_coverage', undefined);
      }
    }
    if (input.medicare_enrollees > 1 && input.filing_status !== 'mfj') {
      addIssue(
        ctx,
        'medicare_enrollees',
        'must be at most 1 except on a joint return',
        input.medicare_enrollees,
      );
    }
    if (input.series_range / input.series_step > MAX_SERIES_STEPS) {
      addIssue(
        ctx,
        'series_step',
        `gives more than ${MAX_SERIES_STEPS + 1} points: series_range / series_step must be at most ${MAX_SERIES_STEPS}`,
        input.series_step,
      );
    }
  }),
);
export type CliffMapInput = z.input<typeof CliffMapInput>;
type Input = z.output<typeof CliffMapInput>;

const Marginal = z.object({
  marginal_rate: z
    .number()
    .check(z.describe('Total cost of the next dollar: the sum of the parts below (cost(x + 1) - cost(x)).')),
  income_tax: z.number().check(z.describe('Federal regular income tax added by the dollar.')),
  niit: z.number().check(z.describe('Net investment income tax added by the dollar.')),
  additional_medicare_tax: z.number(),
  state_tax: z.number(),
  aca_premium: z.number().check(z.describe('Premium tax credit lost (net premium added) by the dollar.')),
  irmaa_surcharge: z
    .number()
    .check(z.describe('IRMAA surcharge added by the dollar (nonzero only when it crosses a tier).')),
  bracket_rate: z.number().check(z.describe('Federal ordinary bracket rate of the next dollar.')),
  capital_gains_rate: z.number().check(z.describe('0/15/20% rate of the next dollar of qualified income.')),
  taxable_social_security_added: z
    .number()
    .check(
      z.describe('Social Security benefits made taxable by the dollar (0, 0.5 or 0.85 in the phase-in).'),
    ),
  senior_deduction_lost: z
    .number()
    .check(z.describe('Senior deduction lost by the dollar (0.06 per qualified person in its phase-out).')),
});

const Threshold = z.object({
  name: z
    .string()
    .check(z.describe('What is crossed, e.g. federal_bracket_24, irmaa_tier_1, aca_400_percent.')),
  measure: z
    .string()
    .check(
      z.describe(
        'The income the threshold is set on: taxable_income, ordinary_taxable_income, magi, provisional_income, household_income, earned_income, taxable_social_security, or for a state: state_taxable_income, state_agi (the income after its exclusions, before its deductions) or state_gross_income (before its pension exclusion).',
      ),
    ),
  threshold: z.number().check(z.describe('The threshold, in dollars of its measure.')),
  distance: z.number().check(z.describe('Dollars of added income (this direction) at which it is crossed.')),
  kind: z.enum(['rate_change', 'cliff']),
  rate_before: z.number().check(z.describe('Marginal rate over the dollar just below the crossing.')),
  rate_after: z.number().check(z.describe('Marginal rate over the dollar just above the crossing.')),
  cliff_cost: z
    .number()
    .check(
      z.describe(
        'Lump cost of the last cent that crosses it (0 for a rate change; negative when crossing gains, as the ACA credit at 100% of the guideline).',
      ),
    ),
  average_rate_to_cross: z
    .number()
    .check(
      z.describe(
        '(cost at distance - cost now) / distance: the rate over every dollar up to the crossing, cliffs amortized.',
      ),
    ),
  source: z
    .string()
    .check(z.describe('The data file and block the threshold comes from (its primary source is there).')),
});

const Direction = z.object({
  ...Marginal.shape,
  irmaa_cliff_cost: z
    .number()
    .check(
      z.describe(
        'Annual surcharge step of the next IRMAA tier ahead (0 without Medicare or above the top tier).',
      ),
    ),
  irmaa_amortized_rate: z
    .number()
    .check(
      z.describe(
        'irmaa_cliff_cost / its distance: the surcharge spread over the headroom to it, a rate to weigh against the marginal rate.',
      ),
    ),
  thresholds: z
    .array(Threshold)
    .check(
      z.describe('Every threshold ahead in this direction, nearest first, verified on the composed cost.'),
    ),
});

const SeriesPoint = z.object({
  added_income: z.number(),
  income: z.number().check(z.describe('The rising income at this point (current + added).')),
  federal_tax: z.number(),
  state_tax: z.number(),
  aca_premium: z.number().check(z.describe('Net benchmark premium (0 without aca_coverage).')),
  irmaa_surcharge: z
    .number()
    .check(z.describe('Annual IRMAA surcharge of the enrollees (premium year tax_year + 2).')),
  total_cost: z.number(),
});

const SeriesMarker = z.object({
  added_income: z.number(),
  name: z.string(),
  kind: z.enum(['rate_change', 'cliff']),
});

export const CliffMapResult = z.object({
  tax_year: z.number(),
  filing_status: z.string(),
  magi: z
    .number()
    .check(
      z.describe('Federal AGI with the taxable benefits: the MAGI of the NIIT, senior deduction and IRMAA.'),
    ),
  household_income: z
    .optional(z.number())
    .check(
      z.describe('ACA household income: magi + the untaxed benefits (IRC 36B(d)(2)(B)); with aca_coverage.'),
    ),
  federal_tax: z.number(),
  state_tax: z.number(),
  aca_premium: z.number(),
  irmaa_surcharge: z.number(),
  total_cost: z.number().check(z.describe('federal_tax + state_tax + aca_premium + irmaa_surcharge.')),
  irmaa_premium_year: z
    .optional(z.number())
    .check(z.describe('tax_year + 2: the year that pays the surcharge.')),
  irmaa_table_year: z
    .optional(z.number())
    .check(z.describe('The Medicare table used (the latest published).')),
  poverty_guideline_year: z.optional(z.number()),
  ordinary: Direction.check(z.describe('The next dollar of ordinary income.')),
  ltcg: Direction.check(z.describe('The next dollar of long-term capital gain.')),
  series: z.object({
    income: z.string(),
    step: z.number(),
    points: z.array(SeriesPoint),
    markers: z.array(SeriesMarker).check(z.describe('Thresholds within the range, by added income.')),
  }),
  notes: z.array(z.string()),
});
/** The `result` of the envelope. */
export type CliffMapResult = z.infer<typeof CliffMapResult>;

// ---------------------------------------------------------------------------------------------------
// The composed cost

/**
 * One household-year with some ordinary income or long-term gain added, through every engine: what
 * {@link householdCost} returns. Every amount is exact ({@link Amount}: the engines' own integers over
 * their units, never rounded), so differences between points are exact too.
 *
 * @example
 * ```ts
 * import { amountToNumber } from './_lib/exact';
 * import { CliffMapInput, type CliffPoint, householdCost } from './cliff-map';
 * const input = CliffMapInput.parse({ tax_year: 2024, filing_status: 'single', ordinary_income: 109_000, medicare_enrollees: 1 });
 * const over: CliffPoint = householdCost(input, 1, 0); // one cent more
 * [over.irmaaTier, amountToNumber(over.irmaa)]; // [1, 1148.4]
 * ```
 * @internal
 */
export class CliffPoint {
  /** The federal engine's scaled figures. */
  readonly #fed: Federal;

  constructor(
    readonly fed: HouseholdTax,
    readonly state: StateTax | undefined,
    readonly ptc: PremiumTaxCredit | undefined,
    /** Annual IRMAA surcharge of the enrollees. */
    readonly irmaa: Amount,
    readonly irmaaTier: number,
    readonly householdIncome: Amount,
    readonly stateTax: Amount,
    readonly acaPremium: Amount,
    /** Federal tax + state tax + net ACA premium + IRMAA surcharge, exact. */
    readonly cost: Amount,
    /** Federal tax (regular tax, NIIT, additional Medicare tax). */
    readonly federalTotal: Amount,
  ) {
    this.#fed = fed.federal as Federal;
  }

  /** AGI with the taxable benefits (the MAGI of the NIIT, the senior deduction and IRMAA). */
  get gross(): Amount {
    const f = this.#fed;
    return new Amount(f.grossC, pow10(f.params.cP));
  }
  get taxable(): Amount {
    const f = this.#fed;
    return new Amount(f.reg.taxable, pow10(f.params.hP));
  }
  get ordinaryTaxable(): Amount {
    const f = this.#fed;
    return new Amount(f.reg.ordinaryPart, pow10(f.params.hP));
  }
  get qualifiedTaxable(): Amount {
    const f = this.#fed;
    return new Amount(f.reg.qualified, pow10(f.params.hP));
  }
  get regularTax(): Amount {
    const f = this.#fed;
    return new Amount(f.reg.regular, pow10(f.params.tP));
  }
  get niit(): Amount {
    const f = this.#fed;
    return new Amount(f.niitM, pow10(f.params.mP));
  }
  get additionalMedicare(): Amount {
    const f = this.#fed;
    return new Amount(f.medicareM, pow10(f.params.mP));
  }
  get seniorDeduction(): Amount {
    const f = this.#fed;
    return new Amount(f.seniorH, pow10(f.params.hP));
  }
  /** Benefits included in income (zero without benefits). */
  get taxableSocialSecurity(): Amount {
    const social = this.fed.social_security;
    return social instanceof ScaledSocialSecurity
      ? new Amount(social.taxableUnits, social.unit)
      : ZERO_AMOUNT;
  }
  /** Provisional income (zero without benefits). */
  get provisionalIncome(): Amount {
    const social = this.fed.social_security;
    return social instanceof ScaledSocialSecurity ? new Amount(social.provisional, social.unit) : ZERO_AMOUNT;
  }
  /** A state amount (see {@link StateTaxUnits}); zero without a state. */
  stateAmount(figure: (units: StateTaxUnits) => Int): Amount {
    const units = this.state?.units;
    return units === undefined ? ZERO_AMOUNT : new Amount(figure(units), units.unit);
  }
}

/** The federal tax of a result: regular tax + NIIT + additional Medicare tax (the cliff map asks no AMT). */
function federalTotal(household: HouseholdTax): Amount {
  const fed = household.federal as Federal;
  const p = fed.params;
  // the regular tax (t) and the NIIT and Medicare tax (m) at the finer of the two units
  const d = Math.max(p.tP, p.mP);
  return new Amount(
    add(mul(fed.reg.regular, pow10(d - p.tP)), mul(add(fed.niitM, fed.medicareM), pow10(d - p.mP))),
    pow10(d),
  );
}

/** The Medicare table of premium year `year`, or the latest published one. */
function irmaaTableYear(premiumYear: number): number {
  const years = irmaaTables.years;
  return years.includes(premiumYear) ? premiumYear : (years[years.length - 1] as number);
}

/** The state engine's request besides the income (ordinary and qualified) and the federal tax. */
function stateInput(input: Input): Omit<StateTaxInput, 'state_taxable_income'> {
  return {
    filing_status: input.filing_status,
    social_security_income: input.social_security_benefits,
    age: input.age,
  };
}

/** The parts of a request every point reads, worked out once. */
interface Prepared {
  readonly ordinary: Amount;
  readonly qualified: Amount;
  readonly earned: Amount;
  readonly benefits: Amount;
  readonly table: StateTaxTable | undefined;
  readonly irmaaYear: number;
}

const prepared = new WeakMap<Input, Prepared>();

function prepare(input: Input): Prepared {
  let p = prepared.get(input);
  if (p === undefined) {
    let table: StateTaxTable | undefined;
    if (input.state !== undefined) {
      table = stateTaxTable(input.state.toUpperCase(), input.tax_year);
    }
    p = {
      ordinary: amountOf(input.ordinary_income),
      qualified: amountOf(input.qualified_income),
      earned: amountOf(input.earned_income ?? input.ordinary_income),
      benefits: amountOf(input.social_security_benefits),
      table,
      irmaaYear: irmaaTableYear(input.tax_year + 2),
    };
    prepared.set(input, p);
  }
  return p;
}

/** `cents` whole cents as dollars. */
const centsAmount = (cents: number) => (cents === 0 ? ZERO_AMOUNT : new Amount(cents, 100));

/**
 * `householdCost`: the composed cost of a household-year with `ordinaryCents` of ordinary income and
 * `ltcgCents` of long-term gain added (whole cents): the federal tax engine (`householdTax`), the state
 * tax (`stateTax`), the premium tax credit (`premiumTaxCredit`) and the IRMAA engine (`irmaaFor`), never a
 * rule of their own. The engines take plain numbers: each income is the double nearest the exact sum.
 *
 * @example
 * ```ts
 * import { amountToNumber } from './_lib/exact';
 * import { CliffMapInput, householdCost } from './cliff-map';
 * // 2026 single, 60,000: taxable 43,900; 1,240 + 12% x (43,900 - 12,400) = 5,020
 * const input = CliffMapInput.parse({ tax_year: 2026, filing_status: 'single', ordinary_income: 60_000 });
 * amountToNumber(householdCost(input, 0, 0).cost); // 5020
 * ```
 * @internal
 */
export function householdCost(input: Input, ordinaryCents: number, ltcgCents: number): CliffPoint {
  const p = prepare(input);
  const ordinaryIncome = plus(centsAmount(ordinaryCents), p.ordinary);
  const qualified = plus(centsAmount(ltcgCents), p.qualified);
  const earned = input.next_dollar_earned ? plus(centsAmount(ordinaryCents), p.earned) : p.earned;
  // householdTax's results are HouseholdTax instances: the federal computation is read through `federal`
  const fed = householdTax({
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    age: input.age,
    spouse_age: input.spouse_age,
    ordinary_income: amountToNumber(ordinaryIncome),
    qualified_income: amountToNumber(qualified),
    social_security_benefits: input.social_security_benefits,
    earned_income: amountToNumber(earned),
  }) as HouseholdTax;
  const federal = federalTotal(fed);
  const exact = fed.federal as Federal;
  let cost = federal;
  let state: StateTax | undefined;
  let stateAmount = ZERO_AMOUNT;
  if (p.table !== undefined) {
    state = stateTax(p.table, {
      ...stateInput(input),
      state_taxable_income: amountToNumber(plus(ordinaryIncome, qualified)),
      // The states that deduct federal income tax (AL, MO, OR) take the one computed here.
      federal_income_tax: toNumber(exact.reg.regular, pow10(exact.params.tP)),
    });
    stateAmount = new Amount(state.units.tax, state.units.unit);
    cost = plus(cost, stateAmount);
  }
  // IRC 36B(d)(2)(B): household income adds the benefits the AGI leaves out.
  const gross = new Amount(exact.grossC, pow10(exact.params.cP));
  const social = fed.social_security;
  const taxableBenefits =
    social instanceof ScaledSocialSecurity ? new Amount(social.taxableUnits, social.unit) : ZERO_AMOUNT;
  const householdIncome = minus(plus(gross, p.benefits), taxableBenefits);
  let ptc: PremiumTaxCredit | undefined;
  let aca = ZERO_AMOUNT;
  if (input.aca_coverage) {
    ptc = premiumTaxCredit({
      coverageYear: input.tax_year,
      householdSize: input.household_size as number,
      householdIncome: amountToNumber(householdIncome),
      benchmarkAnnualPremium: input.benchmark_annual_premium as number,
      filingStatus: input.filing_status,
    });
    aca = amountOfDec(ptc.net_premium);
    cost = plus(cost, aca);
  }
  let irmaa = ZERO_AMOUNT;
  let irmaaTier = 0;
  if (input.medicare_enrollees > 0) {
    const tier = irmaaFor(p.irmaaYear, input.filing_status, amountToNumber(gross));
    irmaaTier = tier.tier;
    const monthly = plus(amountOf(tier.part_b_irmaa), amountOf(tier.part_d_irmaa));
    irmaa = new Amount(mul(monthly.n, 12 * input.medicare_enrollees), monthly.d);
    cost = plus(cost, irmaa);
  }
  return new CliffPoint(fed, state, ptc, irmaa, irmaaTier, householdIncome, stateAmount, aca, cost, federal);
}

type Kind = 'ordinary' | 'ltcg';

/** Points already computed for a request, by kind and whole cents added (the searches share probes). */
const memo = new WeakMap<Input, { ordinary: Map<number, CliffPoint>; ltcg: Map<number, CliffPoint> }>();

/** The point with `cents` (whole cents) of `kind` added. */
function at(input: Input, kind: Kind, cents: number): CliffPoint {
  let points = memo.get(input);
  if (points === undefined) {
    points = { ordinary: new Map(), ltcg: new Map() };
    memo.set(input, points);
  }
  const byCents = points[kind];
  let point = byCents.get(cents);
  if (point === undefined) {
    point = kind === 'ordinary' ? householdCost(input, cents, 0) : householdCost(input, 0, cents);
    byCents.set(cents, point);
  }
  return point;
}

type MarginalRow = z.infer<typeof Marginal>;

/** `after - before`, rounded as a rate. */
const rateOf = (after: Amount, before: Amount) => roundAmount(minus(after, before), 6);

function marginalBetween(before: CliffPoint, after: CliffPoint): MarginalRow {
  return {
    marginal_rate: rateOf(after.cost, before.cost),
    income_tax: rateOf(after.regularTax, before.regularTax),
    niit: rateOf(after.niit, before.niit),
    additional_medicare_tax: rateOf(after.additionalMedicare, before.additionalMedicare),
    state_tax: rateOf(after.stateTax, before.stateTax),
    aca_premium: rateOf(after.acaPremium, before.acaPremium),
    irmaa_surcharge: rateOf(after.irmaa, before.irmaa),
    bracket_rate: before.fed.marginal_ordinary_rate,
    capital_gains_rate: before.fed.marginal_capital_gains_rate,
    taxable_social_security_added: rateOf(after.taxableSocialSecurity, before.taxableSocialSecurity),
    senior_deduction_lost: rateOf(before.seniorDeduction, after.seniorDeduction),
  };
}

// ---------------------------------------------------------------------------------------------------
// Thresholds

/** A threshold the engines' tables expose: crossed where `past` turns true. */
interface Candidate {
  readonly name: string;
  readonly measure: string;
  readonly threshold: number;
  readonly source: string;
  readonly past: (p: CliffPoint) => boolean;
  /**
   * The measure `threshold` is set on, when it has one: it guides the search (interpolation between
   * the probes), `past` decides.
   */
  readonly value?: (p: CliffPoint) => Amount;
  /**
   * Whether the rule the threshold belongs to is in play one dollar past the crossing (the NIIT only
   * with investment income, the gains bands only with gains in taxable income): a rate change that
   * another threshold at the same place causes is not this one's.
   */
  readonly applies?: (p: CliffPoint) => boolean;
  /**
   * Whether the measure stays where it is as income of `kind` rises (earned income, unless the next
   * dollar is earned): the threshold is then never crossed in that direction, which the search would
   * find only after doubling its bound to the end.
   */
  readonly fixed?: (kind: Kind) => boolean;
}

/** The cliff map's names for the incomes a state limit is set on. */
const STATE_MEASURES: Record<StateMeasure, string> = {
  state_agi: 'state_agi',
  federal_agi: 'magi',
  state_gross_income: 'state_gross_income',
  taxable_income: 'state_taxable_income',
};

const federalSource = (year: number, block: string) => `data/tax/federal/${year}.json#${block}`;

/** Whether `a` is over the double `x` (read as its decimal form). */
const over = (a: Amount, x: number) => compareTo(a, x) > 0;
/** Whether `a` is at or over the double `x`. */
const atOrOver = (a: Amount, x: number) => compareTo(a, x) >= 0;

function candidates(input: Input, now: CliffPoint): Candidate[] {
  const year = input.tax_year;
  const status = input.filing_status;
  const table = federalTable(year);
  const list: Candidate[] = [];
  list.push({
    name: 'deductions_used_up',
    measure: 'taxable_income',
    threshold: 0,
    source: federalSource(year, 'standard_deduction'),
    past: (p) => p.taxable.n > 0,
  });
  for (const bracket of bracketCeilings(year, status)) {
    if (bracket.ceiling === undefined) continue;
    const ceiling = bracket.ceiling;
    list.push({
      name: `federal_bracket_ceiling_${Math.round(bracket.rate * 100)}`,
      measure: 'ordinary_taxable_income',
      threshold: ceiling,
      source: federalSource(year, 'ordinary_brackets'),
      past: (p) => over(p.ordinaryTaxable, ceiling),
      value: (p) => p.ordinaryTaxable,
    });
  }
  const ltcg = [
    ['ltcg_0_percent_max', table.ltcg.zero_rate_max[status]],
    ['ltcg_15_percent_max', table.ltcg.fifteen_rate_max[status]],
  ] as const;
  for (const [name, max] of ltcg) {
    list.push({
      name: `${name}_taxable_income`,
      applies: (p) => p.qualifiedTaxable.n > 0,
      measure: 'taxable_income',
      threshold: max,
      source: federalSource(year, 'ltcg'),
      past: (p) => over(p.taxable, max),
      value: (p) => p.taxable,
    });
    list.push({
      name: `${name}_ordinary_taxable_income`,
      applies: (p) => p.qualifiedTaxable.n > 0,
      measure: 'ordinary_taxable_income',
      threshold: max,
      source: federalSource(year, 'ltcg'),
      past: (p) => over(p.ordinaryTaxable, max),
      value: (p) => p.ordinaryTaxable,
    });
  }
  const niit = table.niit.threshold[status];
  list.push({
    name: 'niit_threshold',
    applies: (p) => p.niit.n > 0,
    measure: 'magi',
    threshold: niit,
    source: federalSource(year, 'niit'),
    past: (p) => over(p.gross, niit),
    value: (p) => p.gross,
  });
  const medicare = table.additional_medicare.threshold[status];
  list.push({
    name: 'additional_medicare_threshold',
    measure: 'earned_income',
    threshold: medicare,
    source: federalSource(year, 'additional_medicare'),
    past: (p) => p.additionalMedicare.n > 0,
    // the additional Medicare tax is on earned income alone (IRC 3101(b)(2), 1401(b)(2)), which only
    // the next ordinary dollar when earned moves (householdCost)
    fixed: (kind) => kind === 'ltcg' || !input.next_dollar_earned,
  });
  const senior = table.senior_deduction;
  const seniorStart = senior?.phaseout_start[status];
  if (
    senior !== undefined &&
    seniorStart !== null &&
    seniorStart !== undefined &&
    now.seniorDeduction.n > 0
  ) {
    list.push({
      name: 'senior_deduction_phaseout_start',
      measure: 'magi',
      threshold: seniorStart,
      source: federalSource(year, 'senior_deduction'),
      past: (p) => over(p.gross, seniorStart),
      value: (p) => p.gross,
    });
    list.push({
      name: 'senior_deduction_phaseout_end',
      measure: 'magi',
      threshold: new Dec(senior.amount_per_person).div(senior.phaseout_rate).plus(seniorStart).toNumber(),
      source: federalSource(year, 'senior_deduction'),
      past: (p) => p.seniorDeduction.n === 0,
      value: (p) => p.gross,
    });
  }
  const social = now.fed.social_security;
  if (social !== undefined) {
    const base = social.base_amount;
    const adjusted = social.adjusted_base_amount;
    list.push({
      name: 'social_security_base_amount',
      measure: 'provisional_income',
      threshold: base,
      source: 'data/tax/social-security-taxation.json#base_amount',
      past: (p) => over(p.provisionalIncome, base),
      value: (p) => p.provisionalIncome,
    });
    list.push({
      name: 'social_security_adjusted_base_amount',
      measure: 'provisional_income',
      threshold: adjusted,
      source: 'data/tax/social-security-taxation.json#adjusted_base_amount',
      past: (p) => over(p.provisionalIncome, adjusted),
      value: (p) => p.provisionalIncome,
    });
    // The 85% cap, as the engine computes it for an income no threshold holds back.
    const cap = amountOfDec(
      taxableSocialSecurity({
        filing_status: status,
        benefits: input.social_security_benefits,
        other_income: 1e12,
      }).taxable,
    );
    list.push({
      name: 'social_security_85_percent_cap',
      measure: 'taxable_social_security',
      threshold: amountToNumber(cap),
      source: 'data/tax/social-security-taxation.json#inclusion_rates',
      past: (p) => compare(p.taxableSocialSecurity, cap) >= 0,
      value: (p) => p.taxableSocialSecurity,
    });
  }
  if (now.state !== undefined && input.state !== undefined) {
    const code = input.state.toUpperCase();
    const source = `data/tax/state/${code.toLowerCase()}/${year}.json`;
    const taxable = (p: CliffPoint) => p.stateAmount((u) => u.taxableIncome);
    for (const row of now.state.bracketAmounts) {
      if (row.to === undefined) continue;
      const to = row.to;
      list.push({
        name: `${code.toLowerCase()}_bracket_ceiling_${roundRate(row.rate * 100)}`,
        measure: 'state_taxable_income',
        threshold: to,
        source,
        past: (p) => over(taxable(p), to),
        value: taxable,
      });
    }
    for (const surtax of now.state.surtaxAmounts) {
      const threshold = surtax.threshold;
      list.push({
        name: `${code.toLowerCase()}_surtax_${surtax.name}`,
        measure: 'state_taxable_income',
        threshold,
        source,
        past: (p) => over(taxable(p), threshold),
        value: taxable,
      });
    }
    // The income limits of the state's deductions, exemptions, credits, exclusions and recaptures.
    const table = stateTaxTable(code, year);
    const limits = stateLimits(table, stateInput(input), now.state);
    for (const limit of limits) {
      const { measure, threshold, inclusive } = limit;
      const value = (p: CliffPoint) => p.stateAmount((u) => stateMeasure(u, measure));
      const shown = roundMoney(threshold);
      // shown to the cent; the search aims at the exact limit (gap = value - shown threshold)
      const offset = minus(amountOf(shown), amountOf(threshold));
      list.push({
        name: `${code.toLowerCase()}_${limit.name}`,
        measure: STATE_MEASURES[measure],
        threshold: shown,
        source: `${source}#${limit.block}`,
        past: inclusive ? (p) => atOrOver(value(p), threshold) : (p) => over(value(p), threshold),
        value: (p) => plus(value(p), offset),
      });
    }
  }
  if (now.ptc?.ineligible_reason === 'below_100_percent') {
    // The credit starts at the eligibility floor (100% of the guideline): crossing it gains the credit,
    // a cliff with a negative cost.
    const floor = new Dec(now.ptc.poverty_guideline)
      .times(applicablePercentageTables.get(year).eligibility.minimum_percent)
      .div(100);
    const floorAmount = amountOfDec(floor);
    list.push({
      name: 'aca_100_percent',
      measure: 'household_income',
      threshold: floor.toNumber(),
      source: `data/healthcare/applicable-percentage/${year}.json#eligibility`,
      past: (p) => compare(p.householdIncome, floorAmount) >= 0,
      value: (p) => p.householdIncome,
    });
  }
  if (now.ptc?.cliff_income !== undefined) {
    const cliff = now.ptc.cliff_income;
    list.push({
      name: 'aca_400_percent',
      measure: 'household_income',
      threshold: cliff,
      source: `data/healthcare/applicable-percentage/${year}.json#eligibility`,
      past: (p) => over(p.householdIncome, cliff),
      value: (p) => p.householdIncome,
    });
  }
  if (input.medicare_enrollees > 0) {
    const tableYear = irmaaTableYear(year + 2);
    for (const row of irmaaSchedule(tableYear, status)) {
      if (row.from === undefined) continue;
      const tier = row.tier;
      list.push({
        name: `irmaa_tier_${tier}`,
        measure: 'magi',
        threshold: row.from.magi,
        source: `data/healthcare/medicare/${tableYear}.json#tiers`,
        past: (p) => p.irmaaTier >= tier,
        value: (p) => p.gross,
      });
    }
  }
  return list;
}

/** Doublings of the search bound before a threshold counts as out of reach. */
const MAX_DOUBLINGS = 60;
/** The search goes no further than this many cents of added income (10^12 dollars). */
const MAX_CENTS = 1e14;

/** The smallest whole cent of added income at which `past` holds, or undefined when out of reach. */
function crossing(input: Input, kind: Kind, candidate: Candidate): number | undefined {
  const past = (cents: number) => candidate.past(at(input, kind, cents));
  const threshold = amountOf(candidate.threshold);
  const value = candidate.value;
  const gap = (cents: number) =>
    value === undefined ? undefined : amountToNumber(minus(value(at(input, kind, cents)), threshold));
  // A first bound where `past` holds: the gap itself (most measures rise a dollar a dollar or more),
  // then doublings.
  let lo = 0; // not past at 0
  const first = gap(0);
  let hi = first === undefined ? 100 : Math.max(1, Math.ceil(-first * 100));
  for (let i = 0; !past(hi); i++) {
    if (i === MAX_DOUBLINGS || hi > MAX_CENTS) return undefined;
    lo = hi;
    hi *= 2;
  }
  // Narrow [lo, hi] (lo not past, hi past) to adjacent cents: interpolation on the measure (exact on a
  // linear piece), with a bisection whenever an interpolation leaves more than half the interval.
  let interpolate = value !== undefined;
  while (hi - lo > 1) {
    let mid = Math.floor((lo + hi) / 2);
    if (interpolate) {
      const gLo = gap(lo) as number;
      const gHi = gap(hi) as number;
      if (gHi > gLo) mid = lo + Math.ceil((-gLo / (gHi - gLo)) * (hi - lo));
      mid = Math.min(Math.max(mid, lo + 1), hi - 1);
    }
    const width = hi - lo;
    if (past(mid)) {
      hi = mid;
      if (hi - 1 > lo && !past(hi - 1)) lo = hi - 1;
    } else {
      lo = mid;
      if (lo + 1 < hi && past(lo + 1)) hi = lo + 1;
    }
    interpolate = value !== undefined && hi - lo <= width / 2;
  }
  return hi;
}

type ThresholdRow = z.infer<typeof Threshold>;

/** A cent's cost (or gain) at or above this many dollars is a cliff (a lump), below it part of a rate. */
const CLIFF_MINIMUM = 1;

function thresholdsAhead(input: Input, kind: Kind, now: CliffPoint): ThresholdRow[] {
  const rows: ThresholdRow[] = [];
  const base = amountOf(kind === 'ordinary' ? input.ordinary_income : input.qualified_income);
  for (const candidate of candidates(input, now)) {
    if (candidate.past(now) || candidate.fixed?.(kind)) continue;
    const distance = crossing(input, kind, candidate);
    if (distance === undefined) continue;
    const crossed = at(input, kind, distance);
    const justBelow = at(input, kind, distance - 1);
    // The dollar just below the crossing; when the crossing is under a dollar away, the dollar below
    // the current income (income falls), or the rate after it when there is no such dollar.
    const from = distance - 101;
    const after = rateOf(at(input, kind, distance + 100).cost, crossed.cost);
    const before =
      plus(centsAmount(from), base).n >= 0 ? rateOf(justBelow.cost, at(input, kind, from).cost) : after;
    const lump = minus(crossed.cost, justBelow.cost);
    const cliff = compareTo(lump, CLIFF_MINIMUM) >= 0 || compareTo(lump, -CLIFF_MINIMUM) <= 0;
    if (!cliff && before === after) continue; // nothing changes here for this household
    if (candidate.applies !== undefined && !candidate.applies(at(input, kind, distance + 100))) continue;
    const distanceAmount = centsAmount(distance);
    rows.push({
      name: candidate.name,
      measure: candidate.measure,
      threshold: candidate.threshold,
      distance: roundAmount(distanceAmount, 2),
      kind: cliff ? 'cliff' : 'rate_change',
      rate_before: before,
      rate_after: after,
      cliff_cost: cliff ? roundAmount(lump, 2) : 0,
      average_rate_to_cross: roundRatio(minus(crossed.cost, now.cost), distanceAmount, 6),
      source: candidate.source,
    });
  }
  return rows.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}

function direction(input: Input, kind: Kind, now: CliffPoint): z.infer<typeof Direction> {
  const next = at(input, kind, 100);
  const marginal = marginalBetween(now, next);
  const thresholds = thresholdsAhead(input, kind, now);
  const irmaa = thresholds.find((row) => row.name.startsWith('irmaa_tier_') && row.kind === 'cliff');
  return {
    ...marginal,
    irmaa_cliff_cost: irmaa?.cliff_cost ?? 0,
    irmaa_amortized_rate: irmaa === undefined ? 0 : roundRate(new Dec(irmaa.cliff_cost).div(irmaa.distance)),
    thresholds,
  };
}

function series(input: Input, ordinary: z.infer<typeof Direction>, ltcg: z.infer<typeof Direction>) {
  const kind: Kind = input.series_income;
  const base = amountOf(kind === 'ordinary' ? input.ordinary_income : input.qualified_income);
  const step = amountOf(input.series_step);
  const steps = Math.floor(input.series_range / input.series_step + 1e-9);
  const points = [];
  for (let i = 0; i <= steps; i++) {
    const added = roundAmount(new Amount(mul(step.n, i), step.d), 2);
    const cents = Math.round(added * 100);
    const p = at(input, kind, cents);
    points.push({
      added_income: added,
      income: roundAmount(plus(base, centsAmount(cents)), 2),
      federal_tax: roundAmount(p.federalTotal, 2),
      state_tax: roundAmount(p.stateTax, 2),
      aca_premium: roundAmount(p.acaPremium, 2),
      irmaa_surcharge: roundAmount(p.irmaa, 2),
      total_cost: roundAmount(p.cost, 2),
    });
  }
  const last = points[points.length - 1]?.added_income ?? 0;
  const markers = (kind === 'ordinary' ? ordinary : ltcg).thresholds
    .filter((row) => row.distance <= last)
    .map((row) => ({ added_income: row.distance, name: row.name, kind: row.kind }));
  return { income: kind, step: input.series_step, points, markers };
}

function compute(input: Input): CliffMapResult {
  const now = at(input, 'ordinary', 0);
  const notes: string[] = [];
  let irmaaYears = {};
  if (input.medicare_enrollees > 0) {
    const premiumYear = input.tax_year + 2;
    const tableYear = irmaaTableYear(premiumYear);
    irmaaYears = { irmaa_premium_year: premiumYear, irmaa_table_year: tableYear };
    notes.push(
      `IRMAA: this year's MAGI sets the Medicare premiums of ${premiumYear} (two years later); the surcharge is counted here, in the year whose income causes it.`,
    );
    if (tableYear !== premiumYear) {
      notes.push(
        `The ${premiumYear} IRMAA table is not published yet: the ${tableYear} table (tiers and amounts) is used.`,
      );
    }
  }
  if (now.ptc !== undefined) {
    notes.push(
      `ACA: coverage year ${input.tax_year} measures household income against the ${now.ptc.poverty_guideline_year} poverty guideline (48 states and DC); the contribution is rounded to the whole dollar (Form 8962), so one dollar of income can move the premium by 0 or a whole dollar.`,
    );
  }
  if (input.state !== undefined) {
    notes.push(
      'State tax: ordinary and qualified income are passed as state_taxable_income and the benefits as social_security_income (pension exclusions are not applied).',
    );
  }
  const ordinary = direction(input, 'ordinary', now);
  const ltcg = direction(input, 'ltcg', now);
  return {
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    magi: roundAmount(now.gross, 2),
    ...(input.aca_coverage ? { household_income: roundAmount(now.householdIncome, 2) } : {}),
    federal_tax: roundAmount(now.federalTotal, 2),
    state_tax: roundAmount(now.stateTax, 2),
    aca_premium: roundAmount(now.acaPremium, 2),
    irmaa_surcharge: roundAmount(now.irmaa, 2),
    total_cost: roundAmount(now.cost, 2),
    ...irmaaYears,
    ...(now.ptc === undefined ? {} : { poverty_guideline_year: now.ptc.poverty_guideline_year }),
    ordinary,
    ltcg,
    series: series(input, ordinary, ltcg),
    notes,
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): a point's
// cost (each composed engine run once: the federal tax, the state's with a state, the premium tax credit
// with aca_coverage, IRMAA with medicare_enrollees) times the points computed: the series, the four at the
// current income, and for each threshold ahead in each direction the points its search probes with the
// four around the crossing. Measured over generated requests (realistic and extreme, 2024-2026), points a
// threshold: 6-9 on average (p90 11-17) for one interpolated on its measure, 52-55 (p90 57-66) for one
// bisected, 67 (p90 80) for the 85% cap of taxable benefits (its measure bends), and 23 (p90 27) for an
// ordinary-income threshold in the gains direction, which the search doubles out to its end; a point,
// 690-1,650 path-steps by the engines it runs (more with subnormal incomes). The charge takes about the
// p90 of the points and the most of a point's cost.
const POINT_COST = 1_000;
const STATE_POINT_COST = 600;
const ACA_POINT_COST = 500;
const IRMAA_POINT_COST = 350;
const INTERPOLATED_POINTS = 15;
const BISECTED_POINTS = 65;
const BENT_POINTS = 80;
const UNREACHED_POINTS = 30;

/** Path-steps of a request: a point's cost times the points of the series, now, and the searches. */
function cost(input: Input): number {
  const now = at(input, 'ordinary', 0);
  let points = Math.floor(input.series_range / input.series_step + 1e-9) + 1 + 4;
  for (const kind of ['ordinary', 'ltcg'] as const) {
    for (const candidate of candidates(input, now)) {
      if (candidate.past(now) || candidate.fixed?.(kind)) continue;
      if (kind === 'ltcg' && candidate.measure === 'ordinary_taxable_income') points += UNREACHED_POINTS;
      else if (candidate.value === undefined) points += BISECTED_POINTS;
      else if (candidate.name === 'social_security_85_percent_cap') points += BENT_POINTS;
      else points += INTERPOLATED_POINTS;
    }
  }
  const perPoint =
    POINT_COST +
    (input.state === undefined ? 0 : STATE_POINT_COST) +
    (input.aca_coverage ? ACA_POINT_COST : 0) +
    (input.medicare_enrollees > 0 ? IRMAA_POINT_COST : 0);
  return perPoint * points;
}

/**
 * The marginal-rate and headroom map of a household-year: the cost of the next dollar of ordinary income
 * and of long-term gain, with every interaction (brackets, the Social Security phase-in, 0/15/20% gains
 * stacking, NIIT, additional Medicare tax, the senior deduction phase-out, state tax, the ACA credit and
 * the IRMAA surcharge two years later), every threshold ahead with its distance and cost, and a series
 * of the total cost over a range of income for a chart. Composes the federal tax, state tax, premium tax
 * credit and IRMAA engines; each rate is the exact difference of their composed cost over one dollar.
 *
 * @example
 * ```ts
 * import { cliffMap } from 'finplan/tax';
 * // 2025 single, 67, $30,000 of IRA withdrawals and $24,000 of benefits: provisional income 42,000 is
 * // past the 34,000 adjusted base amount, the 12% bracket: 0.12 x 1.85 = 22.2% on the next dollar.
 * cliffMap({ tax_year: 2025, filing_status: 'single', age: 67, ordinary_income: 30_000, social_security_benefits: 24_000 })
 *   .result.ordinary.marginal_rate; // 0.222
 * ```
 */
export const cliffMap = defineOperation({
  path: '/v1/tax/cliff-map',
  engine: 'cliff-map',
  version: '2.4.2',
  uses: [TAX_ENGINE, IRMAA_ENGINE, PTC_ENGINE, STATE_TAX_ENGINE],
  prefix: 'cliff',
  summary: 'Marginal rate of the next dollar and every tax and premium threshold ahead, with a cost series.',
  description:
    'Composes the federal tax engine (brackets, taxable Social Security, LTCG stacking, NIIT, additional Medicare, ' +
    'senior deduction), the 2025 state tax, the ACA premium tax credit and the IRMAA engine (premium year ' +
    'tax_year + 2). Marginal rates of the next ordinary and long-term-gain dollar are exact one-dollar ' +
    'differences of the composed cost; thresholds ahead are found on the engines’ tables and verified on that ' +
    `cost. The series has at most ${MAX_SERIES_STEPS + 1} points.`,
  example: {
    tax_year: 2024,
    filing_status: 'single',
    age: 67,
    ordinary_income: 45000,
    social_security_benefits: 50000,
    medicare_enrollees: 1,
    series_range: 20000,
    series_step: 5000,
  },
  input: CliffMapInput,
  output: CliffMapResult,
  compute,
  cost,
  costField: 'series_step',
  costFormula:
    `(series points + 4 + for each threshold ahead, in each direction, ${INTERPOLATED_POINTS} points; ` +
    `${BISECTED_POINTS} for one without a measure to interpolate on, ${BENT_POINTS} for the 85% cap of taxable ` +
    `benefits, ${UNREACHED_POINTS} for an ordinary-income threshold in the gains direction) x (${POINT_COST} ` +
    `a point, + ${STATE_POINT_COST} with state, + ${ACA_POINT_COST} with aca_coverage, + ${IRMAA_POINT_COST} ` +
    'with medicare_enrollees)',
});
