import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isCalculationError } from './core/errors';
import type { AnyOperation } from './core/operation';
import { checkBasePath } from './http/route';
import type { ServeRedis } from './node/ioredis';
import { checkRedisUrl } from './node/redis-url';
import { OPERATION_MODULES } from './operation-modules';

// The engines, the HTTP adapter and the server load only for the commands that use them (dynamic
// imports, each a chunk of the build): help, --version and usage errors answer without evaluating them,
// `calc` loads the one operation it runs (0.25 s of CPU instead of 0.5 s) and `list` none.
const runtime = () => Promise.all([import('./http/handler'), import('./http/index'), import('./node/index')]);

const SERVE_HELP = `finplan serve: serve the /v1 JSON API over HTTP

Usage:
  finplan serve [--host 127.0.0.1] [--port 8080] [--api-key-file FILE] [--api-key KEY ...] [--rate-limit N]
                [--dev] [--cors-origin ORIGIN ...] [--workers N] [--deadline-ms 10000]
                [--headers-timeout-ms 10000] [--request-timeout-ms 30000] [--keep-alive-timeout-ms 5000]
                [--max-connections 1024] [--max-connections-per-address N] [--redis URL] [--signup]
                [--trust-proxy N] [--base-path PATH]
  env: HOST, PORT, FINPLAN_API_KEYS (comma-separated), FINPLAN_API_KEY_FILE, FINPLAN_RATE_LIMIT,
       FINPLAN_CORS_ORIGINS (comma-separated), FINPLAN_REDIS_URL, FINPLAN_SIGNUP=1, FINPLAN_TRUST_PROXY,
       FINPLAN_BASE_PATH
  --redis: keys, usage and rate budgets in Redis (redis[s]://[user:password@]host[:port][/db]),
       shared by every instance given the same URL; default: in memory, this process only.
       Needs the ioredis package beside finplan (npm install ioredis)
  --signup: serve the public POST /v1/signup (an email gets an account and its first key)
  --trust-proxy: how many proxies in front set X-Forwarded-For (signups and the per-address cap then
       count the client it names)
  --max-connections-per-address: connections one client address may hold (default an eighth of
       --max-connections); beyond it 429 and close. Behind --trust-proxy it counts requests in flight
       per forwarded client address instead (every connection is then the proxy's)
  --base-path: serve everything under PATH (/api/finplan/v1/tvm, /api/finplan/healthz), for a proxy
       that forwards the prefix; anything else is 404
  keys: prefer FINPLAN_API_KEYS or --api-key-file (one key a line, # comments): --api-key shows
       the key to anyone who can list processes
  --dev: development server, rate limits off; with no key given it makes one and prints it
       (pin it across restarts with FINPLAN_API_KEYS=your-key)
  --cors-origin: let browsers on ORIGIN (scheme://host[:port], or *) call the API; off by default
  --workers: worker threads for costly requests (default: one per core; 0: all on the main thread)
  --deadline-ms: a costly request still queued or running after this answers 503 with Retry-After; with
       --workers 0 it is checked between simulated paths (every 64), and operations that simulate
       nothing run to the end`;

/** How long `serve --redis` waits for Redis before listening anyway (unready). */
const REDIS_WAIT_MS = 5_000;

const CALC_HELP = `finplan calc: run one operation and print its result envelope

Usage:
  finplan calc <path|name> [JSON | -]
  The operation is a path (/v1/tvm) or a name (tvm, loan/amortization), in any case. The request is
  the JSON argument, or stdin when it is - or absent. Bad input prints the error object and exits 1.`;

const OPENAPI_HELP = `finplan openapi: print the OpenAPI 3.1 document of the /v1 API

Usage:
  finplan openapi`;

const LIST_HELP = `finplan list: list the operations (path and summary)

Usage:
  finplan list`;

const USAGE = `finplan: deterministic US financial-planning calculations

Usage:
  finplan serve [options]                serve the /v1 JSON API (finplan serve --help)
  finplan calc <path|name> [JSON | -]   print the result envelope (reads stdin when JSON is - or absent)
  finplan openapi                       print the OpenAPI document
  finplan list                          list the operations
  finplan help [command] | --help | --version
Exit codes: 0 done, 1 the calculation or the server failed, 2 the command line is wrong.`;

const HELP: Readonly<Record<string, string>> = {
  serve: SERVE_HELP,
  calc: CALC_HELP,
  openapi: OPENAPI_HELP,
  list: LIST_HELP,
};

/** A wrong command line: exit 2. */
function fail(message: string): never {
  process.stderr.write(`finplan: ${message}\n`);
  process.exit(2);
}

