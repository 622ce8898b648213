// Shared benchmark helpers: every benchmark reports a ratio against a peer or a limit measured in
// the same run, never an absolute timing assertion.

/** Calls per second of `fn`, after a warm-up, over at least `ms` milliseconds (best of `rounds`). */
export function opsPerSecond(fn, { ms = 700, rounds = 3 } = {}) {
  for (let i = 0; i < 200; i++) fn(i);
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    let batch = 1;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ms) {
      for (let i = 0; i < batch; i++) fn(calls + i);
      calls += batch;
      batch = Math.min(batch * 2, 1 << 16);
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (calls * 1000) / elapsed);
  }
  return best;
}

/**
 * Calls per CPU-second of this thread, after a warm-up, best of `rounds`. Node 20 reads CPU time only
 * for the whole process (user + system, all its threads), so each round takes the smaller of two
 * upper bounds on the thread's own time: the process CPU time (which also counts V8's parallel
 * garbage-collector threads and whatever else the process runs at the same time) and the wall-clock
 * time (which also counts the time the thread waits for a core on a machine shared with other work).
 * On a loaded machine the CPU time is the smaller; in a quiet process full of helper threads, the wall
 * clock. Each round runs for at least `ms` milliseconds of the smaller one.
 */
export function opsPerCpuSecond(fn, { ms = 700, rounds = 5 } = {}) {
  for (let i = 0; i < 200; i++) fn(i);
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    let batch = 1;
    const startCpu = cpuMs();
    const startWall = performance.now();
    let elapsed = 0;
    while (elapsed < ms) {
      for (let i = 0; i < batch; i++) fn(calls + i);
      calls += batch;
      batch = Math.min(batch * 2, 1 << 16);
      elapsed = Math.min(cpuMs() - startCpu, performance.now() - startWall);
    }
    best = Math.max(best, (calls * 1000) / elapsed);
  }
  return best;
}

/** Format a number of operations per second. */
export function fmt(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return n.toFixed(1);
}

/** A row comparing `subject` against `peer`: ratio = subject ops/s / peer ops/s (> 1: subject faster). */
export function compare(benchmark, subject, subjectOps, peer, peerOps, note = '') {
  return {
    benchmark,
    subject,
    ops: fmt(subjectOps),
    peer,
    peerOps: fmt(peerOps),
    ratio: (subjectOps / peerOps).toFixed(3),
    note,
  };
}

/** Print rows as a markdown table. */
export function printTable(rows) {
  const header = ['benchmark', 'subject', 'ops/s', 'peer or limit', 'peer ops/s', 'ratio', 'note'];
  const lines = [
    header,
    header.map(() => '---'),
    ...rows.map((r) => [r.benchmark, r.subject, r.ops, r.peer, r.peerOps, r.ratio, r.note]),
  ];
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** CPU time of this process so far (user + system), in milliseconds. */
export function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
