/**
 * The household's years as the planner reads them ({@link Timeline}), from a parsed request: who is
 * alive, ages, wages, pensions, Social Security benefits at the claiming ages, RMD divisors, filing
 * status, the spending profile and the Marketplace years. Every amount is in dollars of the first plan
 * year (real dollars).
 *
 * @internal
 * @module
 */
import { curtateExpectancy, single } from '../../core/life-table';
import { ssaLifeTable } from '../../core/mortality';
import { MONEY_LIMIT } from '../../core/schema';
import { rmdYear } from '../../retirement/engine';
import { drawGrossReturn, returnModel } from '../../rng/return-model';
import { createRng } from '../../rng/xoshiro128';
import { claimingBenefit, fullRetirementAgeMonths, ssaBirthYear } from '../../social-security/engine';
import { MEDICARE_AGE } from './ages';
import type { PlanRequest } from './plan-input';
import type { PersonYear, PlanAccount, PlanPerson, Timeline, TimelineYear } from './types';

/** What a timeline may take from elsewhere than the request. */
export interface TimelineOverrides {
  /** Claiming age of each person with Social Security (the request's, or the optimizer's choice). */
  readonly claimingAges?: readonly (number | undefined)[];
  /** Last year alive of each person (the stress test's deaths). */
  readonly lastYears?: readonly number[];
}

/**
 * The last year of a person: birth year + planning age, or the current age plus the curtate life
 * expectancy of the SSA period life table plus half a year (the complete expectancy), rounded.
 */
export function defaultLastYear(request: PlanRequest, person: PlanRequest['people'][number]): number {
  if (person.planning_age !== undefined) return person.birth_year + person.planning_age;
  const age = request.start_year - person.birth_year;
  const table = ssaLifeTable(person.sex as 'male' | 'female');
  const expectancy = curtateExpectancy(single({ table, age })) + 0.5;
  return request.start_year + Math.round(expectancy);
}

/** The annual Social Security benefit (real) of a person claiming at `claimingAge`. */
export function annualBenefit(person: PlanRequest['people'][number], claimingAge: number): number {
  const pia = person.social_security?.pia ?? 0;
  if (pia === 0) return 0;
  const fra = fullRetirementAgeMonths(ssaBirthYear(person.birth_year));
  return claimingBenefit(pia, claimingAge * 12, fra)
    .monthlyBenefit.times(12)
    .toNumber();
}

/** The spending factor of plan year `t` of `n` (before the survivor share). */
function profileFactor(request: PlanRequest, t: number, n: number): number {
  if (request.spending_profile === 'flat' || n < 2) return 1;
  // A smooth smile: dips by smile_dip at the middle (4u(1 - u) is 1 there, 0 at the ends) and rises
  // linearly by smile_increase from the first year to the last; IEEE-exact operations only.
  const u = t / (n - 1);
  return 1 - request.smile_dip * 4 * u * (1 - u) + request.smile_increase * u;
}

/**
 * The real growth factor of each of `n` plan years: 1 + real_return, or with `market_path` one seeded
 * path of the shared return model (one normal draw a year from xoshiro128** seeded with its seed), each
 * nominal gross return over 1 + inflation.
 */
function growthPath(request: PlanRequest, n: number): number[] {
  const path = request.market_path;
  if (path === undefined) return new Array<number>(n).fill(1 + request.real_return);
  const model = returnModel(path.expected_return, path.return_volatility);
  const rng = createRng(path.seed);
  return Array.from({ length: n }, () => drawGrossReturn(model, rng) / (1 + request.inflation));
}

/**
 * The {@link Timeline} of a parsed request. Deaths fall at the end of each person's last year; the
 * survivor files single from the year after the first death, receives the larger of the two Social
 * Security benefits once receiving one, the survivor share of a pension, and needs
 * `survivor_spending_share` of the spending. Benefits are paid for the whole calendar year in which a
 * person attains the claiming age.
 *
 * @example
 * ```ts
 * import { PlanInput } from './plan-input';
 * const request = PlanInput.parse({
 *   start_year: 2026, real_return: 0.03, inflation: 0.025,
 *   people: [{ birth_year: 1960, planning_age: 90, social_security: { pia: 2_000, claiming_age: 67 } }],
 *   accounts: [{ type: 'tax_deferred', balance: 500_000 }],
 * });
 * const timeline = buildTimeline(request);
 * timeline.years.length; // 25 (2026-2050)
 * timeline.years[1]?.people[0]?.socialSecurity; // 24000 (2027: age 67, the full PIA)
 * ```
 */
