// Every TypeScript snippet of the README and the guides in docs/ compiles, as its reader would use it
// (test/helpers/guide-snippets.ts says how each kind is compiled):
// - a user's snippet (it imports the package) in the node16 ESM consumer project of
//   test/consumer-types.test.ts, against the built package: one program for both;
// - a contributor's snippet (its fence names the file it sits in, "```ts path=src/<area>/<file>.ts")
//   here, with the repository's own compiler options, from that file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byGuide, fileName, type Snippet, snippets } from '../helpers/guide-snippets';
import { projectDiagnostics } from '../helpers/typecheck';

const root = join(__dirname, '..', '..');
const work = join(root, 'node_modules', '.cache', 'finplan-guide-snippets');

const all = snippets();
const contributor = all.filter((snippet) => snippet.path !== undefined);

/** The snippet with each relative import pointing at the absolute path it names from `snippet.path`. */
function anchored(snippet: Snippet): string {
  const from = dirname(join(root, snippet.path as string));
  return snippet.code.replace(
    /(from\s+')(\.\.?\/[^']+)(')/g,
    (_, head: string, spec: string, tail: string) => {
      return `${head}${resolve(from, spec)}${tail}`;
    },
  );
}

function contributorProject(): string {
  const dir = join(work, 'contributor');
  mkdirSync(dir, { recursive: true });
  for (const snippet of contributor) writeFileSync(join(dir, fileName(snippet)), anchored(snippet));
  const base = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...base.compilerOptions, typeRoots: [join(root, 'node_modules', '@types')] },
      include: ['*.ts'],
    }),
  );
  return dir;
}

describe('TypeScript snippets of the README and docs/', () => {
  beforeAll(() => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
  });

  it('are found, and each contributor snippet says where it sits', () => {
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(contributor.length).toBeGreaterThanOrEqual(3);
    for (const snippet of all)
      expect(
        snippet.code,
        `${snippet.doc}:${snippet.line}: a relative import needs path= on its fence`,
      ).toSatisfy((code: string) => snippet.path !== undefined || !/from '\.\.\//.test(code));
  });

  it("contributors' snippets compile where they say they sit, with the repository's options", () => {
    // What `tsc -p` reports on the project: every file of the program, the snippets and the sources they import.
    expect(byGuide(projectDiagnostics(contributorProject()), contributor)).toBe('');
  });
});
