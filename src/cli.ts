import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isCalculationError } from './core/errors';
import { createHandler } from './http/handler';
import { openApiDocument, redisStores } from './http/index';
import {
  connectRedis,
  createNodeServer,
  DEFAULT_DEADLINE_MS,
  DEFAULT_SERVER_LIMITS,
  sharedWorkerPool,
  WorkerPool,
} from './node/index';
import { registry } from './operations';

const USAGE = `finplan: deterministic US financial-planning calculations

Usage:
  finplan serve [--host 127.0.0.1] [--port 8080] [--api-key-file FILE] [--api-key KEY ...] [--rate-limit N]
                [--dev] [--cors-origin ORIGIN ...] [--workers N] [--deadline-ms 10000]
                [--headers-timeout-ms 10000] [--request-timeout-ms 30000] [--keep-alive-timeout-ms 5000]
                [--max-connections 1024] [--redis URL] [--signup] [--trust-proxy N]
      env: HOST, PORT, FINPLAN_API_KEYS (comma-separated), FINPLAN_API_KEY_FILE, FINPLAN_RATE_LIMIT,
           FINPLAN_CORS_ORIGINS (comma-separated), FINPLAN_REDIS_URL, FINPLAN_SIGNUP=1, FINPLAN_TRUST_PROXY
      --redis: keys, usage and rate budgets in Redis (redis[s]://[user:password@]host[:port][/db]),
           shared by every instance given the same URL; default: in memory, this process only
      --signup: serve the public POST /v1/signup (an email gets an account and its first key)
      --trust-proxy: how many proxies in front set X-Forwarded-For (signups are limited per client)
      keys: prefer FINPLAN_API_KEYS or --api-key-file (one key a line, # comments): --api-key shows
           the key to anyone who can list processes
      --dev: development server, rate limits off; with no key given it makes one and prints it
      --cors-origin: let browsers on ORIGIN (scheme://host[:port], or *) call the API; off by default
      --workers: simulation worker threads (default: one per core; 0 runs simulations on the main thread)
  finplan calc <path|name> [JSON | -]   print the result envelope (reads stdin when JSON is - or absent)
  finplan openapi                       print the OpenAPI document
  finplan list                          list the operations
  finplan --help | --version`;

function fail(message: string): never {
  process.stderr.write(`finplan: ${message}\n`);
  process.exit(2);
}

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** API keys from a file: one a line; blank lines and lines starting with # are skipped. */
function keysFromFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`--api-key-file: cannot read ${file}: ${(error as Error).message}`);
  }
  const keys = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  if (keys.length === 0) fail(`--api-key-file: ${file} holds no key`);
  return keys;
}

