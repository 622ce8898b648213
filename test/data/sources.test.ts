// Every data table carries its sources and is listed in data/SOURCES.md; every `source` id a block
// cites resolves in the file's `sources` map. Reference cases (`*.cases.json`) cite theirs per case
// (test/data/cases.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', 'data');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') && !name.endsWith('.cases.json') ? [path] : [];
  });
}

function sourceIds(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) sourceIds(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      if ((key === 'source' || key.endsWith('_source')) && typeof member === 'string') found.push(member);
      else if (key !== 'sources') sourceIds(member, found);
    }
  }
  return found;
}

const files = jsonFiles(root);
const index = readFileSync(join(root, 'SOURCES.md'), 'utf8');

describe.each(files.map((file) => [relative(root, file), file]))('data/%s', (name, file) => {
  const table = JSON.parse(readFileSync(file, 'utf8')) as { sources?: Record<string, string> };
  it('is listed in data/SOURCES.md', () => {
    expect(index).toContain(name);
  });
  it('names its source documents, and every cited id resolves', () => {
    const sources = table.sources ?? {};
    expect(Object.keys(sources).length).toBeGreaterThan(0);
    for (const text of Object.values(sources)) expect(text.length).toBeGreaterThan(10);
    const ids = sourceIds(table);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(sources, `${name}: source id ${id}`).toHaveProperty(id);
  });
});
