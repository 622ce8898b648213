/**
 * finplan/plan: the lifetime plan (`POST /v1/plan/lifetime`). Kept out of `finplan` so that its solver
 * (HiGHS compiled to WebAssembly) loads only where it is used; `finplan/http` serves it.
 * @module finplan/plan
 */
export { type LifetimePlanInput, LifetimePlanResult, lifetimePlan } from './lifetime-plan';
