import Decimal from 'decimal.js';
import fc from 'fast-check';
import { type CalculationError, isCalculationError } from '../src/core/errors';
import type { AnyOperation } from '../src/core/operation';

/** The CalculationError that `operation.run(input)` throws; fails the test if it returns or throws anything else. */
export function calculationErrorOf(operation: AnyOperation, input: unknown): CalculationError {
  try {
    operation.run(input);
  } catch (error) {
    if (isCalculationError(error)) return error;
    throw error;
  }
  throw new Error(`expected ${operation.path} to reject the input with a CalculationError`);
}

/** decimal.js at 60 significant digits: exact enough to verify a root of double-precision data. */
export const Exact = Decimal.clone({ precision: 60 });

/**
 * Whether `f` (evaluated exactly) changes sign, or vanishes, between `at - half` and `at + half`: a
 * root of `f` lies within `half` of `at` (as a reported root rounded to 10 places must, with
 * half = 1e-10).
 */
export function rootWithin(f: (r: Decimal) => Decimal, at: number, half: number): boolean {
  const below = f(new Exact(at).minus(half));
  const above = f(new Exact(at).plus(half));
  return below.isZero() || above.isZero() || below.isNegative() !== above.isNegative();
}

/**
 * A workload size for a long-running test: `quick` under `npm test` (which must finish within two
 * minutes on two cores), `thorough` under `npm run test:deep` (FINPLAN_TEST_DEEP=1), which CI's deep job
 * and anyone changing the subject run. Both sizes assert the same statements.
 */
export function deep(quick: number, thorough: number): number {
  return DEEP ? thorough : quick;
}

/** Whether this is `npm run test:deep` (FINPLAN_TEST_DEEP=1): see {@link deep}. */
export const DEEP = process.env.FINPLAN_TEST_DEEP === '1';

/**
 * mulberry32: a small seeded generator for differential tests that draw many cases by hand, so that a
 * failure replays from its seed.
 */
export function seededGenerator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

/** Operations whose one request takes up to seconds (the lifetime plan runs a solver and its strategies). */
const HEAVY = new Set(['/v1/plan/lifetime']);

/**
 * The runs of a property that every operation goes through: a tenth (at least 2) for a heavy operation,
 * whose own tests (test/plan/) go deeper.
 */
export function runsFor(operation: AnyOperation, runs: number): number {
  return HEAVY.has(operation.path) ? Math.max(2, Math.ceil(runs / 10)) : runs;
}

/**
 * A lifetime plan request made quick to run, whatever it asks: at most 12 years per person and no
 * stress test (the generic properties test the reply's shape, not the horizon). Other requests as given.
 */
export function quickPlan(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const request = input as Record<string, unknown>;
  if (!Array.isArray(request.people) || typeof request.start_year !== 'number') return input;
  const start = request.start_year;
  const people = request.people.map((person: unknown) => {
    if (typeof person !== 'object' || person === null) return person;
    const p = person as Record<string, unknown>;
    const age = typeof p.birth_year === 'number' ? start - p.birth_year : undefined;
    if (age === undefined || typeof p.planning_age !== 'number') return p;
    return { ...p, planning_age: Math.max(age, Math.min(p.planning_age, age + 12)) };
  });
  const { stress: _dropped, ...rest } = request;
  return { ...rest, people };
}

/**
 * One code point of any kind as a string, for `fc.string({ unit: codePointUnit })`: ASCII, any code point
 * and lone surrogates (each a third of the draws). What fast-check's 'binary' unit draws, without its table
 * of every code point, which it builds on its first use in a process (about 1.4 s of CPU).
 */
export const codePointUnit = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0, max: 0x10ffff }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCodePoint(code));

/**
 * `fn` computed once per distinct input (inputs compared as JSON). For properties that draw from one
 * fixed seed the same requests as another property of their file: a result is computed once and only read.
 */
export function onceByJson<I, O>(fn: (input: I) => O): (input: I) => O {
  const results = new Map<string, O>();
  return (input) => {
    const key = JSON.stringify(input);
    let result = results.get(key);
    if (result === undefined) {
      result = fn(input);
      results.set(key, result);
    }
    return result;
  };
}
