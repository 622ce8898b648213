// Golden results (no-regression): for every operation, test/goldens/<id>.json holds requests and the
// full envelope each one gave. An envelope may change only with an engine version bump: a changed result
// under the same engine_version fails here. To record new cases, or the results of an engine whose
// version was bumped on purpose, run `npm run goldens:update`; it refuses to rewrite a case whose
// engine_version is unchanged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../src/core/operation';
import { registry } from '../src/operations';

interface GoldenCase {
  readonly name: string;
  readonly input: unknown;
  envelope?: { readonly engine_version: string } & Record<string, unknown>;
}

const UPDATE = process.env.UPDATE_GOLDENS === '1';
const dir = join(__dirname, 'goldens');

/** `test/goldens/<id with / as __>.json`, e.g. `loan__amortization.json`. */
function goldenFile(operation: AnyOperation): string {
  return join(dir, `${operation.id.replace(/\//g, '__')}.json`);
}

function run(operation: AnyOperation, input: unknown): unknown {
  return JSON.parse(JSON.stringify(operation.run(structuredClone(input))));
}

describe.each(registry.operations.map((operation) => [operation.path, operation] as const))(
  '%s',
  (_, operation) => {
    const file = goldenFile(operation);
    const golden = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { path: string; cases: GoldenCase[] })
      : { path: operation.path, cases: [] };

    if (UPDATE) {
      it('records new cases and the results of a bumped engine', () => {
        for (const c of golden.cases) {
          const envelope = run(operation, c.input) as NonNullable<GoldenCase['envelope']>;
          const same = JSON.stringify(envelope) === JSON.stringify(c.envelope);
          if (c.envelope && !same && c.envelope.engine_version === operation.engineVersion) {
            throw new Error(
              `${operation.path} "${c.name}": the result changed but ${operation.engineVersion} did not; bump the engine version`,
            );
          }
          c.envelope = envelope;
        }
        writeFileSync(file, `${JSON.stringify(golden, null, 2)}\n`);
      });
      return;
    }

    it('has golden cases', () => {
      expect(golden.path).toBe(operation.path);
      expect(golden.cases.length).toBeGreaterThan(0);
      for (const c of golden.cases) expect(c.envelope, `"${c.name}" has no recorded envelope`).toBeDefined();
    });
    it.each(golden.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
      expect(run(operation, c.input)).toEqual(c.envelope);
    });
  },
);
