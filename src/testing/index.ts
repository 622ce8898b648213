/**
 * fast-check arbitraries of valid inputs for every finplan operation.
 * @module testing
 */
export {};
