// `finplan serve` from the built CLI (dist/cli.js), as the tests that need the real process start it.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (`npm test` builds it first). */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** A running `finplan serve`: its process, its URL and what it has printed so far. */
export interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: string;
}

/**
 * Start `finplan serve --port 0 ...args` with no key, port, host or Redis from the environment; resolve once
 * it listens and has printed its try line, reject if it exits first.
 */
export function serveCli(args: readonly string[]): Promise<Served> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, FINPLAN_API_KEYS: '', PORT: '', HOST: '', FINPLAN_REDIS_URL: '' },
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
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}
