// The state table format before the rule list (one top-level key per rule), kept for two uses in test/
// only: the decimal oracle (state-tax-oracle.ts) reads tables in it, and the migration script
// (scripts/migrate-state-tables.mjs) converts files written in it. `toLegacy` turns a table in the
// rule-list format back into it (the inverse of the script).
import * as z from 'zod/mini';
import { FILING_STATUSES } from '../../src/core/schema';
import { block, byStatus, sources, statusShape } from '../../src/core/table-schema';
import type { StateTaxTable } from '../../src/tax/_lib/state-table';

const StateSchedule = z.strictObject({
  /** `rates[i]` applies to taxable income over `thresholds[i]` up to and including `thresholds[i + 1]`; first 0. */
  thresholds: z.array(z.number()),
  rates: z.array(z.number()),
  /**
   * Flat amounts added once taxable income is over `thresholds[i]` (a cliff: Ohio's 2025 schedule adds
   * $342 on entering its 2.75% bracket); omitted: none.
   */
  jumps: z.optional(z.array(z.number())),
});

/**
 * A linear phase-out: the amount is reduced by the fraction (income - `start[status]`) / `width[status]`,
 * not below 0 and not above 1 (Maine's standard deduction, personal exemption and pension deduction).
 * With `step`, the excess is first raised to a whole number of steps (each step or part of one): Rhode
 * Island's 20% per $7,250 or part of it is `width` 5 x 7,250 and `step` 7,250.
 */
const phaseoutShape = {
  start: byStatus(z.number()),
  width: byStatus(z.number()),
  step: z.optional(byStatus(z.number())),
};

/** An exclusion of retirement income (pension, or Social Security benefits the state taxes), gated by age. */
const RetirementExclusion = block({
  /** The income it applies to. */
  applies_to: z.enum(['pension', 'social_security', 'pension_and_social_security']),
  /** Youngest age (attained by the end of the tax year) that qualifies; omitted: every age. */
  min_age: z.optional(z.int()),
  /** Oldest age that qualifies; omitted: no upper age. */
  max_age: z.optional(z.int()),
  /** Largest amount excluded, one person's (one figure, or by filing status); omitted: all of it. */
  max_amount: z.optional(z.union([z.number(), byStatus(z.number())])),
  /**
   * Income limits: where income (before the exclusion) is over `over[status]`, only `fraction` of the
   * income is excluded (still within `max_amount`); the last row whose limit is passed applies.
   */
  income_tiers: z.optional(
    z.array(z.strictObject({ over: byStatus(z.number()), fraction: byStatus(z.number()) })),
  ),
  /**
   * Social Security rules only: where federal AGI (the income given, with the federally taxable
   * benefits) is at or below `uncapped_up_to[status]`, `max_amount` does not apply (Colorado from 2025,
   * HB24-1142).
   */
  uncapped_up_to: z.optional(byStatus(z.number())),
  /**
   * Pension rules only: `max_amount` is reduced by the Social Security benefits the table's own rules
   * exclude (Colorado: one pension and annuity subtraction covering both, Social Security first).
   */
  cap_reduced_by_social_security: z.optional(z.boolean()),
  /**
   * Pension rules only: `max_amount` is reduced by all the Social Security benefits received
   * (`social_security_income`), taxed or not (Maine 36 M.R.S. 5122(2)(M-2)(1)(a)(ii)).
   */
  cap_reduced_by_benefits_received: z.optional(z.boolean()),
  /**
   * The amount excluded (after `max_amount`, if any) phases out linearly on federal AGI (the income given
   * with the part of the benefits IRC 86 includes), see `phaseoutShape` (Maine 36 M.R.S. 5122(2)(M-3);
   * Vermont's Social Security exemption, 32 V.S.A. 5830e(a), uncapped).
   */
  phaseout: z.optional(z.strictObject(phaseoutShape)),
  // --- Income-stepped exclusions (Connecticut, C.G.S. 12-701(a)(20)(B)) ---
  /** `income_tiers` rows apply at or over `over` (Connecticut's tables: "$75,000 but not over $77,499"). */
  tiers_at_or_over: z.optional(z.boolean()),
  /**
   * Pension rules only: the income limits are measured on federal AGI (the income given, the pension and
   * the part of the benefits IRC 86 includes) instead of the state's gross income (the income given, the
   * pension and the benefits the state taxes: New Jersey gross income, N.J.S.A. 54A:6-2).
   */
  measured_on_federal_agi: z.optional(z.boolean()),
  /**
   * Social Security rules only: with federal AGI under `full_exclusion_below[status]` all the benefits
   * federal AGI includes are excluded; at or over it, at most `taxed_share_above` of the lesser of the
   * benefits and the provisional income over the IRC 86 base amount stays taxed (Connecticut's Social
   * Security benefit adjustment worksheet).
   */
  full_exclusion_below: z.optional(byStatus(z.number())),
  taxed_share_above: z.optional(z.number()),
  // --- Stepped phase-out of an exclusion (Minnesota, Minn. Stat. 290.0132 subd. 26) ---
  /**
   * The exclusion shrinks by `rate` of itself for each `step[status]` (or part of one) of income over
   * `start[status]`, not below zero; for Social Security rules the income is federal AGI (Minnesota's
   * simplified Social Security subtraction: 10% for each $4,000 over the threshold).
   */
  step_phaseout: z.optional(
    z.strictObject({ start: byStatus(z.number()), step: byStatus(z.number()), rate: z.number() }),
  ),
});

