/**
 * The HTTP adapter: a Fetch API handler serving the whole `/v1` surface.
 * @module finplan/http
 */
import { servedRegistry as registry } from '../served-operations';
import { buildOpenApiDocument } from './openapi';

export { OFFLOAD_COST } from '../core/cost';
export { hashApiKey } from './api-keys';
export {
  createHandler,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_RATE_LIMIT,
  type Executor,
  type Handler,
  type HandlerOptions,
  InvalidJsonError,
  type OperationPool,
  poolExecutor,
  ServiceUnavailableError,
} from './handler';
export { API_VERSION, buildOpenApiDocument } from './openapi';
export { ERROR_CODES, HTTP_ERROR_CODES, type HttpErrorCode } from './responses';
export type { Store } from './store';
export { MemoryKeyStore, MemoryStore, MemoryUsageStore, memoryStores } from './stores/memory';
export {
  ioredisClient,
  nodeRedisClient,
  type RedisClient,
  RedisStore,
  type RedisStoreOptions,
  redisStores,
} from './stores/redis';
export type {
  AccountRecord,
  KeyRecord,
  KeyStore,
  RateLimitStore,
  Stores,
  UsageCount,
  UsageStore,
} from './stores/types';
export type { RateDecision } from './token-bucket';

/**
 * The OpenAPI 3.1.0 document of every finplan operation.
 *
 * @example
 * ```ts
 * import { openApiDocument } from 'finplan/http';
 * Object.keys(openApiDocument().paths).includes('/v1/tvm'); // true
 * ```
 */
export function openApiDocument(options: Parameters<typeof buildOpenApiDocument>[1] = {}) {
  return buildOpenApiDocument(registry.operations, options);
}
