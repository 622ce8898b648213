/**
 * Portfolio: capital market assumptions.
 * @module portfolio
 */
export {
  type CapitalMarketAssumptionsInput,
  type CapitalMarketAssumptionsResult,
  capitalMarketAssumptions,
} from './capital-market-assumptions';
