// Golden results (no-regression): for every operation, test/goldens/<id>.json holds requests and the
// full envelope each one gave. An envelope may change only with an engine version bump: a changed result
// under the same engine_version fails here. To record new cases, or the results of an engine whose
// version was bumped on purpose, run `npm run goldens:update`; it refuses to rewrite a case whose
// engine_version is unchanged.
//
// Engine dependencies: test/goldens/engine-dependencies.json records, for every operation that declares
// `uses`, its engine_version and the version of each engine it calls. A dependency whose version changed
// (or a dependency added or dropped) under the same engine_version fails here: the operation's outputs
// may have changed, so it must bump its own version. `npm run goldens:update` records the new versions,
// and refuses to when the operation's engine_version did not change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../src/core/operation';
import { servedRegistry as registry } from '../src/served-operations';

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

/** One operation's row of `test/goldens/engine-dependencies.json`. */
interface DependencyRow {
  readonly engine_version: string;
  /** Engine name -> version. */
  readonly uses: Readonly<Record<string, string>>;
}
type DependencyRows = Readonly<Record<string, DependencyRow>>;

const lockFile = join(dir, 'engine-dependencies.json');
const LOCK_NOTE =
  'Written by `npm run goldens:update` (test/goldens.test.ts): for each operation that declares `uses`, ' +
  'its engine_version and the versions of the engines it calls. A dependency version may change only ' +
  "together with the operation's own version.";

/** The rows of the registered operations that declare `uses`, by path. */
function dependencyRows(operations: readonly AnyOperation[]): DependencyRows {
  const rows: Record<string, DependencyRow> = {};
  for (const operation of [...operations].sort((a, b) => a.path.localeCompare(b.path))) {
    if (operation.uses.length === 0) continue;
    const uses = [...operation.uses].sort((a, b) => a.name.localeCompare(b.name));
    rows[operation.path] = {
      engine_version: operation.engineVersion,
      uses: Object.fromEntries(uses.map((engine) => [engine.name, engine.version])),
    };
  }
  return rows;
}

/** What changed in `uses` between two rows: "federal-tax 1.0.0 -> 1.1.0", "irmaa (new) 1.0.0", ... */
function changes(before: DependencyRow['uses'], now: DependencyRow['uses']): string {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  return names
    .filter((name) => before[name] !== now[name])
    .map((name) => `${name} ${before[name] ?? '(none)'} -> ${now[name] ?? '(none)'}`)
    .join(', ');
}

/** A mismatch between the recorded rows and the operations; `refused` ones goldens:update will not write. */
interface DependencyProblem {
  readonly message: string;
  /** A dependency changed under an unchanged engine_version: the operation must bump its version first. */
  readonly refused: boolean;
}

/**
 * Why the recorded rows do not match the operations: a dependency changed under an unchanged
 * engine_version (refused: bump the operation), or an operation's row is missing, stale or from an
 * older engine_version (run goldens:update). Empty when they match.
 */
function dependencyProblems(recorded: DependencyRows, now: DependencyRows): DependencyProblem[] {
  const problems: DependencyProblem[] = [];
  const refresh = (message: string) => problems.push({ message, refused: false });
  for (const path of [...new Set([...Object.keys(recorded), ...Object.keys(now)])].sort()) {
    const before = recorded[path];
    const current = now[path];
    if (current === undefined) {
      refresh(`${path}: recorded but declares no uses now; run npm run goldens:update`);
    } else if (before === undefined) {
      refresh(`${path}: its uses are not recorded; run npm run goldens:update`);
    } else if (before.engine_version !== current.engine_version) {
      refresh(
        `${path}: ${current.engine_version} (was ${before.engine_version}); run npm run goldens:update to record the dependency versions it is released with`,
      );
    } else if (!isDeepStrictEqual(before.uses, current.uses)) {
      problems.push({
        message: `${path}: ${changes(before.uses, current.uses)} but ${current.engine_version} did not change; bump the operation's version`,
        refused: true,
      });
    }
  }
  return problems;
}

describe('engine dependencies (test/goldens/engine-dependencies.json)', () => {
  const now = dependencyRows(registry.operations);
  const recorded: DependencyRows = existsSync(lockFile)
    ? (JSON.parse(readFileSync(lockFile, 'utf8')) as { operations: DependencyRows }).operations
    : {};

  if (UPDATE) {
    it('records the dependency versions of each engine_version, never without a version bump', () => {
      const refused = dependencyProblems(recorded, now).filter((problem) => problem.refused);
      if (refused.length > 0) throw new Error(refused.map((problem) => problem.message).join('\n'));
      writeFileSync(lockFile, `${JSON.stringify({ note: LOCK_NOTE, operations: now }, null, 2)}\n`);
    });
    return;
  }

  it('every operation that calls an engine is recorded with the versions it was released with', () => {
    expect(Object.keys(now).length).toBeGreaterThan(0);
    expect(dependencyProblems(recorded, now).map((problem) => problem.message)).toEqual([]);
  });

  it('the check can fail: a dependency bumped without the operation bumping', () => {
    const row: DependencyRow = { engine_version: 'equity-comp-1.0.0', uses: { 'federal-tax': '1.0.0' } };
    const bumped = { '/v1/x': { ...row, uses: { 'federal-tax': '1.1.0' } } };
    expect(dependencyProblems({ '/v1/x': row }, bumped)).toEqual([
      {
        message:
          "/v1/x: federal-tax 1.0.0 -> 1.1.0 but equity-comp-1.0.0 did not change; bump the operation's version",
        refused: true,
      },
    ]);
    const added = { '/v1/x': { ...row, uses: { ...row.uses, irmaa: '1.0.0' } } };
    expect(dependencyProblems({ '/v1/x': row }, added)[0]?.message).toContain('irmaa (none) -> 1.0.0');
    // With the operation's own bump, only a refresh is asked for, which goldens:update then writes.
    const released = { '/v1/x': { engine_version: 'equity-comp-1.1.0', uses: { 'federal-tax': '1.1.0' } } };
    expect(dependencyProblems({ '/v1/x': row }, released)).toEqual([
      expect.objectContaining({ refused: false }),
    ]);
  });
});
