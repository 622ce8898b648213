/**
 * Social Security: the retirement benefit at each claiming age (`/v1/social-security`) and the engine
 * behind it (full retirement age by birth year, early reduction, delayed credits, SSA rounding) for other
 * areas to call.
 * @module finplan/social-security
 */
export {
  type ClaimingBenefit,
  claimingBenefit,
  fullRetirementAgeMonths,
  RETIREMENT_BENEFIT_RULES,
  ssaBirthYear,
} from './_lib/benefit';
export { type SocialSecurityInput, type SocialSecurityResult, socialSecurity } from './social-security';
