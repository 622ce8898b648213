/**
 * Portfolio: capital market assumptions.
 * @module finplan/portfolio
 */
export {
  type CapitalMarketAssumptionsInput,
  type CapitalMarketAssumptionsResult,
  capitalMarketAssumptions,
} from './capital-market-assumptions';
