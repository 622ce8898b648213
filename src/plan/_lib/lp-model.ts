/**
 * The linear program of the lifetime plan: the withdrawals, Roth conversions and spending of every year
 * that maximize the spending level (subject to an after-tax bequest floor) or the after-tax bequest (at
 * a fixed spending level), with the federal tax in linear pieces ({@link taxPieces}). The plan's
 * optimizer alternates it with the exact evaluation: what the LP cannot represent (NIIT, additional
 * Medicare tax, IRMAA, the Marketplace premium, the taxation of Social Security benefits, the average
 * basis of the taxable account, the state tax's own schedule) comes back as {@link YearFeedback}.
 *
 * ## The model (all amounts in start-year dollars; flows at the start of each year, growth after)
 * Per year t, account a, person p:
 * - balance `B[a,t+1] = (B[a,t] - W[a,t] - X[a,t] + conversions in + deposit) x growth_t`, with the
 *   withdrawals and conversions out of an account at most its start-of-year balance; an account owned
 *   by a person who died in an earlier year belongs to the survivor (same balance, the survivor's RMDs).
 * - Roth conversions `X[a,t]` from each tax-deferred account of p (owned at t) into p's first Roth
 *   account (else the household's first, as the exact evaluation does; a household without a Roth
 *   account converts nothing), in total at most `timeline.maxConversion` a year per person. The
 *   decisions report each person's total: the exact evaluation takes it from the person's tax-deferred
 *   accounts in account order, which may split it otherwise than the LP when a person has several.
 * - RMD: the tax-deferred withdrawals of p (conversions not counted) are at least p's start-of-year
 *   tax-deferred balance over the divisor, in a year the divisor is defined.
 * - Cash flow (an equality): wages + pensions + Social Security + sum W = level x spendingFactor_t +
 *   federal tax + state tax + fixedCosts_t + deposit_t; the deposit (at least 0) goes into the first
 *   taxable account (with no taxable account the surplus is not carried).
 * - Federal tax = sum over the ordinary pieces of rate x F + 15% x Z15 + 20% x Z20, where the ordinary
 *   pieces F (the brackets, split at the 0% and 15% gain tops) cover the ordinary income over the
 *   deduction (wages + pensions + taxable Social Security (feedback) + tax-deferred withdrawals +
 *   conversions - deduction), and F + Z0 + Z15 + Z20 cover the ordinary income plus the long-term
 *   gains (gainFraction_t x taxable withdrawals) over the deduction. The LP pays the least tax that
 *   covers an income, so the pieces fill cheapest first, and a deduction larger than the ordinary
 *   income offsets gains (as on the return). Bands: Z0 + (ordinary pieces below the 0% top) <= the
 *   0% top, Z0 + Z15 + (ordinary pieces below the 15% top) <= the 15% top.
 *   Approximation: the true tax is not convex where ordinary income pushes gains out of the 0% band
 *   (a marginal rate of bracket + 15% that falls back to the bracket's rate above the band); the LP
 *   takes its convex relaxation, which may fill an ordinary piece above the 0% top before a cheaper one
 *   below it to keep the band for gains, so it can under-state the tax of a year with both gains and
 *   ordinary income near the 0% top by at most 15% of the smaller of the two there. The exact
 *   evaluation taxes the year exactly.
 * - State tax S_t >= 0 and S_t >= stateOffset_t + stateRate_t x (ordinary income + gains): the
 *   feedback linearizes the state's schedule around the plan's income (the offset defaults to 0).
 * - Bequest (after tax) = sum of the end balances, tax-deferred and HSA balances counted at
 *   (1 - heirsRate). It falls at one date (the end of the last year), so discounting it would scale the
 *   objective without changing the plan: it is not discounted.
 * - Objective: max_spending maximizes the level with bequest >= bequestFloor; max_bequest fixes the
 *   level at spendingLevel and maximizes the bequest. Tie-breaker (lexicographic, a second solve from
 *   the first one's basis): among the plans of that best level or bequest (held within 1e-9 of it), the
 *   one with the least undiscounted sum of modeled taxes, then the fewest deposits
 *   ({@link DEPOSIT_TIE_BREAK}). Without it the solver would pick any of the equal plans, e.g. any
 *   conversion in a bracket whose rate equals heirsRate (which changes neither level nor bequest) or a
 *   taxable withdrawal redeposited in the same year.
 *
 * Infeasible problems are `no_solution` {@link CalculationError}s naming the field that makes them so:
 * `bequest_floor` (max_spending: no level leaves the floor; the message gives the largest bequest the
 * plan can leave) or `spending` (max_bequest: the accounts cannot pay the spending; the message gives
 * the largest level they can).
 *
 * @internal
 * @module
 */
