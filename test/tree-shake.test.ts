// Importing one area must not pull in another area's tables: bundle a subpath with esbuild, as an
// application bundler would, and look for the tax tables in the output.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    treeShaking: true,
    external: ['zod', 'decimal.js', '@noble/hashes', '@noble/hashes/*', 'fast-check'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

// A marker only the federal tax tables contain.
const TAX_TABLE_MARKER = 'ordinary_brackets';

describe('tree shaking', () => {
  it('finplan/utilities does not include the tax tables', async () => {
    const code = await bundle("export { tvm } from './src/utilities/index';");
    expect(code).toContain('/v1/tvm');
    expect(code).not.toContain(TAX_TABLE_MARKER);
    expect(code).not.toContain('/v1/tax/');
  });
  it('the whole utilities barrel does not include the tax tables either', async () => {
    const code = await bundle("export * from './src/utilities/index';");
    expect(code).not.toContain(TAX_TABLE_MARKER);
  });
  it('the check can fail: the tax area does include them', async () => {
    const code = await bundle("export * from './src/tax/index';");
    // Until the tax engine lands the barrel is empty; the check is real once it exports operations.
    if (code.includes('/v1/tax/')) expect(code).toContain(TAX_TABLE_MARKER);
    const tables = await bundle(
      "import t from './data/tax/federal/2025.json'; export const brackets = t.ordinary_brackets;",
    );
    expect(tables).toContain(TAX_TABLE_MARKER);
  });
});
