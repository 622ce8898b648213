// An operation's run returns its computation's result without copying it when it is already plain and
// finite (src/core/envelope.ts, envelopeOfFresh): that is safe only if no computation hands out an object
// it keeps (a cached table row, a shared constant). Every registered operation's example is run, its
// result changed in every place, and the operation run again: the second result must be the first one's
// value before the change.
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/operations';

/** Changes every number, string, boolean and array of `value` in place (and adds a member to each object). */
function scramble(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) scramble(item);
      else value[i] = typeof item === 'number' ? item + 1 : typeof item === 'string' ? `${item}!` : !item;
    }
    value.push('added');
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const member = record[key];
    if (typeof member === 'object' && member !== null) scramble(member);
    else
      record[key] =
        typeof member === 'number' ? member + 1 : typeof member === 'string' ? `${member}!` : !member;
  }
  record['added'] = true;
}

describe('operation results share nothing with the engine', () => {
  const withExamples = registry.operations.filter((op) => op.example !== undefined);
  it('every operation but a few has an example to run', () => {
    expect(withExamples.length).toBeGreaterThan(registry.operations.length * 0.8);
  });
  it.each(withExamples.map((op) => [op.path, op] as const))('%s', (_path, op) => {
    const first = op(op.example);
    const before = JSON.stringify(first);
    scramble(first.result);
    expect(JSON.stringify(first)).not.toBe(before);
    expect(JSON.stringify(op(op.example))).toBe(before);
  });
});
