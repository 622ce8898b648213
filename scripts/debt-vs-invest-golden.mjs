// `node scripts/debt-vs-invest-golden.mjs`: re-records test/utilities/fixtures/debt-vs-invest-golden.json
// from the sources (bundled in memory with esbuild): for each case's input, the full envelope of
// /v1/debt-vs-invest and the unrounded net worths of the first five paths of both strategies. The inputs
// stay as they are. A noreg lock: run it only on purpose, after an engine version bump of debt-vs-invest
// (test/utilities/debt-vs-invest.test.ts checks the file's engine_version against the operation's).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `
import { Dec } from './src/core/money';
import { loanPlan, simulatePaired } from './src/utilities/_lib/debt-vs-invest-paths';
import { debtVsInvest } from './src/utilities/debt-vs-invest';
export { Dec, debtVsInvest, loanPlan, simulatePaired };
`;
const bundled = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'silent',
});
const { Dec, debtVsInvest, loanPlan, simulatePaired } = await import(
  `data:text/javascript,${encodeURIComponent(bundled.outputFiles[0].text)}`
);

/** The first five unrounded net worths of each strategy, as the test rebuilds them. */
function rawFirstNetWorths(input) {
  const parsed = debtVsInvest.parse(input);
  const months = parsed.horizon_years * 12;
  const minimum = new Dec(parsed.loan_minimum_payment);
  const terms = {
    balance: new Dec(parsed.loan_balance),
    annualRate: new Dec(parsed.loan_annual_rate),
    budget: minimum.plus(parsed.extra_monthly),
    taxRate: new Dec(parsed.interest_deductible ? parsed.marginal_tax_rate : 0),
  };
  const pay = loanPlan(terms, terms.budget, months);
  const inv = loanPlan(terms, minimum, months);
  const out = simulatePaired({
    seed: parsed.seed,
    paths: parsed.num_simulations,
    expectedReturn: parsed.expected_return,
    returnVolatility: parsed.return_volatility,
    payDebtContributions: pay.contributions,
    investContributions: inv.contributions,
    payDebtEndingBalance: pay.endingBalance.toNumber(),
    investEndingBalance: inv.endingBalance.toNumber(),
  });
  return { pay_debt: Array.from(out.payDebt.slice(0, 5)), invest: Array.from(out.invest.slice(0, 5)) };
}

const path = `${root}test/utilities/fixtures/debt-vs-invest-golden.json`;
const golden = JSON.parse(readFileSync(path, 'utf8'));
golden.engine_version = debtVsInvest.engineVersion;
golden.cases = golden.cases.map(({ input }) => ({
  input,
  envelope: debtVsInvest(input),
  raw_first_net_worths: rawFirstNetWorths(input),
}));
writeFileSync(path, `${JSON.stringify(golden, null, 2)}\n`);
console.log(`wrote ${path} (${golden.engine_version})`);
