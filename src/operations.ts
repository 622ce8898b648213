import type { CalculationArea } from './areas';
import { type AnyOperation, isOperation } from './core/operation';
import { createRegistry, type Registry } from './core/registry';
import * as education from './education/index';
import * as equity from './equity/index';
import * as healthcare from './healthcare/index';
import * as insurance from './insurance/index';
import type { OperationsById, OperationsByPath } from './operation-types';
import * as portfolio from './portfolio/index';
import * as retirement from './retirement/index';
import * as socialSecurity from './social-security/index';
import * as tax from './tax/index';
import * as utilities from './utilities/index';

/** Each calculation area's module (`finplan/<area>`). */
const AREA_MODULES: Record<CalculationArea, Record<string, unknown>> = {
  utilities,
  retirement,
  'social-security': socialSecurity,
  tax,
  equity,
  education,
  healthcare,
  insurance,
  portfolio,
};

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
export const registry: Registry<OperationsByPath, OperationsById> = createRegistry(
  Object.values(AREA_MODULES),
) as Registry<OperationsByPath, OperationsById>;

/** Each operation's library name: the name its area module exports it under (`monteCarlo`). */
const nameByPath = new Map<string, string>(
  Object.values(AREA_MODULES).flatMap((module) =>
    Object.entries(module)
      .filter(([, value]) => isOperation(value))
      .map(([name, operation]) => [(operation as AnyOperation).path, name] as const),
  ),
);

/**
 * The library name of a finplan operation's path (the function `finplan/<area>` exports, and the
 * OpenAPI `operationId`); undefined for a path that is not one.
 *
 * @example
 * ```ts
 * import { operationName } from 'finplan';
 * operationName('/v1/retirement/monte-carlo'); // 'monteCarlo'
 * ```
 */
export function operationName(path: string): string | undefined {
  return nameByPath.get(path);
}

const areaByPath = new Map<string, CalculationArea>(
  (Object.entries(AREA_MODULES) as [CalculationArea, Record<string, unknown>][]).flatMap(([area, module]) =>
    Object.values(module)
      .filter(isOperation)
      .map((operation) => [operation.path, area] as const),
  ),
);

/**
 * The area (`finplan/<area>`) of a finplan operation's path; undefined for a path that is not one.
 *
 * @example
 * ```ts
 * import { operationArea } from 'finplan';
 * operationArea('/v1/tax/estimate'); // 'tax'
 * ```
 */
export function operationArea(path: string): CalculationArea | undefined {
  return areaByPath.get(path);
}
