/**
 * The shape of the mortality tables (`data/mortality/`), as a zod schema: the table type is inferred
 * from it, and `test/data/tables.test.ts` validates every file against it. Engines import only the type.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from './table-schema';

/** Death probabilities and life expectancies of one sex, by exact age from 0. */
const SexTable = block({
  /** `qx[x]`: probability that a life aged exactly x dies within one year. */
  qx: z.array(z.number().check(z.gte(0), z.lte(1))).check(z.minLength(1)),
  /** `ex[x]`: published period life expectancy at exact age x (years), kept to check the engine. */
  ex: z.array(z.number().check(z.gte(0))),
});

/** `data/mortality/ssa-period/YYYY.json`: an SSA period life table by sex. */
export const PeriodLifeTableSchema = z.strictObject({
  period_year: z.int(),
  sources: sources(),
  note: z.optional(z.string()),
  male: SexTable,
  female: SexTable,
});

/** One SSA period life table, as stored in `data/mortality/ssa-period/YYYY.json`. */
export type PeriodLifeTable = z.output<typeof PeriodLifeTableSchema>;
