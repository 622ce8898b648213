/**
 * Exact arithmetic for the state rules (see `state-tax.ts` for the scheme): a computation's amounts are
 * whole numbers of `1 / u` dollars; a table figure is read as its decimal form; a product by a rate or a
 * phase-out fraction that is not a whole number of units throws `Rescale` and the computation reruns at
 * a finer unit.
 *
 * @internal
 * @module
 */
import type { FilingStatus } from '../../core/schema';
import {
  add,
  type DecimalForm,
  decimalOf,
  divCeil,
  type Int,
  inUnits,
  max,
  min,
  mul,
  mulDivExact,
  negForm,
  plusForm,
  pow10,
  sub,
  timesForm,
  toNumber,
} from './exact';

/** The decimal forms of the tables' figures (a few hundred distinct numbers). */
const forms = new Map<number, DecimalForm>();

export function form(x: number): DecimalForm {
  let f = forms.get(x);
  if (f === undefined) {
    f = decimalOf(x);
    if (forms.size < 4096) forms.set(x, f);
  }
  return f;
}

/** A rate schedule with the exact tax at each threshold. */
export interface Schedule {
  readonly rates: readonly number[];
  readonly thresholds: readonly number[];
  /** Tax on income of exactly `thresholds[i]`, as a decimal. */
  readonly base: readonly DecimalForm[];
}

const schedules = new WeakMap<object, Schedule>();

/** The schedule of `rows`, built once per `key` (the rows object itself unless given). */
export function scheduleOf(rows: { thresholds: number[]; rates: number[] }, key: object = rows): Schedule {
  let schedule = schedules.get(key);
  if (schedule === undefined) {
    // base[i] = sum over j < i of (thresholds[j + 1] - thresholds[j]) x rates[j], in exact decimals
    const base: DecimalForm[] = [{ m: 0, places: 0 }];
    for (let i = 1; i < rows.thresholds.length; i++) {
      const width = plusForm(
        form(rows.thresholds[i] as number),
        negForm(form(rows.thresholds[i - 1] as number)),
      );
      base.push(plusForm(base[i - 1] as DecimalForm, timesForm(width, form(rows.rates[i - 1] as number))));
    }
    schedule = { rates: rows.rates, thresholds: rows.thresholds, base };
    schedules.set(key, schedule);
  }
  return schedule;
}

/** A linear phase-out's fraction as `n / d` (0 <= n <= d). */
export interface Fraction {
  readonly n: Int;
  readonly d: Int;
}

export const NO_FRACTION: Fraction = { n: 0, d: 1 };

/** The figures of a phase-out rule (`phaseoutShape` in the table schema). */
export type Phaseout =
  | {
      start: Record<FilingStatus, number>;
      width: Record<FilingStatus, number>;
      step?: Record<FilingStatus, number> | undefined;
    }
  | undefined;

/** Exact arithmetic at the unit `1 / u` dollars. */
export class Units {
  constructor(readonly u: Int) {}

  /** A figure (a double, read as its decimal form) in units. */
  of(x: number): Int {
    return Number.isSafeInteger(x) ? mul(x, this.u) : inUnits(form(x), this.u);
  }

  /** `v x rate`, exact. */
  times(v: Int, rate: number): Int {
    if (v === 0 || rate === 0) return 0;
    const r = form(rate);
    return r.places === 0 ? mul(v, r.m) : mulDivExact(v, r.m, pow10(r.places));
  }

  /** The double nearest `v` dollars. */
  num(v: Int): number {
    return toNumber(v, this.u);
  }

  /** The number of `step`s (a part of one counting as one) by which `measure` is over `start`. */
  stepsOver(measure: Int, start: number, step: number): Int {
    return divCeil(max(sub(measure, this.of(start)), 0), this.of(step));
  }

  /**
   * The linear phase-out fraction of `rule` at `measure`: (measure - start) / width, within 0 and 1;
   * with `step`, the excess counted in whole steps (each step or part of one).
   */
  fraction(rule: Phaseout, status: FilingStatus, measure: Int): Fraction {
    if (rule === undefined) return NO_FRACTION;
    const step = rule.step?.[status];
    const excess =
      step === undefined
        ? max(sub(measure, this.of(rule.start[status])), 0)
        : mul(this.stepsOver(measure, rule.start[status], step), this.of(step));
    const d = this.of(rule.width[status]);
    return { n: min(excess, d), d };
  }

  /** `amount` less its `fraction`. */
  less(amount: Int, fraction: Fraction): Int {
    return fraction.n === 0 ? amount : sub(amount, mulDivExact(amount, fraction.n, fraction.d));
  }

  /** Tax on `x` through `schedule`: `base[k] + rate[k] x (x - threshold[k])`, zero at or below zero. */
  tax(schedule: Schedule, x: Int): Int {
    if (x <= 0) return 0;
    const k = bracketIndexOf(schedule, this.num(x));
    const over = sub(x, this.of(schedule.thresholds[k] as number));
    return add(
      inUnits(schedule.base[k] as DecimalForm, this.u),
      this.times(over, schedule.rates[k] as number),
    );
  }

  /** A request amount in units. */
  input(x: DecimalForm): Int {
    return inUnits(x, this.u);
  }
}

export function bracketIndexOf(schedule: Schedule, income: number): number {
  const t = schedule.thresholds;
  let k = 0;
  while (k + 1 < t.length && income >= (t[k + 1] as number)) k++;
  return k;
}

/** Notes, built when read (a computation in a loop rarely reads them). */
export type Note = () => string;
