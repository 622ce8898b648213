// finplan/testing generates what a finance engineer's property test needs: valid requests whose numbers
// look like planners' (money from $100 to $10M, rates 0-15%, ages 18-95), extreme values on request
// (`{ extremes: true }`, and by default in rawInputArbitrary), and per-field overrides.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isCalculationError } from '../../src/core/errors';
import { rothConversion } from '../../src/retirement/roth-conversion';
import { servedRegistry as registry } from '../../src/served-operations';
import { taxEstimate } from '../../src/tax/tax-estimate';
import {
  ARBITRARY_OPERATIONS,
  arbitraries,
  inputArbitrary,
  rawInputArbitrary,
} from '../../src/testing/index';
import { loanAmortization } from '../../src/utilities/loan-amortization';
import { tvm } from '../../src/utilities/tvm';

const SAMPLE = { seed: 20261122, numRuns: 2000 };

describe('inputArbitrary', () => {
  it('draws money where planners work: every income from $100 to $10M, to the cent, median $10k-$1M', () => {
    const incomes = fc
      .sample(inputArbitrary(taxEstimate), SAMPLE)
      .map((input) => input.ordinary_income)
      .filter((x): x is number => x !== undefined);
    expect(incomes.every((x) => x >= 100 && x <= 10_000_000)).toBe(true);
    expect(incomes.every((x) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6)).toBe(true);
    const sorted = [...incomes].sort((a, b) => a - b);
    expect(sorted[sorted.length >> 1]).toBeGreaterThan(10_000);
    expect(sorted[sorted.length >> 1]).toBeLessThan(1_000_000);
  });
  it('with extremes, the edges still come up: zero, amounts above $10M and below a cent', () => {
    const incomes = fc
      .sample(inputArbitrary(taxEstimate, {}, { extremes: true }), SAMPLE)
      .map((input) => input.ordinary_income)
      .filter((x): x is number => x !== undefined);
    expect(incomes).toContain(0);
    expect(incomes.some((x) => x > 10_000_000)).toBe(true);
    expect(incomes.some((x) => x > 0 && x < 0.01)).toBe(true);
    // ... and most values are still realistic ones.
    expect(incomes.filter((x) => x >= 100 && x <= 10_000_000).length / incomes.length).toBeGreaterThan(0.4);
  });
  it('draws rates between 0 and 15% (and, with extremes, up to the field bound)', () => {
    const rates = fc.sample(inputArbitrary(loanAmortization), SAMPLE).map((input) => input.annual_rate);
    expect(rates.every((r) => r >= 0 && r <= 0.15)).toBe(true);
    const extreme = fc
      .sample(inputArbitrary(loanAmortization, {}, { extremes: true }), SAMPLE)
      .map((input) => input.annual_rate);
    expect(extreme).toContain(1);
    expect(extreme.filter((r) => r >= 0 && r <= 0.15).length / extreme.length).toBeGreaterThan(0.5);
  });
  it('draws ages from 18 to 95 in order, and a birth year that agrees with them', () => {
    for (const input of fc.sample(inputArbitrary(rothConversion), { seed: 9, numRuns: 300 })) {
      expect(input.current_age).toBeGreaterThanOrEqual(18);
      expect(input.end_age).toBeLessThanOrEqual(96);
      expect(input.current_age).toBeLessThan(input.end_age);
      expect(input.birth_year).toBe(input.tax_year - input.current_age);
    }
  });
  it('draws tvm problems that have a solution (the old draws: 883 of 2,000 no_solution)', () => {
    const solves = (input: Parameters<typeof tvm>[0]) => {
      try {
        tvm(input);
        return true;
      } catch (error) {
        if (isCalculationError(error) && error.code === 'no_solution') return false;
        throw error;
      }
    };
    const failed = fc
      .sample(inputArbitrary(tvm), { seed: 11, numRuns: 2000 })
      .filter((input) => !solves(input));
    expect(failed.length / 2000).toBeLessThan(0.02);
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
  it('yields only requests the operation accepts, realistic or extreme', () => {
    for (const operation of registry.operations) {
      for (const extremes of [false, true]) {
        for (const input of fc.sample(inputArbitrary(operation, {}, { extremes }), {
          seed: 7,
          numRuns: 25,
        })) {
          expect(z.safeParse(operation.input, input).success, operation.path).toBe(true);
        }
      }
    }
  });
  it('keeps an overridden field as drawn, repairing the others around it', () => {
    const inputs = fc.sample(
      inputArbitrary(rothConversion, { current_age: fc.constant(70), end_age: fc.constant(75) }),
      {
        seed: 2,
        numRuns: 100,
      },
    );
    for (const input of inputs) {
      expect([input.current_age, input.end_age]).toEqual([70, 75]);
      expect(input.conversion_end_age).toBeGreaterThanOrEqual(70);
      expect(input.conversion_end_age).toBeLessThanOrEqual(75);
    }
  });
});

describe('rawInputArbitrary', () => {
  it('mixes extreme values in by default (for robustness tests), realistic ones on request', () => {
    const incomes = (extremes?: boolean) =>
      fc
        .sample(rawInputArbitrary(taxEstimate, {}, extremes === undefined ? undefined : { extremes }), SAMPLE)
        .map((raw) => (raw as { ordinary_income: number }).ordinary_income);
    expect(incomes().some((x) => x > 0 && x < 0.01)).toBe(true);
    expect(incomes(false).every((x) => x >= 100 && x <= 10_000_000)).toBe(true);
  });
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
  it('is realistic by default, extreme on request', () => {
    const incomes = (extremes: boolean) =>
      fc
        .sample(arbitraries({ extremes })['/v1/tax/estimate'], SAMPLE)
        .map((input) => input.ordinary_income as number);
    expect(incomes(false).every((x) => x >= 100 && x <= 10_000_000)).toBe(true);
    expect(incomes(true)).toContain(0);
  });
  it('is typed per path (a tvm request has solve_for)', () => {
    const [first] = fc.sample(arbitraries()['/v1/tvm'], { seed: 5, numRuns: 1 });
    expect(['rate', 'nper', 'pmt', 'pv', 'fv']).toContain(first?.solve_for);
  });
});
