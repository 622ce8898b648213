/**
 * `finplan/rng`: the one source of randomness of every finplan Monte Carlo engine. A seeded
 * xoshiro128** generator, uniform and standard normal (ziggurat) samplers, the standard normal quantile,
 * the shared lognormal return model, a table-driven `exp` and fdlibm's `log`, all bit-identical on every
 * JavaScript engine.
 *
 * @example
 * ```ts
 * import { createRng, drawGrossReturn, returnModel } from 'finplan/rng';
 *
 * const rng = createRng(42);
 * const model = returnModel(0.07, 0.15);
 * const gross = drawGrossReturn(model, rng); // same value on Node, Deno, Bun, browsers
 * ```
 *
 * @module finplan/rng
 */

export { exp } from './exp';
export { log } from './fdlibm';
export { inverseNormalCdf } from './inverse-normal-cdf';
export { normal } from './normal';
export { drawGrossReturn, grossReturn, type ReturnModel, returnModel } from './return-model';
export { uniform, uniformOpen } from './uniform';
export { createRng, type Rng, type RngState, rngFromState } from './xoshiro128';
