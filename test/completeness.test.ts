// Every registered operation comes whole: its own test file mirroring its source file, golden results
// (test/goldens/), a TSDoc example on the operation that states a value (run by
// test/docs/examples.test.ts), and `uses` naming exactly the engines its module imports (at any depth).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALCULATION_AREAS, SERVED_AREAS } from '../src/areas';
import { IRMAA_ENGINE } from '../src/healthcare/_lib/irmaa';
import { PTC_ENGINE } from '../src/healthcare/_lib/ptc';
import { servedRegistry as registry } from '../src/served-operations';
import { STATE_TAX_ENGINE } from '../src/tax/_lib/state-tax';
import { TAX_ENGINE } from '../src/tax/engine';

const root = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles(join(root, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/**
 * Folders inside an area that group operations (each file in them an operation, like the area's own
 * files); everything else below an area is its index, an operation or `_lib/`.
 */
const OPERATION_GROUPS = ['retirement/income'];

/** The source file that defines the operation at `path`. */
function definingFile(path: string): { file: string; text: string } | undefined {
  return sources.find(({ text }) => text.includes(`path: '${path}'`) && text.includes('defineOperation('));
}

/**
 * The engines an operation may call, with the modules that make them up: an operation whose module
 * imports one of them, directly or through other modules, declares the engine in `uses`.
 */
const ENGINES = [
  {
    engine: TAX_ENGINE,
    modules: [
      'tax/engine.ts',
      'tax/federal-tax.ts',
      'tax/ordinary-tax.ts',
      'tax/capital-gains-tax.ts',
      'tax/deductions.ts',
      'tax/niit.ts',
      'tax/additional-medicare.ts',
      'tax/amt.ts',
      'tax/taxable-social-security.ts',
    ],
  },
  { engine: IRMAA_ENGINE, modules: ['healthcare/_lib/irmaa.ts'] },
  { engine: PTC_ENGINE, modules: ['healthcare/_lib/ptc.ts'] },
  { engine: STATE_TAX_ENGINE, modules: ['tax/_lib/state-tax.ts', 'tax/_lib/state-tables.ts'] },
];

/** The names a value import statement takes (`import { a, type B, c as d }`); undefined for `* as`. */
function importedNames(clause: string): string[] | undefined {
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces || /\*/.test(clause)) return undefined;
  return (braces[1] as string)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] as string);
}

/**
 * Every module under src/ that `file` imports (value imports, not `import type`), at any depth. An entry
 * point for other areas (`src/<area>/engine.ts`) re-exports from the modules behind it: an import of
 * re-exported names reaches only the modules those names come from.
 */
function importClosure(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^import (?!type )([^;]*?) from '(\.[^']+)';/gms)) {
    const target = resolve(dirname(file), `${match[2]}.ts`);
    if (!existsSync(target)) continue;
    const names = importedNames(match[1] as string);
    const reexports = new Map<string, string>();
    for (const entry of readFileSync(target, 'utf8').matchAll(/^export \{([^}]*)\} from '(\.[^']+)';/gm))
      for (const name of importedNames(`{${entry[1]}}`) ?? [])
        reexports.set(name, resolve(dirname(target), `${entry[2]}.ts`));
    const through = names?.map((name) => reexports.get(name));
    const reached = through?.every((module) => module !== undefined) ? (through as string[]) : [target];
    for (const module of reached) {
      if (seen.has(module)) continue;
      seen.add(module);
      importClosure(module, seen);
    }
  }
  return seen;
}

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (path, operation) => {
    const source = definingFile(path);
    it('is defined in its own file under src/<area>/', () => {
      expect(source, `no source file defines ${path}`).toBeDefined();
      const file = relative(join(root, 'src'), source!.file);
      const folder = dirname(file);
      expect(
        ([...CALCULATION_AREAS, ...SERVED_AREAS] as readonly string[]).includes(folder) ||
          OPERATION_GROUPS.includes(folder),
        `${file} is not in an area's folder or an operation group`,
      ).toBe(true);
      expect(file).toMatch(/\/[a-z0-9-]+\.ts$/);
    });
    it('has a mirrored test file', () => {
      const test = join(root, 'test', relative(join(root, 'src'), source!.file)).replace(/\.ts$/, '.test.ts');
      expect(existsSync(test), `missing ${relative(root, test)}`).toBe(true);
    });
    it('has golden results', () => {
      const golden = join(root, 'test', 'goldens', `${operation.id.replace(/\//g, '__')}.json`);
      expect(existsSync(golden), `missing ${relative(root, golden)}`).toBe(true);
    });
    it('declares in `uses` exactly the engines it imports, at their current versions', () => {
      const imported = new Set(
        [...importClosure(source!.file)].map((file) => relative(join(root, 'src'), file)),
      );
      const expected = ENGINES.filter(
        ({ engine, modules }) => engine.name !== operation.engine && modules.some((m) => imported.has(m)),
      ).map(({ engine }) => ({ name: engine.name, version: engine.version }));
      const declared = [...operation.uses].sort((a, b) => a.name.localeCompare(b.name));
      expect(declared).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
    });
    it('has a TSDoc example that states a value', () => {
      const text = source!.text;
      const definition = text.indexOf('defineOperation(');
      const doc = text.lastIndexOf('/**', definition);
      const example = text.slice(doc, definition);
      expect(example).toContain('@example');
      expect(example, 'the example must state a value as `expression; // value`').toMatch(
        /;\s*\/\/ (-?\d|'|\[|true|false)/,
      );
    });
  },
);

