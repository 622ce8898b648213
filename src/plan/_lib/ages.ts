/**
 * The statutory ages the plan reads, from data/ through their areas' engines: Medicare eligibility
 * (data/healthcare/medicare-rules.json, SSA §226(a), §1836(a)) and the Social Security claiming window
 * (data/social-security/retirement-benefit-rules.json).
 *
 * @internal
 * @module
 */
import { MEDICARE_RULES } from '../../healthcare/engine';
import { EARLIEST_CLAIMING_MONTHS, LATEST_CREDIT_MONTHS } from '../../social-security/engine';

/** Age from which a person is enrolled in Medicare (and leaves Marketplace coverage): 65. */
export const MEDICARE_AGE = MEDICARE_RULES.eligibility.medicare_age;
/** Earliest age at which retirement benefits can start: 62. */
export const EARLIEST_CLAIM = EARLIEST_CLAIMING_MONTHS / 12;
/** Age after which a later start earns no more delayed retirement credit: 70. */
export const LATEST_CLAIM = LATEST_CREDIT_MONTHS / 12;
