/**
 * Insurance: life insurance needs (DIME, capital needs, human life value), disability income needs,
 * long-term care funding, term versus permanent life insurance.
 * @module finplan/insurance
 */

export {
  type DisabilityNeedsInput,
  type DisabilityNeedsResult,
  disabilityNeeds,
  PREMIUM_PAYERS,
} from './disability-needs';
export {
  LIFE_NEEDS_METHODS,
  type LifeNeedsInput,
  type LifeNeedsResult,
  lifeNeeds,
} from './life-needs';
export {
  INFLATION_RIDERS,
  type LongTermCareInput,
  type LongTermCareResult,
  longTermCare,
} from './long-term-care';
export {
  type TermVsPermanentInput,
  type TermVsPermanentResult,
  termVsPermanent,
} from './term-vs-permanent';
