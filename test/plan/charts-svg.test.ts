import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesChartSvg, stressFanChartSvg, taxesChartSvg } from '../../src/plan/_lib/charts';
import type { PlanSeries } from '../../src/plan/_lib/series';
import { planSeries } from '../../src/plan/_lib/series';
import { stressTest } from '../../src/plan/_lib/stress';
import { evaluate, fixedPolicy, householdBuilder, levelDecisions } from './stress-fixture';

/** A series by hand: taxes and balances per year, everything else 0. */
function seriesOf(rows: readonly { year: number; taxes: number[]; balances: number[] }[]): PlanSeries {
  const col = (pick: (row: (typeof rows)[number]) => number) => rows.map(pick);
  const zero = () => rows.map(() => 0);
  return {
    year: col((r) => r.year),
    ages: [col((r) => r.year - 1960)],
    alive: [rows.map(() => true)],
    balances: {
      taxable: col((r) => r.balances[0]!),
      tax_deferred: col((r) => r.balances[1]!),
      roth: col((r) => r.balances[2]!),
      hsa: col((r) => r.balances[3]!),
    },
    withdrawals: { taxable: zero(), tax_deferred: zero(), roth: zero(), hsa: zero() },
    conversions: zero(),
    income: { wages: zero(), pensions: zero(), social_security: zero() },
    rmd: zero(),
    taxable_social_security: zero(),
    capital_gains: zero(),
    agi_nominal: zero(),
    federal_tax: col((r) => r.taxes[0]!),
    state_tax: col((r) => r.taxes[1]!),
    irmaa: col((r) => r.taxes[2]!),
    aca_net_premium: col((r) => r.taxes[3]!),
    spending: zero(),
    deposit: zero(),
    shortfall: zero(),
  };
}

/** The bar groups of a taxes chart: each group's title and its rects' y and height. */
function bars(svg: string): { title: string; rects: { y: number; height: number }[] }[] {
  return [...svg.matchAll(/<g><title>([^<]*)<\/title>([\s\S]*?)<\/g>/g)].map((group) => ({
    title: group[1]!,
    rects: [...group[2]!.matchAll(/<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"/g)].map(
      (r) => ({
        y: Number(r[1]),
        height: Number(r[2]),
      }),
    ),
  }));
}

/** The polygons of a balances chart: each layer's upper edge then its lower edge (points in order). */
function layers(svg: string): { upper: number[][]; lower: number[][] }[] {
  return [...svg.matchAll(/<polygon points="([^"]+)"/g)].map((m) => {
    const points = m[1]!.split(' ').map((p) => p.split(',').map(Number));
    const half = points.length / 2;
    return { upper: points.slice(0, half), lower: points.slice(half).reverse() };
  });
}

// 400 x 200 px: the plot is 320 x 124 px (margins 64 left, 16 right, 44 top, 32 bottom). The largest
// yearly total is 500: ticks of 100, the y axis runs 0-500 and y(v) = 44 + 124 - v / 500 x 124.
const HAND = seriesOf([
  // Taxes 300 + 100 + 50 + 50 = 500: edges y(0) = 168, y(300) = 93.6, y(400) = 68.8, y(450) = 56.4,
  // y(500) = 44; heights 74.4, 24.8, 12.4, 12.4 (sum 124 = 168 - 44).
  { year: 2026, taxes: [300, 100, 50, 50], balances: [200, 100, 100, 100] },
  // A year without taxes: an empty bar group.
  { year: 2027, taxes: [0, 0, 0, 0], balances: [100, 0, 50, 0] },
  // 200 federal only: one rect from y(200) = 118.4, height 49.6.
  { year: 2028, taxes: [200, 0, 0, 0], balances: [0, 0, 0, 0] },
]);