/** A deduction (or exemption) from income for a person of `min_age` or over, one person's. */
const AgeDeduction = block({
  name: z.string(),
  min_age: z.int(),
  /** One figure, or by filing status. */
  amount: z.union([z.number(), byStatus(z.number())]),
  /** Reduced by `phaseout_rate` per dollar of income (before deductions) over `phaseout_start`. */
  phaseout_start: z.optional(byStatus(z.number())),
  phaseout_rate: z.optional(z.number()),
  /** From this age the phase-out does not apply (VA: born before January 2, 1939). */
  no_phaseout_from_age: z.optional(z.int()),
  /**
   * Reduced by the Social Security benefits the table's exclusions take out (West Virginia's $8,000
   * modification at 65 is the larger of itself and the other modifications, Social Security among them).
   */
  reduced_by_social_security: z.optional(z.boolean()),
  /** Reduced by the pension income the table's exclusions take out (South Carolina 12-6-1170(B)). */
  reduced_by_pension_excluded: z.optional(z.boolean()),
  /**
   * Part of the standard deduction (an additional amount at 65): reduced by `standard_deduction_phaseout`
   * with it (Maine 36 M.R.S. 5124-C(2)).
   */
  part_of_standard_deduction: z.optional(z.boolean()),
  /**
   * An income limit: none of the deduction once the income passes `amount[status]` (a cliff). Passed once
   * the income is over it, or with `below`, once it reaches it (allowed only below it: Indiana's $500 for
   * 65 or older with federal AGI under $40,000, IC 6-3-1-3.5(a)(5)(C)). Measured on the state's AGI, or with
   * `measured_on_federal_agi` on federal AGI (Illinois: no exemption over federal AGI of $250,000,
   * 35 ILCS 5/204(g)). Not with `phaseout_start`.
   */
  income_limit: z.optional(
    z.strictObject({
      amount: byStatus(z.number()),
      below: z.optional(z.boolean()),
      measured_on_federal_agi: z.optional(z.boolean()),
    }),
  ),
});

/**
 * Exemption amounts by income: the first row that the income fits applies, a row with `up_to` while the
 * income does not exceed it, a row with `below` while the income is less than it (Ohio's "$80,001 -
 * $749,999" row, "$750,000 or greater" getting none).
 */
const ExemptionTierList = z.array(
  z.union([
    z.strictObject({ up_to: z.number(), amount: z.number() }),
    z.strictObject({ below: z.number(), amount: z.number() }),
  ]),
);

/** A credit against the tax for a person of `min_age` or over, one person's (Kentucky's $40 at 65). */
const AgeExemptionCredit = block({ name: z.string(), min_age: z.int(), amount: z.number() });

