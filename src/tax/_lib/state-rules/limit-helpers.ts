/**
 * Where stepped and linear reductions change, for the kinds' income limits (`RuleKind.limits`).
 *
 * @internal
 * @module
 */
import { Dec } from '../../../core/money';
import type { StateMeasure } from '../state-tax-types';
import type { Phaseout } from '../state-units';
import type { LimitContext } from './fold';

/** Where each of `count` steps of `step` past `start` begins: start + from x step, ... */
export function steps(start: number, step: number, count: number, from = 0): number[] {
  const out: number[] = [];
  for (let k = from; k < from + count; k++) out.push(new Dec(step).times(k).plus(start).toNumber());
  return out;
}

/** How many reductions of `by` it takes to remove `amount` (0 when there is nothing to remove). */
export function stepsToRemove(amount: Dec | number, by: number): number {
  const total = new Dec(amount);
  return total.lte(0) || by <= 0 ? 0 : total.div(by).ceil().toNumber();
}

/** A linear phase-out's start and end, or each of its steps, named `<name>_start` ... */
export function phaseoutLimits(
  lx: LimitContext,
  block: string,
  rule: NonNullable<Phaseout>,
  measure: StateMeasure,
  name = block,
): void {
  const start = rule.start[lx.status];
  const width = rule.width[lx.status];
  const step = rule.step?.[lx.status];
  if (step === undefined) {
    lx.add(block, `${name}_start`, measure, start);
    lx.add(block, `${name}_end`, measure, start + width);
    return;
  }
  steps(start, step, stepsToRemove(width, step)).forEach((at, k) => {
    lx.add(block, `${name}_step_${k + 1}`, measure, at);
  });
}
