/**
 * Hand-built timelines for the LP tests: a small builder of {@link Timeline}s (no SSA, pensions or
 * spending profile: each year's person fields come from callbacks).
 */
import type { YearFeedback } from '../../src/plan/_lib/lp-model';
import type { PersonYear, PlanAccount, Timeline, TimelineYear } from '../../src/plan/_lib/types';

export interface FixturePerson {
  readonly birthYear: number;
  readonly lastYear: number;
}

export interface Fixture {
  readonly startYear?: number;
  readonly years: number;
  readonly people: readonly FixturePerson[];
  readonly accounts: readonly PlanAccount[];
  /** Real growth factor of every year (1 + real return); default 1. */
  readonly growth?: number | ((t: number) => number);
  readonly inflation?: number;
  readonly objective?: Timeline['objective'];
  readonly spendingLevel?: number;
  readonly bequestFloor?: number;
  readonly heirsRate?: number;
  readonly maxConversion?: number;
  readonly spendingFactor?: (t: number) => number;
  /** Overrides of a person's year (wages, pension, socialSecurity, rmdDivisor). */
  readonly person?: (t: number, p: number) => Partial<PersonYear>;
}

/** A timeline from a fixture: ages year - birth year, alive through lastYear, mfj while both live. */
export function timelineOf(f: Fixture): Timeline {
  const startYear = f.startYear ?? 2026;
  const inflation = f.inflation ?? 0;
  const growthAt = typeof f.growth === 'function' ? f.growth : () => (f.growth as number | undefined) ?? 1;
  const firstDeath = Math.min(...f.people.map((p) => p.lastYear));
  const years: TimelineYear[] = [];
  for (let t = 0; t < f.years; t++) {
    const year = startYear + t;
    const people = f.people.map((p, i) => ({
      alive: year <= p.lastYear,
      age: year - p.birthYear,
      wages: 0,
      pension: 0,
      socialSecurity: 0,
      rmdDivisor: undefined,
      ...f.person?.(t, i),
    }));
    years.push({
      index: t,
      year,
      people,
      filingStatus: f.people.length === 2 && year <= firstDeath ? 'mfj' : 'single',
      spendingFactor: f.spendingFactor?.(t) ?? 1,
      growth: growthAt(t),
      priceIndex: (1 + inflation) ** t,
      aca: false,
    });
  }
  return {
    startYear,
    people: f.people.map((p) => ({ ...p, sex: undefined })),
    accounts: f.accounts,
    years,
    state: undefined,
    inflation,
    objective: f.objective ?? 'max_spending',
    spendingLevel: f.spendingLevel ?? 0,
    bequestFloor: f.bequestFloor ?? 0,
    heirsRate: f.heirsRate ?? 0,
    maxConversion: f.maxConversion ?? 0,
    acaBenchmarkPremium: 0,
    discountRate: 0,
  };
}

/** Feedback of no benefits, no fixed costs, no gains and no state tax (or the given fields). */
export function quietFeedback(timeline: Timeline, fields: Partial<YearFeedback> = {}): YearFeedback[] {
  return timeline.years.map(() => ({
    taxableSocialSecurity: 0,
    fixedCosts: 0,
    gainFraction: 0,
    stateRate: 0,
    ...fields,
  }));
}

/** One account. */
export function account(kind: PlanAccount['kind'], balance: number, owner = 0, basis = 0): PlanAccount {
  return { owner, kind, balance, basis };
}
