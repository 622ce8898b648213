import { type AnyOperation, isOperation } from './operation';

/**
 * Operations by path, in path order. `ByPath` and `ById` type the operations a registry is known to hold
 * (finplan's own `registry` knows all of its operations: `registry.find('tvm')` is typed as `tvm`); any
 * other string gives `AnyOperation | undefined`.
 */
// biome-ignore lint/complexity/noBannedTypes: {} is "no operation known by name"
export interface Registry<ByPath extends object = {}, ById extends object = {}> {
  readonly operations: readonly AnyOperation[];
  get<P extends keyof ByPath & string>(path: P): ByPath[P];
  get(path: string): AnyOperation | undefined;
  /** Find by path (`/v1/tvm`) or id (`tvm`, `loan/amortization`). */
  find<K extends (keyof ByPath | keyof ById) & string>(pathOrId: K): (ByPath & ById)[K];
  find(pathOrId: string): AnyOperation | undefined;
}

/**
 * Build a registry from operations or modules of operations (non-operation exports are skipped).
 * Throws when two operations share a path.
 *
 * @example
 * ```ts
 * import { createRegistry } from 'finplan';
 * import * as utilities from 'finplan/utilities';
 * const registry = createRegistry([utilities]);
 * registry.find('loan/amortization')?.path; // '/v1/loan/amortization'
 * ```
 */
export function createRegistry(sources: readonly (AnyOperation | Record<string, unknown>)[]): Registry {
  const byPath = new Map<string, AnyOperation>();
  const add = (operation: AnyOperation) => {
    const existing = byPath.get(operation.path);
    if (existing && existing !== operation)
      throw new Error(`two operations share the path ${operation.path}`);
    byPath.set(operation.path, operation);
  };
  for (const source of sources) {
    if (isOperation(source)) add(source);
    else for (const value of Object.values(source)) if (isOperation(value)) add(value);
  }
  const operations = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    operations,
    get: (path: string) => byPath.get(path),
    find: (pathOrId: string) => {
      const trimmed = pathOrId.replace(/^\/+/, '');
      return byPath.get(`/${trimmed}`) ?? byPath.get(`/v1/${trimmed}`);
    },
  };
}
