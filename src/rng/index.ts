/**
 * `finplan/rng`: the one source of randomness of every finplan Monte Carlo engine. A seeded
 * xoshiro128** generator, uniform and standard normal samplers, the shared lognormal return model,
 * and `exp`/`log` ported from fdlibm, all bit-identical on every JavaScript engine.
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

export { exp, log } from './fdlibm';
export { inverseNormalCdf, normal } from './normal';
export { drawGrossReturn, grossReturn, type ReturnModel, returnModel } from './return-model';
export { uniform, uniformOpen } from './uniform';
export { createRng, type Rng, type RngState, rngFromState } from './xoshiro128';