describe('other areas reach the federal tax engine only through src/tax/engine.ts', () => {
  const internals = new Set(
    (ENGINES[0] as (typeof ENGINES)[number]).modules
      .filter((m) => m !== 'tax/engine.ts')
      .concat(['tax/federal-tables.ts']),
  );
  const outside = sources.filter(({ file }) => !relative(join(root, 'src'), file).startsWith('tax/'));
  it.each(outside.map(({ file }) => [relative(root, file), file] as const))('%s', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const reached = [...text.matchAll(/ from '(\.[^']+)';/g)]
      .map((match) => relative(join(root, 'src'), resolve(dirname(file), `${match[1]}.ts`)))
      .filter((target) => internals.has(target));
    expect(reached, 'import these from src/tax/engine.ts').toEqual([]);
  });
});

// The roles of docs/contributing.md ("An operation"): in an area's folder (and its operation groups),
// each file is the index, an operation, or a module whose TSDoc marks it `@internal` (an engine module
// kept beside the operations, as the federal tax engine's); shared internals otherwise live in `_lib/`.
describe('each file beside the operations is an operation, the index or marked @internal', () => {
  const areaFiles = sources.filter(({ file }) => {
    const folder = relative(join(root, 'src'), dirname(file));
    return (
      ([...CALCULATION_AREAS, ...SERVED_AREAS] as readonly string[]).includes(folder) ||
      OPERATION_GROUPS.includes(folder)
    );
  });
  const roleOf = ({ file, text }: { file: string; text: string }) => {
    if (file.endsWith('/index.ts')) return 'index';
    if (text.includes('defineOperation(')) return 'operation';
    const moduleDoc = text.match(/^\/\*\*[\s\S]*?\*\//)?.[0] ?? '';
    const tag = (name: string) => new RegExp(`^\\s*\\* @${name}\\b`, 'm').test(moduleDoc);
    return tag('internal') && tag('module') ? 'internal' : 'unmarked';
  };
  it.each(areaFiles.map((source) => [relative(root, source.file), source] as const))('%s', (_, source) => {
    expect(
      roleOf(source),
      'move it to _lib/ (or src/core/ if generic), or mark its module @internal',
    ).not.toBe('unmarked');
  });
});

// A result_id is `<prefix>_<16 hex>`: the underscore separates the prefix from the hash, so a prefix
// must not contain one (inherited-ira's `inherited_ira` did), and two operations sharing a prefix would
// make an id ambiguous about which operation produced it.
describe('result_id prefixes', () => {
  const prefixes = registry.operations.map((operation) => operation.prefix);
  it.each(registry.operations.map((operation) => [operation.path, operation.prefix] as const))(
    '%s: %s is lowercase words joined by hyphens',
    (_, prefix) => {
      expect(prefix).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    },
  );
  it('are unique', () => {
    const repeated = prefixes.filter((prefix, i) => prefixes.indexOf(prefix) !== i);
    expect(repeated).toEqual([]);
  });
});