import { CalculationError } from '../../core/errors';
import { type SimplexBasis, type SparseLp, type SparseSolution, solveSparse } from './solver';
import { type TaxPieces, taxPieces } from './tax-pieces';
import type { AccountKind, Timeline, YearDecision } from './types';

/** What the previous exact evaluation tells the LP about one year (the plan optimizer's loop). */
export interface YearFeedback {
  /** Social Security benefits included in income (IRC 86), real. */
  readonly taxableSocialSecurity: number;
  /**
   * Costs the LP does not model, paid that year, real: IRMAA and the net Marketplace premium (and,
   * if the optimizer carries them here, the NIIT and the additional Medicare tax).
   */
  readonly fixedCosts: number;
  /** Share of a taxable-account withdrawal that is long-term gain, 0..1. */
  readonly gainFraction: number;
  /** State marginal rate around the plan's income (linearized). */
  readonly stateRate: number;
  /**
   * State tax at zero income of the linearization (state tax ~ stateOffset + stateRate x income),
   * real; default 0. It may be negative (the tax is floored at 0).
   */
  readonly stateOffset?: number | undefined;
  /**
   * Senior deduction (IRC 151(d)(5)(C)) the exact evaluation allowed that year, after its phase-out,
   * real; default: the full amount the tax pieces give.
   */
  readonly seniorDeduction?: number | undefined;
}

/** The LP's own accounting of one year (real). */
export interface LpYear {
  readonly federalTax: number;
  readonly stateTax: number;
  /** Surplus deposited into the first taxable account. */
  readonly deposit: number;
  /** Wages + pensions + taxable Social Security + tax-deferred withdrawals + conversions. */
  readonly ordinaryIncome: number;
  /** Long-term gains: gainFraction x taxable-account withdrawals. */
  readonly gains: number;
  /** Ordinary taxable income the pieces carry (sum of F). */
  readonly ordinaryTaxable: number;
}

/** The plan the LP found. */
export interface LpPlan {
  readonly decisions: readonly YearDecision[];
  /** Spending level (start-year dollars before the year's factor). */
  readonly level: number;
  /** After-tax bequest at the end of the last year (real, undiscounted). */
  readonly bequest: number;
  /** Federal + state tax of each year as the LP models it (real). */
  readonly modeledTaxes: readonly number[];
  /** The objective: the level (max_spending) or the bequest (max_bequest). */
  readonly objective: number;
  /** Simplex iterations. */
  readonly iterations: number;
  /** `optimal` (other outcomes throw). */
  readonly status: string;
  readonly years: readonly LpYear[];
  /** The solver's optimal basis: pass it back (`solveLp(..., { warmStart })`) to start the next solve of the same timeline from it. */
  readonly basis?: SimplexBasis | undefined;
}

/** Options of {@link solveLp}. */
export interface SolveLpOptions {
  /**
   * An earlier plan of the same timeline (other feedback): the solve starts from its basis, which
   * takes a fraction of the iterations when the feedback moved little. The plan found is optimal
   * either way, but among equally good plans it may pick another than a cold solve does.
   */
  readonly warmStart?: LpPlan | undefined;
}

/**
 * Weight of the deposits in the second objective (per dollar of tax), which only separates plans of
 * equal level (or bequest) and tax: of those, the one that withdraws no more than it spends (no
 * withdrawal redeposited in the same year).
 */
export const DEPOSIT_TIE_BREAK = 1e-3;

/** A sparse LP built row by row. */
class Builder {
  readonly cost: number[] = [];
  readonly secondary: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly rows: { entries: Map<number, number>; lower: number; upper: number }[] = [];

