// The CORS step: which origins may call, the preflight answer, and the headers of allowed replies.
import { describe, expect, it } from 'vitest';
import { corsPolicy } from '../../../src/http/cors';
import { jsonReply } from '../../../src/http/responses';
import { parts } from './parts';

const SITE = 'https://app.example.com';

describe('corsPolicy', () => {
  it('is off without the option', () => {
    expect(corsPolicy(undefined)).toBeUndefined();
  });

  it('refuses origins that are not origins, and a bad max age', () => {
    expect(() => corsPolicy({ origins: ['https://app.example.com/path'] })).toThrow(TypeError);
    expect(() => corsPolicy({ origins: ['app.example.com'] })).toThrow(TypeError);
    expect(() => corsPolicy({ origins: [SITE], maxAgeSeconds: -1 })).toThrow(RangeError);
    expect(() => corsPolicy({ origins: [SITE], maxAgeSeconds: 1.5 })).toThrow(RangeError);
  });

  it('preflight: 204 with the allowed methods and headers for an allowed origin, 403 for another', () => {
    const policy = corsPolicy({ origins: [SITE], maxAgeSeconds: 60 })!;
    const allowed = policy.preflight(parts({ method: 'OPTIONS', headers: { origin: SITE } }), 'POST');
    expect(allowed).toEqual({
      status: 204,
      headers: {
        allow: 'POST',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'authorization, content-type, x-api-key',
        'access-control-max-age': '60',
      },
      body: '',
    });
    const other = policy.preflight(
      parts({ method: 'OPTIONS', headers: { origin: 'https://evil.example' } }),
      'POST',
    );
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body).error.code).toBe('forbidden_origin');
    // No Origin: not a browser preflight; just what the path allows.
    expect(policy.preflight(parts({ method: 'OPTIONS' }), 'GET, HEAD')).toEqual({
      status: 204,
      headers: { allow: 'GET, HEAD' },
      body: '',
    });
  });

  it('decorate: an allowed origin gets Allow-Origin (and Vary), the rate headers exposed; others nothing', () => {
    const policy = corsPolicy({ origins: [SITE] })!;
    const reply = jsonReply(200, { ok: true }, { 'ratelimit-limit': '60' });
    expect(policy.decorate(parts({ headers: { origin: SITE } }), reply).headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'ratelimit-limit': '60',
      'access-control-allow-origin': SITE,
      'access-control-expose-headers': 'ratelimit-limit, ratelimit-remaining, ratelimit-reset, retry-after',
      vary: 'origin',
    });
    expect(policy.decorate(parts({ headers: { origin: 'https://evil.example' } }), reply)).toBe(reply);
    expect(policy.decorate(parts(), reply)).toBe(reply);
    const any = corsPolicy({ origins: '*' })!;
    const decorated = any.decorate(parts({ headers: { origin: 'https://x.example' } }), reply);
    expect(decorated.headers['access-control-allow-origin']).toBe('*');
    expect(decorated.headers.vary).toBeUndefined();
  });
});
