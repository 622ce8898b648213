/**
 * fast-check arbitraries of inputs for every finplan operation, derived from the same zod schema that
 * types, validates and documents the operation. Needs `fast-check` (a peer dependency).
 * @module finplan/testing
 */
import type fc from 'fast-check';
import * as z from 'zod/mini';
import { MAX_PATH_STEPS } from '../core/cost';
import type { AnyOperation } from '../core/operation';
import { type FilingStatus, fieldKindOf } from '../core/schema';
import { ROTH_ROLLOVER_RULES } from '../education/engine';
import { fillableBracketRates } from '../retirement/engine';
import { stateTaxYears } from '../tax/engine';
import {
  type ArbitraryOptions,
  arbitraryFromJsonSchema,
  type JsonSchema,
  type ValueKind,
} from './json-schema-arbitrary';
import { OPERATIONS } from './operations';

export {
  type ArbitraryOptions,
  arbitraryFromJsonSchema,
  type JsonSchema,
  type ValueKind,
} from './json-schema-arbitrary';

type Input = Record<string, unknown>;

/**
 * What some fields measure where neither their field helper nor their name says it, by operation path
 * and field path (`a.b` for a nested field, `list[].c` for a field of the items of a list).
 */
const HINTS: Readonly<Record<string, Readonly<Record<string, ValueKind>>>> = {
  // A number of monthly periods (the rate is made monthly by the repair below).
  '/v1/tvm': { nper: 'months' },
  '/v1/equity-comp/iso': { strike_price: 'price', fmv_at_exercise: 'price', shares: 'quantity' },
  '/v1/equity-comp/iso-amt-capacity': { strike_price: 'price', fmv_at_exercise: 'price' },
  // The share of earnings a group policy pays (60% is typical), not a rate of return.
  '/v1/insurance/disability-needs': { group_ltd_benefit_rate: 'share' },
};

/**
 * Optional fields always drawn in realistic requests, by operation path: tvm's rate and nper (the repair
 * needs both to make the unknown solvable) and its present value (a problem with no flow has none).
 */
const ALWAYS_DRAWN: Readonly<Record<string, readonly string[]>> = {
  '/v1/tvm': ['rate', 'nper', 'pv'],
};

/**
 * The operation's request as JSON Schema, each number marked with what it measures (`x-finplan-kind`);
 * for realistic draws, the fields of {@link ALWAYS_DRAWN} required.
 */
function requestSchema(operation: AnyOperation, extremes: boolean): JsonSchema {
  const schema = z.toJSONSchema(operation.input, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const kind = fieldKindOf(zodSchema);
      if (kind) (jsonSchema as JsonSchema)['x-finplan-kind'] = kind;
    },
  }) as JsonSchema;
  for (const [path, kind] of Object.entries(HINTS[operation.path] ?? {})) {
    let at: JsonSchema | undefined = schema;
    for (const step of path.split('.')) {
      const list = step.endsWith('[]');
      at = at?.properties?.[list ? step.slice(0, -2) : step];
      if (list) at = at?.items;
    }
    if (at) at['x-finplan-kind'] = kind;
  }
  const always = extremes ? [] : (ALWAYS_DRAWN[operation.path] ?? []);
  if (always.length > 0) schema.required = [...new Set([...(schema.required ?? []), ...always])];
  return schema;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The numbers at `fields` (those present) put in order, each at least `gap` above the one before (`gap`
 * 0: at least equal): ages that must follow one another. Without an overridden field among them they
 * are sorted (so that the ages drawn keep their spread); otherwise the others move around the fixed ones.
 */
function ordered(
  input: Input,
  fields: readonly (readonly [field: string, gap: number])[],
  fixed: ReadonlySet<string>,
): Input {
  const present = fields.filter(([field]) => typeof input[field] === 'number');
  const values = present.map(([field]) => input[field] as number);
  if (!present.some(([field]) => fixed.has(field))) values.sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++)
    if (!fixed.has(present[i]![0])) values[i] = Math.max(values[i]!, values[i - 1]! + present[i]![1]);
  for (let i = values.length - 2; i >= 0; i--)
    if (!fixed.has(present[i]![0])) values[i] = Math.min(values[i]!, values[i + 1]! - present[i + 1]![1]);
  const out: Input = { ...input };
  present.forEach(([field], i) => {
    out[field] = values[i];
  });
  return out;
}

