import type { Envelope } from '../core/envelope';
import type { CalculationErrorCode, CalculationIssue } from '../core/errors';

/**
 * A job for a pool worker: the operation's path and its parsed input, or the JSON text of the request
 * body it was parsed from (parsed again in the worker).
 * @internal
 */
export type WorkerRequest =
  | { readonly id: number; readonly path: string; readonly input: unknown }
  | { readonly id: number; readonly path: string; readonly body: string };

/**
 * A worker's answer: the envelope, a calculation error (rebuilt as a `CalculationError`), or a crash.
 * @internal
 */
export type WorkerReply =
  | { readonly id: number; readonly envelope: Envelope<unknown> }
  | {
      readonly id: number;
      readonly calculationError: {
        code: CalculationErrorCode;
        issues: readonly [CalculationIssue, ...CalculationIssue[]];
      };
    }
  | { readonly id: number; readonly crash: string };
