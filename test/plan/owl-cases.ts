// Owl's example cases ("Optimal Wealth Lab", github.com/mdlacasse/Owl, examples/Case_*.toml at commit
// 9dedc12), translated into lifetime-plan requests. Only facts carry over: each case's inputs, and the
// figures Owl publishes for it in the case's own `description` (the text its UI shows beside the case).
// docs/plan.md ("Owl's examples, compared") explains every difference.
//
// The translation, field by field:
// - [basic_info]: names -> people (order kept); date_of_birth -> birth_year; life_expectancy ->
//   planning_age (Owl plans through birth year + life expectancy, as we do); sexes -> sex; state ->
//   state; start_date 2026-01-01 -> start_year 2026.
// - [savings_assets] (thousands of dollars): one account per person and kind (taxable, tax_deferred,
//   roth for Owl's "tax-free", hsa); taxable_cost_basis -> cost_basis (absent: the basis is the balance,
//   where Owl uses its own approximation); beneficiary_fractions and spousal_surplus_deposit_fraction
//   have no counterpart (our survivor inherits everything; surpluses go to the taxable account).
// - [household_financial_profile] (the HFP workbook): wages -> wages and retirement_age when they are
//   level and end at a whole age; contributions, debts and fixed assets (homes, rentals, big-ticket
//   items) are not modeled.
// - [fixed_income]: pension_monthly_amounts x 12 -> pension.annual; pension_ages -> start_age;
//   pension_indexed -> cola; pension_survivor_fraction -> survivor_share; social_security_pia_amounts
//   -> pia (monthly, as ours); social_security_ages -> claiming_age rounded to the nearest whole year
//   (ours are whole years; Owl's may carry months).
// - [rates_selection]: "user" and "conservative" rates are fixed nominal returns per asset class
//   (S&P 500, Baa bonds, 10-year T-notes) and inflation: our real_return is the case's initial
//   allocation applied to them, deflated by the inflation. "historical_average" is Owl's geometric
//   mean of each series over the window (its data/rates.csv): the same computation here, done once and
//   written below. "historical" (a replayed sequence) and "historical_lognormal" (random) have no
//   fixed-rate counterpart: the historical average of the same window stands in, and no figure is
//   compared. heirs_rate_on_tax_deferred_estate -> heirs_tax_rate; dividend_rate and
//   obbba_expiration_year have no counterpart (no dividends; the senior deduction ends with 2028, as
//   enacted, where Owl's cases extend it to 2032).
// - [optimization_parameters]: objective maxSpending / maxBequest -> max_spending / max_bequest;
//   spending_profile, smile_dip and smile_increase (percent) -> the same, as fractions (smile_delay is 0
//   in every case); surviving_spouse_spending_percent -> survivor_spending_share.
// - [solver_options] (thousands): bequest -> bequest_floor; netSpending -> spending_goal;
//   maxRothConversion -> max_roth_conversion (per person and year, as Owl's); noRothConversions naming
//   one spouse has no counterpart; withMedicare / withACA loops are our self-consistent loop.
// - [aca_settings] slcsp_annual -> aca_benchmark_premium.
import type { LifetimePlanInput } from '../../src/plan/lifetime-plan';

type Input = LifetimePlanInput;

/** Owl's nominal rates in percent: S&P 500, Baa corporate bonds, 10-year T-notes, inflation. */
type OwlRates = readonly [number, number, number, number];

/**
 * Geometric means (percent) of Owl's data/rates.csv columns over a window, as Owl's
 * historical_average method takes them: exp(mean(ln(1 + r))) - 1, computed from the file's rows.
 */
export const OWL_HISTORICAL_AVERAGE: Readonly<Record<string, OwlRates>> = {
  '1928-2025': [10.0177, 6.6296, 4.5341, 3.0358],
  '1990-2025': [10.6975, 7.1686, 4.7948, 2.6581],
  '1969-2002': [10.1237, 9.7758, 8.1568, 4.9062],
};

/** Owl's "conservative" fixed rates (its rates.py). */
export const OWL_CONSERVATIVE: OwlRates = [6, 4, 3.3, 2.8];

/**
 * Our real return and inflation for Owl's rates and an allocation (percent of S&P 500, bonds, notes;
 * the rest in cash, which Owl grows at inflation).
 */
export function realRates(
  rates: OwlRates,
  allocation: readonly [number, number, number],
): { real_return: number; inflation: number } {
  const [s, b, t, i] = rates.map((r) => r / 100) as [number, number, number, number];
  const [ws, wb, wt] = allocation.map((w) => w / 100) as [number, number, number];
  const nominal = ws * s + wb * b + wt * t + (1 - ws - wb - wt) * i;
  // Rounded to 1e-6 so that the request carries a short, stated figure.
  return { real_return: Math.round(((1 + nominal) / (1 + i) - 1) * 1e6) / 1e6, inflation: i };
}

