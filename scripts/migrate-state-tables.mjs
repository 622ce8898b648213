// Converts state income tax tables from the keyed format (one top-level key per rule: `standard_deduction`,
// `standard_deduction_phaseout`, `retirement_exclusions`, ...) to the rule-list format the engine reads:
// `rules`, an ordered list of blocks each naming its `kind` (docs/tax.md, "State rule kinds"). Every
// figure, `source`, `note` and `<field>_source` is carried over as is; `sources`, `reason` and
// `not_modeled` are kept, as are the identity fields.
//
//   node scripts/migrate-state-tables.mjs <file.json>...   rewrites each file in place (a file already
//                                                          in the rule-list format is left alone)
//
// Then format them: npx biome format --write <file.json>...
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'];

/** `{ kind, ...block }` with `kind` first. */
const rule = (kind, block, extra = {}) => ({ kind, ...extra, ...block });

/** `value` repeated for each filing status. */
const everyStatus = (value) => Object.fromEntries(STATUSES.map((s) => [s, value]));

function without(block, ...keys) {
  const out = { ...block };
  for (const key of keys) delete out[key];
  return out;
}

/** The rate schedule block: `status_map` and `brackets` in one, their sources and notes kept. */
function scheduleRule(statusMap, brackets) {
  const map = Object.fromEntries(STATUSES.map((s) => [s, statusMap[s]]));
  const out = { kind: 'schedule', source: brackets.source, status_map: map, schedules: brackets.schedules };
  if (statusMap.source !== brackets.source) out.status_map_source = statusMap.source;
  const notes = [statusMap.note, brackets.note].filter((n) => n !== undefined);
  if (notes.length > 0) out.note = notes.join(' ');
  for (const [key, value] of Object.entries(statusMap)) if (key.endsWith('_source')) out[key] = value;
  for (const [key, value] of Object.entries(brackets)) if (key.endsWith('_source')) out[key] = value;
  return out;
}

/** The exclusion blocks of one `retirement_exclusions` entry (both kinds for `pension_and_social_security`). */
function exclusionRules(entry) {
  const block = without(entry, 'applies_to');
  switch (entry.applies_to) {
    case 'pension':
      return { pension: [rule('pension_exclusion', block)], social_security: [] };
    case 'social_security':
      return { pension: [], social_security: [rule('social_security_exclusion', block)] };
    case 'pension_and_social_security':
      return {
        pension: [rule('pension_exclusion', block)],
        social_security: [rule('social_security_exclusion', block)],
      };
    default:
      throw new Error(`retirement_exclusions: unknown applies_to ${entry.applies_to}`);
  }
}

const KNOWN = new Set([
  'state',
  'name',
  'tax_year',
  'kind',
  'sources',
  'reason',
  'status_map',
  'brackets',
  'standard_deduction',
  'standard_deduction_phaseout',
  'standard_deduction_sliding',
  'federal_standard_deduction',
  'standard_deduction_cap',
  'standard_deduction_steps',
  'standard_deduction_limitation',
  'federal_tax_deduction',
  'personal_exemption',
  'personal_exemption_phaseout',
  'personal_exemption_steps',
  'personal_exemption_tiers',
  'no_tax_at_or_below',
  'exemption_credit',
  'exemption_credit_phaseout',
  'recapture',
  'tax_addbacks',
  'tax_credit_rate',
  'age_deductions',
  'age_exemption_credits',
  'deduction_credit',
  'surtaxes',
  'social_security',
  'retirement_exclusions',
  'not_modeled',
]);

/**
 * One table in the keyed format, converted to the rule-list format. The blocks come in the order the
 * engine applies them: Social Security, its exclusions, the pension exclusions, the standard deduction
 * and its reductions, the personal exemptions and theirs, the age deductions, the federal tax deduction,
 * the schedule, the credits, the add-backs, the credit rate, the surtaxes, the recapture, the no-tax floor.
 */
