// The CLI of the built package (dist/cli.js, built by `npm test`'s pretest step), run as a user runs it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

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
function serve(args: string[]): Promise<{ child: ChildProcess; url: string; output: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, FINPLAN_API_KEYS: '', PORT: '', HOST: '' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match && output.includes('try:')) resolve({ child, url: match[1] as string, output });
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

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
    expect(envelope.engine_version).toBe('tvm-1.0.0');
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

describe('finplan openapi and list', () => {
  it('prints the OpenAPI 3.1.0 document', () => {
    const result = run(['openapi']);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
    expect(doc.paths['/v1/tvm']).toBeDefined();
  });
  it('lists operations and prints its version', () => {
    expect(run(['list']).stdout).toContain('/v1/tvm');
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('finplan serve', () => {
  it('serves with a given key and stops cleanly on SIGTERM', async () => {
    const { child, url } = await serve(['--api-key', 'cli-key', '--rate-limit', '100']);
    try {
      const response = await fetch(`${url}/v1/tvm`, {
        method: 'POST',
        headers: { authorization: 'Bearer cli-key', 'content-type': 'application/json' },
        body: TVM,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('100');
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    } finally {
      const done = exited(child);
      child.kill('SIGTERM');
      expect(await done).toEqual({ code: 0, signal: null });
    }
  });
  it('--dev makes and prints a key, and never rate-limits', async () => {
    const { child, url, output } = await serve(['--dev', '--rate-limit', '1']);
    try {
      const key = /development API key: (\S+)/.exec(output)?.[1];
      expect(key).toBeDefined();
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
      const done = exited(child);
      child.kill('SIGTERM');
      expect((await done).code).toBe(0);
    }
  });
  it('refuses to start without a key outside development mode', () => {
    const result = run(['serve', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no API key');
  });
});
