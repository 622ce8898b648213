/**
 * Routing: which endpoint a request's path names (an operation, a platform path, a probe) under the
 * mount path, and whether its method is the one that endpoint takes.
 * @module
 */
import type { AnyOperation } from '../core/operation';
import type { PlatformPath } from './platform';
import { clip, errorReply, type Reply } from './responses';

/** The public GET endpoints. */
export const PROBE_PATHS = ['/healthz', '/readyz', '/openapi.json'] as const;
/** A public GET endpoint. */
export type ProbePath = (typeof PROBE_PATHS)[number];

/** Where a request goes, with the methods that endpoint allows (its `Allow` header). */
export type Route =
  | { readonly kind: 'operation'; readonly operation: AnyOperation; readonly allow: 'POST' }
  | { readonly kind: 'platform'; readonly path: PlatformPath; readonly allow: 'POST' }
  | { readonly kind: 'probe'; readonly path: ProbePath; readonly allow: 'GET, HEAD' };

/** A mount path: one or more `/segment`s of RFC 3986 unreserved characters, none of them `.` or `..`. */
export function isBasePath(path: string): boolean {
  return /^(?:\/[A-Za-z0-9._~-]+)+$/.test(path) && !path.split('/').some((s) => s === '.' || s === '..');
}

/**
 * Throws the RangeError a handler gives for a `basePath` that is not `''` or a mount path
 * ({@link isBasePath}); the CLI checks `--base-path` with it before the server's modules load.
 *
 * @example
 * ```ts
 * checkBasePath('/api/finplan'); // a mount path: returns
 * let message = '';
 * try {
 *   checkBasePath('api/');
 * } catch (error) {
 *   message = (error as Error).message;
 * }
 * message.startsWith('basePath must be'); // true
 * ```
 */
export function checkBasePath(path: string): void {
  if (path !== '' && !isBasePath(path))
    throw new RangeError(
      `basePath must be '/segment[/segment...]' of letters, digits, '-', '_', '.' and '~', without a trailing slash: ${JSON.stringify(path)}`,
    );
}

/** What {@link createRouter} routes among. */
export interface RouterOptions {
  /** The operations served. */
  readonly registry: { get(path: string): AnyOperation | undefined };
  /** The platform paths served (`/v1/signup` only when signups are on). */
  readonly platformPaths: ReadonlySet<string>;
  /** Where the API is mounted (`''`: at the root); checked by {@link isBasePath}. */
  readonly basePath: string;
}

/**
 * The router of a handler: the {@link Route} of a request path exactly as sent, or the 404 reply (a path
 * outside `basePath`, or no endpoint there).
 */
export function createRouter({ registry, platformPaths, basePath }: RouterOptions) {
  checkBasePath(basePath);
  const probes = new Set<string>(PROBE_PATHS);
  const notFound = (pathname: string) => errorReply(404, 'not_found', `no operation at ${clip(pathname)}`);
  return (pathname: string): Route | Reply => {
    if (basePath && !(pathname.startsWith(basePath) && pathname[basePath.length] === '/'))
      return notFound(pathname);
    const path = basePath ? pathname.slice(basePath.length) : pathname;
    const operation = registry.get(path);
    if (operation) return { kind: 'operation', operation, allow: 'POST' };
    if (platformPaths.has(path)) return { kind: 'platform', path: path as PlatformPath, allow: 'POST' };
    if (probes.has(path)) return { kind: 'probe', path: path as ProbePath, allow: 'GET, HEAD' };
    return notFound(pathname);
  };
}

/** The 405 reply (with `Allow`) to a method the route does not take; undefined when it takes it. */
export function wrongMethod(route: Route, method: string, pathname: string): Reply | undefined {
  if (route.kind === 'probe' ? method === 'GET' || method === 'HEAD' : method === 'POST') return undefined;
  return errorReply(
    405,
    'method_not_allowed',
    `${clip(method, 20)} is not allowed on ${clip(pathname)}; use ${route.kind === 'probe' ? 'GET' : 'POST'}`,
    { headers: { allow: route.allow } },
  );
}

/**
 * The `servers` of the OpenAPI document of an API mounted at `basePath`: each URL that does not already
 * end with it gets it appended (default `[{ url: basePath }]`); without a mount path, `servers` as given.
 */
export function mountedServers(
  servers: readonly { url: string; description?: string }[] | undefined,
  basePath: string,
): readonly { url: string; description?: string }[] | undefined {
  if (!basePath) return servers;
  return (servers ?? [{ url: '' }]).map((server) => ({
    ...server,
    url: server.url.endsWith(basePath) ? server.url : `${server.url.replace(/\/$/, '')}${basePath}`,
  }));
}
