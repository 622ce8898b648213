// Each state rule kind (src/tax/_lib/state-rule-schemas.ts, docs/tax.md "State rule kinds") on a small
// table of its own: a flat 5% schedule, benefits untaxed, and the kind under test. Expected amounts are
// hand calculations shown beside each case, compared as exact decimals. Then: the kinds composed at
// random from the 51 tables' own rules against the decimal oracle (the engine before the rule list),
// and the migration script against the 2025 tables.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { parse } from 'zod/mini';
import { FILING_STATUSES } from '../../src/core/schema';
import { stateLimits } from '../../src/tax/_lib/state-limits';
import type { StateRule } from '../../src/tax/_lib/state-rule-schemas';
import { ruleStage } from '../../src/tax/_lib/state-rules/index';
import type { StateTaxTable } from '../../src/tax/_lib/state-table';
import { StateTaxTableSchema } from '../../src/tax/_lib/state-table-schema';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { type StateTaxInput, stateTax } from '../../src/tax/_lib/state-tax';
import { toLegacy } from './legacy-state-table';
import { stateTaxOracle } from './state-tax-oracle';

type RuleInput = z.input<typeof StateTaxTableSchema>['rules'][number];

const all = <T>(value: T) => ({ single: value, mfj: value, mfs: value, hoh: value, qss: value });

const FLAT_5: RuleInput = {
  kind: 'schedule',
  source: 't',
  status_map: all('all'),
  schedules: { all: { thresholds: [0], rates: [0.05] } },
};

/** A test table: benefits untaxed and a flat 5% unless `rules` say otherwise, in stage order. */
function table(rules: RuleInput[]): StateTaxTable {
  const list = [...rules];
  if (!list.some((r) => r.kind === 'social_security'))
    list.push({ kind: 'social_security', source: 't', taxed: false });
  if (!list.some((r) => r.kind === 'schedule')) list.push(FLAT_5);
  // a stable sort: rules of one stage keep the order given
  const ordered = list
    .map((rule, i) => ({ rule, i, stage: ruleStage(rule as StateRule) }))
    .sort((a, b) => a.stage - b.stage || a.i - b.i)
    .map((x) => x.rule);
  return parse(StateTaxTableSchema, {
    state: 'ZZ',
    name: 'Testland',
    tax_year: 2025,
    kind: 'flat',
    sources: { t: 'a test table: hand calculations beside each case' },
    rules: ordered,
    not_modeled: [],
  });
}

const run = (t: StateTaxTable, income: number, extra: Partial<StateTaxInput> = {}) =>
  stateTax(t, { filing_status: 'single', state_taxable_income: income, ...extra });

/** The tax as an exact decimal string. */
const taxOf = (t: StateTaxTable, income: number, extra: Partial<StateTaxInput> = {}) =>
  run(t, income, extra).tax.toString();

