// `npm run bench`: runs every benchmark module against the built package (dist/) and prints one table.
// Add a module to BENCHMARKS; each exports `run()` returning rows made with `compare`.
import os from 'node:os';
import { printTable } from './harness.mjs';

const BENCHMARKS = [
  './tvm.bench.mjs',
  './adapter.bench.mjs',
  './debt-vs-invest.bench.mjs',
  './retirement-monte-carlo.bench.mjs',
  './retirement-withdrawal-strategy.bench.mjs',
  './tax.bench.mjs',
  './irr.bench.mjs',
  './healthz-latency.bench.mjs',
];

const only = process.argv.slice(2);
console.log(
  `finplan benchmarks: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${os.platform()} ${os.arch()}\n`,
);
const rows = [];
for (const path of BENCHMARKS) {
  if (only.length > 0 && !only.some((name) => path.includes(name))) continue;
  const module = await import(path);
  for (const row of await module.run()) {
    rows.push(row);
    console.error(`  ${row.benchmark} / ${row.subject}: ratio ${row.ratio}`);
  }
}
console.log('');
printTable(rows);
