// Differential test of the exact scaled-integer fast path (src/tax/_lib/fast-federal.ts,
// fast-estimate.ts) against the decimal implementation it replaces in the hot path, kept as the oracle
// (taxEstimateExact, federalTaxExact). Every figure must be identical: same numbers (Object.is), same
// keys in the same order. FAST_PATH_RUNS raises the count (the check ran it at 1,000,000).
import { describe, expect, it } from 'vitest';
import type { Dec } from '../../src/core/money';
import { FILING_STATUSES, type FilingStatus } from '../../src/core/schema';
import { centsOf, mulRoundDiv, ratioRound, roundDiv } from '../../src/tax/_lib/cents';
import { fastTaxEstimate } from '../../src/tax/_lib/fast-estimate';
import { fastFederal, fastParams } from '../../src/tax/_lib/fast-federal';
import { fastBracketRoom, fastGainHarvesting, fastTlhBenefit } from '../../src/tax/_lib/fast-ops';
import { bracketRoom, bracketRoomExact } from '../../src/tax/bracket-room';
import { federalTable, SUPPORTED_TAX_YEARS } from '../../src/tax/federal-tables';
import {
  type FederalTax,
  type FederalTaxInput,
  federalTax,
  federalTaxExact,
} from '../../src/tax/federal-tax';
import { gainHarvesting, gainHarvestingExact } from '../../src/tax/gain-harvesting';
import { taxEstimate, taxEstimateExact } from '../../src/tax/tax-estimate';
import { tlhBenefit, tlhBenefitExact, WASH_SALE_CAVEAT } from '../../src/tax/tlh-benefit';
import { deep, seededGenerator } from '../helpers';

const RUNS = Number(process.env.FAST_PATH_RUNS ?? deep(5_000, 20_000));
const SEED = Number(process.env.FAST_PATH_SEED ?? 20261122);
/** Generous: the default count takes seconds; a million takes minutes. */
const TIMEOUT = Math.max(120_000, RUNS * 10);

type Gen = ReturnType<typeof seededGenerator>;

/** The figures of a table that income can sit on: bracket, band and threshold edges. */
function edges(year: number, status: FilingStatus): number[] {
  const t = federalTable(year);
  const out = [
    ...t.ordinary_brackets.thresholds[status],
    t.ltcg.zero_rate_max[status],
    t.ltcg.fifteen_rate_max[status],
    t.niit.threshold[status],
    t.additional_medicare.threshold[status],
    t.amt.exemption[status],
    t.amt.phaseout_start[status],
    t.amt.rate_breakpoint[status],
  ];
  const senior = t.senior_deduction?.phaseout_start[status];
  if (typeof senior === 'number') out.push(senior, senior + 100_000);
  return out;
}

/** A money amount: zero, small, cents, whole dollars, huge, at an edge, or (rarely) not a cent amount. */
function money(g: Gen, edgesOf: number[], shift: number): number {
  const kind = g.int(20);
  if (kind === 0) return 0;
  if (kind <= 5) return g.int(200_000_00) / 100; // cents up to 200,000
  if (kind <= 8) return g.int(2_000_000); // whole dollars
  if (kind <= 10) return g.int(100_000_000_00) / 100; // cents up to 100M
  if (kind === 11) return g.pick([1e9, 2e10, 2e10 + 0.01, 3e10, 5e11, 999_999_999_999.99]) - g.int(2) / 100;
  if (kind === 12) return g.int(1_000_000_000_000_00) / 100; // cents up to 1e12
  if (kind === 13) return g.next() * 500_000; // not a cent amount (decimal fallback)
  if (kind === 14) return g.int(100) / 100; // under a dollar
  // At or next to an edge, lifted by the deduction so that taxable income lands there.
  const edge = g.pick(edgesOf) + shift + g.pick([0, 0, 0.01, -0.01, 0.005, 1, -1, 0.5]);
  return Math.max(0, Math.round(edge * 1000) / 1000);
}

