/**
 * Utilities: time value of money, goal funding, amortization, debt vs invest, inflation, NPV/IRR,
 * contribution limits and IRA eligibility.
 * @module utilities
 */
export { type TvmInput, type TvmResult, tvm } from './tvm';
