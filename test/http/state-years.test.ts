// Each state covers the tax years it has tables for (`data/tax/state/<code>/<year>.json`): the request
// field accepts the union of the years on disk, and a year the requested state has no table for is a 400
// unsupported_year on tax_year naming that state's years. The tables change as years are added, so the
// states and years below are picked from the tables themselves: one state that lacks a year of the union
// (and one that has it), and a year beyond every table.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { stateTaxTables, stateTaxTablesByCode } from '../../src/tax/_lib/state-tables';
import { cliffMap } from '../../src/tax/cliff-map';
import { COVERED_STATES, stateIncome } from '../../src/tax/state-income';
import { calculationErrorOf } from '../helpers';

const union = stateTaxTables.years;
const codes = Object.keys(stateTaxTablesByCode).sort();
/** A state and a year of the union it has no table for. */
const [gapState, gapYear] = (() => {
  for (const code of codes) {
    const missing = union.find((year) => !stateTaxTablesByCode[code]!.has(year));
    if (missing !== undefined) return [code, missing] as const;
  }
  throw new Error('every state has every year: no gap to test');
})();
const covered = stateTaxTablesByCode[gapState]!.years.join(', ');
/** A state that has the gap year. */
const fullState = codes.find((code) => stateTaxTablesByCode[code]!.has(gapYear))!;
const body = { filing_status: 'single', state_taxable_income: 60_000 };
const message = `tax_year ${gapYear} is not covered for ${gapState}; covered: ${covered}`;

describe('state income tax years per state', () => {
  it('covers the 50 states and DC; the request accepts the union of their years, 2024-2026', () => {
    expect(COVERED_STATES).toEqual(codes);
    expect(COVERED_STATES).toHaveLength(51);
    expect(union).toEqual(expect.arrayContaining([2024, 2025, 2026]));
    for (const year of [2024, 2025])
      for (const state of COVERED_STATES)
        expect(stateIncome.run({ ...body, state: state.toLowerCase(), tax_year: year }).result.tax_year).toBe(
          year,
        );
  });

  it('a year the state has no table for is unsupported_year on tax_year naming its years', () => {
    const error = calculationErrorOf(stateIncome, {
      ...body,
      state: gapState.toLowerCase(),
      tax_year: gapYear,
    });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues).toEqual([{ path: 'tax_year', code: 'unsupported_year', message }]);
    expect(stateIncome.run({ ...body, state: fullState, tax_year: gapYear }).result.state).toBe(fullState);
  });

  it('a year no state has is unsupported_year listing the union', () => {
    const beyond = Math.max(...union) + 1;
    const error = calculationErrorOf(stateIncome, { ...body, state: fullState, tax_year: beyond });
    expect([error.code, error.issues[0]?.path]).toEqual(['unsupported_year', 'tax_year']);
    expect(error.issues[0]?.message).toContain(`supported: ${union.join(', ')}`);
  });

  it('over HTTP: a 400 whose message names the state and its years', async () => {
    const handler = createHandler({ apiKeys: ['k'] });
    const response = await handler(
      new Request('http://x/v1/tax/state-income', {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, state: gapState, tax_year: gapYear }),
      }),
    );
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe('unsupported_year');
    expect(json.error.message).toContain(message);
  });

  it('cliff-map with a state: a federal year the state has no table for names the state and its years', () => {
    const request = { filing_status: 'single', ordinary_income: 60_000, state: gapState, tax_year: gapYear };
    const error = calculationErrorOf(cliffMap, request);
    expect(error.code).toBe('unsupported_year');
    expect(error.issues.map((issue) => [issue.path, issue.message])).toEqual([['tax_year', message]]);
    expect(cliffMap.run({ ...request, state: fullState }).result.tax_year).toBe(gapYear);
  });
});
