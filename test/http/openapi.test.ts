import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/index';
import { registry } from '../../src/operations';

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

  it('states the cost bound and token charge of every simulating operation, and only of those', () => {
    for (const operation of registry.operations) {
      const post = (doc.paths as Record<string, { post: Record<string, unknown> }>)[operation.path]!.post;
      if (operation.stochastic) {
        expect(post['x-finplan-max-path-steps'], operation.path).toBe(12_000_000);
        expect(post['description'], operation.path).toContain('at most 12,000,000 path-steps');
        expect(post['description'], operation.path).toContain('1 per 1,000,000 path-steps');
      } else {
        expect(post['x-finplan-max-path-steps'], operation.path).toBeUndefined();
      }
    }
    expect(registry.operations.some((operation) => operation.stochastic)).toBe(true);
  });

  it('describes every registered operation with request and envelope schemas', () => {
    const paths = doc.paths as Record<string, { post?: unknown }>;
    const schemas = doc.components.schemas as Record<string, Schema>;
    for (const operation of registry.operations) {
      expect(paths[operation.path]?.post, operation.path).toBeDefined();
      const name = operation.id
        .split(/[^a-zA-Z0-9]+/)
        .map((part) => part[0]?.toUpperCase() + part.slice(1))
        .join('');
      expect(schemas[`${name}Request`], operation.path).toBeDefined();
      expect(schemas[`${name}Result`], operation.path).toBeDefined();
      expect(schemas[`${name}Envelope`]?.properties?.result_id, operation.path).toBeDefined();
    }
  });

  it('documents every top-level request field', () => {
    const schemas = doc.components.schemas as Record<string, Schema>;
    for (const [name, schema] of Object.entries(schemas)) {
      if (!name.endsWith('Request')) continue;
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        expect(property.description, `${name}.${field} has no description`).toBeTruthy();
      }
    }
  });
});
