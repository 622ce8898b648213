// The fan chart of docs/retirement.md is generated (`npm run docs:charts`, scripts/fan-chart.mjs): this
// draws it again in memory from the sources and fails when the checked-in SVG is not the current one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fanChartSvg } from '../../src/core/simulation/index';
import { monteCarlo } from '../../src/retirement/index';

interface FanChartScript {
  readonly REQUEST: Parameters<typeof monteCarlo>[0];
  readonly OUTPUT: string;
  readonly fanChart: (finplan: { monteCarlo: typeof monteCarlo; fanChartSvg: typeof fanChartSvg }) => string;
}

const root = join(__dirname, '..', '..');
const script: string = new URL('../../scripts/fan-chart.mjs', import.meta.url).href;

describe('docs/img/monte-carlo-fan.svg', () => {
  it('is current: the script redraws it byte for byte (else run npm run docs:charts)', async () => {
    const { fanChart, OUTPUT } = (await import(/* @vite-ignore */ script)) as FanChartScript;
    const fresh = Buffer.from(fanChart({ monteCarlo, fanChartSvg }), 'utf8');
    const checkedIn = readFileSync(join(root, OUTPUT));
    expect(checkedIn.equals(fresh), `${OUTPUT} is stale: run npm run docs:charts and commit it`).toBe(true);
  });

  it('docs/retirement.md shows it and states the request that drew it', async () => {
    const { REQUEST, OUTPUT } = (await import(/* @vite-ignore */ script)) as FanChartScript;
    const guide = readFileSync(join(root, 'docs', 'retirement.md'), 'utf8');
    expect(guide).toContain(`](${OUTPUT.replace(/^docs\//, '')})`);
    // Every field of the request is written in the sentence under the picture, as JSON.
    expect(guide).toContain(JSON.stringify(REQUEST));
  });
});
