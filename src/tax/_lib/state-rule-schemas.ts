/**
 * The kinds of rule a state income tax table is written in: one zod schema per kind (what its block holds,
 * documented field by field), joined in {@link StateRuleSchema}, the element of a table's `rules` list. The
 * engine (`state-rules.ts`) has one evaluation per kind; a state-year that uses known kinds is data only.
 * docs/tax.md, "State rule kinds", describes each kind with an example.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import { FILING_STATUSES } from '../../core/schema';
import { block, byStatus, statusShape } from '../../core/table-schema';

/** A block of `kind` with `shape` (and `source`, `note`, `<field>_source`, see `block`). */
function kind<K extends string, S extends Record<string, z.ZodMiniType>>(name: K, shape: S) {
  return block({ kind: z.literal(name), ...shape });
}

/** The amounts a reduction (`phaseout`, `step_reduction`) can apply to. */
export const REDUCIBLE = ['standard_deduction', 'personal_exemption', 'exemption_credit'] as const;

/** A rule's gate by age attained by the end of the year (both inclusive); omitted: every age. */
const ageGate = {
  /** Youngest age that qualifies; omitted: no lower age. */
  min_age: z.optional(z.int()),
  /** Oldest age that qualifies; omitted: no upper age. */
  max_age: z.optional(z.int()),
};

/**
 * A linear phase-out's figures: the amount is reduced by the fraction (income - `start[status]`) /
 * `width[status]`, within 0 and 1. With `step`, the excess is first raised to a whole number of steps
 * (each step or part of one): Rhode Island's 20% per $7,250 or part of it is `width` 5 x 7,250 and
 * `step` 7,250.
 */
const linearPhaseout = {
  start: byStatus(z.number()),
  width: byStatus(z.number()),
  step: z.optional(byStatus(z.number())),
};

// ---------------------------------------------------------------------------------------------------
// Income

/**
 * Whether Social Security benefits are taxed. `false`: all exempt. `true`: the part federal AGI includes
 * (IRC 86, the other income given standing for modified AGI) is taxed, less the `social_security_exclusion`.
 */
const SocialSecurity = kind('social_security', { taxed: z.boolean() });

/**
 * An exclusion of retirement income (pension, or the Social Security benefits the state taxes), gated by
 * age; of the rules of one kind the first whose age gate the age passes applies. The amount excluded:
 * the income (less `income_tiers` / `step_phaseout`), within `max_amount`, less `phaseout`.
 */
const exclusionShape = {
  ...ageGate,
  /** Largest amount excluded, one person's (one figure, or by filing status); omitted: all of it. */
  max_amount: z.optional(z.union([z.number(), byStatus(z.number())])),
  /**
   * Income limits: where income (before the exclusion) is over `over[status]`, only `fraction` of the
   * income is excluded (still within `max_amount`); the last row whose limit is passed applies.
   */
  income_tiers: z.optional(
    z.array(z.strictObject({ over: byStatus(z.number()), fraction: byStatus(z.number()) })),
  ),
  /** `income_tiers` rows apply at or over `over` (Connecticut's tables: "$75,000 but not over $77,499"). */
  tiers_at_or_over: z.optional(z.boolean()),
  /**
   * The limits are measured on federal AGI (the income given, the pension and the part of the benefits
   * IRC 86 includes) instead of the rule's own measure (pension rules: the state's gross income).
   */
  measured_on_federal_agi: z.optional(z.boolean()),
  /**
   * The exclusion shrinks by `rate` of itself for each `step[status]` (or part of one) of income over
   * `start[status]`, not below zero (Minnesota's simplified Social Security subtraction: 10% per $4,000).
   */
  step_phaseout: z.optional(
    z.strictObject({ start: byStatus(z.number()), step: byStatus(z.number()), rate: z.number() }),
  ),
  /**
   * The amount excluded (after `max_amount`) phases out linearly on federal AGI (Maine 36 M.R.S.
   * 5122(2)(M-3); Vermont 32 V.S.A. 5830e(a)).
   */
  phaseout: z.optional(z.strictObject(linearPhaseout)),
};

/**
 * Social Security benefits the state taxes, excluded (applied before the pension exclusions). Limits are
 * measured on federal AGI.
 */
