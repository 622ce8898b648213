import * as z from 'zod/mini';
import { calculationError } from '../core/errors';
import { defineOperation } from '../core/operation';
import {
  RATE_SEARCH_MAX,
  RATE_SEARCH_MIN,
  type RateFunction,
  rateRoots,
  type Side,
  signChanges,
  UNIT_ROUNDOFF,
} from '../core/rate-roots';
import { annuityCertainFactor, roundMoney, roundTo } from '../core/rounding';
import { absent, crossFieldRules, fieldIssue, money, present, when } from '../core/schema';

const VARIABLES = ['rate', 'nper', 'pmt', 'pv', 'fv'] as const;
type Variable = (typeof VARIABLES)[number];

/** Lowest per-period rate searched (the shared range of `core/rate-roots`). */
export const TVM_RATE_MIN = RATE_SEARCH_MIN;
/** Highest per-period rate searched. */
export const TVM_RATE_MAX = RATE_SEARCH_MAX;
/** Decimal places of a solved per-period rate and of a solved number of periods. */
const RATE_PLACES = 10;
const NPER_PLACES = 6;

const PaymentTiming = z
  ._default(z.enum(['begin', 'end']), 'end')
  .check(
    z.describe(
      'When payments fall in each period: `end` (ordinary annuity, default) or `begin` (annuity due).',
    ),
  );

const TvmInputObject = z.strictObject({
  solve_for: z.enum(VARIABLES).check(z.describe('The variable to solve for; omit it from the request.')),
  rate: z
    .optional(z.number().check(z.gte(-0.99), z.lte(10)))
    .check(z.describe('Interest rate per period (0.005 = 0.5%).')),
  nper: z
    .optional(z.number().check(z.gt(0), z.lte(10_000)))
    .check(z.describe('Number of periods (may be fractional).')),
  pmt: z.optional(money('Payment each period; money paid out is negative, received positive. Default 0.')),
  pv: z.optional(money('Present value; money paid out is negative, received positive. Default 0.')),
  fv: z.optional(money('Future value; money paid out is negative, received positive. Default 0.')),
  payment_timing: PaymentTiming,
});

/**
 * `/v1/tvm` request: `solve_for` names the unknown; `rate` and `nper` are required unless solved for;
 * `pmt`, `pv` and `fv` default to 0 unless solved for.
 */
export const TvmInput = z.pipe(
  TvmInputObject.check(
    crossFieldRules(
      ...VARIABLES.map((variable) =>
        when('solve_for', [variable], {
          ...absent(variable),
          ...present(...(['rate', 'nper'] as const).filter((name) => name !== variable)),
        }),
      ),
    ),
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (input[input.solve_for] !== undefined) {
        issue(input.solve_for, `must be omitted when solve_for is "${input.solve_for}"`);
      }
      for (const name of ['rate', 'nper'] as const) {
        if (name !== input.solve_for && input[name] === undefined) {
          issue(name, 'is required');
        }
      }
    }),
  ),
  z.transform((input) => {
    const out: { solve_for: Variable; payment_timing: 'begin' | 'end' } & Partial<Record<Variable, number>> =
      {
        solve_for: input.solve_for,
        payment_timing: input.payment_timing,
      };
    for (const name of VARIABLES) {
      if (name === input.solve_for) continue;
      out[name] = input[name] ?? 0;
    }
    return out;
  }),
);
export type TvmInput = z.input<typeof TvmInput>;

export const TvmResult = z.object({
  solve_for: z.enum(VARIABLES),
  value: z
    .number()
    .check(z.describe('The solved variable (money to cents, rate to 10 places, nper to 6 places).')),
  rate: z.number(),
  nper: z.number(),
  pmt: z.number(),
  pv: z.number(),
  fv: z.number(),
  payment_timing: z.enum(['begin', 'end']),
  rate_roots: z
    .optional(z.array(z.number()))
    .check(
      z.describe(
        'Every rate in the searched range that solves the equation (to 10 places, ascending), when there is ' +
          'more than one; `rate` is the one nearest zero.',
      ),
    ),
});
/** The `result` of the envelope: the type of the `TvmResult` schema. */
export type TvmResult = z.infer<typeof TvmResult>;

/** Solved money beyond this magnitude cannot be stated to the cent in a double (2^53 cents ≈ 9e13). */
const SOLVED_MONEY_LIMIT = 1e13;

function solvedMoney(variable: 'pmt' | 'pv' | 'fv', value: number): number {
  if (!(Math.abs(value) < SOLVED_MONEY_LIMIT)) {
    throw noSolution(variable, `the ${variable} that solves this problem is beyond ±${SOLVED_MONEY_LIMIT}`);
  }
  return roundMoney(value);
}

/** 1 / expm1(y) - 1 / y + 1 / 2 (= y/12 - y^3/720 + ...: the 1/y of each term cancels by hand). */
function phi(y: number): number {
  if (Math.abs(y) < 0.01) {
    const y2 = y * y;
    return y * (1 / 12 - y2 * (1 / 720 - y2 * (1 / 30_240 - y2 / 1_209_600)));
  }
  return 1 / Math.expm1(y) - 1 / y + 0.5;
}

