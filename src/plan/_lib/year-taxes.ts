/**
 * The exact taxes of one plan year, in nominal dollars of the year: the federal tax (`householdTax`,
 * IRC §86 included), the state income tax (`stateTax`), the premium tax credit of a Marketplace year
 * (`premiumTaxCredit`) and, separately, the IRMAA surcharges a premium year's enrollees pay
 * (`irmaaFor`), each through its area's engine entry point, never a rule of their own.
 *
 * A year past an engine's last table is computed with that table on amounts deflated to its year at
 * the plan's inflation, the results inflated back ({@link projectionFactor}); the OBBBA senior deduction
 * is dropped after 2028 ({@link federalTableFor}). Each engine reads the amounts rounded to the cent
 * in its table's dollars (what a return reports, to the cent), which also makes a year's taxes a
 * function of whole cents that {@link yearTaxes} memoizes.
 *
 * @internal
 * @module
 */
import { applicablePercentageTables, irmaaFor, irmaaTables, premiumTaxCredit } from '../../healthcare/engine';
import { type FederalTaxTable, householdTax, householdTaxNumbers } from '../../tax/engine';
import { type StateTaxInput, stateTax, stateTaxTable, stateTaxYears } from '../../tax/state-engine';
import { federalTableFor, projectionFactor, tableYearFor } from './projection';

type StateTaxTable = Parameters<typeof stateTax>[0];

/** A household-year's income as the tax engines read it, in nominal dollars of the year. */
export interface YearIncome {
  readonly status: 'single' | 'mfj';
  /** The taxpayer's age at the end of the year (person 0, or the survivor). */
  readonly age: number;
  /** The spouse's age on a joint return. */
  readonly spouseAge: number | undefined;
  /** The age the state's age-gated exclusions read (the state engine takes one: the older spouse's). */
  readonly stateAge: number;
  readonly wages: number;
  readonly pensions: number;
  readonly socialSecurity: number;
  /** Tax-deferred withdrawals and Roth conversions: ordinary income, retirement-plan income for a state. */
  readonly taxDeferred: number;
  /** Long-term gain realized by taxable-account withdrawals. */
  readonly gains: number;
  /** Marketplace coverage this year: the household pays the benchmark premium less the credit. */
  readonly aca: boolean;
  readonly householdSize: number;
  /** Annual benchmark (second-lowest silver) premium, nominal. */
  readonly benchmarkPremium: number;
}

/** The taxes of a household-year, nominal. */
export interface YearTaxes {
  /** AGI (the MAGI of IRMAA and the NIIT: no tax-exempt interest is modeled). */
  readonly agi: number;
  /** Regular tax + NIIT + additional Medicare tax. */
  readonly federalTax: number;
  readonly niit: number;
  readonly stateTax: number;
  /** Taxable income less its qualified part (what "fill the bracket" fills). */
  readonly ordinaryTaxableIncome: number;
  readonly taxableSocialSecurity: number;
  readonly premiumTaxCredit: number;
  /** Benchmark premium less the credit; 0 without Marketplace coverage. */
  readonly acaNetPremium: number;
  /** federalTax + stateTax + acaNetPremium. */
  readonly total: number;
  /** The table year of the federal computation and nominal dollars per dollar of it. */
  readonly federalTableYear: number;
  readonly federalFactor: number;
}

/**
 * The tables and deflation factors of one calendar year, state and inflation: what {@link yearTaxes}
 * computes with ({@link taxYearOf}).
 */
export interface TaxYear {
  readonly year: number;
  readonly federal: FederalTaxTable;
  readonly federalYear: number;
  readonly federalFactor: number;
  readonly state: StateTaxTable | undefined;
  readonly stateFactor: number;
  readonly acaYear: number;
  readonly acaFactor: number;
  /** The profiles of the year by their key (see {@link taxProfile}). */
  readonly profiles: Map<string, TaxProfile>;
}

const taxYears = new Map<string, TaxYear>();

/**
 * The tables that compute calendar year `year` for a state (undefined: none) at an inflation rate.
 *
 * @example
 * ```ts
 * import { taxYearOf } from './year-taxes';
 * const t = taxYearOf('CA', 2030, 0.02);
 * [t.federalYear, t.federalFactor]; // [2026, 1.08243216]
 * ```
 */
