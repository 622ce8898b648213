/**
 * Tax: the federal tax engine (brackets, deductions, capital gains, NIIT, additional Medicare tax, AMT,
 * taxable Social Security) with its entry point for other areas (`householdTax`, `bracketCeilings`,
 * `bracketRoomAt`, `grossUp`, `taxableSocialSecurity`, `TAX_ENGINE`), and the tax estimate, bracket room, cliff map, gain harvesting, loss harvesting and asset location operations.
 * @module finplan/tax
 */

export { additionalMedicareTax } from './additional-medicare';
export {
  type Amt,
  type AmtInput,
  alternativeMinimumTax,
  amtExemption,
  amtPreferenceCapacity,
  amtRateTax,
  tentativeMinimumTax,
} from './amt';
export {
  type AssetLocationInput,
  type AssetLocationResult,
  afterTaxMultiple,
  assetLocation,
} from './asset-location';
export { type BracketRoomInput, type BracketRoomResult, bracketRoom } from './bracket-room';
export {
  LTCG_RATES,
  marginalGainRate,
  marginalRegularGainRate,
  type PreferentialBands,
  preferentialBands,
  preferentialTax,
  type RegularTax,
  regularTax,
} from './capital-gains-tax';
export { type CliffMapInput, type CliffMapResult, cliffMap } from './cliff-map';
export { type Household, type StandardDeduction, seniorDeduction, standardDeduction } from './deductions';
export {
  type BracketCeiling,
  type BracketPosition,
  bracketCeilings,
  bracketRoomAt,
  type GrossUp,
  type GrossUpInput,
  grossUp,
  type HouseholdYear,
  type HouseholdYearTax,
  householdTax,
  TAX_ENGINE,
} from './engine';
export {
  type ByStatus,
  type FederalTaxTable,
  federalTable,
  federalTables,
  SUPPORTED_TAX_YEARS,
  type SupportedTaxYear,
} from './federal-tables';
export { type FederalTax, type FederalTaxInput, federalTax } from './federal-tax';
export { type GainHarvestingInput, type GainHarvestingResult, gainHarvesting } from './gain-harvesting';
export { incrementalNiit, netInvestmentIncomeTax } from './niit';
export {
  type BracketFill,
  type BracketSchedule,
  bracketFills,
  bracketIndex,
  bracketSchedule,
  marginalOrdinaryRate,
  ordinaryTax,
  scheduleFrom,
} from './ordinary-tax';
export {
  COVERED_STATES,
  type StateIncomeInput,
  type StateIncomeResult,
  stateIncome,
} from './state-income';
export { type TaxEstimateInput, type TaxEstimateResult, taxEstimate } from './tax-estimate';
export {
  type SocialSecurityIncome,
  type SocialSecurityTaxation,
  taxableSocialSecurity,
} from './taxable-social-security';
export { type TlhBenefitInput, type TlhBenefitResult, tlhBenefit, WASH_SALE_CAVEAT } from './tlh-benefit';
