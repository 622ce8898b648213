/**
 * retirement: operations arrive with their own issues.
 * @module retirement
 */
export {};
