import * as z from 'zod/mini';
import { defineOperation } from '../core/operation';
import { apportion, roundMoney, roundRate } from '../core/rounding';
import { fieldIssue, nonNegativeMoney, wholeYears } from '../core/schema';
import { maxValueTransport } from '../core/transportation';

const ACCOUNTS = ['taxable', 'tax_deferred', 'tax_free'] as const;
type Account = (typeof ACCOUNTS)[number];

const Asset = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Asset name, echoed in the result.')),
  weight: z
    .number()
    .check(
      z.gte(0),
      z.lte(100),
      z.describe(
        'Share of the whole portfolio (all three accounts), as a fraction or a percentage (0-100); weights are normalized to sum to 1.',
      ),
    ),
  expected_return: z
    .number()
    .check(z.gte(-0.5), z.lte(0.5), z.describe('Expected total annual return, yield included (0.07 = 7%).')),
  yield: z
    ._default(z.number().check(z.gte(0), z.lte(0.25)), 0)
    .check(z.describe('Annual income yield (dividends, interest) as a share of value. Default 0.')),
  qualified_share_of_yield: z
    ._default(z.number().check(z.gte(0), z.lte(1)), 0)
    .check(
      z.describe(
        'Share of the yield that is qualified dividends (taxed at ltcg_rate); the rest is ordinary. Default 0.',
      ),
    ),
  turnover: z
    ._default(z.number().check(z.gte(0), z.lte(1)), 0)
    .check(
      z.describe(
        'Share of the unrealized gain realized each year in a taxable account (taxed at ltcg_rate). Default 0.',
      ),
    ),
});

/** `/v1/tax/asset-location` request. */
export const AssetLocationInput = z
  .strictObject({
    taxable_balance: nonNegativeMoney('Balance of the taxable (brokerage) account.'),
    tax_deferred_balance: nonNegativeMoney('Balance of tax-deferred accounts (traditional IRA, 401(k)).'),
    tax_free_balance: nonNegativeMoney('Balance of tax-free accounts (Roth IRA, Roth 401(k), HSA).'),
    assets: z
      .array(Asset)
      .check(z.minLength(1), z.maxLength(20), z.describe('Assets of the target allocation (1-20).')),
    ordinary_rate: z
      .number()
      .check(
        z.gte(0),
        z.lte(0.6),
        z.describe('Marginal rate on ordinary income (interest, non-qualified dividends).'),
      ),
    ltcg_rate: z
      .number()
      .check(
        z.gte(0),
        z.lte(0.4),
        z.describe('Rate on qualified dividends and long-term gains (NIIT included if it applies).'),
      ),
    withdrawal_rate: z
      .optional(z.number().check(z.gte(0), z.lte(0.6)))
      .check(z.describe('Ordinary rate on tax-deferred withdrawals at the horizon. Default: ordinary_rate.')),
    horizon_years: wholeYears('Years until the money is spent (1-100).'),
    liquidate_taxable_at_horizon: z
      ._default(z.boolean(), true)
      .check(
        z.describe(
          'Tax the taxable account’s unrealized gain at the horizon (false: basis step-up, no final tax). Default true.',
        ),
      ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = fieldIssue(ctx, input);
      if (!(input.assets.reduce((sum, asset) => sum + asset.weight, 0) > 0)) {
        issue('assets', 'the asset weights must not all be zero');
      }
    }),
  );
export type AssetLocationInput = z.input<typeof AssetLocationInput>;

const ByAccount = z.object({ taxable: z.number(), tax_deferred: z.number(), tax_free: z.number() });

