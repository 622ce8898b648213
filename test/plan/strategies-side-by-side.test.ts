// The strategies of the lifetime plan (src/plan/_lib/strategies.ts) and bestLevel, against hand
// calculations from data/tax/federal/2026.json (Rev. Proc. 2025-32 §4: the single 22% bracket ends at
// 105,700; standard deduction 16,100, additional 65+ amount 2,050; OBBBA senior deduction 6,000 less 6%
// of MAGI over 75,000) and data/healthcare/medicare/2026.json (CMS 2026: individual tier 1 starts over
// 109,000 of MAGI).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, initialState, nextState, settleYear } from '../../src/plan/_lib/evaluate';
import { bestLevel, strategyPolicy } from '../../src/plan/_lib/strategies';
import type { StrategyName } from '../../src/plan/_lib/strategy-names';
import type { Timeline } from '../../src/plan/_lib/types';
import { bracketCeilings } from '../../src/tax/engine';
import { account, makeTimeline } from './fixtures';

/** A retiree with cash (basis = balance, so no gain) and a large IRA, converting up to 500,000 a year. */
const converter = (birthYear: number): Timeline =>
  makeTimeline({
    startYear: 2026,
    people: [{ birthYear, lastYear: 2029 }],
    accounts: [account('taxable', 1_000_000), account('tax_deferred', 2_000_000), account('roth', 0)],
    maxConversion: 500_000,
  });

const firstYear = (timeline: Timeline, name: StrategyName, level: number) => {
  const state = initialState(timeline);
  const decision = strategyPolicy(
    timeline,
    name,
    level,
  )(timeline.years[0] as Timeline['years'][number], state);
  return { decision, settled: settleYear(timeline, 0, state, decision) };
};

describe('strategies', () => {
  it('conventional: no conversion; the year is drawn from the taxable account first, then the IRA', () => {
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1960, lastYear: 2027 }],
      accounts: [account('taxable', 50_000), account('tax_deferred', 500_000), account('roth', 10_000)],
      maxConversion: 100_000,
    });
    const e = evaluate(timeline, strategyPolicy(timeline, 'conventional', 80_000));
    const y = e.years[0];
    expect(y?.conversions).toEqual([0]);
    expect(y?.withdrawals[0]).toBe(50_000);
    expect(y?.withdrawals[1]).toBeGreaterThan(30_000);
    expect(y?.withdrawals[2]).toBe(0);
  });

  it('fill_22: the conversion brings ordinary taxable income to 105,700 (single, 2026)', () => {
    // 66 in 2026, conversion C is the whole AGI (the cash withdrawn has no gain). The senior deduction
    // is 6,000 - 6% x (C - 75,000), so ordinary taxable income = C - 16,100 - 2,050 - 6,000 + 0.06 x
    // (C - 75,000) = 1.06 C - 28,650 = 105,700: C = 134,350 / 1.06 = 126,745.283 (senior deduction
    // 2,895.28, still positive).
    const { decision, settled } = firstYear(converter(1960), 'fill_22', 40_000);
    expect(Math.abs((decision.conversions[0] ?? 0) - 126_745.283)).toBeLessThan(0.02);
    expect(settled.taxes.ordinaryTaxableIncome).toBeLessThanOrEqual(105_700);
    expect(settled.taxes.ordinaryTaxableIncome).toBeGreaterThan(105_699.97);
  });

  it('irmaa_aware: MAGI kept at 109,000 (the top of tier 0 of premium year 2028), no IRMAA two years on', () => {
    // 68 in 2026, enrolled in 2028: fill_24 alone would convert far more (ordinary taxable income up to
    // 201,775); the IRMAA limit binds at C = MAGI = 109,000.
    const timeline = converter(1958);
    const aware = firstYear(timeline, 'irmaa_aware', 40_000);
    expect(Math.abs((aware.decision.conversions[0] ?? 0) - 109_000)).toBeLessThan(0.02);
    expect(aware.settled.taxes.agi).toBeLessThanOrEqual(109_000);
    expect(firstYear(timeline, 'fill_24', 40_000).decision.conversions[0]).toBeGreaterThan(150_000);
    const e = evaluate(timeline, strategyPolicy(timeline, 'irmaa_aware', 40_000));
    expect(e.years.map((y) => y.irmaa)).toEqual([0, 0, 0, 0]);
  });

  it('fill_22 over projected years: ordinary taxable income at the inflated top of the 22% bracket', () => {
    // A couple with benefits, inflation 3%: each year that does not run out of room converts up to the
    // 2026 joint ceiling (211,400) x 1.03^(year - 2026), to within a cent, and never over it.
    const timeline = makeTimeline({
      startYear: 2026,
      people: [
        { birthYear: 1958, lastYear: 2036 },
        { birthYear: 1960, lastYear: 2036 },
      ],
      accounts: [
        account('taxable', 900_000, 0, 600_000),
        account('tax_deferred', 3_000_000, 0),
        account('roth', 0, 1),
      ],
      inflation: 0.03,
      growth: 1.03,
      maxConversion: 300_000,
      person: (p, _y, age) => ({ socialSecurity: age >= 68 ? 30_000 + p * 10_000 : 0 }),
    });
    const policy = strategyPolicy(timeline, 'fill_22', 90_000);
    const ceiling = bracketCeilings(2026, 'mfj').find((b) => b.rate === 0.22)?.ceiling ?? 0;
    let state = initialState(timeline);
    let filled = 0;
    timeline.years.forEach((year, t) => {
      const decision = policy(year, state);
      const settled = settleYear(timeline, t, state, decision);
      const top = ceiling * 1.03 ** (year.year - 2026);
      const income = settled.taxes.ordinaryTaxableIncome;
      expect(income).toBeLessThanOrEqual(top + 1e-6);
      const converted = settled.record.conversions.reduce((a, b) => a + b, 0);
      if (converted > 0 && converted < 300_000 - 1e-6) {
        expect(top - income).toBeLessThan(0.02);
        filled++;
      }
      state = nextState(timeline, t, state, settled, year.growth);
    });
    expect(filled).toBeGreaterThan(5);
  });

  it('conversions stop where the tax-deferred balance ends, and never exceed maxConversion', () => {
    const timeline = makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1960, lastYear: 2030 }],
      accounts: [account('taxable', 400_000), account('tax_deferred', 90_000), account('roth', 0)],
      maxConversion: 40_000,
    });
    const e = evaluate(timeline, strategyPolicy(timeline, 'fill_24', 30_000));
    for (const y of e.years) expect(y.conversions[0]).toBeLessThanOrEqual(40_000);
    expect(e.years.reduce((s, y) => s + (y.conversions[0] ?? 0), 0)).toBeCloseTo(90_000, 6);
    expect(e.endBalances[1]).toBe(0);
  });
});

