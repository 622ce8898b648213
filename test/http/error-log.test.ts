// A 500 must reach the client, and the server must keep serving, whatever becomes of its error log. Over
// real sockets, against a server process of the built package that logs internal errors as `finplan serve`
// does (createErrorLog), whose stderr reader has gone away. Before createErrorLog, `finplan serve` logged
// with process.stderr.write: the first 500 after the log's reader went away raised EPIPE as an unhandled
// 'error' event, which stopped the process: requests in flight lost their connection and later ones were
// refused (issue 27: a fuzzed /v1/annuity request, a 500 then, got no reply).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = (file: string) => pathToFileURL(`${root}dist/${file}`).href;
const KEY = 'error-log-key';
const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
/** No request may take this long (a hung server is what is tested; the bound is far above any real reply). */
const HUNG_MS = 60_000;

beforeAll(() => {
  if (!existsSync(`${root}dist/node/index.js`))
    throw new Error('dist/ is missing: run `npm run build` first');
});

/** The server: /v1/buggy throws, /v1/tvm answers; internal errors go to createErrorLog() on stderr, as in `finplan serve`. */
const SERVER = `
import * as z from 'zod/mini';
const { defineOperation, tvm } = await import(${JSON.stringify(dist('index.js'))});
const { createHandler } = await import(${JSON.stringify(dist('http/index.js'))});
const { createErrorLog, createNodeServer } = await import(${JSON.stringify(dist('node/index.js'))});
const buggy = defineOperation({
  path: '/v1/buggy', engine: 'buggy', version: '1.0.0', prefix: 'bug', summary: 'throws',
  input: z.strictObject({}), output: z.object({}),
  compute: () => { throw new Error('secret internal detail'); },
});
const handler = createHandler({ apiKeys: [${JSON.stringify(KEY)}], dev: true, operations: [buggy, tvm], onError: createErrorLog() });
const server = createNodeServer(handler, { workers: false });
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** Start the server process with its stderr piped to us; resolve with its URL. */
function start(): Promise<{ child: ChildProcess; url: string }> {
  const started = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  return new Promise((resolve, reject) => {
    let output = '';
    started.stdout?.on('data', (chunk) => {
      output += chunk;
      const port = /port (\d+)/.exec(output)?.[1];
      if (port) resolve({ child: started, url: `http://127.0.0.1:${port}` });
    });
    started.on('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
}

/** A 500 from /v1/buggy: JSON, internal_error, no detail of the error and no stack trace. */
async function expectJson500(url: string): Promise<void> {
  const response = await fetch(`${url}/v1/buggy`, {
    method: 'POST',
    headers,
    body: '{}',
    signal: AbortSignal.timeout(HUNG_MS),
  });
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toContain('application/json');
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'internal error' } });
  expect(text).not.toMatch(/secret|\bat \S+ \(|Error: /);
}

async function expectServing(url: string, running: ChildProcess): Promise<void> {
  const response = await fetch(`${url}/v1/tvm`, {
    method: 'POST',
    headers,
    body: '{"solve_for":"pmt","rate":0.005,"nper":360,"pv":300000}',
    signal: AbortSignal.timeout(HUNG_MS),
  });
  expect(response.status).toBe(200);
  expect((await response.json()).result.value).toBe(-1798.65);
  expect(running.exitCode).toBeNull();
}

describe('internal errors and the error log (built package, real sockets)', () => {
  it('the log reader gone (EPIPE): each 500 still arrives as JSON and the server keeps serving', async () => {
    const { child: running, url } = await start();
    running.stderr?.destroy();
    for (let i = 0; i < 5; i++) await expectJson500(url);
    await expectServing(url, running);
  });
});
