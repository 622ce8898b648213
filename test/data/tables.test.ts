// Every data file has the shape its engine expects: each year-keyed table set is listed here with the
// zod schema of its files. The year maps are `data/tables.ts`, which `npm run gen` writes from the files
// on disk: a stale one fails here (and `npm run lint`), and so does a table on disk that no set reads.
// The engines take the types inferred from these schemas.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ssaPeriodTables } from '../../src/core/mortality';
import { PeriodLifeTableSchema } from '../../src/core/mortality-schema';
import type { YearTables } from '../../src/core/year-tables';
import { LoanRepaymentRulesSchema } from '../../src/education/_lib/loan-tables';
import { RothRolloverRulesSchema } from '../../src/education/_lib/rollover-tables';
import { saiTables } from '../../src/education/_lib/sai';
import { SaiTableSchema } from '../../src/education/_lib/sai-tables';
import {
  ApplicablePercentageTableSchema,
  MedicareRulesSchema,
  MedicareTableSchema,
  PovertyGuidelineTableSchema,
} from '../../src/healthcare/_lib/tables';
import {
  applicablePercentageTables,
  irmaaTables,
  povertyGuidelineTables,
} from '../../src/healthcare/_lib/year-tables';
import { ProjectionTableSchema } from '../../src/plan/_lib/projection';
import { BeneficiaryRulesSchema, UniformLifetimeTableSchema } from '../../src/retirement/_lib/tables';
import { RetirementBenefitRulesSchema } from '../../src/social-security/_lib/tables';
import { StateTaxTableSchema } from '../../src/tax/_lib/state-table-schema';
import { stateTaxTablesByCode } from '../../src/tax/_lib/state-tables';
import {
  CapitalGainsRatesSchema,
  FederalTaxTableSchema,
  SocialSecurityTaxationSchema,
  StatutoryAgesSchema,
} from '../../src/tax/_lib/tables';
import { federalTables } from '../../src/tax/federal-tables';
import { contributionLimitTables, iraPhaseOutTables } from '../../src/utilities/_lib/limit-tables';
import { ContributionLimitTableSchema, IraPhaseOutTableSchema } from '../../src/utilities/_lib/tables';

/** Every year-keyed table set, with the schema of its files. Add a line when an area adds one. */
const YEAR_TABLES: readonly [YearTables<unknown>, z.ZodMiniType][] = [
  [federalTables, FederalTaxTableSchema],
  [contributionLimitTables, ContributionLimitTableSchema],
  [iraPhaseOutTables, IraPhaseOutTableSchema],
  [irmaaTables, MedicareTableSchema],
  [povertyGuidelineTables, PovertyGuidelineTableSchema],
  [applicablePercentageTables, ApplicablePercentageTableSchema],
  [ssaPeriodTables, PeriodLifeTableSchema],
  [saiTables, SaiTableSchema],
];

/** Tables not keyed by year, by path under data/. */
const OTHER_TABLES: Record<string, z.ZodMiniType> = {
  'tax/capital-gains-rates.json': CapitalGainsRatesSchema,
  'tax/statutory-ages.json': StatutoryAgesSchema,
  'tax/social-security-taxation.json': SocialSecurityTaxationSchema,
  'healthcare/medicare-rules.json': MedicareRulesSchema,
  'retirement/uniform-lifetime-table.json': UniformLifetimeTableSchema,
  'retirement/beneficiary-rules.json': BeneficiaryRulesSchema,
  'social-security/retirement-benefit-rules.json': RetirementBenefitRulesSchema,
  'education/529-roth-rollover.json': RothRolloverRulesSchema,
  'education/federal-loan-repayment.json': LoanRepaymentRulesSchema,
  'plan/projection.json': ProjectionTableSchema,
};

/**
 * Tables kept one folder per jurisdiction (`<dir>/<code>/<year>.json`): the folder, the jurisdictions'
 * year sets by upper-case code, and the schema of each file. Every file carries its code and its year.
 */
const JURISDICTION_TABLES: readonly [string, Readonly<Record<string, YearTables<unknown>>>, z.ZodMiniType][] =
  [['tax/state', stateTaxTablesByCode, StateTaxTableSchema]];