function estimateInput(g: Gen): Record<string, unknown> {
  const tax_year = g.pick(SUPPORTED_TAX_YEARS);
  const filing_status = g.pick(FILING_STATUSES);
  const t = federalTable(tax_year);
  const e = edges(tax_year, filing_status);
  const std = t.standard_deduction[filing_status];
  const input: Record<string, unknown> = { tax_year, filing_status };
  const qualified = g.chance(0.4) ? 0 : money(g, e, 0);
  input.ordinary_income = Math.max(0, money(g, e, std) - (g.chance(0.3) ? qualified : 0));
  if (g.chance(0.8)) input.qualified_income = qualified;
  if (g.chance(0.5)) {
    input.state_tax_rate = g.pick([
      0,
      0.05,
      0.0575,
      0.0307,
      0.2,
      g.int(2001) / 10_000,
      g.int(200_001) / 1_000_000,
      g.next() * 0.2,
    ]);
  }
  if (g.chance(0.2)) input.itemized_deductions = money(g, e, 0);
  if (g.chance(0.25)) input.earned_income = money(g, e, 0);
  if (g.chance(0.25)) input.net_investment_income = money(g, e, 0);
  if (g.chance(0.3)) input.magi = money(g, e, 0);
  if (g.chance(0.5)) input.age = g.pick([64, 65, 66, g.int(121)]);
  if (g.chance(0.2)) input.blind = g.chance(0.5);
  if (filing_status === 'mfj') {
    if (g.chance(0.5)) input.spouse_age = g.pick([64, 65, g.int(121)]);
    if (g.chance(0.2)) input.spouse_blind = g.chance(0.5);
  }
  return input;
}

/** Deep equality with Object.is on numbers (so -0 differs from 0) and the same key order. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

const DEC_FIELDS = [
  'gross_income',
  'deduction',
  'senior_deduction',
  'unused_deduction',
  'taxable_income',
  'ordinary_taxable_income',
  'qualified_taxable_income',
  'ordinary_tax',
  'capital_gains_tax',
  'regular_tax',
  'niit',
  'additional_medicare_tax',
  'total',
] as const;
const AMT_FIELDS = [
  'amti',
  'exemption',
  'taxable_excess',
  'tentative_minimum_tax',
  'regular_tax',
  'amt',
] as const;

/** The first field where two federal computations differ (decimals compared exactly), or ''. */
function federalDiff(fast: FederalTax, exact: FederalTax): string {
  for (const f of DEC_FIELDS) if (!fast[f].eq(exact[f])) return `${f}: ${fast[f]} vs ${exact[f]}`;
  for (const band of ['at_0', 'at_15', 'at_20'] as const) {
    if (!fast.bands[band].eq(exact.bands[band])) return `bands.${band}`;
  }
  for (const f of ['deduction_type', 'marginal_ordinary_rate', 'marginal_capital_gains_rate'] as const) {
    if (!Object.is(fast[f], exact[f])) return `${f}: ${fast[f]} vs ${exact[f]}`;
  }
  if (!same(fast.standard_deduction, exact.standard_deduction)) return 'standard_deduction';
  if (fast.schedule !== exact.schedule) return 'schedule';
  if ((fast.amt === undefined) !== (exact.amt === undefined)) return 'amt presence';
  if (fast.amt && exact.amt) {
    for (const f of AMT_FIELDS) {
      const x: Dec = fast.amt[f];
      if (!x.eq(exact.amt[f])) return `amt.${f}: ${x} vs ${exact.amt[f]}`;
    }
  }
  return '';
}

/** Inputs that once told the two apart (found by the 1,000,000-input run), and other far corners. */
const CORNERS: Record<string, unknown>[] = [
  // An effective rate past 2^53 millionths: its float is read from the decimal, not divided.
  {
    tax_year: 2024,
    filing_status: 'single',
    ordinary_income: 0.57,
    state_tax_rate: 0.05,
    earned_income: 870157527271.65,
    net_investment_income: 97789.96,
  },
  {
    tax_year: 2026,
    filing_status: 'mfj',
    ordinary_income: 0.29,
    state_tax_rate: 0.2,
    earned_income: 790602958761.15,
    magi: 36666933.88,
    age: 66,
    spouse_age: 64,
  },
  { tax_year: 2024, filing_status: 'single', ordinary_income: 0.29, earned_income: 499999999999.99 },
  {
    tax_year: 2025,
    filing_status: 'mfs',
    ordinary_income: 0.01,
    earned_income: 999999999999.99,
    net_investment_income: 999999999999.99,
    magi: 999999999999.99,
    state_tax_rate: 0.2,
  },
  { tax_year: 2025, filing_status: 'hoh', ordinary_income: 2e10, qualified_income: 0, state_tax_rate: 0.2 },
  {
    tax_year: 2025,
    filing_status: 'hoh',
    ordinary_income: 1e10,
    qualified_income: 1e10,
    state_tax_rate: 0.123456789,
  },
  { tax_year: 2026, filing_status: 'qss', ordinary_income: 2e10 + 0.01, itemized_deductions: 2e10 },
  { tax_year: 2026, filing_status: 'single', ordinary_income: 0, qualified_income: 0 },
];

