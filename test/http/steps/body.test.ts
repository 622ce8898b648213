// Reading a body: content type (415), size (413), and JSON (400 quoting the parser).
import { describe, expect, it } from 'vitest';
import { invalidJson, isJsonContentType, readJson, readText } from '../../../src/http/body';
import type { Reply } from '../../../src/http/responses';
import { JSON_HEADERS, parts } from './parts';

const RATE = { 'ratelimit-limit': '60' };

describe('body', () => {
  it('JSON content types', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/problem+json',
    ])
      expect(isJsonContentType(type)).toBe(true);
    for (const type of [
      undefined,
      '',
      'text/plain',
      'application/jsonx',
      'application/x-www-form-urlencoded',
    ])
      expect(isJsonContentType(type)).toBe(false);
  });

  it('415 before reading a body that is not JSON; 413 by Content-Length or by what arrives', async () => {
    const text = parts({ headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(((await readText(text, 100, RATE)) as Reply).status).toBe(415);
    expect(text.reads).toBe(0);
    const declared = parts({ headers: { ...JSON_HEADERS, 'content-length': '101' }, body: '{}' });
    const refused = (await readText(declared, 100, RATE)) as Reply;
    expect(refused.status).toBe(413);
    expect(refused.headers).toMatchObject({ ...RATE, connection: 'close' });
    expect(declared.reads).toBe(0);
    expect(
      ((await readText(parts({ headers: JSON_HEADERS, body: 'x'.repeat(101) }), 100, RATE)) as Reply).status,
    ).toBe(413);
    expect(await readText(parts({ headers: JSON_HEADERS, body: '{"a":1}' }), 100, RATE)).toBe('{"a":1}');
  });

  it('JSON, or the 400 quoting the parser with the headers given', async () => {
    expect(await readJson(parts({ headers: JSON_HEADERS, body: '{"a":[1]}' }), 100, RATE)).toEqual({
      json: { a: [1] },
    });
    const bad = (await readJson(parts({ headers: JSON_HEADERS, body: '{"a":' }), 100, RATE)) as Reply;
    let message = '';
    try {
      JSON.parse('{"a":');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(bad).toEqual(invalidJson(new SyntaxError(message), RATE));
    expect(bad.status).toBe(400);
    expect(bad.headers['ratelimit-limit']).toBe('60');
    expect(JSON.parse(bad.body).error).toEqual({
      code: 'invalid_json',
      message: `the request body is not valid JSON: ${message}`,
    });
  });
});
