import * as z from 'zod/mini';
import { Dec, dollars, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  age,
  FILING_STATUSES,
  type FilingStatus,
  filingStatus,
  money,
  nonNegativeMoney,
} from '../core/schema';
import { yearField } from '../core/year-tables';
import { STATUTORY_AGES } from '../tax/engine';
import {
  capAtCompensation,
  contributionLimitTable,
  contributionLimitTables,
  iraPhaseOutTable,
  iraPhaseOutTables,
  type PhaseOutRange,
} from './_lib/limit-tables';

const STATUSES = ['full', 'partial', 'none'] as const;
type Status = (typeof STATUSES)[number];
const BASES = ['not_covered', 'covered', 'spouse_covered'] as const;

/** `/v1/ira-eligibility` request. */
export const IraEligibilityInput = z.strictObject({
  tax_year: yearField(
    'Tax year of the phase-out ranges and IRA limit (the IRS cost-of-living notice of that year).',
    iraPhaseOutTables,
    contributionLimitTables,
  ),
  filing_status: filingStatus(
    'Filing status: single, mfj, mfs, hoh or qss. mfs means married filing separately and living with the ' +
      'spouse at some time in the year; spouses filing separately who lived apart all year are not treated ' +
      'as married (IRC 219(g)(4), 408A(c)(3)(C)): pass single. qss uses the joint (mfj) ranges, as the IRS does.',
  ),
  magi: money(
    'Modified AGI: for the deduction as in IRC 219(g)(3)(A), for Roth as in 408A(c)(3)(B)(i) (without ' +
      'Roth conversion income). One figure is used for both.',
  ),
  age: age('Age attained by December 31 of tax_year (50+: catch-up, IRC 219(b)(5)(B)).'),
  covered_by_workplace_plan: z
    .boolean()
    .check(
      z.describe(
        'Whether the contributor was an active participant in a workplace retirement plan (IRC 219(g)(5)).',
      ),
    ),
  spouse_covered_by_workplace_plan: z
    ._default(z.boolean(), false)
    .check(
      z.describe(
        'Whether the spouse was an active participant (IRC 219(g)(7)); used only for mfj and mfs. Default false.',
      ),
    ),
  compensation: z.optional(
    nonNegativeMoney(
      'Taxable compensation (IRC 219(f)(1)); caps the contribution (219(b)(1)(B)). Omitted: no cap.',
    ),
  ),
});
export type IraEligibilityInput = z.input<typeof IraEligibilityInput>;

const amount = (description: string) => z.number().check(z.gte(0), z.describe(description));

const PhaseOut = z
  .object({
    start: z.number().check(z.describe('MAGI at or below which the full amount is allowed.')),
    end: z.number().check(z.describe('MAGI at or above which nothing is allowed.')),
    width: z.number().check(z.describe('end - start (statutory: 10,000, 15,000 or 20,000).')),
    reduction_fraction: z
      .number()
      .check(
        z.gte(0),
        z.lte(1),
        z.describe('(MAGI - start) / width, clamped to [0, 1] (6 places; the amount uses the exact ratio).'),
      ),
  })
  .check(z.describe('The MAGI phase-out range used.'));

export const IraEligibilityResult = z.object({
  tax_year: z.int(),
  filing_status: z.enum(FILING_STATUSES),
  ira_limit: amount('219(b)(5)(A) dollar limit of the year.'),
  catch_up: amount('219(b)(5)(B) catch-up at age 50+, else 0.'),
  contribution_limit: amount(
    'Total traditional + Roth IRA contribution limit: ira_limit + catch_up, at most compensation.',
  ),
  capped_by_compensation: z.boolean().check(z.describe('Whether compensation lowered contribution_limit.')),
  deductible_amount: amount('Most of a traditional IRA contribution that is deductible.'),
  deduction: z.object({
    status: z.enum(STATUSES).check(z.describe('full, partial or none, against contribution_limit.')),
    basis: z
      .enum(BASES)
      .check(
        z.describe(
          'covered (contributor in a workplace plan), spouse_covered (only the spouse, mfj/mfs), or ' +
            'not_covered (no phase-out).',
        ),
      ),
    phase_out: z.optional(PhaseOut),
    reason: z.string(),
  }),
  roth_eligible_amount: amount('Most that may be contributed to a Roth IRA.'),
  roth: z.object({
    status: z.enum(STATUSES).check(z.describe('full, partial or none, against contribution_limit.')),
    phase_out: PhaseOut,
    reason: z.string(),
  }),
});
/** The `result` of the envelope: the type of the `IraEligibilityResult` schema. */
export type IraEligibilityResult = z.infer<typeof IraEligibilityResult>;

