import { z } from 'zod';

/** Largest magnitude accepted for a money amount. */
export const MONEY_LIMIT = 1e12;

/** A money amount (dollars), finite, |x| < 1e12. */
export function money(description: string) {
  return z.number().gt(-MONEY_LIMIT).lt(MONEY_LIMIT).describe(description);
}

/** A non-negative money amount (dollars), below 1e12. */
export function nonNegativeMoney(description: string) {
  return z.number().min(0).lt(MONEY_LIMIT).describe(description);
}

/** A rate as a decimal fraction (0.05 = 5%), by default in [-0.99, 1]. */
export function rate(description: string, bounds: { min?: number; max?: number } = {}) {
  return z
    .number()
    .min(bounds.min ?? -0.99)
    .max(bounds.max ?? 1)
    .describe(description);
}

/** An age in whole years, 0-120. */
export function age(description: string) {
  return z.number().int().min(0).max(120).describe(description);
}

/** A whole number of years, 1-100 unless bounded otherwise. */
export function wholeYears(description: string, bounds: { min?: number; max?: number } = {}) {
  return z
    .number()
    .int()
    .min(bounds.min ?? 1)
    .max(bounds.max ?? 100)
    .describe(description);
}

/** Seed used when a stochastic operation is called without one. */
export const DEFAULT_SEED = 1;

/** The seed of a stochastic operation: an unsigned 32-bit integer, default {@link DEFAULT_SEED}. */
export function seed() {
  return z
    .number()
    .int()
    .min(0)
    .max(0xffffffff)
    .default(DEFAULT_SEED)
    .describe(`Seed of the random market paths (unsigned 32-bit integer; default ${DEFAULT_SEED}).`);
}

/** Number of Monte Carlo paths, 1-100000, default 10000. */
export function numSimulations() {
  return z.number().int().min(1).max(100_000).default(10_000).describe('Number of simulated paths.');
}

/** The five federal filing statuses. */
export const FILING_STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'] as const;
/** A federal filing status: `single`, `mfj`, `mfs`, `hoh` or `qss` (qualifying surviving spouse). */
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** A federal filing status: single, mfj, mfs, hoh or qss (qualifying surviving spouse). */
export function filingStatus(description = 'Filing status: single, mfj, mfs, hoh or qss.') {
  return z.enum(FILING_STATUSES).describe(description);
}

/**
 * A table year (tax_year, award_year, ...): an integer that must be one of `supported`; any other
 * year is an `unsupported_year` error whose message lists the supported years.
 */
export function tableYear(field: string, supported: readonly number[], description: string) {
  const list = supported.join(', ');
  return z
    .number()
    .int()
    .refine((year) => supported.includes(year), {
      error: `${field} is not supported; supported: ${list}`,
      params: { finplan: 'unsupported_year' },
    })
    .meta({ enum: [...supported], description });
}
