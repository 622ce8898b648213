import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { filingStatus, nonNegativeMoney } from '../core/schema';
import { divRound, type Int, max, mul, pow10, sub, toNumber } from './_lib/exact';
import {
  bracketAt,
  federalParams,
  fillOf,
  marginalGainOf,
  ordinaryTaxOf,
  placesFor,
  unitsOf,
} from './_lib/federal';
import { TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';

/** `/v1/tax/bracket-room` request. */
export const BracketRoomInput = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  taxable_income: nonNegativeMoney(
    'Federal taxable income (after deductions), ordinary and qualified together.',
  ),
});
export type BracketRoomInput = z.input<typeof BracketRoomInput>;

const Bracket = z.object({
  rate: z.number(),
  from: z.number(),
  to: z
    .optional(z.number())
    .check(z.describe('Top of the bracket (inclusive); omitted for the top bracket.')),
  filled: z.number().check(z.describe('Taxable income in this bracket if all of it were ordinary income.')),
  tax: z.number().check(z.describe('rate x filled.')),
  room_to_top: z
    .optional(z.number())
    .check(
      z.describe(
        'Income that can be added before leaving this bracket (0 when already full); omitted for the top bracket.',
      ),
    ),
});

export const BracketRoomResult = z.object({
  taxable_income: z.number(),
  current_rate: z
    .number()
    .check(
      z.describe(
        'Ordinary rate on the next dollar (income exactly at a bracket top is in the bracket above).',
      ),
    ),
  room_in_current_bracket: z
    .optional(z.number())
    .check(z.describe('Room to the top of the current bracket; omitted in the top bracket.')),
  ordinary_tax: z
    .number()
    .check(z.describe('Tax on taxable_income as all ordinary income: the sum of the bracket taxes.')),
  brackets: z.array(Bracket),
  ltcg_rate: z
    .number()
    .check(
      z.describe('Rate on the next dollar of long-term gain stacked on taxable_income (0, 0.15 or 0.2).'),
    ),
  ltcg_zero_room: z
    .number()
    .check(z.describe('Gain that still fits in the 0% band: zero_rate_max - taxable_income, not below 0.')),
  ltcg_fifteen_room: z
    .number()
    .check(
      z.describe(
        'Remaining width of the 15% band: fifteen_rate_max - max(taxable_income, zero_rate_max), not below 0.',
      ),
    ),
});
/** The `result` of the envelope: the type of the `BracketRoomResult` schema. */
export type BracketRoomResult = z.infer<typeof BracketRoomResult>;

/** `x` (in 10^-places dollars, places >= 2) rounded half up to cents, as dollars. */
const money = (x: Int, places: number): number => toNumber(divRound(x, pow10(places - 2)), 100);

function compute(input: z.output<typeof BracketRoomInput>): BracketRoomResult {
  const table = federalTable(input.tax_year);
  const p = federalParams(table, input.filing_status, placesFor(table, input.taxable_income));
  const { cP, hP, tP } = p;
  const ti = mul(unitsOf(input.taxable_income, cP), p.r);
  const { rates, thresholds } = p.schedule;
  const thr = p.thr;
  const brackets: BracketRoomResult['brackets'] = [];
  for (let i = 0; i < thr.length; i++) {
    const amount = fillOf(p, ti, i);
    const rate = rates[i] as number;
    const filled = money(amount, hP);
    const tax = money(mul(amount, p.pct[i] as Int), tP);
    const from = thresholds[i] as number;
    const next = thr[i + 1];
    brackets.push(
      next === undefined
        ? { rate, from, filled, tax }
        : {
            rate,
            from,
            to: thresholds[i + 1] as number,
            room_to_top: money(max(sub(next, ti), 0), hP),
            filled,
            tax,
          },
    );
  }
  const current = bracketAt(p, ti);
  const top = thr[current + 1];
  return {
    taxable_income: money(ti, hP),
    current_rate: rates[current] as number,
    ...(top === undefined ? {} : { room_in_current_bracket: money(sub(top, max(ti, 0)), hP) }),
    ordinary_tax: money(ordinaryTaxOf(p, ti), tP),
    brackets,
    ltcg_rate: marginalGainOf(p, ti),
    ltcg_zero_room: money(max(sub(p.zero, ti), 0), hP),
    ltcg_fifteen_room: money(max(sub(p.fifteen, max(ti, p.zero)), 0), hP),
  };
}

/**
 * Room left in the current and each higher federal ordinary bracket, and in the 0% and 15% long-term
 * gain bands, for a given taxable income. Each bracket row also shows how much of the income it holds
 * and the tax on it if all the income were ordinary; those taxes add up to `ordinary_tax`.
 *
 * @example
 * ```ts
 * import { bracketRoom } from 'finplan/tax';
 * // 2025 mfj at 150,000 of taxable income: 22% bracket up to 206,700
 * bracketRoom({ tax_year: 2025, filing_status: 'mfj', taxable_income: 150_000 }).result.room_in_current_bracket; // 56700
 * ```
 */
export const bracketRoom = defineOperation({
  path: '/v1/tax/bracket-room',
  engine: 'bracket-room',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'room',
  summary: 'Room to the top of the current and each higher federal bracket, and in the 0%/15% gain bands.',
  description:
    'For a taxable income: the ordinary rate on the next dollar, room to the top of the current and each higher ' +
    'bracket, each bracket’s fill and tax, and the room left in the 0% and 15% long-term capital gain bands. ' +
    'Tax years 2024-2026.',
  example: { tax_year: 2025, filing_status: 'mfj', taxable_income: 150000 },
  input: BracketRoomInput,
  output: BracketRoomResult,
  compute,
});
