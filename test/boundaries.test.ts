// The area boundary `npm run lint` enforces (.dependency-cruiser.cjs, rules no-other-area-lib and
// no-circular): run on a small tree of areas, it refuses exactly the import of another area's `_lib/` and
// an import cycle (a type-only one), and passes an area's own `_lib/` and another area's entry point; on
// src/ it finds nothing.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const CONFIG = join(root, '.dependency-cruiser.cjs');

function depcruise(cwd: string) {
  const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = spawnSync(process.execPath, [cli, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    summary: { violations: { from: string; to: string; rule: { name: string } }[] };
  };
  return report.summary.violations.map(({ from, to, rule }) => `${rule.name}: ${from} -> ${to}`);
}

describe("area boundaries: no import of another area's _lib/, no import cycle", () => {
  it("refuses another area's _lib/, allows its entry point and the area's own _lib/", () => {
    expect(depcruise(join(__dirname, 'fixtures', 'boundaries'))).toEqual([
      'no-circular: src/portfolio/cycle-a.ts -> src/portfolio/cycle-b.ts',
      'no-other-area-lib: src/utilities/into-lib.ts -> src/tax/_lib/ages.ts',
    ]);
  });
  it('holds in src/', () => {
    expect(depcruise(root)).toEqual([]);
  });
});
