// The CLI of the built package (dist/cli.js, built by `npm test`'s pretest step), run as a user runs it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/http/index';
import { servedRegistry as registry } from '../src/served-operations';

import { CLI, serveCli } from './helpers/serve-cli';

beforeAll(() => {
  if (!existsSync(CLI))
    throw new Error('dist/cli.js is missing: run `npm run build` (npm test does it first)');
});

function run(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, FINPLAN_API_KEYS: '' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Start `finplan serve`, resolve with the process and the lines it printed once it listens. */
const serve = serveCli;

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

const TVM = '{"solve_for":"pmt","rate":0.005,"nper":360,"pv":300000}';

describe('finplan calc', () => {
  it('prints the envelope for a path or a name, from an argument or stdin', () => {
    const byName = run(['calc', 'tvm', TVM]);
    expect(byName.code).toBe(0);
    const envelope = JSON.parse(byName.stdout);
    expect(envelope.result.value).toBe(-1798.65);
    expect(envelope.engine_version).toBe('tvm-1.0.1');
    const byPath = run(['calc', '/v1/tvm', '-'], TVM);
    expect(byPath.code).toBe(0);
    expect(JSON.parse(byPath.stdout)).toEqual(envelope);
  });
  it('exits 1 with the error object on bad input or bad JSON', () => {
    const bad = run(['calc', 'tvm', '{"solve_for":"pmt","rate":"x","nper":1}']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr).error.issues[0].path).toBe('rate');
    const broken = run(['calc', 'tvm', '{']);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stderr).error.code).toBe('invalid_json');
    expect(run(['calc', 'no-such-op', '{}']).code).toBe(2);
  });
});

describe('the command line', () => {
  it("prints each command's help with exit 0", () => {
    const helps = new Map<string, string>();
    for (const args of [
      ['serve', '--help'],
      ['calc', '-h'],
      ['openapi', '--help'],
      ['list', '--help'],
      ['help', 'serve'],
    ]) {
      const result = run(args);
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout, args.join(' ')).toContain(`finplan ${args[0] === 'help' ? args[1] : args[0]}`);
      helps.set(args.join(' '), result.stdout);
    }
    expect(helps.get('serve --help')).toContain('--api-key-file');
    expect(helps.get('serve --help')).toContain('--redis URL');
    expect(run(['--help']).stdout).toContain('Exit codes');
  });
  it('finds an operation in any case and suggests the closest on a typo', () => {
    expect(JSON.parse(run(['calc', 'TVM', TVM]).stdout).result.value).toBe(-1798.65);
    expect(JSON.parse(run(['calc', '/V1/Tvm', TVM]).stdout).result.value).toBe(-1798.65);
    const typo = run(['calc', 'tmv', TVM]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "tvm"');
    const nested = run(['calc', 'loan/amortisation', '{}']);
    expect(nested.stderr).toContain('did you mean "loan/amortization"');
  });
  it('says so for an unknown command, an unknown flag or an extra argument (exit 2)', () => {
    const command = run(['serv']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command "serv"; did you mean "serve"');
    const flag = run(['openapi', '--pretty']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("'--pretty'");
    expect(flag.stderr).toContain('finplan openapi --help');
    expect(run(['list', 'extra']).code).toBe(2);
    expect(run(['calc', 'tvm', TVM, 'extra']).code).toBe(2);
    expect(run(['serve', '--port', '0', '--api-key', 'k', '--verbose']).code).toBe(2);
  });
  it('exits 1 when the server cannot start (the port is taken)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--api-key', 'k'], {
          env: { ...process.env, FINPLAN_API_KEYS: '', PORT: '', HOST: '' },
        });
        let stderr = '';
        child.stderr?.on('data', (chunk) => {
          stderr += chunk;
        });
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('cannot listen');
    } finally {
      taken.close();
    }
  });
});

