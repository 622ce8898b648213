// Build dist/ with tsup when it is missing or older than what it is built from, quietly; otherwise do
// nothing. Used by `prepare` (so that a git or file install, and `npm ci` in a fresh clone, get a built
// package), by `pretest` (no second build right after `npm ci`) and by `npm start` (with --js-only:
// serving needs no declaration files, the slow part of the build).
//
//   node scripts/build-if-stale.mjs [--js-only]
//
// What was built, and from sources as new as what, is kept in dist/.build-stamp.json; `npm run build`
// always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const jsOnly = process.argv.includes('--js-only');
const stampFile = join(root, 'dist', '.build-stamp.json');

/** The newest modification time under `path` (a file or a folder, recursively). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

const sources = Math.max(
  ...['src', 'data', 'tsup.config.ts', 'tsconfig.json', 'package.json'].map((p) => newest(join(root, p))),
);
const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : undefined;
const fresh =
  stamp !== undefined &&
  stamp.sources >= sources &&
  (stamp.declarations || jsOnly) &&
  existsSync(join(root, 'dist', 'cli.js'));
if (!fresh) {
  const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  const args = [tsup, '--silent', ...(jsOnly ? ['--dts', 'false'] : [])];
  const started = Date.now();
  process.stderr.write(`building dist/${jsOnly ? ' (JavaScript only)' : ''}...`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    process.stderr.write(' failed\n');
    process.exit(result.status ?? 1);
  }
  process.stderr.write(` done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  writeFileSync(stampFile, JSON.stringify({ sources, declarations: !jsOnly }));
}
