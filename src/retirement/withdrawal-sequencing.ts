import * as z from 'zod/mini';
import { calculationError } from '../core/errors';
import { Dec, roundMoney, roundRate } from '../core/money';
import { defineOperation } from '../core/operation';
import {
  age,
  crossFieldRules,
  fieldIssue,
  filingStatus,
  integer,
  nonNegativeMoney,
  oneOf,
  present,
  rate,
  resultNumber,
  when,
  withDefault,
} from '../core/schema';
import { type HouseholdYearTax, householdTax, TAX_ENGINE, taxYearField } from '../tax/engine';
import {
  bracketCeilingOf,
  fillableBracketRates,
  notFillableMessage,
  ordinaryRoomTo,
} from './_lib/bracket-fill';
import {
  RMD_BIRTH_YEARS,
  rmdDivisorFor,
  rmdYearIssue,
  UNIFORM_TABLE_FIRST_YEAR,
} from './_lib/uniform-lifetime';

/** The withdrawal orders of `/v1/retirement/withdrawal-sequencing`. */
export const SEQUENCING_STRATEGIES = ['conventional', 'bracket_fill', 'proportional'] as const;

const WithdrawalSequencingObject = z.strictObject({
  tax_year: taxYearField(),
  filing_status: filingStatus(),
  strategy: oneOf(
    SEQUENCING_STRATEGIES,
    'Order of the withdrawals: conventional (taxable, then tax-deferred, then tax-free), bracket_fill ' +
      '(tax-deferred up to the top of the bracket_ceiling bracket, then taxable, then tax-free, then more ' +
      'tax-deferred) or proportional (pro rata to the balances).',
  ),
  bracket_ceiling: z.optional(
    rate(
      'Used by bracket_fill, required with it: the rate of the ordinary bracket whose top the tax-deferred ' +
        "withdrawals fill (0.12 fills the 12% bracket); one of the tax year's bracket rates below the top one.",
      { min: 0, max: 1 },
    ),
  ),
  spending_need: nonNegativeMoney(
    'After-tax spending the withdrawals must provide (dollars): total withdrawals less the federal tax of ' +
      'the whole year (other_ordinary_income included).',
  ),
  taxable_balance: nonNegativeMoney('Taxable (brokerage) account balance (dollars).'),
  tax_deferred_balance: nonNegativeMoney(
    'Tax-deferred (traditional IRA, 401(k)) balance (dollars); also the December 31 balance of the prior ' +
      'year that sets the RMD.',
  ),
  tax_free_balance: nonNegativeMoney('Tax-free (Roth) balance (dollars); qualified withdrawals are untaxed.'),
  taxable_cost_basis_fraction: withDefault(
    rate(
      'Share of the taxable account that is cost basis (0-1; default 0: every dollar withdrawn is gain). ' +
        'A taxable withdrawal realizes withdrawal x (1 - fraction) of long-term capital gain.',
      { min: 0, max: 1 },
    ),
    0,
  ),
  other_ordinary_income: withDefault(
    nonNegativeMoney(
      'Ordinary income of the year besides the withdrawals (pension, wages, interest; dollars; default 0). ' +
        'Its tax is paid from the withdrawals; its cash is not counted toward spending_need.',
    ),
    0,
  ),
  age: z.optional(
    age(
      "Age attained by December 31 of tax_year (0-120). When given, the year's RMD is taken first from the " +
        'tax-deferred account, and the 65+ deductions apply.',
    ),
  ),
  birth_year: z.optional(
    integer(
      `Year of birth (${RMD_BIRTH_YEARS.min}-${RMD_BIRTH_YEARS.max}; default tax_year - age); sets the RMD ` +
        'beginning age, by the rule of /v1/retirement/rmd (a tax year before ' +
        `${UNIFORM_TABLE_FIRST_YEAR} in which an RMD is or may be due is a 400). Needs age.`,
      RMD_BIRTH_YEARS,
    ),
  ),
});

