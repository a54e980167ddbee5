import { describe, expect, it } from 'vitest';
import { buildApp, serverModules } from '../../../src/app/server/labcode.js';
import { readConfig } from '../../../src/kernel/server/config.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * A JNPF web client built with an absolute API address runs on an origin of its own: the origins CORS_ORIGINS
 * lists may call the API from a browser, no other may, and without the setting no origin may.
 */
describe.each(testDatabases())('calls from web clients of other origins on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const client = 'http://jnpf-web.example:8080';

  const appWith = (corsOrigins: string[]) =>
    buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent', corsOrigins }, database: suite.database, logger: false, modules: serverModules });

  it('answers a listed origin\'s preflight before any sign-in, and its calls with the origin allowed', async () => {
    const app = await appWith([client, 'https://lab.example.org']);
    try {
      // The preflight a browser sends before JNPF's list call with its headers.
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/permission/Users?keyword=&currentPage=1&pageSize=20',
        headers: { origin: client, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,content-type,jnpf-origin' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(client);
      expect(String(preflight.headers['access-control-allow-headers'])).toBe('authorization,content-type,jnpf-origin');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('DELETE');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const list = await app.inject({ method: 'GET', url: '/api/permission/Users?keyword=&currentPage=1&pageSize=20', headers: { origin: client, authorization: suite.admin } });
      expect(list.json()).toMatchObject({ code: 200, data: { pagination: { currentPage: 1 } } });
      expect(list.headers['access-control-allow-origin']).toBe(client);
      expect(list.headers['access-control-expose-headers']).toBe('Content-Disposition');
      // Its <img> of an avatar or a file may show across origins.
      expect(list.headers['cross-origin-resource-policy']).toBe('cross-origin');

      // Another origin gets no allowance: its browser keeps the answer from it.
      const stranger = await app.inject({ method: 'GET', url: '/api/permission/Users', headers: { origin: 'https://evil.example', authorization: suite.admin } });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      const strangerPreflight = await app.inject({ method: 'OPTIONS', url: '/api/permission/Users', headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } });
      expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('allows no other origin by default, and refuses a setting that is not a list of origins', async () => {
    const app = await appWith([]);
    try {
      const list = await app.inject({ method: 'GET', url: '/api/permission/Users', headers: { origin: client, authorization: suite.admin } });
      expect(list.json().code).toBe(200);
      expect(list.headers['access-control-allow-origin']).toBeUndefined();
      expect(list.headers['cross-origin-resource-policy']).toBe('same-origin');
      const preflight = await app.inject({ method: 'OPTIONS', url: '/api/permission/Users', headers: { origin: client, 'access-control-request-method': 'GET' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
    expect(readConfig({ CORS_ORIGINS: ` ${client}, https://lab.example.org ` }).corsOrigins).toEqual([client, 'https://lab.example.org']);
    expect(readConfig({}).corsOrigins).toEqual([]);
    for (const wrong of ['*', 'https://*.example.org', 'lab.example.org', 'https://lab.example.org/', 'https://lab.example.org/jnpf', 'ftp://lab.example.org']) {
      expect(() => readConfig({ CORS_ORIGINS: wrong })).toThrow(/CORS_ORIGINS must list origins/);
    }
  });
});
