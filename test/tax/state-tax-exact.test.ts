// Differential test of the state tax engine's exact integer arithmetic (src/tax/_lib/state-tax.ts,
// src/tax/_lib/exact.ts) against the decimal implementation it replaced, kept as the oracle
// (test/tax/state-tax-oracle.ts): every jurisdiction, every filing status, ages on each side of every
// age gate, pensions, Social Security, the federal income tax given or not, and incomes at every figure
// of the tables (and one cent either side, and lifted by the deductions so that taxable income lands
// there), at random cents, at amounts that are not cents (1234.5678, 0.1 + 0.2) and very large ones.
// Every field must be the oracle's: the decimals exactly (they are exposed unrounded), the rate and the
// notes identically. STATE_TAX_RUNS raises the random count per jurisdiction.
import { describe, expect, it } from 'vitest';
import type { Dec } from '../../src/core/money';
import { roundMoney, roundRate } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import {
  add,
  decAt,
  decimalOf,
  divCeil,
  divExact,
  divFloor,
  divRound,
  fromBig,
  type Int,
  mul,
  Rescale,
  sub,
  toNumber,
} from '../../src/tax/_lib/exact';
import type { StateTaxTable } from '../../src/tax/_lib/state-table';
import { stateTaxTables } from '../../src/tax/_lib/state-tables';
import { type StateTax, type StateTaxInput, stateTax } from '../../src/tax/_lib/state-tax';
import { type HouseholdYear, householdTax } from '../../src/tax/engine';
import { stateIncome } from '../../src/tax/state-income';
import { taxableSocialSecurity } from '../../src/tax/taxable-social-security';
import { DEEP, deep, seededGenerator } from '../helpers';
import { toLegacy } from './legacy-state-table';
import {
  householdTaxOracle,
  type StateTax as OracleStateTax,
  stateIncomeOracle,
  stateTaxOracle,
  taxableSocialSecurityOracle,
} from './state-tax-oracle';

const RUNS = Number(process.env.STATE_TAX_RUNS ?? deep(50, 150));
const SEED = Number(process.env.STATE_TAX_SEED ?? 20261128);

type Gen = ReturnType<typeof seededGenerator>;

/**
 * Every table of every year, as `[label, code, year, table]`. 2025's are checked at every sampled edge
 * and with RUNS random requests; the other years' (added as data), with a third of that under `npm test`
 * and all of it under `npm run test:deep`.
 */
const TABLES = stateTaxTables.years.flatMap((year) => {
  const tables = stateTaxTables.get(year);
  return Object.keys(tables)
    .sort()
    .map((code) => [`${code} ${year}`, code, year, tables[code] as StateTaxTable] as const);
});
const share = (year: number) => (DEEP || year === 2025 ? 1 : 3);
const AGES = [undefined, 30, 54, 55, 59, 60, 61, 62, 64, 65, 66, 67, 70, 79, 80, 90];

/** Every money figure of a table (thresholds, starts, amounts, caps): where income can sit. */
function figures(table: StateTaxTable): number[] {
  const out = new Set<number>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'number') {
      if (value >= 1 && !/rate|fraction|age|places|persons|tax_year/.test(key)) out.add(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value))
        if (k !== 'sources') walk(v, /^(single|mfj|mfs|hoh|qss)$/.test(k) ? key : k);
    }
  };
  walk(table, '');
  // ascending: the requests do not depend on where a figure sits in the file
  return [...out].sort((a, b) => a - b);
}

/** A money amount: zero, cents, whole dollars, not a cent amount, huge, or at a figure of the table. */
function money(g: Gen, edges: readonly number[], lifts: readonly number[]): number {
  const kind = g.int(16);
  if (kind === 0) return 0;
  if (kind <= 3) return g.int(300_000_00) / 100;
  if (kind <= 5) return g.int(2_000_000);
  if (kind === 6) return g.pick([1234.5678, 0.1 + 0.2, 98_765.4321, 50_000.005, 1 / 3, 7.1e-7]);
  if (kind === 7) return g.next() * 400_000; // 16-17 significant digits
  if (kind === 8 || edges.length === 0)
    return g.pick([1e11, 1e11 + 0.01, 999_999_999_999.99, 5e9, 123_456_789_012.34]);
  const edge = g.pick(edges) + (g.chance(0.5) ? g.pick(lifts) : 0);
  return Math.max(0, Math.round((edge + g.pick([0, 0, 0.01, -0.01, 1, -1, 0.005])) * 1000) / 1000);
}

