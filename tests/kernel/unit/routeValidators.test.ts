import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildRouteValidator } from '../../../src/kernel/server/routeValidators.js';

/** The options app.ts gives Fastify's ajv. */
const AJV = { customOptions: { allowUnionTypes: true, coerceTypes: true } };

/** An app with one route validating `schema` as its query string, as buildApp makes them. */
async function appWith(schema: object) {
  const app = Fastify({ ajv: AJV, schemaController: { compilersFactory: { buildValidator: buildRouteValidator } } });
  app.get('/items', { schema: { querystring: schema } }, async (request) => request.query);
  await app.ready();
  return app;
}

const pageSchema = () => ({ type: 'object', properties: { currentPage: { type: 'integer', minimum: 1 } } });

describe('route validators compiled once per process', () => {
  it('gives every app the same compiled function for a schema of the same text, and a new one for another text', () => {
    const compile = (buildRouteValidator as unknown as (external: object, options: object) => (route: object) => unknown)({}, AJV);
    const again = (buildRouteValidator as unknown as (external: object, options: object) => (route: object) => unknown)({}, AJV);
    const first = compile({ schema: pageSchema(), method: 'GET', url: '/a', httpPart: 'querystring' });
    expect(again({ schema: pageSchema(), method: 'GET', url: '/b', httpPart: 'querystring' })).toBe(first);
    expect(compile({ schema: { ...pageSchema(), required: ['currentPage'] }, method: 'GET', url: '/a', httpPart: 'querystring' })).not.toBe(first);
  });

  it('still validates and coerces in each of two apps sharing the function', async () => {
    const [one, two] = await Promise.all([appWith(pageSchema()), appWith(pageSchema())]);
    for (const app of [one, two]) {
      expect((await app.inject({ url: '/items?currentPage=2' })).json()).toEqual({ currentPage: 2 });
      expect((await app.inject({ url: '/items?currentPage=0' })).statusCode).toBe(400);
    }
    await Promise.all([one.close(), two.close()]);
  });
});
