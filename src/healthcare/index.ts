/**
 * Healthcare: Medicare IRMAA (the shared IRMAA engine and `/v1/medicare/irmaa`), the Medicare late
 * enrollment penalties and the healthcare costs of a year (the ACA premium tax credit before 65, Medicare
 * Part B and Part D surcharges from 65).
 * @module finplan/healthcare
 */

export {
  IRMAA_ENGINE,
  type IrmaaBound,
  type IrmaaTableName,
  type IrmaaTier,
  type IrmaaTierRow,
  irmaaFor,
  irmaaSchedule,
  irmaaTableFor,
} from './_lib/irmaa';
export { povertyGuideline, povertyGuidelineTables } from './_lib/poverty-guidelines';
export {
  type HealthcareCostsInput,
  type HealthcareCostsResult,
  healthcareCosts,
} from './healthcare-costs';
export { type MedicareIrmaaInput, type MedicareIrmaaResult, medicareIrmaa } from './medicare-irmaa';
export {
  type LateEnrollmentPenaltyInput,
  type LateEnrollmentPenaltyResult,
  medicareLateEnrollmentPenalty,
} from './medicare-late-enrollment-penalty';
