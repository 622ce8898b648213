/**
 * Building blocks of the zod schemas that describe `data/` tables. A table's TypeScript type is
 * inferred from its schema, and `test/data/tables.test.ts` validates every data file against it; the
 * engines import only the types, so these schemas never reach a runtime bundle.
 *
 * @module
 */
import * as z from 'zod/mini';
import { FILING_STATUSES, type FilingStatus } from './schema';

type Shape = Record<string, z.ZodMiniType>;

/**
 * A block of figures: its own fields plus `source` (an id of the file's `sources` map), an optional
 * `note`, and optional `<field>_source` ids for fields sourced elsewhere. Any other key is an error,
 * so a misspelt figure fails the test instead of being ignored.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Niit = block({ rate: z.number(), threshold: byStatus(z.number()) });
 * ```
 */
export function block<S extends Shape>(shape: S) {
  const known = new Set(['source', 'note', ...Object.keys(shape)]);
  return z.looseObject({ source: z.string(), note: z.optional(z.string()), ...shape }).check(
    z.superRefine((value, ctx) => {
      for (const [key, member] of Object.entries(value)) {
        if (known.has(key)) continue;
        if (key.endsWith('_source') && typeof member === 'string') continue;
        ctx.addIssue({ code: 'custom', path: [key], message: `unexpected key ${key}`, input: member });
      }
    }),
  );
}

/**
 * One value per federal filing status (single, mfj, mfs, hoh, qss), no other key.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Thresholds = byStatus(z.number());
 * ```
 */
export function byStatus<T extends z.ZodMiniType>(value: T) {
  return z.strictObject(statusShape(value));
}

/**
 * The shape `{ single, mfj, mfs, hoh, qss }` of one value each, to spread into a {@link block}.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const StandardDeduction = block(statusShape(z.number()));
 * ```
 */
export function statusShape<T extends z.ZodMiniType>(value: T): Record<FilingStatus, T> {
  return Object.fromEntries(FILING_STATUSES.map((status) => [status, value])) as Record<FilingStatus, T>;
}

/**
 * The `sources` map of a table file: citation id -> full citation (document, section, page).
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * const Table = z.strictObject({ tax_year: z.int(), sources: sources() });
 * ```
 */
export function sources() {
  return z.record(z.string(), z.string().check(z.minLength(10)));
}
