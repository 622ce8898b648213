/**
 * The lifetime plan's charts as self-contained SVG strings, in the style of the simulation fan chart
 * (`core/simulation/fan-chart`: margins, font, grid, dollar ticks, 1-2-5 steps): the account balances
 * by kind as stacked areas, the taxes of each year as stacked bars, and the stress test's total balance
 * bands through `fanChartSvg` itself. Pure and deterministic (no clock, no random ids: the same input
 * gives the same bytes), and accessible: each chart is `role="img"` with a `<title>` and a `<desc>`.
 *
 * Stacking: each layer's edges are computed on the cumulative amounts and rounded to 0.1 px once, so
 * the layers of a year meet exactly and their heights add up to the drawn total. Negative amounts
 * (none expected) are drawn as 0; the tooltips give the amounts as they are.
 *
 * @internal
 * @module
 */

import { dollars as exactDollars } from '../../core/money';
import { escapeXml, niceStep, tickDollars } from '../../core/simulation/chart-axes';
import { fanChartSvg } from '../../core/simulation/fan-chart';
import { ACCOUNT_KINDS, type PlanSeries } from './series';
import type { StressYear } from './stress';

/** Size, labels and the id prefix of a chart. */
export interface PlanChartOptions {
  /** Width in pixels (default 640). */
  readonly width?: number;
  /** Height in pixels (default 360). */
  readonly height?: number;
  /** Title written above the plot and given as the chart's accessible name (a default per chart). */
  readonly title?: string;
  /** Prefix of the element ids (`<id>-title`, `<id>-desc`), for pages that show several charts. */
  readonly id?: string;
}

// The fan chart's frame, with room for a legend row under the title.
const MARGIN = { left: 64, right: 16, top: 44, bottom: 32 } as const;

/** A pixel coordinate in tenths (an integer), printed as px by {@link px}. */
const tenths = (x: number) => Math.round(x * 10);
const px = (t: number) => String(t / 10);

/** One stacked layer: its label, colour and amount by year. */
interface Layer {
  readonly label: string;
  readonly color: string;
  readonly values: readonly number[];
}

/** The frame shared by both charts: the y scale, grid, ticks, legend and accessible head. */
interface Frame {
  readonly parts: string[];
  /** y of an amount, in tenths of px. */
  readonly y: (value: number) => number;
  readonly width: number;
  readonly plotWidth: number;
}