export const AssetLocationResult = z.object({
  total_balance: z.number(),
  placements: z.array(
    z.object({
      name: z.string(),
      target_amount: z.number().check(z.describe('weight x total balance (to the cent).')),
      taxable: z.number(),
      tax_deferred: z.number(),
      tax_free: z.number(),
      after_tax_multiple: ByAccount.check(
        z.describe('After-tax ending value of 1 dollar placed in each account.'),
      ),
    }),
  ),
  after_tax_wealth: z
    .number()
    .check(z.describe('After-tax value at the horizon of the recommended placement.')),
  pro_rata_after_tax_wealth: z
    .number()
    .check(z.describe('Same, with every account holding the target allocation.')),
  gain_over_pro_rata: z.number(),
  gain_over_pro_rata_annualized: z
    .number()
    .check(
      z.describe(
        '(after_tax_wealth / pro_rata_after_tax_wealth)^(1/horizon) - 1: the placement’s yearly edge.',
      ),
    ),
});
/** The `result` of the envelope: the type of the `AssetLocationResult` schema. */
export type AssetLocationResult = z.infer<typeof AssetLocationResult>;

type Parsed = z.output<typeof AssetLocationInput>;
type ParsedAsset = Parsed['assets'][number];

/**
 * After-tax value at the horizon of 1 dollar of `asset` in `account`: tax-free (1 + r)^n; tax-deferred
 * the same less `withdrawal_rate`; taxable simulated year by year (income taxed as it is paid, a
 * `turnover` share of the unrealized gain realized and taxed each year, everything reinvested, the
 * remaining gain taxed at the end unless stepped up). Losses are taxed symmetrically (a credit).
 *
 * @example
 * ```ts
 * import { afterTaxMultiple } from 'finplan/tax';
 * const stock = { expected_return: 0.07, yield: 0, qualified_share_of_yield: 0, turnover: 0 };
 * afterTaxMultiple(stock, 'taxable', { ordinary: 0.24, ltcg: 0.15, withdrawal: 0.24 }, 10).toFixed(6); // '1.822079' = 1 + 0.85 x (1.07^10 - 1)
 * ```
 */
export function afterTaxMultiple(
  asset: Pick<ParsedAsset, 'expected_return' | 'yield' | 'qualified_share_of_yield' | 'turnover'>,
  account: Account,
  rates: { ordinary: number; ltcg: number; withdrawal: number },
  years: number,
  liquidate = true,
): number {
  const growth = (1 + asset.expected_return) ** years;
  if (account === 'tax_free') return growth;
  if (account === 'tax_deferred') return growth * (1 - rates.withdrawal);
  const incomeRate =
    asset.qualified_share_of_yield * rates.ltcg + (1 - asset.qualified_share_of_yield) * rates.ordinary;
  const priceReturn = asset.expected_return - asset.yield;
  let value = 1;
  let basis = 1;
  for (let year = 0; year < years; year++) {
    const income = asset.yield * value;
    value *= 1 + priceReturn;
    const realized = asset.turnover * (value - basis);
    basis += realized;
    const reinvested = income * (1 - incomeRate) - realized * rates.ltcg;
    value += reinvested;
    basis += reinvested;
  }
  return liquidate ? value - rates.ltcg * (value - basis) : value;
}

