import * as z from 'zod/mini';
import { calculationError } from '../core/errors';
import {
  datedNpv,
  IRR_RATE_MAX,
  IRR_RATE_MIN,
  type IrrRoots,
  irrRoots,
  irrSearchKind,
  periodicNpv,
  pickIrr,
  xirrRoots,
  xirrSearchKind,
} from '../core/irr';
import { defineOperation } from '../core/operation';
import { type RateSearchKind, signChanges } from '../core/rate-roots';
import { roundMoney, roundTo } from '../core/rounding';
import { crossFieldRules, exactlyOne, fieldIssue, money } from '../core/schema';

/** Most flows accepted in one request. */
export const MAX_CASHFLOWS = 10_000;
/** Decimal places of a reported IRR or XIRR (a solved rate, as in tvm). */
const IRR_PLACES = 10;
const DAY_COUNT_BASIS = 365;

const DatedCashflow = z.strictObject({
  date: z.iso.date().check(z.describe('Date of the flow, YYYY-MM-DD (a real calendar date).')),
  amount: money('Amount; money paid out negative, received positive.'),
});

/**
 * `/v1/cashflow/npv-irr` request: a discount `rate` and exactly one of `cashflows` (periodic, the
 * first at t = 0) or `dated_cashflows` (actual/365 from the earliest date).
 */
export const NpvIrrInput = z
  .strictObject({
    rate: z
      .number()
      .check(
        z.gte(-0.99),
        z.lte(10),
        z.describe('Discount rate: per period for `cashflows`, per year for `dated_cashflows` (0.08 = 8%).'),
      ),
    cashflows: z
      .optional(
        z
          .array(money('Flow of one period; money paid out negative, received positive.'))
          .check(z.minLength(1), z.maxLength(MAX_CASHFLOWS)),
      )
      .check(
        z.describe('Periodic flows, one per period, the first at t = 0 (now). Give this or dated_cashflows.'),
      ),
    dated_cashflows: z
      .optional(z.array(DatedCashflow).check(z.minLength(1), z.maxLength(MAX_CASHFLOWS)))
      .check(z.describe('Flows on dates, in any order; discounted actual/365 from the earliest date.')),
  })
  .check(
    crossFieldRules(exactlyOne('cashflows', 'dated_cashflows')),
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      const given = Number(input.cashflows !== undefined) + Number(input.dated_cashflows !== undefined);
      if (given !== 1) {
        issue(
          input.cashflows === undefined ? 'cashflows' : 'dated_cashflows',
          'give exactly one of cashflows or dated_cashflows',
        );
      }
    }),
  );
export type NpvIrrInput = z.input<typeof NpvIrrInput>;

const IrrStatus = z
  .enum(['unique', 'multiple', 'no_sign_change', 'no_root_found'])
  .check(
    z.describe(
      'unique: one root (a double root, where the NPV touches zero within rounding, counts once); multiple: ' +
        'several (the one closest to `rate` is reported); no_sign_change: the flows never change sign, so there ' +
        'is no IRR; no_root_found: they do, but the NPV reaches zero nowhere in ' +
        `[${IRR_RATE_MIN}, ${IRR_RATE_MAX}] (the roots lie outside it, or there is no real root).`,
    ),
  );

const PeriodicResult = z.object({
  kind: z.literal('periodic'),
  rate: z.number(),
  flow_count: z.int(),
  npv: z.number().check(z.describe('Net present value with the first flow at t = 0 (numpy-financial npv).')),
  npv_excel: z
    .number()
    .check(z.describe('Excel NPV: every flow discounted one more period (first flow at t = 1).')),
  irr: z
    .optional(z.number())
    .check(z.describe('The internal rate of return per period; omitted when there is none.')),
  irr_roots: z.array(z.number()).check(z.describe('Every IRR found in the searched range, ascending.')),
  irr_status: IrrStatus,
});

const DatedResult = z.object({
  kind: z.literal('dated'),
  rate: z.number(),
  flow_count: z.int(),
  start_date: z.string().check(z.describe('The earliest date: t = 0 of the actual/365 day count.')),
  xnpv: z.number().check(z.describe('Net present value at start_date (Excel XNPV).')),
  xirr: z
    .optional(z.number())
    .check(z.describe('The annual internal rate of return (Excel XIRR); omitted when none.')),
  xirr_roots: z.array(z.number()).check(z.describe('Every XIRR found in the searched range, ascending.')),
  xirr_status: IrrStatus,
});

