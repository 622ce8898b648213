// finplan/testing generates what a finance engineer's property test needs: valid requests whose money
// fields look like planners' amounts (not mostly below $1 or above $100 billion), edge values mixed in,
// and per-field overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { registry } from '../../src/operations';
import { taxEstimate } from '../../src/tax/tax-estimate';
import {
  ARBITRARY_OPERATIONS,
  arbitraries,
  inputArbitrary,
  rawInputArbitrary,
} from '../../src/testing/index';
import { loanAmortization } from '../../src/utilities/loan-amortization';

const SAMPLE = { seed: 20261122, numRuns: 2000 };

describe('inputArbitrary', () => {
  it('draws money mostly where planners work: most incomes between $1,000 and $10M', () => {
    const incomes = fc
      .sample(inputArbitrary(taxEstimate), SAMPLE)
      .map((input) => input.ordinary_income)
      .filter((x): x is number => x !== undefined);
    const planner = incomes.filter((x) => x >= 1_000 && x <= 10_000_000).length / incomes.length;
    expect(planner).toBeGreaterThan(0.4);
    // ... and the edges still come up: zero and amounts above $10M.
    expect(incomes).toContain(0);
    expect(incomes.some((x) => x > 10_000_000)).toBe(true);
  });
  it('draws rates mostly between 0 and 15%', () => {
    const rates = fc.sample(inputArbitrary(loanAmortization), SAMPLE).map((input) => input.annual_rate);
    expect(rates.filter((r) => r >= 0 && r <= 0.15).length / rates.length).toBeGreaterThan(0.5);
  });
  it('honours overrides, and the field is always present', () => {
    const inputs = fc.sample(
      inputArbitrary(taxEstimate, {
        tax_year: fc.constant(2025),
        ordinary_income: fc.integer({ min: 40_000, max: 41_000 }),
      }),
      { seed: 1, numRuns: 200 },
    );
    for (const input of inputs) {
      expect(input.tax_year).toBe(2025);
      expect(input.ordinary_income).toBeGreaterThanOrEqual(40_000);
      expect(input.ordinary_income).toBeLessThanOrEqual(41_000);
    }
  });
  it('yields only requests the operation accepts', () => {
    for (const operation of registry.operations) {
      for (const input of fc.sample(inputArbitrary(operation), { seed: 7, numRuns: 25 })) {
        expect(z.safeParse(operation.input, input).success, operation.path).toBe(true);
      }
    }
  });
});

describe('rawInputArbitrary', () => {
  it('respects the types and bounds of the schema (valid or not only by cross-field rules)', () => {
    for (const raw of fc.sample(rawInputArbitrary(taxEstimate), { seed: 3, numRuns: 300 })) {
      const input = raw as Record<string, unknown>;
      expect(typeof input.ordinary_income).toBe('number');
      expect(Math.abs(input.ordinary_income as number)).toBeLessThan(1e12);
    }
  });
});

describe('arbitraries', () => {
  it('covers exactly the registry (the operations are listed by name in finplan/testing)', () => {
    expect(ARBITRARY_OPERATIONS.map((operation) => operation.path).sort()).toEqual(
      registry.operations.map((operation) => operation.path).sort(),
    );
    expect(Object.keys(arbitraries()).sort()).toEqual(
      registry.operations.map((operation) => operation.path).sort(),
    );
  });

  it('has one arbitrary per registered operation, keyed by path', () => {
    expect(Object.keys(arbitraries()).sort()).toEqual(registry.operations.map((op) => op.path).sort());
  });
  it('is typed per path (a tvm request has solve_for)', () => {
    const [first] = fc.sample(arbitraries()['/v1/tvm'], { seed: 5, numRuns: 1 });
    expect(['rate', 'nper', 'pmt', 'pv', 'fv']).toContain(first?.solve_for);
  });
});
