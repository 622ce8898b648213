/**
 * Retirement: Monte Carlo of saving and spending, withdrawal strategies, accumulation projection,
 * required minimum distributions, savings target, withdrawal sequencing, Roth conversion, HSA,
 * inherited IRA (ten-year rule); and retirement income (`income/`): longevity, annuities, pensions, the
 * survivor scenario.
 * @module finplan/retirement
 */

export {
  type AccumulationProjectionInput,
  type AccumulationProjectionResult,
  accumulationProjection,
} from './accumulation-projection';
export { type HsaInput, type HsaResult, hsa } from './hsa';
export { type AnnuityInput, type AnnuityResult, annuity, PAYOUT_TYPES } from './income/annuity';
export { type LongevityInput, type LongevityResult, longevity } from './income/longevity';
export {
  type LumpSumVsAnnuityInput,
  type LumpSumVsAnnuityResult,
  pensionLumpSumVsAnnuity,
} from './income/lump-sum-vs-annuity';
export {
  type SurvivorScenarioInput,
  type SurvivorScenarioResult,
  survivorScenario,
} from './income/survivor-scenario';
export {
  INHERITED_IRA_STRATEGIES,
  type InheritedIraInput,
  type InheritedIraResult,
  inheritedIra,
} from './inherited-ira';
export { type MonteCarloInput, type MonteCarloResult, monteCarlo } from './monte-carlo';
export { type RmdInput, type RmdResult, rmd } from './rmd';
export { type RothConversionInput, type RothConversionResult, rothConversion } from './roth-conversion';
export { type SavingsTargetInput, type SavingsTargetResult, savingsTarget } from './savings-target';
export {
  SEQUENCING_STRATEGIES,
  type WithdrawalSequencingInput,
  type WithdrawalSequencingResult,
  withdrawalSequencing,
} from './withdrawal-sequencing';
export {
  type WithdrawalStrategyInput,
  type WithdrawalStrategyResult,
  withdrawalStrategy,
} from './withdrawal-strategy';