function serve(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'api-key-file': { type: 'string' },
      'rate-limit': { type: 'string' },
      dev: { type: 'boolean', default: false },
      'cors-origin': { type: 'string', multiple: true },
      workers: { type: 'string' },
      'deadline-ms': { type: 'string' },
      'headers-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'keep-alive-timeout-ms': { type: 'string' },
      'max-connections': { type: 'string' },
      redis: { type: 'string' },
      signup: { type: 'boolean', default: false },
      'trust-proxy': { type: 'string' },
    },
    strict: true,
  });
  const env = process.env;
  const host = values.host || env.HOST || '127.0.0.1';
  const port = integer(values.port ?? env.PORT, 'port', 0, 65535) ?? 8080;
  const rateLimit = integer(values['rate-limit'] ?? env.FINPLAN_RATE_LIMIT, 'rate-limit', 1, 1_000_000);
  const redisUrl = values.redis || env.FINPLAN_REDIS_URL || undefined;
  const signup = values.signup || env.FINPLAN_SIGNUP === '1' || env.FINPLAN_SIGNUP === 'true';
  const trustProxy = integer(values['trust-proxy'] ?? env.FINPLAN_TRUST_PROXY, 'trust-proxy', 0, 16) ?? 0;
  let redis: ReturnType<typeof connectRedis> | undefined;
  if (redisUrl) {
    try {
      redis = connectRedis(redisUrl);
    } catch (error) {
      fail(`--redis: ${(error as Error).message}`);
    }
  }
  const keyFile = values['api-key-file'] ?? env.FINPLAN_API_KEY_FILE;
  const apiKeys = [
    ...(values['api-key'] ?? []),
    ...(env.FINPLAN_API_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    ...(keyFile ? keysFromFile(keyFile) : []),
  ];
  const corsOrigins = [
    ...(values['cors-origin'] ?? []),
    ...(env.FINPLAN_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
  const workers = integer(values.workers, 'workers', 0, 256);
  const deadlineMs = integer(values['deadline-ms'], 'deadline-ms', 1, 3_600_000) ?? DEFAULT_DEADLINE_MS;
  const ms = (
    name: 'headers-timeout-ms' | 'request-timeout-ms' | 'keep-alive-timeout-ms',
    fallback: number,
  ) => integer(values[name], name, 1, 3_600_000) ?? fallback;
  const limits = {
    headersTimeoutMs: ms('headers-timeout-ms', DEFAULT_SERVER_LIMITS.headersTimeoutMs),
    requestTimeoutMs: ms('request-timeout-ms', DEFAULT_SERVER_LIMITS.requestTimeoutMs),
    keepAliveTimeoutMs: ms('keep-alive-timeout-ms', DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs),
    maxConnections:
      integer(values['max-connections'], 'max-connections', 1, 1_000_000) ??
      DEFAULT_SERVER_LIMITS.maxConnections,
  };
  let devKey: string | undefined;
  if (apiKeys.length === 0 && !redis && !signup) {
    if (!values.dev)
      fail('no API key: pass --api-key KEY, set FINPLAN_API_KEYS, use --signup or --redis, or use --dev');
    devKey = `fp_dev_${randomBytes(18).toString('base64url')}`;
    apiKeys.push(devKey);
  }
  let handler: ReturnType<typeof createHandler>;
  try {
    handler = createHandler({
      apiKeys,
      dev: values.dev,
      ...(redis ? redisStores(redis) : {}),
      signup,
      trustProxy,
      ...(rateLimit ? { rateLimit } : {}),
      ...(corsOrigins.length > 0 ? { cors: { origins: corsOrigins.includes('*') ? '*' : corsOrigins } } : {}),
      onError: (error, request) => {
        process.stderr.write(
          `finplan: internal error on ${request.method} ${request.pathname}: ${String(error)}\n`,
        );
      },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const pool = workers === 0 ? false : workers ? new WorkerPool({ size: workers }) : sharedWorkerPool();
  const server = createNodeServer(handler, { ...limits, workers: pool, deadlineMs });
  server.listen(port, host, () => {
    const address = server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
    process.stdout.write(
      `finplan listening on ${url}${values.dev ? ' (development mode: no rate limits)' : ''}\n`,
    );
    if (redis) {
      const where = new URL(redisUrl!);
      process.stdout.write(`store: Redis at ${where.protocol}//${where.host}${where.pathname}\n`);
    }
    if (signup) process.stdout.write(`signup: POST ${url}/v1/signup {"email": ...} returns an API key\n`);
    if (devKey) process.stdout.write(`development API key: ${devKey}\n`);
    process.stdout.write(
      `try: curl -s ${url}/v1/tvm -H 'Authorization: Bearer ${devKey ?? '<your key>'}' -H 'Content-Type: application/json' -d '{"solve_for":"pmt","rate":0.005,"nper":360,"pv":300000}'\n`,
    );
  });
  server.on('error', (error) => fail(`cannot listen on ${host}:${port}: ${error.message}`));
  const stop = () => {
    if (pool) void pool.close();
    redis?.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function calc(args: string[]): void {
  const [name, json] = args;
  if (!name) fail('calc needs an operation path or name; see `finplan list`');
  const operation = registry.find(name);
  if (!operation) fail(`no operation "${name}"; see \`finplan list\``);
  const text = json === undefined || json === '-' ? readFileSync(0, 'utf8') : json;
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    process.stderr.write(
      `${JSON.stringify({ error: { code: 'invalid_json', message: `not valid JSON: ${(error as Error).message}` } }, null, 2)}\n`,
    );
    process.exit(1);
  }
  try {
    process.stdout.write(`${JSON.stringify(operation.run(input), null, 2)}\n`);
  } catch (error) {
    if (!isCalculationError(error)) throw error;
    process.stderr.write(
      `${JSON.stringify({ error: { code: error.code, message: error.message, issues: error.issues } }, null, 2)}\n`,
    );
    process.exit(1);
  }
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function main(argv: string[]): void {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      serve(rest);
      return;
    case 'calc':
      calc(rest);
      return;
    case 'openapi':
      process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
      return;
    case 'list':
      for (const op of registry.operations) process.stdout.write(`${op.path.padEnd(36)} ${op.summary}\n`);
      return;
    case '--version':
    case '-v':
      process.stdout.write(`${version()}\n`);
      return;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      process.stderr.write(`${USAGE}\n`);
      fail(`unknown command "${command}"`);
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
