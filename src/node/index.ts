/**
 * Node bridge: serve the finplan Fetch handler from node:http, Express or Fastify, with costly
 * requests in worker threads and production limits.
 * @module finplan/node
 */
export { DEFAULT_DEADLINE_MS } from '../http/handler';
export { createErrorLog, type ErroredRequest } from './error-log';
export {
  type FetchHandler,
  type NodeListener,
  type NodeListenerOptions,
  requestTargetPath,
  toNodeListener,
} from './listener';
export { createNodeServer, DEFAULT_SERVER_LIMITS, type NodeServerOptions, onClientError } from './server';
export { sharedWorkerPool, WorkerPool, type WorkerPoolOptions } from './worker-pool';