/**
 * The TVM equation as a function of x = ln(1 + r), scaled to stay finite: for x >= 0,
 * `B(x) = fv e^(-n x) + pv + pmt (1 + r w) A(x)` with the annuity factor `A = (1 - e^(-n x)) / r`
 * (the equation divided by (1 + r)^n), and for x < 0, `C(x) = fv + pv e^(n x) + pmt (1 + r w) Ā(x)`
 * with `Ā = (e^(n x) - 1) / r` (the equation itself). Both are positive multiples of it: same sign,
 * same roots. The derivative comes from ln A' = -(n + 1)/2 + n phi(n x) + phi(-x) and
 * ln Ā' = (n - 1)/2 + n phi(n x) - phi(x), free of the cancellation of the textbook quotient near r = 0.
 *
 * Evaluation error: n x is rounded once (so e^(-n x) and expm1(-n x) carry (n |x| + 3) u), r = expm1(x)
 * one ulp, and the few products, quotient and sums a few u more: at most (n |x| + 16) u times the sum
 * of the magnitudes of the three terms. The same equation as flows, for a whole n: pv + w pmt now,
 * pmt at periods 1 to n - 1, (1 - w) pmt + fv at n; its derivative's coefficients (dropping the flow
 * at time 0 for x >= 0, at time n for x < 0) change sign at most once on each side, so f has at most
 * one extremum on each side and the search needs no derivative beyond f'.
 */
