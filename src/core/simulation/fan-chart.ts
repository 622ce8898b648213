/**
 * A fan chart of yearly percentile bands (e.g. monte-carlo's `yearly` balances, withdrawal-strategy's
 * `yearly` spending) as a self-contained SVG string: the 5-95 band, the 25-75 band and the median line
 * over age, with dollar ticks. Pure and deterministic: the same rows give the same bytes.
 *
 * @module
 */
import { escapeXml, niceStep, tickDollars } from './chart-axes';

/** One age of the chart: the band of percentiles at that age (dollars). */
export interface FanChartRow {
  readonly age: number;
  readonly percentiles: {
    readonly p5: number;
    readonly p25: number;
    readonly p50: number;
    readonly p75: number;
    readonly p95: number;
  };
}

/** Size and labels of the chart. */
export interface FanChartOptions {
  /** Width in pixels (default 640). */
  readonly width?: number;
  /** Height in pixels (default 360). */
  readonly height?: number;
  /** Title written above the plot (default none). */
  readonly title?: string;
}

const MARGIN = { left: 64, right: 16, top: 28, bottom: 32 } as const;

/** A coordinate to one decimal place, without a trailing .0. */
const fixed = (x: number) => String(Math.round(x * 10) / 10);

/**
 * An SVG fan chart of yearly percentile bands. The y axis runs from 0 to the first tick at or above
 * the largest p95 (5 ticks or so, 1-2-5 steps); the x axis from the first age to the last.
 *
 * @param rows - the bands by age, in age order (at least one)
 * @param options - size and title
 * @returns the SVG document
 * @example
 * ```ts
 * import { fanChartSvg } from 'finplan';
 * import { monteCarlo } from 'finplan/retirement';
 * const { result } = monteCarlo({
 *   current_age: 60, retirement_age: 65, end_age: 90, current_balance: 500_000, annual_contribution: 20_000,
 *   annual_spending: 40_000, expected_return: 0.06, return_volatility: 0.12, inflation: 0.025,
 *   num_simulations: 1_000, seed: 1,
 * });
 * const svg = fanChartSvg(result.yearly.map((row) => ({ age: row.age, percentiles: row.balance_real })));
 * svg.startsWith('<svg'); // true
 * ```
 */
export function fanChartSvg(rows: readonly FanChartRow[], options: FanChartOptions = {}): string {
  if (rows.length === 0) throw new RangeError('fanChartSvg: no rows');
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const first = rows[0]!.age;
  const last = rows[rows.length - 1]!.age;
  let top = 0;
  for (const row of rows) top = Math.max(top, row.percentiles.p95);
  const step = niceStep(top > 0 ? top : 1, 5);
  const yMax = Math.max(step, Math.ceil((top > 0 ? top : 1) / step) * step);
  const x = (age: number) =>
    MARGIN.left + (last === first ? 0 : ((age - first) / (last - first)) * plotWidth);
  const y = (value: number) => MARGIN.top + plotHeight - (Math.max(0, value) / yMax) * plotHeight;
  const line = (key: keyof FanChartRow['percentiles'], list: readonly FanChartRow[]) =>
    list.map((row) => `${fixed(x(row.age))},${fixed(y(row.percentiles[key]))}`).join(' ');
  const band = (lo: keyof FanChartRow['percentiles'], hi: keyof FanChartRow['percentiles']) =>
    `${line(hi, rows)} ${line(lo, [...rows].reverse())}`;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
  ];
  if (options.title) {
    parts.push(`<text x="${MARGIN.left}" y="18" font-size="13">${escapeXml(options.title)}</text>`);
  }
  const ticks = Math.round(yMax / step);
  for (let i = 0; i <= ticks; i++) {
    const tick = i * step;
    const ty = fixed(y(tick));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${ty}" y2="${ty}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${tickDollars(tick)}</text>`,
    );
  }
  const ageStep = Math.max(1, niceStep(Math.max(1, last - first), 6));
  for (let age = Math.ceil(first / ageStep) * ageStep; age <= last; age += ageStep) {
    parts.push(
      `<text x="${fixed(x(age))}" y="${height - MARGIN.bottom + 16}" text-anchor="middle">${age}</text>`,
    );
  }
  parts.push(
    `<polygon points="${band('p5', 'p95')}" fill="#3b6ea5" fill-opacity="0.2"><title>5th to 95th percentile</title></polygon>`,
    `<polygon points="${band('p25', 'p75')}" fill="#3b6ea5" fill-opacity="0.35"><title>25th to 75th percentile</title></polygon>`,
    `<polyline points="${line('p50', rows)}" fill="none" stroke="#1f3f66" stroke-width="2"><title>median</title></polyline>`,
    '</svg>',
  );
  return parts.join('\n');
}
