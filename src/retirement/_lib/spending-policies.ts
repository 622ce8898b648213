/**
 * The spending rules of the retirement simulations as policies of one shape: a {@link SpendingPolicy}
 * answers "what is withdrawn this year?" from one path's state, and the path loop (`path-loop.ts`)
 * calls it once per path and year. Every rule is one instance of the same class, so the loop's call
 * site sees one hidden class (monomorphic, inlined by the JIT) whatever the rule; a rule is chosen by
 * its factory: {@link fixedRealPolicy}, {@link fixedPercentPolicy}, {@link vpwPolicy},
 * {@link floorAndCeilingPolicy}, {@link guytonKlingerPolicy}. The arithmetic of each rule is the pure
 * function of `spending-rules.ts`; docs/retirement.md states each rule and its source.
 *
 * @internal
 * @module
 */
import {
  floorAndCeilingWithdrawal,
  GUYTON_KLINGER_DEFAULTS,
  type GuytonKlingerRules,
  guytonKlingerWithdrawal,
} from './spending-rules';

const FIXED_REAL = 0;
const FIXED_PCT = 1;
const VPW = 2;
const FLOOR_AND_CEILING = 3;
const GUYTON_KLINGER = 4;
type Kind =
  | typeof FIXED_REAL
  | typeof FIXED_PCT
  | typeof VPW
  | typeof FLOOR_AND_CEILING
  | typeof GUYTON_KLINGER;

/** The placeholder of a schedule a rule does not use (every field keeps one type on every policy). */
const NONE = new Float64Array(0);

/**
 * One spending rule. Build it with a factory; the fields a rule does not use hold placeholders, so
 * that every policy has the same hidden class.
 */
export class SpendingPolicy {
  /** The step (simulated year) of the first withdrawal; the steps before it save instead. */
  readonly firstStep: number;
  /**
   * Whether a surviving path's withdrawal depends on its market (every rule but fixed_real). When it
   * does not, every path still paying pays the same planned amount, and the loop stores no withdrawals.
   */
  readonly varies: boolean;
  private readonly kind: Kind;
  private readonly rate: number;
  /** fixed_real, guyton_klinger: the planned withdrawals by step; vpw: rates by years left; floor_and_ceiling: the floors by step. */
  private readonly schedule: Float64Array;
  /** floor_and_ceiling: the ceilings by step. */
  private readonly ceilings: Float64Array;
  private readonly rules: GuytonKlingerRules;
  private readonly inflationFactor: number;
  /** guyton_klinger: the initial withdrawal rate, or NaN to measure it on each path. */
  private readonly fixedInitialRate: number;

  /** @internal Use a factory. */
  constructor(
    kind: Kind,
    firstStep: number,
    rate: number,
    schedule: Float64Array,
    ceilings: Float64Array,
    rules: GuytonKlingerRules,
    inflationFactor: number,
    fixedInitialRate: number,
  ) {
    this.kind = kind;
    this.firstStep = firstStep;
    this.varies = kind !== FIXED_REAL;
    this.rate = rate;
    this.schedule = schedule;
    this.ceilings = ceilings;
    this.rules = rules;
    this.inflationFactor = inflationFactor;
    this.fixedInitialRate = fixedInitialRate;
  }

  /**
   * The path's initial withdrawal rate (Guyton-Klinger's reference; unused by the other rules): the one
   * given to {@link guytonKlingerPolicy}, or the first planned withdrawal over `balance`, the portfolio
   * of the path at its first withdrawal.
   */
  initialRate(balance: number): number {
    const fixed = this.fixedInitialRate;
    return Number.isNaN(fixed) ? (this.schedule[this.firstStep] as number) / balance : fixed;
  }

  /**
   * The withdrawal of step `t` (>= `firstStep`), before the loop caps it at the balance.
   *
   * @param t - the step (simulated year) of the withdrawal
   * @param yearsLeft - years left in the plan, counting this one (1 in the final year)
   * @param previous - the path's withdrawal of the step before (unused in the first withdrawal year)
   * @param balance - the portfolio at the start of the year, before this withdrawal
   * @param gross - the path's gross returns by step (Guyton-Klinger reads last year's, `gross[t - 1]`)
   * @param initialRate - the path's {@link SpendingPolicy.initialRate}
   * @returns the withdrawal (nominal dollars)
   */
  withdrawal(
    t: number,
    yearsLeft: number,
    previous: number,
    balance: number,
    gross: Float64Array,
    initialRate: number,
  ): number {
    switch (this.kind) {
      case FIXED_REAL:
        return this.schedule[t] as number;
      case FIXED_PCT:
        return this.rate * balance;
      case VPW:
        return (this.schedule[yearsLeft] as number) * balance;
      case FLOOR_AND_CEILING:
        return floorAndCeilingWithdrawal(
          this.rate,
          balance,
          this.schedule[t] as number,
          this.ceilings[t] as number,
        );
      default:
        if (t === this.firstStep) return this.schedule[t] as number;
        return guytonKlingerWithdrawal(
          this.rules,
          initialRate,
          previous,
          balance,
          gross[t - 1] as number,
          this.inflationFactor,
          yearsLeft,
        );
    }
  }
}