function tvmFunction(n: number, pmt: number, pv: number, fv: number, w: number): RateFunction {
  const parts = (x: number, side: Side) => {
    const r = Math.expm1(x);
    const nx = n * x;
    const growth = 1 + r * w;
    if (side > 0) {
      const a = x === 0 ? n : -Math.expm1(-nx) / r;
      return { r, nx, growth, a, t1: fv * Math.exp(-nx), t2: pv, t3: pmt * growth * a };
    }
    const a = x === 0 ? n : Math.expm1(nx) / r;
    return { r, nx, growth, a, t1: fv, t2: pv * Math.exp(nx), t3: pmt * growth * a };
  };
  /** The slope of the annuity factor relative to itself: (ln A)' for x >= 0, (ln Ā)' for x < 0. */
  const logSlope = (x: number, nx: number, side: Side) =>
    side > 0 ? -(n + 1) / 2 + n * phi(nx) + phi(-x) : (n - 1) / 2 + n * phi(nx) - phi(x);
  /**
   * The sums of the magnitudes of the value's three terms and of the derivative's (each not increasing
   * away from x = 0: for a whole n, a positive sum of e^(-t x), t >= 0, on the right, of e^(t x) on the
   * left).
   */
  const magnitudes = (x: number, side: Side): [number, number] => {
    const { r, nx, growth, a, t1, t2, t3 } = parts(x, side);
    const slope =
      n * Math.abs(side > 0 ? t1 : t2) +
      Math.abs(pmt) * (w * (1 + r) * a + growth * a * Math.abs(logSlope(x, nx, side)));
    return [Math.abs(t1) + Math.abs(t2) + Math.abs(t3), slope];
  };
  const changes = signChanges([pv + w * pmt, pmt, (1 - w) * pmt + fv]);
  return {
    changes,
    maxOrder: 1,
    value: (x) => {
      if (x === 0) return fv + pv + pmt * n;
      const r = Math.expm1(x);
      const nx = n * x;
      if (x > 0) return fv * Math.exp(-nx) + pv - (pmt * (1 + r * w) * Math.expm1(-nx)) / r;
      return fv + pv * Math.exp(nx) + (pmt * (1 + r * w) * Math.expm1(nx)) / r;
    },
    derivative: (x, _order, side) => {
      const { r, nx, growth, a, t1, t2 } = parts(x, side);
      const payments = pmt * (w * (1 + r) * a + growth * a * logSlope(x, nx, side));
      return side > 0 ? payments - n * t1 : payments + n * t2;
    },
    errorFactor: (x, order) => (n * Math.abs(x) + 16 + 4 * order) * UNIT_ROUNDOFF,
    // No second derivative: the search for a hidden pair then takes the first-order test only.
    magnitudes: (x, order, side) => {
      const [size, slope] = magnitudes(x, side);
      return order === 0
        ? [size, slope, Number.POSITIVE_INFINITY]
        : [slope, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    },
    derivativeChanges: (side) =>
      side > 0 ? signChanges([pmt, (1 - w) * pmt + fv]) : signChanges([pv + w * pmt, pmt]),
  };
}

/** Every per-period rate solving the equation, ascending. */
function solveRates(n: number, pmt: number, pv: number, fv: number, w: number): number[] {
  return rateRoots(tvmFunction(n, pmt, pv, fv, w));
}

function noSolution(variable: Variable, why: string) {
  return calculationError('no_solution', variable, `no solution: ${why}`);
}

function solve(input: z.output<typeof TvmInput>): TvmResult {
  const w = input.payment_timing === 'begin' ? 1 : 0;
  const { rate: r = 0, nper: n = 0, pmt = 0, pv = 0, fv = 0 } = input;
  const echo = { rate: r, nper: n, pmt, pv, fv, payment_timing: input.payment_timing };
  switch (input.solve_for) {
    case 'fv': {
      const g = (1 + r) ** n;
      const value = -(pv * g + pmt * (1 + r * w) * annuityCertainFactor(r, n));
      const money = solvedMoney('fv', value);
      return { solve_for: 'fv', value: money, ...echo, fv: money };
    }
    case 'pv': {
      const g = (1 + r) ** n;
      const value = -(fv + pmt * (1 + r * w) * annuityCertainFactor(r, n)) / g;
      const money = solvedMoney('pv', value);
      return { solve_for: 'pv', value: money, ...echo, pv: money };
    }
    case 'pmt': {
      const g = (1 + r) ** n;
      const value = -(fv + pv * g) / ((1 + r * w) * annuityCertainFactor(r, n));
      const money = solvedMoney('pmt', value);
      return { solve_for: 'pmt', value: money, ...echo, pmt: money };
    }
    case 'nper': {
      let value: number;
      if (r === 0) {
        if (pmt === 0) throw noSolution('nper', 'with a zero rate and no payment the balance never changes');
        value = -(pv + fv) / pmt;
      } else {
        const z = (pmt * (1 + r * w)) / r;
        const ratio = (z - fv) / (pv + z);
        if (!(ratio > 0) || !Number.isFinite(ratio)) {
          throw noSolution('nper', 'the payment never amortizes the balance to the future value');
        }
        value = Math.log(ratio) / Math.log1p(r);
      }
      if (!(value >= 0) || !Number.isFinite(value)) {
        throw noSolution('nper', 'reaching the future value would take a negative number of periods');
      }
      return {
        solve_for: 'nper',
        value: roundTo(value, NPER_PLACES),
        ...echo,
        nper: roundTo(value, NPER_PLACES),
      };
    }
    case 'rate': {
      if (pmt === 0 && pv === 0 && fv === 0)
        throw noSolution('rate', 'every rate solves an all-zero problem');
      const roots = solveRates(n, pmt, pv, fv, w);
      if (roots.length === 0) {
        throw noSolution(
          'rate',
          `no per-period rate in [${TVM_RATE_MIN}, ${TVM_RATE_MAX}] balances these flows (do they change sign?)`,
        );
      }
      // To 10 places; two roots that round alike are one.
      const rates: number[] = [];
      for (const root of roots) {
        const rate = roundTo(root, RATE_PLACES);
        if (rates.at(-1) !== rate) rates.push(rate);
      }
      const value = rates.reduce((best, x) => (Math.abs(x) < Math.abs(best) ? x : best));
      const result: TvmResult = { solve_for: 'rate', value, ...echo, rate: value };
      if (rates.length > 1) result.rate_roots = rates;
      return result;
    }
  }
}

/**
 * Time value of money: solve one of `rate`, `nper`, `pmt`, `pv`, `fv` from the other four, with
 * Excel's and numpy-financial's equation and sign convention (money paid out negative, received
 * positive): `fv + pv (1+r)^n + pmt (1 + r w) ((1+r)^n - 1) / r = 0`, `w` = 1 for `begin`, 0 for `end`.
 * A rate is found without a guess by the search shared with IRR (`core/rate-roots`) over -0.9999 to
 * 10,000 per period: Brent's method on a sign-changing bracket; when the flows change sign twice, a grid
 * scan with the equation's extremum as an extra point finds every root, close pairs and a double root
 * (touching zero within rounding) included, and `rate` is the one nearest zero (`rate_roots` lists
 * them all). No solution is a `no_solution` error.
 *
 * @example
 * ```ts
 * import { tvm } from 'finplan/utilities';
 * // numpy-financial: pmt(0.075/12, 12*15, 200000) = -1854.02
 * tvm({ solve_for: 'pmt', rate: 0.075 / 12, nper: 180, pv: 200_000 }).result.value; // -1854.02
 * ```
 */
export const tvm = defineOperation({
  path: '/v1/tvm',
  engine: 'tvm',
  version: '1.0.1',
  prefix: 'tvm',
  summary: 'Solve one of rate, nper, pmt, pv, fv from the other four.',
  description:
    'Time value of money with the Excel / numpy-financial equation and sign convention (paid out negative, ' +
    'received positive). Payments at period end by default, or begin. Solved rates are searched without a ' +
    'guess in [-0.9999, 10000] per period; when two rates solve it (close together or a double root included), ' +
    'rate is the one nearest zero and rate_roots lists both. 400 no_solution when no value solves the equation.',
  example: { solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300000 },
  input: TvmInput,
  output: TvmResult,
  compute: solve,
});
