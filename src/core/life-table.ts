/**
 * Life-table mathematics shared by every actuarial engine (longevity, annuities, pensions, Social
 * Security claiming, life insurance, long-term care): survival probabilities, life expectancies,
 * median lifetimes, joint-life and last-survivor statuses, and survival-weighted annuity and insurance
 * factors, over any table of one-year death probabilities q_x by integer age.
 *
 * Conventions (Bowers et al., Actuarial Mathematics, 2nd ed., 1997, ch. 3, 5, 9):
 * - Fractional ages: deaths are uniformly distributed within each year of age (UDD), so
 *   `{}_{k+s}p_x = {}_kp_x (1 - s q_{x+k})` for integer k and 0 <= s <= 1.
 * - Two lives are independent; ages are integers, so both lives' years of age begin together.
 * - A table ends with a year in which everyone dies (q = 1); {@link lifeTable} appends that year when
 *   the published table stops short of it.
 * - Interest is an annual effective rate i; v = 1 / (1 + i), and a payment at time t (years) is
 *   discounted by v^t.
 *
 * Results are float64 and unrounded: operations round at the edge.
 *
 * @internal
 * @module
 */
import { brent } from './roots';

/** One-year death probabilities by integer age from 0: `q[x]`; the last entry is 1. */
export interface LifeTable {
  readonly q: readonly number[];
}

/**
 * A life table from published death probabilities `q[0..]`, each multiplied by `frailty` and capped at
 * 1. When the last published probability is below 1, one more year with q = 1 closes the table (nobody
 * outlives the age after the last published one).
 *
 * @example
 * ```ts
 * lifeTable([0.5, 0.5]).q; // [0.5, 0.5, 1]
 * lifeTable([0.5, 0.8], 1.5).q; // [0.75, 1, 1]
 * ```
 */
export function lifeTable(q: readonly number[], frailty = 1): LifeTable {
  if (!(frailty >= 0) || !Number.isFinite(frailty)) throw new RangeError('lifeTable: frailty must be >= 0');
  const scaled = q.map((value) => {
    if (!(value >= 0 && value <= 1)) throw new RangeError(`lifeTable: q must be in [0, 1] (got ${value})`);
    return Math.min(1, value * frailty);
  });
  // Close on the published values, so that frailty never changes the table's length (ages accepted).
  if (q.length === 0 || (q[q.length - 1] as number) < 1) scaled.push(1);
  return { q: scaled };
}

/** A life aged exactly `age` (an integer) on `table`. */
export interface Life {
  readonly table: LifeTable;
  readonly age: number;
}

/**
 * Something paid while a status holds: `weight(t)` is the expected fraction of a payment due at time
 * t (years from now) that is paid, between 0 and 1 (the probability that one life survives, that both
 * survive, that at least one survives, or a combination such as a joint-and-survivor benefit), and 0
 * from `horizon` on.
 */
export interface Status {
  weight(t: number): number;
  /** Whole years after which the weight is 0 (every life involved is dead). */
  readonly horizon: number;
}

/** `{}_kp_x` for k = 0..n (n = years until the table ends): the last entry is 0. */
function survivorship(life: Life): Float64Array {
  const { q } = life.table;
  if (!Number.isInteger(life.age) || life.age < 0 || life.age >= q.length) {
    throw new RangeError(`life-table: age must be an integer from 0 to ${q.length - 1} (got ${life.age})`);
  }
  const n = q.length - life.age;
  const p = new Float64Array(n + 1);
  p[0] = 1;
  for (let k = 0; k < n; k++) p[k + 1] = (p[k] as number) * (1 - (q[life.age + k] as number));
  return p;
}

/**
 * The single-life status of `life`: weight(t) = `{}_tp_x` under UDD.
 *
 * @example
 * ```ts
 * const life = single({ table: lifeTable([0.5]), age: 0 });
 * life.weight(0.5); // 0.75
 * ```
 */
export function single(life: Life): Status {
  const p = survivorship(life);
  const { q } = life.table;
  const horizon = p.length - 1;
  return {
    horizon,
    weight(t) {
      if (t <= 0) return 1;
      if (t >= horizon) return 0;
      const k = Math.floor(t);
      return (p[k] as number) * (1 - (t - k) * (q[life.age + k] as number));
    },
  };
}

/**
 * The joint-life status of two independent lives: both alive (it fails at the first death).
 *
 * @example
 * ```ts
 * const a = { table: lifeTable([0.5]), age: 0 };
 * jointLife(a, a).weight(0.5); // 0.5625
 * ```
 */
export function jointLife(a: Life, b: Life): Status {
  const x = single(a);
  const y = single(b);
  return { horizon: Math.min(x.horizon, y.horizon), weight: (t) => x.weight(t) * y.weight(t) };
}

