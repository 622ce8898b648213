// The public subpaths are listed once, in src/areas.ts (tsup builds its entries from it); everything
// else that names them by hand must agree: package.json exports, typedoc's entry points, the root
// barrel and the operation registry.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALCULATION_AREAS, SERVED_AREAS, TOOL_SUBPATHS } from '../src/areas';
import { operationName, registry } from '../src/operations';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const subpaths = [...CALCULATION_AREAS, ...SERVED_AREAS, ...TOOL_SUBPATHS];

describe('one list of areas', () => {
  it('package.json exports every subpath (types first) and nothing else', () => {
    const pkg = JSON.parse(read('package.json')) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports).sort()).toEqual(
      ['.', './package.json', ...subpaths.map((name) => `./${name}`)].sort(),
    );
    for (const name of subpaths) {
      expect(pkg.exports[`./${name}`]).toEqual({
        import: { types: `./dist/${name}/index.d.ts`, default: `./dist/${name}/index.js` },
        require: { types: `./dist/${name}/index.d.cts`, default: `./dist/${name}/index.cjs` },
      });
    }
  });
  it('typedoc documents every subpath', () => {
    const typedoc = JSON.parse(read('typedoc.json')) as { entryPoints: string[] };
    expect(typedoc.entryPoints.sort()).toEqual(
      ['src/index.ts', ...subpaths.map((name) => `src/${name}/index.ts`)].sort(),
    );
  });
  it('typedoc names each module by its import path (@module finplan/<subpath>)', () => {
    expect(read('src/index.ts')).toMatch(/^ \* @module finplan$/m);
    for (const name of subpaths)
      expect(read(`src/${name}/index.ts`), name).toMatch(new RegExp(`^ \\* @module finplan/${name}$`, 'm'));
  });
  it('the root barrel re-exports every calculation area and no tool subpath', () => {
    const barrel = read('src/index.ts');
    for (const area of CALCULATION_AREAS) expect(barrel).toContain(`export * from './${area}/index';`);
    for (const tool of TOOL_SUBPATHS) expect(barrel).not.toContain(`'./${tool}/index'`);
  });
  it('the registry holds every calculation area', () => {
    const operations = read('src/operations.ts');
    for (const area of CALCULATION_AREAS) expect(operations).toContain(`from './${area}/index';`);
    expect(registry.operations.length).toBeGreaterThan(0);
  });
  it('every folder of src/ with an index.ts is a subpath (core is internal)', () => {
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, 'src', entry.name, 'index.ts')))
      .map((entry) => entry.name)
      .filter((name) => name !== 'core');
    expect(folders.sort()).toEqual([...subpaths].sort());
  });
});

describe('generated lists (npm run gen)', () => {
  it('src/operation-types.ts names every registered operation by path and id, under its library name', () => {
    const text = read('src/operation-types.ts');
    const byPath = [...text.matchAll(/^ {2}'(\/v1\/[^']+)': typeof (\w+);$/gm)].map((m) => [m[1], m[2]]);
    expect(byPath).toEqual(registry.operations.map((op) => [op.path, operationName(op.path)]));
    const ids = text.slice(text.indexOf('interface OperationsById'));
    const byId = [...ids.matchAll(/^ {2}'?([a-z0-9/-]+)'?: typeof (\w+);$/gm)].map((m) => m[1]);
    expect(byId).toEqual(registry.operations.map((op) => op.id));
  });
});

describe('releases', () => {
  it('CHANGELOG.md has a section for the package version, and the lockfile the same version', () => {
    const pkg = JSON.parse(read('package.json')) as { version: string; files: string[] };
    const lock = JSON.parse(read('package-lock.json')) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    expect(pkg.files).toContain('CHANGELOG.md');
    expect(read('CHANGELOG.md')).toMatch(new RegExp(`^## ${pkg.version.replaceAll('.', '\\.')}$`, 'm'));
    expect(lock.version).toBe(pkg.version);
    expect(lock.packages['']?.version).toBe(pkg.version);
  });
  it('every pending changeset bumps finplan by patch or minor (0.x: no major)', () => {
    const dir = join(root, '.changeset');
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.md') && file !== 'README.md')) {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, name), 'utf8'))?.[1] ?? '';
      expect(front, name).toMatch(/^["']finplan["']: (patch|minor)$/m);
    }
  });
});