describe(`tax fast path: identical to the decimal implementation (${RUNS} random inputs)`, () => {
  it('every table of every supported year qualifies: whole dollars, whole-percent and per-mille rates', () => {
    for (const year of SUPPORTED_TAX_YEARS) {
      for (const status of FILING_STATUSES) {
        const p = fastParams(federalTable(year), status);
        expect(p, `${year} ${status}`).toBeDefined();
        expect(p?.amt, `${year} ${status} AMT`).toBeDefined();
      }
    }
  });
  it('taxEstimate.compute at far corners', () => {
    for (const raw of CORNERS) {
      const parsed = taxEstimate.parse(raw);
      const quick = fastTaxEstimate(parsed);
      if (quick !== undefined) expect(quick).toStrictEqual(taxEstimateExact(parsed));
      expect(same(taxEstimate.compute(parsed), taxEstimateExact(parsed))).toBe(true);
    }
  });

  it(
    'taxEstimate.compute: every field of every result',
    () => {
      const g = seededGenerator(SEED);
      let fast = 0;
      const failures: string[] = [];
      for (let i = 0; i < RUNS && failures.length < 5; i++) {
        const parsed = taxEstimate.parse(estimateInput(g));
        const exact = taxEstimateExact(parsed);
        const quick = fastTaxEstimate(parsed);
        if (quick !== undefined) {
          fast++;
          if (!same(quick, exact)) failures.push(JSON.stringify({ parsed, quick, exact }));
        }
        if (!same(taxEstimate.compute(parsed), exact)) failures.push(`compute: ${JSON.stringify(parsed)}`);
      }
      expect(failures).toEqual([]);
      // The generator keeps most inputs on the fast path (the rest exercise the fallback).
      expect(fast).toBeGreaterThan(RUNS * 0.6);
      expect(fast).toBeLessThan(RUNS);
    },
    TIMEOUT,
  );

  it(
    'federalTax: every decimal figure, the AMT included (cent and non-cent preferences)',
    () => {
      const g = seededGenerator(SEED + 1);
      const runs = Math.ceil(RUNS / 4);
      let fast = 0;
      let fastAmt = 0;
      const failures: string[] = [];
      for (let i = 0; i < runs && failures.length < 5; i++) {
        const raw = taxEstimate.parse(estimateInput(g));
        const input: FederalTaxInput = {
          table: federalTable(raw.tax_year),
          filing_status: raw.filing_status,
          ordinary_income: raw.ordinary_income,
          qualified_income: raw.qualified_income,
          itemized_deductions: raw.itemized_deductions,
          earned_income: raw.earned_income,
          net_investment_income: raw.net_investment_income,
          magi: raw.magi,
          age: raw.age,
          spouse_age: raw.spouse_age,
          blind: raw.blind,
          spouse_blind: raw.spouse_blind,
          ...(g.chance(0.6)
            ? {
                amt_preferences: g.pick([0, g.int(50_000_000) / 100, g.int(2_000_000), g.next() * 300_000]),
                ...(g.chance(0.5) ? { amt_itemized_addback: g.int(4_000_000) / 100 } : {}),
              }
            : {}),
        };
        const exact = federalTaxExact(input);
        const quick = fastFederal(input);
        if (quick !== undefined) {
          fast++;
          if (quick.amt !== undefined && 'amtE' in quick.amt) fastAmt++;
          const diff = federalDiff(quick, exact);
          if (diff) failures.push(`${diff}: ${JSON.stringify({ ...input, table: raw.tax_year })}`);
        }
        const viaPublic = federalDiff(federalTax(input), exact);
        if (viaPublic) failures.push(`federalTax ${viaPublic}`);
      }
      expect(failures).toEqual([]);
      expect(fast).toBeGreaterThan(runs * 0.6);
      expect(fastAmt).toBeGreaterThan(runs * 0.2);
    },
    TIMEOUT,
  );

  it(
    'bracket-room, gain-harvesting and tlh-benefit: every field of every result',
    () => {
      const g = seededGenerator(SEED + 2);
      const runs = Math.ceil(RUNS / 4);
      const fast = { room: 0, harvest: 0, tlh: 0 };
      const failures: string[] = [];
      for (let i = 0; i < runs && failures.length < 5; i++) {
        const tax_year = g.pick(SUPPORTED_TAX_YEARS);
        const filing_status = g.pick(FILING_STATUSES);
        const e = edges(tax_year, filing_status);
        const base = { tax_year, filing_status, taxable_income: money(g, e, 0) };

        const room = bracketRoom.parse(base);
        const roomExact = bracketRoomExact(room);
        const roomFast = fastBracketRoom(room);
        if (roomFast !== undefined) fast.room++;
        if (roomFast !== undefined && !same(roomFast, roomExact))
          failures.push(`room ${JSON.stringify(room)}`);
        if (!same(bracketRoom.compute(room), roomExact))
          failures.push(`room compute ${JSON.stringify(room)}`);

        const harvest = gainHarvesting.parse({
          ...base,
          magi: money(g, e, 0),
          realize_amount: g.chance(0.1) ? 0 : money(g, e, 0),
        });
        const harvestExact = gainHarvestingExact(harvest);
        const harvestFast = fastGainHarvesting(harvest);
        if (harvestFast !== undefined) fast.harvest++;
        if (harvestFast !== undefined && !same(harvestFast, harvestExact)) {
          failures.push(`harvest ${JSON.stringify(harvest)}`);
        }
        if (!same(gainHarvesting.compute(harvest), harvestExact)) failures.push(`harvest compute`);

        const tlh = tlhBenefit.parse({
          ...base,
          harvestable_loss: g.chance(0.1) ? 0 : money(g, e, 0),
          ...(g.chance(0.7) ? { offsettable_gains: g.chance(0.2) ? 0 : money(g, e, 0) } : {}),
          growth_rate: g.pick([0, 0.06, -0.5, 0.5, g.int(1001) / 1000 - 0.5, g.next() - 0.5]),
          reinvestment_years: g.pick([0, 1, 10, 100, g.int(101)]),
        });
        const tlhExact = tlhBenefitExact(tlh);
        const tlhFast = fastTlhBenefit(tlh, WASH_SALE_CAVEAT);
        if (tlhFast !== undefined) fast.tlh++;
        if (tlhFast !== undefined && !same(tlhFast, tlhExact)) {
          failures.push(`tlh ${JSON.stringify({ tlh, tlhFast, tlhExact })}`);
        }
        if (!same(tlhBenefit.compute(tlh), tlhExact)) failures.push(`tlh compute`);
      }
      expect(failures).toEqual([]);
      expect(fast.room).toBeGreaterThan(runs * 0.6);
      expect(fast.harvest).toBeGreaterThan(runs * 0.4);
      expect(fast.tlh).toBeGreaterThan(runs * 0.4);
    },
    TIMEOUT,
  );
});

