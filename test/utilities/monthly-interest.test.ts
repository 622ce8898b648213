import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { monthlyInterest } from '../../src/utilities/monthly-interest';

describe('monthlyInterest', () => {
  it('keeps an exact half cent and rounds it up', () => {
    // 6.00 x 0.07 / 12 = 0.035 exactly -> 0.04 (half up); 6.00 x 0.05 / 12 = 0.025 -> 0.03.
    expect(monthlyInterest(new Dec('6.00'), new Dec('0.07')).toString()).toBe('0.04');
    expect(monthlyInterest(new Dec('6.00'), new Dec('0.05')).toString()).toBe('0.03');
    // Just below a half cent stays down: 5.99 x 0.07 / 12 = 0.03494... -> 0.03.
    expect(monthlyInterest(new Dec('5.99'), new Dec('0.07')).toString()).toBe('0.03');
  });
  it('200,000 at 6%: first month 1,000.00', () => {
    expect(monthlyInterest(new Dec(200_000), new Dec('0.06')).toString()).toBe('1000');
  });
});