  col(lower: number, upper: number, cost = 0, secondary = 0): number {
    this.cost.push(cost);
    this.secondary.push(secondary);
    this.lower.push(lower);
    this.upper.push(upper);
    return this.cost.length - 1;
  }

  /** A row `lower <= sum coef x col <= upper`; repeated columns add up. */
  row(lower: number, upper: number): Map<number, number> {
    return this.bounded(lower, upper).entries;
  }

  /** A row whose bounds are set after its entries (they move a constant term to the bounds). */
  bounded(lower: number, upper: number): { entries: Map<number, number>; lower: number; upper: number } {
    const row = { entries: new Map<number, number>(), lower, upper };
    this.rows.push(row);
    return row;
  }

  toSparse(maximize: boolean): SparseLp {
    const n = this.cost.length;
    const counts = new Int32Array(n + 1);
    for (const r of this.rows)
      for (const [c, v] of r.entries) if (v !== 0) counts[c + 1] = (counts[c + 1] as number) + 1;
    for (let j = 0; j < n; j++) counts[j + 1] = (counts[j + 1] as number) + (counts[j] as number);
    const nnz = counts[n] as number;
    const indices = new Int32Array(nnz);
    const values = new Float64Array(nnz);
    const next = counts.slice(0, n);
    this.rows.forEach((r, i) => {
      for (const [c, v] of r.entries) {
        if (v === 0) continue;
        const k = next[c] as number;
        indices[k] = i;
        values[k] = v;
        next[c] = k + 1;
      }
    });
    return {
      maximize,
      cost: Float64Array.from(this.cost),
      secondary: Float64Array.from(this.secondary),
      colLower: Float64Array.from(this.lower),
      colUpper: Float64Array.from(this.upper),
      rowLower: Float64Array.from(this.rows, (r) => r.lower),
      rowUpper: Float64Array.from(this.rows, (r) => r.upper),
      starts: counts,
      indices,
      values,
    };
  }
}

const INF = Number.POSITIVE_INFINITY;

function add(row: Map<number, number>, col: number, coef: number): void {
  row.set(col, (row.get(col) ?? 0) + coef);
}

/** The owner of each account in each year: the original owner while alive, the survivor after. */
function ownersByYear(timeline: Timeline): number[][] {
  return timeline.years.map((y) =>
    timeline.accounts.map((a) => {
      if (y.people[a.owner]?.alive ?? true) return a.owner;
      const survivor = y.people.findIndex((p, i) => i !== a.owner && p.alive);
      return survivor < 0 ? a.owner : survivor;
    }),
  );
}

/**
 * The Roth account person `p`'s conversions go into: the person's first Roth account, else the
 * household's first (the exact evaluation's rule); -1 without any.
 */
function rothFor(accounts: Timeline['accounts'], owners: readonly number[], p: number): number {
  const own = accounts.findIndex((a, i) => a.kind === 'roth' && owners[i] === p);
  return own >= 0 ? own : accounts.findIndex((a) => a.kind === 'roth');
}

/** After-tax weight of an end balance in the bequest. */
function bequestWeight(kind: AccountKind, heirsRate: number): number {
  return kind === 'tax_deferred' || kind === 'hsa' ? 1 - heirsRate : 1;
}

/** An ordinary piece of the LP: a bracket or the part of one below / between / above the gain tops. */
interface Piece {
  readonly rate: number;
  readonly width: number;
  /** 0: below the 0% top; 1: between the 0% and 15% tops; 2: above the 15% top. */
  readonly band: 0 | 1 | 2;
}

/** The brackets split at the 0% and 15% gain tops. */
function ordinaryPieces(p: TaxPieces): Piece[] {
  const cuts = [p.zeroRateTop, p.fifteenRateTop];
  const pieces: Piece[] = [];
  for (const b of p.brackets) {
    const edges = [b.from, ...cuts.filter((c) => c > b.from && c < b.to), b.to];
    for (let i = 0; i + 1 < edges.length; i++) {
      const from = edges[i] as number;
      const to = edges[i + 1] as number;
      const band = from >= p.fifteenRateTop ? 2 : from >= p.zeroRateTop ? 1 : 0;
      pieces.push({ rate: b.rate, width: to - from, band });
    }
  }
  return pieces;
}

