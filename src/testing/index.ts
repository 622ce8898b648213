/**
 * fast-check arbitraries of inputs for every finplan operation, derived from the same zod schema that
 * types, validates and documents the operation. Needs `fast-check` (a peer dependency).
 * @module finplan/testing
 */
import type fc from 'fast-check';
import * as z from 'zod/mini';
import { MAX_PATH_STEPS } from '../core/cost';
import type { AnyOperation } from '../core/operation';
import {
  accumulationProjection,
  aidEstimate,
  annuity,
  assetLocation,
  bracketRoom,
  capitalMarketAssumptions,
  cliffMap,
  collegeSavings,
  contributionLimits,
  debtVsInvest,
  disabilityNeeds,
  gainHarvesting,
  goalFunding,
  healthcareCosts,
  hsa,
  inflationAdjust,
  inheritedIra,
  iraEligibility,
  isoAmtCapacity,
  isoExercise,
  lifeNeeds,
  loanAmortization,
  longevity,
  longTermCare,
  medicareIrmaa,
  medicareLateEnrollmentPenalty,
  monteCarlo,
  npvIrr,
  pensionLumpSumVsAnnuity,
  rmd,
  rothConversion,
  rothRollover529,
  savingsTarget,
  socialSecurity,
  stateIncome,
  studentLoan,
  survivorScenario,
  taxEstimate,
  termVsPermanent,
  tlhBenefit,
  tvm,
  withdrawalSequencing,
  withdrawalStrategy,
} from '../index';
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary';

export { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary';

type Input = Record<string, unknown>;

/**
 * Repairs for cross-field rules that random values almost never meet (weights summing to 1): applied
 * before the schema filter so that most generated values are valid.
 */
const repairs: Record<string, (input: Input) => Input> = {
  '/v1/capital-market-assumptions': (input) => {
    const assets = (input.assets as { weight: number }[] | undefined) ?? [];
    const total = assets.reduce((sum, asset) => sum + asset.weight, 0);
    const { correlation_matrix: _dropped, ...rest } = input;
    return {
      ...rest,
      assets: assets.map((asset, i) => ({
        ...asset,
        name: `asset ${i}`,
        weight: total > 0 ? asset.weight / total : 1 / assets.length,
      })),
    };
  },
  // years x periods_per_year must be a whole number of periods.
  '/v1/goal-funding': (input) => {
    const perYear = typeof input.periods_per_year === 'number' ? input.periods_per_year : 12;
    if (typeof input.years !== 'number' || !(perYear > 0)) return input;
    return { ...input, years: Math.max(1, Math.round(input.years * perYear)) / perYear };
  },
  // Exactly one of premium or target_annual_income; the fields of the payout type chosen; start at or after age.
  '/v1/annuity': (input) => {
    const {
      target_annual_income,
      quoted_monthly_income,
      period_certain_years,
      joint_age,
      joint_sex,
      survivor_fraction,
      ...rest
    } = input;
    const out: Input = { ...rest };
    if (out.premium === undefined && target_annual_income !== undefined)
      out.target_annual_income = target_annual_income;
    else {
      out.premium ??= 100_000;
      if (quoted_monthly_income !== undefined) out.quoted_monthly_income = quoted_monthly_income;
    }
    if (typeof out.start_age === 'number' && typeof out.age === 'number' && out.start_age < out.age)
      out.start_age = out.age;
    if (out.payout_type === 'period_certain') out.period_certain_years = period_certain_years ?? 10;
    if (out.payout_type === 'joint_survivor') {
      out.joint_age = joint_age ?? 65;
      out.joint_sex = joint_sex ?? 'female';
      if (survivor_fraction !== undefined) out.survivor_fraction = survivor_fraction;
    }
    return out;
  },
  // Start at or after today, end after the start; joint fields exactly when a survivor fraction is above 0.
  '/v1/pension/lump-sum-vs-annuity': (input) => {
    const { joint_age, joint_sex, ...out } = input;
    if (typeof out.current_age !== 'number' || typeof out.end_age !== 'number') return input;
    if (typeof out.start_age === 'number' && out.start_age < out.current_age) out.start_age = out.current_age;
    const start = typeof out.start_age === 'number' ? out.start_age : out.current_age;
    if (out.end_age <= start) out.end_age = Math.min(121, start + 20);
    if (typeof out.survivor_fraction === 'number' && out.survivor_fraction > 0) {
      out.joint_age = joint_age ?? 65;
      out.joint_sex = joint_sex ?? 'female';
      out.sex ??= 'male';
    }
    return out;
  },
  // Exactly one of cashflows or dated_cashflows.
  '/v1/cashflow/npv-irr': (input) => {
    if (input.cashflows !== undefined) {
      const { dated_cashflows: _dropped, ...rest } = input;
      return rest;
    }
    return input.dated_cashflows !== undefined ? input : { ...input, cashflows: [-100, 110] };
  },
};

/** The request type of an operation (what its function accepts). */
export type RequestOf<O extends AnyOperation> = Parameters<O>[0];

/**
 * Arbitraries replacing the generated ones for some top-level request fields; a field given here is
 * always present.
 */
export type Overrides<O extends AnyOperation> = {
  readonly [K in keyof RequestOf<O>]?: fc.Arbitrary<RequestOf<O>[K]>;
};

/**
 * Values shaped like the operation's request (types and bounds of its JSON Schema), valid or not:
 * for checking that no input, valid or invalid, crashes anything.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { tvm } from 'finplan/utilities';
 * import { rawInputArbitrary } from 'finplan/testing';
 * fc.assert(fc.property(rawInputArbitrary(tvm), (raw) => { try { tvm.run(raw); } catch {} }));
 * ```
 */
export function rawInputArbitrary<O extends AnyOperation>(
  operation: O,
  overrides: Overrides<O> = {},
): fc.Arbitrary<unknown> {
  const schema = z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return arbitraryFromJsonSchema(schema, overrides as Record<string, fc.Arbitrary<unknown>>);
}

/**
 * Valid requests of an operation: schema-shaped values (money mostly between $1 and $10M, rates
 * mostly 0-15%, bounds and round numbers mixed in), repaired where a cross-field rule needs it, kept
 * only when the operation's own schema accepts them and their declared cost is within the bound
 * (`MAX_PATH_STEPS`: it limits simulations; every other operation's schema keeps it under). `overrides` set the arbitrary of chosen fields.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { isCalculationError } from 'finplan';
 * import { taxEstimate } from 'finplan/tax';
 * import { inputArbitrary } from 'finplan/testing';
 * const wages = inputArbitrary(taxEstimate, { tax_year: fc.constant(2025), ordinary_income: fc.integer({ min: 0, max: 500_000 }) });
 * fc.assert(fc.property(wages, (input) => taxEstimate(input).result.total_tax >= 0));
 * ```
 */
export function inputArbitrary<O extends AnyOperation>(
  operation: O,
  overrides: Overrides<O> = {},
): fc.Arbitrary<RequestOf<O>> {
  const repair = repairs[operation.path] ?? ((input: Input) => input);
  return rawInputArbitrary(operation, overrides)
    .map((raw) => (typeof raw === 'object' && raw !== null ? repair(raw as Input) : raw))
    .filter((raw) => {
      const parsed = z.safeParse(operation.input, raw);
      if (!parsed.success) return false;
      try {
        return operation.cost(parsed.data) <= MAX_PATH_STEPS;
      } catch {
        return true; // a cost that runs the engine (cliff-map's) met a domain error: kept, as compute would
      }
    }) as fc.Arbitrary<RequestOf<O>>;
}

/**
 * Every finplan operation, by name: named one by one (not through a namespace import of the package,
 * whose bundled declarations would not compile with `skipLibCheck: false`); test/testing checks that it
 * lists the whole registry.
 */
const OPERATIONS = {
  accumulationProjection,
  aidEstimate,
  annuity,
  assetLocation,
  bracketRoom,
  capitalMarketAssumptions,
  cliffMap,
  collegeSavings,
  contributionLimits,
  debtVsInvest,
  disabilityNeeds,
  gainHarvesting,
  goalFunding,
  healthcareCosts,
  hsa,
  inflationAdjust,
  inheritedIra,
  iraEligibility,
  isoAmtCapacity,
  isoExercise,
  lifeNeeds,
  loanAmortization,
  longTermCare,
  longevity,
  medicareIrmaa,
  medicareLateEnrollmentPenalty,
  monteCarlo,
  npvIrr,
  pensionLumpSumVsAnnuity,
  rmd,
  rothConversion,
  rothRollover529,
  savingsTarget,
  socialSecurity,
  stateIncome,
  studentLoan,
  survivorScenario,
  taxEstimate,
  termVsPermanent,
  tlhBenefit,
  tvm,
  withdrawalSequencing,
  withdrawalStrategy,
} as const;

/** Every finplan operation, as a union of their types. */
type AnyFinplanOperation = (typeof OPERATIONS)[keyof typeof OPERATIONS];

/**
 * The operations {@link arbitraries} covers (every finplan operation).
 *
 * @example
 * ```ts
 * import { registry } from 'finplan';
 * import { ARBITRARY_OPERATIONS } from 'finplan/testing';
 * ARBITRARY_OPERATIONS.length === registry.operations.length; // true
 * ```
 */
export const ARBITRARY_OPERATIONS: readonly AnyFinplanOperation[] = Object.values(OPERATIONS);

/** Valid-request arbitraries of every operation, keyed by path, each typed with its request. */
export type ArbitraryMap = {
  readonly [O in AnyFinplanOperation as O['path']]: fc.Arbitrary<RequestOf<O>>;
};

/**
 * Valid-request arbitraries of every operation, by path, each typed with its operation's request.
 *
 * @example
 * ```ts
 * import { arbitraries } from 'finplan/testing';
 * const tvmRequests = arbitraries()['/v1/tvm']; // fc.Arbitrary<TvmInput>
 * ```
 */
export function arbitraries(): ArbitraryMap {
  return Object.fromEntries(
    ARBITRARY_OPERATIONS.map((operation) => [operation.path, inputArbitrary(operation as AnyOperation)]),
  ) as unknown as ArbitraryMap;
}