describe('state rule kinds, one at a time (flat 5%, single unless said)', () => {
  it('social_security: taxed, the IRC 86 part of the benefits is in the state AGI', () => {
    // provisional income 50,000 + 10,000 = 60,000; taxable = min(85% x 20,000 = 17,000,
    // 85% x (60,000 - 34,000) + min(4,500, 10,000) = 26,600) = 17,000; 5% x 67,000 = 3,350
    const taxed = table([{ kind: 'social_security', source: 't', taxed: true }]);
    expect(taxOf(taxed, 50_000, { social_security_income: 20_000 })).toBe('3350');
    expect(taxOf(table([]), 50_000, { social_security_income: 20_000 })).toBe('2500');
  });

  it('social_security_exclusion: age-gated, capped, noted when the age misses the gate', () => {
    const t = table([
      { kind: 'social_security', source: 't', taxed: true },
      { kind: 'social_security_exclusion', source: 't', min_age: 65, max_amount: 10_000 },
    ]);
    // 17,000 taxed federally (above) less 10,000: 5% x (50,000 + 7,000) = 2,850
    expect(taxOf(t, 50_000, { social_security_income: 20_000, age: 66 })).toBe('2850');
    const young = run(t, 50_000, { social_security_income: 20_000, age: 60 });
    expect(young.tax.toString()).toBe('3350');
    expect(young.exclusionNotes).toEqual([
      'age 60 does not qualify for the Social Security exclusion (age 65 and over)',
    ]);
  });

  it('pension_exclusion: capped, income tiers on the state gross income', () => {
    const t = table([
      {
        kind: 'pension_exclusion',
        source: 't',
        max_amount: 20_000,
        income_tiers: [{ over: all(100_000), fraction: all(0.5) }],
      },
    ]);
    // 30,000 pension, 20,000 excluded: 5% x 60,000 = 3,000
    expect(taxOf(t, 50_000, { pension_income: 30_000 })).toBe('3000');
    // gross 120,000 over 100,000: 50% x 30,000 = 15,000 excluded: 5% x 105,000 = 5,250
    expect(taxOf(t, 90_000, { pension_income: 30_000 })).toBe('5250');
  });

  it('standard_deduction and federal_standard_deduction (with the amount at 65 and the senior deduction)', () => {
    expect(taxOf(table([{ kind: 'standard_deduction', source: 't', ...all(10_000) }]), 50_000)).toBe('2000');
    const federal = table([
      { kind: 'federal_standard_deduction', source: 't', additional_at_65: true, senior_deduction: true },
    ]);
    // 2025: 15,750 + 2,000 at 65 (data/tax/federal-2025.json); senior 6,000 - 6% x (80,000 - 75,000)
    // = 5,700; 5% x (80,000 - 17,750 - 5,700) = 2,827.50
    const r = run(federal, 80_000, { age: 66 });
    expect([r.standardDeduction.toString(), r.ageDeductions.toString(), r.tax.toString()]).toEqual([
      '17750',
      '5700',
      '2827.5',
    ]);
    expect(taxOf(federal, 80_000)).toBe('3212.5'); // 5% x (80,000 - 15,750)
  });

  it('phaseout: linear (and by started steps) of the standard deduction; of an exemption credit', () => {
    const sd = { kind: 'standard_deduction', source: 't', ...all(10_000) } as const;
    const linear = table([
      sd,
      { kind: 'phaseout', source: 't', of: 'standard_deduction', start: all(40_000), width: all(20_000) },
    ]);
    // (50,000 - 40,000) / 20,000 = 1/2 of 10,000 left: 5% x 45,000 = 2,250
    expect(taxOf(linear, 50_000)).toBe('2250');
    const stepped = table([
      sd,
      {
        kind: 'phaseout',
        source: 't',
        of: 'standard_deduction',
        start: all(40_000),
        width: all(20_000),
        step: all(5000),
      },
    ]);
    // 10,000.01 over: 3 steps of 5,000 = 15,000 / 20,000 = 3/4 off: 2,500 left; 5% x 47,500.01
    expect(run(stepped, 50_000.01).standardDeduction.toString()).toBe('2500');
    const credit = table([
      { kind: 'exemption_credit', source: 't', ...all(100) },
      { kind: 'phaseout', source: 't', of: 'exemption_credit', start: all(40_000), width: all(20_000) },
    ]);
    // half of the 100 credit: 2,500 - 50
    expect(taxOf(credit, 50_000)).toBe('2450');
  });

  it('step_reduction: whole steps to a minimum; started steps; a limit without step', () => {
    const whole = table([
      { kind: 'standard_deduction', source: 't', ...all(10_000) },
      {
        kind: 'step_reduction',
        source: 't',
        of: 'standard_deduction',
        whole_steps: true,
        start: all(40_000),
        step: all(1000),
        reduction: all(500),
        minimum: all(4000),
      },
    ]);
    // 2,999 over: 2 whole steps, 9,000 left: 5% x 33,999 = 1,699.95
    expect(taxOf(whole, 42_999)).toBe('1699.95');
    // 20 steps would take 10,000: the minimum 4,000 stays; 5% x 56,000
    expect(taxOf(whole, 60_000)).toBe('2800');
    const started = table([
      { kind: 'personal_exemption', source: 't', ...all(5000) },
      {
        kind: 'step_reduction',
        source: 't',
        of: 'personal_exemption',
        start: all(40_000),
        step: all(2500),
        reduction: all(1000),
      },
    ]);
    expect(run(started, 40_000).personalExemptions.toString()).toBe('5000');
    // one cent over is a step started: 4,000 left
    expect(run(started, 40_000.01).personalExemptions.toString()).toBe('4000');
    const limit = table([
      { kind: 'exemption_credit', source: 't', ...all(100) },
      {
        kind: 'step_reduction',
        source: 't',
        of: 'exemption_credit',
        start: all(40_000),
        reduction: all(100),
      },
    ]);
    expect([taxOf(limit, 40_000), taxOf(limit, 40_000.01)]).toEqual(['1900', '2000.0005']);
  });

  it('standard_deduction_sliding: less a rate of income, not below the floor status', () => {
    const t = table([
      { kind: 'standard_deduction', source: 't', ...all(10_000), hoh: 15_000 },
      {
        kind: 'standard_deduction_sliding',
        source: 't',
        start: all(20_000),
        rate: { ...all(0.1), hoh: 0.2 },
        at_least_as: { ...all('single' as const), mfj: 'mfj', mfs: 'mfs', qss: 'qss' },
      },
    ]);
    const hoh = (income: number) =>
      stateTax(t, { filing_status: 'hoh', state_taxable_income: income }).standardDeduction.toString();
    // own: 15,000 - 20% x (income - 20,000); single's: 10,000 - 10% x (income - 20,000)
    expect([hoh(40_000), hoh(60_000), hoh(80_000), hoh(200_000)]).toEqual(['11000', '7000', '4000', '0']);
  });

  it('standard_deduction_limitation: a schedule of federal AGI, at most a share of the deduction', () => {
    const t = table([
      { kind: 'standard_deduction', source: 't', ...all(10_000) },
      {
        kind: 'standard_deduction_limitation',
        source: 't',
        thresholds: all([0, 50_000]),
        rates: [0, 0.03],
        max_fraction: 0.8,
      },
    ]);
    // 3% x 10,000 = 300 off: 5% x 50,300 = 2,515; the next dollar also loses 3 cents of deduction
    const r = run(t, 60_000);
    expect([r.standardDeduction.toString(), r.tax.toString(), r.marginalRate]).toEqual([
      '9700',
      '2515',
      0.05 * 1.03,
    ]);
    // 3% x 350,000 = 10,500 over the cap of 80% x 10,000: 2,000 left
    expect(run(t, 400_000).standardDeduction.toString()).toBe('2000');
  });

  it('standard_deduction_cap: at most the amount from a federal AGI on', () => {
    const t = table([
      { kind: 'standard_deduction', source: 't', ...all(10_000) },
      { kind: 'standard_deduction_cap', source: 't', from: 100_000, amount: all(6000) },
    ]);
    expect(run(t, 99_999.99).standardDeduction.toString()).toBe('10000');
    expect(run(t, 100_000).standardDeduction.toString()).toBe('6000');
  });

  it('standard_deduction_percent: a share of the income, within a minimum and a maximum', () => {
    // Maryland's shape (Tax-General 10-217): 15%, at least 1,800, at most 2,700
    const t = table([
      {
        kind: 'standard_deduction_percent',
        source: 't',
        rate: 0.15,
        minimum: all(1800),
        maximum: all(2700),
      },
    ]);
    const at = (income: number) => run(t, income);
    // 15% x 10,000 = 1,500 -> 1,800; 15% x 12,000 = 1,800; 15% x 15,000 = 2,250; 15% x 18,000 = 2,700;
    // 15% x 20,000 = 3,000 -> 2,700; 15% x 16,000.01 = 2,400.0015 (exact, not rounded)
    expect(
      [10_000, 12_000, 15_000, 18_000, 20_000, 16_000.01].map((i) => at(i).standardDeduction.toString()),
    ).toEqual(['1800', '1800', '2250', '2700', '2700', '2400.0015']);
    // 5% x (15,000 - 2,250) = 637.50
    expect(at(15_000).tax.toString()).toBe('637.5');
    // from the minimum on, the next dollar adds 15 cents to the deduction: 5% of 85 cents; at the maximum, 5%
    expect([10_000, 12_000, 15_000, 18_000].map((i) => at(i).marginalRate)).toEqual([
      0.05,
      0.05 * (1 - 0.15),
      0.05 * (1 - 0.15),
      0.05,
    ]);
    const input = { filing_status: 'single', state_taxable_income: 15_000 } as const;
    expect(stateLimits(t, input, stateTax(t, input))).toEqual([
      {
        name: 'standard_deduction_percent_start',
        measure: 'state_agi',
        threshold: 12_000,
        inclusive: true,
        block: 'standard_deduction_percent',
      },
      {
        name: 'standard_deduction_percent_end',
        measure: 'state_agi',
        threshold: 18_000,
        inclusive: true,
        block: 'standard_deduction_percent',
      },
    ]);
    // one base deduction per table
    expect(() =>
      table([
        { kind: 'standard_deduction', source: 't', ...all(2000) },
        { kind: 'standard_deduction_percent', source: 't', rate: 0.15, minimum: all(1), maximum: all(2) },
      ]),
    ).toThrow('not with standard_deduction');
  });

  it('personal_exemption and personal_exemption_tiers', () => {
    expect(taxOf(table([{ kind: 'personal_exemption', source: 't', ...all(2000) }]), 50_000)).toBe('2400');
    const t = table([
      {
        kind: 'personal_exemption_tiers',
        source: 't',
        persons: { ...all(1), mfj: 2 },
        tiers: [
          { up_to: 40_000, amount: 2000 },
          { below: 60_000, amount: 1000 },
        ],
      },
    ]);
    const at = (income: number) => run(t, income).personalExemptions.toString();
    expect([at(40_000), at(40_000.01), at(59_999.99), at(60_000)]).toEqual(['2000', '1000', '1000', '0']);
    expect(
      stateTax(t, { filing_status: 'mfj', state_taxable_income: 30_000 }).personalExemptions.toString(),
    ).toBe('4000');
  });

  it('age_deduction: from its age, less its phase-out; or none past its income limit', () => {
    const t = table([
      {
        kind: 'age_deduction',
        source: 't',
        name: 'at 65',
        min_age: 65,
        amount: 3000,
        phaseout_start: all(40_000),
        phaseout_rate: 0.5,
      },
    ]);
    // 3,000 - 50% x 2,000 = 2,000
    expect(run(t, 42_000, { age: 66 }).ageDeductions.toString()).toBe('2000');
    expect(run(t, 42_000, { age: 64 }).ageDeductions.toString()).toBe('0');
    const limited = table([
      {
        kind: 'age_deduction',
        source: 't',
        name: 'at 65',
        min_age: 65,
        amount: 1000,
        income_limit: { amount: all(50_000), below: true },
      },
    ]);
    expect(run(limited, 49_999.99, { age: 65 }).ageDeductions.toString()).toBe('1000');
    expect(run(limited, 50_000, { age: 65 }).ageDeductions.toString()).toBe('0');
  });

  it('federal_tax_deduction: the federal tax given, within the cap of its tier', () => {
    const t = table([
      {
        kind: 'federal_tax_deduction',
        source: 't',
        fraction_tiers: [{ from: 0, fraction: 1 }],
        cap_tiers: [{ from: all(0), amount: all(3000) }],
      },
    ]);
    // 5,000 given, 3,000 deductible: 5% x 47,000
    expect(taxOf(t, 50_000, { federal_income_tax: 5000 })).toBe('2350');
    // without it, a state that does not deduct it says so
    expect(run(table([]), 50_000, { federal_income_tax: 5000 }).exclusionNotes).toEqual([
      'federal_income_tax is not used: Testland does not deduct federal income tax',
    ]);
  });

  it('schedule: by filing status, with a cliff amount', () => {
    const t = table([
      {
        kind: 'schedule',
        source: 't',
        status_map: { ...all('other'), mfj: 'joint' },
        schedules: {
          other: { thresholds: [0, 10_000], rates: [0.02, 0.05], jumps: [0, 100] },
          joint: { thresholds: [0], rates: [0.01] },
        },
      },
    ]);
    // 2% x 10,000 + 5% x 10,000 + 100
    expect(taxOf(t, 20_000)).toBe('800');
    expect(stateTax(t, { filing_status: 'mfj', state_taxable_income: 20_000 }).tax.toString()).toBe('200');
  });

  it('exemption_credit, age_credit, deduction_credit: credits against the tax, not below zero', () => {
    const credit = table([
      { kind: 'exemption_credit', source: 't', ...all(100) },
      { kind: 'age_credit', source: 't', name: 'at 65', min_age: 65, amount: 40 },
    ]);
    expect([taxOf(credit, 50_000), taxOf(credit, 50_000, { age: 65 }), taxOf(credit, 1000)]).toEqual([
      '2400',
      '2360',
      '0',
    ]);
    const share = table([
      {
        kind: 'deduction_credit',
        source: 't',
        name: 'share',
        rate: 0.06,
        phaseout_start: all(20_000),
        phaseout_rate: 0.013,
      },
    ]);
    // 6% x 15,750 (the 2025 federal standard deduction) = 945, less 1.3% x 30,000 = 390: 555
    expect(taxOf(share, 50_000)).toBe('1945');
  });

  it('tax_addback and tax_credit_rate: amounts added by income steps, a credit of a share of the tax', () => {
    const addback = table([
      {
        kind: 'tax_addback',
        source: 't',
        name: 'a',
        start: all(40_000),
        step: all(5000),
        amount: all(50),
        max: all(200),
      },
    ]);
    // 2 steps of 5,000 over 40,000: 100 added
    expect(run(addback, 50_000).recaptureTax.toString()).toBe('100');
    expect(run(addback, 100_000).recaptureTax.toString()).toBe('200');
    const rate = table([
      { kind: 'tax_credit_rate', source: 't', name: 'r', tiers: all([{ over: 40_000, rate: 0.1 }]) },
    ]);
    expect([taxOf(rate, 40_000), taxOf(rate, 50_000)]).toEqual(['2000', '2250']);
  });

  it('surtax, recapture and no_tax_at_or_below', () => {
    const surtax = table([{ kind: 'surtax', source: 't', name: 's', rate: 0.01, threshold: all(40_000) }]);
    expect(taxOf(surtax, 50_000)).toBe('2600');
    const recapture = table([
      {
        kind: 'schedule',
        source: 't',
        status_map: all('all'),
        schedules: { all: { thresholds: [0, 10_000], rates: [0.02, 0.05] } },
      },
      {
        kind: 'recapture',
        source: 't',
        min_agi: 30_000,
        phase_in: 10_000,
        fraction_places: 4,
        flat_above_agi: 40_000,
        tiers: { all: [] },
      },
    ]);
    // over 40,000 of AGI the top rate on all of it: 5% x 50,000 = 2,500 (the schedule's 2,200 + 300)
    expect([taxOf(recapture, 50_000), run(recapture, 50_000).recaptureTax.toString()]).toEqual([
      '2500',
      '300',
    ]);
    const floor = table([{ kind: 'no_tax_at_or_below', source: 't', ...all(10_000) }]);
    expect([taxOf(floor, 10_000), taxOf(floor, 10_000.01)]).toEqual(['0', '500.0005']);
  });
});