describe('scaled-integer helpers (src/tax/_lib/cents.ts)', () => {
  it('centsOf takes exactly the cent amounts', () => {
    expect(centsOf(1234.56)).toBe(123456);
    expect(Object.is(centsOf(-0), 0)).toBe(true);
    expect(centsOf(0.1 + 0.2)).toBeNaN();
    expect(centsOf(1.005)).toBeNaN();
    expect(centsOf(1e13)).toBeNaN();
    expect(centsOf(Number.NaN)).toBeNaN();
  });
  it('roundDiv and mulRoundDiv round half away from zero, as decimal.js ROUND_HALF_UP', () => {
    expect(roundDiv(2675, 10)).toBe(268);
    expect(roundDiv(-2675, 10)).toBe(-268);
    expect(roundDiv(2674, 10)).toBe(267);
    expect(Object.is(roundDiv(-4, 10), 0)).toBe(true);
    expect(roundDiv(7_400_000_000_000_005, 10)).toBe(740_000_000_000_001);
    expect(mulRoundDiv(2e12, 123_456_789, 1e9)).toBe(246_913_578_000); // BigInt path
    expect(mulRoundDiv(2e12 + 1, 5, 10)).toBe(1_000_000_000_001); // 1,000,000,000,000.5 -> up
  });
  it('ratioRound is the float64 nearest to the rounded decimal, past 2^53 included', () => {
    expect(ratioRound(1, 3, 6)).toBe(0.333333);
    expect(ratioRound(2, 3, 6)).toBe(0.666667);
    expect(ratioRound(783_141_594_547, 57, 6)).toBe(13739326220.122807);
  });
});
