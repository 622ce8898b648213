import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Dec, roundMoney, roundRate, roundTo } from '../../src/core/money';

describe('money rounding', () => {
  it('rounds half up to cents on the decimal value written, both signs', () => {
    expect(roundMoney(2.675)).toBe(2.68); // the double 2.675 is 2.67499999…; its shortest decimal form is 2.675
    expect(roundMoney(-2.675)).toBe(-2.68);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(1234.5649)).toBe(1234.56);
  });
  it('never returns -0', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(Object.is(roundRate(-0.0000001), 0)).toBe(true);
  });
  it('rounds rates to 6 places and arbitrary places half up', () => {
    expect(roundRate(0.0512345678)).toBe(0.051235);
    expect(roundTo(59.67386567, 6)).toBe(59.673866);
  });
  it('uses a private Decimal clone: the global Decimal settings are untouched', () => {
    const before = { rounding: Decimal.rounding, precision: Decimal.precision };
    roundMoney(1.005);
    expect({ rounding: Decimal.rounding, precision: Decimal.precision }).toEqual(before);
    expect(Dec).not.toBe(Decimal);
    expect(Dec.rounding).toBe(Decimal.ROUND_HALF_UP);
  });
});
