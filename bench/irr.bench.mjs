// IRR and XIRR (guess-free: sign-change scan + Brent, every root) against formulajs IRR and XIRR
// (Newton from the guess 0.1) on 10, 100 and 1,000-flow series, then a convergence table on hard
// cases: where formulajs fails or disagrees, and a check that our NPV at our IRR is ~0.
import * as formulajs from '@formulajs/formulajs';
import { npvIrr } from '../dist/utilities/index.js';
import { compare, opsPerSecond } from './harness.mjs';

const SIZES = [10, 100, 1000];
const VARIANTS = 8;
const DAY = 86_400_000;
const START = Date.UTC(2000, 0, 1);

/** Inflows around 100 a period, then an outlay that makes the IRR about 8% (+ variant / 100). */
function periodicSeries(n, variant) {
  const rate = 0.08 + variant / 100;
  const inflows = Array.from(
    { length: n - 1 },
    (_, t) => Math.round(10_000 * (1 + 0.5 * Math.sin(t + variant))) / 100,
  );
  const outlay = inflows.reduce((sum, c, t) => sum + c / (1 + rate) ** (t + 1), 0);
  return [-Math.round(outlay * 100) / 100, ...inflows];
}

/** The same amounts on dates 25 to 35 days apart. */
function datedSeries(n, variant) {
  const flows = periodicSeries(n, variant);
  let day = 0;
  return flows.map((amount, i) => {
    if (i > 0) day += 25 + ((i * 7 + variant) % 11);
    return { date: new Date(START + day * DAY).toISOString().slice(0, 10), amount };
  });
}

const isoToDate = (iso) => new Date(`${iso}T00:00:00Z`);

function speedRows() {
  const rows = [];
  for (const n of SIZES) {
    const periodic = Array.from({ length: VARIANTS }, (_, v) => periodicSeries(n, v));
    const parsed = periodic.map((cashflows) => npvIrr.parse({ rate: 0.08, cashflows }));
    const ours = opsPerSecond((i) => npvIrr.compute(parsed[i % VARIANTS]));
    const full = opsPerSecond((i) => npvIrr({ rate: 0.08, cashflows: periodic[i % VARIANTS] }));
    const peer = opsPerSecond((i) => formulajs.IRR(periodic[i % VARIANTS]));
    rows.push(compare(`IRR, ${n} flows`, 'npvIrr.compute', ours, 'formulajs IRR', peer));
    rows.push(compare(`IRR, ${n} flows`, 'npvIrr() with validation + envelope', full, 'formulajs IRR', peer));

    const dated = Array.from({ length: VARIANTS }, (_, v) => datedSeries(n, v));
    const parsedDated = dated.map((dated_cashflows) => npvIrr.parse({ rate: 0.08, dated_cashflows }));
    const values = dated.map((flows) => flows.map((f) => f.amount));
    const dates = dated.map((flows) => flows.map((f) => isoToDate(f.date)));
    const oursX = opsPerSecond((i) => npvIrr.compute(parsedDated[i % VARIANTS]));
    const fullX = opsPerSecond((i) => npvIrr({ rate: 0.08, dated_cashflows: dated[i % VARIANTS] }));
    const peerX = opsPerSecond((i) => formulajs.XIRR(values[i % VARIANTS], dates[i % VARIANTS]));
    rows.push(compare(`XIRR, ${n} flows`, 'npvIrr.compute', oursX, 'formulajs XIRR (Date objects)', peerX));
    rows.push(
      compare(`XIRR, ${n} flows`, 'npvIrr() with validation + envelope', fullX, 'formulajs XIRR', peerX),
    );
  }
  return rows;
}