describe('state rule kinds composed: the fold against the decimal oracle', () => {
  // Every rule of the tables of every year, by kind: a random table takes a schedule, Social Security and any
  // other kinds' rules from any states (at most one of a single kind), and the engine and the oracle (the
  // keyed-format engine the fold replaced) must agree on every amount.
  const tables = stateTaxTables.years.flatMap((year) => Object.values(stateTaxTables.get(year)));
  const pool = new Map<string, StateRule[]>();
  for (const t of tables)
    for (const rule of t.rules) pool.set(rule.kind, [...(pool.get(rule.kind) ?? []), rule]);
  const pick = (kind: string) => fc.constantFrom(...(pool.get(kind) ?? []));
  const optional = (kind: string) => fc.option(pick(kind), { nil: undefined });
  const ruleSet = fc.record({
    schedule: pick('schedule'),
    social: pick('social_security'),
    exclusion: optional('social_security_exclusion'),
    pension: optional('pension_exclusion'),
    standard: fc.option(
      fc.oneof(
        pick('standard_deduction'),
        pick('standard_deduction_percent'),
        pick('federal_standard_deduction'),
      ),
      {
        nil: undefined,
      },
    ),
    // in the order the keyed engine applied them (the limitation before the cap)
    limitation: optional('standard_deduction_limitation'),
    cap: optional('standard_deduction_cap'),
    exemption: optional('personal_exemption'),
    tiers: optional('personal_exemption_tiers'),
    age: optional('age_deduction'),
    credit: optional('exemption_credit'),
    ageCredit: optional('age_credit'),
    surtax: optional('surtax'),
  });
  const request = fc.record({
    filing_status: fc.constantFrom(...FILING_STATUSES),
    state_taxable_income: fc.integer({ min: 0, max: 60_000_000 }).map((cents) => cents / 100),
    social_security_income: fc.constantFrom(0, 24_000, 41_500.5),
    pension_income: fc.constantFrom(0, 12_000, 35_000),
    age: fc.constantFrom(undefined, 50, 62, 65, 70),
  });

  it('a table of rules drawn from any states gives the oracle result, every amount', () => {
    fc.assert(
      fc.property(ruleSet, request, (set, input) => {
        const rules = Object.values(set).filter((r): r is StateRule => r !== undefined);
        const t = table(rules as RuleInput[]);
        const got = stateTax(t, input);
        const want = stateTaxOracle(t, input);
        for (const field of ['stateAgi', 'standardDeduction', 'personalExemptions', 'ageDeductions'] as const)
          expect(got[field].minus(want[field]).abs().lte('1e-20'), field).toBe(true);
        expect(got.tax.minus(want.tax).abs().lte('1e-20')).toBe(true);
        expect(got.marginalRate).toBe(want.marginalRate);
        expect(got.exclusionNotes).toEqual(want.exclusionNotes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('scripts/migrate-state-tables.mjs', () => {
  const script: string = new URL('../../scripts/migrate-state-tables.mjs', import.meta.url).href;
  type Migrate = { migrateStateTable: (table: unknown) => unknown };

  it.each(Object.keys(stateTaxTables.get(2025)))(
    '%s: the keyed table converts back to the file',
    async (code) => {
      const { migrateStateTable } = (await import(/* @vite-ignore */ script)) as Migrate;
      const t = stateTaxTables.get(2025)[code] as StateTaxTable;
      const keyed = JSON.parse(JSON.stringify(toLegacy(t)));
      expect(migrateStateTable(keyed)).toEqual(JSON.parse(JSON.stringify(t)));
    },
  );

  it('leaves a table in the rule-list format alone and refuses an unknown key', async () => {
    const { migrateStateTable } = (await import(/* @vite-ignore */ script)) as Migrate;
    const t = stateTaxTables.get(2025).ME;
    expect(migrateStateTable(t)).toBe(t);
    const keyed = { ...toLegacy(t as StateTaxTable), lottery_credit: {} };
    expect(() => migrateStateTable(keyed)).toThrow('unknown key lottery_credit');
  });
});

describe('state limits of the composed kinds', () => {
  it('a step_reduction of the exemption credit without step offers one limit on its measure', () => {
    const t = table([
      { kind: 'exemption_credit', source: 't', ...all(100) },
      {
        kind: 'step_reduction',
        source: 't',
        of: 'exemption_credit',
        start: all(40_000),
        reduction: all(100),
        measured_on_federal_agi: true,
      },
    ]);
    const input = { filing_status: 'single', state_taxable_income: 30_000 } as const;
    expect(stateLimits(t, input, stateTax(t, input))).toEqual([
      {
        name: 'exemption_credit_limit',
        measure: 'federal_agi',
        threshold: 40_000,
        inclusive: false,
        block: 'exemption_credit_phaseout',
      },
    ]);
  });
});
