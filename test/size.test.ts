// Bundle sizes of the built package against the budgets in bench/size-budgets.json: an application
// that imports one operation, or one subpath, gets only that (plus zod/mini and what it uses). The
// sizes are measured as an application's bundler would: esbuild, minified ESM, then gzip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

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

async function gzipBytes(contents: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    external: ['node:*'],
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

describe('bundle size budgets (gzip bytes)', () => {
  it.each(Object.entries(budgets))('%s <= %i', async (name, budget) => {
    const size = await gzipBytes(entryOf(name));
    expect(size, `${name}: ${size} bytes gzip`).toBeLessThanOrEqual(budget);
  });
  it('tables reach the bundle without their citations and notes (kept in data/)', async () => {
    const result = await build({
      stdin: { contents: entryOf('finplan/tax'), resolveDir: root, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['node:*'],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('11925'); // 2025 single 12% bracket start (Rev. Proc. 2024-40)
    expect(code).not.toContain('I.R.B.'); // citations stay in data/tax/federal/YYYY.json
    expect(readFileSync(join(root, 'data', 'tax', 'federal', '2025.json'), 'utf8')).toContain('I.R.B.');
  });
  it('one operation is much smaller than its whole area', async () => {
    const one = await gzipBytes(entryOf('one operation: tvm from finplan/utilities'));
    const area = await gzipBytes(entryOf('finplan/utilities'));
    expect(one).toBeLessThan(area * 0.75);
  });
});