// --- Income-stepped tax rules (Connecticut's CT-1040 Tax Calculation Schedule, Tables A, C, D, E) ---
// Each is measured on the state's AGI: the income after the retirement exclusions, before deductions.

/** Personal exemptions less `reduction` for each `step` (or part of one) of income over `start[status]`, not below zero. */
const PersonalExemptionSteps = block({
  start: byStatus(z.number()),
  step: z.number(),
  reduction: z.number(),
});

/**
 * An amount added to the tax: `amount[status]` for each `step[status]` (or part of one) of income over
 * `start[status]`, up to `max[status]` (Connecticut's Table C phase-out add-back and Table D recapture).
 */
const TaxAddback = block({
  name: z.string(),
  start: byStatus(z.number()),
  step: byStatus(z.number()),
  amount: byStatus(z.number()),
  max: byStatus(z.number()),
});

/**
 * A credit of a share of the tax (the schedule's tax plus the add-backs): the `rate` of the last tier
 * whose `over` the income exceeds, none at or below the first (Connecticut's Table E personal tax credit).
 */
const TaxCreditRate = block({
  name: z.string(),
  tiers: byStatus(z.array(z.strictObject({ over: z.number(), rate: z.number() }))),
});

/**
 * `data/tax/state/<code>/<year>.json` in the keyed format of before: one jurisdiction's individual income tax for a tax year (see
 * `data/tax/state/README.md`). `kind` none: no tax on wages and salaries (`reason` says why);
 * flat: one rate (zero-rate bands allowed); graduated: brackets by the state's own schedules. Flat and
 * graduated states alike take their standard deduction, exemptions and exemption credits.
 */
