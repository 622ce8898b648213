// Reference cases beside the tables: every `data/<area>/<table>/<year>.cases.json` names an operation and
// its cases, each a full request body, the subset of the result it must give (compared exactly, numbers
// included) and the source it reproduces (document, page or line, hand calculation). One test runs them
// all from the registry, each reported by file and name; a file whose operation does not exist, whose
// shape is wrong (a case without a source, for one) or whose input is refused fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { servedRegistry as registry } from '../../src/served-operations';

/** The shape of a `<year>.cases.json` file. */
const CaseFile = z.strictObject({
  operation: z.string().check(z.regex(/^\/v1\/[a-z0-9/-]+$/)),
  cases: z
    .array(
      z.strictObject({
        name: z.string().check(z.minLength(1)),
        source: z.string().check(z.minLength(20)),
        input: z.record(z.string(), z.unknown()),
        expected: z.record(z.string(), z.unknown()),
      }),
    )
    .check(z.minLength(1)),
});

const root = join(__dirname, '..', '..', 'data');

function caseFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return caseFiles(path);
      return name.endsWith('.cases.json') ? [relative(root, path)] : [];
    });
}

const files = caseFiles(root);

it('finds the reference cases beside the tables', () => {
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(file).toMatch(/^[a-z-]+\/[a-z-]+\/([a-z]{2}\/)?\d{4}\.cases\.json$/);
});

describe.each(files)('data/%s', (file) => {
  const parsed = z.safeParse(CaseFile, JSON.parse(readFileSync(join(root, file), 'utf8')));
  it('has the shape of a cases file, each case with its source', () => {
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      [],
    );
  });
  if (!parsed.success) return;
  const operation = registry.get(parsed.data.operation);
  it(`names an operation of the registry (${parsed.data.operation})`, () => {
    expect(operation, `${parsed.data.operation} is not an operation`).toBeDefined();
  });
  if (operation === undefined) return;
  it.each(parsed.data.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(operation.run(c.input).result).toMatchObject(c.expected);
  });
});
