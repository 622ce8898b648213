import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { roundRate } from '../core/rounding';
import { age, anyCasePattern, filingStatus, nonNegativeMoney, oneOf, resultNumber } from '../core/schema';
import { yearField } from '../core/year-tables';
import { Amount, type Int, roundAmount, roundRatio } from './_lib/exact';
import { stateTaxTable, stateTaxTables, stateTaxTablesByCode } from './_lib/state-tables';
import { STATE_TAX_ENGINE, stateTax } from './_lib/state-tax';
import { TAX_ENGINE } from './engine';

/**
 * The jurisdictions covered for at least one tax year (upper-case postal codes), in order: those with a
 * table under `data/tax/state/`.
 *
 * @example
 * ```ts
 * import { COVERED_STATES } from 'finplan/tax';
 * COVERED_STATES.includes('CA'); // true
 * ```
 */
export const COVERED_STATES: readonly string[] = Object.keys(stateTaxTablesByCode).sort();

const covered = new Set(COVERED_STATES);

/** `/v1/tax/state-income` request. */
export const StateIncomeInput = z.strictObject({
  state: z.string().check(
    z.refine((code) => covered.has(code.toUpperCase()), {
      error: (issue) => `state ${String(issue.input)} is not covered; covered: ${COVERED_STATES.join(', ')}`,
      params: { finplan: 'unsupported_jurisdiction' },
    }),
    z.meta({
      pattern: anyCasePattern(COVERED_STATES),
      description: `Two-letter postal code of the state or DC, in any letter case (IL, il). Covered: ${COVERED_STATES.join(', ')}.`,
    }),
  ),
  tax_year: yearField(
    'Tax year of the state brackets, deductions and exclusions; a state covers only the years it has ' +
      'tables for (another is unsupported_year naming them).',
    stateTaxTables,
  ),
  filing_status: filingStatus(
    'Federal filing status: single, mfj, mfs, hoh or qss (mapped to the state’s own schedules).',
  ),
  state_taxable_income: nonNegativeMoney(
    'Income the state taxes, before its standard deduction and personal exemptions, other than Social ' +
      'Security benefits and pension income (those go in their own fields).',
  ),
  social_security_income: z.optional(
    nonNegativeMoney('Social Security benefits received (taxed only where the state taxes them in 2025).'),
  ),
  pension_income: z.optional(
    nonNegativeMoney('Pension and retirement-plan income, before the state’s retirement-income exclusion.'),
  ),
  age: z.optional(age('Age at the end of the tax year (gates the retirement-income exclusions).')),
  federal_income_tax: z.optional(
    nonNegativeMoney(
      'Federal income tax for the year, for the states that deduct it (AL, MO, OR); omitted: computed by ' +
        'finplan’s federal engine on the same income (the regular income tax on state_taxable_income + ' +
        'pension_income with the taxable part of social_security_income, standard deduction, no credits).',
    ),
  ),
});
export type StateIncomeInput = z.input<typeof StateIncomeInput>;

const StateBracket = z.object({
  rate: z.number(),
  from: z.number(),
  to: z
    .optional(z.number())
    .check(z.describe('Top of the bracket (inclusive); omitted for the top bracket.')),
  taxed_amount: resultNumber('Taxable income taxed at this rate.'),
  tax: resultNumber('rate x taxed_amount.'),
});

const Surtax = z.object({
  name: z.string(),
  rate: z.number(),
  threshold: resultNumber('Taxable income above which the surtax applies.'),
  taxed_amount: resultNumber('Taxable income above the threshold.'),
  tax: resultNumber('rate x taxed_amount.'),
});

/** `/v1/tax/state-income` result. */
export const StateIncomeResult = z.object({
  state: z.string().check(z.describe('Upper-case postal code.')),
  state_name: z.string(),
  tax_year: z.number(),
  filing_status: z.string(),
  rate_type: oneOf(
    ['none', 'flat', 'graduated'],
    'none: no tax on wages; flat: one rate; graduated: brackets.',
  ),
  schedule: z
    .optional(z.string())
    .check(z.describe('The state’s own rate schedule used for the filing status; omitted for none.')),
  income: resultNumber('state_taxable_income + social_security_income + pension_income.'),
  social_security_taxed: resultNumber('Social Security benefits the state taxes (0 where exempt).'),
  pension_excluded: resultNumber('Pension income taken out by the state’s retirement-income exclusion.'),
  standard_deduction: resultNumber(
    'The state’s standard deduction applied (the federal one where the state taxes federal taxable income; 0 for none).',
  ),
  personal_exemptions: resultNumber('Personal exemptions subtracted from income.'),
  age_deductions: resultNumber('Age-gated deductions and exemptions subtracted from income (one person’s).'),
  federal_tax_deduction: resultNumber(
    'Federal income tax deducted from income (AL, MO, OR: its share and cap by AGI); 0 elsewhere.',
  ),
  taxable_income: resultNumber(
    'Income after the exclusions, deductions (the federal tax deduction among them) and exemptions, not below 0.',
  ),
  bracket_tax: resultNumber('Tax from the rate schedule on taxable_income.'),
  recapture_tax: resultNumber(
    'Recapture of the lower brackets’ benefit at high income (New York’s supplemental tax, Connecticut’s ' +
      'Tables C and D add-backs); 0 elsewhere.',
  ),
  exemption_credits: resultNumber(
    'Exemption credits subtracted from bracket_tax (not more than it), age credits and Utah’s taxpayer tax credit ' +
      'among them, with a credit of a share of the tax by income (Connecticut’s personal tax credit).',
  ),
  surtax: resultNumber('Surtaxes (CA mental health services tax, MA surtax...).'),
  tax: resultNumber('bracket_tax + recapture_tax - exemption_credits + surtax.'),
  marginal_rate: resultNumber(
    'Tax on the next dollar of state_taxable_income: the bracket rate plus surtaxes in force (and a recapture ' +
      'while it phases in, Minnesota’s standard deduction limitation, the federal senior deduction’s phase-out ' +
      'and Utah’s taxpayer tax credit phase-out), less a credit of a share of the tax (Connecticut); other ' +
      'phase-outs and steps of deductions and credits, and the federal tax deduction’s growth with income, are ' +
      'not included.',
  ),
  effective_rate: resultNumber('tax / income (0 when income is 0).'),
  brackets: z.array(StateBracket),
  surtaxes: z.array(Surtax),
  reason: z.optional(z.string()).check(z.describe('For rate_type none: why no tax is due.')),
  notes: z
    .array(z.string())
    .check(z.describe('What is not modeled for this state (local taxes, credits...).')),
});
/** The `result` of the envelope. */
export type StateIncomeResult = z.infer<typeof StateIncomeResult>;

