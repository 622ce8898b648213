// tax/estimate, one build against others in the same run: `node bench/tax-ab.mjs <what> <rounds> <dist> <dist>...`
// with <what> one of full (taxEstimate(request)), parse, compute or envelope (envelopeOfFresh, for builds that
// have it). Each round runs every build in a process of its own, one after the other (old, new, old, new,
// ...), so that a change of load hits them alike; each process reports calls per CPU-second (best of 3
// rounds of 0.6 s, bench/harness.mjs) over the 64 requests of bench/tax-requests.mjs. Printed per build: the
// median rate, the median of its per-round ratios to the first build, and every round's rate.
// A build is a dist/ directory with node_modules reachable from it (a worktree of this repository, built).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WHAT = ['full', 'parse', 'compute', 'envelope'];

async function child(dist, what) {
  const { opsPerCpuSecond } = await import('./harness.mjs');
  const { taxEstimate } = await import(`${dist}/tax/index.js`);
  const { requests } = await import('./tax-requests.mjs');
  const parsed = requests.map((request) => taxEstimate.parse(request));
  const results = parsed.map((input) => taxEstimate.compute(input));
  const { envelopeOfFresh } = await import(`${dist}/core/envelope.js`);
  const run = {
    full: (i) => taxEstimate(requests[i & 63]),
    parse: (i) => taxEstimate.parse(requests[i & 63]),
    compute: (i) => taxEstimate.compute(parsed[i & 63]),
    envelope: (i) => envelopeOfFresh(taxEstimate, parsed[i & 63], results[i & 63]),
  }[what];
  process.stdout.write(String(opsPerCpuSecond(run, { ms: 600, rounds: 3 })));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function main([what, rounds, ...dists]) {
  if (!WHAT.includes(what) || !(Number(rounds) > 0) || dists.length === 0) {
    console.error('usage: node bench/tax-ab.mjs full|parse|compute|envelope <rounds> <dist> [<dist>...]');
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  const rates = dists.map(() => []);
  for (let round = 0; round < Number(rounds); round++) {
    dists.forEach((dist, d) => {
      const out = execFileSync(process.execPath, [self, '--child', resolve(dist), what]).toString();
      rates[d].push(Number(out));
    });
  }
  dists.forEach((dist, d) => {
    const ratio = median(rates[d].map((rate, round) => rate / rates[0][round]));
    const each = rates[d].map((rate) => `${(rate / 1000).toFixed(0)}k`).join(' ');
    console.log(
      `${dist}: median ${(median(rates[d]) / 1000).toFixed(1)}k/s, ratio to the first ${ratio.toFixed(3)} (${each})`,
    );
  });
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else main(process.argv.slice(2));