const SocialSecurityExclusion = kind('social_security_exclusion', {
  ...exclusionShape,
  /**
   * At or below federal AGI `uncapped_up_to[status]` `max_amount` does not apply (Colorado from 2025,
   * HB24-1142).
   */
  uncapped_up_to: z.optional(byStatus(z.number())),
  /**
   * With federal AGI under `full_exclusion_below[status]` all the benefits federal AGI includes are
   * excluded; at or over it, at most `taxed_share_above` of the lesser of the benefits and the
   * provisional income over the IRC 86 base amount stays taxed (Connecticut's Social Security benefit
   * adjustment worksheet).
   */
  full_exclusion_below: z.optional(byStatus(z.number())),
  taxed_share_above: z.optional(z.number()),
});

/**
 * Pension income excluded. Limits are measured on the state's gross income (the income given, the
 * pension and the benefits the state taxes: New Jersey gross income, N.J.S.A. 54A:6-2), or with
 * `measured_on_federal_agi` on federal AGI.
 */
const PensionExclusion = kind('pension_exclusion', {
  ...exclusionShape,
  /**
   * `max_amount` is reduced by the Social Security benefits the table's own exclusions take out (Colorado:
   * one pension and annuity subtraction covering both, Social Security first).
   */
  cap_reduced_by_social_security: z.optional(z.boolean()),
  /**
   * `max_amount` is reduced by all the Social Security benefits received, taxed or not (Maine 36 M.R.S.
   * 5122(2)(M-2)(1)(a)(ii)).
   */
  cap_reduced_by_benefits_received: z.optional(z.boolean()),
});

// ---------------------------------------------------------------------------------------------------
// Deductions and exemptions

/** The state's own standard deduction, by federal filing status. */
const StandardDeduction = kind('standard_deduction', statusShape(z.number()));

/**
 * The state's own standard deduction as `rate` of its AGI (the income after its exclusions), at least
 * `minimum[status]` and at most `maximum[status]` (Maryland before 2025, Tax-General 10-217: 15%, within
 * amounts indexed each year). In place of `standard_deduction`.
 */
const StandardDeductionPercent = kind('standard_deduction_percent', {
  rate: z.number(),
  minimum: byStatus(z.number()),
  maximum: byStatus(z.number()),
});

/**
 * The federal basic standard deduction of the tax year (`data/tax/federal-<year>.json`) as the state's (a
 * state starting from federal taxable income). `additional_at_65`: with the IRC 63(f) additional amount
 * of a person 65 or older; `senior_deduction`: with the IRC 151(d)(5)(C) deduction for seniors (phased out
 * on federal AGI), shown with the age deductions. Both one person's: the age given.
 */
const FederalStandardDeduction = kind('federal_standard_deduction', {
  additional_at_65: z.optional(z.boolean()),
  senior_deduction: z.optional(z.boolean()),
});

/**
 * A linear phase-out (see `linearPhaseout`) of the amount `of`, on the state's AGI (the income after its
 * exclusions). Of the standard deduction, it also reduces the age deductions `part_of_standard_deduction`
 * (Maine 36 M.R.S. 5124-C(2); personal exemptions 5126-A(2)).
 */
const Phaseout = kind('phaseout', { of: z.enum(REDUCIBLE), ...linearPhaseout });

/**
 * The amount `of` less `reduction[status]` for each `step[status]` of income over `start[status]`, not below
 * `minimum[status]` (omitted: zero). Steps are counted whole or started: with `whole_steps` only full steps
 * count (Alabama's chart, Ala. Code 40-18-15(b)), otherwise each step or part of one does (Connecticut's
 * Table A, California's credit phase-out, R&TC 17054.1); without `step`, any income over `start` is one
 * step (Oregon's credit limit, ORS 316.085). The income is the state's AGI, or with
 * `measured_on_federal_agi` federal AGI (the income given with the part of the benefits IRC 86 includes).
 */
const StepReduction = kind('step_reduction', {
  of: z.enum(REDUCIBLE),
  start: byStatus(z.number()),
  step: z.optional(byStatus(z.number())),
  reduction: byStatus(z.number()),
  minimum: z.optional(byStatus(z.number())),
  whole_steps: z.optional(z.boolean()),
  measured_on_federal_agi: z.optional(z.boolean()),
});

/**
 * A sliding standard deduction (Wisconsin, Wis. Stat. 71.05(22)): `standard_deduction[status]` less
 * `rate[status]` of the state's AGI over `start[status]`, not below zero; `at_least_as[status]` names the
 * status whose deduction, figured the same way, is a floor (a status naming itself has none). It replaces
 * the deduction figured so far (not with a `phaseout` of the standard deduction).
 */