const COMMON_NOTES = {
  flat: 'Flat rate applied after the state’s own standard deduction and exemptions, less its exemption credits; subtractions other than the retirement-income exclusions are not modeled.',
  graduated:
    'Computed with the rate schedule to the cent; the state’s tax tables (income bands) are not used, so results below their cutoffs can differ by a few dollars.',
} as const;

function compute(input: z.output<typeof StateIncomeInput>): StateIncomeResult {
  const code = input.state.toUpperCase();
  const table = stateTaxTable(code, input.tax_year);
  const t = stateTax(table, input);
  const u = t.units;
  /** An amount of the result's units, to the cent. */
  const money = (n: Int) => roundAmount(new Amount(n, u.unit), 2);
  const notes = [
    ...(table.kind === 'none' ? [] : [COMMON_NOTES[table.kind]]),
    ...table.not_modeled.map((item) => `Not modeled: ${item}.`),
    ...t.exclusionNotes.map((item) => `${item[0]?.toUpperCase()}${item.slice(1)}.`),
  ];
  return {
    state: code,
    state_name: table.name,
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    rate_type: table.kind,
    ...(t.schedule === undefined ? {} : { schedule: t.schedule }),
    income: money(u.income),
    social_security_taxed: money(u.socialSecurityTaxed),
    pension_excluded: money(u.pensionExcluded),
    standard_deduction: money(u.standardDeduction),
    personal_exemptions: money(u.personalExemptions),
    age_deductions: money(u.ageDeductions),
    federal_tax_deduction: money(u.federalTaxDeduction),
    taxable_income: money(u.taxableIncome),
    bracket_tax: money(u.bracketTax),
    recapture_tax: money(u.recaptureTax),
    exemption_credits: money(u.exemptionCredits),
    surtax: money(u.surtax),
    tax: money(u.tax),
    marginal_rate: roundRate(t.marginalRate),
    effective_rate: u.income > 0 ? roundRatio(new Amount(u.tax, u.unit), new Amount(u.income, u.unit), 6) : 0,
    brackets: t.bracketAmounts.map(({ rate, from, to, taxed, tax }) => {
      const [taxed_amount, taxD] = [roundAmount(taxed, 2), roundAmount(tax, 2)];
      return to === undefined
        ? { rate, from, taxed_amount, tax: taxD }
        : { rate, from, to, taxed_amount, tax: taxD };
    }),
    surtaxes: t.surtaxAmounts.map((s) => ({
      name: s.name,
      rate: s.rate,
      threshold: s.threshold,
      taxed_amount: roundAmount(s.taxed, 2),
      tax: roundAmount(s.tax, 2),
    })),
    ...(table.reason === undefined ? {} : { reason: table.reason.text }),
    notes,
  };
}

/**
 * State individual income tax for tax year 2025: no-tax states give 0 and say why; flat states apply
 * their one rate (zero-rate bands included) and graduated states their brackets by filing status, both
 * after the state's standard deduction and exemptions, with exemption credits and surtaxes (CA's 1%
 * mental health services tax, MA's 4% surtax). Social Security benefits are taxed only where the state
 * taxes them; pension income gets the state's retirement-income exclusion, gated by age. An uncovered
 * code is a 400 `unsupported_jurisdiction` listing the covered ones.
 *
 * @example
 * ```ts
 * import { stateIncome } from 'finplan/tax';
 * // Illinois, 4.95% flat after the 2,850 exemption: (100,000 - 2,850) x 4.95% = 4,808.925
 * stateIncome({ state: 'il', tax_year: 2025, filing_status: 'single', state_taxable_income: 100_000 }).result.tax; // 4808.93
 * ```
 */
export const stateIncome = defineOperation({
  path: '/v1/tax/state-income',
  engine: 'state-income',
  version: '1.4.2',
  uses: [TAX_ENGINE, STATE_TAX_ENGINE],
  prefix: 'stax',
  summary: 'State individual income tax for 2025: brackets, deductions, exclusions, surtaxes.',
  description:
    'State income tax for tax year 2025 by state and filing status: no-tax states give 0 with the reason, flat ' +
    'states one rate and graduated states their brackets, both after the state standard deduction and exemptions, ' +
    'with exemption credits and surtaxes. Social Security taxed only where the state taxes it; pension income gets the ' +
    'state’s age-gated retirement-income exclusion. Uncovered codes: 400 unsupported_jurisdiction.',
  example: { state: 'CA', tax_year: 2025, filing_status: 'mfj', state_taxable_income: 1500000 },
  input: StateIncomeInput,
  output: StateIncomeResult,
  compute,
});