/** `/v1/retirement/withdrawal-sequencing` request. */
export const WithdrawalSequencingInput = WithdrawalSequencingObject.check(
  crossFieldRules(when('strategy', ['bracket_fill'], present('bracket_ceiling')), {
    dependentRequired: { birth_year: ['age'] },
  }),
  z.superRefine((input, ctx) => {
    const issue = fieldIssue(ctx, input);
    if (input.strategy === 'bracket_fill' && input.bracket_ceiling === undefined)
      issue('bracket_ceiling', 'is required when strategy is bracket_fill');
    const rates = fillableBracketRates(input.tax_year, input.filing_status);
    const ceiling = input.strategy === 'bracket_fill' ? input.bracket_ceiling : undefined;
    if (ceiling !== undefined && rates && !rates.includes(ceiling))
      issue('bracket_ceiling', notFillableMessage(input.tax_year, input.filing_status, rates), {
        finplan: 'invalid_input',
      });
    if (input.birth_year !== undefined) {
      if (input.age === undefined) issue('age', 'is required when birth_year is given');
      else if (input.birth_year + input.age !== input.tax_year)
        issue(
          'birth_year',
          `must be tax_year - age (${input.tax_year - input.age}): age is the age attained in tax_year`,
        );
    }
    if (
      input.age !== undefined &&
      (input.birth_year ?? input.tax_year - input.age) + input.age === input.tax_year
    ) {
      // The RMD rule of the year (every tax year of the tax engine is answered).
      const refusal = rmdYearIssue(input.tax_year - input.age, input.age);
      if (refusal !== undefined)
        issue(input.birth_year === undefined ? 'age' : 'birth_year', refusal.message, {
          finplan: refusal.code,
        });
    }
  }),
);
export type WithdrawalSequencingInput = z.input<typeof WithdrawalSequencingInput>;

const Accounts = (what: string) =>
  z.object({
    taxable: resultNumber(`Taxable account ${what} (dollars).`),
    tax_deferred: resultNumber(`Tax-deferred account ${what} (dollars).`),
    tax_free: resultNumber(`Tax-free account ${what} (dollars).`),
  });

export const WithdrawalSequencingResult = z.object({
  strategy: z.enum(SEQUENCING_STRATEGIES),
  required_minimum_distribution: resultNumber(
    'RMD of the year (tax_deferred_balance / Uniform Lifetime divisor, half up to cents), drawn first; 0 ' +
      'without age or before the beginning age.',
  ),
  withdrawals: z.object({
    ...Accounts('withdrawal').shape,
    total: resultNumber('Sum of the three withdrawals (dollars).'),
  }),
  ordinary_income: resultNumber(
    'Ordinary income of the year: other_ordinary_income + the tax-deferred withdrawal.',
  ),
  capital_gain_income: resultNumber(
    'Long-term gain realized: the taxable withdrawal x (1 - taxable_cost_basis_fraction), half up to cents.',
  ),
  taxable_income: resultNumber('Federal taxable income of the year.'),
  federal_tax: resultNumber(
    'Federal tax of the whole year (regular tax + NIIT), half up to cents, paid from the withdrawals.',
  ),
  net_spending: resultNumber(
    'withdrawals.total - federal_tax: equals spending_need to the cent unless shortfall or surplus is not 0.',
  ),
  shortfall: resultNumber(
    'spending_need - net_spending when the balances cannot meet the need (every account is emptied); else 0.',
  ),
  surplus: resultNumber(
    'net_spending - spending_need when the RMD alone nets more than the need (it is taken anyway); else 0.',
  ),
  marginal_ordinary_rate: resultNumber('Bracket rate on the next dollar of ordinary income.'),
  marginal_capital_gains_rate: resultNumber('Rate on the next dollar of long-term gain (0, 0.15 or 0.20).'),
  effective_tax_rate: resultNumber(
    'federal_tax / (ordinary_income + capital_gain_income); 0 without income.',
  ),
  bracket_room: z.optional(
    resultNumber(
      'bracket_fill only: ordinary income that fills the bracket_ceiling bracket on top of ' +
        'other_ordinary_income and the RMD (dollars).',
    ),
  ),
  balances_after: Accounts('balance after the withdrawals'),
});
/** The `result` of the envelope: the type of the `WithdrawalSequencingResult` schema. */
export type WithdrawalSequencingResult = z.infer<typeof WithdrawalSequencingResult>;

type Parsed = z.output<typeof WithdrawalSequencingInput>;

/** Draws in whole cents from the taxable, tax-deferred (beyond the RMD) and tax-free accounts. */
interface Draws {
  readonly taxable: number;
  readonly deferred: number;
  readonly free: number;
}

const toCents = (dollars: number) => Math.round(roundMoney(dollars) * 100);

/** Fills the accounts in `order` from `total` cents, each up to its cap. */
function fill(total: number, order: readonly (readonly [keyof Draws, number])[]): Draws {
  const draws = { taxable: 0, deferred: 0, free: 0 };
  let left = total;
  for (const [account, cap] of order) {
    const take = Math.min(left, cap - draws[account]);
    draws[account] += take;
    left -= take;
  }
  return draws;
}

/**
 * Pro rata draws of `total` cents from balances `caps` (cents): each account's k-th cent comes due when
 * the withdrawn fraction reaches k / balance, and the first `total` cents of that merged order (ties to
 * the earlier account) are drawn. No draw ever falls when `total` rises, so every added cent adds to
 * exactly one account (which keeps the tax monotone in the total, and the netting exact; largest
 * remainders would not: a total one cent higher can take a cent from an account). The price: a draw is
 * within 2 cents of total x balance / sum (below it by less than 1, above it by the others' shortfalls).
 */