const StandardDeductionSliding = kind('standard_deduction_sliding', {
  start: byStatus(z.number()),
  rate: byStatus(z.number()),
  at_least_as: byStatus(z.enum(FILING_STATUSES)),
});

/**
 * The standard deduction's limitation by federal AGI (Minnesota, Minn. Stat. 290.0123 subd. 5): reduced
 * by `rates[i]` of federal AGI over `thresholds[status][i]` up to the next threshold (the first 0), by at
 * most `max_fraction` of the deduction before any reduction.
 */
const StandardDeductionLimitation = kind('standard_deduction_limitation', {
  thresholds: byStatus(z.array(z.number())),
  rates: z.array(z.number()),
  max_fraction: z.number(),
});

/**
 * At or over federal AGI `from`, the standard deduction is at most `amount[status]` (Colorado adds back
 * the federal deduction over $12,000 / $16,000 joint, C.R.S. 39-22-104(3)(p.5)): a cliff.
 */
const StandardDeductionCap = kind('standard_deduction_cap', {
  from: z.number(),
  amount: byStatus(z.number()),
});

/** Personal exemptions subtracted from income, the filer's (and the spouse's on a joint return), by status. */
const PersonalExemption = kind('personal_exemption', statusShape(z.number()));

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

/**
 * Personal exemptions that depend on income, added to `personal_exemption`: `persons[status]` exemptions
 * of the amount of the first tier the income fits (no tier: none). `tiers` is one list (Ohio) or one by
 * status (Maryland, Tax-General 10-211(c)); measured on the state's AGI (Ohio modified AGI, ORC
 * 5747.025(A)), or with `measured_on_federal_agi` on federal AGI.
 */
const PersonalExemptionTiers = kind('personal_exemption_tiers', {
  persons: byStatus(z.int()),
  tiers: z.union([ExemptionTierList, byStatus(ExemptionTierList)]),
  measured_on_federal_agi: z.optional(z.boolean()),
});

