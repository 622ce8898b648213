// CI check: install this repository into a scratch project as a git dependency, as
// `npm i git+https://.../finplan` does (npm clones it, installs its dev dependencies, runs `prepare`, which
// builds dist/, and packs what package.json's `files` lists), then import every public subpath, both as
// ESM and CommonJS, and run the CLI. Installs the committed HEAD: commit before running it.
//
//   node scripts/check-git-install.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const subpaths = Object.keys(pkg.exports)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'finplan' : `finplan/${key.slice(2)}`));
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

const scratch = mkdtempSync(join(tmpdir(), 'finplan-git-install-'));
try {
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  );
  const run = (command, args) =>
    execFileSync(command, args, { cwd: scratch, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  console.log(`npm i git+file://${root}#${head.slice(0, 12)} (clone, dev install, prepare, pack)...`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `git+file://${root}#${head}`]);
  // fast-check is finplan/testing's optional peer dependency: a user of that subpath installs it.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'fast-check@^4']);
  const esm = subpaths.map((s, i) => `import * as m${i} from '${s}';`).join('\n');
  const counts = subpaths.map((_, i) => `Object.keys(m${i}).length`).join(', ');
  writeFileSync(join(scratch, 'esm.mjs'), `${esm}\nconsole.log(JSON.stringify([${counts}]));\n`);
  const cjs = subpaths.map((s) => `Object.keys(require('${s}')).length`).join(', ');
  writeFileSync(join(scratch, 'cjs.cjs'), `console.log(JSON.stringify([${cjs}]));\n`);
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    const exported = JSON.parse(run(process.execPath, [file]));
    const empty = subpaths.filter((_, i) => !(exported[i] > 0));
    if (empty.length > 0) throw new Error(`${file}: no exports from ${empty.join(', ')}`);
    console.log(`${file}: ${subpaths.length} subpaths import (${exported.join(', ')} exports)`);
  }
  const envelope = JSON.parse(
    run(join(scratch, 'node_modules', '.bin', 'finplan'), [
      'calc',
      'tvm',
      '{"solve_for":"pmt","rate":0.005,"nper":360,"pv":300000}',
    ]),
  );
  if (envelope.result.value !== -1798.65) throw new Error(`finplan calc tvm gave ${envelope.result.value}`);
  console.log('finplan calc tvm: -1798.65');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
