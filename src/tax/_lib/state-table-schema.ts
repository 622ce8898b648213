/**
 * The validated schema of a state income tax table (`data/tax/state/<code>/<year>.json`): its shape
 * (`state-table.ts`) and the rules listed in the order they apply, the single kinds once, the required
 * ones present. Used to check the files (test/data/tables.test.ts), not at run time.
 *
 * @internal
 * @module
 */
import * as z from 'zod/mini';
import type { StateRuleSchema } from './state-rule-schemas';
import { ruleStage } from './state-rules/index';
import { StateTaxTableShape } from './state-table';

/** The kinds that may appear at most once in a table. */
const SINGLE_KINDS = new Set<string>([
  'social_security',
  'standard_deduction',
  'standard_deduction_percent',
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

/** The kinds that set the standard deduction before any reduction: at most one of them in a table. */
const BASE_DEDUCTIONS = new Set<string>([
  'standard_deduction',
  'standard_deduction_percent',
  'federal_standard_deduction',
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
  // one base standard deduction: the state's own amount, its percentage of income, or the federal one
  const bases = rules.filter((r) => BASE_DEDUCTIONS.has(r.kind));
  if (bases.length > 1) {
    const second = bases[1] as Rule;
    return [rules.indexOf(second), `not with ${(bases[0] as Rule).kind}`];
  }
  const sliding = rules.findIndex((r) => r.kind === 'standard_deduction_sliding');
  if (sliding >= 0) {
    if (!has('standard_deduction')) return [sliding, 'needs standard_deduction'];
    if (rules.some((r) => r.kind === 'phaseout' && r.of === 'standard_deduction'))
      return [sliding, 'not with a phaseout of the standard deduction'];
  }
  return undefined;
}

/** A state table, validated: its shape and its rules' order and counts. */
export const StateTaxTableSchema = StateTaxTableShape.check(
  z.superRefine((table, ctx) => {
    const problem = rulesProblem(table.kind, table.rules);
    if (problem !== undefined)
      ctx.addIssue({ code: 'custom', path: ['rules', problem[0]], message: problem[1], input: table.rules });
  }),
);