/**
 * The last-survivor status of two independent lives: at least one alive (it fails at the second death).
 *
 * @example
 * ```ts
 * const a = { table: lifeTable([0.5]), age: 0 };
 * lastSurvivor(a, a).weight(0.5); // 0.9375
 * ```
 */
export function lastSurvivor(a: Life, b: Life): Status {
  const x = single(a);
  const y = single(b);
  return {
    horizon: Math.max(x.horizon, y.horizon),
    weight: (t) => {
      const px = x.weight(t);
      const py = y.weight(t);
      return px + py - px * py;
    },
  };
}

/**
 * Who receives the reduced survivor payment of a joint-and-survivor benefit:
 * - `contingent`: the primary life is paid in full for life; after the primary's death the joint life
 *   receives `fraction` of it (a pension's qualified joint and survivor annuity).
 * - `either`: full while both live; after the first death, whichever survives receives `fraction`.
 */
export type SurvivorForm = 'contingent' | 'either';

/**
 * A joint-and-survivor benefit of 1 on `primary` and `joint` with the survivor `fraction` (0-1):
 * contingent weight `p_x + f (p_y - p_xy)`; either weight `p_xy + f (p_x + p_y - 2 p_xy)`.
 *
 * @example
 * ```ts
 * const a = { table: lifeTable([0.5]), age: 0 };
 * jointAndSurvivor(a, a, 0.5, 'either').weight(0.5); // 0.75
 * ```
 */
export function jointAndSurvivor(primary: Life, joint: Life, fraction: number, form: SurvivorForm): Status {
  const x = single(primary);
  const y = single(joint);
  return {
    horizon: Math.max(x.horizon, y.horizon),
    weight: (t) => {
      const px = x.weight(t);
      const py = y.weight(t);
      const both = px * py;
      return form === 'contingent' ? px + fraction * (py - both) : both + fraction * (px + py - 2 * both);
    },
  };
}

/**
 * The weight at each whole year t = 0..horizon (for a single life, the survival curve `{}_tp_x`).
 *
 * @example
 * ```ts
 * survivalCurve(single({ table: lifeTable([0.5]), age: 0 })); // [1, 0.5, 0]
 * ```
 */
export function survivalCurve(status: Status): number[] {
  return Array.from({ length: status.horizon + 1 }, (_, t) => status.weight(t));
}

/**
 * Curtate expectation of life `e = sum_{k>=1} {}_kp`: the expected number of whole future years lived.
 *
 * @example
 * ```ts
 * curtateExpectancy(single({ table: lifeTable([0.5]), age: 0 })); // 0.5
 * ```
 */
export function curtateExpectancy(status: Status): number {
  let total = 0;
  for (let k = 1; k <= status.horizon; k++) total += status.weight(k);
  return total;
}

/**
 * Complete expectation of life: the integral of the weight over all future time. Under UDD the weight
 * of a single, joint or last-survivor status is a polynomial of degree at most 2 within each year of
 * age, so Simpson's rule on each year is exact (for a single life it equals curtate + 1/2).
 *
 * @example
 * ```ts
 * completeExpectancy(single({ table: lifeTable([0.5]), age: 0 })); // 1
 * ```
 */
export function completeExpectancy(status: Status): number {
  let total = 0;
  for (let k = 0; k < status.horizon; k++) {
    total += (status.weight(k) + 4 * status.weight(k + 0.5) + status.weight(k + 1)) / 6;
  }
  return total;
}

/**
 * The time t (years) at which the weight falls to `level` (default 0.5: the median future lifetime
 * of a life or status), located by whole years and refined by Brent's method within the year. Returns
 * 0 when the weight starts at or below `level`.
 *
 * @example
 * ```ts
 * medianFutureLifetime(single({ table: lifeTable([0.5]), age: 0 })); // 1
 * ```
 */
export function medianFutureLifetime(status: Status, level = 0.5): number {
  let k = 0;
  if (status.weight(0) <= level) return 0;
  while (k < status.horizon && status.weight(k + 1) > level) k++;
  const f = (t: number) => status.weight(t) - level;
  const fk = f(k);
  const fk1 = f(k + 1);
  if (fk1 === 0) return k + 1;
  return brent(f, k, k + 1, fk, fk1, 1e-12);
}

/** Payment pattern of a survival-weighted annuity. */
export interface AnnuityOptions {
  /** Annual effective interest rate (0.04 = 4%); > -1. */
  readonly rate: number;
  /** Payments per year (1 = annual, 12 = monthly); default 1. Each payment is 1 / frequency. */
  readonly frequency?: number;
  /** `advance` (annuity-due: the first payment at the start) or `arrears` (one period later); default advance. */
  readonly timing?: 'advance' | 'arrears';
  /** Years before payments start (a deferred annuity); default 0. Whole years or whole periods. */
  readonly deferral?: number;
  /** Years of payments, from the start, paid whether or not the status holds (period certain); default 0. */
  readonly certainYears?: number;
  /** Years of payments at most (a temporary annuity); default: until the status fails. */
  readonly termYears?: number;
  /** Annual growth of the payment, stepped on each anniversary of the start (a COLA); default 0. */
  readonly growth?: number;
}

