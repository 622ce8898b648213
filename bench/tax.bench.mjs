// tax/estimate throughput in-process. Issue 8's goals: >= 200k full calls/s and >= 1M compute calls/s.
// Each rate is shown against a limit measured in the same run (so the ratio carries over between
// machines and loads):
// - a full call against validation alone (zod parse): a full call can be no faster than its parse;
// - the computation against a copy of its own result (what any computation building that result
//   costs at least), and on cent amounts (float64 units) against the same requests with a non-cent
//   amount (finer units, bigints past 2^53: the one engine covers both);
// - the envelope as an operation builds it (envelopeOfFresh: result_id + the finiteness check in place)
//   against the SHA-256 of the same canonical text alone.
// Rates are calls per CPU-second of the benchmark process (opsPerCpuSecond): the development machines
// are shared, and a wall-clock rate falls with the load of other work while this one mostly does not.
// The first row's note also gives the wall-clock rates, the load average and how a full call's time
// splits.
import os from 'node:os';
import { envelopeOfFresh, finiteResult } from '../dist/core/envelope.js';
import { sha256Hex } from '../dist/core/sha256.js';
import { canonicalJson } from '../dist/index.js';
import { taxEstimate } from '../dist/tax/index.js';
import { compare, fmt, opsPerCpuSecond, opsPerSecond } from './harness.mjs';
import { requests } from './tax-requests.mjs';

export async function run() {
  const load = os.loadavg()[0];
  const parsed = requests.map((request) => taxEstimate.parse(request));
  // The same requests with a tenth of a cent of ordinary income: units of 10^-3 dollars and finer.
  const fine = requests.map((request) =>
    taxEstimate.parse({ ...request, ordinary_income: request.ordinary_income + 0.001 }),
  );
  const results = parsed.map((input) => taxEstimate.compute(input));
  const { path, engineVersion } = taxEstimate;
  const texts = parsed.map((input) => canonicalJson({ path, engine_version: engineVersion, input }));

  const wallFull = opsPerSecond((i) => taxEstimate(requests[i & 63]));
  const wallCompute = opsPerSecond((i) => taxEstimate.compute(parsed[i & 63]));
  const compute = opsPerCpuSecond((i) => taxEstimate.compute(parsed[i & 63]));
  const finer = opsPerCpuSecond((i) => taxEstimate.compute(fine[i & 63]));
  const copy = opsPerCpuSecond((i) => finiteResult(results[i & 63]));
  const parse = opsPerCpuSecond((i) => taxEstimate.parse(requests[i & 63]));
  const envelope = opsPerCpuSecond((i) => envelopeOfFresh(taxEstimate, parsed[i & 63], results[i & 63]));
  const hash = opsPerCpuSecond((i) => sha256Hex(texts[i & 63]));
  const full = opsPerCpuSecond((i) => taxEstimate(requests[i & 63]));

  const pct = (t) => `${(100 * t * full).toFixed(0)}%`;
  const split = `of a full call: validation ${pct(1 / parse)}, computation ${pct(1 / compute)}, envelope ${pct(1 / envelope)}`;
  const loadNote = `load average ${load.toFixed(1)} on ${os.cpus().length} cores at the start; wall clock: full ${fmt(wallFull)}/s, compute ${fmt(wallCompute)}/s`;
  return [
    compare(
      'tax/estimate',
      'taxEstimate() with validation + envelope',
      full,
      'taxEstimate.parse (validation alone: limit)',
      parse,
      `per CPU-second; goal >= 200k/s; ${split}; ${loadNote}`,
    ),
    compare(
      'tax/estimate',
      'taxEstimate.compute(parsed)',
      compute,
      'finiteResult copy of its result (limit)',
      copy,
      'per CPU-second; goal >= 1M/s',
    ),
    compare(
      'tax/estimate',
      'taxEstimate.compute(parsed)',
      compute,
      'the same on non-cent amounts (finer units)',
      finer,
      'cost of the finer units',
    ),
    compare(
      'tax/estimate',
      'envelope: envelopeOfFresh (result_id + finiteness in place)',
      envelope,
      'sha256Hex of the canonical input alone (limit)',
      hash,
    ),
  ];
}