describe('taxesChartSvg: one stacked bar per year', () => {
  const svg = taxesChartSvg(HAND, { width: 400, height: 200, title: 'Taxes <real> & "more"', id: 'a"b' });

  it('bars by hand: one group per year, heights stacked to the total', () => {
    const groups = bars(svg);
    expect(groups).toHaveLength(3);
    expect(groups[0]!.rects).toEqual([
      { y: 93.6, height: 74.4 },
      { y: 68.8, height: 24.8 },
      { y: 56.4, height: 12.4 },
      { y: 44, height: 12.4 },
    ]);
    expect(groups[1]!.rects).toEqual([]);
    expect(groups[2]!.rects).toEqual([{ y: 118.4, height: 49.6 }]);
    // Band 320 / 3 px a year; a bar is its middle 80%: x = 64 + 0.1 x 106.67 = 74.7, width 85.3.
    expect(svg).toContain('<rect x="74.7" y="93.6" width="85.3" height="74.4" fill="#3b6ea5"/>');
    expect(groups[0]!.title).toBe('2026: Federal tax $300, State tax $100, IRMAA $50, ACA net premium $50');
  });

  it('accessible head and escapes', () => {
    expect(svg).toContain('role="img" aria-labelledby="a&quot;b-title a&quot;b-desc"');
    expect(svg).toContain('<title id="a&quot;b-title">Taxes &lt;real&gt; &amp; &quot;more&quot;</title>');
    expect(svg).toMatch(/<desc id="a&quot;b-desc">Stacked bars[^<]*largest total is \$500 in 2026\.<\/desc>/);
    for (const label of ['$0', '$100', '$500']) expect(svg).toContain(`>${label}</text>`);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('the same bytes twice; all-zero and one-year series draw without NaN; no years refused', () => {
    expect(taxesChartSvg(HAND, { width: 400, height: 200, title: 'Taxes <real> & "more"', id: 'a"b' })).toBe(
      svg,
    );
    const zero = seriesOf([{ year: 2030, taxes: [0, 0, 0, 0], balances: [0, 0, 0, 0] }]);
    for (const chart of [taxesChartSvg(zero), balancesChartSvg(zero)]) {
      expect(chart).not.toMatch(/NaN|Infinity|undefined/);
    }
    expect(bars(taxesChartSvg(zero))).toEqual([{ title: expect.stringContaining('2030:'), rects: [] }]);
    expect(() => taxesChartSvg(seriesOf([]))).toThrow(RangeError);
    expect(() => balancesChartSvg(seriesOf([]))).toThrow(RangeError);
  });

  it('property: bars = years, each bar stacked to its total to 1e-9 px', () => {
    const money = fc.integer({ min: 0, max: 2_000_000_00 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(money, money, money, money), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 200, max: 1200 }),
        fc.integer({ min: 150, max: 800 }),
        (taxes, width, height) => {
          const series = seriesOf(
            taxes.map((t, i) => ({ year: 2026 + i, taxes: t, balances: [0, 0, 0, 0] })),
          );
          const chart = taxesChartSvg(series, { width, height });
          const groups = bars(chart);
          expect(groups).toHaveLength(taxes.length);
          // The y scale by hand: 0 to the first tick at or above the largest total, ticks of 1, 2 or 5
          // times a power of ten, about 5 of them (the fan chart's rule).
          const bottom = height - 32;
          const plot = height - 44 - 32;
          const totals = taxes.map((t) => t.reduce((a, b) => a + b, 0));
          const top = Math.max(...totals, 0) || 1;
          const raw = top / 5;
          const power = 10 ** Math.floor(Math.log10(raw));
          const unit = raw / power;
          const step = (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
          const yMax = Math.ceil(top / step) * step;
          groups.forEach((group, t) => {
            const heights = group.rects.reduce((a, r) => a + r.height, 0);
            const highest = group.rects.length === 0 ? bottom : Math.min(...group.rects.map((r) => r.y));
            // The segments fill the bar from the axis to its top, without gaps or overlaps...
            expect(Math.abs(heights - (bottom - highest))).toBeLessThan(1e-9);
            // ...and the top is the year's total on the axis, rounded to 0.1 px like every coordinate.
            const expected = Math.round((bottom - (totals[t]! / yMax) * plot) * 10) / 10;
            expect(Math.abs(highest - expected)).toBeLessThan(1e-9);
          });
          expect(chart).not.toMatch(/NaN|Infinity/);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('balancesChartSvg: stacked areas by kind', () => {
  const svg = balancesChartSvg(HAND, { width: 400, height: 200 });

  it('four layers meeting exactly, the top edge at the total', () => {
    const parts = layers(svg);
    expect(parts).toHaveLength(4);
    // Layer k's lower edge is layer k - 1's upper edge; the first starts on the axis (y = 168).
    parts.forEach((layer, k) => {
      expect(layer.lower).toEqual(k === 0 ? layer.upper.map(([x]) => [x, 168]) : parts[k - 1]!.upper);
    });
    // Totals 500, 150, 0 at x = 64, 224, 384: y(500) = 44, y(150) = 130.8, y(0) = 168.
    expect(parts[3]!.upper).toEqual([
      [64, 44],
      [224, 130.8],
      [384, 168],
    ]);
    // Taxable 200 -> y = 118.4; + tax-deferred 100 -> 93.6 in 2026.
    expect(parts[0]!.upper[0]).toEqual([64, 118.4]);
    expect(parts[1]!.upper[0]).toEqual([64, 93.6]);
    expect(svg).toContain('<title id="plan-balances-title">Account balances by kind</title>');
    expect(svg).toContain('largest total is $500 in 2026.');
    expect(balancesChartSvg(HAND, { width: 400, height: 200 })).toBe(svg);
  });
});

describe('stressFanChartSvg: the stress bands through fanChartSvg', () => {
  const household = {
    startYear: 2026,
    people: [{ birthYear: 1961, sex: 'female' as const, lastYear: 2050, socialSecurity: 25_000 }],
    accounts: [
      { owner: 0, kind: 'taxable' as const, balance: 300_000, basis: 200_000 },
      { owner: 0, kind: 'tax_deferred' as const, balance: 600_000, basis: 0 },
    ],
    growth: 1.05 / 1.025,
    inflation: 0.025,
  };
  const build = householdBuilder(household);
  const options = {
    paths: 100,
    seed: 3,
    expectedReturn: 0.05,
    volatility: 0.12,
    inflation: 0.025,
    mortality: true,
  };
  const draw = () =>
    stressFanChartSvg(
      stressTest(build, levelDecisions(build(), 55_000, [0, 20_000]), options, { evaluate, fixedPolicy })
        .yearly,
    );

  it('bands and median, a title and a desc, years on the x axis, the same bytes twice', () => {
    const svg = draw();
    expect(svg).toBe(draw());
    expect(svg.match(/<polygon/g)).toHaveLength(2);
    expect(svg.match(/<polyline/g)).toHaveLength(1);
    expect(svg.split('\n')[1]).toBe(
      '<title id="plan-stress-title">Total balance across simulated paths</title>',
    );
    expect(svg.split('\n')[2]).toMatch(
      /^<desc id="plan-stress-desc">Percentiles of the total balance[^<]*<\/desc>$/,
    );
    expect(svg).toContain('>2030</text>');
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(() => stressFanChartSvg([])).toThrow(RangeError);
  });

  it('series of an evaluation draw too', () => {
    const timeline = build();
    const series = planSeries(
      timeline,
      evaluate(timeline, fixedPolicy(levelDecisions(timeline, 55_000, [0, 20_000]))),
    );
    expect(bars(taxesChartSvg(series))).toHaveLength(timeline.years.length);
    expect(layers(balancesChartSvg(series))).toHaveLength(4);
  });
});