export const LegacyStateTaxTableSchema = z
  .strictObject({
    state: z.string().check(z.regex(/^[A-Z]{2}$/)),
    name: z.string(),
    tax_year: z.int(),
    kind: z.enum(['none', 'flat', 'graduated']),
    sources: sources(),
    /** For kind none: why wages are not taxed (and what, if anything, is). */
    reason: z.optional(block({ text: z.string() })),
    /** Which of the state's own rate schedules each federal filing status uses. */
    status_map: z.optional(block(statusShape(z.string()))),
    /** The rate schedules by the state's own name (the values of `status_map`). */
    brackets: z.optional(block({ schedules: z.record(z.string(), StateSchedule) })),
    /** Standard deduction by federal filing status. */
    standard_deduction: z.optional(block(statusShape(z.number()))),
    /**
     * The standard deduction (and age deductions `part_of_standard_deduction`) phases out linearly on the
     * state's income after its exclusions (its AGI), see `phaseoutShape` (Maine 36 M.R.S. 5124-C(2)).
     */
    standard_deduction_phaseout: z.optional(block(phaseoutShape)),
    /**
     * A sliding standard deduction (Wisconsin, Wis. Stat. 71.05(22)): `standard_deduction[status]` less `rate[status]`
     * of the income after the exclusions (the state's AGI) over `start[status]`, not below zero. `at_least_as` names,
     * by status, the status whose deduction (figured the same way) is a floor: Wisconsin's head of household takes
     * the single deduction once its own steeper reduction falls below it; a status naming itself has none. Not with
     * `standard_deduction_phaseout`.
     */
    standard_deduction_sliding: z.optional(
      block({
        start: byStatus(z.number()),
        rate: byStatus(z.number()),
        at_least_as: byStatus(z.enum(FILING_STATUSES)),
      }),
    ),
    /**
     * `applies: true`: the state starts from federal taxable income, so the federal basic standard
     * deduction of the tax year (`data/tax/federal-<year>.json`) stands for a state standard deduction
     * (North Dakota); not with `standard_deduction`. `additional_at_65`: with the IRC 63(f) additional
     * amount of a person 65 or older (one person's: the age given); `senior_deduction`: with the IRC
     * 151(d)(5)(C) deduction for seniors (one person's, phased out on federal AGI), shown with the age
     * deductions (Colorado, Idaho and Iowa tax federal taxable income).
     */
    federal_standard_deduction: z.optional(
      block({
        applies: z.boolean(),
        additional_at_65: z.optional(z.boolean()),
        senior_deduction: z.optional(z.boolean()),
      }),
    ),
    /**
     * The standard deduction as `rate` of the state's AGI, at least `minimum[status]`, at most
     * `maximum[status]` (Maryland before 2025, Tax-General 10-217); in place of `standard_deduction`.
     */
    standard_deduction_percent: z.optional(
      block({ rate: z.number(), minimum: byStatus(z.number()), maximum: byStatus(z.number()) }),
    ),
    /**
     * At or over federal AGI `from`, the standard deduction is at most `amount[status]` (Colorado adds back
     * the federal standard deduction over $12,000 / $16,000 joint, C.R.S. 39-22-104(3)(p.5)): a cliff.
     */
    standard_deduction_cap: z.optional(block({ from: z.number(), amount: byStatus(z.number()) })),
    /**
     * The standard deduction shrinks by `reduction[status]` for each full `step[status]` of income (after
     * the exclusions: the state's AGI) over `start[status]`, not below `minimum[status]` (Alabama,
     * Ala. Code 40-18-15(b)); only with `standard_deduction`.
     */
    standard_deduction_steps: z.optional(
      block({
        start: byStatus(z.number()),
        step: byStatus(z.number()),
        reduction: byStatus(z.number()),
        minimum: byStatus(z.number()),
      }),
    ),
    /**
     * A deduction of the federal income tax for the year (Alabama, Missouri, Oregon), from income after
     * the standard deduction. Tiers are measured on federal AGI (the income given with the federally
     * taxable Social Security benefits) and listed in ascending `from`; the last tier whose `from` the
     * AGI reaches applies. `fraction_tiers`: the share of the federal tax that may be deducted (omitted:
     * all of it); `cap_tiers`: the largest deduction, by status (omitted: no cap).
     */
    federal_tax_deduction: z.optional(
      block({
        fraction_tiers: z.optional(z.array(z.strictObject({ from: z.number(), fraction: z.number() }))),
        cap_tiers: z.optional(
          z.array(z.strictObject({ from: byStatus(z.number()), amount: byStatus(z.number()) })),
        ),
      }),
    ),
    /** Personal exemptions subtracted from income, the filer's (and spouse's on a joint return) by status. */
    personal_exemption: z.optional(block(statusShape(z.number()))),
    /**
     * `personal_exemption` phases out linearly on the state's income after its exclusions, see
     * `phaseoutShape` (Maine 36 M.R.S. 5126-A(2)).
     */
    personal_exemption_phaseout: z.optional(block(phaseoutShape)),
    /**
     * Personal exemptions that depend on income (before deductions): `persons[status]` exemptions of the
     * amount of the first tier the income fits (`up_to`: not over it; `below`: under it; no tier: none). `tiers` is one
     * list (Ohio) or one by status (Maryland, Tax-General 10-211(c)); measured on the state's AGI (its
     * income after the exclusions: Ohio modified AGI, ORC 5747.025(A)), or with `measured_on_federal_agi`
     * on federal AGI (the income given with the part of the benefits IRC 86 includes).
     */
    personal_exemption_tiers: z.optional(
      block({
        persons: byStatus(z.int()),
        tiers: z.union([ExemptionTierList, byStatus(ExemptionTierList)]),
        measured_on_federal_agi: z.optional(z.boolean()),
      }),
    ),
    /**
     * No tax at all when the state's AGI (its income after the exclusions) is at or below this, by status:
     * New Jersey's minimum taxable income (N.J.S.A. 54A:2-4).
     */
    no_tax_at_or_below: z.optional(block(statusShape(z.number()))),
    /** Exemption credits subtracted from the tax (not below zero), by status. */
    exemption_credit: z.optional(block(statusShape(z.number()))),
    /**
     * The exemption credits shrink by `reduction[status]` for each `step[status]` (or part of one) of
     * income (before deductions) over `start[status]`, not below zero. Without `step`, by `reduction` once
     * the income is over `start` (a limit: Oregon allows no credit above it, ORS 316.085).
     */
    exemption_credit_phaseout: z.optional(
      block({
        start: byStatus(z.number()),
        step: z.optional(byStatus(z.number())),
        reduction: byStatus(z.number()),
        /**
         * Measured on federal AGI (the income given with the part of the benefits IRC 86 includes)
         * instead of the state's income after its exclusions: California (R&TC 17054.1(a)) and Oregon
         * (ORS 316.085; Form OR-40 instructions) limit the credits by federal AGI.
         */
        measured_on_federal_agi: z.optional(z.boolean()),
      }),
    ),
    /**
     * A recapture of the lower brackets' benefit (New York's supplemental tax, Tax Law 601(d-1)): above
     * `min_agi` of income, the tier holding the taxable income (the last tier whose `over` it exceeds)
     * applies, with the fraction (income - max(min_agi, over)) / `phase_in` rounded to
     * `fraction_places`. A tier with an `increment` (the worksheets that enter figures) adds its `base`
     * plus the fraction of the `increment` to the schedule's tax; a tier without one moves the tax from
     * the schedule's toward `rate x taxable income` plus `base` by the fraction. Above `flat_above_agi`,
     * the schedule's top rate on all taxable income. Tiers by schedule name.
     */
    recapture: z.optional(
      block({
        min_agi: z.number(),
        phase_in: z.number(),
        fraction_places: z.int(),
        flat_above_agi: z.number(),
        tiers: z.record(
          z.string(),
          z.array(
            z.strictObject({
              over: z.number(),
              rate: z.number(),
              base: z.number(),
              increment: z.optional(z.number()),
            }),
          ),
        ),
      }),
    ),
    /**
     * The standard deduction's limitation by federal AGI (Minnesota, Minn. Stat. 290.0123 subd. 5): reduced by
     * `rates[i]` of federal AGI over `thresholds[status][i]` up to the next threshold (the first threshold 0),
     * by at most `max_fraction` of the deduction.
     */
    standard_deduction_limitation: z.optional(
      block({
        thresholds: byStatus(z.array(z.number())),
        rates: z.array(z.number()),
        max_fraction: z.number(),
      }),
    ),
    /** The personal exemptions' stepped phase-out by income (Connecticut's Table A). */
    personal_exemption_steps: z.optional(PersonalExemptionSteps),
    /** Amounts added to the tax by income steps (Connecticut's Tables C and D); shown as `recapture_tax`. */
    tax_addbacks: z.optional(z.array(TaxAddback)),
    /** A credit of a share of the tax by income (Connecticut's Table E); shown in `exemption_credits`. */
    tax_credit_rate: z.optional(TaxCreditRate),
    /** Age-gated deductions from income (VA age deduction, NJ and VA senior exemptions). */
    age_deductions: z.optional(z.array(AgeDeduction)),
    /** Age-gated credits against the tax, added to `exemption_credit` (Kentucky, Iowa). */
    age_exemption_credits: z.optional(z.array(AgeExemptionCredit)),
    /**
     * A credit of `rate` of the federal standard deduction of the year (with the IRC 63(f) additional amount
     * of a person 65 or older, one person's), less `phaseout_rate` of the income after the exclusions (the
     * state's AGI) over `phaseout_start[status]`, not below zero; shown in `exemption_credits` (Utah's
     * taxpayer tax credit, Utah Code 59-10-1018). While it phases out, `marginal_rate` counts it.
     */
    deduction_credit: z.optional(
      block({
        name: z.string(),
        rate: z.number(),
        phaseout_start: byStatus(z.number()),
        phaseout_rate: z.number(),
      }),
    ),
    /** Additional taxes at `rate` on taxable income above `threshold` (by status). */
    surtaxes: z.optional(
      z.array(block({ name: z.string(), rate: z.number(), threshold: byStatus(z.number()) })),
    ),
    /**
     * Whether Social Security benefits are taxed; `false`: all of them are exempt. `true`: the part
     * included in federal AGI (IRC 86, with the other income given as modified AGI) is taxed, less the
     * `social_security` exclusions.
     */
    social_security: block({ taxed: z.boolean() }),
    /** Retirement-income exclusions, gated by age; none listed: pension income is taxed like other income. */
    retirement_exclusions: z.optional(z.array(RetirementExclusion)),
    /** What the table and the engine leave out for this jurisdiction (shown in the result's notes). */
    not_modeled: z.array(z.string()),
  })
  .check(
    z.refine((table) => !table.age_deductions?.some((rule) => rule.income_limit && rule.phaseout_start), {
      message: 'an age deduction has an income limit or a phase-out, not both',
      path: ['age_deductions'],
    }),
    z.refine(
      (table) => table.federal_standard_deduction === undefined || table.standard_deduction === undefined,
      { message: 'not with standard_deduction', path: ['federal_standard_deduction'] },
    ),
    // The engine figures a sliding deduction from the full amount, in place of a linear phase-out.
    z.refine(
      (table) =>
        table.standard_deduction_sliding === undefined || table.standard_deduction_phaseout === undefined,
      {
        message: 'not with standard_deduction_phaseout',
        path: ['standard_deduction_sliding'],
      },
    ),
  );

