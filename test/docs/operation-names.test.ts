// Each area's guide names the library function of every operation beside its path (issue 29: a reader of
// docs/retirement.md could not tell that /v1/retirement/monte-carlo is monteCarlo()).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  servedOperationName as operationName,
  servedRegistry as registry,
} from '../../src/served-operations';

const docs = join(__dirname, '..', '..', 'docs');
const lines = readdirSync(docs)
  .filter((name) => name.endsWith('.md'))
  .flatMap((name) => readFileSync(join(docs, name), 'utf8').split('\n'));

describe('operation names in the guides', () => {
  it.each(registry.operations.map((operation) => [operation.path, operationName(operation.path)] as const))(
    '%s is named %s on a line of its guide that shows the path',
    (path, name) => {
      expect(lines.some((line) => line.includes(`\`${path}\``) && line.includes(`\`${name}\``))).toBe(true);
    },
  );
});
