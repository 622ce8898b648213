/**
 * healthcare: operations arrive with their own issues.
 * @module healthcare
 */
export {};