/**
 * The amount left of `base` at `magi` in `range`: base x (end - magi) / width, rounded UP to the next
 * $10, and at least $200 unless nothing is left (IRC 219(g)(2)(B)-(C); 408A(c)(3)(A) last sentence;
 * Treas. Reg. 1.408A-3 Q&A-3(b); Pub. 590-A Worksheets 1-2 and 2-2).
 */
function phasedOut(base: Dec, magi: number, range: PhaseOutRange, step: number, minimum: number): Dec {
  const [start, end] = range;
  if (magi <= start) return base;
  if (magi >= end || base.isZero()) return new Dec(0);
  const left = base.times(new Dec(end).minus(magi)).div(end - start);
  const rounded = left.div(step).ceil().times(step);
  return Dec.max(rounded, minimum);
}

function phaseOutInfo(range: PhaseOutRange, magi: number): z.infer<typeof PhaseOut> {
  const [start, end] = range;
  const fraction = Dec.min(1, Dec.max(0, new Dec(magi).minus(start).div(end - start)));
  return { start, end, width: end - start, reduction_fraction: roundRate(fraction) };
}

function status(value: Dec, limit: Dec): Status {
  if (value.lte(0)) return 'none';
  return value.gte(limit) ? 'full' : 'partial';
}

function rangeText(range: PhaseOutRange): string {
  return `${dollars(range[0])}-${dollars(range[1])}`;
}

/** Why: where MAGI sits in the range, what the phase-out left, and whether compensation bound. */
function outcome(what: string, magi: number, range: PhaseOutRange, left: Dec, final: Dec): string {
  const [start, end] = range;
  let text: string;
  if (magi <= start) text = `MAGI ${dollars(magi)} is at or below ${dollars(start)}: no reduction`;
  else if (magi >= end) text = `MAGI ${dollars(magi)} is at or above ${dollars(end)}: fully phased out`;
  else {
    text =
      `MAGI ${dollars(magi)} is inside ${rangeText(range)}: ${what} limit reduced to ${dollars(left)} ` +
      '(rounded up to $10, $200 minimum)';
  }
  if (final.lt(left)) text += `; compensation caps it at ${dollars(final)}`;
  return `${text}.`;
}

const QSS_NOTE = ' qss uses the joint (mfj) range, as the IRS Notices do.';