function proRata(total: number, caps: readonly [number, number, number]): [number, number, number] {
  const sum = caps[0] + caps[1] + caps[2];
  if (sum === 0 || total === 0) return [0, 0, 0];
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const draws = caps.map((cap) => Number((bigTotal * BigInt(cap)) / bigSum)) as [number, number, number];
  for (let left = total - draws[0] - draws[1] - draws[2]; left > 0; left--) {
    // The next cent due: the smallest (draw + 1) / cap, compared by cross-multiplication.
    let best = -1;
    for (let i = 0; i < 3; i++) {
      const cap = caps[i] as number;
      if ((draws[i] as number) >= cap) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const lhs = BigInt((draws[i] as number) + 1) * BigInt(caps[best] as number);
      const rhs = BigInt((draws[best] as number) + 1) * BigInt(cap);
      if (lhs < rhs) best = i;
    }
    draws[best] = (draws[best] as number) + 1;
  }
  return draws;
}

/** The year's RMD in cents: 0 without age or before the beginning age. */
function rmdCents(input: Parsed): number {
  if (input.age === undefined) return 0;
  const divisor = rmdDivisorFor(
    input.age,
    input.birth_year ?? input.tax_year - input.age,
    input.birth_year === undefined ? 'age' : 'birth_year',
  );
  if (divisor === undefined) return 0;
  return toCents(new Dec(input.tax_deferred_balance).div(divisor).toNumber());
}

function compute(input: Parsed): WithdrawalSequencingResult {
  const taxableCap = toCents(input.taxable_balance);
  const deferredBalance = toCents(input.tax_deferred_balance);
  const freeCap = toCents(input.tax_free_balance);
  const rmd = Math.min(rmdCents(input), deferredBalance);
  const deferredCap = deferredBalance - rmd;
  const gainShare = new Dec(1).minus(input.taxable_cost_basis_fraction);
  const base = {
    tax_year: input.tax_year,
    filing_status: input.filing_status,
    age: input.age,
  };
  const rmdOrdinary = Dec.add(input.other_ordinary_income, rmd / 100);

  let room: number | undefined;
  let allocate: (total: number) => Draws;
  if (input.strategy === 'conventional') {
    allocate = (total) =>
      fill(total, [
        ['taxable', taxableCap],
        ['deferred', deferredCap],
        ['free', freeCap],
      ]);
  } else if (input.strategy === 'bracket_fill') {
    const ceiling = bracketCeilingOf(
      input.tax_year,
      input.filing_status,
      input.bracket_ceiling as number,
      'bracket_ceiling',
    );
    room = ordinaryRoomTo({ ...base, ordinary_income: rmdOrdinary.toNumber() }, ceiling);
    const first = Math.min(Math.round(room * 100), deferredCap);
    allocate = (total) =>
      fill(total, [
        ['deferred', first],
        ['taxable', taxableCap],
        ['free', freeCap],
        ['deferred', deferredCap],
      ]);
  } else {
    allocate = (total) => {
      const [taxable, deferred, free] = proRata(total, [taxableCap, deferredCap, freeCap]);
      return { taxable, deferred, free };
    };
  }

  const evaluate = (total: number) => {
    const draws = allocate(total);
    const gain = roundMoney(new Dec(draws.taxable).div(100).times(gainShare));
    const ordinary = rmdOrdinary.plus(new Dec(draws.deferred).div(100));
    const tax = householdTax({ ...base, ordinary_income: ordinary.toNumber(), qualified_income: gain });
    const taxCents = Math.round(roundMoney(tax.total) * 100);
    return { draws, gain, ordinary, tax, taxCents, net: rmd + total - taxCents };
  };

  // net(total) rises by 0 or 1 cent with each added cent (every marginal rate is below 100%), so the
  // smallest total whose net reaches the need nets it exactly, unless the RMD alone overshoots or the
  // balances run out. Bisection over whole cents.
  const need = toCents(input.spending_need);
  const most = taxableCap + deferredCap + freeCap;
  let at = evaluate(0);
  if (at.net < need) {
    const top = evaluate(most);
    if (top.net < need) at = top;
    else {
      let lo = 0;
      let hi = most;
      at = top;
      while (hi - lo > 1) {
        const mid = lo + Math.floor((hi - lo) / 2);
        const mine = evaluate(mid);
        if (mine.net >= need) {
          hi = mid;
          at = mine;
        } else lo = mid;
      }
    }
  }
  if (!Number.isSafeInteger(at.net))
    throw calculationError('invalid_input', 'spending_need', 'is out of range');
  return result(input, at, rmd, room, { taxableCap, deferredBalance, freeCap }, need);
}