export const NpvIrrResult = z.discriminatedUnion('kind', [PeriodicResult, DatedResult]);
/** The `result` of the envelope: the type of the `NpvIrrResult` schema. */
export type NpvIrrResult = z.infer<typeof NpvIrrResult>;

/** The number written by the ASCII digits of `text` from `start` to before `end`. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/** Days since 1970-01-01 of a valid proleptic-Gregorian YYYY-MM-DD date (no Date object involved). */
function dayNumber(iso: string): number {
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 7);
  const day = digits(iso, 8, 10);
  // Count years from March so that the leap day ends the counted year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function finiteValue(value: number, what: string): number {
  if (!Number.isFinite(value)) {
    throw calculationError(
      'invalid_input',
      'rate',
      `the ${what} overflows: the rate is too negative for flows this far apart`,
    );
  }
  return value;
}

/** The roots to 10 places (two that round alike are one), the one reported, and the status. */
function rounded(search: IrrRoots, rate: number) {
  const roots: number[] = [];
  for (const root of search.roots) {
    const r = roundTo(root, IRR_PLACES);
    if (roots.at(-1) !== r) roots.push(r);
  }
  const status = roots.length === 1 ? 'unique' : search.status;
  return { roots, chosen: pickIrr(roots, rate), status };
}

function periodic(rate: number, flows: readonly number[]): z.infer<typeof PeriodicResult> {
  const npv = finiteValue(periodicNpv(rate, flows), 'net present value');
  const search = irrRoots(flows);
  const { roots, chosen, status } = rounded(search, rate);
  return {
    kind: 'periodic',
    rate,
    flow_count: flows.length,
    npv: roundMoney(npv),
    npv_excel: roundMoney(npv / (1 + rate)),
    ...(chosen === undefined ? {} : { irr: chosen }),
    irr_roots: roots,
    irr_status: status,
  };
}

/**
 * Dated flows as the search sees them: years from the earliest date (actual/365) of each flow, and of the
 * flows merged by day in date order.
 */
function datedFlows(flows: readonly { date: string; amount: number }[]) {
  const days = flows.map((flow) => dayNumber(flow.date));
  const first = days.reduce((a, b) => Math.min(a, b));
  const years = days.map((d) => (d - first) / DAY_COUNT_BASIS);
  const amounts = flows.map((flow) => flow.amount);
  const byDay = new Map<number, number>();
  for (let i = 0; i < days.length; i++) {
    const d = days[i] as number;
    byDay.set(d, (byDay.get(d) ?? 0) + (amounts[i] as number));
  }
  const order = [...byDay.keys()].sort((a, b) => a - b);
  return {
    days,
    first,
    years,
    amounts,
    mergedYears: order.map((d) => (d - first) / DAY_COUNT_BASIS),
    mergedAmounts: order.map((d) => byDay.get(d) as number),
  };
}

function dated(
  rate: number,
  flows: readonly { date: string; amount: number }[],
): z.infer<typeof DatedResult> {
  const { days, first, years, amounts, mergedYears, mergedAmounts } = datedFlows(flows);
  const xnpv = finiteValue(datedNpv(rate, years, amounts), 'net present value');
  const search = xirrRoots(mergedYears, mergedAmounts);
  const { roots, chosen, status } = rounded(search, rate);
  const start = flows[days.indexOf(first)] as { date: string };
  return {
    kind: 'dated',
    rate,
    flow_count: flows.length,
    start_date: start.date,
    xnpv: roundMoney(xnpv),
    ...(chosen === undefined ? {} : { xirr: chosen }),
    xirr_roots: roots,
    xirr_status: status,
  };
}

// The work of a request, in path-steps per flow (bench/cost.bench.mjs; docs/contributing.md, "Cost"):
// reading, validating and hashing the flow, then the IRR search's evaluations of it, by how the search
// goes (rateSearchKind): none without a sign change, Brent's method alone when one change's root is
// bracketed by the ends of the range, else the whole grid with the cell tests and extrema searches (a
// multiply-add an evaluation for periodic flows, an exp for dated ones).
const FLOW_COST: Record<'periodic' | 'dated', { readonly read: number } & Record<RateSearchKind, number>> = {
  periodic: { read: 3, none: 0, bracketed: 2, grid: 110 },
  dated: { read: 30, none: 0, bracketed: 15, grid: 500 },
};