export function taxYearOf(state: string | undefined, year: number, inflation: number): TaxYear {
  const key = `${state ?? ''}|${year}|${inflation}`;
  let t = taxYears.get(key);
  if (t === undefined) {
    const federal = federalTableFor(year);
    const federalYear = federal.tax_year;
    let stateTable: StateTaxTable | undefined;
    let stateFactor = 1;
    if (state !== undefined) {
      const stateYear = tableYearFor(stateTaxYears(state), year);
      stateTable = stateTaxTable(state, stateYear);
      stateFactor = projectionFactor(year, stateYear, inflation);
    }
    const acaYear = tableYearFor(applicablePercentageTables.years, year);
    t = {
      year,
      federal,
      federalYear,
      federalFactor: projectionFactor(year, federalYear, inflation),
      state: stateTable,
      stateFactor,
      acaYear,
      acaFactor: projectionFactor(year, acaYear, inflation),
      profiles: new Map(),
    };
    taxYears.set(key, t);
  }
  return t;
}

/** Whole cents of `dollars / factor` (an amount in a table's dollars, to the cent). */
const centsIn = (dollars: number, factor: number): number => Math.round((dollars / factor) * 100) + 0;

/** A household-year's income less its withdrawals and gains (what the accounts' flows do not change). */
export type FixedIncome = Omit<YearIncome, 'taxDeferred' | 'gains'>;

/**
 * A household-year's fixed part in a tax year: its income as the federal table's whole cents, and the
 * memo of its taxes by the cents of the rest (withdrawals and conversions, gains).
 */
export interface TaxProfile {
  readonly taxYear: TaxYear;
  readonly income: FixedIncome;
  readonly wages: number;
  readonly pensions: number;
  readonly socialSecurity: number;
  /** Benchmark premium, whole cents of the ACA table's dollars. */
  readonly premium: number;
  /** The taxes by the whole cents of the tax-deferred income, then of the gains. */
  readonly memo: Map<number, Map<number, YearTaxes>>;
}

/**
 * The most results memoized in all, over every tax year and profile and across plans: past it every
 * memo starts over, so that a server planning for many households keeps a bounded memory (the tax years
 * and profiles are kept by key for the life of the process otherwise). A memo only saves work: the
 * results are the same either way.
 */
const MEMO_LIMIT = 200_000;
let memoized = 0;

/**
 * The profile of a household-year's fixed income in a tax year (one per distinct fixed income, shared).
 *
 * @example
 * ```ts
 * import { taxProfile, taxYearOf } from './year-taxes';
 * const p = taxProfile(taxYearOf(undefined, 2026, 0), { status: 'single', age: 66, spouseAge: undefined, stateAge: 66,
 *   wages: 0, pensions: 30_000, socialSecurity: 0, aca: false, householdSize: 1, benchmarkPremium: 0 });
 * p.pensions; // 3000000
 * ```
 */
export function taxProfile(t: TaxYear, income: FixedIncome): TaxProfile {
  const k = t.federalFactor;
  const wages = centsIn(income.wages, k);
  const pensions = centsIn(income.pensions, k);
  const socialSecurity = centsIn(income.socialSecurity, k);
  const premium = income.aca ? centsIn(income.benchmarkPremium, t.acaFactor) : 0;
  const key = `${income.status}|${income.age}|${income.spouseAge}|${income.stateAge}|${wages}|${pensions}|${socialSecurity}|${income.aca ? `${income.householdSize}|${premium}` : ''}`;
  let profile = t.profiles.get(key);
  if (profile === undefined) {
    profile = { taxYear: t, income, wages, pensions, socialSecurity, premium, memo: new Map() };
    t.profiles.set(key, profile);
  }
  return profile;
}

/**
 * The exact taxes of one household-year (nominal dollars): {@link profileTaxes} of its profile.
 *
 * @example
 * ```ts
 * import { taxYearOf, yearTaxes } from './year-taxes';
 * // 2026 single, 66, 60,000 from an IRA: 60,000 - 16,100 - 2,050 - 6,000 = 35,850 taxable;
 * // 1,240 + 12% x (35,850 - 12,400) = 4,054
 * yearTaxes(taxYearOf(undefined, 2026, 0.02), { status: 'single', age: 66, spouseAge: undefined, stateAge: 66, wages: 0,
 *   pensions: 0, socialSecurity: 0, taxDeferred: 60_000, gains: 0, aca: false, householdSize: 1, benchmarkPremium: 0 }).federalTax; // 4054
 * ```
 */
