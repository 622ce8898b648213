import type { Envelope } from '../core/envelope';
import type { CalculationErrorCode, CalculationIssue } from '../core/errors';

/**
 * A job for a pool worker: the operation's path and its parsed input, or the JSON text of the request
 * body it was parsed from (parsed again in the worker), or `raw`, a body nobody has read yet: the worker
 * parses and validates it, posts its cost and waits for {@link WorkerAdmit} before computing.
 * @internal
 */
export type WorkerRequest =
  | { readonly id: number; readonly path: string; readonly input: unknown }
  | { readonly id: number; readonly path: string; readonly body: string }
  | { readonly id: number; readonly path: string; readonly raw: string };

/**
 * The pool's answer to a `cost` reply: compute the job (true) or drop it (false: the request was
 * refused, e.g. over its rate budget).
 * @internal
 */
export interface WorkerAdmit {
  readonly id: number;
  readonly admit: boolean;
}

/**
 * A worker's answer: the envelope (its JSON text for a `raw` job), the cost of a validated `raw` job (a
 * question: the pool answers {@link WorkerAdmit}), the parser's message for a `raw` body that is not
 * JSON, a calculation error (rebuilt as a `CalculationError`), or a crash.
 * @internal
 */
export type WorkerReply =
  | { readonly id: number; readonly envelope: Envelope<unknown> }
  | { readonly id: number; readonly json: string }
  | { readonly id: number; readonly cost: number }
  | { readonly id: number; readonly invalidJson: string }
  | {
      readonly id: number;
      readonly calculationError: {
        code: CalculationErrorCode;
        issues: readonly [CalculationIssue, ...CalculationIssue[]];
      };
    }
  | { readonly id: number; readonly crash: string };
