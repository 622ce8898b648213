/**
 * The simulation module every stochastic engine builds on: market paths in a fixed draw order, type-7
 * quantiles by multiselect, year-by-year percentile bands.
 *
 * @module
 */
export { yearlyBands } from './bands';
export { createPathDriver, type PathDriver, type PathDriverOptions } from './paths';
export { quantile, quantiles, STANDARD_PERCENTILES } from './quantile';