/** A table in the keyed format. */
export type LegacyStateTaxTable = z.output<typeof LegacyStateTaxTableSchema>;

type Json = Record<string, unknown>;

const legacies = new WeakMap<StateTaxTable, LegacyStateTaxTable>();

/** The keyed-format table of a rule-list table (cached: the oracle keys its caches on the table). */
export function toLegacy(table: StateTaxTable): LegacyStateTaxTable {
  let legacy = legacies.get(table);
  if (legacy === undefined) {
    legacy = convert(table);
    legacies.set(table, legacy);
  }
  return legacy;
}

function convert(table: StateTaxTable): LegacyStateTaxTable {
  const out: Json = {
    state: table.state,
    name: table.name,
    tax_year: table.tax_year,
    kind: table.kind,
    sources: table.sources,
  };
  if (table.reason !== undefined) out['reason'] = table.reason;
  const list = (key: string, value: Json) => {
    const items = (out[key] ?? []) as Json[];
    items.push(value);
    out[key] = items;
  };
  const single = (key: string, value: Json) => {
    if (key in out) throw new Error(`${table.state}: a second ${key}`);
    out[key] = value;
  };
  for (const rule of table.rules) {
    const { kind, ...rest } = rule as Json & { kind: string };
    switch (kind) {
      case 'social_security_exclusion':
        list('retirement_exclusions', { ...rest, applies_to: 'social_security' });
        break;
      case 'pension_exclusion':
        list('retirement_exclusions', { ...rest, applies_to: 'pension' });
        break;
      case 'federal_standard_deduction':
        single(kind, { source: rest['source'], applies: true, ...rest });
        break;
      case 'phaseout':
      case 'step_reduction': {
        const { of, whole_steps: _, ...figures } = rest as Json & { of: string };
        if (kind === 'phaseout') single(`${of}_phaseout`, figures);
        else if (of === 'standard_deduction') single('standard_deduction_steps', figures);
        else if (of === 'exemption_credit') single('exemption_credit_phaseout', figures);
        else {
          const { step, reduction, ...others } = figures as Json & { step: Json; reduction: Json };
          single('personal_exemption_steps', {
            ...others,
            step: step['single'],
            reduction: reduction['single'],
          });
        }
        break;
      }
      case 'schedule': {
        const { source, status_map, schedules, note, ...others } = rest as Json & { status_map: Json };
        single('status_map', {
          source: others['status_map_source'] ?? source,
          ...status_map,
          ...(note ? { note } : {}),
        });
        single('brackets', { source, schedules });
        break;
      }
      case 'age_deduction':
        list('age_deductions', rest);
        break;
      case 'age_credit':
        list('age_exemption_credits', rest);
        break;
      case 'tax_addback':
        list('tax_addbacks', rest);
        break;
      case 'surtax':
        list('surtaxes', rest);
        break;
      default:
        single(kind, rest);
    }
  }
  out['not_modeled'] = table.not_modeled;
  return out as LegacyStateTaxTable;
}