/** Column indices of one year. */
interface YearCols {
  readonly withdrawals: number[];
  /** Conversion out of each account (-1: none). */
  readonly conversions: number[];
  readonly deposit: number;
  readonly pieces: number[];
  readonly gains: [number, number, number];
  readonly state: number;
}

interface Built {
  readonly lp: SparseLp;
  readonly level: number;
  readonly years: YearCols[];
  /** Balance columns B[a][t] for t = 1..T (index t - 1). */
  readonly balances: number[][];
  readonly pieceRates: number[][];
  readonly owners: number[][];
}

function check(timeline: Timeline, feedback: readonly YearFeedback[]): void {
  if (feedback.length !== timeline.years.length) {
    throw new Error(`solveLp: ${feedback.length} feedback years for ${timeline.years.length} plan years`);
  }
  for (const f of feedback) {
    const values = [f.taxableSocialSecurity, f.fixedCosts, f.gainFraction, f.stateRate, f.stateOffset ?? 0];
    if (!values.every(Number.isFinite) || f.gainFraction < 0 || f.gainFraction > 1) {
      throw new Error('solveLp: feedback must be finite, with gainFraction in 0..1');
    }
  }
}

/**
 * Builds the LP. `mode` overrides the timeline's objective (the infeasibility diagnostics solve the
 * other problem): `level` fixes the spending level (max_bequest); undefined leaves it free (max_spending,
 * with the bequest floor).
 */
