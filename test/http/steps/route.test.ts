// The routing step: which endpoint a path names under the mount path, and the method it takes.
import { describe, expect, it } from 'vitest';
import { PLATFORM_PATHS } from '../../../src/http/platform';
import type { Reply } from '../../../src/http/responses';
import { createRouter, isBasePath, mountedServers, type Route, wrongMethod } from '../../../src/http/route';
import { servedRegistry as registry } from '../../../src/served-operations';

const platformPaths = new Set<string>(PLATFORM_PATHS);
const errorOf = (reply: Route | Reply) => ('status' in reply ? JSON.parse(reply.body).error : undefined);

describe('createRouter', () => {
  const route = createRouter({ registry, platformPaths, basePath: '' });

  it('routes operations, platform paths and probes', () => {
    const tvm = route('/v1/tvm');
    expect(tvm).toMatchObject({ kind: 'operation', allow: 'POST' });
    expect('operation' in tvm && tvm.operation).toBe(registry.get('/v1/tvm'));
    expect(route('/v1/keys/list')).toEqual({ kind: 'platform', path: '/v1/keys/list', allow: 'POST' });
    expect(route('/healthz')).toEqual({ kind: 'probe', path: '/healthz', allow: 'GET, HEAD' });
    expect(route('/openapi.json')).toEqual({ kind: 'probe', path: '/openapi.json', allow: 'GET, HEAD' });
  });

  it('answers 404 naming the path as sent, for anything else (no decoding, no normalising)', () => {
    for (const path of ['/v1/nope', '/v1/tvm/', '//v1/tvm', '/v1/%74vm', '/v1/x/../tvm']) {
      const reply = route(path);
      expect('status' in reply && reply.status).toBe(404);
      expect(errorOf(reply)).toEqual({ code: 'not_found', message: `no operation at ${path}` });
    }
  });

  it('serves signup only when the platform paths include it', () => {
    const without = createRouter({
      registry,
      platformPaths: new Set(PLATFORM_PATHS.filter((path) => path !== '/v1/signup')),
      basePath: '',
    });
    expect(route('/v1/signup')).toMatchObject({ kind: 'platform' });
    expect(without('/v1/signup')).toMatchObject({ status: 404 });
  });

  it('under a basePath, serves only what is under it', () => {
    const mounted = createRouter({ registry, platformPaths, basePath: '/api/finplan' });
    expect(mounted('/api/finplan/v1/tvm')).toMatchObject({ kind: 'operation' });
    expect(mounted('/api/finplan/healthz')).toMatchObject({ kind: 'probe', path: '/healthz' });
    for (const path of ['/v1/tvm', '/api/finplanv1/tvm', '/api/finplan', '/api/v1/tvm'])
      expect(mounted(path)).toMatchObject({ status: 404 });
  });

  it('refuses a basePath that is not one', () => {
    for (const bad of ['api', '/api/', '/a b', '/api/../x', '/.'])
      expect(() => createRouter({ registry, platformPaths, basePath: bad })).toThrow(RangeError);
    expect(isBasePath('/api/finplan')).toBe(true);
  });
});

describe('wrongMethod', () => {
  const route = createRouter({ registry, platformPaths, basePath: '' });
  const tvm = route('/v1/tvm') as Route;
  const health = route('/healthz') as Route;

  it('operations take POST; probes GET and HEAD', () => {
    expect(wrongMethod(tvm, 'POST', '/v1/tvm')).toBeUndefined();
    expect(wrongMethod(health, 'GET', '/healthz')).toBeUndefined();
    expect(wrongMethod(health, 'HEAD', '/healthz')).toBeUndefined();
  });

  it('405 with Allow, saying which method to use', () => {
    const get = wrongMethod(tvm, 'GET', '/v1/tvm');
    expect(get?.status).toBe(405);
    expect(get?.headers.allow).toBe('POST');
    expect(JSON.parse(get?.body ?? '').error.message).toBe('GET is not allowed on /v1/tvm; use POST');
    const post = wrongMethod(health, 'POST', '/healthz');
    expect(post?.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post?.body ?? '').error.message).toBe('POST is not allowed on /healthz; use GET');
  });
});

describe('mountedServers', () => {
  it('appends the mount path to each server URL that lacks it', () => {
    expect(mountedServers(undefined, '')).toBeUndefined();
    expect(mountedServers([{ url: 'https://x.example' }], '')).toEqual([{ url: 'https://x.example' }]);
    expect(mountedServers(undefined, '/api')).toEqual([{ url: '/api' }]);
    expect(
      mountedServers(
        [{ url: 'https://x.example/', description: 'prod' }, { url: 'https://y.example/api' }],
        '/api',
      ),
    ).toEqual([{ url: 'https://x.example/api', description: 'prod' }, { url: 'https://y.example/api' }]);
  });
});
