// A TypeScript consumer of the built package, as a user's project compiles it: `module: node16` in an ESM
// and a CommonJS package, and `moduleResolution: bundler`. The public types must resolve without `any`
// (decimal.js ships CommonJS-flavoured typings, which a default import turned into `any` under node16).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_AREAS, TOOL_SUBPATHS } from '../src/areas';

const SUBPATHS = [...CALCULATION_AREAS, ...TOOL_SUBPATHS];

const root = join(__dirname, '..');
const work = join(root, 'node_modules', '.cache', 'finplan-consumer');

const CONSUMER = `import { federalTable, federalTax } from 'finplan/tax';
import { tvm } from 'finplan/utilities';
import { arbitraries } from 'finplan/testing';
type IsAny<T> = 0 extends 1 & T ? true : false;
const fed = federalTax({ table: federalTable(2025), filing_status: 'single', ordinary_income: 100_000, qualified_income: 0 });
const totalIsAny: IsAny<typeof fed.total> = false;
const envelope = tvm({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 });
const resultIsAny: IsAny<typeof envelope.result> = false;
type TvmRequests = ReturnType<typeof arbitraries>['/v1/tvm'];
const requestsAreAny: IsAny<TvmRequests> = false;
export const checks = [totalIsAny, resultIsAny, requestsAreAny, fed.total.toNumber() + envelope.result.value];
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
  source = CONSUMER,
): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'finplan'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, type }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      // skipLibCheck false (TypeScript's default): finplan's own declaration files are checked too.
      compilerOptions: {
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
        ...compilerOptions,
      },
      files: ['consumer.ts'],
    }),
  );
  writeFileSync(join(dir, 'consumer.ts'), source);
  return dir;
}

function tsc(dir: string) {
  return spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
    encoding: 'utf8',
  });
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'tax', 'index.d.ts')))
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  rmSync(work, { recursive: true, force: true });
});

describe('a TypeScript consumer of the built package', () => {
  it.each([
    ['node16-esm', 'module', { module: 'node16', moduleResolution: 'node16' }],
    ['node16-cjs', 'commonjs', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', 'module', { module: 'esnext', moduleResolution: 'bundler' }],
  ] as const)('%s: public types resolve, none is any', (name, type, options) => {
    const result = tsc(project(name, type, options));
    expect(`${result.stdout}${result.stderr}`.replaceAll(work, '')).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    ['every-subpath-node16', 'module', { module: 'node16', moduleResolution: 'node16' }],
    ['every-subpath-bundler', 'module', { module: 'esnext', moduleResolution: 'bundler' }],
  ] as const)('%s: every subpath compiles with skipLibCheck false', (name, type, options) => {
    const result = tsc(project(name, type, options, EVERY_SUBPATH));
    expect(`${result.stdout}${result.stderr}`.replaceAll(work, '')).toBe('');
    expect(result.status).toBe(0);
  });
});