/** A figure Owl publishes for a case (in the case's description), in dollars. */
export interface OwlFigure {
  readonly what:
    | 'spending_level'
    | 'first_year_spending'
    | 'bequest'
    | 'roth_conversions'
    | 'lifetime_state_tax';
  readonly owl: number;
  /** Owl's own words: "roughly", "about": the figure is rounded there. */
  readonly words: string;
}

export interface OwlCase {
  readonly name: string;
  readonly request: Input;
  /** Figures Owl publishes for the case (none: Owl publishes no result figure for it). */
  readonly published: readonly OwlFigure[];
  /** Whether the published figures come from assumptions ours can match (module doc, docs/plan.md). */
  readonly comparable: boolean;
  /** What the translation leaves out or approximates (docs/plan.md gives the effect). */
  readonly differs: string;
}

const k = 1_000;
const account = (owner: number, type: 'taxable' | 'tax_deferred' | 'roth' | 'hsa', thousands: number) =>
  ({ owner, type, balance: thousands * k }) as const;

/** Owl's four balances of a person (thousands), zero balances left out (a taxable account is kept). */
function accountsOf(
  owner: number,
  taxable: number,
  deferred: number,
  free: number,
  hsa = 0,
  basis?: number,
): NonNullable<Input['accounts']> {
  return [
    { ...account(owner, 'taxable', taxable), ...(basis === undefined ? {} : { cost_basis: basis * k }) },
    ...(deferred > 0 ? [account(owner, 'tax_deferred', deferred)] : []),
    ...(free > 0 ? [account(owner, 'roth', free)] : []),
    ...(hsa > 0 ? [account(owner, 'hsa', hsa)] : []),
  ];
}

const base = { start_year: 2026, heirs_tax_rate: 0.3 } as const;

