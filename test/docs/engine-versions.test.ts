// Every engine version the guides and the README name (`<engine>-<major>.<minor>.<patch>`, as in the
// operation tables of docs/*.md) is the version the registry serves: a bump that forgets the docs fails
// here (docs/tax.md showed cliff-map-1.0.0 for two versions before this test).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedRegistry as registry } from '../../src/served-operations';

const root = join(__dirname, '..', '..');
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

describe('engine versions in the docs', () => {
  it('name each engine at its current version', () => {
    const stale: string[] = [];
    let seen = 0;
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const operation of registry.operations) {
        const pattern = new RegExp(`(?<![\\w-])${operation.engine}-(\\d+\\.\\d+\\.\\d+)(?![\\w.])`, 'g');
        for (const match of text.matchAll(pattern)) {
          seen++;
          if (match[0] !== operation.engineVersion)
            stale.push(`${file}: ${match[0]} (now ${operation.engineVersion})`);
        }
      }
    }
    expect(stale).toEqual([]);
    // The operation tables name most engines: a pattern that matched nothing would pass vacuously.
    expect(seen).toBeGreaterThan(10);
  });
});
