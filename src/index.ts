/**
 * finplan: deterministic US financial-planning calculation engines.
 * @module finplan
 */
export * from './core/index';
export * from './education/index';
export * from './equity/index';
export * from './healthcare/index';
export * from './insurance/index';
export { operationArea, operationName, registry } from './operations';
export * from './portfolio/index';
export * from './retirement/index';
export * from './social-security/index';
export * from './tax/index';
export * from './utilities/index';
