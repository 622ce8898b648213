// tax/cliff-map and tax/state-income computation time in units of one /v1/tax/estimate computation
// (issue 28): the cliff map runs the federal, state, IRMAA (and ACA) engines at some hundreds of
// incomes, so its cost is stated as how many estimates it costs, measured in the same run.
// Household of the issue: 2025 mfj, both 66, 150,000 of ordinary + 20,000 of qualified income, 40,000
// of Social Security benefits, 2 Medicare enrollees, a 50-step series; no state, NY and CA.
// Rates are calls per CPU-second (opsPerCpuSecond); the subject and the unit are timed in alternating
// rounds and the ratio of each round is kept: the row gives the median, the note the range.
// Ratio column = subject time per call / unit time per call (how many estimates one call costs):
// LOWER is faster here, unlike the other benchmarks' rows.
import os from 'node:os';
import { cliffMap, stateIncome, taxEstimate } from '../dist/tax/index.js';
import { cpuMs, fmt, median } from './harness.mjs';

const ROUNDS = Number(process.env.FINPLAN_BENCH_ROUNDS ?? 7);

const household = {
  tax_year: 2025,
  filing_status: 'mfj',
  age: 66,
  spouse_age: 66,
  ordinary_income: 150_000,
  qualified_income: 20_000,
  social_security_benefits: 40_000,
  medicare_enrollees: 2,
  series_range: 50_000,
  series_step: 1_000,
};

/**
 * Calls per CPU-second of `fn` over one round of at least `ms` milliseconds, each round's time the
 * smaller of the process CPU time and the wall clock (as `opsPerCpuSecond` in harness.mjs, whose
 * 200-call warm-up a round of a cliff map cannot afford).
 */
function round(fn, ms) {
  let calls = 0;
  let batch = 1;
  const startCpu = cpuMs();
  const startWall = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    batch = Math.min(batch * 2, 1 << 12);
    elapsed = Math.min(cpuMs() - startCpu, performance.now() - startWall);
  }
  return (calls * 1000) / elapsed;
}

/** Subject against unit in alternating rounds (after a warm-up): median ratio of times and its range. */
function ratioRounds(subject, unit, ms) {
  round(unit, 200);
  round(subject, ms);
  const ratios = [];
  const subjectOps = [];
  const unitOps = [];
  for (let r = 0; r < ROUNDS; r++) {
    const u = round(unit, 200);
    const s = round(subject, ms);
    unitOps.push(u);
    subjectOps.push(s);
    ratios.push(u / s);
  }
  return { ratios, subject: median(subjectOps), unit: median(unitOps), ratio: median(ratios) };
}

function row(subjectName, m, note) {
  const lo = Math.min(...m.ratios);
  const hi = Math.max(...m.ratios);
  return {
    benchmark: 'tax/cliff-map',
    subject: subjectName,
    ops: fmt(m.subject),
    peer: 'taxEstimate.compute (the unit)',
    peerOps: fmt(m.unit),
    ratio: m.ratio.toFixed(1),
    note: `time ratio (lower is faster): median of ${ROUNDS} alternating rounds, range ${lo.toFixed(1)}-${hi.toFixed(1)}; ${note}`,
  };
}

export async function run() {
  const load = os.loadavg()[0];
  const unitInput = taxEstimate.parse({
    tax_year: 2025,
    filing_status: 'mfj',
    age: 66,
    spouse_age: 66,
    ordinary_income: 150_000,
    qualified_income: 20_000,
  });
  const unit = () => taxEstimate.compute(unitInput);
  const rows = [];
  for (const state of [undefined, 'NY', 'CA']) {
    const input = cliffMap.parse(state === undefined ? household : { ...household, state });
    // A fresh object each call: the operation memoizes its probes per parsed input.
    const subject = () => cliffMap.compute({ ...input });
    rows.push(
      row(
        `cliffMap.compute, ${state ?? 'no state'}`,
        ratioRounds(subject, unit, 600),
        `load average ${load.toFixed(1)} on ${os.cpus().length} cores at the start`,
      ),
    );
  }
  for (const state of ['NY', 'CA']) {
    const input = stateIncome.parse({
      state,
      tax_year: 2025,
      filing_status: 'mfj',
      age: 66,
      state_taxable_income: 170_000,
      social_security_income: 40_000,
    });
    rows.push(
      row(
        `stateIncome.compute, ${state}`,
        ratioRounds(() => stateIncome.compute(input), unit, 300),
        '',
      ),
    );
  }
  return rows;
}
