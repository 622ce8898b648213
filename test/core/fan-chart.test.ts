import { describe, expect, it } from 'vitest';
import { fanChartSvg } from '../../src/core/simulation/fan-chart';
import { monteCarlo } from '../../src/retirement/monte-carlo';

// Two ages on a 400 x 200 chart: the plot is 320 x 140 px (margins 64 left, 16 right, 28 top, 32
// bottom). The largest p95 is 500: ticks of 100 (500 / 5), so the y axis runs 0-500 and
// y(v) = 28 + 140 - v / 500 x 140: y(0) = 168, y(100) = 140, y(200) = 112, y(300) = 84, y(500) = 28.
// x(60) = 64, x(70) = 64 + 320 = 384. Age ticks every 2 years (10 / 6 = 1.67, rounded up to 2).
const ROWS = [
  { age: 60, percentiles: { p5: 0, p25: 50, p50: 100, p75: 150, p95: 200 } },
  { age: 70, percentiles: { p5: 100, p25: 200, p50: 300, p75: 400, p95: 500 } },
];

describe('fanChartSvg: coordinates worked by hand', () => {
  const svg = fanChartSvg(ROWS, { width: 400, height: 200, title: 'Balance <real> & more' });

  it('median line and the 5-95 band', () => {
    expect(svg).toContain('<polyline points="64,140 384,84"');
    // p95 left to right, then p5 right to left: (64, y(200)) (384, y(500)) (384, y(100)) (64, y(0)).
    expect(svg).toContain('<polygon points="64,112 384,28 384,140 64,168"');
    // p75 then p25: (64, y(150) = 126) (384, y(400) = 56) (384, y(200) = 112) (64, y(50) = 154).
    expect(svg).toContain('<polygon points="64,126 384,56 384,112 64,154"');
  });

  it('dollar and age ticks, an escaped title', () => {
    for (const label of ['$0', '$100', '$500']) expect(svg).toContain(`>${label}</text>`);
    expect(svg.match(/text-anchor="middle">\d+<\/text>/g)).toHaveLength(6); // 60, 62, ..., 70
    expect(svg).toContain('Balance &lt;real&gt; &amp; more');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('labels large amounts in k and M; an all-zero chart still draws', () => {
    const big = fanChartSvg([
      { age: 65, percentiles: { p5: 0, p25: 0, p50: 1e6, p75: 2e6, p95: 2.4e6 } },
      { age: 95, percentiles: { p5: 0, p25: 0, p50: 0, p75: 5e5, p95: 1.5e6 } },
    ]);
    // 2.4M / 5 = 480k: step 500k, axis to 2.5M.
    expect(big).toContain('>$500k</text>');
    expect(big).toContain('>$2.5M</text>');
    const zero = fanChartSvg([{ age: 90, percentiles: { p5: 0, p25: 0, p50: 0, p75: 0, p95: 0 } }]);
    expect(zero).not.toContain('NaN');
  });

  it('draws a monte-carlo result, the same bytes every time', () => {
    const input = {
      current_age: 60,
      retirement_age: 65,
      end_age: 90,
      current_balance: 500_000,
      annual_contribution: 20_000,
      annual_spending: 40_000,
      expected_return: 0.06,
      return_volatility: 0.12,
      inflation: 0.025,
      num_simulations: 500,
      seed: 3,
    };
    const draw = () =>
      fanChartSvg(monteCarlo(input).result.yearly.map((row) => ({ age: row.age, percentiles: row.balance })));
    const svg = draw();
    expect(svg).toBe(draw());
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(svg.match(/<polygon/g)).toHaveLength(2);
  });
});
