/**
 * education: operations arrive with their own issues.
 * @module education
 */
export {};