function result(
  input: Parsed,
  at: { draws: Draws; gain: number; ordinary: Dec; tax: HouseholdYearTax; taxCents: number; net: number },
  rmd: number,
  room: number | undefined,
  caps: { taxableCap: number; deferredBalance: number; freeCap: number },
  need: number,
): WithdrawalSequencingResult {
  const cents = (value: number) => roundMoney(value / 100);
  const deferred = rmd + at.draws.deferred;
  const total = at.draws.taxable + deferred + at.draws.free;
  const income = at.ordinary.plus(at.gain);
  return {
    strategy: input.strategy,
    required_minimum_distribution: cents(rmd),
    withdrawals: {
      taxable: cents(at.draws.taxable),
      tax_deferred: cents(deferred),
      tax_free: cents(at.draws.free),
      total: cents(total),
    },
    ordinary_income: roundMoney(at.ordinary),
    capital_gain_income: at.gain,
    taxable_income: roundMoney(at.tax.taxable_income),
    federal_tax: cents(at.taxCents),
    net_spending: cents(at.net),
    shortfall: cents(Math.max(0, need - at.net)),
    surplus: cents(Math.max(0, at.net - need)),
    marginal_ordinary_rate: at.tax.marginal_ordinary_rate,
    marginal_capital_gains_rate: at.tax.marginal_capital_gains_rate,
    effective_tax_rate: income.gt(0) ? roundRate(new Dec(at.taxCents).div(100).div(income)) : 0,
    ...(room === undefined ? {} : { bracket_room: room }),
    balances_after: {
      taxable: cents(caps.taxableCap - at.draws.taxable),
      tax_deferred: cents(caps.deferredBalance - deferred),
      tax_free: cents(caps.freeCap - at.draws.free),
    },
  };
}

// The work of a request, in path-steps (bench/cost.bench.mjs; docs/contributing.md, "Cost"): fixed by its
// bisection over whole cents of the total drawn (at most 47 steps, each a run of the federal tax engine):
// 16,000-35,000 measured.
const COST = 40_000;

/**
 * One year's withdrawals from taxable, tax-deferred and tax-free accounts that net an after-tax
 * spending need exactly to the cent: the total withdrawn less the federal tax of the whole year
 * (`other_ordinary_income` included) equals `spending_need`, solved over whole cents with the federal tax
 * engine. The year's RMD comes first when `age` is given; only the gain on taxable withdrawals is taxed,
 * as long-term capital gain stacked on ordinary income. When the balances cannot meet the need, every
 * account is emptied and `shortfall` says by how much.
 *
 * @example
 * ```ts
 * import { withdrawalSequencing } from 'finplan/retirement';
 * // 2025 single, conventional: 20,000 from a taxable account whose basis is 60%: 8,000 of gain, all
 * // under the 15,750 standard deduction, so no tax.
 * withdrawalSequencing({
 *   tax_year: 2025, filing_status: 'single', strategy: 'conventional', spending_need: 20_000,
 *   taxable_balance: 100_000, tax_deferred_balance: 300_000, tax_free_balance: 50_000,
 *   taxable_cost_basis_fraction: 0.6,
 * }).result.withdrawals.taxable; // 20000
 * ```
 */
export const withdrawalSequencing = defineOperation({
  path: '/v1/retirement/withdrawal-sequencing',
  engine: 'withdrawal-sequencing',
  version: '1.0.1',
  uses: [TAX_ENGINE],
  prefix: 'wseq',
  summary:
    'One year of withdrawals across taxable, tax-deferred and tax-free accounts netting a spending need.',
  description:
    'Splits one year of withdrawals across taxable, tax-deferred and tax-free accounts so that the total ' +
    'withdrawn less the federal tax of the whole year (other_ordinary_income included) equals spending_need ' +
    'to the cent. When age is given, the RMD (Uniform Lifetime Table, SECURE 2.0 beginning ages) is taken ' +
    'first from the tax-deferred account. Tax-deferred withdrawals are ordinary income; taxable withdrawals ' +
    'realize withdrawal x (1 - taxable_cost_basis_fraction) of long-term gain, stacked on ordinary income; ' +
    'tax-free withdrawals are untaxed. conventional: taxable, tax-deferred, tax-free; bracket_fill: ' +
    'tax-deferred to the top of the bracket_ceiling bracket, taxable, tax-free, then more tax-deferred; ' +
    'proportional: pro rata to the balances. Federal tax only (no state tax).',
  example: {
    tax_year: 2025,
    filing_status: 'single',
    strategy: 'conventional',
    spending_need: 60000,
    taxable_balance: 100000,
    tax_deferred_balance: 500000,
    tax_free_balance: 100000,
    taxable_cost_basis_fraction: 0.5,
    other_ordinary_income: 20000,
    age: 75,
    birth_year: 1950,
  },
  input: WithdrawalSequencingInput,
  output: WithdrawalSequencingResult,
  compute,
  cost: () => COST,
  costField: 'spending_need',
  costFormula: `${COST}`,
});
