import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CALCULATION_AREAS, SERVED_AREAS } from '../../src/areas';
import { defineOperation } from '../../src/core/operation';
import { openApiDocument } from '../../src/http/index';
import { buildOpenApiDocument, openApiParts, seedOpenApiParts } from '../../src/http/openapi';
import { servedRegistry as registry } from '../../src/served-operations';

type Schema = { properties?: Record<string, Schema & { description?: string }>; items?: Schema };

describe('OpenAPI document', () => {
  const doc = openApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
  });

  it("names each operation's operationId after its library function (monteCarlo, not retirementMonteCarlo)", async () => {
    const modules = await Promise.all(
      [...CALCULATION_AREAS, ...SERVED_AREAS].map(
        (area) => import(`../../src/${area}/index.ts`) as Promise<Record<string, unknown>>,
      ),
    );
    const exported = new Map<string, string>();
    for (const module of modules)
      for (const [name, value] of Object.entries(module))
        if (registry.operations.includes(value as never))
          exported.set((value as { path: string }).path, name);
    const ids = registry.operations.map(
      (operation) =>
        (doc.paths as Record<string, { post: { operationId: string } }>)[operation.path]!.post.operationId,
    );
    expect(ids).toEqual(registry.operations.map((operation) => exported.get(operation.path)));
    expect(ids).toContain('monteCarlo');
    expect(ids).toContain('stateIncome');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('states the cost bound and token charge of every simulating operation, and only of those', () => {
    for (const operation of registry.operations) {
      const post = (doc.paths as Record<string, { post: Record<string, unknown> }>)[operation.path]!.post;
      if (operation.stochastic) {
        expect(post['x-finplan-max-path-steps'], operation.path).toBe(12_000_000);
        expect(post['description'], operation.path).toContain('at most 12,000,000 path-steps');
        expect(post['description'], operation.path).toContain('1 per 1,000,000 path-steps');
      }
    }
    expect(registry.operations.some((operation) => operation.stochastic)).toBe(true);
  });

  it("shows every operation's cost formula (x-finplan-cost), and the bound on those that declare one", () => {
    for (const operation of registry.operations) {
      const post = (doc.paths as Record<string, { post: Record<string, unknown> }>)[operation.path]!.post;
      expect(post['x-finplan-cost'], operation.path).toEqual({
        formula: operation.costFormula ?? '0',
        max_path_steps: 12_000_000,
        path_steps_per_token: 1_000_000,
        worker_from_path_steps: 25_000,
      });
      // Every request pays for reading its body, and a large one is read in the pool (issue 30 point 1).
      expect(post['description'], operation.path).toContain(
        'A request is charged at least 1 path-step per character of its body (its reading); a body of 25,000 characters or more is also parsed in the worker thread when the server has a pool.',
      );
      if (operation.costFormula === undefined) {
        expect(post['x-finplan-max-path-steps'], operation.path).toBeUndefined();
        expect(post['description'], operation.path).toContain('1 rate-limit token');
      } else {
        expect(operation.costFormula.length, operation.path).toBeGreaterThan(0);
        expect(post['x-finplan-max-path-steps'], operation.path).toBe(12_000_000);
        expect(post['description'], operation.path).toContain(`Cost: ${operation.costFormula} path-steps`);
        expect(post['description'], operation.path).toContain(
          'from 25,000 path-steps it computes in a worker',
        );
      }
    }
    const npv = (doc.paths as Record<string, { post: Record<string, { formula: string }> }>)[
      '/v1/cashflow/npv-irr'
    ]!.post;
    expect(npv['x-finplan-cost']!.formula).toContain('flows x');
  });

  type Post = {
    tags: string[];
    requestBody: { content: { 'application/json': { schema: Schema; example?: unknown } } };
    responses: Record<string, { content?: { 'application/json': { example?: unknown } } }>;
  };
  const post = (path: string) => (doc.paths as Record<string, { post: Post }>)[path]!.post;

  it('describes every registered operation with an inline request schema and an envelope schema', () => {
    const schemas = doc.components.schemas as Record<string, Schema>;
    for (const operation of registry.operations) {
      // Inline, so that openapi-typescript types fields with defaults as optional (test/http/openapi-client).
      expect(
        post(operation.path).requestBody.content['application/json'].schema.properties,
        operation.path,
      ).toBeDefined();
      const name = operation.id
        .split(/[^a-zA-Z0-9]+/)
        .map((part) => part[0]?.toUpperCase() + part.slice(1))
        .join('');
      expect(schemas[`${name}Request`], operation.path).toBeUndefined();
      expect(schemas[`${name}Result`], operation.path).toBeDefined();
      expect(schemas[`${name}Envelope`]?.properties?.result_id, operation.path).toBeDefined();
    }
  });

  it('documents every top-level request field', () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, { post?: Post }>)) {
      const schema = item.post?.requestBody.content['application/json'].schema;
      for (const [field, property] of Object.entries(schema?.properties ?? {})) {
        expect(property.description, `${path} ${field} has no description`).toBeTruthy();
      }
    }
  });

  it('tags every operation with its area, and declares the tags used', () => {
    const declared = (doc.tags as { name: string }[]).map((tag) => tag.name);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Post>>))
      for (const operation of Object.values(item)) {
        expect(operation.tags, path).toHaveLength(1);
        expect(declared, path).toContain(operation.tags[0]);
      }
    expect(post('/v1/tvm').tags).toEqual(['Utilities']);
    expect(post('/v1/longevity').tags).toEqual(['Retirement income']);
    expect(post('/v1/retirement/rmd').tags).toEqual(['Retirement']);
    expect(post('/v1/equity-comp/iso').tags).toEqual(['Equity compensation']);
    expect(post('/v1/keys/create').tags).toEqual(['Platform']);
    expect(declared).not.toContain('Other');
  });

  it('shows each operation a request example and the envelope it gives, computed by the operation', () => {
    for (const operation of registry.operations) {
      expect(operation.example, `${operation.path} has no example`).toBeDefined();
      const { requestBody, responses } = post(operation.path);
      const request = requestBody.content['application/json'].example;
      expect(request, operation.path).toEqual(operation.example);
      // Each example is one of the operation's golden cases (hand-checked, with its source).
      const golden = JSON.parse(
        readFileSync(join(__dirname, '..', 'goldens', `${operation.id.replaceAll('/', '__')}.json`), 'utf8'),
      ) as { cases: { input: unknown }[] };
      expect(
        golden.cases.map((c) => c.input),
        operation.path,
      ).toContainEqual(request);
      // An operation that loads its engine (the plan's solver) shows none: the document must not
      // depend on whether it is loaded.
      expect(responses['200']?.content?.['application/json'].example, operation.path).toEqual(
        operation.loadsEngine ? undefined : operation.run(request),
      );
    }
  });

  it('lists every error code a reply can carry', () => {
    const code = (doc.components.schemas as Record<string, { properties: { error: Schema } }>).Error!
      .properties.error.properties?.code as { enum: string[] };
    expect(code.enum).toEqual(expect.arrayContaining(['invalid_input', 'no_solution', 'too_expensive']));
    expect(code.enum).toEqual(expect.arrayContaining(['rate_limited', 'email_taken', 'not_found']));
    expect(new Set(code.enum).size).toBe(code.enum.length);
  });

  it('is a document of its own each time: editing one (as openapi-typescript does) leaves the next intact', () => {
    // Each schema's conversion and each example's run are made once per process and copied into every
    // document (src/http/openapi.ts): a copy shared between documents would carry one caller's edits.
    const text = JSON.stringify(doc);
    const edited = openApiDocument();
    const at = (...keys: string[]) =>
      keys.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], edited) as Record<
        string,
        unknown
      >;
    const tvm = ['paths', '/v1/tvm', 'post'];
    at(...tvm, 'requestBody', 'content', 'application/json', 'schema', 'properties', 'rate').type = 'edited';
    at(...tvm, 'responses', '200', 'content', 'application/json', 'example', 'result').value = 'edited';
    at('components', 'schemas', 'TvmResult').type = 'edited';
    at('components', 'schemas', 'SignupReply').type = 'edited';
    expect(JSON.stringify(openApiDocument())).toBe(text);
    expect(JSON.stringify(edited)).not.toBe(text);
  });

  it("built from parts read back from JSON (the CLI's dist/openapi-parts.json) is the same document", () => {
    // Two definitions of one operation, each with its own schema objects: the parts of the first, through
    // JSON, are taken for the second, whose example then never runs; at another engine version they are not.
    let runs = 0;
    const define = (version: `${number}.${number}.${number}`) =>
      defineOperation({
        path: '/v1/double',
        engine: 'double',
        version,
        prefix: 'dbl',
        summary: 'Doubles x.',
        input: z.strictObject({ x: z.number().check(z.minimum(0)) }),
        output: z.object({ y: z.number() }),
        example: { x: 2 },
        compute: ({ x }) => {
          runs++;
          return { y: 2 * x };
        },
      });
    const made = define('1.0.0');
    const expected = JSON.stringify(buildOpenApiDocument([made], { signup: false }));
    const parts = JSON.parse(JSON.stringify(openApiParts([made])));
    expect(runs).toBe(1);
    const seeded = define('1.0.0');
    seedOpenApiParts([seeded], parts);
    expect(JSON.stringify(buildOpenApiDocument([seeded], { signup: false }))).toBe(expected);
    expect(runs).toBe(1);
    const other = define('1.0.1');
    seedOpenApiParts([other], parts);
    buildOpenApiDocument([other]);
    expect(runs).toBe(2);
    // Every served operation and platform path, through JSON: the document served is the same bytes.
    const all = JSON.parse(JSON.stringify(openApiParts(registry.operations)));
    seedOpenApiParts(registry.operations, all);
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(doc));
  });
});
