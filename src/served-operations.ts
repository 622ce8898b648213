/**
 * Every operation the HTTP adapter, its worker pool and the CLI serve: those of `finplan`'s `registry`
 * (the calculation areas) and those of the served areas (`finplan/plan`), which `finplan` leaves out so
 * that the plan's solver loads only where it is used.
 *
 * @internal
 * @module
 */
import type { CalculationArea, ServedArea } from './areas';
import { type AnyOperation, isOperation } from './core/operation';
import { createRegistry, type Registry } from './core/registry';
import { operationArea, operationName, registry } from './operations';
import * as plan from './plan/index';

/** Each served area's module (`finplan/<area>`). */
const SERVED_MODULES: Record<ServedArea, Record<string, unknown>> = { plan };

/** The served operations, by path. */
export const servedRegistry: Registry = createRegistry([
  ...registry.operations,
  ...Object.values(SERVED_MODULES),
]);

/** Each served area's operations: the library name and the area of each path. */
const served = new Map<string, { name: string; area: ServedArea }>(
  (Object.entries(SERVED_MODULES) as [ServedArea, Record<string, unknown>][]).flatMap(([area, module]) =>
    Object.entries(module)
      .filter(([, value]) => isOperation(value))
      .map(([name, operation]) => [(operation as AnyOperation).path, { name, area }] as const),
  ),
);

/** The library name of a served operation's path (the OpenAPI `operationId`). */
export function servedOperationName(path: string): string | undefined {
  return operationName(path) ?? served.get(path)?.name;
}

/** The subpath (`finplan/<area>`) of a served operation's path. */
export function servedOperationArea(path: string): CalculationArea | ServedArea | undefined {
  return operationArea(path) ?? served.get(path)?.area;
}
