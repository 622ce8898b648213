import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money';
import { monthlyInterest } from '../../src/utilities/monthly-interest';

describe('monthlyInterest', () => {
  it('keeps an exact half cent and rounds it up', () => {
    // 6.00 x 0.07 / 12 = 0.035 exactly -> 0.04. Dividing the rate first (0.0058333...) gives
    // 0.034999... -> 0.03: the reason every loan schedule shares this helper.
    expect(monthlyInterest(new Dec('6.00'), new Dec('0.07')).toString()).toBe('0.04');
    expect(new Dec('6.00').mul(new Dec('0.07').div(12)).toDecimalPlaces(2).toString()).toBe('0.03');
  });
  it('200,000 at 6%: first month 1,000.00', () => {
    expect(monthlyInterest(new Dec(200_000), new Dec('0.06')).toString()).toBe('1000');
  });
});
