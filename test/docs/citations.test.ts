// The code and the docs cite what is in the repository: the interface conventions are docs/interface.md,
// never a specification kept elsewhere (issue 29).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'api' || name === 'img') return [];
    return statSync(path).isDirectory() ? files(path) : /\.(ts|md|json|mjs)$/.test(name) ? [path] : [];
  });
}

describe('citations', () => {
  it('no source, guide, table or example cites SPEC.md (it is not in the repository)', () => {
    const citing = [
      ...['src', 'docs', 'data', 'examples', 'bench'].flatMap((dir) => files(join(root, dir))),
      join(root, 'README.md'),
    ]
      .filter((path) => readFileSync(path, 'utf8').includes('SPEC.md'))
      .map((path) => relative(root, path));
    expect(citing).toEqual([]);
  });
  it('docs/interface.md, which the code cites for the conventions, exists', () => {
    expect(readFileSync(join(root, 'docs', 'interface.md'), 'utf8')).toContain('## The result envelope');
  });
});
