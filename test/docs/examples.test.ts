// The TSDoc examples of the public API are run: every example that imports from 'finplan' is executed
// against the sources, and each statement written `expression; // value` (a number, a 'string', an
// array or a boolean) must produce that value. A wrong number in the docs fails here.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const workDir = join(root, 'node_modules', '.cache', 'finplan-doc-examples');

interface Example {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

function examples(): Example[] {
  const found: Example[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/g)) {
      const code = match[1]!
        .split('\n')
        .map((line) => line.replace(/^\s*\* ?/, ''))
        .join('\n');
      if (!code.includes("from 'finplan")) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ file: relative(root, file), line, code });
    }
  }
  return found;
}

/** The literal at the start of a comment, as JavaScript source, or undefined. */
function literalOf(comment: string): string | undefined {
  const match =
    /^(-?\d[\d_]*(?:\.\d+)?(?:e-?\d+)?)(?![\w.])/.exec(comment) ??
    /^('[^']*')/.exec(comment) ??
    /^(\[[^\]]*\])/.exec(comment) ??
    /^(true|false)\b/.exec(comment);
  return match?.[1];
}

/** Rewrite an example into a module whose checked statements call __check(actual, expected, where). */
function instrument(example: Example): { source: string; checks: number } {
  const lines = example.code
    .replace(/from 'finplan'/g, `from '${join(root, 'src', 'index')}'`)
    .replace(/from 'finplan\/([\w-]+)'/g, (_, area: string) => `from '${join(root, 'src', area, 'index')}'`)
    .split('\n');
  let checks = 0;
  let statementStart = 0;
  const out: string[] = [];
  lines.forEach((line, i) => {
    const match = /^(.*?);\s*\/\/ (.*)$/.exec(line);
    const literal = match ? literalOf(match[2]!) : undefined;
    if (match && literal !== undefined) {
      const statement = [...lines.slice(statementStart, i), match[1]!].join('\n');
      if (!/^\s*(const|let|var|import|throw|return|if|for|while|else)\b/.test(statement)) {
        out.splice(out.length - (i - statementStart), i - statementStart);
        out.push(
          `__check((${statement}), ${literal}, ${JSON.stringify(`${example.file}:${example.line} line ${i + 1}`)});`,
        );
        checks++;
        statementStart = i + 1;
        return;
      }
    }
    out.push(line);
    // A statement ends at a `;` or a closing brace alone on its line; comments and blank lines are not part of one.
    if (/;\s*(\/\/.*)?$/.test(line) || /^\}\s*$/.test(line) || line.trim() === '' || /^\s*\/\//.test(line)) {
      statementStart = i + 1;
    }
  });
  return { source: out.join('\n'), checks };
}

// Examples with at least one checked value (the others only show a call shape, often with a key from
// the environment, and are not run).
const checked = examples()
  .map((example) => ({ example, ...instrument(example) }))
  .filter(({ checks, example }) => checks > 0 && !/^\s*throw\b/m.test(example.code));

describe('TSDoc examples of the public API', () => {
  it('finds the examples', () => {
    expect(checked.length).toBeGreaterThan(25);
  });

  it.each(
    checked.map(({ example, source }) => [`${example.file}:${example.line}`, example, source] as const),
  )('%s', async (_, example, source) => {
    const failures: string[] = [];
    (globalThis as { __check?: unknown }).__check = (actual: unknown, expected: unknown, where: string) => {
      try {
        expect(actual).toEqual(expected);
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
      }
    };
    mkdirSync(workDir, { recursive: true });
    const path = join(workDir, `${example.file.replace(/[^\w]/g, '_')}_${example.line}.ts`);
    writeFileSync(path, source);
    await import(/* @vite-ignore */ `${path}?t=${Date.now()}`);
    expect(failures).toEqual([]);
  });
});
