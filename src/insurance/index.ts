/**
 * Insurance: life insurance needs, disability income needs, long-term care funding, term versus
 * permanent. Operations arrive with their own issue.
 * @module insurance
 */
export {};
