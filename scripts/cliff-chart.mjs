// `npm run docs:charts`: draws the cliff-map chart of docs/tax.md (docs/img/cliff-map.svg) from the
// library's own output: the `series` of one fixed /v1/tax/cliff-map request (total tax + premium cost as
// ordinary income rises, federal tax alone, and the thresholds crossed, cliffs in red), drawn here as a
// self-contained SVG. Deterministic: the same request gives the same bytes on every run and runtime.
// Run on the built package (dist/, which `npm run docs:charts` builds first); test/docs/cliff-chart.test.ts
// draws the same chart from the sources in memory and fails when the checked-in file differs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The request the chart shows. Changing it changes the picture: say so in docs/tax.md. */
export const REQUEST = {
  tax_year: 2026,
  filing_status: 'mfj',
  age: 66,
  spouse_age: 62,
  ordinary_income: 30_000,
  earned_income: 0,
  social_security_benefits: 36_000,
  aca_coverage: true,
  household_size: 2,
  benchmark_annual_premium: 12_000,
  medicare_enrollees: 1,
  series_range: 200_000,
  series_step: 1_000,
};

export const TITLE = 'Federal tax + net ACA premium + IRMAA as IRA withdrawals rise (2026, joint)';

/** Where the chart is written, from the repository root. */
export const OUTPUT = 'docs/img/cliff-map.svg';

const WIDTH = 720;
const HEIGHT = 400;
const MARGIN = { left: 64, right: 16, top: 28, bottom: 56 };

/** The step of about `target` ticks over [0, span]: 1, 2 or 5 times a power of ten. */
function niceStep(span, target) {
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** $0, $500, $25k, $1.5M. */
function dollars(value) {
  const short = (x) => String(Math.round(x * 10) / 10);
  if (value >= 1e6) return `$${short(value / 1e6)}M`;
  if (value >= 1e3) return `$${short(value / 1e3)}k`;
  return `$${short(value)}`;
}

const fixed = (x) => String(Math.round(x * 10) / 10);
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SVG of a cliff-map result's series: total cost and federal tax by income, thresholds marked. */
export function cliffChartSvg(result, title) {
  const { points, markers } = result.series;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const first = points[0].income;
  const last = points[points.length - 1].income;
  const top = Math.max(...points.map((p) => p.total_cost), 1);
  const yStep = niceStep(top, 5);
  const yMax = Math.ceil(top / yStep) * yStep;
  const x = (income) => MARGIN.left + ((income - first) / (last - first)) * plotWidth;
  const y = (value) => MARGIN.top + plotHeight - (Math.max(0, value) / yMax) * plotHeight;
  const line = (key) => points.map((p) => `${fixed(x(p.income))},${fixed(y(p[key]))}`).join(' ');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<text x="${MARGIN.left}" y="18" font-size="13">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= yMax; tick += yStep) {
    const ty = fixed(y(tick));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${ty}" y2="${ty}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${dollars(tick)}</text>`,
    );
  }
  const xStep = niceStep(last - first, 8);
  for (let tick = Math.ceil(first / xStep) * xStep; tick <= last; tick += xStep) {
    parts.push(
      `<text x="${fixed(x(tick))}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${dollars(tick)}</text>`,
    );
  }
  parts.push(
    `<text x="${fixed(MARGIN.left + plotWidth / 2)}" y="${HEIGHT - MARGIN.bottom + 32}" text-anchor="middle">ordinary income (Social Security aside)</text>`,
  );
  for (const marker of markers) {
    const mx = fixed(x(first + marker.added_income));
    const cliff = marker.kind === 'cliff';
    parts.push(
      `<line x1="${mx}" x2="${mx}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" stroke="${cliff ? '#c0392b' : '#999'}" stroke-dasharray="${cliff ? '0' : '3 3'}"><title>${escapeXml(marker.name)}</title></line>`,
    );
  }
  parts.push(
    `<polyline points="${line('federal_tax')}" fill="none" stroke="#7fa7d1" stroke-width="1.5"><title>federal tax</title></polyline>`,
    `<polyline points="${line('total_cost')}" fill="none" stroke="#1f3f66" stroke-width="2"><title>total: federal tax + net ACA premium + IRMAA</title></polyline>`,
  );
  const ly = HEIGHT - 10;
  parts.push(
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + 20}" y1="${ly - 4}" y2="${ly - 4}" stroke="#1f3f66" stroke-width="2"/>`,
    `<text x="${MARGIN.left + 24}" y="${ly}">total cost</text>`,
    `<line x1="${MARGIN.left + 100}" x2="${MARGIN.left + 120}" y1="${ly - 4}" y2="${ly - 4}" stroke="#7fa7d1" stroke-width="1.5"/>`,
    `<text x="${MARGIN.left + 124}" y="${ly}">federal tax</text>`,
    `<line x1="${MARGIN.left + 210}" x2="${MARGIN.left + 210}" y1="${ly - 10}" y2="${ly + 2}" stroke="#c0392b"/>`,
    `<text x="${MARGIN.left + 216}" y="${ly}">cliff</text>`,
    `<line x1="${MARGIN.left + 260}" x2="${MARGIN.left + 260}" y1="${ly - 10}" y2="${ly + 2}" stroke="#999" stroke-dasharray="3 3"/>`,
    `<text x="${MARGIN.left + 266}" y="${ly}">rate change</text>`,
    '</svg>',
  );
  return parts.join('\n');
}

/**
 * The chart's SVG document (with a final newline), drawn with the given finplan module: the built
 * package here, the sources in the test.
 */
export function cliffChart({ cliffMap }) {
  const { result } = cliffMap(REQUEST);
  return `${cliffChartSvg(result, TITLE)}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const finplan = await import('../dist/index.js');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const path = `${root}${OUTPUT}`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, cliffChart(finplan));
  console.log(`wrote ${relative(process.cwd(), path)}`);
}
