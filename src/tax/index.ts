/**
 * tax: operations arrive with their own issues.
 * @module tax
 */
export {};
