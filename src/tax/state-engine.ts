/**
 * The state income tax engine's entry point for every other area (the lifetime plan): import from
 * here, never from the modules behind it. A module of its own, not `engine.ts`: the state computation
 * reads the federal engine (the states that deduct federal income tax), so `engine.ts` cannot export it
 * without an import cycle.
 *
 * - {@link stateTax}: a state's tax on one household-year, exact (`units`), with {@link stateTaxTable}
 *   and {@link stateTaxYears} to pick the table of a state and year;
 * - {@link STATE_TAX_ENGINE}: the engine's name and version, for the `uses` of an operation that calls it.
 *
 * @internal
 * @module
 */
export { stateTaxTable, stateTaxYears } from './_lib/state-tables';
export { STATE_TAX_ENGINE, type StateTax, type StateTaxInput, stateTax } from './_lib/state-tax';
