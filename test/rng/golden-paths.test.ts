import { describe, expect, it } from 'vitest';
import { createRng, drawGrossReturn, normal, returnModel } from '../../src/rng';
import golden from './fixtures/golden-paths.json';

// Noreg lock: these exact doubles may change only with a major engine version bump (docs/rng.md).
describe('golden paths for seed 42 (bit-identical)', () => {
  it('first 10 standard normals', () => {
    const rng = createRng(golden.seed);
    for (const expected of golden.normals) expect(normal(rng)).toBe(expected);
  });

  it('return model for mu = 0.07, sigma = 0.15', () => {
    const { expected_return, return_volatility, model } = golden.annual_gross_returns;
    const built = returnModel(expected_return, return_volatility);
    expect(built.m).toBe(model.m);
    expect(built.s).toBe(model.s);
  });

  it('first 10 annual gross returns', () => {
    const { expected_return, return_volatility, values } = golden.annual_gross_returns;
    const model = returnModel(expected_return, return_volatility);
    const rng = createRng(golden.seed);
    for (const expected of values) expect(drawGrossReturn(model, rng)).toBe(expected);
  });
});
