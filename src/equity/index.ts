/**
 * Equity compensation: incentive stock option exercise and its AMT, and the AMT-free exercise capacity.
 * @module finplan/equity
 */

export { type IsoAmtCapacityInput, type IsoAmtCapacityResult, isoAmtCapacity } from './iso-amt-capacity';
export { type IsoExerciseInput, type IsoExerciseResult, isoExercise } from './iso-exercise';