/** A failure at run time (the port is taken, an internal error): exit 1. */
function die(message: string): never {
  process.stderr.write(`finplan: ${message}\n`);
  process.exit(1);
}

/** Edit distance (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] as number;
}

/** The candidate closest to `word`, when it is close enough to be a typo. */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Parse a command's flags strictly: an unknown flag is a usage error naming the command's help. */
function parse<T>(command: string, parseThem: () => T): T {
  try {
    return parseThem();
  } catch (error) {
    fail(`${(error as Error).message} (see \`finplan ${command} --help\`)`);
  }
}

/** `--help` / `-h` prints the command's help and exits 0. */
function helpIfAsked(command: string, asked: boolean | undefined): void {
  if (!asked) return;
  process.stdout.write(`${HELP[command]}\n`);
  process.exit(0);
}

const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/** A command without flags of its own: only --help, and no arguments. */
function noFlags(command: string, args: string[]): void {
  const { values } = parse(command, () => parseArgs({ args, options: HELP_FLAG, strict: true }));
  helpIfAsked(command, values.help);
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

async function serve(args: string[]): Promise<void> {
  const { values } = parse('serve', () =>
    parseArgs({
      args,
      strict: true,
      options: {
        ...HELP_FLAG,
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
        'max-connections-per-address': { type: 'string' },
        redis: { type: 'string' },
        signup: { type: 'boolean', default: false },
        'trust-proxy': { type: 'string' },
        'base-path': { type: 'string' },
      },
    }),
  );
  helpIfAsked('serve', values.help);
  // Every check of the command line comes before the server's modules load: a usage error answers at
  // once (0.14 s of CPU instead of 0.45 s).
  const env = process.env;
  const host = values.host || env.HOST || '127.0.0.1';
  const port = integer(values.port ?? env.PORT, 'port', 0, 65535) ?? 8080;
  const rateLimit = integer(values['rate-limit'] ?? env.FINPLAN_RATE_LIMIT, 'rate-limit', 1, 1_000_000);
  const redisUrl = values.redis || env.FINPLAN_REDIS_URL || undefined;
  const signup = values.signup || env.FINPLAN_SIGNUP === '1' || env.FINPLAN_SIGNUP === 'true';
  const basePath = values['base-path'] ?? env.FINPLAN_BASE_PATH ?? '';
  try {
    checkBasePath(basePath);
  } catch (error) {
    fail((error as Error).message);
  }
  const trustProxy = integer(values['trust-proxy'] ?? env.FINPLAN_TRUST_PROXY, 'trust-proxy', 0, 16) ?? 0;
  if (redisUrl) {
    try {
      checkRedisUrl(redisUrl);
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
  const deadline = integer(values['deadline-ms'], 'deadline-ms', 1, 3_600_000);
  const ms = (name: 'headers-timeout-ms' | 'request-timeout-ms' | 'keep-alive-timeout-ms') =>
    integer(values[name], name, 1, 3_600_000);
  const headersTimeout = ms('headers-timeout-ms');
  const requestTimeout = ms('request-timeout-ms');
  const keepAliveTimeout = ms('keep-alive-timeout-ms');
  const maxConnections = integer(values['max-connections'], 'max-connections', 1, 1_000_000);
  let devKey: string | undefined;
  if (apiKeys.length === 0 && !redisUrl && !signup) {
    if (!values.dev)
      fail('no API key: pass --api-key KEY, set FINPLAN_API_KEYS, use --signup or --redis, or use --dev');
    devKey = `fp_dev_${randomBytes(18).toString('base64url')}`;
    apiKeys.push(devKey);
  }
  // Redis before the engines: without the ioredis package the command stops at once, and the connection
  // is made while the engines load.
  let redis: ServeRedis | undefined;
  if (redisUrl) {
    const { connectIoredis } = await import('./node/ioredis');
    try {
      redis = await connectIoredis(redisUrl);
    } catch (error) {
      die((error as Error).message);
    }
  }
  const [{ createHandler, DEFAULT_DEADLINE_MS }, { redisStores }, node] = await runtime();
  const { createErrorLog, createNodeServer, DEFAULT_SERVER_LIMITS, sharedWorkerPool, WorkerPool } = node;
  const deadlineMs = deadline ?? DEFAULT_DEADLINE_MS;
  const limits = {
    headersTimeoutMs: headersTimeout ?? DEFAULT_SERVER_LIMITS.headersTimeoutMs,
    requestTimeoutMs: requestTimeout ?? DEFAULT_SERVER_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: keepAliveTimeout ?? DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs,
    maxConnections: maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections,
  };
  // Its upper bound is --max-connections or the server's default, known once the server's module is loaded.
  const perAddress = integer(
    values['max-connections-per-address'],
    'max-connections-per-address',
    1,
    limits.maxConnections,
  );
  if (redis) {
    if (!(await redis.ready(REDIS_WAIT_MS)))
      process.stderr.write(
        `finplan: Redis is not reachable yet: /readyz answers 503 and requests 503 until it is\n`,
      );
  }
  let handler: ReturnType<typeof createHandler>;
  try {
    handler = createHandler({
      apiKeys,
      dev: values.dev,
      ...(redis ? redisStores(redis) : {}),
      signup,
      trustProxy,
      ...(basePath ? { basePath } : {}),
      ...(rateLimit ? { rateLimit } : {}),
      ...(corsOrigins.length > 0 ? { cors: { origins: corsOrigins.includes('*') ? '*' : corsOrigins } } : {}),
      // Never process.stderr.write here: EPIPE on it stops the server, a full pipe blocks every request.
      onError: createErrorLog(),
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const pool = workers === 0 ? false : workers ? new WorkerPool({ size: workers }) : sharedWorkerPool();
  const server = createNodeServer(handler, {
    ...limits,
    ...(perAddress ? { maxConnectionsPerAddress: perAddress } : {}),
    trustProxy,
    workers: pool,
    deadlineMs,
  });
  server.listen(port, host, () => {
    const address = server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}${basePath}`;
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
  server.on('error', (error) => die(`cannot listen on ${host}:${port}: ${error.message}`));
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

/** The path of the operation a user means by `name`: a path or a name, in any case. */
function findPath(name: string): string | undefined {
  const wanted = `/v1/${name.toLowerCase().replace(/^\/+/, '').replace(/^v1\//, '')}`;
  return Object.keys(OPERATION_MODULES).find((path) => path.toLowerCase() === wanted);
}

async function calc(args: string[]): Promise<void> {
  const { values, positionals } = parse('calc', () =>
    parseArgs({ args, options: HELP_FLAG, strict: true, allowPositionals: true }),
  );
  helpIfAsked('calc', values.help);
  const [name, json, ...extra] = positionals;
  if (!name) fail('calc needs an operation path or name; see `finplan list`');
  if (extra.length > 0) fail(`calc takes one request; unexpected "${extra[0]}"`);
  const path = findPath(name);
  if (!path) {
    const names = Object.keys(OPERATION_MODULES).map((known) => known.slice('/v1/'.length));
    const guess = closest(name.toLowerCase().replace(/^\/?(v1\/)?/, ''), names);
    fail(`no operation "${name}"${guess ? `; did you mean "${guess}"?` : ''} (see \`finplan list\`)`);
  }
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
  const [exported, load] = OPERATION_MODULES[path]!;
  const operation = (await load())[exported] as AnyOperation;
  try {
    await operation.ready();
    process.stdout.write(`${JSON.stringify(operation.run(input), null, 2)}\n`);
  } catch (error) {
    if (!isCalculationError(error)) die(`internal error: ${String(error)}`);
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

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'calc':
      return calc(rest);
    case 'openapi': {
      noFlags('openapi', rest);
      const [{ openApiDocument }, { seedBuiltOpenApiParts }] = await Promise.all([
        import('./http/index'),
        import('./node/listener'),
      ]);
      seedBuiltOpenApiParts();
      process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
      return;
    }
    case 'list': {
      noFlags('list', rest);
      // From the generated manifest (the served registry's paths, in its order, and summaries): no engine
      // loads (0.14 s of CPU instead of 0.5 s).
      for (const [path, [, , summary]] of Object.entries(OPERATION_MODULES))
        process.stdout.write(`${path.padEnd(36)} ${summary}\n`);
      return;
    }
    case '--version':
    case '-v':
      process.stdout.write(`${version()}\n`);
      return;
    case 'help': {
      const topic = rest[0];
      if (topic !== undefined && HELP[topic] === undefined)
        fail(`no command "${topic}"; commands: ${Object.keys(HELP).join(', ')}`);
      process.stdout.write(`${topic === undefined ? USAGE : HELP[topic]}\n`);
      return;
    }
    case undefined:
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return;
    default: {
      const guess = closest(command, [...Object.keys(HELP), 'help']);
      fail(
        `unknown command "${command}"${guess ? `; did you mean "${guess}"?` : ''} (see \`finplan --help\`)`,
      );
    }
  }
}

// A reader that stops early (`finplan list | head -1`) closes the pipe: that ends the output, not the
// program's success. Leave quietly, as Unix tools do; any other write error is a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    process.exit(1);
  });
}

main(process.argv.slice(2)).catch((error: unknown) =>
  die(error instanceof Error ? error.message : String(error)),
);