export function buildTimeline(request: PlanRequest, overrides: TimelineOverrides = {}): Timeline {
  const start = request.start_year;
  const people: PlanPerson[] = request.people.map((person, i) => ({
    birthYear: person.birth_year,
    lastYear: overrides.lastYears?.[i] ?? defaultLastYear(request, person),
    sex: person.sex,
  }));
  const claiming = request.people.map((person, i) => {
    const age = overrides.claimingAges?.[i] ?? person.social_security?.claiming_age;
    return age === undefined ? undefined : { age, annual: annualBenefit(person, age) };
  });
  const end = Math.max(...people.map((p) => p.lastYear));
  const n = end - start + 1;
  const couple = people.length === 2;
  const firstDeath = Math.min(...people.map((p) => p.lastYear));
  const growth = growthPath(request, n);
  const years: TimelineYear[] = [];
  let priceIndex = 1;
  for (let t = 0; t < n; t++) {
    const year = start + t;
    const alive = people.map((p) => year <= p.lastYear);
    const own = request.people.map((person, i): PersonYear => {
      const age = year - person.birth_year;
      const living = alive[i] as boolean;
      const pension = person.pension;
      const pensionPaid =
        pension !== undefined && age >= pension.start_age
          ? pension.cola
            ? pension.annual
            : pension.annual / priceIndex
          : 0;
      const benefit = claiming[i];
      const rmd = living ? rmdYear(person.birth_year, age) : undefined;
      return {
        alive: living,
        age,
        wages:
          living && person.retirement_age !== undefined && age < person.retirement_age ? person.wages : 0,
        pension: living ? pensionPaid : pensionPaid * (pension?.survivor_share ?? 0),
        socialSecurity: living && benefit !== undefined && age >= benefit.age ? benefit.annual : 0,
        rmdDivisor: rmd?.status === 'due' ? rmd.divisor : undefined,
      };
    });
    // The survivor takes the deceased's survivor pension and, once receiving benefits, the larger one.
    const rows = own.map((row, i) => {
      const other = own[1 - i];
      if (!couple || !row.alive || other === undefined || other.alive) return row;
      return {
        ...row,
        pension: row.pension + other.pension,
        socialSecurity:
          row.socialSecurity > 0 ? Math.max(row.socialSecurity, claiming[1 - i]?.annual ?? 0) : 0,
      };
    });
    const dead = rows.map((row) => (row.alive ? row : { ...row, pension: 0, socialSecurity: 0, wages: 0 }));
    const survivorYear = couple && year > firstDeath;
    years.push({
      index: t,
      year,
      people: dead,
      filingStatus: couple && !survivorYear ? 'mfj' : 'single',
      spendingFactor: profileFactor(request, t, n) * (survivorYear ? request.survivor_spending_share : 1),
      growth: growth[t] as number,
      priceIndex,
      aca:
        request.aca_benchmark_premium !== undefined &&
        dead.some((row) => row.alive && row.age < MEDICARE_AGE) &&
        dead.every((row) => !row.alive || row.wages === 0),
    });
    priceIndex *= 1 + request.inflation;
  }
  const accounts: PlanAccount[] = request.accounts.map((account) => ({
    owner: account.owner,
    kind: account.type,
    balance: account.balance,
    basis: account.type === 'taxable' ? (account.cost_basis ?? account.balance) : 0,
  }));
  // Surpluses go to a taxable account: the household always has one (of balance 0 if none was given);
  // and a person who may convert has a Roth account to convert into.
  if (!accounts.some((account) => account.kind === 'taxable'))
    accounts.push({ owner: 0, kind: 'taxable', balance: 0, basis: 0 });
  if (request.max_roth_conversion !== 0)
    people.forEach((_, owner) => {
      const converts = accounts.some((a) => a.owner === owner && a.kind === 'tax_deferred');
      if (converts && !accounts.some((a) => a.owner === owner && a.kind === 'roth'))
        accounts.push({ owner, kind: 'roth', balance: 0, basis: 0 });
    });
  return {
    startYear: start,
    people,
    accounts,
    years,
    state: request.state?.toUpperCase(),
    inflation: request.inflation,
    objective: request.objective,
    spendingLevel: request.spending_goal ?? 0,
    bequestFloor: request.bequest_floor,
    heirsRate: request.heirs_tax_rate,
    maxConversion: request.max_roth_conversion ?? MONEY_LIMIT,
    acaBenchmarkPremium: request.aca_benchmark_premium ?? 0,
    discountRate: request.discount_rate ?? request.real_return,
  };
}
