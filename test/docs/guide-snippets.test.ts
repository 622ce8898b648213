// Every TypeScript snippet of the README and the guides in docs/ compiles, as its reader would use it:
// - A snippet that imports the package ('finplan', 'finplan/tax', ...) is a user's module: it compiles
//   against the built package (its exports map and declaration files) under `module: node16` in an ESM
//   project, the strictest resolution a user has (relative imports need their `.js` extension).
// - A snippet written inside the repository (a contributor's, with relative imports of src/) names the
//   file it sits in on its fence, "```ts path=src/<area>/<file>.ts", and compiles with the repository's
//   own compiler options from there.
// - A fence "```ts continued" appends the snippet to the one before it in the same file (a second step
//   of the same example).
// Files a user snippet imports that the user writes or generates (the openapi-typescript output, the
// reader's own code under test) are provided below.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/index';

const root = join(__dirname, '..', '..');
const work = join(root, 'node_modules', '.cache', 'finplan-guide-snippets');

interface Snippet {
  readonly doc: string;
  readonly line: number;
  /** Where a contributor's snippet sits in the repository (from its fence); undefined for a user's. */
  readonly path: string | undefined;
  code: string;
}

function guides(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

function snippets(): Snippet[] {
  const found: Snippet[] = [];
  for (const doc of guides()) {
    const text = readFileSync(join(root, doc), 'utf8');
    let last: Snippet | undefined;
    for (const match of text.matchAll(/^```(?:ts|typescript)([^\n]*)\n([\s\S]*?)^```$/gm)) {
      const info = (match[1] ?? '').trim().split(/\s+/);
      const code = match[2] ?? '';
      const line = text.slice(0, match.index).split('\n').length;
      if (info.includes('continued')) {
        if (last === undefined) throw new Error(`${doc}:${line}: "continued" with no snippet before it`);
        last.code += `\n// ${doc}:${line}\n${code}`;
        continue;
      }
      const path = info.find((word) => word.startsWith('path='))?.slice('path='.length);
      last = { doc, line, path, code };
      found.push(last);
    }
  }
  return found;
}

const all = snippets();
const user = all.filter((snippet) => snippet.path === undefined);
const contributor = all.filter((snippet) => snippet.path !== undefined);
const fileName = (snippet: Snippet) => `${snippet.doc.replace(/[/.]/g, '-')}-${snippet.line}.ts`;

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

/** What a reader supplies beside a snippet: generated clients and their own code. */
async function readerFiles(): Promise<Record<string, string>> {
  return {
    // `npx openapi-typescript http://localhost:8080/openapi.json -o finplan.d.ts` (docs/http.md)
    'finplan.d.ts': astToString(await openapiTS(structuredClone(openApiDocument()) as never)),
    // docs/testing.md: the reader's own federal tax, the code under test
    'our-tax.ts':
      'export function ourFederalTax(household: { ordinary_income?: number }): number {\n' +
      '  return household.ordinary_income ?? 0;\n}\n',
  };
}

/** tsc on `project` (asynchronous: the two projects compile side by side); its diagnostics. */
function tsc(project: string): Promise<string> {
  const compiler = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  return new Promise((done) =>
    execFile(process.execPath, [compiler, '-p', project], (_error, stdout, stderr) =>
      done(`${stdout}${stderr}`.trim()),
    ),
  );
}

/** tsc's output with each snippet's file named by its guide and line. */
function byGuide(output: string, list: readonly Snippet[]): string {
  return output.replace(/^(?:\S*\/)?([\w-]+-\d+\.ts)/gm, (_, file: string) => {
    const snippet = list.find((s) => fileName(s) === file);
    return snippet ? `${snippet.doc}:${snippet.line}` : file;
  });
}

async function userProject(): Promise<string> {
  const dir = join(work, 'user');
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'finplan'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'reader', type: 'module' }));
  for (const [name, text] of Object.entries(await readerFiles())) writeFileSync(join(dir, name), text);
  for (const snippet of user) writeFileSync(join(dir, fileName(snippet)), `${snippet.code}\nexport {};\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'node16',
        moduleResolution: 'node16',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      },
      include: ['*.ts'],
    }),
  );
  return dir;
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
  let userDiagnostics: Promise<string>;
  let contributorDiagnostics: Promise<string>;
  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    userDiagnostics = tsc(await userProject());
    contributorDiagnostics = tsc(contributorProject());
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

  it("users' snippets compile against the built package under module node16 (ESM)", async () => {
    expect(byGuide(await userDiagnostics, user)).toBe('');
  });

  it("contributors' snippets compile where they say they sit, with the repository's options", async () => {
    expect(byGuide(await contributorDiagnostics, contributor)).toBe('');
  });
});
