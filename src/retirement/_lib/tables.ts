/**
 * Schemas of the retirement area's data tables (`data/retirement/`). Engines import only the types;
 * `test/data/tables.test.ts` validates the files against these schemas.
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, sources } from '../../core/table-schema';

/** `data/retirement/uniform-lifetime-table.json`: the Uniform Lifetime Table, 26 CFR 1.401(a)(9)-9(c). */
export const UniformLifetimeTableSchema = z.strictObject({
  sources: sources(),
  uniform_lifetime: block({
    first_distribution_year: z.int(),
    first_age: z.int(),
    last_age: z.int(),
    distribution_periods: z.array(z.number().check(z.gt(0))),
  }).check(
    z.refine((table) => table.distribution_periods.length === table.last_age - table.first_age + 1, {
      message: 'distribution_periods must hold one divisor per age first_age..last_age',
    }),
  ),
});

/**
 * `data/retirement/beneficiary-rules.json`: the ten-year rule of IRC 401(a)(9)(H) and the annual RMDs
 * of years 1-9 (T.D. 10001) for a designated beneficiary who is not an eligible designated beneficiary.
 */
export const BeneficiaryRulesSchema = z.strictObject({
  sources: sources(),
  ten_year_rule: block({ years: z.int().check(z.gte(1)) }),
  annual_rmds: block({ life_expectancy_reduction: z.number().check(z.gt(0)) }),
});
