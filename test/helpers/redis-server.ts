// A real redis-server for tests: its own process on a free loopback port, a temp dir, AOF on (fsync on
// every write, so a SIGKILL loses nothing). Tests that need it are skipped, with a printed reason,
// when redis-server is not installed (`.ci/run` installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether redis-server can be run here; prints why not once per test file when it cannot. */
export const REDIS_AVAILABLE = (() => {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  const ok = probe.status === 0;
  if (!ok)
    console.warn(
      'SKIPPED: redis-server is not installed, so the Redis store tests do not run ' +
        '(apt-get install -y redis-server, or run .ci/run)',
    );
  return ok;
})();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Kill the server (SIGKILL by default) and wait for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Start it again on the same port and directory (the AOF is replayed). */
  start(): Promise<void>;
  /** Freeze the server (SIGSTOP): connections stay open, commands wait unread until {@link resume}. */
  pause(): void;
  /** Let a paused server run again (SIGCONT): it then runs the commands that waited. */
  resume(): void;
  /** Stop it and remove its directory. */
  dispose(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'finplan-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--save',
          '',
          '--daemonize',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = proc;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
      // Ready when it accepts a PING.
      const deadline = Date.now() + 10_000;
      const poll = () => {
        const check = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
        if (check.stdout?.trim() === 'PONG') resolve();
        else if (Date.now() > deadline) reject(new Error(`redis-server did not start: ${output}`));
        else setTimeout(poll, 50);
      };
      poll();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.removeAllListeners('exit');
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => {
      child?.kill('SIGSTOP');
    },
    resume: () => {
      child?.kill('SIGCONT');
    },
    dispose: async () => {
      child?.kill('SIGCONT');
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
