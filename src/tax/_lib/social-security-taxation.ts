import type * as z from 'zod/mini';
import table from '../../../data/tax/social-security-taxation.json';
import { defineTable } from '../../core/year-tables';
import type { SocialSecurityTaxationSchema } from './tables';

/**
 * The IRC §86 figures (`data/tax/social-security-taxation.json`, with their sections): the one-half of
 * the benefits counted in provisional income, the base amounts ($25,000 / $32,000 joint / $0 married
 * filing separately and living together), the adjusted base amounts ($34,000 / $44,000 / $0) and the
 * 50% and 85% inclusion rates. Statutory and not indexed, so one table serves every year.
 *
 * @internal
 * @example
 * ```ts
 * SS_TAXATION.adjusted_base_amount.joint; // 44000
 * ```
 */
export const SS_TAXATION = defineTable<z.output<typeof SocialSecurityTaxationSchema>>(table);