export function migrateStateTable(table) {
  if (Array.isArray(table.rules)) return table;
  for (const key of Object.keys(table)) if (!KNOWN.has(key)) throw new Error(`unknown key ${key}`);
  const t = table;
  const rules = [];
  rules.push(rule('social_security', t.social_security));
  const exclusions = (t.retirement_exclusions ?? []).map(exclusionRules);
  rules.push(...exclusions.flatMap((e) => e.social_security));
  rules.push(...exclusions.flatMap((e) => e.pension));
  // the standard deduction, then its reductions in the order the keyed engine applied them
  if (t.standard_deduction !== undefined) rules.push(rule('standard_deduction', t.standard_deduction));
  if (t.federal_standard_deduction !== undefined) {
    const { applies, ...federal } = t.federal_standard_deduction;
    if (!applies) {
      if (federal.additional_at_65 || federal.senior_deduction)
        throw new Error('federal_standard_deduction: applies false with additional amounts');
    } else rules.push(rule('federal_standard_deduction', federal));
  }
  if (t.standard_deduction_phaseout !== undefined)
    rules.push(rule('phaseout', t.standard_deduction_phaseout, { of: 'standard_deduction' }));
  if (t.standard_deduction_sliding !== undefined)
    rules.push(rule('standard_deduction_sliding', t.standard_deduction_sliding));
  if (t.standard_deduction_steps !== undefined)
    rules.push(
      rule('step_reduction', t.standard_deduction_steps, { of: 'standard_deduction', whole_steps: true }),
    );
  if (t.standard_deduction_limitation !== undefined)
    rules.push(rule('standard_deduction_limitation', t.standard_deduction_limitation));
  if (t.standard_deduction_cap !== undefined)
    rules.push(rule('standard_deduction_cap', t.standard_deduction_cap));
  if (t.personal_exemption !== undefined) rules.push(rule('personal_exemption', t.personal_exemption));
  if (t.personal_exemption_phaseout !== undefined)
    rules.push(rule('phaseout', t.personal_exemption_phaseout, { of: 'personal_exemption' }));
  if (t.personal_exemption_steps !== undefined) {
    const { source, start, step, reduction, ...rest } = t.personal_exemption_steps;
    rules.push(
      rule(
        'step_reduction',
        { source, start, step: everyStatus(step), reduction: everyStatus(reduction), ...rest },
        { of: 'personal_exemption' },
      ),
    );
  }
  if (t.personal_exemption_tiers !== undefined)
    rules.push(rule('personal_exemption_tiers', t.personal_exemption_tiers));
  for (const entry of t.age_deductions ?? []) rules.push(rule('age_deduction', entry));
  if (t.federal_tax_deduction !== undefined)
    rules.push(rule('federal_tax_deduction', t.federal_tax_deduction));
  if (t.status_map !== undefined || t.brackets !== undefined) {
    if (t.status_map === undefined || t.brackets === undefined)
      throw new Error('status_map and brackets go together');
    rules.push(scheduleRule(t.status_map, t.brackets));
  }
  if (t.exemption_credit !== undefined) rules.push(rule('exemption_credit', t.exemption_credit));
  if (t.exemption_credit_phaseout !== undefined)
    rules.push(rule('step_reduction', t.exemption_credit_phaseout, { of: 'exemption_credit' }));
  for (const entry of t.age_exemption_credits ?? []) rules.push(rule('age_credit', entry));
  if (t.deduction_credit !== undefined) rules.push(rule('deduction_credit', t.deduction_credit));
  for (const entry of t.tax_addbacks ?? []) rules.push(rule('tax_addback', entry));
  if (t.tax_credit_rate !== undefined) rules.push(rule('tax_credit_rate', t.tax_credit_rate));
  for (const entry of t.surtaxes ?? []) rules.push(rule('surtax', entry));
  if (t.recapture !== undefined) rules.push(rule('recapture', t.recapture));
  if (t.no_tax_at_or_below !== undefined) rules.push(rule('no_tax_at_or_below', t.no_tax_at_or_below));
  const out = { state: t.state, name: t.name, tax_year: t.tax_year, kind: t.kind, sources: t.sources };
  if (t.reason !== undefined) out.reason = t.reason;
  out.rules = rules;
  out.not_modeled = t.not_modeled;
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node scripts/migrate-state-tables.mjs <file.json>...');
    process.exit(2);
  }
  for (const file of files) {
    const table = JSON.parse(readFileSync(file, 'utf8'));
    try {
      writeFileSync(file, `${JSON.stringify(migrateStateTable(table), null, 2)}\n`);
    } catch (error) {
      console.error(`${file}: ${error.message}`);
      process.exitCode = 1;
    }
  }
}
