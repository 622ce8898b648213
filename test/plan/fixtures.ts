// Hand-made lifetime-plan timelines for the tests of the exact accounting and the strategies: every
// field is given or defaulted here, nothing is derived from a request (the timeline builder has its own
// tests).
import type { PersonYear, PlanAccount, PlanPerson, Timeline, TimelineYear } from '../../src/plan/_lib/types';

export interface TimelineFixture {
  readonly startYear: number;
  /** The last plan year (default: the last person's lastYear). */
  readonly endYear?: number;
  readonly people: readonly { readonly birthYear: number; readonly lastYear: number }[];
  readonly accounts: readonly PlanAccount[];
  readonly state?: string | undefined;
  /** Default 0 (real = nominal). */
  readonly inflation?: number;
  /** Real growth factor of every year (default 1). */
  readonly growth?: number;
  readonly heirsRate?: number;
  readonly bequestFloor?: number;
  readonly maxConversion?: number;
  readonly acaBenchmarkPremium?: number;
  readonly discountRate?: number;
  readonly objective?: 'max_spending' | 'max_bequest';
  readonly spendingLevel?: number;
  /** A person's wages, pension, benefits and RMD divisor of a year (default: none). */
  readonly person?: (p: number, year: number, age: number) => Partial<PersonYear>;
  readonly aca?: (year: number) => boolean;
  readonly spendingFactor?: (year: number) => number;
}

/** An account (basis = balance for a taxable account unless given; 0 for the others). */
export function account(kind: PlanAccount['kind'], balance: number, owner = 0, basis?: number): PlanAccount {
  return { owner, kind, balance, basis: kind === 'taxable' ? (basis ?? balance) : 0 };
}

/** A timeline from the fixture: mfj while two people live (and in the year of the first death). */
export function makeTimeline(f: TimelineFixture): Timeline {
  const inflation = f.inflation ?? 0;
  const people: PlanPerson[] = f.people.map((p) => ({ ...p, sex: undefined }));
  const end = f.endYear ?? Math.max(...people.map((p) => p.lastYear));
  const years: TimelineYear[] = [];
  for (let year = f.startYear; year <= end; year++) {
    const index = year - f.startYear;
    const persons: PersonYear[] = people.map((person, p) => {
      const age = year - person.birthYear;
      const alive = year <= person.lastYear;
      const given = alive ? (f.person?.(p, year, age) ?? {}) : {};
      return {
        alive,
        age,
        wages: given.wages ?? 0,
        pension: given.pension ?? 0,
        socialSecurity: given.socialSecurity ?? 0,
        rmdDivisor: given.rmdDivisor,
      };
    });
    const firstDeath = Math.min(...people.map((p) => p.lastYear));
    years.push({
      index,
      year,
      people: persons,
      filingStatus: people.length === 2 && year <= firstDeath ? 'mfj' : 'single',
      spendingFactor: f.spendingFactor?.(year) ?? 1,
      growth: f.growth ?? 1,
      priceIndex: (1 + inflation) ** index,
      aca: f.aca?.(year) ?? false,
    });
  }
  return {
    startYear: f.startYear,
    people,
    accounts: f.accounts,
    years,
    state: f.state,
    inflation,
    objective: f.objective ?? 'max_spending',
    spendingLevel: f.spendingLevel ?? 0,
    bequestFloor: f.bequestFloor ?? 0,
    heirsRate: f.heirsRate ?? 0,
    maxConversion: f.maxConversion ?? 0,
    acaBenchmarkPremium: f.acaBenchmarkPremium ?? 0,
    discountRate: f.discountRate ?? 0,
  };
}

/** Whole cents of a dollar amount (for exact comparisons of amounts that are whole cents). */
export const cents = (x: number): number => Math.round(x * 100);
