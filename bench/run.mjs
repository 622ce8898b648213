// `npm run bench`: runs every benchmark module against the built package (dist/) and prints one table.
// Add a module to BENCHMARKS; each exports `run()` returning rows made with `compare`.
// Each module runs in a process of its own: what one leaves behind (the HTTP benchmark's load
// generator, a large heap) must not slow the next. Measured: run after the adapter benchmark in one
// process, the withdrawal-strategy rows fell by about 6% against the same bare loop.
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { printTable } from './harness.mjs';

const BENCHMARKS = [
  './tvm.bench.mjs',
  './adapter.bench.mjs',
  './debt-vs-invest.bench.mjs',
  './retirement-monte-carlo.bench.mjs',
  './retirement-withdrawal-strategy.bench.mjs',
  './tax.bench.mjs',
  './cliff-map.bench.mjs',
  './irr.bench.mjs',
  './healthz-latency.bench.mjs',
  './cost.bench.mjs',
  './plan.bench.mjs',
];

if (process.send && process.env.FINPLAN_BENCH_MODULE) {
  // A child: run one module and send its rows to the parent.
  const module = await import(process.env.FINPLAN_BENCH_MODULE);
  process.send(await module.run(), () => process.exit(0));
} else {
  /** The rows of one module, run in a child process. */
  const runModule = (path) =>
    new Promise((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), [], {
        env: { ...process.env, FINPLAN_BENCH_MODULE: path },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let rows;
      child.once('message', (message) => {
        rows = message;
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        rows ? resolve(rows) : reject(new Error(`bench: ${path} exited with ${code} and no rows`)),
      );
    });

  const only = process.argv.slice(2);
  console.log(
    `finplan benchmarks: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${os.platform()} ${os.arch()}\n`,
  );
  const rows = [];
  for (const path of BENCHMARKS) {
    if (only.length > 0 && !only.some((name) => path.includes(name))) continue;
    for (const row of await runModule(new URL(path, import.meta.url).href)) {
      rows.push(row);
      console.error(`  ${row.benchmark} / ${row.subject}: ratio ${row.ratio}`);
    }
  }
  console.log('');
  printTable(rows);
}