const root = join(__dirname, '..', '..', 'data');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [relative(root, path)] : [];
  });
}

const files = jsonFiles(root);
const read = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));

function issuesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const parsed = z.safeParse(schema, value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe.each(YEAR_TABLES.map(([tables, schema]) => [tables.files, tables, schema] as const))(
  'data/%s/YYYY.json',
  (prefix, tables, schema) => {
    const onDisk = files
      .map((file) => new RegExp(`^${prefix}/(\\d{4})\\.json$`).exec(file)?.[1])
      .filter((year): year is string => year !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    it('registers exactly the years on disk', () => {
      expect(tables.years).toEqual(onDisk);
    });
    it.each(onDisk)('%i matches the schema and carries its year', (year) => {
      const table = read(`${prefix}/${year}.json`);
      expect(issuesOf(schema, table)).toEqual([]);
      const yearField = Object.entries(table as Record<string, unknown>).find(([key]) =>
        /(^|_)year$/.test(key),
      );
      expect(yearField?.[1]).toBe(year);
      expect(tables.get(year)).toEqual(table);
    });
    it('refuses another year with unsupported_year naming the field and the years', () => {
      expect(() => tables.get(1900)).toThrowError(`${tables.field} 1900 is not supported; supported:`);
    });
  },
);

describe('tables not keyed by year', () => {
  it.each(Object.entries(OTHER_TABLES))('%s matches its schema', (file, schema) => {
    expect(issuesOf(schema, read(file))).toEqual([]);
  });
});

describe.each(JURISDICTION_TABLES)('data/%s/<code>/<year>.json', (dir, byCode, schema) => {
  const onDisk = files
    .map((file) => new RegExp(`^${dir}/([a-z]{2})/(\\d{4})\\.json$`).exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[0], code: (m[1] as string).toUpperCase(), year: Number(m[2]) }));
  it('registers exactly the jurisdictions and years on disk', () => {
    const registered = Object.entries(byCode).flatMap(([code, t]) =>
      t.years.map((year) => `${code} ${year}`),
    );
    expect(registered.sort()).toEqual(onDisk.map((f) => `${f.code} ${f.year}`).sort());
  });
  it.each(onDisk)('$file matches the schema and carries its code and year', ({ file, code, year }) => {
    const table = read(file) as { state?: unknown; tax_year?: unknown };
    expect(issuesOf(schema, table)).toEqual([]);
    expect(table.state).toBe(code);
    expect(table.tax_year).toBe(year);
    expect(byCode[code]?.get(year)).toEqual(table);
  });
  it('property: a jurisdiction answers exactly its years; any other is refused naming it and them', () => {
    const codes = Object.keys(byCode);
    const onDiskYears = Object.values(byCode).flatMap((t) => t.years.flatMap((y) => [y - 1, y, y + 1]));
    const years = fc.oneof(fc.constantFrom(...onDiskYears), fc.integer({ min: 1900, max: 2100 }));
    fc.assert(
      fc.property(fc.constantFrom(...codes), years, (code, year) => {
        const tables = byCode[code] as YearTables<unknown>;
        const message = `tax_year ${year} is not covered for ${code}; covered: ${tables.years.join(', ')}`;
        if (tables.years.includes(year)) {
          expect(tables.unsupported(year)).toBeUndefined();
          expect(tables.get(year)).toBeDefined();
        } else {
          expect(tables.unsupported(year)).toBe(message);
          expect(() => tables.get(year)).toThrowError(message);
        }
      }),
    );
  });
  it('refuses a year a jurisdiction has no table for, naming it and its years', () => {
    const [code, tables] = Object.entries(byCode)[0] as [string, YearTables<unknown>];
    expect(() => tables.get(1900)).toThrowError(
      `tax_year 1900 is not covered for ${code}; covered: ${tables.years.join(', ')}`,
    );
  });
});