/**
 * One of the bracket rates below the top one of a tax year and filing status (the rates a "fill the
 * bracket" field accepts), picked by `raw`, or `raw` itself when the year is not supported.
 */
function bracketRate(taxYear: unknown, status: unknown, raw: unknown): unknown {
  if (typeof taxYear !== 'number' || typeof raw !== 'number') return raw;
  const rates = fillableBracketRates(taxYear, status as FilingStatus);
  return rates ? rates[Math.floor(Math.abs(raw) * 1e6) % rates.length] : raw;
}

/** A request naming a state asks for a tax year that state has a table for (each covers its own years). */
function stateYear(input: Input): Input {
  if (typeof input.state !== 'string' || typeof input.tax_year !== 'number') return input;
  const years = stateTaxYears(input.state);
  if (years.length === 0 || years.includes(input.tax_year)) return input;
  return { ...input, tax_year: years[Math.abs(Math.trunc(input.tax_year)) % years.length] };
}

/** Contribution frequencies a plan uses: yearly, half-yearly, quarterly, monthly, biweekly, weekly, daily. */
const FREQUENCIES = [1, 2, 4, 12, 26, 52, 365] as const;

/** What a repair sees: realistic draws are reshaped, extreme ones only made valid; overridden fields stay. */
interface RepairContext {
  readonly extremes: boolean;
  readonly fixed: ReadonlySet<string>;
}

/** A tvm request whose unknown exists: fv follows from rate, nper, pv and pmt when rate or nper is solved for. */
function tvmRepair(input: Input, { extremes, fixed }: RepairContext): Input {
  const solveFor = input.solve_for as string;
  const out: Input = { ...input };
  if (!extremes) {
    // Monthly periods: an annual rate of 0-15% is 0-1.25% a month; payments paid out, present value a
    // loan received or, one time in two, a deposit (an overridden field keeps its value).
    if (typeof out.rate === 'number' && !fixed.has('rate')) out.rate = Number((out.rate / 12).toFixed(9));
    if (typeof out.pmt === 'number' && !fixed.has('pmt')) out.pmt = -Math.abs(out.pmt);
    if (typeof out.pv === 'number' && !fixed.has('pv') && Math.round(Math.abs(out.pv) * 100) % 2 === 1)
      out.pv = -Math.abs(out.pv);
    const r = num(out.rate);
    const n = num(out.nper);
    if ((solveFor === 'rate' || solveFor === 'nper') && r !== undefined && n !== undefined) {
      const pv = num(out.pv) ?? 0;
      const pmt = num(out.pmt) ?? 0;
      const growth = (1 + r) ** n;
      const annuity = r === 0 ? n : ((growth - 1) / r) * (out.payment_timing === 'begin' ? 1 + r : 1);
      const fv = cents(-(pv * growth + pmt * annuity));
      if (Math.abs(fv) < 1e12 && !fixed.has('fv')) out.fv = fv === 0 ? 0 : fv;
    }
  }
  delete out[solveFor];
  return out;
}

/** The bracket field of a "fill the bracket" operation set to one of its year's fillable bracket rates. */
function withBracket(field: string) {
  return (input: Input): Input =>
    input[field] === undefined
      ? input
      : { ...input, [field]: bracketRate(input.tax_year, input.filing_status, input[field]) };
}

/**
 * Repairs for cross-field rules that independent draws seldom meet (weights summing to 1, ages in
 * order, a bracket rate of the tax year): applied before the schema filter so that most generated
 * values are valid, and, for realistic draws, to make related fields agree as planners' inputs do.
 */