describe('finplan openapi and list', () => {
  it('prints the OpenAPI 3.1.0 document', () => {
    const result = run(['openapi']);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
    expect(doc.paths['/v1/tvm']).toBeDefined();
    // Built from the parts the build wrote (dist/openapi-parts.json): the document the adapter builds.
    expect(existsSync(join(CLI, '..', 'openapi-parts.json'))).toBe(true);
    expect(result.stdout).toBe(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
  });
  it('lists operations and prints its version', () => {
    const list = run(['list']);
    expect(list.stdout).toContain('/v1/tvm');
    // Printed from the generated manifest (src/operation-modules.ts) without loading an engine: every served
    // operation, in the registry's order, with its own summary.
    expect(list.stdout).toBe(
      registry.operations.map((op) => `${op.path.padEnd(36)} ${op.summary}\n`).join(''),
    );
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
  it.each([['list'], ['openapi']])(
    'exits 0 without a stack trace when the reader closes the pipe early (finplan %s | head -1)',
    async (command) => {
      const child = spawn(process.execPath, [CLI, command], { stdio: ['ignore', 'pipe', 'pipe'] });
      // The read end is closed before the child writes a byte (it is still starting): every write gets EPIPE.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      expect(await exited(child)).toEqual({ code: 0, signal: null });
      expect(stderr).toBe('');
    },
  );
});

describe('finplan serve', () => {
  // One server for the key, the rate limit and the mount path (each server started costs about 0.6 s of
  // CPU); the root mount is served by the --api-key-file test below.
  it('serves with a given key under --base-path, prints the mounted URL and stops cleanly on SIGTERM; a bad prefix is a usage error', async () => {
    const { child, url } = await serve([
      '--api-key',
      'cli-key',
      '--rate-limit',
      '100',
      '--base-path',
      '/api/finplan',
    ]);
    try {
      expect(url).toMatch(/\/api\/finplan$/);
      const response = await fetch(`${url}/v1/tvm`, {
        method: 'POST',
        headers: { authorization: 'Bearer cli-key', 'content-type': 'application/json' },
        body: TVM,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('100');
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(new URL('/healthz', url))).status).toBe(404);
    } finally {
      const done = exited(child);
      child.kill('SIGTERM');
      expect(await done).toEqual({ code: 0, signal: null });
    }
    const bad = run(['serve', '--port', '0', '--api-key', 'k', '--base-path', 'api/']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('basePath');
  });
  // One --dev server for both: the connection cap first, then (once its sockets are gone) the dev key.
  it('--max-connections-per-address caps one address: its next connection is answered 429; --dev makes and prints a key, and never rate-limits', async () => {
    const { child, url, output } = await serve([
      '--dev',
      '--rate-limit',
      '1',
      '--max-connections-per-address',
      '2',
    ]);
    const { hostname, port } = new URL(url);
    const sockets = Array.from({ length: 3 }, () => connect(Number(port), hostname));
    try {
      const replies = sockets.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk) => {
              text += chunk;
            });
            socket.on('error', () => {});
            socket.on('close', () => resolve(text));
          }),
      );
      await expect.poll(() => sockets.filter((socket) => socket.closed).length).toBe(1);
      const refused = await Promise.race(replies);
      expect(refused).toMatch(/^HTTP\/1\.1 429 /);
      expect(refused).toContain('"rate_limited"');
      expect(run(['serve', '--port', '0', '--dev', '--max-connections-per-address', '0']).code).toBe(2);
      for (const socket of sockets) socket.destroy();
      await Promise.all(replies);

      const key = /development API key: (\S+)/.exec(output)?.[1];
      expect(key).toBeDefined();
      // The server counts a connection until it sees it close: wait until this address may connect again.
      await expect
        .poll(async () => {
          try {
            return (await fetch(`${url}/healthz`)).status;
          } catch {
            return 0;
          }
        })
        .toBe(200);
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${url}/v1/tvm`, {
          method: 'POST',
          headers: { 'x-api-key': key as string, 'content-type': 'application/json' },
          body: TVM,
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      const done = exited(child);
      child.kill('SIGTERM');
      expect((await done).code).toBe(0);
    }
  });
  it('--api-key-file reads keys one a line (comments and blanks skipped); --cors-origin answers preflights; a simulation runs in a worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finplan-cli-'));
    const file = join(dir, 'keys');
    writeFileSync(file, '# finplan keys\nfile-key-1\n\n  file-key-2  \n');
    const { child, url } = await serve([
      '--api-key-file',
      file,
      '--cors-origin',
      'https://app.example',
      '--workers',
      '1',
      '--headers-timeout-ms',
      '2000',
    ]);
    try {
      for (const key of ['file-key-1', 'file-key-2']) {
        const response = await fetch(`${url}/v1/tvm`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: TVM,
        });
        expect(response.status).toBe(200);
      }
      const comment = await fetch(`${url}/v1/tvm`, {
        method: 'POST',
        headers: { authorization: 'Bearer # finplan keys', 'content-type': 'application/json' },
        body: TVM,
      });
      expect(comment.status).toBe(401);
      const preflight = await fetch(`${url}/v1/tvm`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const simulation = await fetch(`${url}/v1/debt-vs-invest`, {
        method: 'POST',
        headers: { authorization: 'Bearer file-key-1', 'content-type': 'application/json' },
        body: JSON.stringify({
          loan_balance: 10_000,
          loan_annual_rate: 0.05,
          loan_minimum_payment: 300,
          extra_monthly: 100,
          expected_return: 0.06,
          return_volatility: 0.12,
          marginal_tax_rate: 0.22,
          horizon_years: 5,
          num_simulations: 200,
        }),
      });
      expect(simulation.status).toBe(200);
    } finally {
      const done = exited(child);
      child.kill('SIGTERM');
      expect((await done).code).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('--api-key-file: a missing or empty file stops the server with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'finplan-cli-'));
    try {
      const missing = run(['serve', '--port', '0', '--api-key-file', join(dir, 'nope')]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('--api-key-file: cannot read');
      writeFileSync(join(dir, 'empty'), '# nothing\n');
      const empty = run(['serve', '--port', '0', '--api-key-file', join(dir, 'empty')]);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toContain('holds no key');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses to start without a key outside development mode', () => {
    const result = run(['serve', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no API key');
  });
  it('--redis takes a redis:// or rediss:// URL, else stops with a message', () => {
    const wrong = run(['serve', '--port', '0', '--redis', 'http://127.0.0.1:6379']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--redis: the Redis URL must start with redis:// or rediss://');
    const db = run(['serve', '--port', '0', '--redis', 'redis://127.0.0.1:6379/x']);
    expect(db.code).toBe(2);
    expect(db.stderr).toContain('database number');
  });
  it('--redis without the ioredis package installed stops with a message naming it (exit 1)', () => {
    // A resolve hook hides ioredis, as in an application that did not install the optional peer.
    const dir = mkdtempSync(join(tmpdir(), 'finplan-cli-'));
    try {
      writeFileSync(
        join(dir, 'hooks.mjs'),
        `export async function resolve(specifier, context, next) {
  if (specifier === 'ioredis') throw Object.assign(new Error("Cannot find package 'ioredis'"), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}\n`,
      );
      writeFileSync(
        join(dir, 'register.mjs'),
        "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
      );
      const result = spawnSync(
        process.execPath,
        [
          '--import',
          join(dir, 'register.mjs'),
          CLI,
          'serve',
          '--port',
          '0',
          '--redis',
          'redis://127.0.0.1:1',
        ],
        { encoding: 'utf8', env: { ...process.env, FINPLAN_API_KEYS: '' }, timeout: 30_000 },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('--redis needs the ioredis package');
      expect(result.stderr).toContain('npm install ioredis');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
