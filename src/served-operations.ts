/**
 * Every operation the HTTP adapter, its worker pool and the CLI serve: those of `finplan`'s `registry`
 * (the calculation areas) and the lifetime plan of `finplan/plan`, which `finplan` leaves out so that
 * its solver loads only where it is used.
 *
 * @internal
 * @module
 */
import type { CalculationArea, ServedArea } from './areas';
import { createRegistry, type Registry } from './core/registry';
import { operationArea, operationName, registry } from './operations';
import * as plan from './plan/index';

/** The served operations, by path. */
export const servedRegistry: Registry = createRegistry([...registry.operations, plan]);

const PLAN_NAMES = new Map([[plan.lifetimePlan.path as string, 'lifetimePlan']]);

/** The library name of a served operation's path (the OpenAPI `operationId`). */
export function servedOperationName(path: string): string | undefined {
  return operationName(path) ?? PLAN_NAMES.get(path);
}

/** The subpath (`finplan/<area>`) of a served operation's path. */
export function servedOperationArea(path: string): CalculationArea | ServedArea | undefined {
  return operationArea(path) ?? (PLAN_NAMES.has(path) ? 'plan' : undefined);
}
