// The TypeScript snippets of the README and the guides in docs/, as test/docs/guide-snippets.test.ts and
// test/consumer-types.test.ts compile them:
// - A snippet that imports the package ('finplan', 'finplan/tax', ...) is a user's module: it compiles
//   against the built package (its exports map and declaration files) under `module: node16` in an ESM
//   project, the strictest resolution a user has (relative imports need their `.js` extension). It is
//   compiled in the node16 ESM consumer project of test/consumer-types.test.ts (one program for both).
// - A snippet written inside the repository (a contributor's, with relative imports of src/) names the
//   file it sits in on its fence, "```ts path=src/<area>/<file>.ts", and compiles with the repository's
//   own compiler options from there (test/docs/guide-snippets.test.ts).
// - A fence "```ts continued" appends the snippet to the one before it in the same file (a second step
//   of the same example).
// Files a user snippet imports that the user writes or generates (the openapi-typescript output, the
// reader's own code under test) are provided by readerFiles().
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../../src/http/index';

const root = join(__dirname, '..', '..');

export interface Snippet {
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

/** Every TypeScript snippet of the README and docs/, "continued" ones appended to the one before. */
export function snippets(): Snippet[] {
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

/** The file a snippet is compiled as: its guide and line (docs-http-md-120.ts). */
export const fileName = (snippet: Snippet) => `${snippet.doc.replace(/[/.]/g, '-')}-${snippet.line}.ts`;

/** The users' snippets as the files of a user's project (the reader's own files included). */
export async function userSources(list: readonly Snippet[]): Promise<Record<string, string>> {
  const sources: Record<string, string> = {
    // `npx openapi-typescript http://localhost:8080/openapi.json -o finplan.d.ts` (docs/http.md)
    'finplan.d.ts': astToString(await openapiTS(structuredClone(openApiDocument()) as never)),
    // docs/testing.md: the reader's own federal tax, the code under test
    'our-tax.ts':
      'export function ourFederalTax(household: { ordinary_income?: number }): number {\n' +
      '  return household.ordinary_income ?? 0;\n}\n',
  };
  for (const snippet of list) sources[fileName(snippet)] = `${snippet.code}\nexport {};\n`;
  return sources;
}

/** tsc's output with each snippet's file named by its guide and line. */
export function byGuide(output: string, list: readonly Snippet[]): string {
  return output.replace(/^(?:\S*\/)?([\w-]+-\d+\.ts)/gm, (_, file: string) => {
    const snippet = list.find((s) => fileName(s) === file);
    return snippet ? `${snippet.doc}:${snippet.line}` : file;
  });
}