const repairs: Record<string, (input: Input, context: RepairContext) => Input> = {
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
  // years x periods_per_year must be a whole number of periods; realistic: a usual frequency.
  '/v1/goal-funding': (raw, { extremes, fixed }) => {
    const input =
      extremes || fixed.has('periods_per_year') || typeof raw.periods_per_year !== 'number'
        ? raw
        : { ...raw, periods_per_year: FREQUENCIES[raw.periods_per_year % FREQUENCIES.length] };
    const perYear = typeof input.periods_per_year === 'number' ? input.periods_per_year : 12;
    if (typeof input.years !== 'number' || !(perYear > 0)) return input;
    return { ...input, years: Math.max(1, Math.round(input.years * perYear)) / perYear };
  },
  '/v1/plan/lifetime': planRepair,
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
  '/v1/pension/lump-sum-vs-annuity': (input, { fixed }) => {
    const { joint_age, joint_sex, ...rest } = input;
    const out = ordered(
      rest,
      [
        ['current_age', 0],
        ['start_age', 0],
        ['end_age', 1],
      ],
      fixed,
    );
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
  '/v1/tvm': tvmRepair,
  // Ages in order; birth_year agrees with tax_year and current_age; target_bracket is a bracket rate.
  '/v1/roth-conversion': (input, { fixed }) => {
    const out = withBracket('target_bracket')(
      ordered(
        input,
        [
          ['current_age', 0],
          ['conversion_end_age', 0],
          ['end_age', 0],
        ],
        fixed,
      ),
    );
    const current = num(out.current_age);
    if (current !== undefined && out.end_age === current) out.end_age = current + 1;
    if (current !== undefined && typeof out.tax_year === 'number') out.birth_year = out.tax_year - current;
    return out;
  },
  // target_bracket is a bracket rate; the first RMD is at most the balance (realistic: the balance over
  // a life expectancy of 10-59 years).
  '/v1/inherited-ira': (input, { extremes }) => {
    const out = withBracket('target_bracket')(input);
    const balance = num(out.inherited_balance);
    const floor = num(out.annual_rmd_floor);
    if (balance !== undefined && floor !== undefined && (floor > balance || !extremes))
      out.annual_rmd_floor = cents(balance / (10 + (Math.floor(floor) % 50)));
    return out;
  },
  // bracket_ceiling is a bracket rate (and given with bracket_fill); birth_year agrees with age.
  '/v1/retirement/withdrawal-sequencing': (input) => {
    const out = withBracket('bracket_ceiling')(
      input.strategy === 'bracket_fill' && input.bracket_ceiling === undefined
        ? { ...input, bracket_ceiling: num(input.spending_need) ?? 0 }
        : input,
    );
    if (out.birth_year !== undefined) {
      if (typeof out.age === 'number' && typeof out.tax_year === 'number')
        out.birth_year = out.tax_year - out.age;
      else delete out.birth_year;
    }
    return out;
  },
  '/v1/retirement/monte-carlo': (input, { fixed }) =>
    ordered(
      input,
      [
        ['current_age', 0],
        ['retirement_age', 0],
        ['end_age', 1],
      ],
      fixed,
    ),
  '/v1/retirement/savings-target': (input, { fixed }) =>
    ordered(
      input,
      [
        ['current_age', 0],
        ['retirement_age', 1],
        ['end_age', 1],
      ],
      fixed,
    ),
  '/v1/retirement/withdrawal-strategy': (input, { fixed }) =>
    ordered(
      input,
      [
        ['current_age', 0],
        ['end_age', 1],
      ],
      fixed,
    ),
  '/v1/insurance/life-needs': (input, { fixed }) =>
    ordered(
      input,
      [
        ['age', 0],
        ['retirement_age', 1],
      ],
      fixed,
    ),
  // Care starts at or after today; the rider rate comes with a rider.
  '/v1/insurance/long-term-care': (input, { fixed }) => {
    const out = ordered(
      input,
      [
        ['current_age', 0],
        ['care_start_age', 0],
      ],
      fixed,
    );
    const policy = out.policy as Input | undefined;
    if (policy) {
      const { inflation_rider_rate, ...rest } = policy;
      out.policy =
        policy.inflation_rider === 'none'
          ? rest
          : { ...rest, inflation_rider_rate: inflation_rider_rate ?? 0.03 };
    }
    return out;
  },
  // The group policy's fields go together: a premium payer exactly with a benefit, a tax rate exactly
  // when the benefit is taxable.
  '/v1/insurance/disability-needs': (input, { fixed }) => {
    const out = ordered(
      input,
      [
        ['age', 0],
        ['benefit_end_age', 1],
      ],
      fixed,
    );
    if (out.premium_paid_by === undefined) {
      out.group_ltd_benefit_rate = 0;
      delete out.group_ltd_monthly_max;
    } else if (!(num(out.group_ltd_benefit_rate)! > 0)) out.group_ltd_benefit_rate = 0.6;
    const taxable = out.premium_paid_by === 'employer' || out.premium_paid_by === 'employee_pre_tax';
    if (!taxable) delete out.benefit_tax_rate;
    else out.benefit_tax_rate ??= num(out.income_tax_rate) ?? 0.2;
    return out;
  },
  // Recent contributions fall in the lookback years and sum to at most the balance; prior rollovers stay
  // within the lifetime limit; the account was opened by start_year.
  '/v1/education/529-to-roth': (input) => {
    const start = num(input.start_year);
    if (start === undefined) return input;
    const { contribution_lookback_years: lookback, lifetime_limit: limit } = ROTH_ROLLOVER_RULES.rollover;
    const out: Input = { ...input };
    const recent = (input.recent_contributions as Input[] | undefined) ?? [];
    const total = recent.reduce((sum, c) => sum + (num(c.amount) ?? 0), 0);
    const balance = num(input.balance_529) ?? 0;
    const scale = total > balance && total > 0 ? balance / total : 1;
    if (input.recent_contributions !== undefined)
      out.recent_contributions = recent.map((c, i) => ({
        ...c,
        year: start - 1 - (i % (lookback - 1)),
        amount: Math.floor((num(c.amount) ?? 0) * scale * 100) / 100,
      }));
    const prior = num(input.prior_rollovers);
    if (prior !== undefined && prior > limit) out.prior_rollovers = cents(prior % limit);
    const opened = num(input.account_opened_year);
    if (opened !== undefined && opened > start) out.account_opened_year = start - (opened - start);
    return out;
  },
  '/v1/insurance/term-vs-permanent': (input) => {
    const years = (input.cash_values as unknown[] | undefined)?.length ?? 0;
    const premiumYears = num(input.premium_years);
    return premiumYears !== undefined && years > 0 && premiumYears > years
      ? { ...input, premium_years: years }
      : input;
  },
  '/v1/education/aid-estimate': (input) =>
    input.parent_filing_status === 'mfj' || input.parent_filing_status === 'mfs'
      ? input
      : { ...input, parent2_earned_income: 0 },
  // An ISO is exercised at or above its strike price.
  '/v1/equity-comp/iso': (input) => spreadRepair(input),
  '/v1/equity-comp/iso-amt-capacity': (input) => spreadRepair(input),
  '/v1/tax/estimate': (input) => {
    if (input.filing_status === 'mfj') return input;
    const { spouse_age: _age, spouse_blind: _blind, ...rest } = input;
    return rest;
  },
  '/v1/tax/cliff-map': (input) => {
    const out: Input = { ...input };
    if (out.filing_status !== 'mfj') {
      delete out.spouse_age;
      if (num(out.medicare_enrollees)! > 1) out.medicare_enrollees = 1;
    }
    const ordinary = num(out.ordinary_income);
    if (ordinary !== undefined && num(out.earned_income)! > ordinary) out.earned_income = ordinary;
    // At most 200 steps in the series (series_range defaults to 100,000).
    const range = num(out.series_range) ?? 100_000;
    const step = num(out.series_step);
    if (step !== undefined && range / step > 200) out.series_step = Math.ceil((range / 200) * 100) / 100;
    return stateYear(out);
  },
  '/v1/tax/state-income': stateYear,
  '/v1/medicare/irmaa': (input) =>
    input.filing_status === 'mfs' ? input : { ...input, lived_apart_all_year: false },
  // A second life has an age and a sex.
  '/v1/longevity': (input) => {
    if ((input.second_age === undefined) === (input.second_sex === undefined)) return input;
    const { second_age: _age, second_sex: _sex, second_frailty: _frailty, ...rest } = input;
    return rest;
  },
  // The minimum payment covers the first month's interest (negative amortization is refused).
  '/v1/debt-vs-invest': (input) => {
    const balance = num(input.loan_balance);
    const rate = num(input.loan_annual_rate);
    const payment = num(input.loan_minimum_payment);
    if (balance === undefined || rate === undefined || payment === undefined) return input;
    const interest = Math.ceil(((balance * rate) / 12) * 100) / 100;
    return payment >= interest ? input : { ...input, loan_minimum_payment: cents(interest + payment) };
  },
};

/**
 * A lifetime plan as a household would bring it: people aged 50-80 in the first year (the pattern of
 * their birth year), planning through 85-100 with a sex for the SSA table, accounts owned by someone in
 * the household with a basis only on taxable ones, a spending goal only for max_bequest (a modest one:
 * half the balances spread over the years), and a stress test of at most 50 paths.
 */
function planRepair(input: Input): Input {
  const start = num(input.start_year) ?? 2026;
  const rawPeople = Array.isArray(input.people) ? (input.people as Input[]) : [];
  const people = rawPeople.map((person, i) => {
    const seed = Math.abs(Math.trunc(num(person.birth_year) ?? 0)) + i;
    const age = 50 + (seed % 31);
    const out: Input = { ...person, birth_year: start - age, sex: seed % 2 === 0 ? 'female' : 'male' };
    out.planning_age = Math.max(age + 1, 85 + (seed % 16));
    return out;
  });
  const rawAccounts = Array.isArray(input.accounts) ? (input.accounts as Input[]) : [];
  const accounts = rawAccounts.map((account) => {
    const out: Input = {
      ...account,
      owner: Math.min(num(account.owner) ?? 0, Math.max(0, people.length - 1)),
    };
    const balance = num(out.balance) ?? 0;
    if (out.type !== 'taxable') delete out.cost_basis;
    else if (typeof out.cost_basis === 'number') out.cost_basis = Math.min(out.cost_basis, balance);
    return out;
  });
  const out: Input = { ...input, people, accounts };
  const total = accounts.reduce((sum, a) => sum + (num(a.balance) ?? 0), 0);
  if (out.objective === 'max_bequest') {
    // half of what the balances would pay with no growth over the longest life: a goal they can meet
    const years = Math.max(
      1,
      ...people.map((p) => (num(p.planning_age) ?? 0) - (start - (num(p.birth_year) ?? start))),
    );
    out.spending_goal = cents((0.5 * total) / years);
  } else delete out.spending_goal;
  // a floor the household can leave (its first account holds at least twice it) and a Marketplace
  // premium of 5,000-30,000
  // On a drawn market path a floor may be out of reach whatever the spending: none then.
  if (out.market_path !== undefined) delete out.bequest_floor;
  const floor = num(out.bequest_floor);
  const first = accounts[0];
  if (floor !== undefined && first !== undefined && floor > 0.5 * total)
    accounts[0] = { ...first, balance: cents(Math.min((num(first.balance) ?? 0) + 2 * floor, 9e11)) };
  if (typeof out.aca_benchmark_premium === 'number')
    out.aca_benchmark_premium = 5_000 + Math.round(out.aca_benchmark_premium % 25_000);
  if (typeof out.stress === 'object' && out.stress !== null) {
    const stress = out.stress as Input;
    out.stress = { ...stress, num_simulations: 1 + ((num(stress.num_simulations) ?? 0) % 50) };
  }
  return out;
}

function spreadRepair(input: Input): Input {
  const strike = num(input.strike_price);
  const fmv = num(input.fmv_at_exercise);
  if (strike === undefined || fmv === undefined || fmv >= strike) return input;
  return { ...input, strike_price: fmv, fmv_at_exercise: strike };
}

/**
 * The request type of an operation (what its function accepts).
 *
 * @example
 * ```ts
 * import { tvm } from 'finplan/utilities';
 * import type { RequestOf } from 'finplan/testing';
 * const request: RequestOf<typeof tvm> = { solve_for: 'pmt', rate: 0.005, nper: 360, pv: 200_000 };
 * ```
 */
export type RequestOf<O extends AnyOperation> = Parameters<O>[0];

/**
 * Arbitraries replacing the generated ones for some top-level request fields; a field given here is
 * always present and keeps the value drawn (the repairs move related fields around it).
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { taxEstimate } from 'finplan/tax';
 * import type { Overrides } from 'finplan/testing';
 * const married: Overrides<typeof taxEstimate> = { filing_status: fc.constant('mfj') };
 * ```
 */
export type Overrides<O extends AnyOperation> = {
  readonly [K in keyof RequestOf<O>]?: fc.Arbitrary<RequestOf<O>[K]>;
};

/**
 * Values shaped like the operation's request (types and bounds of its JSON Schema), valid or not:
 * for checking that no input, valid or invalid, crashes anything. Extreme values are mixed in unless
 * `options.extremes` is `false` (see {@link ArbitraryOptions}).
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
  options: ArbitraryOptions = { extremes: true },
): fc.Arbitrary<unknown> {
  return arbitraryFromJsonSchema(
    requestSchema(operation, options.extremes === true),
    overrides as Record<string, fc.Arbitrary<unknown>>,
    options,
  );
}

/**
 * Valid requests of an operation, as planners send them: money log-uniform over $100-$10M to the cent,
 * rates 0-15%, ages 18-95, durations 1-40 years, years the tables cover, each within the field's bounds
 * (docs/testing.md lists what each kind of field gets), with related fields made to agree (ages in
 * order, weights summing to 1, a tax year's bracket rate), and kept only when the operation's own
 * schema accepts them and their declared cost is within the bound (`MAX_PATH_STEPS`). `overrides` set
 * the arbitrary of chosen fields; `{ extremes: true }` mixes in edge and extreme values (the bounds,
 * zero, subnormal and near-limit numbers) for robustness tests.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { taxEstimate } from 'finplan/tax';
 * import { inputArbitrary } from 'finplan/testing';
 * const wages = inputArbitrary(taxEstimate, { tax_year: fc.constant(2025), ordinary_income: fc.integer({ min: 0, max: 500_000 }) });
 * fc.assert(fc.property(wages, (input) => taxEstimate(input).result.total_tax >= 0));
 * // Robustness: the bounds, zero and any double in range mixed in.
 * fc.assert(fc.property(inputArbitrary(taxEstimate, {}, { extremes: true }), (input) => taxEstimate(input).result.total_tax >= 0));
 * ```
 */
export function inputArbitrary<O extends AnyOperation>(
  operation: O,
  overrides: Overrides<O> = {},
  options: ArbitraryOptions = {},
): fc.Arbitrary<RequestOf<O>> {
  const given = Object.keys(overrides);
  const context: RepairContext = { extremes: options.extremes === true, fixed: new Set(given) };
  const repair = repairs[operation.path] ?? ((input: Input) => input);
  return rawInputArbitrary(operation, overrides, { extremes: context.extremes })
    .map((raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const repaired = repair(raw as Input, context);
      // An overridden field keeps the value its arbitrary drew.
      for (const field of given) repaired[field] = (raw as Input)[field];
      return repaired;
    })
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

/** Every finplan operation, as a union of their types. */
type AnyFinplanOperation = (typeof OPERATIONS)[keyof typeof OPERATIONS];

/**
 * The operations {@link arbitraries} covers: every finplan operation, those of `finplan`'s registry and
 * the lifetime plan of `finplan/plan`.
 *
 * @example
 * ```ts
 * import { registry } from 'finplan';
 * import { ARBITRARY_OPERATIONS } from 'finplan/testing';
 * ARBITRARY_OPERATIONS.length === registry.operations.length + 1; // true
 * ```
 */
export const ARBITRARY_OPERATIONS: readonly AnyFinplanOperation[] = Object.values(OPERATIONS);

/**
 * Valid-request arbitraries of every operation, keyed by path, each typed with its request.
 *
 * @example
 * ```ts
 * import { type ArbitraryMap, arbitraries } from 'finplan/testing';
 * const byPath: ArbitraryMap = arbitraries();
 * Object.keys(byPath).includes('/v1/tvm'); // true
 * ```
 */
export type ArbitraryMap = {
  readonly [O in AnyFinplanOperation as O['path']]: fc.Arbitrary<RequestOf<O>>;
};

/**
 * Valid-request arbitraries of every operation, by path, each typed with its operation's request:
 * {@link inputArbitrary} of each, realistic unless `options.extremes`.
 *
 * @example
 * ```ts
 * import { arbitraries } from 'finplan/testing';
 * const tvmRequests = arbitraries()['/v1/tvm']; // fc.Arbitrary<TvmInput>
 * const oddTvmRequests = arbitraries({ extremes: true })['/v1/tvm'];
 * ```
 */
export function arbitraries(options: ArbitraryOptions = {}): ArbitraryMap {
  return Object.fromEntries(
    ARBITRARY_OPERATIONS.map((operation) => [
      operation.path,
      inputArbitrary(operation as AnyOperation, {}, options),
    ]),
  ) as unknown as ArbitraryMap;
}