function build(timeline: Timeline, feedback: readonly YearFeedback[], fixedLevel: number | undefined): Built {
  const b = new Builder();
  const accounts = timeline.accounts;
  const T = timeline.years.length;
  const owners = ownersByYear(timeline);
  const maximizeBequest = fixedLevel !== undefined;
  const level = maximizeBequest ? b.col(fixedLevel, fixedLevel) : b.col(0, INF, 1);
  const firstTaxable = accounts.findIndex((a) => a.kind === 'taxable');
  const balances: number[][] = accounts.map(() => []);
  const years: YearCols[] = [];
  const pieceRates: number[][] = [];

  for (let t = 0; t < T; t++) {
    const y = timeline.years[t] as (typeof timeline.years)[number];
    const f = feedback[t] as YearFeedback;
    const own = owners[t] as number[];
    const pieces = taxPieces(y, timeline.inflation);
    const ordinary = ordinaryPieces(pieces);
    const deduction = pieces.standardDeduction + (f.seniorDeduction ?? pieces.seniorDeduction);
    const [r0, r15, r20] = pieces.gainRates;

    const withdrawals = accounts.map(() => b.col(0, INF));
    // The Roth account each account's conversions go into (-1: no conversion from it).
    const into = accounts.map((a, i) =>
      a.kind === 'tax_deferred' && timeline.maxConversion > 0 ? rothFor(accounts, own, own[i] as number) : -1,
    );
    const conversions = into.map((roth) => (roth >= 0 ? b.col(0, timeline.maxConversion) : -1));
    const deposit = b.col(0, INF, 0, DEPOSIT_TIE_BREAK);
    const pieceCols = ordinary.map((p) => b.col(0, p.width, 0, p.rate));
    const gains: [number, number, number] = [
      b.col(0, INF, 0, r0),
      b.col(0, INF, 0, r15),
      b.col(0, INF, 0, r20),
    ];
    const state = b.col(0, INF, 0, 1);
    const next = accounts.map(() => b.col(0, INF));
    accounts.forEach((_, i) => {
      balances[i]?.push(next[i] as number);
    });
    years.push({ withdrawals, conversions, deposit, pieces: pieceCols, gains, state });
    pieceRates.push(ordinary.map((p) => p.rate));

    // Income the decisions do not change.
    let cash = 0;
    let base = f.taxableSocialSecurity;
    for (const p of y.people) {
      cash += p.wages + p.pension + p.socialSecurity;
      base += p.wages + p.pension;
    }
    // Start-of-year balance of account i: a constant in the first year, a column after.
    const start = (row: Map<number, number>, i: number, coef: number): number => {
      if (t === 0) return coef * (accounts[i]?.balance ?? 0);
      add(row, balances[i]?.[t - 1] as number, coef);
      return 0;
    };

    // Cash flow: sum W - level x factor - federal - state - deposit = fixedCosts - income.
    const cf = b.row(f.fixedCosts - cash, f.fixedCosts - cash);
    for (const w of withdrawals) add(cf, w, 1);
    add(cf, level, -y.spendingFactor);
    add(cf, deposit, -1);
    add(cf, state, -1);
    ordinary.forEach((p, k) => {
      add(cf, pieceCols[k] as number, -p.rate);
    });
    add(cf, gains[0], -r0);
    add(cf, gains[1], -r15);
    add(cf, gains[2], -r20);

    // Ordinary taxable income and total taxable income.
    const ord = b.row(base - deduction, INF);
    const tot = b.row(base - deduction, INF);
    const st = b.row((f.stateOffset ?? 0) + f.stateRate * base, INF);
    add(st, state, 1);
    for (const c of pieceCols) {
      add(ord, c, 1);
      add(tot, c, 1);
    }
    for (const g of gains) add(tot, g, 1);
    accounts.forEach((a, i) => {
      const w = withdrawals[i] as number;
      const x = conversions[i] as number;
      if (a.kind === 'tax_deferred') {
        for (const row of [ord, tot]) {
          add(row, w, -1);
          if (x >= 0) add(row, x, -1);
        }
        add(st, w, -f.stateRate);
        if (x >= 0) add(st, x, -f.stateRate);
      } else if (a.kind === 'taxable') {
        add(tot, w, -f.gainFraction);
        add(st, w, -f.stateRate * f.gainFraction);
      }
    });
    // Gain bands stacked on the ordinary taxable income.
    const band0 = b.row(-INF, pieces.zeroRateTop);
    const band15 = b.row(-INF, pieces.fifteenRateTop);
    add(band0, gains[0], 1);
    add(band15, gains[0], 1);
    add(band15, gains[1], 1);
    ordinary.forEach((p, k) => {
      if (p.band === 0) add(band0, pieceCols[k] as number, 1);
      if (p.band <= 1) add(band15, pieceCols[k] as number, 1);
    });

    // Balances: B[a,t+1] + g (W + X - conversions in - deposit) - g B[a,t] = 0; W + X <= B[a,t].
    const g = y.growth;
    accounts.forEach((_, i) => {
      const balRow = b.bounded(0, 0);
      const bal = balRow.entries;
      add(bal, next[i] as number, 1);
      add(bal, withdrawals[i] as number, g);
      const x = conversions[i] as number;
      if (x >= 0) add(bal, x, g);
      if (i === firstTaxable) add(bal, deposit, -g);
      into.forEach((roth, j) => {
        if (roth === i) add(bal, conversions[j] as number, -g);
      });
      const constant = start(bal, i, -g);
      balRow.lower = -constant;
      balRow.upper = -constant;

      const capRow = b.bounded(-INF, 0);
      add(capRow.entries, withdrawals[i] as number, 1);
      if (x >= 0) add(capRow.entries, x, 1);
      capRow.upper = -start(capRow.entries, i, -1);
    });

    // RMDs and the conversion limit, per person.
    y.people.forEach((person, p) => {
      const mine = accounts.map((a, i) => a.kind === 'tax_deferred' && own[i] === p);
      if (!mine.some(Boolean)) return;
      if (person.alive && person.rmdDivisor !== undefined && person.rmdDivisor > 0) {
        const rmd = b.bounded(0, INF);
        let constant = 0;
        accounts.forEach((_, i) => {
          if (!mine[i]) return;
          add(rmd.entries, withdrawals[i] as number, 1);
          constant += start(rmd.entries, i, -1 / (person.rmdDivisor as number));
        });
        rmd.lower = -constant;
      }
      const xs = accounts.map((_, i) => (mine[i] ? (conversions[i] as number) : -1)).filter((x) => x >= 0);
      if (xs.length > 1) {
        const limit = b.row(-INF, timeline.maxConversion);
        for (const x of xs) add(limit, x, 1);
      }
    });
  }

  // Bequest: objective (max_bequest) or floor (max_spending).
  if (maximizeBequest) {
    accounts.forEach((a, i) => {
      b.cost[balances[i]?.[T - 1] as number] = bequestWeight(a.kind, timeline.heirsRate);
    });
  } else {
    const floor = b.row(timeline.bequestFloor, INF);
    accounts.forEach((a, i) => {
      add(floor, balances[i]?.[T - 1] as number, bequestWeight(a.kind, timeline.heirsRate));
    });
  }
  return { lp: b.toSparse(true), level, years, balances, pieceRates, owners };
}