/** A deduction (or exemption) from income for a person of `min_age` or over, one person's. */
const AgeDeduction = kind('age_deduction', {
  name: z.string(),
  min_age: z.int(),
  /** One figure, or by filing status. */
  amount: z.union([z.number(), byStatus(z.number())]),
  /** Reduced by `phaseout_rate` per dollar of the state's AGI over `phaseout_start`. */
  phaseout_start: z.optional(byStatus(z.number())),
  phaseout_rate: z.optional(z.number()),
  /** From this age the phase-out does not apply (VA: born before January 2, 1939). */
  no_phaseout_from_age: z.optional(z.int()),
  /** Reduced by the Social Security benefits the table's exclusions take out (West Virginia's $8,000). */
  reduced_by_social_security: z.optional(z.boolean()),
  /** Reduced by the pension income the table's exclusions take out (South Carolina 12-6-1170(B)). */
  reduced_by_pension_excluded: z.optional(z.boolean()),
  /**
   * Part of the standard deduction (an additional amount at 65): reduced by the standard deduction's
   * `phaseout` with it (Maine 36 M.R.S. 5124-C(2)).
   */
  part_of_standard_deduction: z.optional(z.boolean()),
  /**
   * An income limit: none of the deduction once the income passes `amount[status]` (a cliff). Passed once
   * the income is over it, or with `below`, once it reaches it (Indiana, IC 6-3-1-3.5(a)(5)(C)). Measured on
   * the state's AGI, or with `measured_on_federal_agi` on federal AGI (Illinois, 35 ILCS 5/204(g)). Not with
   * `phaseout_start`.
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
 * A deduction of the federal income tax for the year (Alabama, Missouri, Oregon), subtracted with the
 * deductions. Tiers are measured on federal AGI and listed in ascending `from`; the last tier whose
 * `from` the AGI reaches applies. `fraction_tiers`: the share deductible (omitted: all);
 * `cap_tiers`: the largest deduction, by status (omitted: no cap).
 */
const FederalTaxDeduction = kind('federal_tax_deduction', {
  fraction_tiers: z.optional(z.array(z.strictObject({ from: z.number(), fraction: z.number() }))),
  cap_tiers: z.optional(
    z.array(z.strictObject({ from: byStatus(z.number()), amount: byStatus(z.number()) })),
  ),
});

// ---------------------------------------------------------------------------------------------------
// The tax

/**
 * The rate schedules. `status_map` names, for each federal filing status, one of `schedules` (the state's
 * own names; one schedule is called `all`). `rates[i]` applies to taxable income over `thresholds[i]` up to
 * and including `thresholds[i + 1]` (the first threshold 0); `jumps[i]`, a flat amount added once taxable
 * income is over `thresholds[i]` (Ohio's $342 on entering its 2.75% bracket).
 */
const Schedule = kind('schedule', {
  status_map: byStatus(z.string()),
  schedules: z.record(
    z.string(),
    z.strictObject({
      thresholds: z.array(z.number()),
      rates: z.array(z.number()),
      jumps: z.optional(z.array(z.number())),
    }),
  ),
});

/** Exemption credits subtracted from the tax (the credits together not below zero), by status. */
const ExemptionCredit = kind('exemption_credit', statusShape(z.number()));

/** A credit against the tax for a person of `min_age` or over, one person's (Kentucky's $40 at 65). */
const AgeCredit = kind('age_credit', { name: z.string(), min_age: z.int(), amount: z.number() });

/**
 * A credit of `rate` of the federal standard deduction of the year (with the IRC 63(f) additional amount
 * of a person 65 or older, one person's), less `phaseout_rate` of the state's AGI over
 * `phaseout_start[status]`, not below zero (Utah's taxpayer tax credit, Utah Code 59-10-1018).
 */
const DeductionCredit = kind('deduction_credit', {
  name: z.string(),
  rate: z.number(),
  phaseout_start: byStatus(z.number()),
  phaseout_rate: z.number(),
});

/**
 * An amount added to the tax: `amount[status]` for each `step[status]` (or part of one) of the state's
 * AGI over `start[status]`, up to `max[status]` (Connecticut's Tables C and D); shown as `recapture_tax`.
 */
const TaxAddback = kind('tax_addback', {
  name: z.string(),
  start: byStatus(z.number()),
  step: byStatus(z.number()),
  amount: byStatus(z.number()),
  max: byStatus(z.number()),
});

/**
 * A credit of a share of the tax (the schedule's tax plus the add-backs): the `rate` of the last tier
 * whose `over` the state's AGI exceeds, none at or below the first (Connecticut's Table E).
 */
const TaxCreditRate = kind('tax_credit_rate', {
  name: z.string(),
  tiers: byStatus(z.array(z.strictObject({ over: z.number(), rate: z.number() }))),
});

/** An additional tax at `rate` on taxable income above `threshold[status]`. */
const Surtax = kind('surtax', { name: z.string(), rate: z.number(), threshold: byStatus(z.number()) });

/**
 * A recapture of the lower brackets' benefit (New York's supplemental tax, Tax Law 601(d-1)): above
 * `min_agi`, the tier holding the taxable income (the last whose `over` it exceeds) applies, with the
 * fraction (AGI - max(min_agi, over)) / `phase_in` rounded to `fraction_places`. A tier with an
 * `increment` adds its `base` plus the fraction of the `increment` to the schedule's tax; one without
 * moves the tax from the schedule's toward `rate x taxable income` plus `base` by the fraction. Above
 * `flat_above_agi`, the schedule's top rate on all taxable income. Tiers by schedule name.
 */
const Recapture = kind('recapture', {
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
});

/**
 * No tax at all while the state's AGI is at or below this, by status (New Jersey's minimum taxable
 * income, N.J.S.A. 54A:2-4).
 */
const NoTaxAtOrBelow = kind('no_tax_at_or_below', statusShape(z.number()));

/** One rule of a state table: a block naming its `kind`. */
export const StateRuleSchema = z.discriminatedUnion('kind', [
  SocialSecurity,
  SocialSecurityExclusion,
  PensionExclusion,
  StandardDeduction,
  StandardDeductionPercent,
  FederalStandardDeduction,
  Phaseout,
  StepReduction,
  StandardDeductionSliding,
  StandardDeductionLimitation,
  StandardDeductionCap,
  PersonalExemption,
  PersonalExemptionTiers,
  AgeDeduction,
  FederalTaxDeduction,
  Schedule,
  ExemptionCredit,
  AgeCredit,
  DeductionCredit,
  TaxAddback,
  TaxCreditRate,
  Surtax,
  Recapture,
  NoTaxAtOrBelow,
]);

/** One rule of a state table. */
export type StateRule = z.output<typeof StateRuleSchema>;

/** The kinds of rule. */
export type StateRuleKind = StateRule['kind'];

/** The rule of kind `K`. */
export type RuleOf<K extends StateRuleKind> = Extract<StateRule, { kind: K }>;

/** The amount a reduction applies to. */
export type Reducible = (typeof REDUCIBLE)[number];