/**
 * How the XIRR search of dated flows goes. It runs on the thread that answers requests, so it reads as
 * little as it can: flows already in strictly increasing date order (YYYY-MM-DD strings compare as their
 * dates) are what the search gets, unmerged, and unless they change sign exactly once, their sign changes
 * settle it without reading a date.
 */
function datedSearchKind(flows: readonly { date: string; amount: number }[]): RateSearchKind {
  for (let i = 1; i < flows.length; i++) {
    if (!((flows[i - 1] as { date: string }).date < (flows[i] as { date: string }).date)) {
      const { mergedYears, mergedAmounts } = datedFlows(flows);
      return xirrSearchKind(mergedYears, mergedAmounts);
    }
  }
  const amounts = flows.map((flow) => flow.amount);
  const changes = signChanges(amounts);
  if (changes !== 1) return changes === 0 ? 'none' : 'grid';
  const first = dayNumber((flows[0] as { date: string }).date);
  return xirrSearchKind(
    flows.map((flow) => (dayNumber(flow.date) - first) / DAY_COUNT_BASIS),
    amounts,
  );
}

/** Path-steps of a request: per flow, its reading plus the IRR search's evaluations of it. */
function cost(input: z.output<typeof NpvIrrInput>): number {
  if (input.cashflows !== undefined) {
    const per = FLOW_COST.periodic;
    return Math.ceil(input.cashflows.length * (per.read + per[irrSearchKind(input.cashflows)]));
  }
  const flows = input.dated_cashflows ?? [];
  if (flows.length === 0) return 0;
  const per = FLOW_COST.dated;
  return Math.ceil(flows.length * (per.read + per[datedSearchKind(flows)]));
}

/**
 * Net present value and internal rate of return of periodic flows (`npv`, `npv_excel`, `irr`) or of
 * dated flows (`xnpv`, `xirr`, Excel's actual/365 convention from the earliest date). Every IRR in
 * [-0.9999, 10,000] is found without a guess (sign-change scan, Brent refinement, fixed iteration
 * cap, and the NPV's extrema as extra scan points so that close pairs and double roots are found) and
 * listed ascending; `irr` is the root closest to `rate`. When the flows never change sign there is no
 * IRR: `irr` is omitted and `irr_status` says `no_sign_change`.
 *
 * @example
 * ```ts
 * import { npvIrr } from 'finplan/utilities';
 * // Excel NPV example: NPV(10%, -10000, 3000, 4200, 6800) = 1,188.44
 * const { result } = npvIrr({ rate: 0.1, cashflows: [-10_000, 3000, 4200, 6800] });
 * if (result.kind === 'periodic') result.npv_excel; // 1188.44 (result.npv = 1307.29, first flow at t = 0)
 * ```
 */
export const npvIrr = defineOperation({
  path: '/v1/cashflow/npv-irr',
  engine: 'npv-irr',
  version: '1.0.1',
  prefix: 'npv',
  summary: 'Net present value and every internal rate of return of periodic or dated cash flows.',
  description:
    'Periodic flows (first at t = 0): npv, npv_excel (Excel NPV, first flow discounted one period) and IRR. ' +
    'Dated flows: XNPV and XIRR on actual/365 from the earliest date (Excel convention; any order). ' +
    `IRRs are searched without a guess in [${IRR_RATE_MIN}, ${IRR_RATE_MAX}] by a sign-change scan and ` +
    'Brent refinement with a fixed iteration cap, the NPV\u2019s extrema added to the scan when the sign ' +
    'changes of the flows allow more roots than found (so that roots closer than the scan step and double ' +
    'roots are found); all roots are listed and the one closest to `rate` is reported. No IRR (flows never ' +
    'change sign) is reported as irr_status, not as an error.',
  example: { rate: 0.1, cashflows: [-1000, 300, 420, 680] },
  input: NpvIrrInput,
  output: NpvIrrResult,
  cost,
  costField: 'cashflows',
  costFormula:
    `flows x ${FLOW_COST.periodic.read} for cashflows (${FLOW_COST.dated.read} for dated_cashflows), plus flows x ` +
    `${FLOW_COST.periodic.bracketed} (${FLOW_COST.dated.bracketed}) when the IRR search is bracketed (one sign ` +
    `change in date order, its root within the searched range) or flows x ${FLOW_COST.periodic.grid} ` +
    `(${FLOW_COST.dated.grid}) when it scans the whole grid (more sign changes, or a root outside the range)`,
  compute: (input) =>
    input.cashflows !== undefined
      ? periodic(input.rate, input.cashflows)
      : dated(input.rate, input.dated_cashflows ?? []),
});
