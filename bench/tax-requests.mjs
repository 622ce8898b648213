// The 64 tax/estimate requests of bench/tax.bench.mjs and bench/tax-ab.mjs: three years, five statuses,
// ordinary income from $40,000 in steps of $9,137.50, qualified income in steps of $5,250, a 5% state rate,
// and age 67 on every fourth.
const YEARS = [2024, 2025, 2026];
const STATUSES = ['single', 'mfj', 'mfs', 'hoh', 'qss'];

export const requests = Array.from({ length: 64 }, (_, i) => ({
  tax_year: YEARS[i % 3],
  filing_status: STATUSES[i % 5],
  ordinary_income: 40_000 + i * 9_137.5,
  qualified_income: (i % 7) * 5_250,
  state_tax_rate: 0.05,
  ...(i % 4 === 0 ? { age: 67 } : {}),
}));
