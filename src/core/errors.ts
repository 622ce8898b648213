/**
 * Machine-readable codes of a {@link CalculationError} (over HTTP: 400 with this `code`).
 *
 * @example
 * ```ts
 * import { CALCULATION_ERROR_CODES } from 'finplan';
 * CALCULATION_ERROR_CODES.includes('no_solution'); // true
 * ```
 */
export const CALCULATION_ERROR_CODES = [
  'invalid_input',
  'no_solution',
  'unsupported_year',
  'unsupported_jurisdiction',
  'too_expensive',
] as const;

/** Machine-readable codes of a {@link CalculationError}. */
export type CalculationErrorCode = (typeof CALCULATION_ERROR_CODES)[number];

/** One problem with the input: where it is (`path`, e.g. `dated_cashflows[2].date`), a code and a message. */
export interface CalculationIssue {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/**
 * The one error every finplan engine throws for input it cannot compute: invalid input, no solution
 * (e.g. a rate that no cash flow pattern admits), an unsupported tax year or jurisdiction.
 * Over HTTP it becomes a 400 with `{ error: { code, message, issues } }`.
 *
 * @example
 * ```ts
 * import { tvm, isCalculationError } from 'finplan';
 * try {
 *   tvm({ solve_for: 'rate', nper: 10, pmt: 100, pv: 100, fv: 100 });
 * } catch (error) {
 *   if (isCalculationError(error)) console.log(error.code, error.issues[0]?.path); // no_solution rate
 * }
 * ```
 */
export class CalculationError extends Error {
  override readonly name = 'CalculationError';
  readonly code: CalculationErrorCode;
  readonly issues: readonly [CalculationIssue, ...CalculationIssue[]];

  constructor(code: CalculationErrorCode, issues: readonly [CalculationIssue, ...CalculationIssue[]]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '));
    this.code = code;
    this.issues = issues;
  }
}

/**
 * Whether `value` is a {@link CalculationError} (works across bundles and realms, unlike `instanceof`).
 *
 * @example
 * ```ts
 * import { isCalculationError } from 'finplan';
 * import { tvm } from 'finplan/utilities';
 * let reply = { status: 200, code: '' };
 * try {
 *   tvm({ solve_for: 'pmt', rate: 0.01, nper: 0, pv: 1000 });
 * } catch (error) {
 *   if (isCalculationError(error)) reply = { status: 400, code: error.code };
 * }
 * reply.status; // 400
 * ```
 */
export function isCalculationError(value: unknown): value is CalculationError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'CalculationError' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    Array.isArray((value as { issues?: unknown }).issues)
  );
}

/**
 * Shorthand for a single-issue error.
 *
 * @example
 * ```ts
 * import { calculationError } from 'finplan';
 * throw calculationError('no_solution', 'rate', 'no rate balances these flows');
 * ```
 */
export function calculationError(
  code: CalculationErrorCode,
  path: string,
  message: string,
  issueCode: string = code,
): CalculationError {
  return new CalculationError(code, [{ path, code: issueCode, message }]);
}
