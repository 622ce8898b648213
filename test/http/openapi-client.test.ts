// The OpenAPI document as a TypeScript team uses it: a client generated with openapi-typescript and
// openapi-fetch, one call per operation with its example request (fields with defaults left out, as
// the examples do), type-checked with tsc, then run against a live server; and the document linted
// with redocly (recommended rules, redocly.yaml) and spectral (spectral:oas, .spectral.yaml) with no
// warning.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/index';
import { servedRegistry as registry } from '../../src/served-operations';
import { projectDiagnostics } from '../helpers/typecheck';
import { startServer, type TestServer } from './server';

const root = join(__dirname, '..', '..');
const dir = join(root, 'node_modules', '.cache', 'finplan-openapi-client');
const KEY = 'client-key';
const doc = openApiDocument();
const docFile = join(dir, 'openapi.json');
type Example = { example: unknown };
const envelopeExample = (path: string) =>
  (
    doc.paths as Record<
      string,
      { post: { responses: { '200': { content: { 'application/json': Example } } } } }
    >
  )[path]!.post.responses['200'].content['application/json'].example;

function tool(bin: string, args: string[]) {
  return spawnSync(join(root, 'node_modules', '.bin', bin), args, {
    cwd: root,
    encoding: 'utf8',
    // No telemetry or update check: CI reaches only the npm registry.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(docFile, JSON.stringify(doc));
  writeFileSync(join(dir, 'schema.d.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
  const calls = registry.operations.map(
    (operation) =>
      `  ${JSON.stringify(operation.path)}: () => client.POST(${JSON.stringify(operation.path)}, { body: ${JSON.stringify(operation.example)} }),`,
  );
  writeFileSync(
    join(dir, 'calls.ts'),
    [
      "import createClient from 'openapi-fetch';",
      "import type { paths } from './schema';",
      'export function calls(baseUrl: string, key: string) {',
      "  const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + key } });",
      '  return {',
      ...calls,
      '  };',
      '}',
      '// The generated types are strict: a wrong field type and a missing required field do not compile.',
      'export function wrong(baseUrl: string) {',
      '  const client = createClient<paths>({ baseUrl });',
      '  // @ts-expect-error rate is a number',
      "  void client.POST('/v1/tvm', { body: { solve_for: 'pmt', rate: 'x', nper: 1 } });",
      '  // @ts-expect-error solve_for is required',
      "  void client.POST('/v1/tvm', { body: { rate: 0.01, nper: 1 } });",
      '}',
      '',
    ].join('\n'),
  );
}, 600_000);

describe('a client generated from the OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ apiKeys: [KEY], dev: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('type-checks a call per operation (default-carrying fields optional) with tsc', () => {
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...base.compilerOptions,
          noEmit: true,
          typeRoots: [join(root, 'node_modules', '@types')],
        },
        files: ['calls.ts'],
      }),
    );
    expect(projectDiagnostics(dir)).toBe('');
  });

  it('runs every call against a live server and gets the documented example envelope', async () => {
    const module = (await import(/* @vite-ignore */ join(dir, 'calls.ts'))) as {
      calls(
        baseUrl: string,
        key: string,
      ): Record<string, () => Promise<{ data?: unknown; response: Response }>>;
    };
    const calls = module.calls(server.url, KEY);
    expect(Object.keys(calls).sort()).toEqual(registry.operations.map((o) => o.path).sort());
    for (const [path, call] of Object.entries(calls)) {
      const { data, response } = await call();
      expect(response.status, path).toBe(200);
      // The plan's reply has no example in the document (it would need its solver loaded): its envelope
      // is checked against the library's own.
      const expected = envelopeExample(path) ?? registry.get(path)?.run(registry.get(path)?.example);
      expect(data, path).toEqual(expected);
    }
  });
});

describe('OpenAPI linters', () => {
  it('redocly lint (recommended): no error, no warning', () => {
    const run = tool('redocly', ['lint', docFile, '--format=json']);
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('spectral lint (spectral:oas): no result of any severity', () => {
    const out = join(dir, 'spectral.json');
    const run = tool('spectral', ['lint', docFile, '--ruleset', '.spectral.yaml', '-f', 'json', '-o', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  });
});
