/**
 * The shapes of the tax area's data files (`data/tax/`), as zod schemas: the table types are
 * inferred from them, and `test/data/tables.test.ts` validates every file against them.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { block, byStatus, sources, statusShape } from '../../core/table-schema';
import { StateRuleSchema } from './state-rule-schemas';
import { ruleStage } from './state-rules/index';

const nullableAmount = z.nullable(z.number());

/** `data/tax/federal/YYYY.json` (see `data/tax/README.md`). */
export const FederalTaxTableSchema = z.strictObject({
  tax_year: z.int(),
  sources: sources(),
  /** `rates[i]` applies to taxable income over `thresholds[status][i]`, up to and including the next threshold. */
  ordinary_brackets: block({ rates: z.array(z.number()), thresholds: byStatus(z.array(z.number())) }),
  standard_deduction: block(statusShape(z.number())),
  /** §63(f): `unmarried` for single and hoh; `married` for mfj, mfs and qss. */
  additional_standard_deduction: block({ unmarried: z.number(), married: z.number() }),
  /** §151(d)(5)(C), 2025-2028 only; `phaseout_start.mfs` is null (not allowed on a separate return). */
  senior_deduction: z.optional(
    block({
      amount_per_person: z.number(),
      phaseout_rate: z.number(),
      phaseout_start: byStatus(nullableAmount),
    }),
  ),
  /** §1(h), §1(j)(5)(B): maximum zero-rate and 15%-rate amounts, measured on total taxable income. */
  ltcg: block({ zero_rate_max: byStatus(z.number()), fifteen_rate_max: byStatus(z.number()) }),
  niit: block({ rate: z.number(), threshold: byStatus(z.number()) }),
  additional_medicare: block({ rate: z.number(), threshold: byStatus(z.number()) }),
  /** §55: exemption, its phase-out, the 26%/28% breakpoint (on the taxable excess) and the rates. */
  amt: block({
    exemption: byStatus(z.number()),
    phaseout_start: byStatus(z.number()),
    phaseout_rate: z.number(),
    rate_breakpoint: byStatus(z.number()),
    rates: z.array(z.number()),
  }),
  /** §1211(b)(1): capital losses allowed against other income. */
  capital_loss_limit: block(statusShape(z.number())),
});

/**
 * The federal figures of one tax year, as stored in `data/tax/federal/YYYY.json` (see
 * `data/tax/README.md` for the conventions and the source of every block).
 */
export type FederalTaxTable = z.output<typeof FederalTaxTableSchema>;

/** `data/tax/capital-gains-rates.json`: the 0%/15%/20% rates of IRC §1(h)(1). */
export const CapitalGainsRatesSchema = z.strictObject({
  source: z.string(),
  sources: sources(),
  rates: z.tuple([z.number(), z.number(), z.number()]),
});

/** `data/tax/statutory-ages.json`: the ages the Code attaches to deductions and contribution limits. */
const month = z.int().check(z.gte(1), z.lte(12));

/** One row of the RMD beginning ages: births from (first_birth_year, first_birth_month) through (last_birth_year, last_birth_month). */
const RmdBeginningRow = z
  .strictObject({
    first_birth_year: z.optional(z.int()),
    first_birth_month: z.optional(month),
    last_birth_year: z.optional(z.int()),
    last_birth_month: z.optional(month),
    // Whole or half years (70 1/2).
    age: z.number().check(z.refine((age) => Number.isInteger(age * 2) && age > 0)),
  })
  .check(
    z.refine((row) => row.first_birth_month === undefined || row.first_birth_year !== undefined, {
      message: 'first_birth_month needs first_birth_year',
    }),
    z.refine((row) => row.last_birth_month === undefined || row.last_birth_year !== undefined, {
      message: 'last_birth_month needs last_birth_year',
    }),
  );

/** Months since year 0 of a row's first and last birth month (undefined: open). */
function rowMonths(row: z.output<typeof RmdBeginningRow>) {
  return {
    first:
      row.first_birth_year === undefined
        ? undefined
        : row.first_birth_year * 12 + (row.first_birth_month ?? 1) - 1,
    last:
      row.last_birth_year === undefined
        ? undefined
        : row.last_birth_year * 12 + (row.last_birth_month ?? 12) - 1,
  };
}

function rowsCoverEveryBirthDate(rows: z.output<typeof RmdBeginningRow>[]): boolean {
  const months = rows.map(rowMonths);
  return months.every(({ first, last }, i) => {
    if ((first === undefined) !== (i === 0)) return false;
    if ((last === undefined) !== (i === months.length - 1)) return false;
    if (first !== undefined && last !== undefined && last < first) return false;
    const before = months[i - 1];
    return before === undefined || (before.last !== undefined && first === before.last + 1);
  });
}

