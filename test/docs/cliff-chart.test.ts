// The cliff-map chart of docs/tax.md is generated (`npm run docs:charts`, scripts/cliff-chart.mjs): this
// draws it again in memory from the sources and fails when the checked-in SVG is not the current one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliffMap } from '../../src/tax/index';

interface CliffChartScript {
  readonly REQUEST: Parameters<typeof cliffMap>[0];
  readonly OUTPUT: string;
  readonly cliffChart: (finplan: { cliffMap: typeof cliffMap }) => string;
}

const root = join(__dirname, '..', '..');
const script: string = new URL('../../scripts/cliff-chart.mjs', import.meta.url).href;

describe('docs/img/cliff-map.svg', () => {
  it('is current: the script redraws it byte for byte (else run npm run docs:charts)', async () => {
    const { cliffChart, OUTPUT } = (await import(/* @vite-ignore */ script)) as CliffChartScript;
    const fresh = Buffer.from(cliffChart({ cliffMap }), 'utf8');
    const checkedIn = readFileSync(join(root, OUTPUT));
    expect(checkedIn.equals(fresh), `${OUTPUT} is stale: run npm run docs:charts and commit it`).toBe(true);
  });

  it('docs/tax.md shows it and states the request that drew it', async () => {
    const { REQUEST, OUTPUT } = (await import(/* @vite-ignore */ script)) as CliffChartScript;
    const guide = readFileSync(join(root, 'docs', 'tax.md'), 'utf8');
    expect(guide).toContain(`](${OUTPUT.replace(/^docs\//, '')})`);
    expect(guide).toContain(JSON.stringify(REQUEST));
  });

  it('marks the cliffs of its request: the 2026 ACA 400% cliff and the first IRMAA tier', async () => {
    const { REQUEST } = (await import(/* @vite-ignore */ script)) as CliffChartScript;
    const { markers } = cliffMap(REQUEST).result.series;
    const cliffs = markers.filter((m) => m.kind === 'cliff').map((m) => m.name);
    expect(cliffs).toEqual(['aca_400_percent', 'irmaa_tier_1']);
  });
});
