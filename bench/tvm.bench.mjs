// tvm rate solve (guess-free Brent on a sign-changing bracket) against formulajs RATE (Newton from a
// guess), on the same mortgage-like problems.
import * as formulajs from '@formulajs/formulajs';
import { tvm } from '../dist/utilities/index.js';
import { compare, opsPerSecond } from './harness.mjs';

export async function run() {
  const problems = Array.from({ length: 64 }, (_, i) => ({
    nper: 60 + i * 5,
    pmt: -(500 + i * 10),
    pv: 50_000 + i * 1000,
  }));
  const parsed = problems.map((p) => tvm.parse({ solve_for: 'rate', ...p }));
  const ours = opsPerSecond((i) => tvm.compute(parsed[i & 63]));
  const envelope = opsPerSecond((i) => tvm({ solve_for: 'rate', ...problems[i & 63] }));
  const peer = opsPerSecond((i) => {
    const p = problems[i & 63];
    return formulajs.RATE(p.nper, p.pmt, p.pv);
  });
  return [
    compare('tvm rate solve', 'tvm.compute', ours, 'formulajs RATE', peer),
    compare('tvm rate solve', 'tvm() with validation + envelope', envelope, 'formulajs RATE', peer),
  ];
}