describe('bestLevel', () => {
  const household = (extraCash = 0, floor = 100_000): Timeline =>
    makeTimeline({
      startYear: 2026,
      people: [{ birthYear: 1958, lastYear: 2035 }],
      accounts: [account('taxable', 200_000 + extraCash, 0, 150_000), account('tax_deferred', 600_000)],
      growth: 1.02,
      inflation: 0.02,
      heirsRate: 0.2,
      bequestFloor: floor,
      state: 'IL',
      person: (_p, _y, age) => ({
        socialSecurity: 30_000,
        rmdDivisor: age >= 73 ? 26.5 - (age - 73) : undefined,
      }),
    });

  it('returns a feasible level whose next cent is infeasible', () => {
    const timeline = household();
    const policyAt = (level: number) => strategyPolicy(timeline, 'conventional', level);
    const { level, evaluation } = bestLevel(timeline, policyAt);
    expect(Number.isInteger(Math.round(level * 100))).toBe(true);
    expect(evaluation.totals.shortfall).toBe(0);
    expect(evaluation.bequest).toBeGreaterThanOrEqual(timeline.bequestFloor);
    const over = evaluate(timeline, policyAt(level + 0.01));
    expect(over.totals.shortfall > 0 || over.bequest < timeline.bequestFloor).toBe(true);
  });

  it('max_bequest: the timeline’s own level', () => {
    const timeline = { ...household(), objective: 'max_bequest' as const, spendingLevel: 50_000 };
    const { level, evaluation } = bestLevel(timeline, (l) => strategyPolicy(timeline, 'fill_12', l));
    expect(level).toBe(50_000);
    expect(evaluation.years[0]?.spending).toBe(50_000);
  });

  it('more initial wealth never lowers the level (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        (base, extra) => {
          const at = (cash: number) => {
            const timeline = household(cash, 50_000);
            return bestLevel(timeline, (l) => strategyPolicy(timeline, 'conventional', l)).level;
          };
          expect(at(base + extra)).toBeGreaterThanOrEqual(at(base));
        },
      ),
      { numRuns: 8 },
    );
  });
});