function compute(input: Parsed): AssetLocationResult {
  const rates = {
    ordinary: input.ordinary_rate,
    ltcg: input.ltcg_rate,
    withdrawal: input.withdrawal_rate ?? input.ordinary_rate,
  };
  const years = input.horizon_years;
  const balances = [input.taxable_balance, input.tax_deferred_balance, input.tax_free_balance];
  const supply = balances.map((b) => Math.round(b * 100));
  const totalCents = supply.reduce((a, b) => a + b, 0);
  const weights = input.assets.map((asset) => asset.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const demand = apportion(totalCents, weights);
  const multiples = input.assets.map((asset) =>
    ACCOUNTS.map((account) =>
      afterTaxMultiple(asset, account, rates, years, input.liquidate_taxable_at_horizon),
    ),
  );
  const cents = maxValueTransport(multiples, supply, demand);

  let optimized = 0;
  let proRata = 0;
  const total = balances.reduce((a, b) => a + b, 0);
  const placements = input.assets.map((asset, i) => {
    const row = cents[i] as number[];
    const m = multiples[i] as number[];
    for (let a = 0; a < ACCOUNTS.length; a++) {
      optimized += ((row[a] as number) / 100) * (m[a] as number);
      proRata += (asset.weight / weightSum) * (balances[a] as number) * (m[a] as number);
    }
    return {
      name: asset.name,
      target_amount: roundMoney((demand[i] as number) / 100),
      taxable: roundMoney((row[0] as number) / 100),
      tax_deferred: roundMoney((row[1] as number) / 100),
      tax_free: roundMoney((row[2] as number) / 100),
      after_tax_multiple: {
        taxable: roundRate(m[0] as number),
        tax_deferred: roundRate(m[1] as number),
        tax_free: roundRate(m[2] as number),
      },
    };
  });
  // The optimum is at least the pro-rata placement; the two differ only by cent rounding when equal.
  const gain = Math.max(0, optimized - proRata);
  const annualized = proRata > 0 && optimized > 0 ? Math.max(0, (optimized / proRata) ** (1 / years) - 1) : 0;
  return {
    total_balance: roundMoney(total),
    placements,
    after_tax_wealth: roundMoney(optimized),
    pro_rata_after_tax_wealth: roundMoney(proRata),
    gain_over_pro_rata: roundMoney(gain),
    gain_over_pro_rata_annualized: roundRate(annualized),
  };
}

/**
 * Asset location: where each asset's dollars should sit (taxable, tax-deferred, tax-free) to maximize
 * after-tax wealth at the horizon, given fixed account balances and a fixed overall allocation. Each
 * dollar's after-tax multiple is computed per asset and account (tax-free: (1+r)^n; tax-deferred:
 * (1+r)^n (1 - withdrawal_rate); taxable: yearly income and turnover taxes, reinvested, gain taxed at
 * the end). Wealth is linear in the placement, so the best placement solves a transportation problem
 * (accounts supply their balances, assets demand their targets), solved exactly in whole cents as a
 * min-cost flow. The result compares it with a pro-rata placement (each account holds the allocation).
 *
 * @example
 * ```ts
 * import { assetLocation } from 'finplan/tax';
 * const r = assetLocation({
 *   taxable_balance: 500_000, tax_deferred_balance: 500_000, tax_free_balance: 0, horizon_years: 20,
 *   ordinary_rate: 0.32, ltcg_rate: 0.15,
 *   assets: [
 *     { name: 'stocks', weight: 0.5, expected_return: 0.07, yield: 0.015, qualified_share_of_yield: 1 },
 *     { name: 'bonds', weight: 0.5, expected_return: 0.045, yield: 0.045 },
 *   ],
 * }).result;
 * r.placements[1]?.tax_deferred; // 500000: bonds go in the tax-deferred account
 * ```
 */
export const assetLocation = defineOperation({
  path: '/v1/tax/asset-location',
  engine: 'asset-location',
  version: '1.0.0',
  prefix: 'aloc',
  summary: 'Place assets across taxable, tax-deferred and tax-free accounts to maximize after-tax wealth.',
  description:
    'Per-asset after-tax growth of a dollar in each account type (income yield, qualified share, turnover, ' +
    'ordinary and long-term rates, horizon); the placement maximizing after-tax ending wealth under fixed account ' +
    'balances and a fixed allocation is solved exactly (transportation problem as a min-cost flow, whole cents), ' +
    'and compared with a pro-rata placement.',
  example: {
    taxable_balance: 500000,
    tax_deferred_balance: 500000,
    tax_free_balance: 0,
    horizon_years: 20,
    ordinary_rate: 0.32,
    ltcg_rate: 0.15,
    assets: [
      { name: 'stocks', weight: 0.5, expected_return: 0.07, yield: 0.015, qualified_share_of_yield: 1 },
      { name: 'bonds', weight: 0.5, expected_return: 0.045, yield: 0.045 },
    ],
  },
  input: AssetLocationInput,
  output: AssetLocationResult,
  compute,
});