describe('state table rules', () => {
  type Rules = { rules: Record<string, unknown>[] };
  const withRule = (table: Rules, kind: string, change: (rule: Record<string, unknown>) => unknown) => ({
    ...table,
    rules: table.rules.map((rule) => (rule['kind'] === kind ? change(rule) : rule)),
  });
  const wi = read('tax/state/wi/2025.json') as Rules;
  const sliding = wi.rules.find((rule) => rule['kind'] === 'standard_deduction_sliding') as {
    at_least_as: Record<string, string>;
    rate: Record<string, number>;
  };
  const at = wi.rules.findIndex((rule) => rule['kind'] === 'standard_deduction_sliding');

  it('standard_deduction_sliding: start and rate by status, at_least_as a filing status for each status', () => {
    const bad = withRule(wi, 'standard_deduction_sliding', (rule) => ({
      ...rule,
      at_least_as: { ...sliding.at_least_as, hoh: 'widow' },
    }));
    expect(issuesOf(StateTaxTableSchema, bad).map((issue) => issue.split(':')[0])).toEqual([
      `rules.${at}.at_least_as.hoh`,
    ]);
    const { qss: _, ...rate } = sliding.rate;
    const missing = withRule(wi, 'standard_deduction_sliding', (rule) => ({ ...rule, rate }));
    expect(issuesOf(StateTaxTableSchema, missing).map((issue) => issue.split(':')[0])).toEqual([
      `rules.${at}.rate.qss`,
    ]);
    const me = read('tax/state/me/2025.json') as Rules;
    const phaseout = me.rules.find(
      (rule) => rule['kind'] === 'phaseout' && rule['of'] === 'standard_deduction',
    );
    const both = { ...wi, rules: [...wi.rules.slice(0, at), phaseout, ...wi.rules.slice(at)] };
    expect(issuesOf(StateTaxTableSchema, both)).toEqual([
      `rules.${at + 1}: not with a phaseout of the standard deduction`,
    ]);
  });

  it('rules: a known kind, listed in the order they apply, the single kinds once, the required ones present', () => {
    const unknown = { ...wi, rules: [...wi.rules, { kind: 'lottery_credit', source: 'x' }] };
    expect(issuesOf(StateTaxTableSchema, unknown).map((issue) => issue.split(':')[0])).toEqual([
      `rules.${wi.rules.length}.kind`,
    ]);
    const reversed = { ...wi, rules: [...wi.rules].reverse() };
    expect(issuesOf(StateTaxTableSchema, reversed)[0]).toMatch(/^rules\.1: .* is out of order/);
    const twice = { ...wi, rules: [wi.rules[0], ...wi.rules] };
    expect(issuesOf(StateTaxTableSchema, twice)).toEqual(['rules.1: a second social_security rule']);
    const noSchedule = { ...wi, rules: wi.rules.filter((rule) => rule['kind'] !== 'schedule') };
    expect(issuesOf(StateTaxTableSchema, noSchedule)).toEqual([
      `rules.${noSchedule.rules.length}: a schedule rule is required`,
    ]);
    const ak = read('tax/state/ak/2025.json') as Rules;
    const taxedNone = {
      ...ak,
      rules: [...ak.rules, ...wi.rules.filter((rule) => rule['kind'] === 'schedule')],
    };
    expect(issuesOf(StateTaxTableSchema, taxedNone)).toEqual([
      'rules.1: a table of kind none has only its social_security rule',
    ]);
    const stray = withRule(wi, 'schedule', (rule) => ({
      ...rule,
      status_map: { ...(rule['status_map'] as object), hoh: 'widow' },
    }));
    expect(issuesOf(StateTaxTableSchema, stray)[0]).toMatch(/status_map names widow, not in schedules$/);
  });
});

describe('every data file is registered', () => {
  it('data/tables.ts is what npm run gen writes from the files on disk (gen --check)', () => {
    const check = spawnSync(process.execPath, ['scripts/gen.mjs', '--check'], {
      cwd: join(root, '..'),
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
  const registered = (file: string) =>
    file in OTHER_TABLES ||
    JURISDICTION_TABLES.some(([dir]) => new RegExp(`^${dir}/[a-z]{2}/\\d{4}\\.json$`).test(file)) ||
    YEAR_TABLES.some(([tables]) => new RegExp(`^${tables.files}/\\d{4}\\.json$`).test(file));
  it.each(files.filter((file) => !file.endsWith('.cases.json')))('%s', (file) => {
    expect(registered(file), `${file} is read by no table set of test/data/tables.test.ts`).toBe(true);
  });
});
