/**
 * education: operations arrive with their own issues.
 * @module education
 */

// aid-estimate: the federal Student Aid Index of a dependent student and the financial need.
export { type AidEstimateInput, type AidEstimateResult, aidEstimate } from './aid-estimate';
