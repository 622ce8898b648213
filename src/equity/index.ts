/**
 * equity: operations arrive with their own issues.
 * @module equity
 */
export {};