export const StatutoryAgesSchema = z.strictObject({
  sources: sources(),
  senior: block({ age: z.int() }),
  catch_up: block({ age: z.int(), ages_60_63: z.tuple([z.int(), z.int()]) }),
  hsa_catch_up: block({ age: z.int() }),
  rmd: block({
    beginning_ages: z.array(RmdBeginningRow).check(
      z.minLength(1),
      z.refine(rowsCoverEveryBirthDate, {
        message:
          'beginning_ages must run in order from the earliest births (the first row without first_birth_year) ' +
          'to the latest (the last row without last_birth_year), each row starting the month after the one before ends',
      }),
    ),
    required_beginning_month: z.int(),
    required_beginning_day: z.int(),
  }),
});

const separationShape = { joint: z.number(), other: z.number(), separate_lived_with_spouse: z.number() };

/** `data/tax/social-security-taxation.json`: the IRC §86 figures (not indexed). */
export const SocialSecurityTaxationSchema = z.strictObject({
  sources: sources(),
  provisional_income: block({ benefits_fraction: z.number() }),
  base_amount: block(separationShape),
  adjusted_base_amount: block(separationShape),
  inclusion_rates: block({ first_tier: z.number(), second_tier: z.number() }),
});

/** The kinds that may appear at most once in a table. */
const SINGLE_KINDS = new Set<string>([
  'social_security',
  'standard_deduction',
  'federal_standard_deduction',
  'standard_deduction_sliding',
  'standard_deduction_limitation',
  'standard_deduction_cap',
  'personal_exemption',
  'personal_exemption_tiers',
  'federal_tax_deduction',
  'schedule',
  'exemption_credit',
  'deduction_credit',
  'tax_credit_rate',
  'recapture',
  'no_tax_at_or_below',
]);

type Rule = z.output<typeof StateRuleSchema>;

/** The first problem with a table's `rules` list, as [index, message], or undefined. */
function rulesProblem(kind: string, rules: readonly Rule[]): [number, string] | undefined {
  const seen = new Set<string>();
  let stage = -1;
  for (const [i, rule] of rules.entries()) {
    if (seen.has(rule.kind) && SINGLE_KINDS.has(rule.kind)) return [i, `a second ${rule.kind} rule`];
    seen.add(rule.kind);
    const at = ruleStage(rule);
    if (at < stage) return [i, `${rule.kind} is out of order: the rules are listed in the order they apply`];
    stage = at;
    if (rule.kind === 'age_deduction' && rule.income_limit && rule.phaseout_start)
      return [i, 'an age deduction has an income limit or a phase-out, not both'];
    if (rule.kind === 'step_reduction' && rule.whole_steps && rule.step === undefined)
      return [i, 'whole_steps needs step'];
    if (rule.kind === 'schedule') {
      const missing = Object.values(rule.status_map).find((name) => rule.schedules[name] === undefined);
      if (missing !== undefined) return [i, `status_map names ${missing}, not in schedules`];
    }
  }
  const has = (k: string) => seen.has(k);
  if (!has('social_security')) return [0, 'a social_security rule is required'];
  if (kind === 'none') {
    const other = rules.findIndex((rule) => rule.kind !== 'social_security');
    return other < 0 ? undefined : [other, 'a table of kind none has only its social_security rule'];
  }
  if (!has('schedule')) return [rules.length, 'a schedule rule is required'];
  if (has('standard_deduction') && has('federal_standard_deduction'))
    return [rules.findIndex((r) => r.kind === 'federal_standard_deduction'), 'not with standard_deduction'];
  const sliding = rules.findIndex((r) => r.kind === 'standard_deduction_sliding');
  if (sliding >= 0) {
    if (!has('standard_deduction')) return [sliding, 'needs standard_deduction'];
    if (rules.some((r) => r.kind === 'phaseout' && r.of === 'standard_deduction'))
      return [sliding, 'not with a phaseout of the standard deduction'];
  }
  return undefined;
}

/**
 * `data/tax/state/<code>/2025.json`: one jurisdiction's individual income tax for tax year 2025 (see
 * `data/tax/state/README.md`). `kind` none: no tax on wages and salaries (`reason` says why);
 * flat: one rate (zero-rate bands allowed); graduated: brackets by the state's own schedules. Flat and
 * graduated states alike take their standard deduction, exemptions and exemption credits. `rules` lists
 * the state's rules in the order they apply, each a block naming its kind (`state-rule-schemas.ts`;
 * docs/tax.md, "State rule kinds").
 */
export const StateTaxTableSchema = z
  .strictObject({
    state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    name: z.string(),
    tax_year: z.int(),
    kind: z.enum(['none', 'flat', 'graduated']),
    sources: sources(),
    /** For kind none: why wages are not taxed (and what, if anything, is). */
    reason: z.optional(block({ text: z.string() })),
    /** The state's rules, in the order they apply. */
    rules: z.array(StateRuleSchema),
    /** What the table and the engine leave out for this jurisdiction (shown in the result's notes). */
    not_modeled: z.array(z.string()),
  })
  .check(
    z.superRefine((table, ctx) => {
      const problem = rulesProblem(table.kind, table.rules);
      if (problem !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['rules', problem[0]],
          message: problem[1],
          input: table.rules,
        });
    }),
  );

/** One jurisdiction's 2025 income tax figures, as stored in `data/tax/state/<code>/2025.json`. */
export type StateTaxTable = z.output<typeof StateTaxTableSchema>;
