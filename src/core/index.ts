export { canonicalJson } from './canonical-json';
export { assertAffordable, MAX_PATH_STEPS, OFFLOAD_COST, PATH_STEPS_PER_TOKEN, tokensFor } from './cost';
export { buildEnvelope, DISCLAIMER, type Envelope } from './envelope';
export {
  CALCULATION_ERROR_CODES,
  CalculationError,
  type CalculationErrorCode,
  type CalculationIssue,
  calculationError,
  isCalculationError,
} from './errors';
export {
  annuityCertainFactor,
  apportion,
  ceilCents,
  dollars,
  floorCents,
  monthlyInterest,
  roundMoney,
  roundRate,
  roundTo,
} from './money';
export {
  type AnyOperation,
  defineOperation,
  type EngineRef,
  isOperation,
  type Operation,
  type OperationConfig,
} from './operation';
export { createRegistry, type Registry } from './registry';
export { type ResultIdMeta, resultId } from './result-id';
export {
  DEFAULT_SEED,
  FILING_STATUSES,
  type FilingStatus,
} from './schema';
export {
  createPathDriver,
  type FanChartOptions,
  type FanChartRow,
  fanChartSvg,
  type PathDriver,
  type PathDriverOptions,
  quantile,
  quantiles,
  STANDARD_PERCENTILES,
  yearlyBands,
} from './simulation/index';
export { defineTable, defineYearTables, type YearTables, yearField, yearsText } from './year-tables';
