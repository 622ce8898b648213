import * as z from 'zod/mini';
import { Dec, roundMoney } from '../core/money';
import { defineOperation } from '../core/operation';
import { filingStatus, nonNegativeMoney } from '../core/schema';
import { fastBracketRoom } from './_lib/fast-ops';
import { marginalGainRate } from './capital-gains-tax';
import { bracketRoomAt, TAX_ENGINE } from './engine';
import { federalTable, taxYearField } from './federal-tables';
import { bracketFills, bracketSchedule, ordinaryTax } from './ordinary-tax';

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

function compute(input: z.output<typeof BracketRoomInput>): BracketRoomResult {
  return fastBracketRoom(input) ?? bracketRoomExact(input);
}

/**
 * `/v1/tax/bracket-room`'s computation in decimal arithmetic throughout: the reference implementation, used
 * for inputs outside the exact integer fast path (`_lib/fast-ops.ts`) and as the oracle of the
 * differential test (`test/tax/fast-path.test.ts`).
 *
 * @example
 * ```ts
 * bracketRoomExact({ tax_year: 2025, filing_status: 'mfj', taxable_income: 150_000 }).room_in_current_bracket; // 56700
 * ```
 * @internal
 */
export function bracketRoomExact(input: z.output<typeof BracketRoomInput>): BracketRoomResult {
  const table = federalTable(input.tax_year);
  const status = input.filing_status;
  const schedule = bracketSchedule(table, status);
  const ti = new Dec(input.taxable_income);
  const position = bracketRoomAt(input.tax_year, status, input.taxable_income);
  const brackets = bracketFills(schedule, ti).map((row) => ({
    rate: row.rate,
    from: row.from,
    ...(row.to === undefined
      ? {}
      : { to: row.to, room_to_top: roundMoney(Dec.max(new Dec(row.to).minus(ti), 0)) }),
    filled: roundMoney(row.taxed_amount),
    tax: roundMoney(row.tax),
  }));
  const zero = table.ltcg.zero_rate_max[status];
  const fifteen = table.ltcg.fifteen_rate_max[status];
  return {
    taxable_income: roundMoney(ti),
    current_rate: position.rate,
    ...(position.room === undefined ? {} : { room_in_current_bracket: roundMoney(position.room) }),
    ordinary_tax: roundMoney(ordinaryTax(schedule, ti)),
    brackets,
    ltcg_rate: marginalGainRate(table, status, input.taxable_income),
    ltcg_zero_room: roundMoney(Dec.max(new Dec(zero).minus(ti), 0)),
    ltcg_fifteen_room: roundMoney(Dec.max(new Dec(fifteen).minus(Dec.max(ti, zero)), 0)),
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
  version: '1.0.0',
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