/** A solution value, with the solver's round-off below zero cleared. */
function value(s: SparseSolution, col: number): number {
  const v = s.x[col] ?? 0;
  return v > 0 ? v : 0;
}

function readPlan(
  timeline: Timeline,
  feedback: readonly YearFeedback[],
  built: Built,
  s: SparseSolution,
): LpPlan {
  const accounts = timeline.accounts;
  const T = timeline.years.length;
  const level = value(s, built.level);
  const decisions: YearDecision[] = [];
  const modeledTaxes: number[] = [];
  const years: LpYear[] = [];
  for (let t = 0; t < T; t++) {
    const y = timeline.years[t] as (typeof timeline.years)[number];
    const f = feedback[t] as YearFeedback;
    const cols = built.years[t] as YearCols;
    const own = built.owners[t] as number[];
    const withdrawals = cols.withdrawals.map((c) => value(s, c));
    const conversions = y.people.map((_, p) =>
      cols.conversions.reduce((sum, c, i) => (c >= 0 && own[i] === p ? sum + value(s, c) : sum), 0),
    );
    const rates = built.pieceRates[t] as number[];
    const [r0, r15, r20] = taxPieces(y, timeline.inflation).gainRates;
    const federalTax =
      cols.pieces.reduce((sum, c, k) => sum + (rates[k] as number) * value(s, c), 0) +
      r0 * value(s, cols.gains[0]) +
      r15 * value(s, cols.gains[1]) +
      r20 * value(s, cols.gains[2]);
    const stateTax = value(s, cols.state);
    let ordinaryIncome = f.taxableSocialSecurity;
    for (const p of y.people) ordinaryIncome += p.wages + p.pension;
    let taxableWithdrawals = 0;
    accounts.forEach((a, i) => {
      if (a.kind === 'tax_deferred')
        ordinaryIncome +=
          (withdrawals[i] as number) +
          ((cols.conversions[i] as number) >= 0 ? value(s, cols.conversions[i] as number) : 0);
      if (a.kind === 'taxable') taxableWithdrawals += withdrawals[i] as number;
    });
    decisions.push({ withdrawals, conversions, spending: level * y.spendingFactor });
    modeledTaxes.push(federalTax + stateTax);
    years.push({
      federalTax,
      stateTax,
      deposit: value(s, cols.deposit),
      ordinaryIncome,
      gains: f.gainFraction * taxableWithdrawals,
      ordinaryTaxable: cols.pieces.reduce((sum, c) => sum + value(s, c), 0),
    });
  }
  const bequest = accounts.reduce(
    (sum, a, i) =>
      sum + bequestWeight(a.kind, timeline.heirsRate) * value(s, built.balances[i]?.[T - 1] as number),
    0,
  );
  return {
    decisions,
    level,
    bequest,
    modeledTaxes,
    objective: timeline.objective === 'max_spending' ? level : bequest,
    iterations: s.iterations,
    status: s.status,
    years,
    basis: s.basis,
  };
}

/** Whole dollars, rounded down (a bound the message quotes is then reachable). */
const dollars = (amount: number): string => `$${Math.floor(amount + 1e-6).toLocaleString('en-US')}`;

