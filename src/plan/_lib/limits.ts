/**
 * Bounds of a plan request: design limits of the planner (not statutory figures), in one place so that
 * the schema, its messages and the cost agree.
 *
 * @internal
 * @module
 */
import { stateTaxCodes } from '../../tax/engine';

export const PLAN_LIMITS = {
  /** Birth years a plan takes. */
  birthYear: { min: 1920, max: 2010 },
  /** Ages in the first plan year. */
  startAge: { min: 18, max: 100 },
  /** Accounts of a household. */
  maxAccounts: 12,
  /** Paths of the stress test. */
  maxPaths: 10_000,
} as const;

/** The states whose income tax the plan can compute, sorted. */
export const STATE_CODES: readonly string[] = stateTaxCodes();
