// Every registered operation comes whole: its own test file mirroring its source file, golden results
// (test/goldens/), and a TSDoc example on the operation that states a value (run by
// test/docs/examples.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../src/operations';

const root = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles(join(root, 'src')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** The source file that defines the operation at `path`. */
function definingFile(path: string): { file: string; text: string } | undefined {
  return sources.find(({ text }) => text.includes(`path: '${path}'`) && text.includes('defineOperation('));
}

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (path, operation) => {
    const source = definingFile(path);
    it('is defined in its own file under src/<area>/', () => {
      expect(source, `no source file defines ${path}`).toBeDefined();
      expect(relative(join(root, 'src'), source!.file)).toMatch(/^[a-z-]+\/(income\/)?[a-z0-9-]+\.ts$/);
    });
    it('has a mirrored test file', () => {
      const test = join(root, 'test', relative(join(root, 'src'), source!.file)).replace(/\.ts$/, '.test.ts');
      expect(existsSync(test), `missing ${relative(root, test)}`).toBe(true);
    });
    it('has golden results', () => {
      const golden = join(root, 'test', 'goldens', `${operation.id.replace(/\//g, '__')}.json`);
      expect(existsSync(golden), `missing ${relative(root, golden)}`).toBe(true);
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
