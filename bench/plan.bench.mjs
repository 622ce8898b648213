// plan/lifetime: the optimizer, the whole call and the stress test, in units of one exact year's
// re-evaluation (issue 32): the federal, state, IRMAA and Marketplace taxes of one household-year,
// exactly as the plan's accounting computes each of its years (`yearTaxes`, fresh cents each call so
// that its memo never answers). Times are CPU (or wall, if smaller) per call; the subject and the unit
// run in alternating rounds and the row gives the median ratio: how many exact years one call costs
// (LOWER is faster, as in the cliff-map rows).
// Household: the operation's OpenAPI example (a couple in North Carolina, 2026-2053, both claiming
// ages given for the optimizer rows), and the same couple planned over 40 years (to age 105 / 101).
import os from 'node:os';
import { optimize } from '../dist/plan/_lib/optimize.js';
import { PlanInput } from '../dist/plan/_lib/plan-input.js';
import { buildTimeline } from '../dist/plan/_lib/timeline.js';
import { taxYearOf, yearTaxes } from '../dist/plan/_lib/year-taxes.js';
import { lifetimePlan } from '../dist/plan/index.js';
import { cpuMs, fmt, median } from './harness.mjs';

const ROUNDS = Number(process.env.FINPLAN_BENCH_ROUNDS ?? 5);

/** Milliseconds per call of `fn` over `calls` calls (CPU time, or wall time when smaller). */
function perCall(fn, calls) {
  const cpu = cpuMs();
  const wall = performance.now();
  for (let i = 0; i < calls; i++) fn(i);
  return Math.min(cpuMs() - cpu, performance.now() - wall) / calls;
}

/** Subject against unit in alternating rounds: the median ratio of times per call and its range. */
function ratioRounds(subject, subjectCalls, unit) {
  subject(0);
  perCall(unit, 2_000);
  const ratios = [];
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    const u = perCall(unit, 2_000);
    const s = perCall(subject, subjectCalls);
    times.push(s);
    ratios.push(s / u);
  }
  return { ratios, ms: median(times), ratio: median(ratios) };
}

function row(subject, m, note) {
  return {
    benchmark: 'plan/lifetime',
    subject,
    ops: fmt(1000 / m.ms),
    peer: 'one exact year (the unit)',
    peerOps: '',
    ratio: m.ratio.toFixed(0),
    note: `${m.ms.toFixed(0)} ms a call; time ratio (lower is faster): median of ${ROUNDS} alternating rounds, range ${Math.min(...m.ratios).toFixed(0)}-${Math.max(...m.ratios).toFixed(0)}; ${note}`,
  };
}

export async function run() {
  const load = os.loadavg()[0];
  await lifetimePlan.ready();
  const example = structuredClone(lifetimePlan.example);
  example.people[0].social_security.claiming_age = 67;
  const { stress, ...plain } = example;
  const forty = {
    ...plain,
    people: plain.people.map((p) => ({ ...p, planning_age: p.birth_year === 1961 ? 105 : 107 })),
  };
  const unitYear = taxYearOf('NC', 2026, 0.025);
  // A fresh cent of withdrawal each call, over every round: the memo of a year's taxes never answers.
  let calls = 0;
  const unit = () =>
    yearTaxes(unitYear, {
      status: 'mfj',
      age: 65,
      spouseAge: 67,
      stateAge: 67,
      wages: 0,
      pensions: 0,
      socialSecurity: 60_000,
      taxDeferred: 80_000 + ++calls * 0.01,
      gains: 5_000,
      aca: false,
      householdSize: 2,
      benchmarkPremium: 0,
    });
  const rows = [];
  // Each call a request of its own (a dollar more in the first account): the memo of a year's taxes,
  // kept across calls, must not answer for a repeated request, as it would in no real load.
  let n = 0;
  const fresh = (request) => {
    n += 1;
    const accounts = request.accounts.map((a, i) => (i === 0 ? { ...a, balance: a.balance + n } : a));
    return { ...request, accounts };
  };
  const timeline = buildTimeline(PlanInput.parse(forty));
  rows.push(
    row(
      `optimize: LP loop + exact best level, couple, ${timeline.years.length} years`,
      ratioRounds(() => optimize(buildTimeline(PlanInput.parse(fresh(forty)))), 3, unit),
      `load average ${load.toFixed(1)} on ${os.cpus().length} cores at the start; goal <= 1 s on one core`,
    ),
  );
  rows.push(
    row(
      `lifetimePlan(): optimize + 5 strategies + series + charts, couple, ${timeline.years.length} years`,
      ratioRounds(() => lifetimePlan(fresh(forty)), 2, unit),
      'claiming ages given',
    ),
  );
  const searched = structuredClone(plain);
  delete searched.people[0].social_security.claiming_age;
  rows.push(
    row(
      'lifetimePlan(), her claiming age searched (the OpenAPI example without stress)',
      ratioRounds(() => lifetimePlan(fresh(searched)), 2, unit),
      'the search: first-round LP solves, warm-started, one spouse at a time',
    ),
  );
  const withStress = { ...forty, stress: { ...stress, num_simulations: 1_000 } };
  const plainMs = median([0, 1, 2].map(() => perCall(() => lifetimePlan(fresh(forty)), 1)));
  const stressed = ratioRounds(() => lifetimePlan(fresh(withStress)), 1, unit);
  rows.push(
    row(
      `stress test: 1,000 paths x ${timeline.years.length} years with deaths (the call with stress minus without)`,
      { ...stressed, ms: stressed.ms - plainMs, ratio: stressed.ratio * (1 - plainMs / stressed.ms) },
      'goal <= 1 s more on one core',
    ),
  );
  return rows;
}
