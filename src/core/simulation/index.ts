/**
 * The simulation module every stochastic engine builds on: market paths in a fixed draw order, type-7
 * quantiles by multiselect, year-by-year percentile bands and their fan chart.
 *
 * @module
 */
export { yearlyBands } from './bands';
export { type FanChartOptions, type FanChartRow, fanChartSvg } from './fan-chart';
export { createPathDriver, type PathDriver, type PathDriverOptions } from './paths';
export { quantile, quantiles, STANDARD_PERCENTILES } from './quantile';