/**
 * The plan the linear program finds for a timeline, given the feedback of the previous exact
 * evaluation (one entry per plan year). Synchronous; the solver must be loaded ({@link loadSolver}).
 * An unreachable bequest floor or spending level is a `no_solution` CalculationError on
 * `bequest_floor` or `spending`.
 *
 * @example
 * ```ts
 * import { loadSolver } from './solver';
 * await loadSolver();
 * // 100,000 in a Roth account, no growth, two years: 50,000 a year (tax-free).
 * const person = { alive: true, age: 70, wages: 0, pension: 0, socialSecurity: 0, rmdDivisor: undefined };
 * const year = (index: number) => ({ index, year: 2026 + index, people: [person], filingStatus: 'single' as const,
 *   spendingFactor: 1, growth: 1, priceIndex: 1, aca: false });
 * const plan = solveLp({
 *   startYear: 2026, people: [{ birthYear: 1956, lastYear: 2027, sex: undefined }],
 *   accounts: [{ owner: 0, kind: 'taxable', balance: 0, basis: 0 }, { owner: 0, kind: 'roth', balance: 100_000, basis: 0 }],
 *   years: [year(0), year(1)], state: undefined, inflation: 0, objective: 'max_spending', spendingLevel: 0,
 *   bequestFloor: 0, heirsRate: 0, maxConversion: 0, acaBenchmarkPremium: 0, discountRate: 0,
 * }, [0, 1].map(() => ({ taxableSocialSecurity: 0, fixedCosts: 0, gainFraction: 0, stateRate: 0 })));
 * Math.round(plan.level); // 50000
 * ```
 */
export function solveLp(
  timeline: Timeline,
  feedback: readonly YearFeedback[],
  options: SolveLpOptions = {},
): LpPlan {
  check(timeline, feedback);
  if (timeline.years.length === 0) throw new Error('solveLp: a timeline has at least one year');
  const fixed = timeline.objective === 'max_bequest' ? timeline.spendingLevel : undefined;
  const built = build(timeline, feedback, fixed);
  let s = solveSparse({ ...built.lp, basis: options.warmStart?.basis });
  // Numerical trouble: HiGHS 'unknown' (seen in the tie-breaking stage that holds the first objective
  // at its optimum), or presolve declaring a feasible problem infeasible (seen with feedback from a
  // household of large incomes). Solve again cold without presolve, then without the tie-breaker,
  // before reporting anything.
  const retry = { ...built.lp, options: { presolve: 'off' } };
  if (s.status !== 'optimal') s = solveSparse(retry);
  if (s.status === 'unknown') s = solveSparse({ ...retry, secondary: undefined });
  if (s.status === 'optimal') return readPlan(timeline, feedback, built, s);
  if (s.status !== 'infeasible' && s.status !== 'unbounded_or_infeasible') {
    throw new Error(`solveLp: the solver ended with status ${s.status}`);
  }
  // Why: solve the other problem (no floor, or no fixed level) to say how far the request is.
  if (timeline.objective === 'max_spending') {
    const builtMost = build(timeline, feedback, 0);
    const most = solveSparse(builtMost.lp);
    if (most.status === 'optimal') {
      const bequest = readPlan({ ...timeline, objective: 'max_bequest' }, feedback, builtMost, most).bequest;
      throw new CalculationError('no_solution', [
        {
          path: 'bequest_floor',
          code: 'unreachable',
          message: `no spending level leaves an after-tax bequest of ${dollars(timeline.bequestFloor)}: with no spending the plan leaves at most ${dollars(bequest)} (start-year dollars)`,
        },
      ]);
    }
  } else {
    const builtMost = build({ ...timeline, bequestFloor: 0 }, feedback, undefined);
    const most = solveSparse(builtMost.lp);
    if (most.status === 'optimal') {
      const level = value(most, builtMost.level);
      throw new CalculationError('no_solution', [
        {
          path: 'spending',
          code: 'unreachable',
          message: `the accounts cannot pay a spending level of ${dollars(timeline.spendingLevel)}: the most they can pay is ${dollars(level)} a year (start-year dollars)`,
        },
      ]);
    }
  }
  throw new CalculationError('no_solution', [
    {
      path: 'spending',
      code: 'unreachable',
      message:
        'the income and accounts cannot pay the taxes and fixed costs (IRMAA, Marketplace premiums) even with no spending',
    },
  ]);
}
