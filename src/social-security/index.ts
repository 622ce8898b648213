/**
 * social-security: operations arrive with their own issues.
 * @module social-security
 */
export {};
