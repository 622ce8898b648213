// Bundle sizes of the built package against the budgets in bench/size-budgets.json: an application
// that imports one operation, or one subpath, gets only that (plus zod/mini and what it uses). The
// sizes are measured as an application's bundler would: esbuild, minified ESM, then gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const { budgets } = JSON.parse(readFileSync(join(root, 'bench', 'size-budgets.json'), 'utf8')) as {
  budgets: Record<string, number>;
};

/** The import behind each budget's name: `one operation: <name> from finplan/<area>` or `finplan/<area>`. */
function entryOf(name: string): string {
  const one = /^one operation: (\w+) from finplan\/([\w-]+)$/.exec(name);
  if (one) return `import { ${one[1]} } from './dist/${one[2]}/index.js'; console.log(${one[1]});`;
  if (name === 'finplan') return `import * as m from './dist/index.js'; console.log(m);`;
  const area = /^finplan\/([\w-]+)$/.exec(name);
  if (area) return `import * as m from './dist/${area[1]}/index.js'; console.log(m);`;
  throw new Error(`unknown budget ${name}`);
}

const BUNDLE = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  external: ['node:*'],
  logLevel: 'silent',
} as const satisfies BuildOptions;

/**
 * The gzip size of each budget's bundle. One esbuild build bundles every entry, each on its own (no code
 * splitting: each output is what a build of that entry alone gives, byte for byte), parsing the package's
 * files once instead of once per entry.
 */
async function gzipSizes(names: readonly string[]): Promise<Map<string, number>> {
  const result = await build({
    ...BUNDLE,
    minify: true,
    entryPoints: names.map((_, i) => ({ in: `budget:${i}`, out: `budget-${i}` })),
    outdir: join(root, 'node_modules', '.cache', 'finplan-size'),
    plugins: [
      {
        name: 'budget-entries',
        setup(build) {
          build.onResolve({ filter: /^budget:\d+$/ }, (args) => ({ path: args.path, namespace: 'budget' }));
          build.onLoad({ filter: /.*/, namespace: 'budget' }, (args) => ({
            contents: entryOf(names[Number(args.path.slice('budget:'.length))]!),
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const outputs = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  return new Map(
    names.map((name, i) => {
      const file = outputs.get(join(root, 'node_modules', '.cache', 'finplan-size', `budget-${i}.js`));
      if (file === undefined) throw new Error(`no bundle for ${name}`);
      return [name, gzipSync(file).length];
    }),
  );
}

const ONE_TVM = 'one operation: tvm from finplan/utilities';

describe('bundle size budgets (gzip bytes)', () => {
  let sizes: Map<string, number>;
  beforeAll(async () => {
    sizes = await gzipSizes([...new Set([...Object.keys(budgets), ONE_TVM, 'finplan/utilities'])]);
  });
  it.each(Object.entries(budgets))('%s <= %i', (name, budget) => {
    const size = sizes.get(name);
    expect(size, `${name}: ${size} bytes gzip`).toBeLessThanOrEqual(budget);
  });
  it('tables reach the bundle without their citations and notes (kept in data/)', async () => {
    const result = await build({
      ...BUNDLE,
      stdin: { contents: entryOf('finplan/tax'), resolveDir: root, loader: 'js' },
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('11925'); // 2025 single 12% bracket start (Rev. Proc. 2024-40)
    expect(code).not.toContain('I.R.B.'); // citations stay in data/tax/federal/YYYY.json
    expect(readFileSync(join(root, 'data', 'tax', 'federal', '2025.json'), 'utf8')).toContain('I.R.B.');
  });
  it('one operation is much smaller than its whole area', () => {
    const one = sizes.get(ONE_TVM) as number;
    const area = sizes.get('finplan/utilities') as number;
    expect(one).toBeLessThan(area * 0.75);
  });
});
