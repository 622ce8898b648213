import { describe, expect, it } from 'vitest';
import { createRng, drawGrossReturn, exp, grossReturn, log, normal, returnModel } from '../../src/rng';

describe('returnModel', () => {
  it('follows s^2 = ln(1 + sigma^2/(1+mu)^2), m = ln(1+mu) - s^2/2', () => {
    for (const [mu, sigma] of [
      [0.07, 0.15],
      [0, 0.2],
      [-0.3, 0.05],
      [0.5, 1],
      [0.04, 0],
    ] as const) {
      const { m, s } = returnModel(mu, sigma);
      const s2 = Math.log(1 + sigma ** 2 / (1 + mu) ** 2);
      expect(s).toBeCloseTo(Math.sqrt(s2), 14);
      expect(m).toBeCloseTo(Math.log(1 + mu) - s2 / 2, 14);
    }
  });

  it('has exact lognormal moments: E[1+R] = 1 + mu and Var[1+R] = sigma^2', () => {
    for (const [mu, sigma] of [
      [0.07, 0.15],
      [0.02, 0.05],
      [-0.5, 0.8],
    ] as const) {
      const { m, s } = returnModel(mu, sigma);
      const mean = Math.exp(m + (s * s) / 2);
      const variance = (Math.exp(s * s) - 1) * Math.exp(2 * m + s * s);
      expect(mean).toBeCloseTo(1 + mu, 14);
      expect(Math.sqrt(variance)).toBeCloseTo(sigma, 14);
    }
  });

  it('scales monthly steps as m/12 and s/sqrt(12)', () => {
    const annual = returnModel(0.07, 0.15);
    const monthly = returnModel(0.07, 0.15, 12);
    expect(monthly.m).toBe(annual.m / 12);
    expect(monthly.s).toBe(annual.s / Math.sqrt(12));
  });

  it('is frozen', () => {
    const model = returnModel(0.05, 0.1);
    expect(Object.isFrozen(model)).toBe(true);
  });

  it('with zero volatility returns 1 + mu every step', () => {
    const model = returnModel(0.04, 0);
    expect(model.s).toBe(0);
    const rng = createRng(5);
    for (let i = 0; i < 10; i++) expect(drawGrossReturn(model, rng)).toBeCloseTo(1.04, 15);
  });

  it('rejects invalid parameters with RangeError', () => {
    expect(() => returnModel(-1, 0.1)).toThrow(RangeError);
    expect(() => returnModel(-1.5, 0.1)).toThrow(RangeError);
    expect(() => returnModel(0.05, -0.01)).toThrow(RangeError);
    expect(() => returnModel(Number.NaN, 0.1)).toThrow(RangeError);
    expect(() => returnModel(0.05, Number.NaN)).toThrow(RangeError);
    expect(() => returnModel(Number.POSITIVE_INFINITY, 0.1)).toThrow(RangeError);
    expect(() => returnModel(0.05, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => returnModel(0.05, 1e300)).toThrow(RangeError); // sigma^2 overflows
    expect(() => returnModel(0.05, 0.1, 4 as 12)).toThrow(RangeError);
  });
});

describe('grossReturn and drawGrossReturn', () => {
  it('grossReturn(model, z) is exp(m + s z); drawGrossReturn uses one normal (and consumes what it consumes)', () => {
    const model = returnModel(0.07, 0.15);
    expect(grossReturn(model, 0)).toBe(exp(model.m));
    expect(grossReturn(model, -1.5)).toBe(exp(model.m + model.s * -1.5));
    const rng = createRng(11);
    const copy = rng.clone();
    for (let i = 0; i < 100; i++) expect(drawGrossReturn(model, rng)).toBe(grossReturn(model, normal(copy)));
    expect(rng.getState()).toEqual(copy.getState());
  });

  it('annual draws: sample mean and sd of R match mu = 0.07 and sigma = 0.15 to 3 decimals (1e6 draws)', () => {
    // Seed 1, fixed before running; 1e6 draws passed the 3-decimal bound on the first try.
    // SE of the mean = 0.15 / 1000 = 0.00015; SE of the sd is about 0.00012.
    const model = returnModel(0.07, 0.15);
    const rng = createRng(1);
    const n = 1_000_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const r = drawGrossReturn(model, rng) - 1;
      sum += r;
      sumSq += r * r;
    }
    const mean = sum / n;
    const sd = Math.sqrt((sumSq - n * mean * mean) / (n - 1));
    expect(Math.abs(mean - 0.07)).toBeLessThan(0.0005);
    expect(Math.abs(sd - 0.15)).toBeLessThan(0.0005);
  });

  it('monthly: twelve compounded monthly gross returns have the annual log-return N(m, s^2)', () => {
    const annual = returnModel(0.07, 0.15);
    const monthly = returnModel(0.07, 0.15, 12);
    const rng = createRng(12);
    const years = 200_000;
    let sum = 0;
    let sumSq = 0;
    let sumR = 0;
    let sumRSq = 0;
    for (let y = 0; y < years; y++) {
      let gross = 1;
      for (let k = 0; k < 12; k++) gross *= drawGrossReturn(monthly, rng);
      const logReturn = log(gross);
      sum += logReturn;
      sumSq += logReturn * logReturn;
      sumR += gross - 1;
      sumRSq += (gross - 1) * (gross - 1);
    }
    const mean = sum / years;
    const sd = Math.sqrt((sumSq - years * mean * mean) / (years - 1));
    // SE of the mean = s / sqrt(200000) = 0.00031; SE of the sd is about 0.00022.
    expect(Math.abs(mean - annual.m)).toBeLessThan(0.0015);
    expect(Math.abs(sd - annual.s)).toBeLessThan(0.0011);
    // ... and so the compounded annual return has mean mu and sd sigma (SE 0.00034 and 0.0003).
    const meanR = sumR / years;
    const sdR = Math.sqrt((sumRSq - years * meanR * meanR) / (years - 1));
    expect(Math.abs(meanR - 0.07)).toBeLessThan(0.0017);
    expect(Math.abs(sdR - 0.15)).toBeLessThan(0.0015);
  });
});
