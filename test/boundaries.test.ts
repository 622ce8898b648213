// The area boundary `npm run lint` enforces (.dependency-cruiser.cjs, rules no-other-area-lib and
// no-circular): run on a small tree of areas, it refuses exactly the import of another area's `_lib/` and
// an import cycle (a type-only one), and passes an area's own `_lib/` and another area's entry point; on
// src/ it finds nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const CONFIG = join(root, '.dependency-cruiser.cjs');

type Cli = (files: string[], options: Record<string, unknown>) => Promise<number>;

/**
 * `depcruise src --config .dependency-cruiser.cjs --output-type json` run from `cwd`, as `npm run lint`
 * runs it: the function its command-line entry calls with the parsed flags, called in this process (the
 * entry only parses them), so that TypeScript, which dependency-cruiser parses with, loads once per worker
 * instead of once per run (1.3 s of CPU each).
 */
async function depcruise(cwd: string) {
  const cli = join(root, 'node_modules', 'dependency-cruiser', 'src', 'cli', 'index.mjs');
  const { default: run } = (await import(/* @vite-ignore */ pathToFileURL(cli).href)) as { default: Cli };
  const out = mkdtempSync(join(tmpdir(), 'finplan-depcruise-'));
  const previous = process.cwd();
  try {
    // Paths, the config's tsconfig.json and the rules' ^src/ are relative to where it runs.
    process.chdir(cwd);
    await run(['src'], {
      config: CONFIG,
      outputType: 'json',
      outputTo: join(out, 'report.json'),
    });
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
      summary: { violations: { from: string; to: string; rule: { name: string } }[] };
    };
    return report.summary.violations.map(({ from, to, rule }) => `${rule.name}: ${from} -> ${to}`);
  } finally {
    process.chdir(previous);
    rmSync(out, { recursive: true, force: true });
  }
}

describe("area boundaries: no import of another area's _lib/, no import cycle", () => {
  it("refuses another area's _lib/, allows its entry point and the area's own _lib/", async () => {
    expect(await depcruise(join(__dirname, 'fixtures', 'boundaries'))).toEqual([
      'no-circular: src/portfolio/cycle-a.ts -> src/portfolio/cycle-b.ts',
      'no-other-area-lib: src/utilities/into-lib.ts -> src/tax/_lib/ages.ts',
    ]);
  });
  it('holds in src/', async () => {
    expect(await depcruise(root)).toEqual([]);
  });
});
