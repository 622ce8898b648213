// Each state covers the tax years it has tables for (`data/tax/state/<code>/<year>.json`): the request
// field accepts the union of the years on disk, and a year the requested state has no table for is a 400
// unsupported_year on tax_year naming that state's years. The tables on disk change as years are added,
// so the mechanism is tested on a fixed fixture of `data/tables.ts` (the map `npm run gen` writes): NY
// with 2024 and 2025 (its 2025 table relabelled 2024, enough for the mechanism), CA with 2025 only.
// The module mock needs a fresh module graph: this file is in the platform project (isolated), not with
// the engines' tests, which share one graph per worker.
import { describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../src/http/handler';
import { stateTaxTable } from '../../src/tax/_lib/state-tables';
import { cliffMap } from '../../src/tax/cliff-map';
import { COVERED_STATES, stateIncome } from '../../src/tax/state-income';
import { calculationErrorOf } from '../helpers';

vi.mock('../../data/tables', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../data/tables')>();
  const { NY, CA } = real.taxState;
  return {
    ...real,
    taxState: { CA: { 2025: CA[2025] }, NY: { 2024: { ...NY[2025], tax_year: 2024 }, 2025: NY[2025] } },
  };
});

const body = { filing_status: 'single', state_taxable_income: 60_000 };

describe('state income tax years per state', () => {
  it('covers the states with any table; the request accepts the union of their years', () => {
    expect(COVERED_STATES).toEqual(['CA', 'NY']);
    expect(stateIncome.run({ ...body, state: 'NY', tax_year: 2024 }).result.state).toBe('NY');
    expect(stateIncome.run({ ...body, state: 'ny', tax_year: 2025 }).result.state).toBe('NY');
  });

  it('a year the state has no table for is unsupported_year on tax_year naming its years', () => {
    const error = calculationErrorOf(stateIncome, { ...body, state: 'ca', tax_year: 2024 });
    expect(error.code).toBe('unsupported_year');
    expect(error.issues).toEqual([
      {
        path: 'tax_year',
        code: 'unsupported_year',
        message: 'tax_year 2024 is not covered for CA; covered: 2025',
      },
    ]);
  });

  it('a year no state has is unsupported_year listing the union', () => {
    const error = calculationErrorOf(stateIncome, { ...body, state: 'NY', tax_year: 2026 });
    expect([error.code, error.issues[0]?.path]).toEqual(['unsupported_year', 'tax_year']);
    expect(error.issues[0]?.message).toContain('supported: 2024, 2025');
  });

  it('over HTTP: a 400 whose message names the state and its years', async () => {
    const handler = createHandler({ apiKeys: ['k'] });
    const response = await handler(
      new Request('http://x/v1/tax/state-income', {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, state: 'CA', tax_year: 2024 }),
      }),
    );
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe('unsupported_year');
    expect(json.error.message).toContain('tax_year 2024 is not covered for CA; covered: 2025');
  });

  it('cliff-map with a state: a federal year the state has no table for names the state and its years', () => {
    const request = { filing_status: 'single', ordinary_income: 60_000, state: 'CA', tax_year: 2024 };
    const error = calculationErrorOf(cliffMap, request);
    expect(error.code).toBe('unsupported_year');
    expect(error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      ['tax_year', 'tax_year 2024 is not covered for CA; covered: 2025'],
    ]);
    // NY has 2024: the same request computes, with NY's table of that year
    expect(cliffMap.run({ ...request, state: 'NY' }).result.tax_year).toBe(2024);
    expect(stateTaxTable('NY', 2024).tax_year).toBe(2024);
  });
});