// Hard cases. Each formulajs call here was checked to terminate (its XIRR Newton loop has no
// iteration cap).
const PERIODIC_CASES = [
  ['1e9-scale flows', [-4e9, 1.1e9, 1.3e9, 1.2e9, 1.5e9, 0.9e9]],
  ['negative IRR (Excel two-year example)', [-70_000, 12_000, 15_000]],
  ['deeply negative IRR', [-1e6, 1, 1, 1]],
  ['two sign changes, roots 0.10 and 0.20', [-100, 230, -132]],
  ['three sign changes (numpy-financial example)', [-5, 10.5, 1, -8, 1]],
  ['near-zero NPV: IRR ~ 4e-10', [-1000, 250, 250, 250, 250.000001]],
  ['IRR of 999 per period', [-1, 1000]],
  ['1,000 flows, IRR near 0', [-1000, ...new Array(999).fill(0.5)]],
];
const on = (...dates) => dates.map((d) => `20${d}`);
const DATED_CASES = [
  [
    '1e9-scale dated flows',
    [-4e9, 1.1e9, 1.3e9, 1.2e9, 1.5e9],
    on('20-01-01', '20-07-01', '21-01-01', '21-07-01', '22-01-01'),
  ],
  ['negative XIRR', [-10_000, 2000, 2000], on('20-01-01', '21-01-01', '22-01-01')],
  ['deeply negative XIRR', [-10_000, 100, 100], on('20-01-01', '21-01-01', '22-01-01')],
  ['dated, two sign changes', [-100, 230, -132], on('20-01-01', '21-01-01', '22-01-01')],
  ['10% in 30 days', [-100, 110], on('20-01-01', '20-01-31')],
  ['near-zero NPV: XIRR ~ 7e-10', [-1000, 500, 500.000001], on('20-01-01', '21-01-01', '22-01-01')],
];

/** |NPV at r| / sum |c_t| (1 + r)^-t, written out plainly (no Horner, no scaling). */
function relativeResidual(r, amounts, years) {
  let npv = 0;
  let scale = 0;
  amounts.forEach((c, i) => {
    const d = (1 + r) ** -years[i];
    npv += c * d;
    scale += Math.abs(c) * d;
  });
  return Math.abs(npv) / scale;
}

function peerValue(call) {
  try {
    const value = call();
    if (value instanceof Error) return { text: value.message, ok: false };
    if (typeof value !== 'number' || !Number.isFinite(value)) return { text: String(value), ok: false };
    return { text: value.toPrecision(10), value, ok: true };
  } catch (error) {
    return { text: `threw ${error.message}`, ok: false };
  }
}

function convergenceTable() {
  const lines = [];
  const add = (name, result, irr, roots, years, amounts, peer) => {
    const residual = irr === undefined ? '-' : relativeResidual(irr, amounts, years).toExponential(1);
    let verdict;
    if (!peer.ok) verdict = irr === undefined ? 'both: no IRR' : 'formulajs fails';
    else if (irr === undefined) verdict = 'finplan: no IRR in range';
    else {
      const diff = Math.abs(peer.value - irr);
      const other = roots.some((root) => Math.abs(peer.value - root) <= 1e-6);
      verdict =
        diff <= 1e-6
          ? 'agree (<= 1e-6)'
          : other
            ? 'formulajs found another root'
            : `differ by ${diff.toExponential(1)}`;
    }
    lines.push([
      name,
      roots.map((r) => r.toPrecision(10)).join(', ') || result,
      residual,
      peer.text,
      verdict,
    ]);
  };
  for (const [name, flows] of PERIODIC_CASES) {
    const result = npvIrr.compute(npvIrr.parse({ rate: 0, cashflows: flows }));
    const years = flows.map((_, t) => t);
    add(
      name,
      result.irr_status,
      result.irr,
      result.irr_roots,
      years,
      flows,
      peerValue(() => formulajs.IRR(flows)),
    );
  }
  for (const [name, amounts, dates] of DATED_CASES) {
    const dated_cashflows = amounts.map((amount, i) => ({ date: dates[i], amount }));
    const result = npvIrr.compute(npvIrr.parse({ rate: 0, dated_cashflows }));
    const t0 = isoToDate(dates[0]).getTime();
    const years = dates.map((d) => (isoToDate(d).getTime() - t0) / DAY / 365);
    const peer = peerValue(() => formulajs.XIRR(amounts, dates.map(isoToDate)));
    add(name, result.xirr_status, result.xirr, result.xirr_roots, years, amounts, peer);
  }
  const header = [
    'hard case',
    'finplan roots (irr = closest to rate 0)',
    '|NPV(irr)| / scale',
    'formulajs',
    'verdict',
  ];
  console.log(
    '\nIRR convergence on hard cases (finplan: guess-free scan + Brent; formulajs: Newton from 0.1)\n',
  );
  for (const line of [header, header.map(() => '---'), ...lines]) console.log(`| ${line.join(' | ')} |`);
  console.log('');
}

export async function run() {
  convergenceTable();
  return speedRows();
}