function frame(
  kind: string,
  top: number,
  layers: readonly Layer[],
  years: readonly number[],
  description: string,
  options: PlanChartOptions,
  yearX: (year: number) => number,
): Frame {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const id = options.id ?? `plan-${kind}`;
  const title = options.title ?? (kind === 'balances' ? 'Account balances by kind' : 'Taxes by year');
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const step = niceStep(top > 0 ? top : 1, 5);
  const yMax = Math.max(step, Math.ceil((top > 0 ? top : 1) / step) * step);
  const y = (value: number) => tenths(MARGIN.top + plotHeight - (Math.max(0, value) / yMax) * plotHeight);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11" role="img" aria-labelledby="${escapeXml(id)}-title ${escapeXml(id)}-desc">`,
    `<title id="${escapeXml(id)}-title">${escapeXml(title)}</title>`,
    `<desc id="${escapeXml(id)}-desc">${escapeXml(description)}</desc>`,
    `<text x="${MARGIN.left}" y="18" font-size="13" aria-hidden="true">${escapeXml(title)}</text>`,
  ];
  layers.forEach((layer, i) => {
    const x = MARGIN.left + i * 120;
    parts.push(
      `<rect x="${x}" y="28" width="10" height="10" fill="${layer.color}"/>`,
      `<text x="${x + 14}" y="33" dominant-baseline="middle">${escapeXml(layer.label)}</text>`,
    );
  });
  const ticks = Math.round(yMax / step);
  for (let i = 0; i <= ticks; i++) {
    const ty = px(y(i * step));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${ty}" y2="${ty}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${tickDollars(i * step)}</text>`,
    );
  }
  const first = years[0] as number;
  const last = years[years.length - 1] as number;
  const yearStep = Math.max(1, niceStep(Math.max(1, last - first), 6));
  for (let year = Math.ceil(first / yearStep) * yearStep; year <= last; year += yearStep) {
    parts.push(
      `<text x="${px(tenths(yearX(year)))}" y="${height - MARGIN.bottom + 16}" text-anchor="middle">${year}</text>`,
    );
  }
  return { parts, y, width, plotWidth };
}

/** The cumulative edges of the layers, in tenths of px: `edges[k][t]` is the top of layer k - 1. */
function stackEdges(layers: readonly Layer[], count: number, y: (value: number) => number): number[][] {
  const edges: number[][] = [new Array<number>(count).fill(y(0))];
  const running = new Array<number>(count).fill(0);
  for (const layer of layers) {
    edges.push(
      running.map((sum, t) => {
        running[t] = sum + Math.max(0, layer.values[t] as number);
        return y(running[t] as number);
      }),
    );
  }
  return edges;
}

/** The largest stacked total of any year (negative amounts as 0). */
function largestTotal(layers: readonly Layer[], count: number): { top: number; at: number } {
  let top = 0;
  let at = 0;
  for (let t = 0; t < count; t++) {
    let total = 0;
    for (const layer of layers) total += Math.max(0, layer.values[t] as number);
    if (total > top) {
      top = total;
      at = t;
    }
  }
  return { top, at };
}

function checkYears(series: PlanSeries, chart: string): void {
  if (series.year.length === 0) throw new RangeError(`${chart}: no years`);
}

/**
 * Stacked areas of the start-of-year balances by account kind (taxable at the bottom, then
 * tax-deferred, Roth, HSA), one point per plan year.
 *
 * @param series - the plan's series ({@link planSeries})
 * @param options - size, title and id prefix
 * @returns the SVG document
 * @throws RangeError when the series has no years
 * @example
 * ```ts
 * import type { PlanSeries } from './series';
 * const none = [0, 0];
 * const byKind = { taxable: none, tax_deferred: none, roth: none, hsa: none };
 * const series: PlanSeries = {
 *   year: [2026, 2027], ages: [[66, 67]], alive: [[true, true]],
 *   balances: { ...byKind, taxable: [100_000, 60_000], roth: [50_000, 52_000] }, withdrawals: byKind,
 *   conversions: none, income: { wages: none, pensions: none, social_security: none },
 *   rmd: none, taxable_social_security: none, capital_gains: none, agi_nominal: none,
 *   federal_tax: [4_000, 0], state_tax: [1_000, 0], irmaa: none, aca_net_premium: none, spending: none, shortfall: none,
 *   deposit: none,
 * };
 * const svg = balancesChartSvg(series, { title: 'Balances (2026 dollars)' });
 * svg.match(/<polygon/g)?.length; // 4
 * ```
 */
export function balancesChartSvg(series: PlanSeries, options: PlanChartOptions = {}): string {
  checkYears(series, 'balancesChartSvg');
  const layers: Layer[] = ACCOUNT_KINDS.map((kind) => ({
    label: BALANCE_LABELS[kind],
    color: BALANCE_COLORS[kind],
    values: series.balances[kind],
  }));
  const years = series.year;
  const count = years.length;
  const { top, at } = largestTotal(layers, count);
  const first = years[0] as number;
  const last = years[count - 1] as number;
  const x = (year: number) =>
    MARGIN.left +
    (last === first
      ? 0
      : ((year - first) / (last - first)) * ((options.width ?? 640) - MARGIN.left - MARGIN.right));
  const description =
    `Stacked areas of the account balances at the start of each year by kind (${layers.map((l) => l.label).join(', ')}), ` +
    `${first} to ${last}, in start-year dollars; the largest total is $${exactDollars(top)} in ${years[at]}.`;
  const { parts, y } = frame('balances', top, layers, years, description, options, x);
  const edges = stackEdges(layers, count, y);
  const xs = years.map((year) => px(tenths(x(year))));
  layers.forEach((layer, k) => {
    const upper = edges[k + 1] as number[];
    const lower = edges[k] as number[];
    const points = [
      ...upper.map((edge, t) => `${xs[t]},${px(edge)}`),
      ...lower.map((edge, t) => `${xs[t]},${px(edge)}`).reverse(),
    ].join(' ');
    parts.push(
      `<polygon points="${points}" fill="${layer.color}" fill-opacity="0.85"><title>${escapeXml(layer.label)}</title></polygon>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * Stacked bars of each year's taxes: federal, state, IRMAA and the net Marketplace premium, one bar
 * per plan year (a year without any is an empty bar group, still there for its tooltip).
 *
 * @param series - the plan's series ({@link planSeries})
 * @param options - size, title and id prefix
 * @returns the SVG document
 * @throws RangeError when the series has no years
 * @example
 * ```ts
 * import type { PlanSeries } from './series';
 * const none = [0, 0];
 * const byKind = { taxable: none, tax_deferred: none, roth: none, hsa: none };
 * const series: PlanSeries = {
 *   year: [2026, 2027], ages: [[66, 67]], alive: [[true, true]], balances: byKind, withdrawals: byKind,
 *   conversions: none, income: { wages: none, pensions: none, social_security: none },
 *   rmd: none, taxable_social_security: none, capital_gains: none, agi_nominal: none,
 *   federal_tax: [4_000, 0], state_tax: [1_000, 0], irmaa: none, aca_net_premium: none, spending: none, shortfall: none,
 *   deposit: none,
 * };
 * const svg = taxesChartSvg(series);
 * svg.match(/<g>/g)?.length; // 2
 * ```
 */
export function taxesChartSvg(series: PlanSeries, options: PlanChartOptions = {}): string {
  checkYears(series, 'taxesChartSvg');
  const layers: Layer[] = [
    { label: 'Federal tax', color: '#3b6ea5', values: series.federal_tax },
    { label: 'State tax', color: '#8fb3da', values: series.state_tax },
    { label: 'IRMAA', color: '#d17f5b', values: series.irmaa },
    { label: 'ACA net premium', color: '#c9b458', values: series.aca_net_premium },
  ];
  const years = series.year;
  const count = years.length;
  const { top, at } = largestTotal(layers, count);
  const plotWidth = (options.width ?? 640) - MARGIN.left - MARGIN.right;
  const band = plotWidth / count;
  const first = years[0] as number;
  const center = (year: number) => MARGIN.left + (year - first + 0.5) * band;
  const description =
    `Stacked bars of the taxes of each year (${layers.map((l) => l.label).join(', ')}), ` +
    `${first} to ${years[count - 1]}, in start-year dollars; the largest total is $${exactDollars(top)} in ${years[at]}.`;
  const { parts, y } = frame('taxes', top, layers, years, description, options, center);
  const edges = stackEdges(layers, count, y);
  years.forEach((year, t) => {
    const left = tenths(MARGIN.left + (t + 0.1) * band);
    const right = tenths(MARGIN.left + (t + 0.9) * band);
    const amounts = layers.map((layer) => `${layer.label} $${exactDollars(layer.values[t] as number)}`);
    parts.push(`<g><title>${year}: ${escapeXml(amounts.join(', '))}</title>`);
    layers.forEach((layer, k) => {
      const lower = (edges[k] as number[])[t] as number;
      const upper = (edges[k + 1] as number[])[t] as number;
      if (lower === upper) return;
      parts.push(
        `<rect x="${px(left)}" y="${px(upper)}" width="${px(right - left)}" height="${px(lower - upper)}" fill="${layer.color}"/>`,
      );
    });
    parts.push('</g>');
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * The stress test's fan chart: the 5-95 and 25-75 bands and the median of the total balance at the
 * start of each plan year (among the paths alive then), drawn by `fanChartSvg` with the calendar year on
 * the x axis, with a `<title>` and a `<desc>` added as its first children.
 *
 * @param yearly - the stress report's `yearly` rows (at least one)
 * @param options - size and title (the id prefix names the title and desc elements)
 * @returns the SVG document
 * @throws RangeError when there are no rows
 * @example
 * ```ts
 * const band = (p50: number) => ({ p5: p50 / 2, p25: p50 * 0.8, p50, p75: p50 * 1.2, p95: p50 * 2 });
 * const svg = stressFanChartSvg([
 *   { year: 2026, paths: 1000, total_balance: band(1_000_000) },
 *   { year: 2027, paths: 990, total_balance: band(1_050_000) },
 * ]);
 * svg.includes('<title id="plan-stress-title">'); // true
 * ```
 */
export function stressFanChartSvg(yearly: readonly StressYear[], options: PlanChartOptions = {}): string {
  if (yearly.length === 0) throw new RangeError('stressFanChartSvg: no rows');
  const title = options.title ?? 'Total balance across simulated paths';
  const id = options.id ?? 'plan-stress';
  const svg = fanChartSvg(
    yearly.map((row) => ({ age: row.year, percentiles: row.total_balance })),
    {
      title,
      ...(options.width === undefined ? {} : { width: options.width }),
      ...(options.height === undefined ? {} : { height: options.height }),
    },
  );
  const first = yearly[0]!;
  const last = yearly[yearly.length - 1]!;
  const description =
    `Percentiles of the total balance at the start of each year, ${first.year} to ${last.year}, in ` +
    `start-year dollars, across the simulated paths alive that year: the 5th to 95th and 25th to 75th ` +
    `percentile bands and the median (from $${exactDollars(first.total_balance.p50)} to ` +
    `$${exactDollars(last.total_balance.p50)}).`;
  const open = svg.indexOf('\n');
  return (
    `${svg.slice(0, open)}\n<title id="${escapeXml(id)}-title">${escapeXml(title)}</title>\n` +
    `<desc id="${escapeXml(id)}-desc">${escapeXml(description)}</desc>${svg.slice(open)}`
  );
}

const BALANCE_LABELS: Readonly<Record<(typeof ACCOUNT_KINDS)[number], string>> = {
  taxable: 'Taxable',
  tax_deferred: 'Tax-deferred',
  roth: 'Roth',
  hsa: 'HSA',
};

const BALANCE_COLORS: Readonly<Record<(typeof ACCOUNT_KINDS)[number], string>> = {
  taxable: '#3b6ea5',
  tax_deferred: '#e3a13b',
  roth: '#5aa469',
  hsa: '#9b6bb3',
};
