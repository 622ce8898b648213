import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  assertAffordable,
  BODY_STEPS_PER_CHAR,
  MAX_PATH_STEPS,
  OFFLOAD_COST,
  requestCost,
  tokensFor,
} from '../../src/core/cost';
import { isCalculationError } from '../../src/core/errors';
import type { AnyOperation } from '../../src/core/operation';
import { servedRegistry as registry } from '../../src/served-operations';
import { inputArbitrary } from '../../src/testing/index';
import { npvIrr } from '../../src/utilities/cashflow-npv-irr';
import { debtVsInvest } from '../../src/utilities/debt-vs-invest';

const body = {
  loan_balance: 20_000,
  loan_annual_rate: 0.06,
  loan_minimum_payment: 400,
  extra_monthly: 200,
  expected_return: 0.07,
  return_volatility: 0.15,
  marginal_tax_rate: 0.22,
  seed: 1,
};

describe('the cost bound', () => {
  it('tokens: 1 per request plus 1 per million path-steps', () => {
    expect(tokensFor(0)).toBe(1);
    expect(tokensFor(999_999)).toBe(1);
    expect(tokensFor(1_000_000)).toBe(2);
    expect(tokensFor(MAX_PATH_STEPS)).toBe(13);
  });

  it('a request is charged at least one path-step per character of its body (issue 30 point 1)', () => {
    // Reading JSON was measured at up to 45 ns a character, 0.45 of a path-step (bench/RESULTS.md).
    expect(BODY_STEPS_PER_CHAR).toBe(1);
    expect(requestCost(0, 1_200_000)).toBe(1_200_000);
    expect(tokensFor(requestCost(0, 1_200_000))).toBe(2);
    // 10,000 dated flows (about 380,000 characters) whose signs keep changing: the declared cost rules.
    expect(requestCost(5_300_000, 383_050)).toBe(5_300_000);
    fc.assert(
      fc.property(fc.nat(MAX_PATH_STEPS), fc.nat(2 ** 24), (declared, chars) => {
        const cost = requestCost(declared, chars);
        expect(cost).toBeGreaterThanOrEqual(declared);
        expect(cost).toBeGreaterThanOrEqual(chars * BODY_STEPS_PER_CHAR);
        expect(requestCost(declared, chars + 1)).toBeGreaterThanOrEqual(cost);
      }),
    );
  });

  it('allows exactly the bound and refuses one step more, naming the field', () => {
    expect(() => assertAffordable(MAX_PATH_STEPS, 'num_simulations')).not.toThrow();
    try {
      assertAffordable(MAX_PATH_STEPS + 1, 'num_simulations');
      expect.unreachable();
    } catch (error) {
      expect(isCalculationError(error)).toBe(true);
      if (!isCalculationError(error)) return;
      expect(error.code).toBe('too_expensive');
      expect(error.issues[0].path).toBe('num_simulations');
      expect(error.issues[0].message).toContain('12,000,000');
    }
  });

  it('debt-vs-invest: 100,000 paths x 50 years (60M monthly steps) is a 400 too_expensive; 20,000 x 50 runs', () => {
    expect(
      debtVsInvest.cost(debtVsInvest.parse({ ...body, horizon_years: 50, num_simulations: 20_000 })),
    ).toBe(12_000_000);
    expect(() => debtVsInvest.parse({ ...body, horizon_years: 50, num_simulations: 100_000 })).toThrow(
      /60,000,000 path-steps/,
    );
    expect(debtVsInvest.stochastic).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every operation's cost is known (issues 28 and 30): declared from its parsed input, or bounded so low
// by its request schema that it need not declare (then 0: one token, computed on the thread that received
// it). bench/cost.bench.mjs times every operation's worst-case requests against the path-step and shows
// the undeclared ones stay under OFFLOAD_COST (bench/RESULTS.md, "Cost model").

/** The operations that declare no cost, and what bounds their work (the request schema's bounds). */
const BOUNDED_BY_SCHEMA: Record<string, string> = {
  '/v1/annuity': 'one or two lives on the life table (ages at most 120, months to the table end)',
  '/v1/college-savings': 'closed forms over at most 18 years to college and its 4 years',
  '/v1/contribution-limits': "one year's limits from the tables",
  '/v1/education/529-to-roth': 'at most 80 years (horizon_years) and 5 recent contributions',
  '/v1/education/aid-estimate': "one award year's SAI formula",
  '/v1/equity-comp/iso': 'two runs of the federal tax engine (regular and AMT)',
  '/v1/equity-comp/iso-amt-capacity': 'a bisection over whole cents on the federal tax engine',
  '/v1/goal-funding': 'closed forms (periods_per_year at most 365)',
  '/v1/healthcare-costs': "one year's premiums for at most 20 household members",
  '/v1/inflation-adjust': 'a closed form (years at most 100)',
  '/v1/ira-eligibility': "one year's phase-out tables",
  '/v1/insurance/disability-needs': 'closed forms to benefit_end_age (at most 100)',
  '/v1/insurance/life-needs': 'at most 100 years of needs',
  '/v1/insurance/long-term-care': 'at most 30 years of care (care_years, the benefit period)',
  '/v1/longevity': 'one or two lives on the life table (ages at most 120)',
  '/v1/medicare/irmaa': "one year's IRMAA tiers",
  '/v1/retirement/hsa': "at most 100 years of growth, one year's limits",
  '/v1/retirement/rmd': "one year's distribution from the life-expectancy tables",
  '/v1/retirement/savings-target': 'closed forms (ages at most 120)',
  '/v1/retirement/survivor-scenario': 'four runs of the federal tax engine and two IRMAA tiers',
  '/v1/tax/asset-location': 'at most 20 assets in 3 accounts over at most 100 years',
  '/v1/tax/bracket-room': 'one run of the federal tax engine and the bracket table',
  '/v1/tax/estimate': 'one run of the federal tax engine',
  '/v1/tax/gain-harvesting': 'one run of the federal tax engine and the gains bands',
  '/v1/tax/state-income': "one run of the state's tax engine",
  '/v1/tax/tlh-benefit': 'closed forms (reinvestment_years at most 100)',
  '/v1/tvm': "closed forms; a solved rate searches tvm's three-term equation (fixed work)",
};

/** The top-level fields of an operation's request. */
function requestFields(operation: AnyOperation): string[] {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(schema.properties ?? {});
}

describe('every operation has a known cost', () => {
  const declared = registry.operations.filter((operation) => operation.costFormula !== undefined);

  it('declares one, or is listed as bounded by its schema (with the reason)', () => {
    const undeclared = registry.operations
      .filter((operation) => operation.costFormula === undefined)
      .map((operation) => operation.path)
      .sort();
    expect(undeclared).toEqual(Object.keys(BOUNDED_BY_SCHEMA).sort());
    for (const path of undeclared) expect(BOUNDED_BY_SCHEMA[path]!.length).toBeGreaterThan(10);
    expect(declared.map((operation) => operation.path)).toContain('/v1/cashflow/npv-irr');
  });

  it('an undeclared cost is 0; a declared one has a formula and names a request field to lower', () => {
    for (const operation of registry.operations) {
      if (operation.costFormula === undefined) {
        expect(operation.costField, operation.path).toBeUndefined();
        expect(operation.cost(operation.parse(operation.example)), operation.path).toBe(0);
        continue;
      }
      expect(operation.costFormula.length, operation.path).toBeGreaterThan(0);
      expect(requestFields(operation), operation.path).toContain(operation.costField);
    }
  });

  it('docs/deployment.md shows each declared cost as the operation states it', () => {
    const text = readFileSync(join(__dirname, '..', '..', 'docs', 'deployment.md'), 'utf8');
    const start = text.indexOf('## Cost model');
    const doc = text.slice(start, text.indexOf('\n## ', start + 1));
    const rows = new Map(
      [...doc.matchAll(/^\| `(\/v1\/[^`]+)` \| (.+) \|$/gm)].map((row) => [row[1], row[2]] as const),
    );
    expect([...rows.keys()].sort()).toEqual(declared.map((operation) => operation.path).sort());
    for (const operation of declared)
      expect(rows.get(operation.path), operation.path).toBe(operation.costFormula);
  });

  it('the simulations declare paths x steps', () => {
    for (const operation of registry.operations.filter((op) => op.stochastic))
      expect(operation.costFormula, operation.path).toContain('num_simulations x');
  });
});

/** A larger request of the same kind (more flows, months, years, paths, points), or undefined. */
type Grow = (input: Record<string, unknown>, parsedInput: unknown) => Record<string, unknown> | undefined;
const plus =
  (field: string, by: number, max: number): Grow =>
  (input) => {
    const value = input[field];
    return typeof value === 'number' && value + by <= max ? { ...input, [field]: value + by } : undefined;
  };
const GROW: Record<string, Grow> = {
  '/v1/loan/amortization': plus('term_months', 12, 1200),
  '/v1/medicare/late-enrollment-penalty': plus('projection_years', 5, 100),
  '/v1/education/student-loan': plus('refinance_term_years', 5, 30),
  '/v1/pension/lump-sum-vs-annuity': plus('end_age', 3, 121),
  '/v1/roth-conversion': plus('end_age', 3, 120),
  '/v1/retirement/monte-carlo': plus('num_simulations', 500, 100_000),
  '/v1/retirement/withdrawal-strategy': plus('num_simulations', 500, 100_000),
  '/v1/debt-vs-invest': plus('num_simulations', 500, 100_000),
  '/v1/retirement/accumulation-projection': plus('years', 5, 100),
  '/v1/tax/cliff-map': (input, parsedInput) => {
    const { series_range: range, series_step: step } = parsedInput as {
      series_range: number;
      series_step: number;
    };
    return { ...input, series_range: range + step, series_step: step };
  },
  '/v1/insurance/term-vs-permanent': (input) => {
    const values = input['cash_values'] as number[];
    return values.length < 100 ? { ...input, cash_values: [...values, values.at(-1) ?? 0] } : undefined;
  },
};

/** The parsed request, or undefined when the operation refuses it with a calculation error. */
function parsed(operation: AnyOperation, raw: unknown): unknown {
  try {
    return operation.parse(structuredClone(raw));
  } catch (error) {
    if (isCalculationError(error)) return undefined;
    throw error;
  }
}

describe.each(
  registry.operations
    .filter((operation) => operation.costFormula !== undefined)
    .map((op) => [op.path, op] as const),
)('%s: cost', (path, operation) => {
  it('is a whole number of path-steps, >= 0, for every request the schema accepts (extremes too)', () => {
    fc.assert(
      fc.property(inputArbitrary(operation, {}, { extremes: true }), (raw) => {
        const input = parsed(operation, raw);
        if (input === undefined) return;
        const cost = operation.cost(input);
        expect(Number.isSafeInteger(cost), String(cost)).toBe(true);
        expect(cost).toBeGreaterThanOrEqual(0);
        expect(cost).toBeLessThanOrEqual(MAX_PATH_STEPS);
      }),
      { numRuns: 25 },
    );
  });

  const grow = GROW[path];
  it.runIf(grow !== undefined)('does not fall when the request asks for more', () => {
    fc.assert(
      fc.property(inputArbitrary(operation), (raw) => {
        const input = parsed(operation, raw);
        if (input === undefined) return;
        const larger = grow!(raw as Record<string, unknown>, input);
        const grown = larger === undefined ? undefined : parsed(operation, larger);
        if (grown === undefined) return;
        expect(operation.cost(grown)).toBeGreaterThanOrEqual(operation.cost(input));
      }),
      { numRuns: 25 },
    );
  });
});

describe('/v1/cashflow/npv-irr: cost by flows and search', () => {
  const day = (i: number) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const flowsArbitrary = fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), {
    minLength: 1,
    maxLength: 300,
  });

  it('between the reading of every flow and the whole scan of every flow', () => {
    fc.assert(
      fc.property(flowsArbitrary, fc.boolean(), (cents, datedFlows) => {
        const amounts = cents.map((c) => c / 100);
        const raw = datedFlows
          ? { rate: 0.05, dated_cashflows: amounts.map((amount, i) => ({ date: day(i * 3), amount })) }
          : { rate: 0.05, cashflows: amounts };
        const cost = npvIrr.cost(npvIrr.parse(raw));
        const [read, scan] = datedFlows ? [30, 530] : [3, 113];
        expect(cost).toBeGreaterThanOrEqual(amounts.length * read);
        expect(cost).toBeLessThanOrEqual(amounts.length * scan);
      }),
      { numRuns: 100 },
    );
  });

  it('dated flows cost the same in any order (the search gets them by date, merged by day)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -100_000, max: 100_000 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer(),
        (flows, seed) => {
          const dated = flows.map(([d, cents]) => ({ date: day(d), amount: cents / 100 }));
          const sorted = [...dated].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
          const shuffled = fc.sample(fc.shuffledSubarray(dated, { minLength: dated.length }), {
            numRuns: 1,
            seed,
          })[0]!;
          const costOf = (list: typeof dated) =>
            npvIrr.cost(npvIrr.parse({ rate: 0.05, dated_cashflows: list }));
          expect(costOf(shuffled)).toBe(costOf(sorted));
          expect(costOf(dated)).toBe(costOf(sorted));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('once the flows change sign twice, another flow never lowers the cost', () => {
    fc.assert(
      fc.property(flowsArbitrary, fc.integer({ min: -1_000_000, max: 1_000_000 }), (cents, next) => {
        const flows = [-100, 250, -120, ...cents.map((c) => c / 100)];
        const more = [...flows, next / 100];
        expect(npvIrr.cost(npvIrr.parse({ rate: 0.05, cashflows: more }))).toBeGreaterThanOrEqual(
          npvIrr.cost(npvIrr.parse({ rate: 0.05, cashflows: flows })),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('10,000 dated flows that change sign often: more than one token, in the pool', () => {
    const raw = {
      rate: 0.05,
      dated_cashflows: Array.from({ length: 10_000 }, (_, i) => ({
        date: day(i),
        amount: Math.round(100_000 * Math.sin(i * 0.7 + 0.3)) / 100,
      })),
    };
    const cost = npvIrr.cost(npvIrr.parse(raw));
    expect(cost).toBe(10_000 * 530);
    expect(tokensFor(cost)).toBe(6);
    expect(cost).toBeGreaterThanOrEqual(OFFLOAD_COST);
  });
});