function request(g: Gen, table: StateTaxTable, edges: readonly number[]): StateTaxInput {
  const filing_status = g.pick(FILING_STATUSES) as FilingStatus;
  const lifts = [
    toLegacy(table).standard_deduction?.[filing_status] ?? 0,
    toLegacy(table).personal_exemption?.[filing_status] ?? 0,
    15_750,
    31_500,
  ];
  const age = g.pick(AGES);
  const input: {
    filing_status: FilingStatus;
    state_taxable_income: number;
    social_security_income?: number;
    pension_income?: number;
    age?: number;
    federal_income_tax?: number;
  } = { filing_status, state_taxable_income: money(g, edges, lifts) };
  if (g.chance(0.5))
    input.social_security_income = g.chance(0.7) ? g.int(60_000_00) / 100 : money(g, edges, lifts);
  if (g.chance(0.5)) input.pension_income = g.chance(0.7) ? g.int(120_000_00) / 100 : money(g, edges, lifts);
  if (age !== undefined) input.age = age;
  if (g.chance(0.3))
    input.federal_income_tax = g.chance(0.7) ? g.int(40_000_00) / 100 : money(g, edges, lifts);
  return input;
}

const FIELDS = [
  'income',
  'stateAgi',
  'federalAgi',
  'stateGrossIncome',
  'socialSecurityTaxed',
  'socialSecurityExcluded',
  'pensionExcluded',
  'standardDeduction',
  'personalExemptions',
  'ageDeductions',
  'federalTaxDeduction',
  'taxableIncome',
  'bracketTax',
  'recaptureTax',
  'exemptionCredits',
  'surtax',
  'tax',
] as const;

/**
 * Per unit of the engine: `n / unit` = `(n / odd) x scale / 10^places` when `odd` (the unit's factor prime
 * to 10) divides `n`, a terminating decimal; otherwise `n / unit` does not terminate.
 */
const unitForms = new Map<Int, { odd: bigint; scale: bigint; places: number }>();

function unitForm(unit: Int): { odd: bigint; scale: bigint; places: number } {
  let form = unitForms.get(unit);
  if (form === undefined) {
    let odd = BigInt(unit);
    let twos = 0;
    let fives = 0;
    for (; odd % 2n === 0n; twos++) odd /= 2n;
    for (; odd % 5n === 0n; fives++) odd /= 5n;
    const places = Math.max(twos, fives);
    form = { odd, scale: 2n ** BigInt(places - twos) * 5n ** BigInt(places - fives), places };
    unitForms.set(unit, form);
  }
  return form;
}

/**
 * The exact value of `n / unit` in plain decimal notation as decimal.js's `toFixed()` writes it (no
 * exponent, no trailing zeros, no sign on zero) when it is what the engine's decimal view
 * (`decAt(n, unit)`) holds: a terminating decimal, of at most 40 significant digits when the unit is
 * not a power of ten (`decAt` divides then, to 40 digits). Otherwise undefined.
 */