export function yearTaxes(t: TaxYear, income: YearIncome): YearTaxes {
  return profileTaxes(taxProfile(t, income), income.taxDeferred, income.gains);
}

/**
 * The exact taxes of a profile's household-year with `taxDeferred` (withdrawals and conversions) and
 * `gains` (nominal), memoized by their whole cents in the federal table's dollars. Each engine reads
 * whole cents of its own table's dollars, the state's and the Marketplace's converted from the federal
 * cents (so that the cents of the federal table determine every result).
 *
 * @example
 * ```ts
 * import { profileTaxes, taxProfile, taxYearOf } from './year-taxes';
 * const p = taxProfile(taxYearOf(undefined, 2026, 0), { status: 'single', age: 66, spouseAge: undefined, stateAge: 66,
 *   wages: 0, pensions: 30_000, socialSecurity: 0, aca: false, householdSize: 1, benchmarkPremium: 0 });
 * // 30,000 - 24,150 = 5,850 taxable at 10%; the gain is in the 0% band
 * profileTaxes(p, 0, 12_351).federalTax; // 585
 * ```
 */
export function profileTaxes(profile: TaxProfile, taxDeferred: number, gains: number): YearTaxes {
  const k = profile.taxYear.federalFactor;
  const td = centsIn(taxDeferred, k);
  const gainCents = centsIn(gains, k);
  let byGains = profile.memo.get(td);
  const hit = byGains?.get(gainCents);
  if (hit !== undefined) return hit;
  const result = compute(profile, td, gainCents);
  if (memoized >= MEMO_LIMIT) {
    taxYears.clear();
    irmaaYears.clear();
    profile.memo.clear();
    byGains = undefined;
    memoized = 0;
  }
  if (byGains === undefined) {
    byGains = new Map();
    profile.memo.set(td, byGains);
  }
  byGains.set(gainCents, result);
  memoized += 1;
  return result;
}

function compute(profile: TaxProfile, td: number, gains: number): YearTaxes {
  const t = profile.taxYear;
  const income = profile.income;
  const k = t.federalFactor;
  const ordinary = profile.wages + profile.pensions + td;
  const ss = profile.socialSecurity;
  const fed = householdTaxNumbers(
    householdTax(
      {
        tax_year: t.federalYear,
        filing_status: income.status,
        age: income.age,
        spouse_age: income.status === 'mfj' ? income.spouseAge : undefined,
        ordinary_income: ordinary / 100,
        qualified_income: gains / 100,
        social_security_benefits: ss / 100,
        earned_income: profile.wages / 100,
      },
      t.federal,
    ),
  );
  let stateTaxNominal = 0;
  if (t.state !== undefined) {
    const ks = t.stateFactor;
    // the federal cents in the state table's dollars
    const inState = (cents: number) => centsIn((cents / 100) * k, ks) / 100;
    const input: StateTaxInput = {
      filing_status: income.status,
      state_taxable_income: inState(profile.wages + gains),
      social_security_income: inState(ss),
      pension_income: inState(profile.pensions + td),
      age: income.stateAge,
      // The states that deduct federal income tax (AL, MO, OR) take the regular tax computed here.
      federal_income_tax: centsIn(fed.regularTax * k, ks) / 100,
    };
    const units = stateTax(t.state, input).units;
    stateTaxNominal = (Number(units.tax) / Number(units.unit)) * ks;
  }
  const agi = fed.agi * k;
  const taxableSocialSecurity = fed.taxableSocialSecurity * k;
  let credit = 0;
  let net = 0;
  if (income.aca) {
    // IRC 36B(d)(2)(B): household income adds the benefits the AGI leaves out.
    const ka = t.acaFactor;
    const ptc = premiumTaxCredit({
      coverageYear: t.acaYear,
      householdSize: income.householdSize,
      householdIncome: centsIn(agi + (ss / 100) * k - taxableSocialSecurity, ka) / 100,
      benchmarkAnnualPremium: profile.premium / 100,
      filingStatus: income.status,
    });
    credit = ptc.premium_tax_credit.toNumber() * ka;
    net = ptc.net_premium.toNumber() * ka;
  }
  const federalTax = fed.total * k;
  return {
    agi,
    federalTax,
    niit: fed.niit * k,
    stateTax: stateTaxNominal,
    ordinaryTaxableIncome: fed.ordinaryTaxableIncome * k,
    taxableSocialSecurity,
    premiumTaxCredit: credit,
    acaNetPremium: net,
    total: federalTax + stateTaxNominal + net,
    federalTableYear: t.federalYear,
    federalFactor: k,
  };
}

