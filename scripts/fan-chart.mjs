// `npm run docs:charts`: draws the fan chart of docs/retirement.md (docs/img/monte-carlo-fan.svg) from the
// library's own output: the yearly real-balance bands of one fixed /v1/retirement/monte-carlo request
// (fixed seed, so the same bytes on every run and runtime), drawn by `fanChartSvg`.
// Run on the built package (dist/, which `npm run docs:charts` builds first); test/docs/fan-chart.test.ts
// draws the same chart from the sources in memory and fails when the checked-in file differs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The request the chart shows. Changing it changes the picture: say so in docs/retirement.md. */
export const REQUEST = {
  current_age: 60,
  retirement_age: 65,
  end_age: 95,
  current_balance: 800_000,
  annual_contribution: 20_000,
  annual_spending: 40_000,
  expected_return: 0.06,
  return_volatility: 0.12,
  inflation: 0.025,
  num_simulations: 10_000,
  seed: 2026,
};

export const TITLE = "Balance in today's dollars by age: 5-95 and 25-75 percentile bands, median";

/** Where the chart is written, from the repository root. */
export const OUTPUT = 'docs/img/monte-carlo-fan.svg';

/**
 * The chart's SVG document (with a final newline), drawn with the given finplan module: the built
 * package here, the sources in the test.
 */
export function fanChart({ monteCarlo, fanChartSvg }) {
  const { result } = monteCarlo(REQUEST);
  const rows = result.yearly.map((row) => ({ age: row.age, percentiles: row.balance_real }));
  return `${fanChartSvg(rows, { title: TITLE })}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const finplan = await import('../dist/index.js');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const path = `${root}${OUTPUT}`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, fanChart(finplan));
  console.log(`wrote ${relative(process.cwd(), path)}`);
}