/**
 * Expected present value of an annuity of 1 a year on `status` (paid in `frequency` installments of
 * 1/frequency), at the annual effective `rate`: the sum over payments of amount x weight x v^t. With
 * the defaults it is the annual whole-life annuity-due `ä_x`; `frequency: 12` gives `ä^(12)_x`
 * computed payment by payment (exact under UDD, not the α(m)/β(m) approximation, though the two agree
 * under UDD for a whole-life annuity).
 *
 * @example
 * ```ts
 * const life = single({ table: lifeTable([0.5]), age: 0 });
 * annuityFactor(life, { rate: 0 }); // 1.5
 * ```
 */
export function annuityFactor(status: Status, options: AnnuityOptions): number {
  if (!(options.rate > -1)) throw new RangeError('annuity: rate must be > -1');
  const m = options.frequency ?? 1;
  if (!Number.isInteger(m) || m < 1) throw new RangeError('annuity: frequency must be a positive integer');
  const lnV = -Math.log1p(options.rate);
  const deferral = options.deferral ?? 0;
  const shift = options.timing === 'arrears' ? 1 : 0;
  const growth = options.growth ?? 0;
  // Payments run until the status fails (or for termYears); those within the period certain are made
  // whatever the status (weight 1).
  const certainPayments = Math.round((options.certainYears ?? 0) * m);
  const count =
    options.termYears === undefined
      ? Math.max(certainPayments, Math.ceil((status.horizon - deferral) * m) + 1)
      : Math.round(options.termYears * m);
  let total = 0;
  for (let j = 0; j < count; j++) {
    const t = deferral + (j + shift) / m;
    const weight = j < certainPayments ? 1 : status.weight(t);
    if (weight === 0) continue;
    const amount = (growth === 0 ? 1 : (1 + growth) ** Math.floor(j / m)) / m;
    total += amount * weight * Math.exp(lnV * t);
  }
  return total;
}

/** A status that always holds: an annuity on it pays every payment (see {@link annuityCertain}). */
const CERTAIN: Status = { horizon: Number.POSITIVE_INFINITY, weight: () => 1 };

/**
 * Present value of an annuity-certain of 1 a year for `years` (paid in `frequency` installments of
 * 1/frequency, with the same timing, deferral and growth options as {@link annuityFactor}): every
 * payment is made, whoever lives. `years x frequency` payments (rounded to a whole number).
 *
 * @example
 * ```ts
 * annuityCertain(2, { rate: 0.1 }).toFixed(6); // '1.909091' = 1 + 1/1.1 (annual, in advance)
 * annuityCertain(1, { rate: 0, frequency: 12, growth: 0.5 }); // 1 (growth steps up on anniversaries only)
 * ```
 */
export function annuityCertain(
  years: number,
  options: Omit<AnnuityOptions, 'certainYears' | 'termYears'>,
): number {
  if (!(years >= 0)) throw new RangeError('annuityCertain: years must be >= 0');
  return annuityFactor(CERTAIN, { ...options, certainYears: years, termYears: years });
}

/**
 * Expected number of years' worth of payments (undiscounted): the annuity factor at a zero rate, the
 * multiplier of the annual income that gives the expected total paid.
 *
 * @example
 * ```ts
 * expectedPayments(single({ table: lifeTable([0.5]), age: 0 }), {}); // 1.5
 * ```
 */
export function expectedPayments(status: Status, options: Omit<AnnuityOptions, 'rate'>): number {
  return annuityFactor(status, { ...options, rate: 0 });
}

/**
 * Expected present value of 1 paid at the end of the year in which the status fails (a whole life
 * insurance `A_x` for a single life, `A_xy` for a joint-life status): `sum_k v^(k+1) (p_k - p_(k+1))`.
 *
 * @example
 * ```ts
 * wholeLifeInsurance(single({ table: lifeTable([0.5]), age: 0 }), 0); // 1
 * ```
 */
export function wholeLifeInsurance(status: Status, rate: number): number {
  if (!(rate > -1)) throw new RangeError('insurance: rate must be > -1');
  const v = 1 / (1 + rate);
  let total = 0;
  let discount = v;
  for (let k = 0; k < status.horizon; k++) {
    total += discount * (status.weight(k) - status.weight(k + 1));
    discount *= v;
  }
  return total;
}
