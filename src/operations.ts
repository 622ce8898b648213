import { createRegistry, type Registry } from './core/registry';
import * as education from './education/index';
import * as equity from './equity/index';
import * as healthcare from './healthcare/index';
import * as insurance from './insurance/index';
import * as portfolio from './portfolio/index';
import * as retirement from './retirement/index';
import * as socialSecurity from './social-security/index';
import * as tax from './tax/index';
import * as utilities from './utilities/index';

/**
 * Every finplan operation, by path: what the HTTP adapter routes, the CLI runs and the OpenAPI
 * document describes.
 *
 * @example
 * ```ts
 * import { registry } from 'finplan';
 * registry.find('tvm')?.run({ solve_for: 'fv', rate: 0.01, nper: 12, pmt: -100 }).result.value; // 1268.25
 * ```
 */
export const registry: Registry = createRegistry([
  utilities,
  retirement,
  socialSecurity,
  tax,
  equity,
  education,
  healthcare,
  insurance,
  portfolio,
]);