/** The cases, in Owl's file order (examples/Case_<name>.toml). */
export const OWL_CASES: readonly OwlCase[] = [
  {
    name: 'alex+jamie',
    request: {
      ...base,
      ...realRates([7, 4, 3.3, 2.8], [60, 40, 0]),
      people: [
        {
          birth_year: 1960,
          sex: 'male',
          planning_age: 72,
          retirement_age: 69,
          wages: 100_000,
          social_security: { pia: 3_000, claiming_age: 69 },
        },
        {
          birth_year: 1961,
          sex: 'female',
          planning_age: 90,
          retirement_age: 68,
          wages: 80_000,
          social_security: { pia: 1_200, claiming_age: 62 },
        },
      ],
      accounts: [...accountsOf(0, 500, 1_500, 50), ...accountsOf(1, 200, 400, 40)],
      state: 'CO',
      survivor_spending_share: 0.6,
      max_roth_conversion: 400_000,
    },
    published: [{ what: 'spending_level', owl: 228_536, words: '$228,536/yr spending basis' }],
    comparable: false,
    differs:
      'mortgage and home, 401(k)/IRA contributions of the working years, Jamie’s 2028 wages of 85,000 (80,000 here), Medicare Part B/D premiums, dividends, previous MAGIs',
  },
  {
    name: 'bill',
    request: {
      ...base,
      // Owl replays the 1966-1996 sequence (50% S&P 500, 50% T-notes); the 1928-2025 average stands in.
      ...realRates(OWL_HISTORICAL_AVERAGE['1928-2025'] as OwlRates, [50, 0, 50]),
      people: [{ birth_year: 1961, sex: 'male', planning_age: 94 }],
      accounts: [account(0, 'taxable', 0), account(0, 'roth', 1_000)],
      state: 'TX',
      max_roth_conversion: 0,
    },
    published: [{ what: 'spending_level', owl: 36_666, words: '$36,666/year' }],
    comparable: false,
    differs: 'Owl replays the 1966 historical sequence (the worst in its data); a fixed average return here',
  },
  {
    name: 'cameron',
    request: {
      ...base,
      ...realRates(OWL_HISTORICAL_AVERAGE['1928-2025'] as OwlRates, [60, 40, 0]),
      people: [{ birth_year: 1960, planning_age: 92, social_security: { pia: 1_250, claiming_age: 70 } }],
      accounts: accountsOf(0, 15, 94, 10),
      state: 'NY',
      bequest_floor: 20_000,
    },
    published: [{ what: 'spending_level', owl: 19_000, words: 'roughly $19,000 a year' }],
    comparable: true,
    differs: 'Medicare Part B premium paid beside spending in Owl; taxable basis approximated by Owl',
  },
  {
    name: 'chris+pat',
    request: {
      ...base,
      ...realRates(OWL_HISTORICAL_AVERAGE['1928-2025'] as OwlRates, [60, 40, 0]),
      people: [
        {
          birth_year: 1963,
          planning_age: 89,
          retirement_age: 65,
          wages: 120_000,
          social_security: { pia: 2_000, claiming_age: 70 },
        },
        {
          birth_year: 1966,
          planning_age: 92,
          retirement_age: 63,
          wages: 80_000,
          social_security: { pia: 1_400, claiming_age: 62 },
        },
      ],
      accounts: [...accountsOf(0, 100, 700, 70), ...accountsOf(1, 50, 237, 30)],
      state: 'FL',
      survivor_spending_share: 0.6,
      bequest_floor: 400_000,
      max_roth_conversion: 100_000,
    },
    published: [{ what: 'roth_conversions', owl: 300_000, words: 'on the order of $300k' }],
    comparable: false,
    differs:
      'random (historical lognormal) rates in Owl; 401(k) contributions; Pat’s 2028 wages of 85,000; the home; Medicare premiums',
  },
  {
    name: 'dana',
    request: {
      ...base,
      ...realRates(OWL_HISTORICAL_AVERAGE['1928-2025'] as OwlRates, [60, 40, 0]),
      people: [{ birth_year: 1960, planning_age: 92, social_security: { pia: 2_000, claiming_age: 70 } }],
      accounts: accountsOf(0, 150, 937, 100),
      state: 'CA',
      bequest_floor: 400_000,
    },
    published: [],
    comparable: true,
    differs: 'Medicare Part B premium paid beside spending in Owl; the home outside the bequest in both',
  },
  {
    name: 'devon',
    request: {
      ...base,
      ...realRates(OWL_HISTORICAL_AVERAGE['1928-2025'] as OwlRates, [60, 40, 0]),
      people: [{ birth_year: 1960, planning_age: 92, social_security: { pia: 4_000, claiming_age: 70 } }],
      accounts: accountsOf(0, 600, 3_750, 400),
      state: 'CA',
      bequest_floor: 1_600_000,
    },
    published: [],
    comparable: true,
    differs: 'Medicare Part B premium paid beside spending in Owl; NIIT on dividends',
  },
  {
    name: 'helen+ruth',
    request: {
      ...base,
      ...realRates([6, 4, 3.3, 2.8], [40, 60, 0]),
      people: [
        {
          birth_year: 1949,
          sex: 'female',
          planning_age: 90,
          pension: { annual: 33_600, start_age: 65, cola: true, survivor_share: 0.5 },
          social_security: { pia: 3_200, claiming_age: 67 },
        },
        {
          birth_year: 1951,
          sex: 'female',
          planning_age: 95,
          social_security: { pia: 2_400, claiming_age: 67 },
        },
      ],
      accounts: [...accountsOf(0, 250, 1_300, 70, 0, 120), ...accountsOf(1, 90, 550, 60, 0, 50)],
      state: 'AZ',
      survivor_spending_share: 0.7,
      bequest_floor: 200_000,
      max_roth_conversion: 75_000,
    },
    published: [],
    comparable: true,
    differs: 'Medicare Part B premiums paid beside spending in Owl; dividends; previous MAGIs',
  },
  {
    name: 'jack+jill',
    request: {
      ...base,
      // Owl replays the 1969-2001 sequence; the 1969-2002 average (Owl's joe case) stands in.
      ...realRates(OWL_HISTORICAL_AVERAGE['1969-2002'] as OwlRates, [60, 40, 0]),
      people: [
        {
          birth_year: 1963,
          sex: 'male',
          planning_age: 89,
          retirement_age: 66,
          wages: 100_000,
          social_security: { pia: 2_360, claiming_age: 70 },
        },
        {
          birth_year: 1966,
          sex: 'female',
          planning_age: 92,
          retirement_age: 63,
          wages: 80_000,
          pension: { annual: 24_000, start_age: 65, cola: false, survivor_share: 0.5 },
          social_security: { pia: 1_642, claiming_age: 62 },
        },
      ],
      accounts: [...accountsOf(0, 90.5, 600.5, 70.6, 25, 45), ...accountsOf(1, 60.2, 150, 40.8, 18, 30)],
      state: 'TN',
      spending_profile: 'smile',
      smile_dip: 0.15,
      smile_increase: 0.12,
      survivor_spending_share: 0.6,
      bequest_floor: 400_000,
      max_roth_conversion: 100_000,
    },
    published: [{ what: 'spending_level', owl: 102_880, words: '$102,880/yr spending basis' }],
    comparable: false,
    differs:
      'historical 1969 sequence in Owl; mortgage; condo sale in 2035; contributions; no conversions for Jill',
  },
  {
    name: 'joe',
    request: {
      ...base,
      ...realRates(OWL_HISTORICAL_AVERAGE['1969-2002'] as OwlRates, [60, 40, 0]),
      people: [
        {
          birth_year: 1967,
          sex: 'male',
          planning_age: 89,
          retirement_age: 62,
          wages: 100_000,
          social_security: { pia: 2_360, claiming_age: 67 },
        },
      ],
      accounts: accountsOf(0, 338.5, 650.2, 60.6, 32, 135),
      state: 'WY',
      spending_profile: 'smile',
      smile_dip: 0.15,
      smile_increase: 0.12,
      bequest_floor: 300_000,
      max_roth_conversion: 50_000,
    },
    published: [{ what: 'spending_level', owl: 93_237, words: '$93,237/yr basis' }],
    comparable: false,
    differs: 'rental sold in 2032; contributions; 3,000/yr of other medical expenses; Medicare premiums',
  },
  {
    name: 'john+sally',
    request: {
      ...base,
      ...realRates(OWL_CONSERVATIVE, [60, 40, 0]),
      objective: 'max_bequest',
      spending_goal: 145_000,
      people: [
        {
          birth_year: 1963,
          sex: 'male',
          planning_age: 92,
          retirement_age: 64,
          wages: 100_000,
          pension: { annual: 30_000, start_age: 65, cola: true, survivor_share: 0.75 },
          social_security: { pia: 3_000, claiming_age: 67 },
        },
        {
          birth_year: 1963,
          sex: 'female',
          planning_age: 92,
          social_security: { pia: 1_800, claiming_age: 67 },
        },
      ],
      accounts: [...accountsOf(0, 200, 750, 50, 22), ...accountsOf(1, 200, 750, 50, 18)],
      state: 'MN',
      survivor_spending_share: 0.6,
      max_roth_conversion: 200_000,
    },
    published: [
      { what: 'roth_conversions', owl: 496_000, words: 'roughly $496k (today’s dollars)' },
      { what: 'lifetime_state_tax', owl: 148_000, words: 'about $148k in state tax' },
    ],
    comparable: false,
    differs: 'both die the same year: no survivor years; HSA and 401(k) contributions; Medicare premiums',
  },
  {
    name: 'jon+jane',
    request: {
      ...base,
      ...realRates([10, 6, 5, 3.5], [100, 0, 0]),
      people: [
        {
          birth_year: 1966,
          sex: 'male',
          planning_age: 92,
          retirement_age: 65,
          wages: 120_000,
          social_security: { pia: 1_750, claiming_age: 65 },
        },
        {
          birth_year: 1969,
          sex: 'female',
          planning_age: 92,
          retirement_age: 65,
          wages: 80_000,
          social_security: { pia: 1_750, claiming_age: 65 },
        },
      ],
      accounts: [...accountsOf(0, 50, 900, 0), ...accountsOf(1, 0, 500, 50)],
      state: 'IL',
      survivor_spending_share: 0.6,
      bequest_floor: 30_000,
      max_roth_conversion: 0,
    },
    published: [{ what: 'spending_level', owl: 161_740, words: '$161,740/yr spending basis' }],
    comparable: false,
    differs:
      '401(k), taxable and HSA contributions of the working years (an HSA built from nothing); dividends; Medicare premiums',
  },
  {
    name: 'jordan+taylor',
    request: {
      ...base,
      ...realRates([6.5, 4, 3.3, 2.8], [60, 20, 20]),
      objective: 'max_bequest',
      spending_goal: 240_000,
      heirs_tax_rate: 0.33,
      people: [
        {
          birth_year: 1959,
          sex: 'male',
          planning_age: 92,
          pension: { annual: 12_000, start_age: 65, cola: true, survivor_share: 0.5 },
          social_security: { pia: 3_500, claiming_age: 70 },
        },
        {
          birth_year: 1960,
          sex: 'female',
          planning_age: 93,
          social_security: { pia: 2_000, claiming_age: 63 },
        },
      ],
      accounts: [...accountsOf(0, 1_000, 4_000, 2_000, 50), ...accountsOf(1, 100, 750, 50)],
      state: 'MN',
      spending_profile: 'smile',
      smile_dip: 0.15,
      smile_increase: 0.12,
      survivor_spending_share: 0.6,
      max_roth_conversion: 400_000,
    },
    published: [{ what: 'bequest', owl: 2_630_000, words: 'about $2.63M' }],
    comparable: false,
    differs:
      'a $1.2M lake house bought in 2028 with a mortgage, stock and home sales, 28% beneficiary fractions, no conversions for Taylor',
  },
  {
    name: 'kim+sam-bequest',
    request: {
      ...base,
      ...realRates([6, 4, 3.3, 2.8], [60, 40, 0]),
      objective: 'max_bequest',
      spending_goal: 145_000,
      heirs_tax_rate: 0.33,
      people: [
        {
          birth_year: 1964,
          sex: 'female',
          planning_age: 89,
          social_security: { pia: 3_500, claiming_age: 70 },
        },
        {
          birth_year: 1965,
          sex: 'male',
          planning_age: 93,
          social_security: { pia: 2_000, claiming_age: 68 },
        },
      ],
      accounts: [...accountsOf(0, 650, 1_500, 60, 35), ...accountsOf(1, 250, 500, 40, 28)],
      state: 'CA',
      survivor_spending_share: 0.6,
      max_roth_conversion: 100_000,
    },
    published: [{ what: 'bequest', owl: 1_990_000, words: 'about $1.99M' }],
    comparable: false,
    differs:
      'the home sold in 2038 (520,000 less 5%); HSA contributions; 2,000/yr of other medical expenses; Medicare premiums',
  },
  {
    name: 'kim+sam-spending',
    request: {
      ...base,
      ...realRates([6, 4, 3.3, 2.8], [60, 40, 0]),
      heirs_tax_rate: 0.33,
      people: [
        {
          birth_year: 1964,
          sex: 'female',
          planning_age: 89,
          social_security: { pia: 3_500, claiming_age: 70 },
        },
        {
          birth_year: 1965,
          sex: 'male',
          planning_age: 93,
          social_security: { pia: 2_000, claiming_age: 68 },
        },
      ],
      accounts: [...accountsOf(0, 650, 1_500, 60, 35), ...accountsOf(1, 250, 500, 40, 28)],
      state: 'CA',
      survivor_spending_share: 0.6,
      max_roth_conversion: 100_000,
    },
    published: [
      { what: 'spending_level', owl: 186_697, words: '$186,697/yr basis' },
      { what: 'roth_conversions', owl: 789_000, words: '~$789k' },
    ],
    comparable: false,
    differs:
      'the home sold in 2038 (520,000 less 5%); HSA contributions; 2,000/yr of other medical expenses; Medicare premiums',
  },
  {
    name: 'morgan',
    request: {
      ...base,
      // Owl glides 60/40 to 70/30 (s-curve centred on year 15); 65/35 stands in.
      ...realRates(OWL_HISTORICAL_AVERAGE['1990-2025'] as OwlRates, [65, 35, 0]),
      people: [
        {
          birth_year: 1972,
          sex: 'female',
          planning_age: 92,
          social_security: { pia: 2_100, claiming_age: 67 },
        },
      ],
      accounts: accountsOf(0, 85, 520, 45, 8),
      state: 'OR',
      spending_profile: 'smile',
      smile_dip: 0.15,
      smile_increase: 0.12,
      bequest_floor: 75_000,
      max_roth_conversion: 50_000,
      aca_benchmark_premium: 14_000,
    },
    published: [{ what: 'spending_level', owl: 42_550, words: '$42,550/yr spending basis' }],
    comparable: true,
    differs: 'allocation glide (65/35 here); Medicare Part B premium paid beside spending in Owl; dividends',
  },
  {
    name: 'robin',
    request: {
      ...base,
      // Owl allocates by account type (equities in Roth and HSA, bonds in tax-deferred); the
      // balance-weighted start, 42/58, stands in.
      ...realRates(OWL_HISTORICAL_AVERAGE['1990-2025'] as OwlRates, [42, 58, 0]),
      people: [
        {
          birth_year: 1961,
          sex: 'female',
          planning_age: 91,
          social_security: { pia: 1_984, claiming_age: 67 },
        },
      ],
      accounts: accountsOf(0, 22, 310, 45, 12, 11),
      state: 'NY',
      bequest_floor: 50_000,
      max_roth_conversion: 50_000,
    },
    published: [{ what: 'spending_level', owl: 44_344, words: '$44,344/yr spending basis' }],
    comparable: true,
    differs:
      'asset location by account type in Owl (one return here); Medicare Part B premium paid beside spending in Owl',
  },
];
