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
 * The tables and deflation factors of one calendar year, state and inflation, with the memo of its
 * taxes: what {@link yearTaxes} computes with ({@link taxYearOf}).
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
  /** Taxes by their exact inputs (whole cents, ages, status). */
  readonly memo: Map<string, YearTaxes>;
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
      memo: new Map(),
    };
    taxYears.set(key, t);
  }
  return t;
}

/** Whole cents of `dollars / factor` (an amount in a table's dollars, to the cent). */
const centsIn = (dollars: number, factor: number): number => Math.round((dollars / factor) * 100) + 0;

/** The whole cents the state engine reads (in its table's dollars). */
interface StateCents {
  readonly income: number;
  readonly pension: number;
  readonly socialSecurity: number;
}

/** The most memoized results a year keeps (then its memo starts over). */
const MEMO_LIMIT = 20_000;

/**
 * The exact taxes of one household-year (nominal dollars), memoized by their exact inputs (the whole
 * cents each engine reads, the ages and the filing status).
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
  const k = t.federalFactor;
  const wages = centsIn(income.wages, k);
  const ordinary = wages + centsIn(income.pensions, k) + centsIn(income.taxDeferred, k);
  const gains = centsIn(income.gains, k);
  const ss = centsIn(income.socialSecurity, k);
  const premium = income.aca ? centsIn(income.benchmarkPremium, t.acaFactor) : 0;
  let key = `${income.status}|${income.age}|${income.spouseAge}|${wages}|${ordinary}|${gains}|${ss}`;
  let state: StateCents | undefined;
  if (t.state !== undefined) {
    const ks = t.stateFactor;
    state = {
      income: centsIn(income.wages, ks) + centsIn(income.gains, ks),
      pension: centsIn(income.pensions, ks) + centsIn(income.taxDeferred, ks),
      socialSecurity: centsIn(income.socialSecurity, ks),
    };
    key += `|${income.stateAge}|${state.income}|${state.pension}|${state.socialSecurity}`;
  }
  if (income.aca) key += `|${income.householdSize}|${premium}`;
  const memo = t.memo;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const result = compute(t, income, wages, ordinary, gains, ss, premium, state);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, result);
  return result;
}

function compute(
  t: TaxYear,
  income: YearIncome,
  wages: number,
  ordinary: number,
  gains: number,
  ss: number,
  premium: number,
  stateCents: StateCents | undefined,
): YearTaxes {
  const k = t.federalFactor;
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
        earned_income: wages / 100,
      },
      t.federal,
    ),
  );
  let stateTaxNominal = 0;
  if (t.state !== undefined && stateCents !== undefined) {
    const ks = t.stateFactor;
    const input: StateTaxInput = {
      filing_status: income.status,
      state_taxable_income: stateCents.income / 100,
      social_security_income: stateCents.socialSecurity / 100,
      pension_income: stateCents.pension / 100,
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
      benchmarkAnnualPremium: premium / 100,
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
 * The IRMAA surcharges (Part B + Part D adjustments, 12 months) paid in `premiumYear` by `enrollees`
 * people, set by `magi` (nominal) of the tax year two years before on a return of `status`: `irmaaFor`
 * of the premium year's CMS table, or of the last table on the MAGI deflated to it (the surcharge
 * inflated back). Nominal dollars of the premium year.
 *
 * @example
 * ```ts
 * import { irmaaSurcharge } from './year-taxes';
 * // CMS 2026, individual: MAGI over 109,000 up to 137,000 adds 81.20 (Part B) + 14.50 (Part D) a month
 * irmaaSurcharge(2026, 'single', 120_000, 1, 0.02); // 1148.4
 * ```
 */
export function irmaaSurcharge(
  premiumYear: number,
  status: 'single' | 'mfj',
  magi: number,
  enrollees: number,
  inflation: number,
): number {
  if (enrollees <= 0) return 0;
  const tableYear = tableYearFor(irmaaTables.years, premiumYear);
  const k = projectionFactor(premiumYear, tableYear, inflation);
  const tier = irmaaFor(tableYear, status, centsIn(magi, k) / 100);
  if (tier.tier === 0) return 0;
  const monthlyCents = Math.round(tier.part_b_irmaa * 100) + Math.round(tier.part_d_irmaa * 100);
  return ((monthlyCents * 12 * enrollees) / 100) * k;
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