function compute(input: z.output<typeof IraEligibilityInput>): IraEligibilityResult {
  const year = input.tax_year;
  const limits = contributionLimitTable(year).ira;
  const table = iraPhaseOutTable(year);
  const { step, minimum } = table.rounding;
  const fs: FilingStatus = input.filing_status;
  const { magi } = input;
  // Compensation is money: counted to the cent, so that every comparison below is on the amounts reported.
  const compensation = input.compensation === undefined ? undefined : roundMoney(input.compensation);

  const catchUp = input.age >= STATUTORY_AGES.catch_up.age ? limits.catch_up_50 : 0;
  const dollarLimit = new Dec(limits.limit + catchUp);
  const capped = capAtCompensation(limits.limit, catchUp, compensation);
  const contributionLimit = capped.total;
  const noCompensation = contributionLimit.isZero();
  const qssNote = fs === 'qss' ? QSS_NOTE : '';

  // Deduction (219(g)): the phase-out reduces the 219(b)(1)(A) dollar amount; the deduction is then the
  // lesser of that and compensation (219(b)(1)(B); Pub. 590-A Worksheet 1-2, line 7).
  const spouseCovered = input.spouse_covered_by_workplace_plan && (fs === 'mfj' || fs === 'mfs');
  let deduction: IraEligibilityResult['deduction'];
  let deductible: Dec;
  if (!input.covered_by_workplace_plan && !spouseCovered) {
    deductible = contributionLimit;
    const ignored =
      input.spouse_covered_by_workplace_plan && !spouseCovered
        ? ` (spouse coverage does not apply to ${fs})`
        : '';
    deduction = {
      status: status(deductible, contributionLimit),
      basis: 'not_covered',
      reason: noCompensation
        ? 'No compensation: nothing can be contributed (IRC 219(b)(1)(B)).'
        : `Not covered by a workplace plan and no covered spouse${ignored}: full deduction at any MAGI (IRC 219(g)(1)).`,
    };
  } else {
    const basis = input.covered_by_workplace_plan ? 'covered' : 'spouse_covered';
    const range =
      basis === 'covered'
        ? table.traditional_deduction.covered[fs]
        : table.traditional_deduction.spouse_covered[fs as 'mfj' | 'mfs'];
    const reduced = phasedOut(dollarLimit, magi, range, step, minimum);
    deductible = Dec.min(reduced, contributionLimit);
    const st = status(deductible, contributionLimit);
    const who = basis === 'covered' ? 'Covered by a workplace plan' : 'Spouse covered by a workplace plan';
    const law = basis === 'covered' ? 'IRC 219(g)(2)-(3)' : 'IRC 219(g)(7)';
    deduction = {
      status: st,
      basis,
      phase_out: phaseOutInfo(range, magi),
      reason: noCompensation
        ? 'No compensation: nothing can be contributed (IRC 219(b)(1)(B)).'
        : `${who} (${law}). ${outcome('deduction', magi, range, reduced, deductible)}${basis === 'covered' ? qssNote : ''}`,
    };
  }

  // Roth (408A(c)(3)): the phase-out reduces the 408A(c)(2) amount, i.e. the lesser of the dollar limit
  // and compensation (Pub. 590-A Worksheet 2-2, lines 6-8 and 11).
  const rothRange = table.roth[fs];
  const rothLeft = phasedOut(contributionLimit, magi, rothRange, step, minimum);
  const roth = Dec.min(rothLeft, contributionLimit);
  const rothStatus = status(roth, contributionLimit);

  return {
    tax_year: year,
    filing_status: fs,
    ira_limit: limits.limit,
    catch_up: catchUp,
    contribution_limit: roundMoney(contributionLimit),
    capped_by_compensation: capped.capped,
    deductible_amount: roundMoney(deductible),
    deduction,
    roth_eligible_amount: roundMoney(roth),
    roth: {
      status: rothStatus,
      phase_out: phaseOutInfo(rothRange, magi),
      reason: noCompensation
        ? 'No compensation: nothing can be contributed (IRC 219(b)(1)(B), 408A(c)(2)).'
        : `Roth (IRC 408A(c)(3)). ${outcome('contribution', magi, rothRange, rothLeft, roth)}${qssNote}`,
    },
  };
}

/**
 * Traditional IRA deductibility and Roth IRA eligibility for one contributor and tax year (2024-2026).
 * The contribution limit is the 219(b)(5) amount plus the age-50 catch-up, at most compensation. The
 * deduction phases out over the year's MAGI range when the contributor (or, for mfj/mfs, only the
 * spouse) is covered by a workplace plan; the Roth amount phases out over the Roth range. The amount
 * left, limit x (end - MAGI) / width, is rounded up to the next $10 and is at least $200 unless zero
 * (IRC 219(g)(2)(B)-(C), 408A(c)(3)(A)). qss takes the joint ranges, as in the IRS Notices.
 * Figures: `data/utilities/ira-phaseouts/YYYY.json`.
 *
 * @example
 * ```ts
 * import { iraEligibility } from 'finplan/utilities';
 * // 2025, single, covered, MAGI 84,000: 7,000 x (89,000 - 84,000) / 10,000 = 3,500
 * iraEligibility({
 *   tax_year: 2025, filing_status: 'single', magi: 84_000, age: 40, covered_by_workplace_plan: true,
 * }).result.deductible_amount; // 3500
 * ```
 */
export const iraEligibility = defineOperation({
  path: '/v1/ira-eligibility',
  engine: 'ira-eligibility',
  version: '1.0.0',
  prefix: 'ira',
  summary: 'Deductible traditional IRA amount and Roth IRA eligibility from the MAGI phase-outs.',
  description:
    'IRA contribution limit (219(b)(5), age-50 catch-up, capped at compensation), the deductible part of a ' +
    'traditional IRA contribution (219(g): phase-out when the contributor, or for mfj/mfs only the spouse, is ' +
    'an active participant in a workplace plan) and the Roth-eligible amount (408A(c)(3)), for 2024-2026 ' +
    '(IRS Notices 2023-75, 2024-80, 2025-67). Remaining amounts are rounded up to the next $10 with a $200 ' +
    'minimum unless fully phased out (219(g)(2)(B)-(C); Pub. 590-A Worksheets 1-2 and 2-2). qss uses the mfj ' +
    'ranges (IRS practice); mfs means living with the spouse at some time in the year.',
  example: { tax_year: 2025, filing_status: 'single', magi: 84000, age: 40, covered_by_workplace_plan: true },
  input: IraEligibilityInput,
  output: IraEligibilityResult,
  compute,
});
