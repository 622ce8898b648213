/**
 * The rule-of-thumb strategies the lifetime plan sets beside its optimum, under the same exact accounting.
 *
 * @internal
 * @module
 */
export const STRATEGY_NAMES = ['conventional', 'fill_12', 'fill_22', 'fill_24', 'irmaa_aware'] as const;

/** One of {@link STRATEGY_NAMES}. */
export type StrategyName = (typeof STRATEGY_NAMES)[number];