function exactText(n: Int, unit: Int): string | undefined {
  const { odd, scale, places } = unitForm(unit);
  const power = odd === 1n && scale === 1n;
  let digits: string;
  if (power && typeof n === 'number') digits = Math.abs(n).toString();
  else {
    const big = BigInt(n);
    if (big % odd !== 0n) return undefined;
    const m = (big / odd) * scale;
    digits = (m < 0n ? -m : m).toString();
  }
  const negative = n < 0;
  if (!power && digits.replace(/0+$/, '').length > 40) return undefined;
  if (places === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(places + 1, '0');
  const whole = padded.slice(0, -places);
  const fraction = padded.slice(-places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * Every difference between the engine's result and the oracle's, as text (empty: identical). The
 * engine's amounts are read as its exact integers (`units`, `bracketAmounts`, `surtaxAmounts`: what the
 * operations read), each compared with the oracle's decimal by its exact text; an amount that differs
 * there is built as the engine's decimal (`decAt`, what its getters return) and compared as below.
 * With `views`, the engine's decimal getters (`income`, ..., `brackets`, `surtaxes`) are compared
 * with the oracle's too.
 */
function differences(
  got: StateTax,
  want: Omit<StateTax, 'units' | 'bracketAmounts' | 'surtaxAmounts'>,
  views = false,
): string[] {
  const out: string[] = [];
  const unit = got.units.unit;
  // A unit of a power of ten: every amount is a terminating decimal, exposed exactly, and the oracle's
  // too. Otherwise (a phase-out dividing by a width of 75,000, ...) an amount may not terminate: the
  // engine's decimal is the exact value to 40 digits, the oracle's carries its intermediate roundings.
  const dec = (name: string, a: Dec, b: Dec) => {
    if (a.eq(b)) return; // equal values pass both checks below (most do): nothing else to build
    const terminating = /^10*$/.test(unit.toString());
    const close = a.minus(b).abs().lte(b.abs().plus(1).times('1e-30'));
    if (terminating ? !a.eq(b) : !close) out.push(`${name}: ${a.toString()} != ${b.toString()}`);
    if (roundMoney(a) !== roundMoney(b)) out.push(`${name} (rounded): ${roundMoney(a)} != ${roundMoney(b)}`);
  };
  // `decAt(n, d)` is exactly `b` when the exact text of n / d is b's: equal values pass both checks
  const exact = (name: string, n: Int, d: Int, b: Dec) => {
    if (n === 0 && b.isZero()) return; // zero both (most of the amounts of a result): equal
    const text = exactText(n, d);
    if (text !== b.toFixed()) dec(name, decAt(n, d), b);
    // with the views: the exact text is the engine's decimal's
    else if (views && text !== decAt(n, d).toFixed()) out.push(`${name}: text ${text} != ${decAt(n, d)}`);
  };
  for (const field of FIELDS) {
    exact(field, got.units[field], unit, want[field]);
    if (views) dec(`${field} (view)`, got[field], want[field]);
  }
  if (!Object.is(got.marginalRate, want.marginalRate)) {
    out.push(`marginalRate: ${got.marginalRate} != ${want.marginalRate}`);
  }
  if (roundRate(got.marginalRate) !== roundRate(want.marginalRate)) out.push('marginalRate (rounded)');
  if (got.schedule !== want.schedule) out.push(`schedule: ${got.schedule} != ${want.schedule}`);
  const [notes, wanted] = [got.exclusionNotes, want.exclusionNotes];
  if (notes.length !== wanted.length || notes.some((note, i) => note !== wanted[i])) {
    out.push(`notes: ${JSON.stringify(got.exclusionNotes)} != ${JSON.stringify(want.exclusionNotes)}`);
  }
  const brackets = got.bracketAmounts;
  if (brackets.length !== want.brackets.length) out.push('brackets: length');
  brackets.forEach((row, i) => {
    const other = want.brackets[i];
    if (other === undefined) return;
    if (row.rate !== other.rate || row.from !== other.from || row.to !== other.to)
      out.push(`bracket ${i}: shape`);
    exact(`bracket ${i} taxed_amount`, row.taxed.n, row.taxed.d, other.taxed_amount);
    exact(`bracket ${i} tax`, row.tax.n, row.tax.d, other.tax);
  });
  const surtaxes = got.surtaxAmounts;
  if (surtaxes.length !== want.surtaxes.length) out.push('surtaxes: length');
  surtaxes.forEach((row, i) => {
    const other = want.surtaxes[i];
    if (other === undefined) return;
    if (row.name !== other.name || row.rate !== other.rate || row.threshold !== other.threshold) {
      out.push(`surtax ${i}: shape`);
    }
    exact(`surtax ${i} taxed_amount`, row.taxed.n, row.taxed.d, other.taxed_amount);
    exact(`surtax ${i} tax`, row.tax.n, row.tax.d, other.tax);
  });
  if (views) {
    got.brackets.forEach((row, i) => {
      const other = want.brackets[i];
      if (other === undefined) return;
      if (row.rate !== other.rate || row.from !== other.from || row.to !== other.to)
        out.push(`bracket ${i} (view): shape`);
      dec(`bracket ${i} taxed_amount (view)`, row.taxed_amount, other.taxed_amount);
      dec(`bracket ${i} tax (view)`, row.tax, other.tax);
    });
    got.surtaxes.forEach((row, i) => {
      const other = want.surtaxes[i];
      if (other === undefined) return;
      if (row.name !== other.name || row.rate !== other.rate || row.threshold !== other.threshold) {
        out.push(`surtax ${i} (view): shape`);
      }
      dec(`surtax ${i} taxed_amount (view)`, row.taxed_amount, other.taxed_amount);
      dec(`surtax ${i} tax (view)`, row.tax, other.tax);
    });
  }
  return out;
}

/**
 * Every how many requests the engine's decimal getters are compared too (views of its exact integers
 * through `decAt`, read by tests; the operations read the integers, which every request compares).
 */
const VIEWS = DEEP ? 1 : 16;

/** Fails naming the request unless the engine's result is the oracle's (with `views`, its getters too). */
function check(table: StateTaxTable, input: StateTaxInput, views = false): OracleStateTax {
  const got = stateTax(table, input);
  const want = stateTaxOracle(table, input);
  const diff = differences(got, want, views);
  if (diff.length > 0) {
    throw new Error(`${table.state} ${JSON.stringify(input)}:\n  ${diff.join('\n  ')}`);
  }
  return want;
}

/** The fields of a request the state tax reads. */
const REQUEST_FIELDS = [
  'filing_status',
  'state_taxable_income',
  'social_security_income',
  'pension_income',
  'age',
  'federal_income_tax',
] as const;

describe('state tax: exact integers against the decimal oracle', () => {
  it.each(TABLES)(
    '%s: every status and age gate at the table figures (and a cent either side)',
    (_, _code, year, table) => {
      const edges = figures(table);
      let checked = 0;
      for (const filing_status of FILING_STATUSES) {
        const lifts = [
          0,
          toLegacy(table).standard_deduction?.[filing_status] ?? 0,
          toLegacy(table).personal_exemption?.[filing_status] ?? 0,
        ];
        for (const [e, edge] of edges.entries()) {
          for (const delta of [-0.01, 0, 0.01]) {
            for (const [l, lift] of lifts.entries()) {
              const income = Math.max(0, Math.round((edge + lift + delta) * 100) / 100);
              const households: StateTaxInput[] = [
                { filing_status, state_taxable_income: income },
                { filing_status, state_taxable_income: income, age: 70, pension_income: 20_000 },
                {
                  filing_status,
                  state_taxable_income: income,
                  age: 62,
                  social_security_income: 30_000,
                  pension_income: income,
                },
              ];
              // Every edge and a cent either side, with each lift and household under `npm run test:deep`;
              // under `npm test` with one lift and one household per edge, taken in turn along the edges.
              // Other years than 2025: every third edge of those, in turn.
              for (const [h, household] of households.entries())
                if (DEEP || (l === e % 3 && h === Math.floor(e / 3) % 3 && (e + l) % share(year) === 0))
                  check(table, household, checked++ % VIEWS === 0);
            }
          }
        }
      }
    },
  );

  it.each(TABLES)(
    '%s: random requests (cents, non-cent and large amounts, ages, benefits, pensions)',
    (_, code, year, table) => {
      const edges = figures(table);
      const g = seededGenerator(
        SEED + code.charCodeAt(0) * 256 + code.charCodeAt(1) + (year - 2025) * 65_536,
      );
      const failures: string[] = [];
      for (let i = 0; i < Math.ceil(RUNS / share(year)); i++) {
        const input = request(g, table, edges);
        const oracle = check(table, input, i % VIEWS === 0);
        // the operation's result: the same roundings of the same amounts (the oracle's state tax of
        // the request reused where validation kept every field it reads)
        const parsed = stateIncome.parse({ ...input, state: code, tax_year: year });
        const same = REQUEST_FIELDS.every((field) => Object.is(parsed[field], input[field]));
        const [got, want] = [
          stateIncome.compute(parsed),
          stateIncomeOracle(parsed, same ? oracle : undefined),
        ].map((r) => JSON.stringify(r));
        if (got !== want) failures.push(`${JSON.stringify(input)}:\n  ${got}\n  ${want}`);
      }
      expect(failures).toEqual([]);
    },
  );
});

/**
 * The named values that differ (`Object.is`, as `toBe`: -0 is not 0), as text; empty when all agree.
 * The loops below collect these and assert once: an `expect` per value cost more than the values.
 */
function mismatches(pairs: readonly (readonly [string, unknown, unknown])[]): string {
  let out = '';
  for (const [name, got, want] of pairs)
    if (!Object.is(got, want)) out += `${name}: ${String(got)} != ${String(want)}; `;
  return out;
}

describe('taxable Social Security: exact integers against the decimal oracle', () => {
  it('every status, at the base amounts and at random and non-cent amounts', () => {
    const g = seededGenerator(SEED);
    const amounts = [0, 0.01, 1234.5678, 0.1 + 0.2, 25_000, 32_000, 34_000, 44_000, 1e11, 999_999_999_999.99];
    const failures: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const input = {
        filing_status: g.pick(FILING_STATUSES) as FilingStatus,
        benefits: g.chance(0.3) ? g.pick(amounts) : g.int(80_000_00) / 100,
        other_income: g.chance(0.3) ? g.pick(amounts) + g.pick([0, 0.01, -0.01]) : g.next() * 120_000,
        ...(g.chance(0.2) ? { tax_exempt_interest: g.int(10_000_00) / 100 } : {}),
        ...(g.chance(0.2) ? { lived_apart_all_year: g.chance(0.5) } : {}),
      };
      const got = taxableSocialSecurity(input);
      const want = taxableSocialSecurityOracle(input);
      const diff = mismatches([
        ['taxable', got.taxable.toString(), want.taxable.toString()],
        ['provisional_income', got.provisional_income.toString(), want.provisional_income.toString()],
        ['base_amount', got.base_amount, want.base_amount],
        ['adjusted_base_amount', got.adjusted_base_amount, want.adjusted_base_amount],
        ['marginal_inclusion', got.marginal_inclusion, want.marginal_inclusion],
      ]);
      if (diff !== '') failures.push(`${JSON.stringify(input)}: ${diff}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('householdTax: the benefits and sums in exact integers against the decimal oracle', () => {
  it('every figure, at cent, non-cent and large amounts, with and without benefits', () => {
    const g = seededGenerator(SEED + 1);
    const amounts = [0, 1234.5678, 0.1 + 0.2, 45_000.005, 1e9, 2e10 + 0.01, 999_999_999_999.99];
    const money = (scale: number) =>
      g.chance(0.2) ? g.pick(amounts) : g.chance(0.5) ? g.int(scale) : g.int(scale * 100) / 100;
    const fields = [
      'gross_income',
      'taxable_income',
      'ordinary_taxable_income',
      'qualified_taxable_income',
      'senior_deduction',
      'regular_tax',
      'niit',
      'additional_medicare_tax',
      'total',
      'taxable_social_security',
    ] as const;
    const failures: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const input: HouseholdYear = {
        tax_year: g.pick([2024, 2025, 2026]),
        filing_status: g.pick(FILING_STATUSES) as FilingStatus,
        ordinary_income: money(200_000),
        qualified_income: g.chance(0.5) ? money(50_000) : 0,
        social_security_benefits: g.chance(0.7) ? money(60_000) : 0,
        ...(g.chance(0.5) ? { age: g.pick([50, 64, 65, 70]) } : {}),
        ...(g.chance(0.3) ? { spouse_age: g.pick([60, 66]) } : {}),
        ...(g.chance(0.2) ? { tax_exempt_interest: money(5_000) } : {}),
        ...(g.chance(0.3) ? { earned_income: money(150_000) } : {}),
      };
      const got = householdTax(input);
      const want = householdTaxOracle(input);
      const diff = mismatches([
        ...fields.map((field) => [field, got[field].toString(), want[field].toString()] as const),
        ['marginal_ordinary_rate', got.marginal_ordinary_rate, want.marginal_ordinary_rate],
        ['marginal_capital_gains_rate', got.marginal_capital_gains_rate, want.marginal_capital_gains_rate],
        [
          'social_security.provisional_income',
          got.social_security?.provisional_income.toString(),
          want.social_security?.provisional_income.toString(),
        ],
      ]);
      if (diff !== '') failures.push(`${JSON.stringify(input)}: ${diff}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('exact integers (src/tax/_lib/exact.ts)', () => {
  it('add, sub and mul move to BigInt past 2^53 and back below it', () => {
    expect(add(2 ** 52, 2 ** 52)).toBe(2n ** 53n);
    expect(sub(2n ** 53n, 1)).toBe(2 ** 53 - 1);
    expect(mul(3_000_000_000, 4_000_000_000)).toBe(12_000_000_000_000_000_000n);
    expect(Object.is(mul(0, -5), 0)).toBe(true);
    expect(fromBig(-(2n ** 53n) + 1n)).toBe(-(2 ** 53) + 1);
  });

  it('divisions: exact or a Rescale naming the missing denominator; floor, ceiling and half up', () => {
    expect(divExact(1_234_500, 100)).toBe(12_345);
    expect(() => divExact(104_937_6, 100)).toThrow(Rescale);
    try {
      divExact(7, 12);
    } catch (error) {
      expect((error as Rescale).factor).toBe(12);
    }
    try {
      divExact(6, 4); // 3/2
    } catch (error) {
      expect((error as Rescale).factor).toBe(2);
    }
    expect([divFloor(-7, 2), divCeil(-7, 2), divFloor(7, 2), divCeil(7, 2)]).toEqual([-4, -3, 3, 4]);
    expect([divRound(25, 10), divRound(-25, 10), divRound(24, 10)]).toEqual([3, -3, 2]);
    expect(divFloor(-(10n ** 30n) - 1n, 10)).toBe(-(10n ** 29n) - 1n);
    expect(divRound(10n ** 30n + 5n, 10)).toBe(10n ** 29n + 1n);
  });

  it('decimalOf reads the shortest round-trip decimal, toNumber rounds exactly to the nearest double', () => {
    expect(decimalOf(1234.5678)).toEqual({ m: 12_345_678, places: 4 });
    expect(decimalOf(0.1 + 0.2)).toEqual({ m: 30_000_000_000_000_004n, places: 17 }); // above 2^53: a bigint
    expect(decimalOf(7.1e-7)).toEqual({ m: 71, places: 8 });
    expect(decimalOf(1e21)).toEqual({ m: 10n ** 21n, places: 0 });
    expect(toNumber(1, 3)).toBe(1 / 3);
    expect(toNumber(10n ** 30n, 10n ** 10n)).toBe(1e20);
    // 2^53 + 1 lies halfway between two doubles: ties go to even (2^53); one more and it rounds up.
    expect(toNumber(2n ** 54n + 2n, 2)).toBe(2 ** 53);
    expect(toNumber((2n ** 54n + 2n) * 3n + 1n, 6)).toBe(2 ** 53 + 2);
    expect(toNumber(-(10n ** 40n), 3)).toBe(Number(`-${'3'.repeat(40)}.3`));
  });
});
