// tax/estimate throughput in-process, and how a full call's time splits between validation (zod parse),
// the computation (taxEstimate.compute on parsed input) and the envelope (result_id hash, finiteness copy).
import { taxEstimate } from '../dist/tax/index.js';
import { compare, opsPerSecond } from './harness.mjs';

const YEARS = [2024, 2025, 2026];
const STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'];

export async function run() {
  const requests = Array.from({ length: 64 }, (_, i) => ({
    tax_year: YEARS[i % 3],
    filing_status: STATUSES[i % 5],
    ordinary_income: 40_000 + i * 9_137.5,
    qualified_income: (i % 7) * 5_250,
    state_tax_rate: 0.05,
    ...(i % 4 === 0 ? { age: 67 } : {}),
  }));
  const parsed = requests.map((request) => taxEstimate.parse(request));
  const compute = opsPerSecond((i) => taxEstimate.compute(parsed[i & 63]));
  const parse = opsPerSecond((i) => taxEstimate.parse(requests[i & 63]));
  const full = opsPerSecond((i) => taxEstimate(requests[i & 63]));
  const tFull = 1 / full;
  const validation = 1 / parse / tFull;
  const computation = 1 / compute / tFull;
  const envelope = Math.max(0, 1 - validation - computation);
  const pct = (x) => `${(100 * x).toFixed(0)}%`;
  const split = `of a full call: validation ${pct(validation)}, computation ${pct(computation)}, envelope ${pct(envelope)}`;
  return [
    compare(
      'tax/estimate',
      'taxEstimate() with validation + envelope',
      full,
      'taxEstimate.compute(parsed)',
      compute,
      split,
    ),
    compare(
      'tax/estimate',
      'taxEstimate.parse (validation only)',
      parse,
      'taxEstimate.compute(parsed)',
      compute,
    ),
  ];
}
