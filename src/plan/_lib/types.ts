/**
 * The shapes every part of the lifetime plan shares: the household's years as the planner sees them
 * ({@link Timeline}), the decisions of each year ({@link YearDecision}) and the exact accounting of a
 * year ({@link YearRecord}). Amounts are in real dollars of the plan's first year (start-year dollars)
 * unless a name says `nominal`.
 *
 * @internal
 */

/** The tax treatment of an account. */
export type AccountKind = 'taxable' | 'tax_deferred' | 'roth' | 'hsa';

/** One account at the start of the plan. */
export interface PlanAccount {
  /** Index of the owner in {@link Timeline.people}; at the owner's death the survivor inherits it. */
  readonly owner: number;
  readonly kind: AccountKind;
  /** Balance at the start of the first plan year. */
  readonly balance: number;
  /** Taxable accounts: cost basis (at most the balance); 0 for the others. */
  readonly basis: number;
}

/** One person of the household. */
export interface PlanPerson {
  readonly birthYear: number;
  /** Last calendar year the person is alive in this timeline (deaths fall at the end of a year). */
  readonly lastYear: number;
  readonly sex: 'male' | 'female' | undefined;
}

/** One person in one plan year. */
export interface PersonYear {
  readonly alive: boolean;
  /** Age at the end of the year: year - birth year. */
  readonly age: number;
  /** Wages of the year (earned income). */
  readonly wages: number;
  /** Taxable pension income of the year. */
  readonly pension: number;
  /** Social Security benefits received in the year (own or survivor benefit). */
  readonly socialSecurity: number;
  /**
   * Uniform Lifetime Table divisor when a required minimum distribution is due for this year from this
   * person's tax-deferred accounts (the RMD is the start-of-year balance over it); undefined otherwise.
   */
  readonly rmdDivisor: number | undefined;
}

/** One plan year: the calendar year is the tax year. */
export interface TimelineYear {
  /** 0 for the first plan year. */
  readonly index: number;
  readonly year: number;
  /** One entry per person of {@link Timeline.people}, dead or alive. */
  readonly people: readonly PersonYear[];
  /** `mfj` while both spouses live (and in the year of the first death), `single` otherwise. */
  readonly filingStatus: 'single' | 'mfj';
  /** Spending of the year = spending level x this factor (the profile and, after a death, the survivor share). */
  readonly spendingFactor: number;
  /** Real growth factor of every account over the year (1 + the real return). */
  readonly growth: number;
  /** Nominal dollars of this year per start-year dollar: (1 + inflation)^index. */
  readonly priceIndex: number;
  /** The household buys Marketplace coverage this year (someone under 65 and no one working). */
  readonly aca: boolean;
}

/** The whole household over the plan, as the optimizer, the exact accounting and the stress test read it. */
export interface Timeline {
  readonly startYear: number;
  readonly people: readonly PlanPerson[];
  readonly accounts: readonly PlanAccount[];
  /** From the first plan year to the year of the last death. */
  readonly years: readonly TimelineYear[];
  /** Two-letter state code of residence, upper case; undefined: no state tax. */
  readonly state: string | undefined;
  readonly inflation: number;
  readonly objective: 'max_spending' | 'max_bequest';
  /** max_bequest: the spending level (start-year dollars, before the year's factor). */
  readonly spendingLevel: number;
  /** The smallest after-tax bequest allowed (start-year dollars). */
  readonly bequestFloor: number;
  /** Tax rate heirs pay on inherited tax-deferred balances (the after-tax bequest counts 1 - rate of them). */
  readonly heirsRate: number;
  /** Roth conversions allowed, at most this much a year per person (0: none). */
  readonly maxConversion: number;
  /** Annual premium of the benchmark silver plan for the household (0 without Marketplace coverage). */
  readonly acaBenchmarkPremium: number;
  /** Real discount rate of the present values. */
  readonly discountRate: number;
}

/** What is decided in one year. All amounts are taken at the start of the year. */
export interface YearDecision {
  /** Withdrawal from each account (index into {@link Timeline.accounts}). */
  readonly withdrawals: readonly number[];
  /** Roth conversion of each person (index into {@link Timeline.people}): tax-deferred to Roth. */
  readonly conversions: readonly number[];
  /** Spending of the year. */
  readonly spending: number;
}

/** The exact accounting of one year (start-year dollars unless `nominal`). */
export interface YearRecord {
  readonly year: number;
  /** Balance of each account at the start of the year, before the year's flows. */
  readonly balances: readonly number[];
  /** Withdrawals actually made (capped at balances, raised to the RMD, with the balancing draw). */
  readonly withdrawals: readonly number[];
  readonly conversions: readonly number[];
  /** Required minimum distribution of the year (all owners). */
  readonly rmd: number;
  readonly wages: number;
  readonly pensions: number;
  readonly socialSecurity: number;
  readonly taxableSocialSecurity: number;
  /** Long-term gain realized by taxable-account withdrawals (average basis). */
  readonly capitalGains: number;
  /** Adjusted gross income in nominal dollars of the year (the MAGI of IRMAA and the NIIT). */
  readonly agiNominal: number;
  /** Federal income tax + NIIT + additional Medicare tax. */
  readonly federalTax: number;
  readonly niit: number;
  readonly stateTax: number;
  /** IRMAA surcharges paid this year (set by the MAGI of two years before). */
  readonly irmaa: number;
  /** Net Marketplace premium paid (benchmark premium - premium tax credit); 0 without coverage. */
  readonly acaNetPremium: number;
  readonly premiumTaxCredit: number;
  /** Spending met in the year. */
  readonly spending: number;
  /** Spending the accounts could not pay (0 when met). */
  readonly shortfall: number;
  /** Income left after spending and taxes, deposited in the taxable account. */
  readonly deposit: number;
}