/**
 * Inflation-indexed spending: `planned[t]` in step `t`, whatever the markets do.
 *
 * @param planned - the withdrawal of each step (nominal dollars; steps before `firstStep` unused)
 * @param firstStep - the step of the first withdrawal
 * @example
 * ```ts
 * const policy = fixedRealPolicy(Float64Array.of(40_000, 41_000), 0);
 * policy.withdrawal(1, 1, 40_000, 10_000, Float64Array.of(0.5, 0.5), 0); // 41000
 * ```
 */
export function fixedRealPolicy(planned: Float64Array, firstStep: number): SpendingPolicy {
  return new SpendingPolicy(FIXED_REAL, firstStep, 0, planned, NONE, GUYTON_KLINGER_DEFAULTS, 1, Number.NaN);
}

/**
 * A fixed share of the portfolio: `rate x balance` each year.
 *
 * @param rate - the share withdrawn (0-1)
 * @param firstStep - the step of the first withdrawal
 * @example
 * ```ts
 * fixedPercentPolicy(0.05, 0).withdrawal(0, 30, 0, 950_000, new Float64Array(30), 0); // 47500
 * ```
 */
export function fixedPercentPolicy(rate: number, firstStep: number): SpendingPolicy {
  return new SpendingPolicy(FIXED_PCT, firstStep, rate, NONE, NONE, GUYTON_KLINGER_DEFAULTS, 1, Number.NaN);
}

/**
 * The variable percentage withdrawal: `rates[yearsLeft] x balance` (see `vpwRates`).
 *
 * @param rates - the percentages by years left, counting the year (`vpwRates`)
 * @param firstStep - the step of the first withdrawal
 * @example
 * ```ts
 * vpwPolicy(Float64Array.of(0, 1, 0.5), 0).withdrawal(0, 2, 0, 100_000, new Float64Array(2), 0); // 50000
 * ```
 */
export function vpwPolicy(rates: Float64Array, firstStep: number): SpendingPolicy {
  return new SpendingPolicy(VPW, firstStep, 0, rates, NONE, GUYTON_KLINGER_DEFAULTS, 1, Number.NaN);
}

/**
 * Floor and ceiling: `rate x balance`, kept between `floors[t]` and `ceilings[t]` (see
 * `floorAndCeilingWithdrawal`).
 *
 * @param rate - the share of the portfolio withdrawn
 * @param floors - the lowest withdrawal of each step (nominal dollars)
 * @param ceilings - the highest withdrawal of each step (nominal dollars, >= the floor)
 * @param firstStep - the step of the first withdrawal
 * @example
 * ```ts
 * const policy = floorAndCeilingPolicy(0.05, Float64Array.of(45_000), Float64Array.of(62_500), 0);
 * policy.withdrawal(0, 1, 0, 800_000, new Float64Array(1), 0); // 45000 (5% is 40,000, under the floor)
 * ```
 */
export function floorAndCeilingPolicy(
  rate: number,
  floors: Float64Array,
  ceilings: Float64Array,
  firstStep: number,
): SpendingPolicy {
  return new SpendingPolicy(
    FLOOR_AND_CEILING,
    firstStep,
    rate,
    floors,
    ceilings,
    GUYTON_KLINGER_DEFAULTS,
    1,
    Number.NaN,
  );
}

/** What {@link guytonKlingerPolicy} needs. */
export interface GuytonKlingerPolicyOptions {
  readonly rules: GuytonKlingerRules;
  /** The planned withdrawals by step: the first withdrawal is `planned[firstStep]`. */
  readonly planned: Float64Array;
  readonly firstStep: number;
  /** 1 + inflation: the yearly raise before the decision rules. */
  readonly inflationFactor: number;
  /**
   * The initial withdrawal rate the rules compare against; omitted: measured on each path as
   * `planned[firstStep]` over the path's portfolio at its first withdrawal.
   */
  readonly initialRate?: number;
}

/**
 * The Guyton-Klinger decision rules: `planned[firstStep]` in the first withdrawal year, then each year
 * `guytonKlingerWithdrawal` of last year's withdrawal.
 *
 * @example
 * ```ts
 * import { GUYTON_KLINGER_DEFAULTS } from './spending-rules';
 * const policy = guytonKlingerPolicy({
 *   rules: GUYTON_KLINGER_DEFAULTS, planned: Float64Array.of(50_000, 50_000), firstStep: 0,
 *   inflationFactor: 1, initialRate: 0.05,
 * });
 * policy.withdrawal(0, 30, 0, 1_000_000, Float64Array.of(0.7, 1), 0.05); // 50000 (the first year)
 * // 50,000 is 7.1% of 700,000: over 6% (20% above 5%) with 29 years left, cut by 10%.
 * policy.withdrawal(1, 29, 50_000, 700_000, Float64Array.of(0.7, 1), 0.05); // 45000
 * ```
 */
export function guytonKlingerPolicy(options: GuytonKlingerPolicyOptions): SpendingPolicy {
  return new SpendingPolicy(
    GUYTON_KLINGER,
    options.firstStep,
    0,
    options.planned,
    NONE,
    options.rules,
    options.inflationFactor,
    options.initialRate ?? Number.NaN,
  );
}