/**
 * The IRMAA surcharges (Part B + Part D adjustments, 12 months) paid by `enrollees` people in the premium
 * year of `y` (its table, looked up once by {@link irmaaYearOf}), set by `magi` (nominal) of the tax year
 * two years before: `irmaaFor` of the premium year's CMS table, or of the last table on the MAGI deflated
 * to it (the surcharge inflated back). Nominal dollars of the premium year.
 *
 * @example
 * ```ts
 * import { irmaaSurchargeIn, irmaaYearOf } from './year-taxes';
 * // CMS 2026, individual: MAGI over 109,000 up to 137,000 adds 81.20 (Part B) + 14.50 (Part D) a month
 * irmaaSurchargeIn(irmaaYearOf(2026, 'single', 0.02), 120_000, 1); // 1148.4
 * ```
 */
export function irmaaSurchargeIn(y: IrmaaYear, magi: number, enrollees: number): number {
  if (enrollees <= 0) return 0;
  const cents = centsIn(magi, y.factor);
  let monthlyCents = y.monthlyCents.get(cents);
  if (monthlyCents === undefined) {
    const tier = irmaaFor(y.tableYear, y.status, cents / 100);
    monthlyCents =
      tier.tier === 0 ? 0 : Math.round(tier.part_b_irmaa * 100) + Math.round(tier.part_d_irmaa * 100);
    if (y.monthlyCents.size >= IRMAA_MEMO_LIMIT) y.monthlyCents.clear();
    y.monthlyCents.set(cents, monthlyCents);
  }
  if (monthlyCents === 0) return 0;
  return ((monthlyCents * 12 * enrollees) / 100) * y.factor;
}

/** A premium year's IRMAA table for a return status at an inflation rate, and its surcharges seen. */
export interface IrmaaYear {
  readonly status: 'single' | 'mfj';
  readonly tableYear: number;
  /** Nominal dollars of the premium year per dollar of the table's year. */
  readonly factor: number;
  /** Monthly surcharge per enrollee (Part B + Part D, whole cents; 0 in tier 0) by MAGI in table cents. */
  readonly monthlyCents: Map<number, number>;
}

/** The most MAGIs whose surcharge one {@link IrmaaYear} keeps (a memo only saves work). */
const IRMAA_MEMO_LIMIT = 10_000;

const irmaaYears = new Map<string, IrmaaYear>();

/**
 * The IRMAA table that computes premium year `premiumYear` for a return status at an inflation rate
 * (the year's own CMS table, or the last one and its inflation factor), kept by key.
 *
 * @example
 * ```ts
 * import { irmaaYearOf } from './year-taxes';
 * irmaaYearOf(2026, 'mfj', 0.02).factor; // 1
 * ```
 */
export function irmaaYearOf(premiumYear: number, status: 'single' | 'mfj', inflation: number): IrmaaYear {
  const key = `${premiumYear}|${status}|${inflation}`;
  let y = irmaaYears.get(key);
  if (y === undefined) {
    const tableYear = tableYearFor(irmaaTables.years, premiumYear);
    const factor = projectionFactor(premiumYear, tableYear, inflation);
    y = { status, tableYear, factor, monthlyCents: new Map() };
    irmaaYears.set(key, y);
  }
  return y;
}

/**
 * The largest MAGI (nominal, of tax year `premiumYear - 2`) that pays no IRMAA in `premiumYear` on a
 * return of `status`: the top of tier 0 of the premium year's table (or of the last table, inflated).
 *
 * @example
 * ```ts
 * import { irmaaFreeMagi } from './year-taxes';
 * irmaaFreeMagi(2026, 'mfj', 0.02); // 218000
 * ```
 */
export function irmaaFreeMagi(premiumYear: number, status: 'single' | 'mfj', inflation: number): number {
  const tableYear = tableYearFor(irmaaTables.years, premiumYear);
  const k = projectionFactor(premiumYear, tableYear, inflation);
  const to = irmaaFor(tableYear, status, 0).to;
  if (to === undefined) return Number.POSITIVE_INFINITY;
  return (to.inclusive ? to.magi : to.magi - 0.01) * k;
}
