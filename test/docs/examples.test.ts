// Every TSDoc example in src/ is type-checked and executed, as a user would paste it.
// - An example that uses a public export must import it from its public subpath ('finplan',
//   'finplan/tax', ...); the runner maps those specifiers to the sources. An example of an internal module
//   (no public subpath exports what it uses) gets its own module's exports imported for it.
// - Each statement written `expression; // value` (a number, a 'string', an array or a boolean) must produce
//   that value: a wrong number in the docs fails here.
// - An example ending in `throw` must throw a CalculationError; `.listen(port)` runs on an ephemeral port
//   and closes; `process.env.X!` keys are set for the run.
// - One TypeScript program type-checks them all with the repository's compiler options, and the sources
//   they import (test/helpers/typecheck.ts).
// - An example that connects to Redis (imports 'ioredis' or 'redis') is type-checked against the real
//   package but not run here: test/http/stores.test.ts runs the same wrapping against a real redis-server.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_AREAS, SERVED_AREAS, TOOL_SUBPATHS } from '../../src/areas';
import { isCalculationError } from '../../src/core/errors';
import { projectDiagnostics } from '../helpers/typecheck';

const root = join(__dirname, '..', '..');
const workDir = join(root, 'node_modules', '.cache', 'finplan-doc-examples');
const SUBPATHS = ['', ...CALCULATION_AREAS, ...SERVED_AREAS, ...TOOL_SUBPATHS];

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
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ file: relative(root, file), line, code });
    }
  }
  return found;
}

/** The names a source file exports (values and types), read from its text. */
function exportedNames(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+(\w+)/gm,
  ))
    names.add(m[1]!);
  for (const m of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  return [...names];
}

const identifiers = (code: string) =>
  new Set(code.replace(/'[^']*'|\/\/.*$/gm, '').match(/[A-Za-z_$][\w$]*/g) ?? []);

/** Names of the file's exports the example uses without importing them. */
function implicitImports(example: Example): string[] {
  const used = identifiers(example.code);
  const imported = new Set(
    [...example.code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!.split(',').map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop()!,
      ),
    ),
  );
  return exportedNames(example.file).filter((name) => used.has(name) && !imported.has(name));
}

function specifierFor(subpath: string): string {
  return join(root, 'src', subpath === '' ? 'index' : join(subpath, 'index'));
}

/** The example as a module: public specifiers mapped to the sources, relative ones to the example's file. */
function resolved(example: Example, code: string, exts: boolean): string {
  const self = join(root, example.file).replace(/\.ts$/, '');
  const implicit = implicitImports(example);
  const header = implicit.length > 0 ? `import { ${implicit.join(', ')} } from '${self}';\n` : '';
  return (
    header +
    code
      .replace(/from 'finplan'/g, `from '${specifierFor('')}'`)
      .replace(/from 'finplan\/([\w-]+)'/g, (_, sub: string) => `from '${specifierFor(sub)}'`)
      .replace(
        /from '(\.\.?\/[^']+)'/g,
        (_, rel: string) => `from '${join(dirname(join(root, example.file)), rel)}'`,
      )
      .replace(
        /from '(\/[^']+)'/g,
        (_, abs: string) => `from '${exts && !/\.\w+$/.test(abs) ? `${abs}.ts` : abs}'`,
      )
  );
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

/** Rewrite an example so that its checked statements call __check(actual, expected, where). */
function instrument(example: Example): { source: string; checks: number } {
  const lines = example.code.replace(/\.listen\((\d+)\)/g, '.listen(0, __listening)').split('\n');
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
  return { source: resolved(example, out.join('\n'), false), checks };
}

const all = examples();
const slug = (example: Example) => `${example.file.replace(/[^\w]/g, '_')}_${example.line}`;

describe('TSDoc examples', () => {
  // Each public value and the subpath that exports it (an area's own subpath over the root 'finplan').
  const publicNames = new Map<string, string>();
  const publicValues = new Map<string, unknown>();
  beforeAll(async () => {
    for (const sub of SUBPATHS) {
      const module = (await import(/* @vite-ignore */ specifierFor(sub))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        publicNames.set(name, sub === '' ? 'finplan' : `finplan/${sub}`);
        publicValues.set(name, value);
      }
    }
  });

  it('finds the examples', () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it('use public exports through their public subpath', async () => {
    const wrong: string[] = [];
    for (const example of all) {
      const own = (await import(/* @vite-ignore */ join(root, example.file))) as Record<string, unknown>;
      for (const name of implicitImports(example)) {
        const sub = publicNames.get(name);
        if (sub !== undefined && publicValues.get(name) === own[name])
          wrong.push(`${example.file}:${example.line}: import { ${name} } from '${sub}'`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('type-check', () => {
    rmSync(join(workDir, 'typecheck'), { recursive: true, force: true });
    mkdirSync(join(workDir, 'typecheck'), { recursive: true });
    for (const example of all)
      writeFileSync(
        join(workDir, 'typecheck', `${slug(example)}.ts`),
        `${resolved(example, example.code, true)}\nexport {};\n`,
      );
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    writeFileSync(
      join(workDir, 'typecheck', 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...base.compilerOptions,
          // Examples import types and values in one statement, as users write them.
          verbatimModuleSyntax: false,
          allowImportingTsExtensions: true,
          noUnusedLocals: false,
          typeRoots: [join(root, 'node_modules', '@types')],
        },
        include: ['*.ts'],
      }),
    );
    expect(projectDiagnostics(join(workDir, 'typecheck'))).toBe('');
  });

  const needsRedis = (example: Example) => /from '(?:ioredis|redis)'/.test(example.code);
  it.each(
    all
      .filter((example) => !needsRedis(example))
      .map((example) => [`${example.file}:${example.line}`, example] as const),
  )('runs %s', async (_, example) => {
    const { source } = instrument(example);
    const failures: string[] = [];
    const g = globalThis as Record<string, unknown>;
    g.__check = (actual: unknown, expected: unknown, where: string) => {
      try {
        expect(actual).toEqual(expected);
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
      }
    };
    g.__listening = function (this: { close(): void }) {
      this.close();
    };
    for (const name of example.code.matchAll(/process\.env\.(\w+)!/g))
      process.env[name[1]!] ??= 'example-key';
    mkdirSync(workDir, { recursive: true });
    const path = join(workDir, `${slug(example)}.ts`);
    writeFileSync(path, source);
    const run = import(/* @vite-ignore */ `${path}?t=${Date.now()}`);
    if (/^throw\b/m.test(example.code)) {
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isCalculationError(error), `${example.file}:${example.line} must throw a CalculationError`).toBe(
        true,
      );
    } else {
      await run;
    }
    if (failures.length > 0) throw new Error(failures.join('\n'));
  });
});
