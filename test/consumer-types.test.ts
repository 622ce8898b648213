// A TypeScript consumer of the built package, as a user's project compiles it: `module: node16` in an ESM
// and a CommonJS package, and `moduleResolution: bundler`. The public types must resolve without `any`
// (decimal.js ships CommonJS-flavoured typings, which a default import turned into `any` under node16).
// The users' snippets of the README and docs/ (test/helpers/guide-snippets.ts) are modules of the node16
// ESM project: one program checks them and the declaration files they import.
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_AREAS, SERVED_AREAS, TOOL_SUBPATHS } from '../src/areas';
import { byGuide, fileName, snippets, userSources } from './helpers/guide-snippets';
import { projectDiagnostics } from './helpers/typecheck';

const SUBPATHS = [...CALCULATION_AREAS, ...SERVED_AREAS, ...TOOL_SUBPATHS];

const root = join(__dirname, '..');
const work = join(root, 'node_modules', '.cache', 'finplan-consumer');

const CONSUMER = `import { registry } from 'finplan';
import { federalTable, federalTax } from 'finplan/tax';
import { tvm } from 'finplan/utilities';
import { arbitraries } from 'finplan/testing';
type IsAny<T> = 0 extends 1 & T ? true : false;
const fed = federalTax({ table: federalTable(2025), filing_status: 'single', ordinary_income: 100_000, qualified_income: 0 });
const totalIsAny: IsAny<typeof fed.total> = false;
const envelope = tvm({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 });
const resultIsAny: IsAny<typeof envelope.result> = false;
const found = registry.find('tvm');
const foundIsAny: IsAny<ReturnType<typeof found.run>['result']> = false;
const payment: number = registry.get('/v1/tvm').run({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 }).result.value;
const other = registry.find(String(process.argv[2]));
type TvmRequests = ReturnType<typeof arbitraries>['/v1/tvm'];
const requestsAreAny: IsAny<TvmRequests> = false;
export const checks = [totalIsAny, resultIsAny, requestsAreAny, foundIsAny, payment, other?.path, fed.total.toNumber() + envelope.result.value];
`;

/** Every subpath at once: each bundled declaration file must compile on its own terms. */
const EVERY_SUBPATH = `${['', ...SUBPATHS.map((name) => `/${name}`)]
  .map((subpath, i) => `import * as m${i} from 'finplan${subpath}';`)
  .join('\n')}
export const modules = [${SUBPATHS.map((_, i) => `m${i}`).join(', ')}, m${SUBPATHS.length}];
`;

function project(
  name: string,
  type: 'module' | 'commonjs',
  compilerOptions: Record<string, unknown>,
  sources: Record<string, string>,
): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'finplan'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, type }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
        ...compilerOptions,
      },
      files: Object.keys(sources),
    }),
  );
  for (const [file, source] of Object.entries(sources)) writeFileSync(join(dir, file), source);
  return dir;
}

const NODE16 = { module: 'node16', moduleResolution: 'node16' };
const userSnippets = snippets().filter((snippet) => snippet.path === undefined);
/** Whether a diagnostic (a block of tsc's output) is about a user snippet's project files. */
const readerFile = (block: string) =>
  /^(?:\S*\/)?(?:finplan\.d\.ts|our-tax\.ts)\(/.test(block) ||
  userSnippets.some((snippet) => block.replace(/^\S*\//, '').startsWith(`${fileName(snippet)}(`));
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler' };
// The consumer under each resolution, with every subpath imported at once in the ESM projects. Under
// node16 with skipLibCheck false (TypeScript's default), each bundled declaration file is checked on its own
// terms (the dependencies' too); the other two projects resolve the same files (bundler) or their .d.cts
// twins (CommonJS), where a second full check would find nothing new. TypeScript's own default library
// (lib.*.d.ts, the same for every package compiled with this TypeScript) is left unchecked: it holds
// nothing of finplan's or its dependencies' (skipDefaultLibCheck; a sixth of the program's check time).
const PROJECTS = [
  [
    'node16-esm',
    'module',
    { ...NODE16, skipDefaultLibCheck: true },
    { 'consumer.ts': CONSUMER, 'every-subpath.ts': EVERY_SUBPATH },
  ],
  ['node16-cjs', 'commonjs', { ...NODE16, skipLibCheck: true }, { 'consumer.ts': CONSUMER }],
  [
    'bundler',
    'module',
    { ...BUNDLER, skipLibCheck: true },
    { 'consumer.ts': CONSUMER, 'every-subpath.ts': EVERY_SUBPATH },
  ],
] as const;

const dirs = new Map<string, string>();
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'tax', 'index.d.ts')))
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  rmSync(work, { recursive: true, force: true });
  const users = await userSources(userSnippets);
  for (const [name, type, options, sources] of PROJECTS)
    dirs.set(name, project(name, type, options, name === 'node16-esm' ? { ...sources, ...users } : sources));
});

/** What tsc reports on a project (compiled once), paths relative to the project. */
const diagnostics = new Map<string, string>();
function compiled(name: string): string {
  let output = diagnostics.get(name);
  if (output === undefined) {
    output = projectDiagnostics(dirs.get(name) as string);
    diagnostics.set(name, output);
  }
  return output;
}

/** tsc's diagnostics, one block each (a block's continuation lines are indented). */
const blocks = (output: string) => output.split(/\n(?=\S)/).filter(Boolean);

describe('a TypeScript consumer of the built package', () => {
  it.each(PROJECTS.map(([name]) => name))('%s: public types resolve, none is any', (name) => {
    const output = blocks(compiled(name));
    expect(output.filter((block) => !readerFile(block)).join('\n')).toBe('');
  });
});

describe('TypeScript snippets of the README and docs/', () => {
  it("users' snippets compile against the built package under module node16 (ESM)", () => {
    expect(userSnippets.length).toBeGreaterThanOrEqual(15);
    const output = blocks(compiled('node16-esm'));
    expect(byGuide(output.filter(readerFile).join('\n'), userSnippets)).toBe('');
  });
});
